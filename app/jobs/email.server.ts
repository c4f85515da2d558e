import { getDb, type Db } from '~/db/client.server'
import type { Email, EmailJob } from './payloads'
import { enqueueJob } from './queue.server'

// Email is the first kind of the job queue; its delivery (the transport) is
// app/services/email.server.ts.

type Executor = Pick<Db, 'insert'>

/**
 * Queues an email. Pass the transaction that writes the record causing the email,
 * so both land together or neither does. The job worker delivers it. `leadIds`: the captures whose
 * details it holds (a lead digest), so that erasing one of them deletes it; `digestFor`: the member
 * a lead digest goes to.
 */
export async function enqueueEmail(email: Email, tx: Executor = getDb(), about: { leadIds?: string[]; digestFor?: string } = {}) {
  return (await enqueueJob('email', emailJobPayload(email, { digestFor: about.digestFor }), { tx, leadIds: about.leadIds }))!
}

/**
 * What an `email` job carries (also written directly by the single-statement sign-up).
 * `confirmationOf`: the session whose sign-up this confirms, for the limits checked at sending;
 * `digestFor`: the member (users.id) a lead digest goes to.
 */
export function emailJobPayload(email: Email, about: { confirmationOf?: string; digestFor?: string } = {}): EmailJob {
  const payload: EmailJob = { to: email.to, subject: email.subject, html: email.html, text: email.text }
  if (email.replyTo) payload.replyTo = email.replyTo
  if (about.confirmationOf) payload.confirmation = { sessionId: about.confirmationOf }
  if (about.digestFor) payload.digest = { userId: about.digestFor }
  return payload
}
