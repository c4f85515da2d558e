import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, resetConfig, type Config } from '~/config.server'
import { getDb } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { jobs } from '~/db/schema/jobs'
import { auditEvents } from '~/db/schema/workspaces'
import { sendFollowUpNow } from '~/models/follow-up-sending.server'
import { followUpStats } from '~/models/follow-ups.server'
import { followUpTokenHash } from '~/platform/follow-up-tokens.server'
import { createBatchTransport, runFollowUpBatch, senderFrom, type BatchTransport } from '~/services/follow-up-send.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { loader as devMessageLoader } from '~/routes/dev.mailbox_.$id'
import { startFakeResend, type FakeResend } from '../fakes/resend'
import { drainUntilFinished, sendingFixture } from './follow-up-utils'
import { call, makeRequest } from './utils'

// Issue 32 Deliver 3, 4, 8 and 10: sending a follow-up through the job queue — the dev mailbox
// without Resend, and the real resend SDK against the fake at its HTTP boundary (batch call,
// Idempotency-Key, 429 with Retry-After, 5xx, timeouts, a crash between the provider's answer and
// our commit). Every recipient gets exactly one message.

const base = getConfig()
let fake: FakeResend
let worker: JobWorker | undefined

beforeAll(async () => {
  fake = await startFakeResend()
})
afterAll(async () => {
  resetConfig(base)
  await fake.close()
})
afterEach(async () => {
  await worker?.stop()
  worker = undefined
  resetConfig(base)
  await fetch(`${fake.url}/__fake/reset`, { method: 'POST' })
})

function withResend(overrides: Partial<Config> = {}) {
  const config: Config = {
    ...base,
    RESEND_API_KEY: 're_test_follow_up',
    RESEND_BASE_URL: fake.url,
    FOLLOW_UP_RATE_PER_SECOND: 50,
    FOLLOW_UP_WORKSPACE_RATE_PER_SECOND: 50,
    ...overrides,
  }
  resetConfig(config)
  return config
}

function startWorker(batchTransport: BatchTransport) {
  worker = new JobWorker({ registry: createJobRegistry({ batchTransport }), pollMs: 50, baseDelayMs: 20, maxDelayMs: 200 })
  return worker
}

async function send(fx: Awaited<ReturnType<typeof sendingFixture>>) {
  expect(await sendFollowUpNow(fx.scope, fx.followUp.id, fx.actor, (f) => senderFrom(f))).toBe('started')
}

async function recipientsOf(followUpId: string) {
  return getDb().select().from(followUpRecipients).where(eq(followUpRecipients.followUpId, followUpId))
}

/** Each address the fake delivered to, with how many messages it got. */
function deliveriesByAddress() {
  const counts = new Map<string, number>()
  for (const e of fake.emails) for (const to of e.to) counts.set(to, (counts.get(to) ?? 0) + 1)
  return counts
}

describe('sending a follow-up through Resend', () => {
  it('freezes the consenting people, sends batches of at most 100 with one key each, and counts', async () => {
    const config = withResend()
    const fx = await sendingFixture(230, { consenting: 210 })
    await send(fx)
    const started = await getDb().select().from(followUps).where(eq(followUps.id, fx.followUp.id))
    expect(started[0]).toMatchObject({ status: 'sending', recipientCount: 210, batchCount: 3 })
    expect(started[0]!.fromHeader).toBe('"Ada Lovelace via Lectern" <hello@lectern.local>')
    // Sending started: it can no longer be started again.
    expect(await sendFollowUpNow(fx.scope, fx.followUp.id, fx.actor, (f) => senderFrom(f))).toBe('not-editable')

    const done = await drainUntilFinished(startWorker(createBatchTransport(config)), fx.followUp.id)
    expect(done).toMatchObject({ status: 'sent', sentCount: 210 })
    expect(fake.batchCalls.map((c) => c.size).sort()).toEqual([10, 100, 100])
    expect(new Set(fake.batchCalls.map((c) => c.idempotencyKey)).size).toBe(3)
    const counts = deliveriesByAddress()
    expect(counts.size).toBe(210)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)

    const rows = await recipientsOf(fx.followUp.id)
    expect(rows.every((r) => r.status === 'sent' && r.providerMessageId && r.tokenHash)).toBe(true)
    expect(new Set(rows.map((r) => r.providerMessageId)).size).toBe(210)
    // One message: From, Reply-To, the RFC 8058 headers with this recipient's token, links rewritten.
    const one = fake.emails[0]!
    const row = rows.find((r) => r.email === one.to[0])!
    const token = /\/u\/([A-Za-z0-9_-]+)>/.exec(one.headers!['List-Unsubscribe']!)![1]!
    expect(followUpTokenHash(token)).toBe(row.tokenHash)
    expect(token.length).toBeGreaterThanOrEqual(43)
    expect(one).toMatchObject({ from: '"Ada Lovelace via Lectern" <hello@lectern.local>', reply_to: ['ada@speakers.example'] })
    expect(one.headers).toEqual({
      'List-Unsubscribe': `<${config.appUrl}/u/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(one.html).toContain(`href="${config.appUrl}/c/${token}/0"`)
    expect(one.html).not.toContain('ada.example/slides.pdf')
    expect(one.html).toContain(`href="${config.appUrl}/u/${token}">Unsubscribe</a>`)
    expect(one.text).toContain(`Unsubscribe: ${config.appUrl}/u/${token}`)
    expect(done.links).toEqual(['https://ada.example/slides.pdf?x=1&y=2'])

    expect(await followUpStats(fx.scope, fx.followUp.id)).toMatchObject({ recipients: 210, sent: 210, delivered: 0 })
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, fx.owner.id), eq(auditEvents.kind, 'follow_up.sent')))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.data).toEqual({ recipients: 210 })
  })

  it('waits Retry-After on a 429 and retries 5xx with the same key: one message each', async () => {
    const config = withResend()
    const fx = await sendingFixture(120)
    fake.failNext(1, 429, 1)
    await send(fx)
    const began = Date.now()
    await drainUntilFinished(startWorker(createBatchTransport(config)), fx.followUp.id)
    expect(fake.batchCalls[0]!.status).toBe(429)
    // Nothing went to Resend before Retry-After (1 s) had passed.
    expect(fake.batchCalls[1]!.at - fake.batchCalls[0]!.at).toBeGreaterThanOrEqual(950)
    expect(Date.now() - began).toBeGreaterThanOrEqual(950)
    expect([...deliveriesByAddress().values()].every((n) => n === 1)).toBe(true)
    expect(deliveriesByAddress().size).toBe(120)

    await fetch(`${fake.url}/__fake/reset`, { method: 'POST' })
    const again = await sendingFixture(50)
    fake.failNext(2, 503)
    await send(again)
    await drainUntilFinished(worker!, again.followUp.id)
    expect(fake.batchCalls.map((c) => c.status)).toEqual([503, 503, 200])
    expect(new Set(fake.batchCalls.map((c) => c.idempotencyKey)).size).toBe(1)
    expect(fake.emails).toHaveLength(50)
  })

  it('never sends twice when an answer is lost: a timeout, or a crash before the commit', async () => {
    const config = withResend({ FOLLOW_UP_REQUEST_TIMEOUT_MS: 300 })
    const fx = await sendingFixture(40)
    // Resend takes the batch but answers after the client gave up: the retry carries the same key.
    fake.delayNext(1, 1500)
    await send(fx)
    await drainUntilFinished(startWorker(createBatchTransport(config)), fx.followUp.id)
    expect(fake.batchCalls.map((c) => c.replayed)).toEqual([false, true])
    expect(fake.emails).toHaveLength(40)

    // The process dies after Resend answered and before the batch's transaction: the job runs again.
    await fetch(`${fake.url}/__fake/reset`, { method: 'POST' })
    const crash = await sendingFixture(30)
    await send(crash)
    const real = createBatchTransport(config)
    const dying: BatchTransport = {
      name: real.name,
      async sendBatch(messages, key) {
        await real.sendBatch!(messages, key)
        throw new Error('killed before the commit')
      },
    }
    const [job] = await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'follow_up.batch'), sql`${jobs.payload}->>'followUpId' = ${crash.followUp.id}`))
    await expect(
      runFollowUpBatch({ followUpId: crash.followUp.id, batch: 0 }, { id: job!.id, attempts: 1 }, dying, config),
    ).rejects.toThrow('killed before the commit')
    expect((await recipientsOf(crash.followUp.id)).every((r) => r.status === 'queued')).toBe(true)
    expect(fake.emails).toHaveLength(30)
    await runFollowUpBatch({ followUpId: crash.followUp.id, batch: 0 }, { id: job!.id, attempts: 2 }, real, config)
    expect(fake.batchCalls.map((c) => c.replayed)).toEqual([false, true])
    expect(fake.emails).toHaveLength(30)
    const rows = await recipientsOf(crash.followUp.id)
    expect(rows.every((r) => r.status === 'sent')).toBe(true)
    // The ids recorded are those of the messages Resend delivered the first time.
    expect(new Set(rows.map((r) => r.providerMessageId))).toEqual(new Set(fake.emails.map((e) => e.id)))
    // And a third run (the worker's completion lost too) sends nothing at all.
    await runFollowUpBatch({ followUpId: crash.followUp.id, batch: 0 }, { id: job!.id, attempts: 3 }, real, config)
    expect(fake.batchCalls).toHaveLength(2)
  })

  it('records a batch whose key Resend already used with another body as sent, never sending it again', async () => {
    const config = withResend()
    const fx = await sendingFixture(20)
    await send(fx)
    const [job] = await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'follow_up.batch'), sql`${jobs.payload}->>'followUpId' = ${fx.followUp.id}`))
    // The first attempt ran under another APP_URL (its links differ) and died before the commit.
    const real = createBatchTransport(config)
    await expect(
      runFollowUpBatch(
        { followUpId: fx.followUp.id, batch: 0 },
        { id: job!.id, attempts: 1 },
        { name: real.name, sendBatch: async (m, key) => (await real.sendBatch!(m, key), Promise.reject(new Error('killed'))) },
        { ...config, appUrl: 'https://old.example' },
      ),
    ).rejects.toThrow('killed')
    expect(fake.emails).toHaveLength(20)
    const result = await runFollowUpBatch({ followUpId: fx.followUp.id, batch: 0 }, { id: job!.id, attempts: 2 }, real, config)
    expect(result).toMatchObject({ sent: 20, keyUsedBefore: true })
    expect(fake.batchCalls.map((c) => c.status)).toEqual([200, 409])
    expect(fake.emails).toHaveLength(20)
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, fx.followUp.id))
    expect(row).toMatchObject({ status: 'sent', sentCount: 20 })
  })

  it('keeps the server-wide pace between calls', async () => {
    const config = withResend({ FOLLOW_UP_RATE_PER_SECOND: 4, FOLLOW_UP_WORKSPACE_RATE_PER_SECOND: 50 })
    const fx = await sendingFixture(301)
    await send(fx)
    await drainUntilFinished(startWorker(createBatchTransport(config)), fx.followUp.id)
    const at = fake.batchCalls.map((c) => c.at)
    expect(at).toHaveLength(4)
    // 4 a second: the calls start 250 ms apart (their arrival jitters by a request's latency).
    expect(at[3]! - at[0]!).toBeGreaterThanOrEqual(3 * 250 - 60)
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(150)
  })

  it('ends partly sent, with the reason, when Resend refuses a batch', async () => {
    const config = withResend()
    const fx = await sendingFixture(150)
    fake.failNext(1, 422)
    await send(fx)
    const done = await drainUntilFinished(startWorker(createBatchTransport(config)), fx.followUp.id)
    expect(done.status).toBe('partly_sent')
    expect(done.statusReason).toMatch(/^Batch \d refused by Resend: /)
    const rows = await recipientsOf(fx.followUp.id)
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(done.sentCount === 50 ? 100 : 50)
    expect(fake.emails).toHaveLength(done.sentCount)
  })
})

describe('sending a follow-up without Resend', () => {
  it('puts every message in the dev mailbox with its headers', async () => {
    const fx = await sendingFixture(3)
    await send(fx)
    const done = await drainUntilFinished(startWorker(createBatchTransport(base)), fx.followUp.id)
    expect(done).toMatchObject({ status: 'sent', sentCount: 3 })
    const copies = await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'email'), sql`${jobs.result}->>'followUpId' = ${fx.followUp.id}`))
    expect(copies).toHaveLength(3)
    const rows = await recipientsOf(fx.followUp.id)
    for (const copy of copies) {
      const payload = copy.payload as { to: string; headers: Record<string, string>; subject: string; from: string }
      expect(rows.map((r) => r.email)).toContain(payload.to)
      expect(payload.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
      expect(payload.headers['List-Unsubscribe']).toMatch(/^<http.*\/u\/[A-Za-z0-9_-]{43}>$/)
      expect(payload.from).toBe('"Ada Lovelace via Lectern" <hello@lectern.local>')
      // Linked to the person's capture, so erasing them removes the copy.
      expect(copy.leadIds).toHaveLength(1)
    }
    expect(fake.batchCalls).toHaveLength(0)

    // The dev mailbox page shows each message with the headers it went with (Deliver 8).
    const id = copies[0]!.id
    const page = (await call(devMessageLoader, makeRequest(`/dev/mailbox/${id}`), { id })) as {
      message: { from: string; to: string; replyTo: string | null; headers: [string, string][] }
    }
    const payload = copies[0]!.payload as { to: string; headers: Record<string, string> }
    expect(page.message).toMatchObject({
      from: '"Ada Lovelace via Lectern" <hello@lectern.local>',
      to: payload.to,
      replyTo: 'ada@speakers.example',
    })
    expect(page.message.headers).toEqual([
      ['List-Unsubscribe', payload.headers['List-Unsubscribe']],
      ['List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'],
    ])
  })

  it('sends nothing and finishes at once when nobody is left to receive it', async () => {
    const fx = await sendingFixture(4, { consenting: 0 })
    await send(fx)
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, fx.followUp.id))
    expect(row).toMatchObject({ status: 'sent', recipientCount: 0, statusReason: 'Nobody to send to' })
  })
})
