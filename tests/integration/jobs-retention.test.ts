import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { webhookDeliveries } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { createEndpoint, newDeliveryId } from '~/models/webhooks.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { pruneFinished } from '~/services/queue-retention.server'
import { createOwner } from './lead-capture-utils'

// Retention of the queue itself: the daily jobs.prune deletes finished jobs (done or given up) and
// final webhook deliveries older than JOB_RETENTION_DAYS, in batches, and never pending work.

const NOW = new Date('2026-11-24T12:00:00Z')
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60 * 1000)

async function job(key: string, row: Partial<typeof jobs.$inferInsert>) {
  const [inserted] = await getDb()
    .insert(jobs)
    .values({ kind: 'storage.delete', payload: { key }, dedupeKey: `retention-test:${key}`, ...row })
    .returning({ id: jobs.id })
  return inserted!.id
}

describe('jobs.prune', () => {
  it('deletes finished jobs and final deliveries older than the period, in batches, and nothing else', async () => {
    const ids = {
      doneOld: await job('done-old', { status: 'done', runAt: daysAgo(40), finishedAt: daysAgo(40) }),
      doneOld2: await job('done-old-2', { status: 'done', runAt: daysAgo(31), finishedAt: daysAgo(31) }),
      failedOld: await job('failed-old', { status: 'failed', runAt: daysAgo(35), finishedAt: daysAgo(35) }),
      // Given up before finished_at was recorded for failures: counted from run_at.
      failedLegacy: await job('failed-legacy', { status: 'failed', runAt: daysAgo(45), finishedAt: null }),
      // Queued long ago but finished recently (retried for days): kept until 30 days after it finished.
      doneRecently: await job('done-recent', { status: 'done', runAt: daysAgo(40), finishedAt: daysAgo(5) }),
      doneNew: await job('done-new', { status: 'done', runAt: daysAgo(1), finishedAt: daysAgo(1) }),
      pendingOld: await job('pending-old', { status: 'pending', runAt: daysAgo(60) }),
    }
    const owner = await createOwner()
    const endpointId = (await createEndpoint(
      owner.id,
      {
        url: 'https://hooks.example.com/in',
        description: '',
        events: ['lead.created'],
      },
      null,
    ))!
    const delivery = async (status: 'pending' | 'succeeded' | 'failed', createdAt: Date) => {
      const id = newDeliveryId()
      await getDb()
        .insert(webhookDeliveries)
        .values({ id, endpointId, ownerId: owner.id, eventType: 'lead.created', payload: {}, status, createdAt })
      return id
    }
    const deliveries = {
      succeededOld: await delivery('succeeded', daysAgo(31)),
      failedOld: await delivery('failed', daysAgo(90)),
      pendingOld: await delivery('pending', daysAgo(31)),
      succeededNew: await delivery('succeeded', daysAgo(29)),
    }

    const result = await pruneFinished({ olderThanDays: 30, now: NOW, batch: 2 })
    expect(result).toMatchObject({ jobs: 4, deliveries: 2 })

    const leftJobs = await getDb()
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.id, Object.values(ids)))
    expect(leftJobs.map((j) => j.id).sort()).toEqual([ids.doneRecently, ids.doneNew, ids.pendingOld].sort())
    const leftDeliveries = await getDb()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
    expect(leftDeliveries.map((d) => d.id).sort()).toEqual([deliveries.pendingOld, deliveries.succeededNew].sort())

    // Nothing more to do on a second run.
    expect(await pruneFinished({ olderThanDays: 30, now: NOW, batch: 2 })).toMatchObject({ jobs: 0, deliveries: 0 })
  })

  it('is scheduled daily with the configured period, once per day however many workers queue it', async () => {
    const registry = createJobRegistry()
    const worker = new JobWorker({ registry })
    await worker.enqueueScheduled(NOW)
    await worker.enqueueScheduled(new Date(NOW.getTime() + 60_000))
    const slot = Math.floor(NOW.getTime() / (24 * 60 * 60 * 1000))
    const queued = await getDb().select().from(jobs).where(eq(jobs.kind, 'jobs.prune'))
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ dedupeKey: `jobs.prune:${slot}`, payload: { olderThanDays: 30 } })
  })
})
