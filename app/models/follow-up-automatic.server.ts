import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { jobs } from '~/db/schema/jobs'
import { sendingPauses } from '~/db/schema/mail-provider'
import { talkSessions } from '~/db/schema/talks'
import { enqueueJob, jobsQueued } from '~/jobs/queue.server'
import { autoDue, firstSendDueAt, lateSignUpCutoff, lateSignUpDueAt } from '~/lib/follow-up-automatic'
import { FOLLOW_UP_BATCH_SIZE } from '~/lib/follow-ups'
import type { Scope } from '~/lib/permissions'
import { isUuid } from '~/lib/text'
import { recordAudit } from './audit.server'
import { audienceFactsQuery, includedCondition } from './follow-up-audience.server'
import { rowsOf } from './follow-up-sending.server'
import { audienceOf, type FollowUp } from './follow-ups.server'
import { workspacePlan } from './workspaces.server'

// The automatic follow-up of a session (issue 32 Deliver 7; docs/follow-up.md "Automatic follow-up"):
// one per session (follow_ups_auto_session_uq), written with the compose form, turned on, paused and
// resumed here. Its first send is the ordinary start (startFollowUp: the recipients rule's freeze,
// batches, audit) when the session's end + delay has come; each later sign-up is frozen into new
// batches of the same follow-up once the delay after their sign-up has passed. Both are done by the
// `follow_up.automatic` sweep (app/services/follow-up-automatic.server.ts): hourly, and woken at each
// next due moment. The unique (follow-up, person) row means one person never gets it twice, whatever
// runs again. The schedule rule is app/lib/follow-up-automatic.ts.

type Executor = Db | Tx

export type SessionTiming = { id: string; startsAt: Date; durationMinutes: number | null; timeZone: string }

/** The session as the scope opens it (a member who sees only their own sessions: theirs), with its timing. */
export async function automaticSession(scope: Scope, sessionId: string): Promise<SessionTiming | null> {
  if (!isUuid(sessionId)) return null
  const [row] = await getDb()
    .select({
      id: talkSessions.id,
      startsAt: talkSessions.startsAt,
      durationMinutes: talkSessions.durationMinutes,
      timeZone: talkSessions.timeZone,
    })
    .from(talkSessions)
    .where(
      and(
        eq(talkSessions.id, sessionId),
        eq(talkSessions.workspaceId, scope.ownerId),
        scope.runnerId === null ? undefined : eq(talkSessions.userId, scope.runnerId),
      ),
    )
    .limit(1)
  return row ?? null
}

/** The session's automatic follow-up, if one was written (a runner: only the one they wrote). */
export async function getAutomaticFollowUp(scope: Scope, sessionId: string, db: Executor = getDb()): Promise<FollowUp | null> {
  if (!isUuid(sessionId)) return null
  const [row] = await db
    .select()
    .from(followUps)
    .where(
      and(
        eq(followUps.ownerId, scope.ownerId),
        eq(followUps.automatic, true),
        eq(followUps.autoSessionId, sessionId.toLowerCase()),
        scope.runnerId === null ? undefined : eq(followUps.runnerId, scope.runnerId),
      ),
    )
    .limit(1)
  return row ?? null
}

/** Wakes the sweep at `at` (one job per moment, whoever asks). */
function wakeAt(at: Date, tx?: Executor) {
  return enqueueJob('follow_up.automatic', {}, { tx, runAt: at, dedupeKey: `follow_up.automatic:at:${at.getTime()}` })
}

async function timingOf(db: Executor, followUp: Pick<FollowUp, 'ownerId' | 'autoSessionId'>) {
  if (!followUp.autoSessionId) return null
  const [row] = await db
    .select({ startsAt: talkSessions.startsAt, durationMinutes: talkSessions.durationMinutes })
    .from(talkSessions)
    .where(and(eq(talkSessions.id, followUp.autoSessionId), eq(talkSessions.workspaceId, followUp.ownerId)))
    .limit(1)
  return row ?? null
}

export type AutoChange = 'ok' | 'not-found' | 'not-allowed'

const visible = (scope: Scope, id: string) =>
  and(
    eq(followUps.id, id),
    eq(followUps.ownerId, scope.ownerId),
    eq(followUps.automatic, true),
    scope.runnerId === null ? undefined : eq(followUps.runnerId, scope.runnerId),
  )

async function exists(db: Executor, scope: Scope, id: string) {
  const [row] = await db.select({ id: followUps.id }).from(followUps).where(visible(scope, id)).limit(1)
  return !!row
}

/**
 * Turns it on: the draft waits for its session's end + delay (scheduledAt keeps that moment for the
 * lists; the sweep reads the session's current end), and the sweep is woken then.
 */
export async function turnOnAutomatic(scope: Scope, id: string): Promise<AutoChange> {
  if (!isUuid(id)) return 'not-found'
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(followUps).where(visible(scope, id)).for('update').limit(1)
    if (!row) return 'not-found'
    if (row.status !== 'draft' || row.delayHours === null) return 'not-allowed'
    const timing = await timingOf(tx, row)
    if (!timing) return 'not-found'
    const due = firstSendDueAt(timing, row.delayHours)
    await tx
      .update(followUps)
      .set({ status: 'scheduled', scheduledAt: due, paused: false, statusReason: null, updatedAt: new Date() })
      .where(eq(followUps.id, row.id))
    await wakeAt(due, tx)
    return 'ok'
  })
}

/** Pauses (nothing more is frozen or started) or resumes it; resuming wakes the sweep at once for what is due. */
export async function setAutomaticPaused(scope: Scope, id: string, paused: boolean): Promise<AutoChange> {
  if (!isUuid(id)) return 'not-found'
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(followUps)
      .set({ paused, updatedAt: new Date() })
      .where(and(visible(scope, id), notInArray(followUps.status, ['draft', 'cancelled'])))
      .returning({ id: followUps.id })
    if (!rows.length) return (await exists(tx, scope, id)) ? 'not-allowed' : 'not-found'
    if (!paused) await wakeAt(new Date(), tx)
    return 'ok'
  })
}

/** Changes the delay (before or after the first send: later sign-ups follow the new one), and wakes the sweep. */
export async function setAutomaticDelay(scope: Scope, id: string, delayHours: number): Promise<AutoChange> {
  if (!isUuid(id)) return 'not-found'
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(followUps)
      .set({ delayHours: Math.trunc(delayHours), updatedAt: new Date() })
      .where(and(visible(scope, id), notInArray(followUps.status, ['cancelled'])))
      .returning()
    if (!row) return (await exists(tx, scope, id)) ? 'not-allowed' : 'not-found'
    if (row.status === 'scheduled') {
      const timing = await timingOf(tx, row)
      if (timing) {
        const due = firstSendDueAt(timing, row.delayHours!)
        await tx.update(followUps).set({ scheduledAt: due }).where(eq(followUps.id, row.id))
        await wakeAt(due, tx)
      }
    } else if (row.status !== 'draft') await wakeAt(new Date(), tx)
    return 'ok'
  })
}

/**
 * A session's time changed (its edit): the first send of its automatic follow-up moves with the end.
 * Called in the edit's transaction; the hourly sweep would find it anyway.
 */
export async function sessionTimingChanged(tx: Executor, ownerId: string, sessionId: string) {
  const [row] = await tx
    .select()
    .from(followUps)
    .where(
      and(
        eq(followUps.ownerId, ownerId),
        eq(followUps.automatic, true),
        eq(followUps.autoSessionId, sessionId),
        eq(followUps.status, 'scheduled'),
      ),
    )
    .limit(1)
  if (!row || row.delayHours === null) return
  const timing = await timingOf(tx, row)
  if (!timing) return
  const due = firstSendDueAt(timing, row.delayHours)
  await tx.update(followUps).set({ scheduledAt: due, updatedAt: new Date() }).where(eq(followUps.id, row.id))
  await wakeAt(due, tx)
}

export type AutoCandidate = {
  id: string
  status: FollowUp['status']
  paused: boolean
  delayHours: number
  session: { startsAt: Date; durationMinutes: number | null }
}

/**
 * The automatic follow-ups the sweep looks at: turned on, not paused, their session still there.
 * Waiting ones only once their session has started + the delay (a necessary condition of being due:
 * the end is never before the start; the rule itself decides, app/lib/follow-up-automatic.ts).
 */
export async function automaticCandidates(now: Date, limit = 500): Promise<AutoCandidate[]> {
  const rows = await getDb()
    .select({
      id: followUps.id,
      status: followUps.status,
      paused: followUps.paused,
      delayHours: followUps.delayHours,
      startsAt: talkSessions.startsAt,
      durationMinutes: talkSessions.durationMinutes,
    })
    .from(followUps)
    .innerJoin(talkSessions, and(eq(talkSessions.id, followUps.autoSessionId), eq(talkSessions.workspaceId, followUps.ownerId)))
    .where(
      and(
        eq(followUps.automatic, true),
        eq(followUps.paused, false),
        sql`${followUps.delayHours} is not null`,
        inArray(followUps.status, ['scheduled', 'sending', 'sent', 'partly_sent']),
        sql`(${followUps.status} <> 'scheduled' or ${talkSessions.startsAt} + make_interval(hours => ${followUps.delayHours}) <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(followUps.id)
    .limit(limit)
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    paused: r.paused,
    delayHours: r.delayHours!,
    session: { startsAt: r.startsAt, durationMinutes: r.durationMinutes },
  }))
}

/** What is due for one candidate now (the rule), and the moment its first send is due. */
export function dueOf(candidate: AutoCandidate, now: Date) {
  return { due: autoDue(candidate, candidate.session, now), firstAt: firstSendDueAt(candidate.session, candidate.delayHours) }
}

/** Before the first send starts: its scheduledAt is set to the moment the rule says (startFollowUp checks it). */
export async function markFirstSendDue(id: string, at: Date) {
  await getDb()
    .update(followUps)
    .set({ scheduledAt: at })
    .where(and(eq(followUps.id, id), eq(followUps.automatic, true), eq(followUps.status, 'scheduled')))
}

/** When the waiting ones' first sends are due, those still ahead (earliest first): the sweep is woken then. */
export async function nextFirstSends(now: Date, limit = 100) {
  const rows = await getDb()
    .select({ delayHours: followUps.delayHours, startsAt: talkSessions.startsAt, durationMinutes: talkSessions.durationMinutes })
    .from(followUps)
    .innerJoin(talkSessions, and(eq(talkSessions.id, followUps.autoSessionId), eq(talkSessions.workspaceId, followUps.ownerId)))
    .where(
      and(
        eq(followUps.automatic, true),
        eq(followUps.paused, false),
        eq(followUps.status, 'scheduled'),
        sql`${followUps.delayHours} is not null`,
      ),
    )
    .limit(limit)
  return rows
    .map((r) => firstSendDueAt(r, r.delayHours!))
    .filter((d) => d.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime())
}

export type LateResult = { frozen: number; batches: number; nextDueAt: Date | null; skipped?: 'paused' | 'not-running' }

/**
 * Freezes the later sign-ups who are due: included by the recipients rule now, not yet a recipient,
 * and signed up at least the delay ago — into new batches after the last one, each a durable
 * `follow_up.batch` job, with an audit entry; in ONE transaction holding the follow-up's row (a batch
 * finishing at the same time waits). Run again at any point, it finds them recipients already: the
 * unique (follow-up, person) row keeps one person from getting it twice. Also answers when the next
 * sign-up not yet due will be.
 */
export async function freezeLateSignUps(id: string, now: Date): Promise<LateResult> {
  const db = getDb()
  const [candidate] = await db.select().from(followUps).where(eq(followUps.id, id)).limit(1)
  if (!candidate || !candidate.automatic || candidate.delayHours === null)
    return { frozen: 0, batches: 0, nextDueAt: null, skipped: 'not-running' }
  const plan = await workspacePlan(candidate.ownerId)
  const cutoff = lateSignUpCutoff(now, candidate.delayHours)
  return db.transaction(async (tx) => {
    const [followUp] = await tx.select().from(followUps).where(eq(followUps.id, id)).for('update').limit(1)
    if (
      !followUp ||
      followUp.paused ||
      followUp.delayHours !== candidate.delayHours ||
      !['sending', 'sent', 'partly_sent'].includes(followUp.status)
    )
      return { frozen: 0, batches: 0, nextDueAt: null, skipped: 'not-running' as const }
    const [workspacePaused] = await tx
      .select({ reason: sendingPauses.reason })
      .from(sendingPauses)
      .where(eq(sendingPauses.workspaceId, followUp.ownerId))
      .limit(1)
    if (workspacePaused) return { frozen: 0, batches: 0, nextDueAt: null, skipped: 'paused' as const }
    const facts = await audienceFactsQuery(audienceOf(followUp), plan, tx, { signedUpAt: true })
    if (!facts) return { frozen: 0, batches: 0, nextDueAt: null }
    const notYet = sql`not exists (select 1 from ${followUpRecipients} as "had" where "had"."follow_up_id" = ${followUp.id}::uuid and "had"."contact_id" = f.contact_id)`
    const [{ base }] = rowsOf<{ base: number }>(
      await tx.execute(
        sql`select coalesce(max(${followUpRecipients.batch}) + 1, 0)::int as base from ${followUpRecipients} where ${followUpRecipients.followUpId} = ${followUp.id}::uuid`,
      ),
    ) as [{ base: number }]
    const inserted = await tx.execute(sql`
      with frozen as (
        insert into ${followUpRecipients} (follow_up_id, owner_id, contact_id, email, first_name, batch)
        select ${followUp.id}::uuid, ${followUp.ownerId}::uuid, f.contact_id, f.email, f.first_name,
          ${base}::int + ((row_number() over (order by f.contact_id)) - 1) / ${FOLLOW_UP_BATCH_SIZE}
        from (${facts}) f
        where ${includedCondition()} and f.signed_up_at <= ${cutoff.toISOString()}::timestamptz and ${notYet}
        on conflict (follow_up_id, contact_id) do nothing
        returning batch
      )
      select count(*)::int as n, max(batch)::int as last from frozen`)
    const [{ n, last }] = rowsOf<{ n: number; last: number | null }>(inserted) as [{ n: number; last: number | null }]
    const frozen = Number(n ?? 0)
    let batches = 0
    if (frozen > 0 && last !== null) {
      batches = Number(last) - Number(base) + 1
      await tx
        .update(followUps)
        .set({
          status: 'sending',
          finishedAt: null,
          recipientCount: sql`${followUps.recipientCount} + ${frozen}::int`,
          batchCount: sql`greatest(${followUps.batchCount}, ${Number(last) + 1}::int)`,
          updatedAt: now,
        })
        .where(eq(followUps.id, followUp.id))
      await tx.execute(sql`
        insert into ${jobs} (kind, payload, run_at, dedupe_key)
        select 'follow_up.batch', jsonb_build_object('followUpId', ${followUp.id}::text, 'batch', b), now(),
          'follow_up.batch:' || ${followUp.id}::text || ':' || b
        from generate_series(${base}::int, ${last}::int) as b
        on conflict (dedupe_key) do nothing`)
      await recordAudit(
        {
          workspaceId: followUp.ownerId,
          actor: null,
          kind: 'follow_up.sent',
          subject: followUp.subject,
          data: { recipients: frozen, automatic: true, laterSignUps: true },
        },
        tx,
      )
      queueMicrotask(jobsQueued)
    }
    // The next one not yet due: the earliest sign-up after the cutoff among those it would include.
    const pending = rowsOf<{ at: string | Date | null }>(
      await tx.execute(sql`select min(f.signed_up_at) as at from (${facts}) f
        where ${includedCondition()} and f.signed_up_at > ${cutoff.toISOString()}::timestamptz and ${notYet}`),
    )[0]?.at
    const nextDueAt = pending ? lateSignUpDueAt(new Date(pending), followUp.delayHours!) : null
    return { frozen, batches, nextDueAt }
  })
}

/** Wakes the sweep at each of these moments (deduplicated per moment). */
export async function wakeAutomaticAt(moments: Date[]) {
  for (const at of moments) await wakeAt(at)
}
