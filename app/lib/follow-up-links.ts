// The links inside a follow-up (issue 32 Deliver 4 and 5; docs/follow-up.md "Unsubscribes" and
// "Clicks"): /u/{token} (unsubscribe) and /c/{token}/{n} (the body's nth link, counted). The token is
// the recipient's alone (≥128 random bits, stored as its SHA-256): it is the whole authority of both.

/** A token as the sender makes them (base64url); anything else is answered 404 without a query. */
export function isRecipientTokenShape(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(token)
}

/** The link's place in the follow-up's stored links (0, 1, 2…), or null for anything else. */
export function linkIndex(n: unknown): number | null {
  if (typeof n !== 'string' || !/^(0|[1-9][0-9]{0,3})$/.test(n)) return null
  return Number(n)
}

/**
 * Where a click may go: only a stored link of that follow-up, and only an http(s) address — never a
 * URL taken from the request (no open redirect), never a javascript: or data: one.
 */
export function clickTarget(links: readonly string[], index: number): string | null {
  const link = links[index]
  if (!link) return null
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** RFC 8058's one-click body; the confirmation page's button posts the same. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe'
export const ONE_CLICK_VALUE = 'One-Click'

/** Points a click adds to the person's score (app/lib/lead-score.ts), per follow-up clicked, up to a few. */
export const FOLLOW_UP_CLICK_POINTS = 2
export const FOLLOW_UP_CLICKS_COUNTED = 3
