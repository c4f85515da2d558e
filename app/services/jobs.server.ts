import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { jobs } from '~/db/schema'
import type { Transport } from './email.server'
import type { JobKind, JobPayloads, JobRegistry } from './job-kinds.server'

// The one durable job mechanism (ARCHITECTURE decision 15, docs/decisions/0009-jobs.md). A job is a
// row written in the same transaction as the change that causes it; an in-process worker claims due
// rows with FOR UPDATE SKIP LOCKED and a lease, runs the kind's handler, retries failures with
// backoff, and gives up after the kind's attempt limit. Kinds live in job-kinds.server.ts.

type Executor = Pick<Db, 'insert'>
export type JobRow = typeof jobs.$inferSelect

export type EnqueueOptions = {
  /** The transaction of the change that causes the job: both commit or neither does. */
  tx?: Executor
  runAt?: Date
  /** One job per key, ever (a scheduled slot): a second enqueue with the same key is a no-op. */
  dedupeKey?: string
}

/** Queues a job; returns its id, or null when a job with the same dedupe key exists already. */
export async function enqueueJob<K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [row] = await (options.tx ?? getDb())
    .insert(jobs)
    .values({ kind, payload, runAt: options.runAt ?? new Date(), dedupeKey: options.dedupeKey ?? null })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id })
  // The transaction may not have committed yet; if the kick misses the row, the next poll finds it.
  queueMicrotask(() => activeWorker?.kick())
  return row?.id ?? null
}

export type WorkerOptions = {
  /** The kinds and their handlers; the app's registry by default. */
  registry?: JobRegistry
  /** The email transport of the default registry (a flaky one in tests); from config otherwise. */
  transport?: Transport
  pollMs?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** Overrides every kind's own limit (tests). */
  maxAttempts?: number
  /** The lease: a claimed job is left alone this long, then another worker may take it. */
  claimMs?: number
  /** How often the worker makes sure each scheduled kind has its current slot queued. */
  scheduleEveryMs?: number
}

/** Exponential backoff with jitter: base × 2^(attempt-1), capped. */
export function backoffMs(attempt: number, baseDelayMs: number, maxDelayMs: number) {
  const exp = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exp * (0.8 + Math.random() * 0.4))
}

let activeWorker: JobWorker | undefined

export class JobWorker {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private again = false
  private lastScheduled = 0
  private registry: JobRegistry | undefined
  private readonly transport: Transport | undefined
  private readonly options: Required<Omit<WorkerOptions, 'registry' | 'transport' | 'maxAttempts'>> & { maxAttempts?: number }

  constructor(options: WorkerOptions = {}) {
    this.registry = options.registry
    this.transport = options.transport
    this.options = {
      pollMs: options.pollMs ?? 5_000,
      baseDelayMs: options.baseDelayMs ?? 5_000,
      maxDelayMs: options.maxDelayMs ?? 60 * 60 * 1000,
      maxAttempts: options.maxAttempts,
      claimMs: options.claimMs ?? 60_000,
      scheduleEveryMs: options.scheduleEveryMs ?? 60 * 60 * 1000,
    }
  }

  start() {
    // One worker per process; enqueueJob() kicks it so new work starts at once.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    activeWorker = this
    this.schedule(0)
    return this
  }

  /** Something was queued: run now rather than at the next poll. */
  kick() {
    if (this.stopped) return
    if (this.running) this.again = true
    else this.schedule(0)
  }

  async stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (activeWorker === this) activeWorker = undefined
    await this.running
  }

  private schedule(ms: number) {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.running = this.tick()
    }, ms)
    this.timer.unref?.()
  }

  private async tick() {
    let next = this.options.pollMs
    try {
      if (Date.now() - this.lastScheduled >= this.options.scheduleEveryMs) {
        await this.enqueueScheduled()
        this.lastScheduled = Date.now()
      }
      await this.drain()
      next = await this.msUntilNextDue()
    } catch (error) {
      if (!this.stopped) console.error('Job worker failed', error)
    } finally {
      this.running = undefined
    }
    if (this.again) next = 0
    this.again = false
    this.schedule(next)
  }

  private async kinds(): Promise<JobRegistry> {
    this.registry ??= (await import('./job-kinds.server')).createJobRegistry({ transport: this.transport })
    return this.registry
  }

  /** Queues the current slot of every scheduled kind (one row per slot across all instances). */
  async enqueueScheduled(now = new Date()) {
    const registry = await this.kinds()
    for (const kind of Object.keys(registry) as JobKind[]) {
      const every = registry[kind].everyMs
      if (!every) continue
      const slot = Math.floor(now.getTime() / every)
      const payload = registry[kind].scheduledPayload?.() ?? {}
      await enqueueJob(kind, payload as JobPayloads[typeof kind], { dedupeKey: `${kind}:${slot}` })
    }
  }

  private async msUntilNextDue() {
    const [row] = await getDb()
      .select({ due: sql<Date | string | null>`min(${jobs.runAt})` })
      .from(jobs)
      .where(eq(jobs.status, 'pending'))
    if (!row?.due) return this.options.pollMs
    const wait = new Date(row.due).getTime() - Date.now()
    return Math.max(0, Math.min(this.options.pollMs, wait))
  }

  /** Runs every job that is due; returns how many were attempted. */
  async drain(): Promise<number> {
    let total = 0
    for (;;) {
      if (this.stopped) return total
      const batch = await this.claim()
      if (batch.length === 0) return total
      total += batch.length
      for (const job of batch) await this.run(job)
    }
  }

  private async claim() {
    const now = new Date()
    const db = getDb()
    const kinds = Object.keys(await this.kinds())
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          // A kind this build does not know (a newer release's) is left for an instance that does.
          inArray(jobs.kind, kinds),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.createdAt))
      .limit(10)
      .for('update', { skipLocked: true })
    return db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + this.options.claimMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning()
  }

  private async run(job: JobRow) {
    const db = getDb()
    const kind = (await this.kinds())[job.kind as JobKind]
    try {
      const result = await kind.run(job.payload as never, job)
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null, result: result ?? null })
        .where(eq(jobs.id, job.id))
    } catch (error) {
      const maxAttempts = this.options.maxAttempts ?? kind.maxAttempts ?? 10
      const failed = job.attempts >= maxAttempts
      const delay = backoffMs(job.attempts, this.options.baseDelayMs, this.options.maxDelayMs)
      await db
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          runAt: new Date(Date.now() + delay),
        })
        .where(eq(jobs.id, job.id))
    }
  }
}
