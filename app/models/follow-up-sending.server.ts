import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { followUpRecipients, followUps, sendRates } from '~/db/schema/follow-ups'
import { jobs } from '~/db/schema/jobs'
import { sendingPauses } from '~/db/schema/mail-provider'
import { jobsQueued } from '~/jobs/queue.server'
import { fillShared } from '~/lib/follow-up-merge'
import { prepareBody } from '~/lib/follow-up-message'
import { FOLLOW_UP_BATCH_SIZE } from '~/lib/follow-ups'
import type { Scope } from '~/lib/permissions'
import { isUuid } from '~/lib/text'
import { recordAudit, type AuditActor } from './audit.server'
import { audienceFactsQuery, includedCondition } from './follow-up-audience.server'
import { sharedMergeValues } from './follow-up-compose.server'
import { audienceOf, type FollowUp } from './follow-ups.server'
import { workspacePlan } from './workspaces.server'

// Sending a follow-up (issue 32 Deliver 3; docs/follow-up.md "Sending"): freezing its recipients
// when it starts, one durable job per batch of ≤ 100, and each batch's outcome written in ONE
// transaction with its job's completion. The provider call and the messages are
// app/services/follow-up-send.server.ts.

export type StartResult = 'started' | 'not-found' | 'not-editable' | 'paused' | 'not-due'

/**
 * Starts sending: the follow-up goes to `sending`, its recipients are frozen by one INSERT … SELECT
 * (the recipients rule's included facts; the database streams them, so memory does not grow with the
 * list), numbered into batches of FOLLOW_UP_BATCH_SIZE, and one `follow_up.batch` job per batch is
 * queued — all in one transaction: a crash leaves either nothing started or everything queued.
 * `due`: only a scheduled follow-up whose time has come (the scheduler's call).
 */
export async function startFollowUp(
  followUpId: string,
  options: { ownerId?: string; actor: AuditActor | null; from: (followUp: FollowUp) => Promise<string>; due?: Date },
): Promise<StartResult> {
  if (!isUuid(followUpId)) return 'not-found'
  const db = getDb()
  const [candidate] = await db
    .select()
    .from(followUps)
    .where(and(eq(followUps.id, followUpId), options.ownerId ? eq(followUps.ownerId, options.ownerId) : undefined))
    .limit(1)
  if (!candidate) return 'not-found'
  // Decided before the transaction: the From header (a verified sending domain or MAIL_FROM) and the plan.
  const fromHeader = await options.from(candidate)
  const plan = await workspacePlan(candidate.ownerId)
  // The merge fields every recipient shares (talk, event, offer link, sender) are filled now and
  // stored with it, so the links and every batch's bytes are fixed from here; each message fills in
  // only its recipient's first name (app/lib/follow-up-merge.ts).
  const shared = await sharedMergeValues(candidate)
  const subject = fillShared(candidate.subject, shared, { html: false })
  const bodyHtml = fillShared(candidate.bodyHtml, shared, { html: true })
  return db.transaction(async (tx) => {
    const [paused] = await tx
      .select({ reason: sendingPauses.reason })
      .from(sendingPauses)
      .where(eq(sendingPauses.workspaceId, candidate.ownerId))
      .limit(1)
    if (paused) return 'paused'
    const now = new Date()
    const [followUp] = await tx
      .update(followUps)
      // The body's links, in order, for the click redirects /c/{token}/{n} (the body cannot change
      // from here on: only drafts and scheduled follow-ups are editable).
      .set({
        status: 'sending',
        startedAt: now,
        fromHeader,
        subject,
        bodyHtml,
        links: prepareBody(bodyHtml).links,
        statusReason: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(followUps.id, candidate.id),
          eq(followUps.bodyHtml, candidate.bodyHtml),
          eq(followUps.subject, candidate.subject),
          // A paused automatic follow-up sends nothing (Deliver 7); a manual one is never paused.
          eq(followUps.paused, false),
          options.due
            ? and(eq(followUps.status, 'scheduled'), lte(followUps.scheduledAt, options.due))
            : inArray(followUps.status, ['draft', 'scheduled']),
        ),
      )
      .returning()
    if (!followUp) return options.due ? 'not-due' : 'not-editable'
    const facts = await audienceFactsQuery(audienceOf(followUp), plan, tx)
    let count = 0
    if (facts) {
      const inserted = await tx.execute(sql`
        with frozen as (
          insert into ${followUpRecipients} (follow_up_id, owner_id, contact_id, email, first_name, batch)
          select ${followUp.id}::uuid, ${followUp.ownerId}::uuid, f.contact_id, f.email, f.first_name,
            ((row_number() over (order by f.contact_id)) - 1) / ${FOLLOW_UP_BATCH_SIZE}
          from (${facts}) f
          where ${includedCondition()}
          on conflict (follow_up_id, contact_id) do nothing
          returning 1
        )
        select count(*)::int as n from frozen`)
      count = Number(rowsOf<{ n: number }>(inserted)[0]?.n ?? 0)
    }
    const batches = Math.ceil(count / FOLLOW_UP_BATCH_SIZE)
    await tx
      .update(followUps)
      .set({
        recipientCount: count,
        batchCount: batches,
        ...(count === 0 ? { status: 'sent' as const, finishedAt: now, statusReason: 'Nobody to send to' } : {}),
      })
      .where(eq(followUps.id, followUp.id))
    if (batches > 0) {
      // One job per batch, its dedupe key the batch itself: a batch is queued once, ever.
      await tx.execute(sql`
        insert into ${jobs} (kind, payload, run_at, dedupe_key)
        select 'follow_up.batch', jsonb_build_object('followUpId', ${followUp.id}::text, 'batch', b), now(),
          'follow_up.batch:' || ${followUp.id}::text || ':' || b
        from generate_series(0, ${batches - 1}::int) as b
        on conflict (dedupe_key) do nothing`)
    }
    await recordAudit(
      {
        workspaceId: followUp.ownerId,
        actor: options.actor,
        kind: 'follow_up.sent',
        subject: followUp.subject,
        data: { recipients: count, ...(options.due ? { scheduled: true } : {}) },
      },
      tx,
    )
    queueMicrotask(jobsQueued)
    return 'started'
  })
}

/** "Send now" by a member: the follow-up must be theirs to see (scope), a draft or scheduled. */
export async function sendFollowUpNow(
  scope: Scope,
  id: string,
  actor: AuditActor,
  from: (followUp: FollowUp) => Promise<string>,
): Promise<StartResult> {
  if (!isUuid(id)) return 'not-found'
  const [row] = await getDb()
    .select({ id: followUps.id, automatic: followUps.automatic })
    .from(followUps)
    .where(
      and(
        eq(followUps.id, id),
        eq(followUps.ownerId, scope.ownerId),
        scope.runnerId === null ? undefined : eq(followUps.runnerId, scope.runnerId),
      ),
    )
    .limit(1)
  if (!row) return 'not-found'
  // An automatic follow-up goes by its session's end, never by "Send now".
  if (row.automatic) return 'not-editable'
  return startFollowUp(row.id, { ownerId: scope.ownerId, actor, from })
}

/** Scheduled follow-ups whose time has come (the sweep's safety net behind each one's own start job). */
export async function dueFollowUps(now: Date, limit = 100) {
  const rows = await getDb()
    .select({ id: followUps.id })
    .from(followUps)
    // Automatic follow-ups go by their session's current end (app/models/follow-up-automatic.server.ts).
    .where(and(eq(followUps.status, 'scheduled'), eq(followUps.automatic, false), lte(followUps.scheduledAt, now)))
    .limit(limit)
  return rows.map((r) => r.id)
}

export type BatchRecipient = { id: string; contactId: string; email: string; firstName: string | null; tokenHash: string | null }

/** What a batch job needs: the follow-up (if still sending) and the batch's recipients not sent yet. */
export async function loadBatch(followUpId: string, batch: number) {
  const db = getDb()
  const [followUp] = await db.select().from(followUps).where(eq(followUps.id, followUpId)).limit(1)
  if (!followUp) return null
  const recipients = await db
    .select({
      id: followUpRecipients.id,
      contactId: followUpRecipients.contactId,
      email: followUpRecipients.email,
      firstName: followUpRecipients.firstName,
      tokenHash: followUpRecipients.tokenHash,
    })
    .from(followUpRecipients)
    .where(
      and(
        eq(followUpRecipients.followUpId, followUpId),
        eq(followUpRecipients.batch, batch),
        eq(followUpRecipients.status, 'queued'),
      ),
    )
    .orderBy(followUpRecipients.contactId)
  // An erased person (address nulled) is not sent to; their row stays for the counts.
  return { followUp, recipients: recipients.filter((r): r is BatchRecipient => r.email !== null) }
}

/** Stores the token hashes of recipients about to be sent to (the same values on every retry). */
export async function storeTokenHashes(rows: { id: string; tokenHash: string }[]) {
  if (rows.length === 0) return
  await getDb().execute(sql`
    update ${followUpRecipients} set token_hash = d.token_hash
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, token_hash: r.tokenHash })))}::jsonb) as d(id uuid, token_hash text)
    where ${followUpRecipients.id} = d.id and ${followUpRecipients.tokenHash} is null`)
}

export type DevMailboxCopy = {
  from: string
  to: string
  subject: string
  html: string
  text: string
  replyTo?: string
  headers: Record<string, string>
}

export type BatchOutcome =
  | {
      kind: 'sent'
      providerIds: { id: string; providerId: string | null; contactId: string }[]
      transport: string
      devMailbox?: DevMailboxCopy[]
    }
  | { kind: 'failed'; reason: string }

/**
 * Writes a batch's outcome and its job's completion in ONE transaction: the recipients marked sent
 * with the provider's ids (or failed), the follow-up's count, the job done — and, when no recipient
 * is left queued, the follow-up finished: sent, or partly sent with the reason. The follow-up row is
 * locked first, so two batches finishing at once on two instances serialise and the last one sees
 * the other's rows. Without a provider the messages are written to the dev mailbox here too.
 */
export async function completeBatch(input: { followUpId: string; batch: number; jobId: string; outcome: BatchOutcome }) {
  const { followUpId, batch, jobId, outcome } = input
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${followUps} where ${followUps.id} = ${followUpId}::uuid for update`)
    const now = new Date()
    let sent = 0
    if (outcome.kind === 'sent') {
      const rows = JSON.stringify(outcome.providerIds.map((p) => ({ id: p.id, provider_id: p.providerId })))
      const updated = await tx.execute(sql`
        update ${followUpRecipients} set status = 'sent', sent_at = ${now.toISOString()}::timestamptz,
          provider_message_id = d.provider_id, updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${rows}::jsonb) as d(id uuid, provider_id text)
        where ${followUpRecipients.id} = d.id and ${followUpRecipients.followUpId} = ${followUpId}::uuid
          and ${followUpRecipients.status} = 'queued'
        returning 1`)
      sent = rowsOf(updated).length
      if (outcome.devMailbox?.length) {
        // The dev mailbox reads email jobs (the email_outbox view): each message as one finished job,
        // linked to the person's captures so that erasing them removes the copy.
        const copies = JSON.stringify(
          outcome.devMailbox.map((m, i) => ({ payload: m, contact_id: outcome.providerIds[i]?.contactId ?? null })),
        )
        await tx.execute(sql`
          insert into ${jobs} (kind, payload, status, attempts, run_at, finished_at, result, lead_ids)
          select 'email', c.payload, 'done', 1, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
            jsonb_build_object('transport', 'dev-mailbox', 'followUpId', ${followUpId}::text),
            (select array_agg(l.id) from leads l where l.contact_id = c.contact_id)
          from jsonb_to_recordset(${copies}::jsonb) as c(payload jsonb, contact_id uuid)`)
      }
    }
    // Left queued in this batch: erased people (no address), or the whole batch when it failed.
    await tx
      .update(followUpRecipients)
      .set({ status: 'failed', updatedAt: now })
      .where(
        and(
          eq(followUpRecipients.followUpId, followUpId),
          eq(followUpRecipients.batch, batch),
          eq(followUpRecipients.status, 'queued'),
          outcome.kind === 'failed' ? undefined : sql`${followUpRecipients.email} is null`,
        ),
      )
    await tx
      .update(followUps)
      .set({
        sentCount: sql`${followUps.sentCount} + ${sent}::int`,
        updatedAt: now,
        ...(outcome.kind === 'failed' ? { statusReason: outcome.reason.slice(0, 500) } : {}),
      })
      .where(eq(followUps.id, followUpId))
    await tx
      .update(jobs)
      .set({
        status: 'done',
        finishedAt: now,
        lockedUntil: null,
        lastError: null,
        result: outcome.kind === 'sent' ? { sent, transport: outcome.transport } : { failed: outcome.reason },
      })
      .where(eq(jobs.id, jobId))
    await finishIfDone(tx, followUpId, now)
    return sent
  })
}

async function finishIfDone(tx: Tx, followUpId: string, now: Date) {
  await tx.execute(sql`
    update ${followUps} set
      status = case when exists (select 1 from ${followUpRecipients} r where r.follow_up_id = ${followUpId}::uuid and r.status = 'failed' and r.email is not null)
        then 'partly_sent'::follow_up_status else 'sent'::follow_up_status end,
      status_reason = case when exists (select 1 from ${followUpRecipients} r where r.follow_up_id = ${followUpId}::uuid and r.status = 'failed' and r.email is not null)
        then coalesce(${followUps.statusReason}, 'Some batches could not be sent') else ${followUps.statusReason} end,
      finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where ${followUps.id} = ${followUpId}::uuid and ${followUps.status} = 'sending'
      and not exists (select 1 from ${followUpRecipients} r where r.follow_up_id = ${followUpId}::uuid and r.status = 'queued')`)
}

/**
 * Reserves the next provider call's slot under the server-wide and the workspace's rate: one UPSERT
 * per key moves its next free time on by 1/rate; the call waits for the later of its two slots.
 * Returns the wait in milliseconds (the database's clock, the same for every instance).
 */
export async function reserveSendSlot(workspaceId: string, rates: { server: number; workspace: number }) {
  const take = async (key: string, perSecond: number) => {
    const step = `${Math.round(1000 / Math.max(0.01, perSecond))} milliseconds`
    const rows = await getDb().execute(sql`
      insert into ${sendRates} (key, next_at) values (${key}, now() + ${step}::interval)
      on conflict (key) do update set next_at = greatest(${sendRates.nextAt}, now()) + ${step}::interval
      returning greatest(0, extract(epoch from (next_at - ${step}::interval - now())) * 1000)::float8 as wait`)
    return Number(rowsOf<{ wait: number }>(rows)[0]?.wait ?? 0)
  }
  const [server, own] = await Promise.all([take('server', rates.server), take(`workspace:${workspaceId}`, rates.workspace)])
  return Math.max(server, own)
}

/** A 429: nobody on this server calls the provider before Retry-After has passed. */
export async function holdSendsFor(ms: number) {
  const until = `${Math.max(0, Math.round(ms))} milliseconds`
  await getDb().execute(sql`
    insert into ${sendRates} (key, next_at) values ('server', now() + ${until}::interval)
    on conflict (key) do update set next_at = greatest(${sendRates.nextAt}, now() + ${until}::interval)`)
}

export function rowsOf<T>(result: unknown): T[] {
  // postgres.js answers with the rows, PGlite with { rows }.
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}
