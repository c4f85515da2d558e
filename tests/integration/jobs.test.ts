import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { enqueueEmail } from '~/jobs/email.server'
import { enqueueJob } from '~/jobs/queue.server'
import { createSpeaker, SpeakerDataError, updateSpeaker } from '~/models/speakers.server'
import type { Transport } from '~/services/email.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { putObject, storageKey } from '~/services/storage.server'
import { startFakeS3 } from '../fakes/s3'
import { freePort } from './built-server'
import { speakerInput } from './speakers-utils'

// The generalised job queue beyond email (which tests/integration/shell-outbox.test.ts covers):
// scheduled slots, retries of a failed storage deletion, nothing queued by a rolled-back change.
const base = getConfig()
let worker: JobWorker | undefined

afterEach(async () => {
  await worker?.stop()
  worker = undefined
  resetConfig(base)
})
afterAll(() => resetConfig(base))

const jobRow = async (id: string) => (await getDb().select().from(jobs).where(eq(jobs.id, id)))[0]!
const s3Config = (endpoint: string) =>
  parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: base.dataDir,
    SESSION_SECRET: 'test-session-secret',
    SEED_DEMO: 'false',
    S3_BUCKET: 'images',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  })

describe('job queue', () => {
  it('queues one job per scheduled slot, however many workers ask', async () => {
    const now = new Date('2026-11-24T10:00:00Z')
    await new JobWorker().enqueueScheduled(now)
    await new JobWorker().enqueueScheduled(new Date('2026-11-24T23:59:00Z'))
    await new JobWorker().enqueueScheduled(new Date('2026-11-25T00:01:00Z'))
    const sweeps = await getDb().select().from(jobs).where(eq(jobs.kind, 'storage.sweep'))
    expect(sweeps.map((j) => j.dedupeKey).sort()).toEqual([
      `storage.sweep:${Math.floor(now.getTime() / 86_400_000)}`,
      `storage.sweep:${Math.floor(now.getTime() / 86_400_000) + 1}`,
    ])
    expect(sweeps[0]!.payload).toEqual({ minAgeMs: 86_400_000 })
  })

  it('retries a storage deletion that failed (store unreachable) until it succeeds', async () => {
    const s3 = await startFakeS3('images')
    try {
      resetConfig(s3Config(s3.endpoint))
      const body = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .webp()
        .toBuffer()
      const object = await putObject({ key: storageKey('gone.webp'), body, contentType: 'image/webp' })
      // The store is down: nothing listens on this port.
      resetConfig(s3Config(`http://127.0.0.1:${await freePort()}`))
      const id = (await enqueueJob('storage.delete', { key: object.key }))!
      worker = new JobWorker({ baseDelayMs: 60_000, pollMs: 50 })
      await worker.drain()
      const failed = await jobRow(id)
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null })
      expect(failed.lastError).toBeTruthy()
      expect(failed.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000)
      expect((await fetch(object.url)).status).toBe(200)

      // The store is back and the retry is due.
      resetConfig(s3Config(s3.endpoint))
      await getDb().update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id))
      await worker.drain()
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, result: { key: object.key, deleted: true } })
      expect((await fetch(object.url)).status).toBe(404)
    } finally {
      await s3.close()
    }
  })

  it('a change that rolls back queues no deletion', async () => {
    await createSpeaker(speakerInput({ name: 'Roll Back', company: 'A' }), { userId: null, isPublished: true })
    const photo = '/uploads/images/1700000000000-keep.webp'
    const other = await createSpeaker(speakerInput({ name: 'Roll Back', company: 'B', profileImageUrl: photo }), {
      userId: null,
      isPublished: true,
    })
    // Dropping B's photo while renaming it onto A's slug fails on the unique index: the transaction,
    // and the deletion it queued, roll back.
    await expect(
      updateSpeaker(other.id, speakerInput({ name: 'Roll Back', company: 'A', profileImageUrl: '' }), { isPublished: true }),
    ).rejects.toBeInstanceOf(SpeakerDataError)
    const queued = await getDb().select().from(jobs).where(eq(jobs.kind, 'storage.delete'))
    expect(queued.map((j) => j.payload)).not.toContainEqual({ key: '1700000000000-keep.webp' })
    // The same change without the clash does queue it.
    await updateSpeaker(other.id, speakerInput({ name: 'Roll Back', company: 'C', profileImageUrl: '' }), { isPublished: true })
    const after = await getDb().select().from(jobs).where(eq(jobs.kind, 'storage.delete'))
    expect(after.map((j) => j.payload)).toContainEqual({ key: '1700000000000-keep.webp' })
  })

  it('leaves a kind this build does not know for an instance that does', async () => {
    const [row] = await getDb().insert(jobs).values({ kind: 'from.the.future', payload: {} }).returning({ id: jobs.id })
    worker = new JobWorker({ pollMs: 50 })
    await worker.drain()
    expect(await jobRow(row!.id)).toMatchObject({ status: 'pending', attempts: 0 })
  })

  describe('batches', () => {
    const message = (to: string) => ({ to, subject: `Batch ${to}`, html: '<p>Hi</p>', text: 'Hi' })
    // Fails for one recipient; answers the others with a provider id of their own.
    const picky = (sent: string[], onSend: (to: string) => Promise<void> = async () => {}): Transport => ({
      name: 'picky',
      async send(email) {
        await onSend(email.to)
        if (email.to.startsWith('bounce')) throw new Error(`refused ${email.to}`)
        sent.push(email.to)
        return { providerId: `p-${email.to}` }
      },
    })

    it('marks each job of a batch done with its own result; a failing one is retried alone', async () => {
      const sent: string[] = []
      const ids = await Promise.all(
        ['b1@x.test', 'bounce@x.test', 'b2@x.test', 'b3@x.test'].map((to) => enqueueEmail(message(to))),
      )
      worker = new JobWorker({ transport: picky(sent), baseDelayMs: 60_000, batchSize: 10 })
      expect(await worker.drain()).toBe(4)
      expect(sent.sort()).toEqual(['b1@x.test', 'b2@x.test', 'b3@x.test'])
      const [b1, bounce, b2, b3] = await Promise.all(ids.map(jobRow))
      for (const [row, to] of [
        [b1!, 'b1@x.test'],
        [b2!, 'b2@x.test'],
        [b3!, 'b3@x.test'],
      ] as const) {
        expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null })
        expect(row.result).toEqual({ transport: 'picky', providerId: `p-${to}` })
        expect(row.finishedAt).toBeInstanceOf(Date)
      }
      expect(bounce).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, lastError: 'refused bounce@x.test' })
      expect(bounce!.result).toBeNull()
      expect(bounce!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000)
    })

    it('stores no result for a job whose handler returns nothing', async () => {
      const id = await enqueueEmail(message('quiet@x.test'))
      worker = new JobWorker({ registry: { ...createJobRegistry(), email: { run: async () => undefined } } })
      await worker.drain()
      expect(await jobRow(id)).toMatchObject({ status: 'done', result: null, lastError: null })
    })

    it('drains more jobs than one batch, and the jobs queued while a batch runs', async () => {
      const sent: string[] = []
      const ids = await Promise.all(['m1', 'm2', 'm3', 'm4', 'm5'].map((to) => enqueueEmail(message(`${to}@x.test`))))
      let followUp: string | undefined
      worker = new JobWorker({
        batchSize: 2,
        transport: picky(sent, async (to) => {
          if (to === 'm1@x.test') followUp = await enqueueEmail(message('follow-up@x.test'))
        }),
      })
      expect(await worker.drain()).toBe(6)
      const rows = await Promise.all([...ids, followUp!].map(jobRow))
      expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'done'])
      expect(sent).toHaveLength(6)
    })

    it('hands a runMany kind its jobs of the batch in one call, beside the others, and stores each result', async () => {
      const calls: string[][] = []
      const ids: string[] = []
      for (const key of ['k1', 'k2', 'k3']) ids.push((await enqueueJob('storage.delete', { key }))!)
      ids.push(await enqueueEmail(message('m1@x.test')))
      const emails: string[] = []
      worker = new JobWorker({
        registry: {
          ...createJobRegistry(),
          email: { run: async (email) => void emails.push(email.to) },
          'storage.delete': {
            run: () => Promise.reject(new Error('run alone although the batch call worked')),
            runMany: async (batch) => {
              calls.push(batch.map(({ payload }) => payload.key))
              return new Map(batch.map(({ payload, job }) => [job.id, { key: payload.key }]))
            },
          },
        },
      })
      await worker.drain()
      // One call with all three (their order within it is the claim order, which ties within a millisecond).
      expect(calls.map((keys) => [...keys].sort())).toEqual([['k1', 'k2', 'k3']])
      expect(emails).toEqual(['m1@x.test'])
      const rows = await Promise.all(ids.map(jobRow))
      expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done'])
      expect(rows.slice(0, 3).map((r) => r.result)).toEqual([{ key: 'k1' }, { key: 'k2' }, { key: 'k3' }])
    })

    it('runs each kind in its own lane: a slow kind does not hold back the emails, and stays one at a time', async () => {
      let running = 0
      let peak = 0
      const sent: string[] = []
      let emailsDone: () => void = () => {}
      const allSent = new Promise<void>((r) => (emailsDone = r))
      const sentWhileSlowRan: boolean[] = []
      for (const key of ['slow-1', 'slow-2']) await enqueueJob('storage.delete', { key })
      for (const to of ['e1', 'e2', 'e3']) await enqueueEmail(message(`${to}@x.test`))
      worker = new JobWorker({
        registry: {
          ...createJobRegistry(),
          email: {
            run: async (email) => {
              sent.push(email.to)
              if (sent.length === 3) emailsDone()
            },
          },
          'storage.delete': {
            run: async () => {
              running++
              peak = Math.max(peak, running)
              // A slow endpoint: waits for the emails (or gives up after a second).
              await Promise.race([allSent, new Promise((r) => setTimeout(r, 1_000))])
              sentWhileSlowRan.push(sent.length === 3)
              running--
            },
          },
        },
      })
      await worker.drain()
      expect([...sent].sort()).toEqual(['e1@x.test', 'e2@x.test', 'e3@x.test'])
      expect(sentWhileSlowRan).toEqual([true, true])
      expect(peak).toBe(1)
    })

    it('runs each job alone when the batch call throws, so only the bad one is retried', async () => {
      const ids: string[] = []
      for (const key of ['good-1', 'bad', 'good-2']) ids.push((await enqueueJob('storage.delete', { key }))!)
      let batchCalls = 0
      worker = new JobWorker({
        baseDelayMs: 60_000,
        registry: {
          ...createJobRegistry(),
          'storage.delete': {
            run: async ({ key }) => {
              if (key === 'bad') throw new Error('cannot delete bad')
              return { key, alone: true }
            },
            runMany: async () => {
              batchCalls++
              throw new Error('one of them is bad')
            },
          },
        },
      })
      await worker.drain()
      expect(batchCalls).toBe(1)
      const [first, bad, second] = await Promise.all(ids.map(jobRow))
      expect(first).toMatchObject({ status: 'done', result: { key: 'good-1', alone: true } })
      expect(second).toMatchObject({ status: 'done', result: { key: 'good-2', alone: true } })
      expect(bad).toMatchObject({ status: 'pending', attempts: 1, lastError: 'cannot delete bad' })
      expect(bad!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000)
    })

    it('writes what is done and renews the lease of the rest when a batch runs past half its lease', async () => {
      const order: { id: string; statusOfFirst: string; leasedUntil: number }[] = []
      for (const to of ['s1', 's2', 's3']) await enqueueEmail(message(`${to}@x.test`))
      const started = Date.now()
      worker = new JobWorker({
        batchSize: 10,
        claimMs: 40,
        registry: {
          ...createJobRegistry(),
          email: {
            run: async (_email, job) => {
              const first = order[0] ? (await jobRow(order[0].id)).status : 'none'
              order.push({ id: job.id, statusOfFirst: first, leasedUntil: (await jobRow(job.id)).lockedUntil!.getTime() })
              // Longer than half the lease: the next job finds this one's completion written.
              await new Promise((r) => setTimeout(r, 30))
            },
          },
        },
      })
      await worker.drain()
      expect(order.map((o) => o.statusOfFirst)).toEqual(['none', 'done', 'done'])
      // The third job's lease was renewed after the claim (the first lease ended 40 ms after it).
      expect(order[2]!.leasedUntil).toBeGreaterThan(started + 40)
      expect((await Promise.all(order.map((o) => jobRow(o.id)))).map((r) => r.status)).toEqual(['done', 'done', 'done'])
    })
  })
})
