import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema'
import { createSpeaker, SpeakerDataError, updateSpeaker } from '~/models/speakers.server'
import { enqueueJob, JobWorker } from '~/services/jobs.server'
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
})
