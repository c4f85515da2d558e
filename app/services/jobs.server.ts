import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import type { JobKind, JobPayloads } from '~/jobs/payloads'
import { attachWorker, detachWorker, enqueueJob, type JobRow } from '~/jobs/queue.server'
import type { Transport } from './email.server'
import { createJobRegistry, type JobRegistry } from './job-kinds.server'

// The one durable job mechanism (ARCHITECTURE decision 15, docs/decisions/0009-jobs.md). A job is a
// row written in the same transaction as the change that causes it (app/jobs/queue.server.ts); this
// in-process worker claims due rows with FOR UPDATE SKIP LOCKED and a lease, runs the kind's
// handler, retries failures with backoff, and gives up after the kind's attempt limit. Kinds live in
// job-kinds.server.ts.

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
  /** Jobs claimed by one statement; their completions are written together too. */
  batchSize?: number
  /** A kick waits this long, so the jobs of many concurrent changes are claimed as one batch. */
  kickDelayMs?: number
}

/** Exponential backoff with jitter: base × 2^(attempt-1), capped. */
export function backoffMs(attempt: number, baseDelayMs: number, maxDelayMs: number) {
  const exp = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exp * (0.8 + Math.random() * 0.4))
}

export class JobWorker {
  private timer: NodeJS.Timeout | undefined
  private timerDueAt = 0
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
      batchSize: options.batchSize ?? 50,
      kickDelayMs: options.kickDelayMs ?? 10,
    }
  }

  start() {
    // One worker per process; enqueueJob() kicks it so new work starts at once.
    attachWorker(this)
    this.schedule(0)
    return this
  }

  /** Something was queued: run now rather than at the next poll. */
  kick() {
    if (this.stopped) return
    if (this.running) this.again = true
    // Already due soon (a kick a moment ago): that tick takes this job too.
    else if (!this.timer || this.timerDueAt - Date.now() > this.options.kickDelayMs) this.schedule(this.options.kickDelayMs)
  }

  async stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    detachWorker(this)
    await this.running
  }

  private schedule(ms: number) {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timerDueAt = Date.now() + ms
    this.timer = setTimeout(() => {
      this.timer = undefined
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
      // Kicked while draining: go again at once, no need to ask when the next job is due.
      if (!this.again) next = await this.msUntilNextDue()
    } catch (error) {
      if (!this.stopped) console.error('Job worker failed', error)
    } finally {
      this.running = undefined
    }
    if (this.again) next = this.options.kickDelayMs
    this.again = false
    this.schedule(next)
  }

  private async kinds(): Promise<JobRegistry> {
    this.registry ??= createJobRegistry({ transport: this.transport })
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
      await this.runBatch(batch)
    }
  }

  /** Claims up to batchSize due jobs in one statement: leased to this worker, attempts + 1. */
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
      .limit(this.options.batchSize)
      .for('update', { skipLocked: true })
    const claimed = await db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + this.options.claimMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning()
    // RETURNING keeps no order: oldest due first, as claimed.
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime())
  }

  /**
   * Runs a claimed batch, each kind in a lane of its own beside the others: a kind's jobs one after
   * another in claim order (a provider's rate limit sees the same pace as before), or, for a kind
   * with `runMany`, handed over together in one call (the lead.event fan-out: one look-up for many
   * events). When a `runMany` call throws, its jobs run one by one through `run`, so one bad job
   * fails alone. The successes are marked done in one statement at the end; a failure is written at
   * once and does not touch the others. Past half the lease, what is done so far is written and the lease of the
   * rest renewed, so a slow batch is never claimed twice.
   */
  private async runBatch(batch: JobRow[]) {
    const registry = await this.kinds()
    let leasedAt = Date.now()
    let done: Completion[] = []
    const unfinished = new Set(batch.map((j) => j.id))
    let renewing: Promise<void> | undefined
    const keepLease = async () => {
      if (renewing) return renewing
      if (Date.now() - leasedAt <= this.options.claimMs / 2) return
      renewing = (async () => {
        const written = done
        done = []
        await this.complete(written)
        leasedAt = Date.now()
        await this.renewLease([...unfinished])
      })()
      try {
        await renewing
      } finally {
        renewing = undefined
      }
    }
    const runLane = async (lane: JobRow[]) => {
      for (const job of lane) {
        await keepLease()
        const kind = registry[job.kind as JobKind]
        try {
          const result = await kind.run(job.payload as never, job)
          done.push(completion(kind, job, result))
        } catch (error) {
          await this.fail(job, kind, error)
        }
        unfinished.delete(job.id)
      }
    }
    const runTogether = async (kind: JobKind, jobs: JobRow[]) => {
      await keepLease()
      let results: Map<string, Record<string, unknown> | void>
      try {
        results = await registry[kind].runMany!(jobs.map((job) => ({ payload: job.payload as never, job })))
      } catch {
        // Which job broke the batch is unknown: each runs alone, and only a failing one is retried.
        return runLane(jobs)
      }
      for (const job of jobs) {
        done.push(completion(registry[kind], job, results.get(job.id)))
        unfinished.delete(job.id)
      }
    }
    // One lane per kind: a kind's jobs one after another in claim order, the kinds side by side,
    // so a slow webhook endpoint (up to 5 s) does not hold back the emails claimed with it.
    const lanes = new Map<JobKind, JobRow[]>()
    for (const job of batch) {
      const kind = job.kind as JobKind
      if (lanes.has(kind)) lanes.get(kind)!.push(job)
      else lanes.set(kind, [job])
    }
    await Promise.all([...lanes].map(([kind, jobs]) => (registry[kind].runMany ? runTogether(kind, jobs) : runLane(jobs))))
    await this.complete(done)
  }

  /** Marks jobs done with their results (and what their kind keeps of the payload): one statement for the lot. */
  private async complete(done: Completion[]) {
    if (done.length === 0) return
    // One JSON parameter (the same on PGlite and postgres.js) unpacked into rows.
    const rows = JSON.stringify(done)
    await getDb().execute(sql`
      update ${jobs}
      set status = 'done', finished_at = now(), locked_until = null, last_error = null,
        result = nullif(d.result, 'null'::jsonb), payload = coalesce(nullif(d.payload, 'null'::jsonb), ${jobs.payload})
      from jsonb_to_recordset(${rows}::jsonb) as d(id uuid, result jsonb, payload jsonb)
      where ${jobs.id} = d.id`)
  }

  private async renewLease(ids: string[]) {
    if (ids.length === 0) return
    await getDb()
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() + this.options.claimMs) })
      .where(inArray(jobs.id, ids))
  }

  private async fail(job: JobRow, kind: JobRegistry[JobKind], error: unknown) {
    // A kind with its own schedule (webhooks: 24 h) decides alone when to give up.
    const own = kind.retryDelayMs?.(job)
    const maxAttempts = this.options.maxAttempts ?? kind.maxAttempts ?? (kind.retryDelayMs ? Infinity : 10)
    const failed = own === null || job.attempts >= maxAttempts
    const delay = own ?? backoffMs(job.attempts, this.options.baseDelayMs, this.options.maxDelayMs)
    await getDb()
      .update(jobs)
      .set({
        status: failed ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
        runAt: new Date(Date.now() + delay),
        // Given up: finished (the queue's retention counts from here), with only what the kind keeps.
        ...(failed ? { finishedAt: new Date(), payload: kind.finishedPayload?.(job.payload as never) ?? job.payload } : {}),
      })
      .where(eq(jobs.id, job.id))
  }
}

type Completion = { id: string; result: Record<string, unknown> | null; payload: unknown }

/** A successful job's row: its result, and its payload as its kind keeps it once finished (unchanged: null). */
function completion(kind: JobRegistry[JobKind], job: JobRow, result: Record<string, unknown> | void | undefined): Completion {
  return { id: job.id, result: result ?? null, payload: kind.finishedPayload?.(job.payload as never) ?? null }
}
