import { and, inArray, lt, ne, sql } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { webhookDeliveries } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'

// Retention of the job queue itself (docs/decisions/0014): the daily `jobs.prune` job deletes the
// jobs that finished — done, or given up — more than JOB_RETENTION_DAYS ago (a sent email keeps its
// whole message until then), and the webhook deliveries created before that whose outcome is final.
// Pending work is never touched. Each batch is its own short statement, so a big backlog never
// holds a long lock; the next batch starts after the last one committed.

export const PRUNE_BATCH = 1000
const DAY_MS = 24 * 60 * 60 * 1000

export async function pruneFinished(
  { olderThanDays, now = new Date(), batch = PRUNE_BATCH }: { olderThanDays: number; now?: Date; batch?: number },
  db: Db = getDb(),
) {
  const cutoff = new Date(now.getTime() - olderThanDays * DAY_MS)
  // A finished job's run_at is never after it finished (a given-up one's next try would have been
  // later), so the scan walks jobs_due_idx (status, run_at) and checks finished_at on what it finds.
  // Failed jobs given up before finished_at was recorded for them count from their run_at.
  const finishedJobs = () =>
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.status, ['done', 'failed']),
          lt(jobs.runAt, cutoff),
          sql`coalesce(${jobs.finishedAt}, ${jobs.runAt}) < ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .limit(batch)
  const finalDeliveries = () =>
    db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(lt(webhookDeliveries.createdAt, cutoff), ne(webhookDeliveries.status, 'pending')))
      .limit(batch)
  let deletedJobs = 0
  for (;;) {
    const n = (await db.delete(jobs).where(inArray(jobs.id, finishedJobs())).returning({ id: jobs.id })).length
    deletedJobs += n
    if (n < batch) break
  }
  let deletedDeliveries = 0
  for (;;) {
    const n = (
      await db
        .delete(webhookDeliveries)
        .where(inArray(webhookDeliveries.id, finalDeliveries()))
        .returning({ id: webhookDeliveries.id })
    ).length
    deletedDeliveries += n
    if (n < batch) break
  }
  return { jobs: deletedJobs, deliveries: deletedDeliveries, cutoff: cutoff.toISOString() }
}
