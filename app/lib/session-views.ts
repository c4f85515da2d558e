// Scans and plain visits of a session page are counted apart (issue 9 Deliver 3). The QR code
// encodes /t/{code}?qr=1. The page is served at that address directly (no redirect: one round trip
// less on venue Wi-Fi) and its script then rewrites the address bar to ?via=qr, so a refresh or a
// back navigation is not counted again. Without JavaScript a refresh of ?qr=1 counts a second scan.

export type SessionViewKind = 'scan' | 'visit'

export const SCAN_PARAM = 'qr'
export const COUNTED_PARAM = 'via'

/** The page's own language links (issue 31) carry ?via=lang: switching language is not another view. */
export const LANGUAGE_SWITCH = 'lang'

/** What a GET of the attendee page counts: a scan, a visit, or nothing (already counted). */
export function viewKindFor(url: URL): SessionViewKind | null {
  if (url.searchParams.get(SCAN_PARAM) === '1') return 'scan'
  const via = url.searchParams.get(COUNTED_PARAM)
  if (via === SCAN_PARAM || via === LANGUAGE_SWITCH) return null
  return 'visit'
}

/** The address the page's script puts in the address bar once a scan has been counted. */
export function countedUrl(pathname: string) {
  return `${pathname}?${COUNTED_PARAM}=${SCAN_PARAM}`
}
