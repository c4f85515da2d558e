import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { getSessionSecret } from '~/config.server'

// Secrets around a lead: the server-issued submission id carried by the attendee form, the erasure
// token of the confirmation email (stored only as its SHA-256), and the keyed email hash an erasure
// record keeps instead of the address.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function key(purpose: string) {
  return createHmac('sha256', getSessionSecret()).update(`lectern:${purpose}`).digest()
}

let submissionKey: Buffer | undefined
let submissionKeySecret: string | undefined
function signSubmission(sessionId: string, id: string) {
  // The key is derived once per secret: signing sits on the hot path of every page view and POST.
  const secret = getSessionSecret()
  if (submissionKeySecret !== secret) {
    submissionKey = key('lead-submission')
    submissionKeySecret = secret
  }
  return createHmac('sha256', submissionKey!).update(`${sessionId}:${id}`).digest('base64url').slice(0, 22)
}

/** A fresh submission id for one form on one session: `{uuid}.{signature}`. */
export function issueSubmissionToken(sessionId: string, id: string = randomUUID()) {
  return `${id}.${signSubmission(sessionId, id)}`
}

/** The submission id a form carried, or null when it was not issued by us for this session. */
export function readSubmissionToken(sessionId: string, token: string | null | undefined): string | null {
  if (!token || token.length > 80) return null
  const [id, signature, extra] = token.split('.')
  if (!id || !signature || extra !== undefined || !UUID.test(id)) return null
  const expected = Buffer.from(signSubmission(sessionId, id))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex')

/** A new erasure token (256 bits) and the hash that is stored. */
export function newEraseToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: sha256Hex(token) }
}

export function isEraseTokenShape(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token)
}

/** Keyed hash of an erased address: proves a later request concerns the same email without storing it. */
export function erasureEmailHash(email: string) {
  return createHmac('sha256', key('lead-erasure')).update(email.trim().toLowerCase()).digest('hex')
}

/** The key an attendee address's confirmations are counted under (no address in the budget table). */
export function confirmationAddressKey(email: string) {
  return createHmac('sha256', key('confirmation-budget')).update(email.trim().toLowerCase()).digest('base64url')
}
