// Short codes of session pages and what their QR codes encode (ARCHITECTURE decision 13).
//
// A code is 13 characters of Crockford's base32 (lower case, no i, l, o or u): 65 random bits,
// unguessable, URL-safe without escaping, and easy to type from a slide because no two characters
// look alike. What a visitor types is forgiven (upper case, "o" for zero, "i"/"l" for one, hyphens
// and spaces), so a code read off a projector still finds its page.

export const SHORT_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
export const SHORT_CODE_LENGTH = 13
/** Bits of entropy in a code: 13 × 5. */
export const SHORT_CODE_BITS = SHORT_CODE_LENGTH * 5
const SHORT_CODE_PATTERN = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`)

/** Turns random bytes (at least 9 of them) into a code; the caller supplies crypto.randomBytes. */
export function encodeShortCode(bytes: Uint8Array): string {
  if (bytes.length * 8 < SHORT_CODE_BITS) throw new Error(`A short code needs at least ${SHORT_CODE_BITS} random bits`)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && out.length < SHORT_CODE_LENGTH) {
      out += SHORT_CODE_ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
    if (out.length === SHORT_CODE_LENGTH) break
  }
  return out
}

export function isShortCode(value: string): boolean {
  return SHORT_CODE_PATTERN.test(value)
}

/** A typed or pasted code in its canonical form, or null when it cannot be one. */
export function normalizeShortCode(input: string): string | null {
  const code = input
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1')
  return isShortCode(code) ? code : null
}

/** The public page of a session, as printed on slides. */
export function shortUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}/t/${code}`
}

/** Exactly what the QR code encodes: the short URL marked as a scan, so scans and visits count apart. */
export function qrPayload(appUrl: string, code: string): string {
  return `${shortUrl(appUrl, code)}?qr=1`
}

/** The short URL without its scheme, for large type on a slide ("lectern.app/t/…"). */
export function displayShortUrl(appUrl: string, code: string): string {
  return shortUrl(appUrl, code).replace(/^https?:\/\//, '')
}

/** The QR downloads of a session page (/app/sessions/{id}/qr/{format}). */
export const QR_DOWNLOADS = [
  { format: 'svg', label: 'QR code (SVG)' },
  { format: 'png-1024', label: 'QR code (PNG, 1024 px)' },
  { format: 'png-2048', label: 'QR code (PNG, 2048 px)' },
  { format: 'slide', label: 'Slide (1920×1080 PNG)' },
] as const
export type QrFormat = (typeof QR_DOWNLOADS)[number]['format']
export const isQrFormat = (v: unknown): v is QrFormat => QR_DOWNLOADS.some((d) => d.format === v)
