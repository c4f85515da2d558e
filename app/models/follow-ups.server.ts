import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { events } from '~/db/schema/events'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { segments } from '~/db/schema/people'
import { enqueueJob } from '~/jobs/queue.server'
import { talkSessions, talks } from '~/db/schema/talks'
import type { RecipientSummary } from '~/lib/follow-up-recipients'
import { FOLLOW_UP_LIMITS, type FollowUpSource, type FollowUpStatus } from '~/lib/follow-ups'
import type { Scope } from '~/lib/permissions'
import { isUuid } from '~/lib/text'
import { isTimeZone, zonedLocalToUtc } from '~/lib/time-zone'
import { recipientSummary, type Audience } from './follow-up-audience.server'

// Follow-ups (issue 32): drafts, scheduling, cancelling and the numbers per follow-up. Every query
// names the workspace in its WHERE clause; a member who sees only the sessions they run
// (scope.runnerId) sees and changes only the follow-ups they wrote, whose recipients are only the
// captures given to them. Sending (freezing recipients, batches) is app/models/follow-up-sending.server.ts.
// Bodies reach this module already sanitised (app/services/follow-up-drafts.server.ts).

type Executor = Db | Tx

export type FollowUp = typeof followUps.$inferSelect

/** The draft's own fields, as the compose form edits them. */
export type FollowUpDraftInput = {
  subject: string
  /** Sanitised HTML (the model does not sanitise: models never import services). */
  bodyHtml: string
  fromName: string
  replyTo: string | null
}

/** A follow-up the scope may see: its workspace, and for a runner only their own. */
function visibleTo(scope: Scope, id?: string): SQL {
  return and(
    eq(followUps.ownerId, scope.ownerId),
    scope.runnerId === null ? undefined : eq(followUps.runnerId, scope.runnerId),
    id === undefined ? undefined : eq(followUps.id, id),
  )!
}

/** The source exists in the workspace and the scope opens it (a runner: it holds a session they run). */
export async function sourceOpens(scope: Scope, source: FollowUpSource, sourceId: string, db: Executor = getDb()) {
  if (!isUuid(sourceId)) return false
  const w = scope.ownerId
  const ran = (sessions: SQL) =>
    scope.runnerId === null
      ? sql`true`
      : sql`exists (select 1 from ${talkSessions} as "ran" where ${sessions} and "ran"."user_id" = ${scope.runnerId}::uuid and "ran"."workspace_id" = ${w}::uuid)`
  let query
  switch (source) {
    case 'session':
      query = db
        .select({ id: talkSessions.id })
        .from(talkSessions)
        .where(
          and(
            eq(talkSessions.id, sourceId),
            eq(talkSessions.workspaceId, w),
            scope.runnerId === null ? undefined : eq(talkSessions.userId, scope.runnerId),
          ),
        )
      break
    case 'talk':
      query = db
        .select({ id: talks.id })
        .from(talks)
        .where(and(eq(talks.id, sourceId), eq(talks.workspaceId, w), ran(sql`"ran"."talk_id" = ${talks.id}`)))
      break
    case 'event':
      query = db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, sourceId), eq(events.workspaceId, w), ran(sql`"ran"."event_id" = ${events.id}`)))
      break
    case 'segment':
      query = db
        .select({ id: segments.id })
        .from(segments)
        .where(and(eq(segments.id, sourceId), eq(segments.ownerId, w)))
      break
  }
  const [row] = await query.limit(1)
  return !!row
}

function clip(input: FollowUpDraftInput): FollowUpDraftInput {
  return {
    subject: input.subject.trim().slice(0, FOLLOW_UP_LIMITS.subject),
    bodyHtml: input.bodyHtml.slice(0, FOLLOW_UP_LIMITS.bodyHtml),
    fromName: input.fromName.trim().slice(0, FOLLOW_UP_LIMITS.fromName),
    replyTo: input.replyTo?.trim().toLowerCase() || null,
  }
}

/**
 * A new draft of the scope's workspace, or null when the source is not the scope's to write to
 * (another workspace's, another member's session, none). `automatic` makes it the session's
 * automatic follow-up (Deliver 7): the source must then be that session.
 */
export async function createFollowUpDraft(
  scope: Scope,
  input: FollowUpDraftInput & {
    source: FollowUpSource
    sourceId: string
    automatic?: { delayHours: number }
  },
): Promise<FollowUp | null> {
  const db = getDb()
  if (!(await sourceOpens(scope, input.source, input.sourceId, db))) return null
  if (input.automatic && input.source !== 'session') return null
  const [row] = await db
    .insert(followUps)
    .values({
      ownerId: scope.ownerId,
      createdBy: scope.userId,
      runnerId: scope.runnerId,
      source: input.source,
      sourceId: input.sourceId.toLowerCase(),
      ...clip(input),
      ...(input.automatic
        ? {
            automatic: true,
            autoSessionId: input.sourceId.toLowerCase(),
            delayHours: Math.max(0, Math.min(FOLLOW_UP_LIMITS.delayHours, Math.trunc(input.automatic.delayHours))),
          }
        : {}),
    })
    .returning()
  return row ?? null
}

export type ChangeResult = 'ok' | 'not-found' | 'not-editable'

/** What a change found when its guarded UPDATE changed nothing: no such follow-up, or one gone past editing. */
async function why(scope: Scope, id: string): Promise<Exclude<ChangeResult, 'ok'>> {
  const [row] = await getDb().select({ status: followUps.status }).from(followUps).where(visibleTo(scope, id)).limit(1)
  return row ? 'not-editable' : 'not-found'
}

const EDITABLE: FollowUpStatus[] = ['draft', 'scheduled']

/** Saves the draft's fields; only while nothing has gone out (draft or scheduled). */
export async function updateFollowUpDraft(
  scope: Scope,
  id: string,
  input: FollowUpDraftInput & { delayHours?: number },
): Promise<ChangeResult> {
  if (!isUuid(id)) return 'not-found'
  const { delayHours, ...fields } = input
  const rows = await getDb()
    .update(followUps)
    .set({
      ...clip(fields),
      ...(delayHours === undefined
        ? {}
        : {
            delayHours: sql`case when ${followUps.automatic} then ${Math.max(0, Math.min(FOLLOW_UP_LIMITS.delayHours, Math.trunc(delayHours)))}::int end`,
          }),
      updatedAt: new Date(),
    })
    .where(and(visibleTo(scope, id), inArray(followUps.status, EDITABLE)))
    .returning({ id: followUps.id })
  return rows.length ? 'ok' : why(scope, id)
}

export async function getFollowUp(scope: Scope, id: string, db: Executor = getDb()): Promise<FollowUp | null> {
  if (!isUuid(id)) return null
  const [row] = await db.select().from(followUps).where(visibleTo(scope, id)).limit(1)
  return row ?? null
}

/** The scope's follow-ups, newest first (a source's own when `source` is given). */
export async function listFollowUps(
  scope: Scope,
  options: { source?: { kind: FollowUpSource; id: string }; limit?: number } = {},
): Promise<FollowUp[]> {
  const { source, limit = 100 } = options
  if (source && !isUuid(source.id)) return []
  return getDb()
    .select()
    .from(followUps)
    .where(
      and(
        visibleTo(scope),
        source ? and(eq(followUps.source, source.kind), eq(followUps.sourceId, source.id.toLowerCase())) : undefined,
      ),
    )
    .orderBy(desc(followUps.createdAt), desc(followUps.id))
    .limit(limit)
}

/** The zone a follow-up's time is asked in by default: its session's or event's, else the workspace's latest session's, else UTC. */
export async function defaultTimeZone(followUp: Pick<FollowUp, 'ownerId' | 'source' | 'sourceId' | 'timeZone'>) {
  if (followUp.timeZone) return followUp.timeZone
  const db = getDb()
  if (followUp.source === 'event') {
    const [e] = await db
      .select({ zone: events.timeZone })
      .from(events)
      .where(and(eq(events.id, followUp.sourceId), eq(events.workspaceId, followUp.ownerId)))
      .limit(1)
    if (e) return e.zone
  }
  const [s] = await db
    .select({ zone: talkSessions.timeZone })
    .from(talkSessions)
    .where(
      and(
        eq(talkSessions.workspaceId, followUp.ownerId),
        followUp.source === 'session' ? eq(talkSessions.id, followUp.sourceId) : undefined,
        followUp.source === 'talk' ? eq(talkSessions.talkId, followUp.sourceId) : undefined,
      ),
    )
    .orderBy(desc(talkSessions.startsAt))
    .limit(1)
  return s?.zone ?? 'UTC'
}

export type ScheduleResult = ChangeResult | 'bad-time' | 'past'

/**
 * Schedules it for a wall-clock time (YYYY-MM-DDTHH:mm) in a zone, stored as UTC; the scheduler
 * starts it when the time comes. Refused for a time not in the future.
 */
export async function scheduleFollowUp(
  scope: Scope,
  id: string,
  when: { local: string; timeZone: string },
  now = new Date(),
): Promise<ScheduleResult> {
  if (!isUuid(id)) return 'not-found'
  if (!isTimeZone(when.timeZone)) return 'bad-time'
  const at = zonedLocalToUtc(when.local, when.timeZone)
  if (!at) return 'bad-time'
  if (at.getTime() <= now.getTime()) return 'past'
  // Its start job is queued with it, for that time (a rescheduled one's earlier job finds it not due
  // and does nothing); the hourly sweep catches any that did not run.
  const scheduled = await getDb().transaction(async (tx) => {
    const rows = await tx
      .update(followUps)
      .set({ status: 'scheduled', scheduledAt: at, timeZone: when.timeZone, statusReason: null, updatedAt: now })
      // An automatic follow-up goes by its session's end (app/models/follow-up-automatic.server.ts).
      .where(and(visibleTo(scope, id), eq(followUps.automatic, false), inArray(followUps.status, EDITABLE)))
      .returning({ id: followUps.id })
    if (rows.length) await enqueueJob('follow_up.start', { followUpId: id }, { tx, runAt: at })
    return rows.length > 0
  })
  return scheduled ? 'ok' : why(scope, id)
}

/** Takes a scheduled follow-up back to a draft (nothing has gone out). */
export async function unscheduleFollowUp(scope: Scope, id: string): Promise<ChangeResult> {
  if (!isUuid(id)) return 'not-found'
  const rows = await getDb()
    .update(followUps)
    .set({ status: 'draft', scheduledAt: null, updatedAt: new Date() })
    .where(and(visibleTo(scope, id), eq(followUps.automatic, false), eq(followUps.status, 'scheduled')))
    .returning({ id: followUps.id })
  return rows.length ? 'ok' : why(scope, id)
}

/**
 * Cancels it before it goes: only a draft or a scheduled one (the guarded UPDATE loses to a send
 * that started first, so nothing is cancelled half-way).
 */
export async function cancelFollowUp(scope: Scope, id: string, reason = 'Cancelled before sending'): Promise<ChangeResult> {
  if (!isUuid(id)) return 'not-found'
  const rows = await getDb()
    .update(followUps)
    .set({
      status: 'cancelled',
      statusReason: reason.slice(0, FOLLOW_UP_LIMITS.statusReason),
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    // An automatic follow-up is paused, not cancelled: its session keeps it (one per session).
    .where(and(visibleTo(scope, id), eq(followUps.automatic, false), inArray(followUps.status, EDITABLE)))
    .returning({ id: followUps.id })
  return rows.length ? 'ok' : why(scope, id)
}

/** Pauses or resumes an automatic follow-up (Deliver 7). */
export async function setFollowUpPaused(scope: Scope, id: string, paused: boolean): Promise<'ok' | 'not-found'> {
  if (!isUuid(id)) return 'not-found'
  const rows = await getDb()
    .update(followUps)
    .set({ paused, updatedAt: new Date() })
    .where(and(visibleTo(scope, id), eq(followUps.automatic, true)))
    .returning({ id: followUps.id })
  return rows.length ? 'ok' : 'not-found'
}

/** The recipients rule's view of a follow-up: its workspace, its author's view of it, its source. */
export function audienceOf(followUp: Pick<FollowUp, 'ownerId' | 'createdBy' | 'runnerId' | 'source' | 'sourceId'>): Audience {
  return {
    scope: { ownerId: followUp.ownerId, userId: followUp.createdBy ?? followUp.ownerId, runnerId: followUp.runnerId },
    source: followUp.source,
    sourceId: followUp.sourceId,
  }
}

/** How many the follow-up would reach now and how many are left out, by reason (null: not the scope's, or its segment is gone). */
export async function followUpRecipientSummary(scope: Scope, id: string): Promise<RecipientSummary | null> {
  const followUp = await getFollowUp(scope, id)
  if (!followUp) return null
  return recipientSummary(audienceOf(followUp))
}

/** A source's summary before any draft exists (the compose page's first view); null when the scope does not open it. */
export async function sourceRecipientSummary(scope: Scope, source: FollowUpSource, sourceId: string) {
  if (!(await sourceOpens(scope, source, sourceId))) return null
  return recipientSummary({ scope, source, sourceId: sourceId.toLowerCase() })
}

export type FollowUpStats = {
  recipients: number
  sent: number
  delivered: number
  bounced: number
  complained: number
  unsubscribed: number
  clicked: number
}

/**
 * What happened to it (Deliver 5), from its recipient rows: each count is of people (a person who
 * clicked twice is one click). Null when it is not the scope's.
 */
export async function followUpStats(scope: Scope, id: string): Promise<FollowUpStats | null> {
  const followUp = await getFollowUp(scope, id)
  if (!followUp) return null
  const r = followUpRecipients
  const [row] = await getDb()
    .select({
      recipients: sql<number>`count(*)::int`,
      sent: sql<number>`count(${r.sentAt})::int`,
      delivered: sql<number>`count(${r.deliveredAt})::int`,
      bounced: sql<number>`count(${r.bouncedAt})::int`,
      complained: sql<number>`count(${r.complainedAt})::int`,
      unsubscribed: sql<number>`count(${r.unsubscribedAt})::int`,
      clicked: sql<number>`count(${r.clickedAt})::int`,
    })
    .from(r)
    .where(and(eq(r.followUpId, followUp.id), eq(r.ownerId, scope.ownerId)))
  const n = (v: unknown) => Number(v ?? 0)
  return {
    recipients: n(row?.recipients),
    sent: n(row?.sent),
    delivered: n(row?.delivered),
    bounced: n(row?.bounced),
    complained: n(row?.complained),
    unsubscribed: n(row?.unsubscribed),
    clicked: n(row?.clicked),
  }
}

export type FollowUpReceived = {
  id: string
  subject: string
  status: string
  sentAt: Date | null
  deliveredAt: Date | null
  bouncedAt: Date | null
  complainedAt: Date | null
  unsubscribedAt: Date | null
  clickedAt: Date | null
}

/**
 * The follow-ups one person received (Deliver 9: the person's JSON), newest first: those the scope
 * may see (a member who sees the sessions they run: the ones they wrote).
 */
export async function followUpsReceived(scope: Scope, contactId: string, db: Executor = getDb()): Promise<FollowUpReceived[]> {
  if (!isUuid(contactId)) return []
  const r = followUpRecipients
  return db
    .select({
      id: followUps.id,
      subject: followUps.subject,
      status: r.status,
      sentAt: r.sentAt,
      deliveredAt: r.deliveredAt,
      bouncedAt: r.bouncedAt,
      complainedAt: r.complainedAt,
      unsubscribedAt: r.unsubscribedAt,
      clickedAt: r.clickedAt,
    })
    .from(r)
    .innerJoin(followUps, eq(followUps.id, r.followUpId))
    .where(and(eq(r.ownerId, scope.ownerId), eq(r.contactId, contactId), visibleTo(scope)))
    .orderBy(desc(r.createdAt), desc(r.id))
}

export type TimelineFollowUp = FollowUpReceived & { recordedAt: Date; opens: boolean }

/**
 * Every follow-up of the workspace the person was a recipient of, for their timeline (Deliver 5),
 * newest first, each saying whether the viewer opens its page: `opener` is the follow-up pages'
 * scope (visibleTo), null when the viewer's role may not open follow-ups at all.
 */
export async function followUpsOnTimeline(ownerId: string, contactId: string, opener: Scope | null): Promise<TimelineFollowUp[]> {
  if (!isUuid(contactId)) return []
  const r = followUpRecipients
  const opens =
    opener === null || opener.ownerId !== ownerId
      ? sql<boolean>`false`
      : opener.runnerId === null
        ? sql<boolean>`true`
        : sql<boolean>`coalesce(${followUps.runnerId} = ${opener.runnerId}::uuid, false)`
  return getDb()
    .select({
      id: followUps.id,
      subject: followUps.subject,
      status: r.status,
      sentAt: r.sentAt,
      deliveredAt: r.deliveredAt,
      bouncedAt: r.bouncedAt,
      complainedAt: r.complainedAt,
      unsubscribedAt: r.unsubscribedAt,
      clickedAt: r.clickedAt,
      recordedAt: r.createdAt,
      opens,
    })
    .from(r)
    .innerJoin(followUps, and(eq(followUps.id, r.followUpId), eq(followUps.ownerId, ownerId)))
    .where(and(eq(r.ownerId, ownerId), eq(r.contactId, contactId)))
    .orderBy(desc(r.createdAt), desc(r.id))
}

/**
 * The follow-ups of this workspace each of these persons received, newest first (the event's
 * lawful export, one read per batch of captures): every follow-up of the workspace, as the export is
 * the owner's and admins'.
 */
export async function followUpsReceivedBy(ownerId: string, contactIds: string[]): Promise<Map<string, FollowUpReceived[]>> {
  const byContact = new Map<string, FollowUpReceived[]>()
  const ids = [...new Set(contactIds.filter(isUuid))]
  if (ids.length === 0) return byContact
  const r = followUpRecipients
  const rows = await getDb()
    .select({
      contactId: r.contactId,
      id: followUps.id,
      subject: followUps.subject,
      status: r.status,
      sentAt: r.sentAt,
      deliveredAt: r.deliveredAt,
      bouncedAt: r.bouncedAt,
      complainedAt: r.complainedAt,
      unsubscribedAt: r.unsubscribedAt,
      clickedAt: r.clickedAt,
    })
    .from(r)
    .innerJoin(followUps, and(eq(followUps.id, r.followUpId), eq(followUps.ownerId, ownerId)))
    .where(and(eq(r.ownerId, ownerId), inArray(r.contactId, ids)))
    .orderBy(desc(r.createdAt), desc(r.id))
  for (const { contactId, ...received } of rows) {
    const list = byContact.get(contactId) ?? []
    list.push(received)
    byContact.set(contactId, list)
  }
  return byContact
}
