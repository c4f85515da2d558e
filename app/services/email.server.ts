import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { AppLoadContext } from '@remix-run/node'
import { getConfig, type Config } from '~/config.server'
import { getDb } from '~/db/client.server'
import { emailOutbox, jobs } from '~/db/schema/jobs'
import type { Email, EmailJob } from '~/jobs/payloads'
import type { JobRow } from '~/jobs/queue.server'
import { isLoopbackAddress } from '~/lib/ip-ranges'
import { takeConfirmationSlot, type ConfirmationLimits } from '~/models/confirmation-budget.server'
import { confirmationAddressKey } from '~/platform/lead-tokens.server'

// Delivering the `email` jobs queued by app/jobs/email.server.ts; `email_outbox` is a read-only view
// of the email jobs for the dev mailbox.

/**
 * The `email` job: one send through the transport; the result is kept as the delivery record. An
 * attendee's confirmation first takes its slot of the limits (app/models/confirmation-budget.server.ts):
 * over one, nothing is sent, and the job's result and the lead say why.
 */
export async function deliverEmail(
  transport: Transport,
  email: EmailJob,
  job: Pick<JobRow, 'id' | 'leadIds' | 'result'>,
  limits?: ConfirmationLimits,
) {
  const { confirmation, ...message } = email
  let decided: { confirmation: 'send' } | undefined
  if (confirmation) {
    const decision = await takeConfirmationSlot(
      {
        jobId: job.id,
        leadId: job.leadIds?.[0] ?? null,
        sessionId: confirmation.sessionId,
        addressKey: confirmationAddressKey(message.to),
        limits,
      },
      job.result,
    )
    if (decision !== 'send') return { skipped: decision, confirmation: decision }
    decided = { confirmation: decision }
  }
  const { providerId } = await transport.send({ ...message, id: job.id, from: getConfig().MAIL_FROM })
  return { transport: transport.name, ...(providerId ? { providerId } : {}), ...decided }
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

// Headers a proxy adds: a request carrying one came through a proxy, even when that proxy runs on
// this machine (its socket is then loopback for everyone it forwards).
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']

/**
 * Throws 404 unless the dev mailbox may answer this request. It holds every sign-in link: in
 * development it is open as before; in production (DEV_MAILBOX=true) only to a request from this
 * machine — the socket's peer is loopback (never X-Forwarded-For, which anyone can send) and no proxy
 * forwarded it.
 */
export function requireDevMailbox(request: Request, context: Pick<AppLoadContext, 'remoteAddress'>) {
  const config = getConfig()
  const allowed =
    config.devMailboxEnabled &&
    (!config.isProduction || (isLoopbackAddress(context.remoteAddress) && !FORWARDED.some((h) => request.headers.has(h))))
  if (!allowed) throw new Response('Not Found', { status: 404 })
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

/**
 * One message of the dev mailbox with the headers it went with (issue 32 Deliver 8): From as sent —
 * a follow-up's own ("{name} via …" or its sending domain's), else MAIL_FROM, which the transport
 * adds to every other email — and the extra headers a follow-up carries (List-Unsubscribe,
 * List-Unsubscribe-Post), read from the job's payload.
 */
export async function getDevMailboxMessage(id: string) {
  const db = getDb()
  const [[row], [sent]] = await Promise.all([
    db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1),
    db
      .select({ from: sql<string | null>`${jobs.payload}->>'from'`, headers: sql<unknown>`${jobs.payload}->'headers'` })
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.kind, 'email')))
      .limit(1),
  ])
  if (!row) return null
  const headers =
    sent?.headers && typeof sent.headers === 'object' && !Array.isArray(sent.headers)
      ? Object.entries(sent.headers as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string')
      : []
  return { ...row, from: sent?.from ?? getConfig().MAIL_FROM, headers }
}
