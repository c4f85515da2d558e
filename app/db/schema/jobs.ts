import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgEnum, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

export const jobStatusEnum = pgEnum('job_status', ['pending', 'done', 'failed'])

// The one durable job queue (ARCHITECTURE decision 15, docs/decisions/0009-jobs.md): email,
// storage clean-up, scheduled sweeps, and whatever kind comes next (payloads in app/jobs/payloads.ts,
// handlers in app/services/job-kinds.server.ts).
// Written in the same transaction as the change that causes the job; claimed with FOR UPDATE SKIP
// LOCKED and a lease (locked_until), so several instances share the work and a crashed claim expires.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    // What the handler reported (an email's transport and provider id, a sweep's counts).
    result: jsonb('result'),
    // A scheduled job's slot (`storage.sweep:2026-11-24`): one row per slot however many instances run.
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    // The captures (leads.id) whose details the payload holds — an email to or about an attendee —
    // so that erasing them finds every copy (docs/decisions/0014-erasure-reaches-every-copy.md).
    // Null for the jobs about nobody.
    leadIds: uuid('lead_ids').array(),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
    // Only the jobs about someone; fastupdate off: a sign-up pays one small insert, never the
    // pending list's merge (a latency spike for whichever request crosses its limit).
    index('jobs_lead_ids_idx')
      .using('gin', t.leadIds)
      .where(sql`lead_ids is not null`)
      .with({ fastupdate: false }),
    // A person's CRM pushes, whose results may quote HubSpot's answer about them (erasure scrubs it).
    index('jobs_crm_contact_idx')
      .on(sql`(${t.payload}->>'contactId')`)
      .where(sql`kind = 'crm.sync'`),
  ],
)

// Email jobs as the outbox they were before the queue was generalised: read-only, for the dev mailbox,
// delivery checks and tests. Status reads 'sent' for a delivered message, 'skipped' for an attendee
// confirmation held back by its limits (app/models/confirmation-budget.server.ts).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const emailOutbox = pgView('email_outbox', {
  id: uuid('id').notNull(),
  to: text('to').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  status: text('status').$type<'pending' | 'sent' | 'skipped' | 'failed'>().notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  lockedUntil: ts('locked_until'),
  lastError: text('last_error'),
  transport: text('transport'),
  providerId: text('provider_id'),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
}).as(
  sql`select "id", "payload"->>'to' as "to", "payload"->>'replyTo' as "reply_to", "payload"->>'subject' as "subject", "payload"->>'html' as "html", "payload"->>'text' as "text", case when "status" = 'done' and "result"->>'skipped' is not null then 'skipped' when "status" = 'done' then 'sent' else "status"::text end as "status", "attempts", "run_at" as "next_attempt_at", "locked_until", "last_error", "result"->>'transport' as "transport", "result"->>'providerId' as "provider_id", "created_at", "finished_at" as "sent_at" from "jobs" where "kind" = 'email'`,
)
