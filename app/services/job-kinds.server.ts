import { getConfig } from '~/config.server'
import type { JobKind, JobPayloads } from '~/jobs/payloads'
import type { JobRow } from '~/jobs/queue.server'
import { finishedLeadEventPayload } from '~/lib/erasure'
import { pruneIdempotencyKeys } from '~/models/api-idempotency.server'
import { pruneAuditEvents } from '~/models/audit.server'
import { recomputeEntitlement } from '~/models/billing.server'
import { pruneConfirmationBudgets, type ConfirmationLimits } from '~/models/confirmation-budget.server'
import { pruneRateLimits } from '~/models/rate-limit.server'
import { CRM_SYNC_MAX_ATTEMPTS, runCrmBackfill, runCrmSync } from './crm-sync.server'
import { createTransport, deliverEmail, type Transport } from './email.server'
import {
  createBatchTransport,
  FOLLOW_UP_BATCH_MAX_ATTEMPTS,
  runFollowUpBatch,
  runFollowUpStart,
  runFollowUpSweep,
  type BatchTransport,
} from './follow-up-send.server'
import { runAutomaticSweep } from './follow-up-automatic.server'
import { dispatchLeadEvent, dispatchLeadEvents } from './lead-events.server'
import { runRetention } from './lead-retention.server'
import { rescoreSession } from './lead-scoring.server'
import { pruneFinished } from './queue-retention.server'
import { deleteIfUnreferenced, ORPHAN_MIN_AGE_MS, sweepOrphans } from './storage-gc.server'
import { deliverWebhook, webhookRetryDelay } from './webhooks.server'

// The kinds of durable job (docs/decisions/0009-jobs.md). Adding one is two typed edits: its payload
// in JobPayloads (app/jobs/payloads.ts), its handler in createJobRegistry. A handler that throws is retried with backoff
// until maxAttempts; what it returns is stored as the job's result.

export type JobKindDefinition<P> = {
  run: (payload: P, job: JobRow) => Promise<Record<string, unknown> | void>
  /** Attempts before the job is marked failed (10 when unset). */
  maxAttempts?: number
  /**
   * Runs the kind's jobs of one claimed batch together (one query for many instead of one each) and
   * returns each job's result by job id. Throwing sends every job of the call through `run` alone.
   */
  runMany?: (jobs: { payload: P; job: JobRow }[]) => Promise<Map<string, Record<string, unknown> | void>>
  /**
   * The kind's own retry schedule instead of the worker's backoff: the wait before the next attempt
   * after this one failed (job.attempts so far, job.createdAt), or null to mark it failed.
   */
  retryDelayMs?: (job: JobRow) => number | null
  /**
   * What of the payload is kept once the job has finished (done, or given up): personal data that
   * was needed only to do the work goes. Null: kept as it is.
   */
  finishedPayload?: (payload: P) => P | null
  /** Scheduled kinds: one job per slot of this length (a day: daily), whichever instance queues it. */
  everyMs?: number
  scheduledPayload?: () => P
}
export type JobRegistry = { [K in JobKind]: JobKindDefinition<JobPayloads[K]> }

const DAY_MS = 24 * 60 * 60 * 1000

export function createJobRegistry(
  deps: {
    transport?: Transport
    /** Smaller limits in tests. */ confirmationLimits?: ConfirmationLimits
    /** Follow-ups' batch calls (a fake's in tests); from config otherwise. */ batchTransport?: BatchTransport
  } = {},
): JobRegistry {
  const transport = deps.transport ?? createTransport()
  const batchTransport = deps.batchTransport ?? createBatchTransport()
  return {
    email: { run: (email, job) => deliverEmail(transport, email, job, deps.confirmationLimits) },
    'storage.delete': { run: ({ key }) => deleteIfUnreferenced(key) },
    // A claimed batch's events share each look-up (visibility, rescoring, webhook and CRM owners).
    'lead.event': {
      run: (payload, job) => dispatchLeadEvent(payload, job.id),
      runMany: (jobs) => dispatchLeadEvents(jobs.map(({ payload, job }) => ({ payload, jobId: job.id }))),
      // A lead.deleted carries the erased email for the receivers; once fanned out it goes.
      finishedPayload: finishedLeadEventPayload,
    },
    'webhook.deliver': { run: (payload, job) => deliverWebhook(payload, job), retryDelayMs: webhookRetryDelay },
    'crm.sync': { maxAttempts: CRM_SYNC_MAX_ATTEMPTS, run: (payload, job) => runCrmSync(payload, job) },
    'crm.backfill': { run: (payload, job) => runCrmBackfill(payload, job) },
    'leads.rescore': { run: (payload) => rescoreSession(payload) },
    'billing.recheck': {
      run: async ({ workspaceId }) => {
        const result = await recomputeEntitlement(workspaceId)
        return result ? { before: result.before, after: result.after } : { missing: true }
      },
    },
    // Issue 32: one Resend batch call per job; the handler writes its outcome with the job's completion
    // and gives a batch up itself on its last attempt (the follow-up then ends partly sent).
    'follow_up.batch': {
      maxAttempts: FOLLOW_UP_BATCH_MAX_ATTEMPTS,
      run: (payload, job) => runFollowUpBatch(payload, job, batchTransport),
    },
    'follow_up.start': { run: (payload) => runFollowUpStart(payload) },
    'follow_up.sweep': {
      everyMs: 60 * 60 * 1000,
      maxAttempts: 3,
      scheduledPayload: () => ({}),
      run: () => runFollowUpSweep(),
    },
    // Deliver 7: the sessions' automatic follow-ups (safe to run again: nobody gets a second copy).
    'follow_up.automatic': {
      everyMs: 60 * 60 * 1000,
      maxAttempts: 3,
      scheduledPayload: () => ({}),
      run: () => runAutomaticSweep(),
    },
    'leads.retention': {
      everyMs: DAY_MS,
      maxAttempts: 3,
      scheduledPayload: () => ({}),
      run: () => runRetention(),
    },
    'jobs.prune': {
      everyMs: DAY_MS,
      maxAttempts: 3,
      scheduledPayload: () => ({ olderThanDays: getConfig().JOB_RETENTION_DAYS }),
      // The confirmation limits' past windows go too (only today and this hour count), and audit
      // log rows older than AUDIT_RETENTION_DAYS (kept longer than the queue: more than a year).
      run: async ({ olderThanDays }) => ({
        ...(await pruneFinished({ olderThanDays })),
        budgets: await pruneConfirmationBudgets(),
        audit: await pruneAuditEvents(),
        // The API's answers kept for Idempotency-Key (24 h) and the rate-limit windows that ended.
        idempotency: await pruneIdempotencyKeys(),
        rateLimits: await pruneRateLimits(),
      }),
    },
    'storage.sweep': {
      everyMs: DAY_MS,
      maxAttempts: 3,
      scheduledPayload: () => ({ minAgeMs: ORPHAN_MIN_AGE_MS }),
      run: async ({ minAgeMs }) => {
        const { orphans: _list, ...counts } = await sweepOrphans({ delete: true, minAgeMs })
        return counts
      },
    },
  }
}
