import { randomBytes } from 'node:crypto'
import { signedCookie } from '~/platform/signed-cookie.server'
import { sha256Hex } from '~/platform/lead-tokens.server'

// One answer per browser per session (issue 33 Deliver 1), counted without a cookie banner: a
// strictly necessary first-party cookie holding a random id, set only when the attendee gives
// feedback, serving only that (ePrivacy art. 5(3); listed in app/content/legal-trust-cookies.ts).
// The database keeps a hash of the id and the session, never the id, so no two sessions' answers
// can be linked by it.

export const FEEDBACK_COOKIE = 'lectern_feedback'
/** How long the browser keeps it after the last feedback given: every window and edit time fits in it. */
export const FEEDBACK_COOKIE_DAYS = 30
const ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/

const cookie = signedCookie(FEEDBACK_COOKIE, { path: '/t', maxAgeMs: FEEDBACK_COOKIE_DAYS * 24 * 60 * 60 * 1000 })

/** The browser's id from its cookie, or null when it has none (or a tampered one). */
export async function readBrowserId(request: Request): Promise<string | null> {
  const value: unknown = await cookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && ID_PATTERN.test(value) ? value : null
}

export function newBrowserId() {
  return randomBytes(18).toString('base64url')
}

/** The Set-Cookie header that keeps (and renews) the id. */
export async function browserIdCookie(id: string) {
  return cookie().serialize(id)
}

/** What is stored: the id's hash for this session only. */
export function browserKeyHash(sessionId: string, browserId: string) {
  return sha256Hex(`${sessionId}:${browserId}`)
}
