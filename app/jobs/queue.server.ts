import { getDb, type Db } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import type { JobKind, JobPayloads } from './payloads'

// The enqueue side of the one durable job mechanism (ARCHITECTURE decisions 15 and 22,
// docs/decisions/0009-jobs.md). It sits below the models so that a model writes the job in the
// transaction of the change that causes it; the worker that runs jobs, and the kinds' handlers, are
// services (app/services/jobs.server.ts, app/services/job-kinds.server.ts) that models never import.

type Executor = Pick<Db, 'insert'>
export type JobRow = typeof jobs.$inferSelect

export type EnqueueOptions = {
  /** The transaction of the change that causes the job: both commit or neither does. */
  tx?: Executor
  runAt?: Date
  /** One job per key, ever (a scheduled slot): a second enqueue with the same key is a no-op. */
  dedupeKey?: string
  /**
   * The captures whose details the payload holds (an email to or about attendees): erasing one of
   * them deletes the job (app/models/lead-erasure.server.ts).
   */
  leadIds?: string[]
}

/** The running worker of this process, told when something was queued (JobWorker.start). */
type Kickable = { kick(): void }
let activeWorker: Kickable | undefined

export function attachWorker(worker: Kickable) {
  activeWorker = worker
}

export function detachWorker(worker: Kickable) {
  if (activeWorker === worker) activeWorker = undefined
}

/** Queues a job; returns its id, or null when a job with the same dedupe key exists already. */
export async function enqueueJob<K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [row] = await (options.tx ?? getDb())
    .insert(jobs)
    .values({
      kind,
      payload,
      runAt: options.runAt ?? new Date(),
      dedupeKey: options.dedupeKey ?? null,
      leadIds: options.leadIds?.length ? options.leadIds : null,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id })
  // The transaction may not have committed yet; if the kick misses the row, the next poll finds it.
  queueMicrotask(() => activeWorker?.kick())
  return row?.id ?? null
}

/**
 * Jobs were written by a statement of the caller's own rather than through enqueueJob (the
 * single-statement sign-up, app/models/lead-capture.server.ts): start the worker on them.
 */
export function jobsQueued() {
  activeWorker?.kick()
}
