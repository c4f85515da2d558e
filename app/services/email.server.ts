import { and, desc, eq, isNull, or } from 'drizzle-orm'
import { getConfig, type Config } from '~/config.server'
import { getDb, type Db } from '~/db/client.server'
import { emailOutbox } from '~/db/schema'
import { enqueueJob, type JobRow } from './jobs.server'

// Email is the first kind of the job queue (jobs.server.ts); `email_outbox` is a read-only view of
// the email jobs for the dev mailbox.

export type Email = { to: string; subject: string; html: string; text: string; replyTo?: string }
type Executor = Pick<Db, 'insert'>

/**
 * Queues an email. Pass the transaction that writes the record causing the email,
 * so both land together or neither does. The job worker delivers it. `leadIds`: the captures whose
 * details it holds (a lead digest), so that erasing one of them deletes it.
 */
export async function enqueueEmail(email: Email, tx: Executor = getDb(), about: { leadIds?: string[] } = {}) {
  return (await enqueueJob('email', emailJobPayload(email), { tx, leadIds: about.leadIds }))!
}

/** What an `email` job carries (also written directly by the single-statement sign-up). */
export function emailJobPayload(email: Email): Email {
  const payload: Email = { to: email.to, subject: email.subject, html: email.html, text: email.text }
  if (email.replyTo) payload.replyTo = email.replyTo
  return payload
}

/** The `email` job: one send through the transport; the result is kept as the delivery record. */
export async function deliverEmail(transport: Transport, email: Email, job: Pick<JobRow, 'id'>) {
  const { providerId } = await transport.send({ ...email, id: job.id, from: getConfig().MAIL_FROM })
  return providerId ? { transport: transport.name, providerId } : { transport: transport.name }
}

export type Transport = {
  name: string
  send: (email: Email & { id: string; from: string }) => Promise<{ providerId?: string }>
}

export function createTransport(config: Config = getConfig()): Transport {
  if (!config.RESEND_API_KEY) {
    return {
      name: 'dev-mailbox',
      async send(email) {
        // No provider configured: the message stays readable at /dev/mailbox and in the log.
        console.info(`[dev-mailbox] to ${email.to}: ${email.subject}\n${email.text}\n`)
        return {}
      },
    }
  }
  const apiKey = config.RESEND_API_KEY
  return {
    name: 'resend',
    async send(email) {
      const { Resend } = await import('resend')
      const resend = new Resend(apiKey)
      const { data, error } = await resend.emails.send(
        {
          from: email.from,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          replyTo: email.replyTo,
        },
        // The outbox id makes a retry after a lost answer a no-op at the provider.
        { idempotencyKey: `outbox-${email.id}` },
      )
      if (error) throw new Error(`${error.name}: ${error.message}`)
      return { providerId: data?.id }
    },
  }
}

/** The dev mailbox: messages "delivered" without a provider. */
export async function listDevMailbox(limit = 50) {
  return getDb()
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      status: emailOutbox.status,
    })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.transport, 'dev-mailbox'), and(isNull(emailOutbox.transport), eq(emailOutbox.status, 'pending'))))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit)
}

export async function getDevMailboxMessage(id: string) {
  const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1)
  return row ?? null
}
