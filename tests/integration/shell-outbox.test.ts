import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { emailOutbox, jobs } from '~/db/schema/jobs'
import { enqueueEmail } from '~/jobs/email.server'
import { createTransport, type Transport } from '~/services/email.server'
import { JobWorker } from '~/services/jobs.server'
import { startFakeResend, type FakeResend } from '../fakes/resend'

// The outbox (email jobs of the job queue, read through the email_outbox view) against a local fake of
// Resend's HTTP API: retries with backoff, nothing lost across a restart or a crash, and never a
// duplicate at the provider.
let fake: FakeResend
let worker: JobWorker | undefined
const previousBaseUrl = process.env.RESEND_BASE_URL

beforeAll(async () => {
  fake = await startFakeResend()
  // The Resend SDK reads RESEND_BASE_URL from the environment when a client is created.
  process.env.RESEND_BASE_URL = fake.url
  resetConfig(
    parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: getConfig().dataDir,
      SESSION_SECRET: 'test-session-secret',
      ADMIN_EMAILS: 'admin@example.com',
      SEED_DEMO: 'false',
      RESEND_API_KEY: 're_test_fake',
      RESEND_BASE_URL: fake.url,
      MAIL_FROM: 'Lectern <hello@example.com>',
    }),
  )
})

afterEach(async () => {
  await worker?.stop()
  worker = undefined
})

afterAll(async () => {
  await fake.close()
  if (previousBaseUrl === undefined) delete process.env.RESEND_BASE_URL
  else process.env.RESEND_BASE_URL = previousBaseUrl
})

const message = (to: string) => ({ to, subject: `Hello ${to}`, html: '<p>Hi</p>', text: 'Hi' })
const row = async (id: string) => (await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!
const deliveredTo = (to: string) => fake.emails.filter((e) => e.to.includes(to))

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the outbox')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('email outbox', () => {
  it('delivers exactly once when the provider answers 500 three times', async () => {
    const requestsBefore = fake.requests
    fake.failNext(3, 500)
    const id = await enqueueEmail(message('retry@example.com'))
    worker = new JobWorker({ baseDelayMs: 20, pollMs: 50 }).start()
    await waitFor(async () => (await row(id)).status === 'sent')

    const sent = await row(id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 4, transport: 'resend', lastError: null })
    expect(sent.providerId).toBe(deliveredTo('retry@example.com')[0]!.id)
    expect(fake.requests - requestsBefore).toBe(4)
    expect(deliveredTo('retry@example.com')).toHaveLength(1)
    expect(deliveredTo('retry@example.com')[0]).toMatchObject({
      from: 'Lectern <hello@example.com>',
      subject: 'Hello retry@example.com',
    })
  })

  it('backs off between attempts and records the last error', async () => {
    fake.failNext(1, 500)
    const id = await enqueueEmail(message('backoff@example.com'))
    worker = new JobWorker({ baseDelayMs: 60_000, pollMs: 50 }).start()
    await waitFor(async () => (await row(id)).attempts === 1 && (await row(id)).lockedUntil === null)
    const failed = await row(id)
    expect(failed.status).toBe('pending')
    expect(failed.lastError).toMatch(/Fake outage/)
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000)
    expect(deliveredTo('backoff@example.com')).toHaveLength(0)
  })

  it('loses nothing when the process stops before delivery: the next worker sends it once', async () => {
    const stopped = new JobWorker({ baseDelayMs: 20, pollMs: 50 })
    // Queued while no worker runs (the process was stopped), then a new process starts.
    const id = await enqueueEmail(message('restart@example.com'))
    await stopped.stop()
    expect((await row(id)).status).toBe('pending')
    worker = new JobWorker({ baseDelayMs: 20, pollMs: 50 }).start()
    await waitFor(async () => (await row(id)).status === 'sent')
    expect(deliveredTo('restart@example.com')).toHaveLength(1)
  })

  it('picks up a message claimed by a crashed worker once its claim expires, without a duplicate', async () => {
    const id = await enqueueEmail(message('crash@example.com'))
    // A worker claimed it, reached the provider, and died before recording the result.
    const real = createTransport()
    await real.send({ ...message('crash@example.com'), id, from: 'Lectern <hello@example.com>' })
    await getDb()
      .update(jobs)
      .set({ attempts: 1, lockedUntil: new Date(Date.now() + 400) })
      .where(eq(jobs.id, id))

    worker = new JobWorker({ baseDelayMs: 20, pollMs: 50 }).start()
    await new Promise((r) => setTimeout(r, 200))
    expect((await row(id)).status).toBe('pending') // still claimed by the dead worker
    await waitFor(async () => (await row(id)).status === 'sent')
    expect((await row(id)).attempts).toBe(2)
    // Same idempotency key (outbox-<id>): the provider answered with the first message, sent nothing new.
    expect(deliveredTo('crash@example.com')).toHaveLength(1)
  })

  it('a send that fails after reaching the provider is retried without a second email', async () => {
    const real = createTransport()
    let calls = 0
    const flaky: Transport = {
      name: real.name,
      async send(email) {
        const result = await real.send(email)
        if (++calls === 1) throw new Error('connection reset after the provider accepted')
        return result
      },
    }
    const id = await enqueueEmail(message('flaky@example.com'))
    worker = new JobWorker({ transport: flaky, baseDelayMs: 20, pollMs: 50 }).start()
    await waitFor(async () => (await row(id)).status === 'sent')
    expect(calls).toBe(2)
    expect(deliveredTo('flaky@example.com')).toHaveLength(1)
  })

  it('gives up after maxAttempts and marks the message failed', async () => {
    fake.failNext(5, 500)
    const id = await enqueueEmail(message('dead@example.com'))
    worker = new JobWorker({ baseDelayMs: 10, pollMs: 50, maxAttempts: 3 }).start()
    await waitFor(async () => (await row(id)).status === 'failed')
    expect((await row(id)).attempts).toBe(3)
    expect(deliveredTo('dead@example.com')).toHaveLength(0)
    fake.failNext(0)
  })
})
