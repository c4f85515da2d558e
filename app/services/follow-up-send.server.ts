import { getConfig, type Config } from '~/config.server'
import type { JobRow } from '~/jobs/queue.server'
import { fillRecipient } from '~/lib/follow-up-merge'
import { addressOf, buildMessage, fromHeader, prepareBody, type FollowUpMessage } from '~/lib/follow-up-message'
import {
  completeBatch,
  dueFollowUps,
  holdSendsFor,
  loadBatch,
  reserveSendSlot,
  startFollowUp,
  storeTokenHashes,
  type BatchRecipient,
} from '~/models/follow-up-sending.server'
import type { FollowUp } from '~/models/follow-ups.server'
import { verifiedSendingAddress } from '~/models/sending-domains.server'
import { getSendingPause } from '~/models/sending-pauses.server'
import { followUpToken, followUpTokenHash } from '~/platform/follow-up-tokens.server'

// The provider side of sending a follow-up (issue 32 Deliver 3, 8; docs/follow-up.md "Sending"):
// one `follow_up.batch` job = one Resend batch call of ≤ 100 messages with an Idempotency-Key fixed
// by (follow-up, batch), paced by the server-wide and per-workspace rate, its outcome written with the
// job's completion in one transaction (completeBatch). Without RESEND_API_KEY the messages go to the
// dev mailbox with their headers.

/** Attempts of one batch job before its batch is given up as failed (the follow-up then ends partly sent). */
export const FOLLOW_UP_BATCH_MAX_ATTEMPTS = 8
/** Calls within one attempt: 429s and transient failures are retried at once with the same key. */
const CALLS_PER_ATTEMPT = 4
/** A Retry-After longer than this ends the attempt; the job's backoff takes over. */
const MAX_RETRY_AFTER_MS = 60_000

export type BatchCallResult =
  { ok: true; ids: string[] } | { ok: false; status: number | null; message: string; retryAfterMs: number | null }

export type BatchTransport = {
  name: string
  /** Null: no provider (the dev mailbox). */
  sendBatch: ((messages: FollowUpMessage[], idempotencyKey: string) => Promise<BatchCallResult>) | null
}

export function createBatchTransport(config: Config = getConfig()): BatchTransport {
  if (!config.RESEND_API_KEY) return { name: 'dev-mailbox', sendBatch: null }
  const apiKey = config.RESEND_API_KEY
  return {
    name: 'resend',
    async sendBatch(messages, idempotencyKey) {
      const { Resend } = await import('resend')
      const resend = new Resend(apiKey, config.RESEND_BASE_URL ? { baseUrl: config.RESEND_BASE_URL } : undefined)
      const { data, error, headers } = await resend.batch.send(
        messages.map((m) => ({
          from: m.from,
          to: [m.to],
          subject: m.subject,
          html: m.html,
          text: m.text,
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          headers: m.headers,
        })),
        { idempotencyKey, signal: AbortSignal.timeout(config.FOLLOW_UP_REQUEST_TIMEOUT_MS) } as never,
      )
      if (error || !data) {
        const status = (error as { statusCode?: number | null } | null)?.statusCode ?? null
        return {
          ok: false,
          status,
          message: `${error?.name ?? 'error'}: ${error?.message ?? 'no answer'}`,
          retryAfterMs: retryAfterMs(headers?.['retry-after']),
        }
      }
      return { ok: true, ids: data.data.map((d) => d.id) }
    },
  }
}

function retryAfterMs(value: string | undefined | null) {
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
}

/** The same key for every attempt of a batch, on every instance, for its whole life. */
export function batchIdempotencyKey(followUpId: string, batch: number) {
  return `follow-up-${followUpId}-batch-${batch}`
}

/** The From header a follow-up starts with: the verified sending domain's address, else MAIL_FROM's. */
export async function senderFrom(followUp: Pick<FollowUp, 'ownerId' | 'fromName'>, config: Config = getConfig()) {
  const own = await verifiedSendingAddress(followUp.ownerId)
  return fromHeader(followUp.fromName, config.BRAND_NAME, own ?? addressOf(config.MAIL_FROM))
}

function messagesFor(followUp: FollowUp, recipients: BatchRecipient[], config: Config) {
  return recipients.map((r) => {
    const token = followUpToken(r.id)
    return {
      recipient: r,
      tokenHash: followUpTokenHash(token),
      message: buildMessage({
        appUrl: config.appUrl,
        brand: config.BRAND_NAME,
        from: followUp.fromHeader ?? fromHeader(followUp.fromName, config.BRAND_NAME, addressOf(config.MAIL_FROM)),
        replyTo: followUp.replyTo,
        to: r.email,
        // The shared merge fields were filled when sending started; the first name is each one's.
        subject: fillRecipient(followUp.subject, r.firstName, { html: false }),
        body: prepareBody(fillRecipient(followUp.bodyHtml, r.firstName, { html: true })),
        token,
        senderName: followUp.fromName || config.BRAND_NAME,
      }),
    }
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The `follow_up.batch` job. Safe to run again at any point: recipients already marked sent are not
 * read again, and a call repeated after a crash between the provider's answer and our commit carries
 * the same key and the same messages, so Resend answers the first call's ids without sending (for
 * 24 hours — a lease expires in a minute, so a retry comes long before).
 */
export async function runFollowUpBatch(
  payload: { followUpId: string; batch: number },
  job: Pick<JobRow, 'id' | 'attempts'>,
  transport: BatchTransport,
  config: Config = getConfig(),
) {
  const loaded = await loadBatch(payload.followUpId, payload.batch)
  if (!loaded || loaded.followUp.status !== 'sending') return { skipped: 'not sending' }
  const { followUp, recipients } = loaded
  // A workspace paused for spam complaints while it was sending (docs/follow-up.md "Deliverability
  // rules") sends no further batch: the rest are left unsent, the follow-up partly sent with the reason.
  const pause = await getSendingPause(followUp.ownerId)
  if (pause) {
    await completeBatch({
      followUpId: followUp.id,
      batch: payload.batch,
      jobId: job.id,
      outcome: { kind: 'failed', reason: pause.reason },
    })
    return { failed: 'paused' }
  }
  const prepared = messagesFor(followUp, recipients, config)
  await storeTokenHashes(
    prepared.filter((p) => p.recipient.tokenHash === null).map((p) => ({ id: p.recipient.id, tokenHash: p.tokenHash })),
  )
  const base = { followUpId: followUp.id, batch: payload.batch, jobId: job.id }
  const sentWith = (ids: (string | null)[]) =>
    prepared.map((p, i) => ({ id: p.recipient.id, contactId: p.recipient.contactId, providerId: ids[i] ?? null }))

  if (!transport.sendBatch) {
    if (prepared.length)
      console.info(`[dev-mailbox] follow-up ${followUp.id} batch ${payload.batch}: ${prepared.length} messages`)
    const sent = await completeBatch({
      ...base,
      outcome: {
        kind: 'sent',
        transport: transport.name,
        providerIds: sentWith([]),
        devMailbox: prepared.map(({ message: m }) => ({
          to: m.to,
          subject: m.subject,
          html: m.html,
          text: m.text,
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          from: m.from,
          headers: m.headers,
        })),
      },
    })
    return { sent, transport: transport.name }
  }
  // Erased people only (nothing left to send): the batch still ends, and with it maybe the follow-up.
  if (prepared.length === 0)
    return { sent: await completeBatch({ ...base, outcome: { kind: 'sent', transport: transport.name, providerIds: [] } }) }

  const key = batchIdempotencyKey(followUp.id, payload.batch)
  const rates = { server: config.FOLLOW_UP_RATE_PER_SECOND, workspace: config.FOLLOW_UP_WORKSPACE_RATE_PER_SECOND }
  let last: Extract<BatchCallResult, { ok: false }> | null = null
  for (let call = 0; call < CALLS_PER_ATTEMPT; call++) {
    const wait = await reserveSendSlot(followUp.ownerId, rates)
    if (wait > 0) await sleep(wait)
    const result = await transport.sendBatch(
      prepared.map((p) => p.message),
      key,
    )
    if (result.ok) {
      const sent = await completeBatch({
        ...base,
        outcome: { kind: 'sent', transport: transport.name, providerIds: sentWith(result.ids) },
      })
      return { sent, transport: transport.name, calls: call + 1 }
    }
    last = result
    if (result.status === 429) {
      const hold = result.retryAfterMs ?? 1000
      await holdSendsFor(hold)
      if (hold > MAX_RETRY_AFTER_MS) break
      continue
    }
    // The key was used before with another body (APP_URL or the secret changed between attempts):
    // Resend sent that batch already. Recorded as sent, without its ids — never sent again.
    if (result.status === 409 && /invalid_idempotent_request/.test(result.message)) {
      const sent = await completeBatch({
        ...base,
        outcome: { kind: 'sent', transport: transport.name, providerIds: sentWith([]) },
      })
      return { sent, transport: transport.name, keyUsedBefore: true }
    }
    // The first call with this key is still being processed: ask again in a moment.
    if (result.status === 409) {
      await sleep(1000)
      continue
    }
    // A refusal of the request itself (4xx other than 429 and 409): sending it again cannot help.
    if (result.status !== null && result.status >= 400 && result.status < 500) {
      await completeBatch({
        ...base,
        outcome: { kind: 'failed', reason: `Batch ${payload.batch + 1} refused by Resend: ${result.message}` },
      })
      return { failed: result.message }
    }
    // 5xx or no answer (timeout, connection): again at once, with the same key.
  }
  if (job.attempts >= FOLLOW_UP_BATCH_MAX_ATTEMPTS) {
    await completeBatch({
      ...base,
      outcome: {
        kind: 'failed',
        reason: `Batch ${payload.batch + 1} not sent after ${job.attempts} attempts: ${last?.message ?? 'unknown'}`,
      },
    })
    return { failed: last?.message ?? 'unknown' }
  }
  throw new Error(`Resend batch ${payload.batch} of follow-up ${followUp.id}: ${last?.message ?? 'unknown'}`)
}

/** `follow_up.start`: a scheduled follow-up's time has come (no-op if it was cancelled, rescheduled or sent). */
export async function runFollowUpStart({ followUpId }: { followUpId: string }) {
  const result = await startFollowUp(followUpId, { actor: null, from: (f) => senderFrom(f), due: new Date() })
  return { result }
}

/** `follow_up.sweep`: any scheduled follow-up past its time whose start job did not run. */
export async function runFollowUpSweep() {
  const ids = await dueFollowUps(new Date())
  let started = 0
  for (const id of ids) {
    if ((await startFollowUp(id, { actor: null, from: (f) => senderFrom(f), due: new Date() })) === 'started') started++
  }
  return { due: ids.length, started }
}
