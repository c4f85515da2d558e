import { createHmac } from 'node:crypto'
import { getSessionSecret } from '~/config.server'
import { sha256Hex } from './lead-tokens.server'

// The per-recipient token of a follow-up's unsubscribe and click links (issue 32 Deliver 4 and 5):
// an HMAC-SHA-256 of the recipient row's id under a key derived from the server secret — 256 bits no
// one can guess without that key (the shape of Ghost's createUnsubscribeUrl). It is never stored: the
// row keeps its SHA-256, which the unsubscribe and click routes look up. Being derived, a batch
// retried after a crash rebuilds exactly the message it sent before, so the Idempotency-Key's
// promise (same key, same request) holds and the links of the first message keep working.

function key() {
  return createHmac('sha256', getSessionSecret()).update('lectern:follow-up-recipient').digest()
}

export function followUpToken(recipientId: string) {
  return createHmac('sha256', key()).update(recipientId).digest('base64url')
}

/** What a recipient row stores and the routes look a token up by. */
export function followUpTokenHash(token: string) {
  return sha256Hex(token)
}
