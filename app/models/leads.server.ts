import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { leadConsents, leadErasures, leads } from '~/db/schema/leads'
import { talkSessions, talks } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import type { Scope } from '~/lib/permissions'
import { isPlan, lockedLeadCount, PLAN_LIMITS, PLANS, visibleLeadLimit, type Plan } from '~/lib/plans'
import { workspacePlan } from './workspaces.server'

// The speaker's read path of leads (issue 9 Deliver 8, ARCHITECTURE decisions 14 and 16). Every
// query names the owner in its WHERE clause, and the plan's limit is applied here, in the query:
// a locked lead's details never leave the database on any read path (pages, emails, later exports
// and webhooks). Visible = the earliest captured first (created_at, then id), up to the plan's
// number per session, unless the session is unlocked. The count is over every capture the session
// ever had: an erased capture (lead_erasures.captured_at) keeps its place, so deleting or erasing
// the visible leads never reveals locked ones.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The runner and recipients rule (issue 21 Deliver 2 and 8, issue 23 Deliver 5), the one place it
 * is written: a member who sees only the leads of the sessions they run (scope.runnerId set) sees
 * only the captures made at those sessions that were given to the speaker (`to_speaker`), and a
 * person only through such a capture; the owner, admins and members who see every lead ("the
 * organiser") see the captures given to the organiser (`to_organiser`). Outside an organiser's
 * events both are always true. A condition on a capture row (`leads` unless another alias is
 * named); the sub-select walks talk_sessions_user_idx (user_id, workspace_id).
 */
export function runnerCondition(
  scope: Scope,
  capture: { sessionId: SQLWrapper; toOrganiser: SQLWrapper; toSpeaker: SQLWrapper } = leads,
): SQL {
  if (scope.runnerId === null) return sql`${capture.toOrganiser}`
  return sql`(${capture.toSpeaker} and ${capture.sessionId} in (select "run_s"."id" from ${talkSessions} as "run_s" where "run_s"."user_id" = ${scope.runnerId} and "run_s"."workspace_id" = ${scope.ownerId}))`
}

/**
 * The captures that reach the workspace as a whole — its webhooks, its CRM, the organiser's exports
 * (issue 23 Deliver 5): only those given to the organiser. A condition on `leads`.
 */
export function givenToOrganiser(): SQL {
  return sql`${leads.toOrganiser}`
}

/**
 * Does the workspace hold captures its organiser did not receive (issue 23: an event whose
 * attendees' details go to the speaker)? One probe of leads_withheld_idx. The leads list then checks
 * each person for a capture the organiser may see; elsewhere its default view stays on the contacts
 * index alone.
 */
export async function withholdsCaptures(ownerId: string, db: Pick<Db, 'select'> = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(leads)
    .where(and(eq(leads.ownerId, ownerId), eq(leads.toOrganiser, false)))
    .limit(1)
  return !!row
}

/**
 * The same rule for the sessions themselves: the sessions a scope with a runner opens are the ones
 * that person runs. Undefined when the scope opens every session of the workspace. Which scope a
 * route passes — reading or changing — is sessionsScope's (app/auth/workspace.server.ts).
 */
export function runnerSessions(scope: Scope): SQL | undefined {
  return scope.runnerId === null ? undefined : eq(talkSessions.userId, scope.runnerId)
}

/** runnerSessions for a session row already read (its runner's id): does the scope open it? */
export function opensSession(scope: Scope, session: { userId: string }) {
  return scope.runnerId === null || session.userId === scope.runnerId
}

/** The visibility order: the earliest captured first; the id breaks ties so the cut is stable. */
export const leadVisibilityOrder = [asc(leads.createdAt), asc(leads.id)] as const

/**
 * The plan gate as a condition on `leads` (for queries across sessions: the leads workspace, the
 * fan-out to webhooks and CRMs): a capture is visible when its session is unlocked, the owner's plan
 * shows every lead, or fewer than the plan's number of the session's captures ever made came before
 * it (live or erased; the same order as leadVisibilityOrder). The count runs only for a limited plan
 * and stops at the limit.
 */
export function visibleLeadsFilter(owner?: { plan: Plan }) {
  // Known owner (the query is already limited to one owner's leads, and the caller read their plan):
  // the same rule without the per-row plan lookup, so the planner sees a cheap condition (the leads
  // list counts 100,000 captures with it: 2.2 s → see docs/leads.md).
  if (owner) {
    const n = PLAN_LIMITS[owner.plan].visibleLeadsPerSession
    if (n === null) return sql`true`
    return sql`(exists (select 1 from ${talkSessions} as "gate_s" where "gate_s"."id" = ${leads.sessionId} and "gate_s"."unlocked") or ${priorCountBelow(n)})`
  }
  const limited = PLANS.filter((p) => PLAN_LIMITS[p].visibleLeadsPerSession !== null)
  if (limited.length === 0) return sql`true`
  const cases = limited.map((p) => sql`when ${p} then ${priorCountBelow(PLAN_LIMITS[p].visibleLeadsPerSession!)}`)
  return sql`coalesce((select case when "gate_s"."unlocked" then true else case coalesce("gate_a"."plan"::text, 'free') ${sql.join(cases, sql` `)} else true end end from ${talkSessions} as "gate_s" left join ${workspaces} as "gate_a" on "gate_a"."id" = "gate_s"."workspace_id" where "gate_s"."id" = ${leads.sessionId}), false)`
}

/** Fewer than n of the session's captures ever made came before this row of `leads` (visibility order). */
function priorCountBelow(n: number) {
  return capturesBeforeBelow(n, leads.sessionId, [leads.createdAt, leads.id])
}

/**
 * The one counting rule behind the plan gate: fewer than `n` captures of the session came before the
 * position (created_at, id) `before` — or at all, when `before` is null (a capture being made now).
 * Live captures (`leads`) and erased ones (`lead_erasures.captured_at`; an erasure recorded without
 * it does not count) both take a place. Each side is an index range scan (leads_session_created_idx,
 * lead_erasures_session_captured_idx) that stops after n rows, so the cost is bounded by the limit,
 * not by the size of the session.
 */
export function capturesBeforeBelow(n: number, sessionId: SQLWrapper, before: readonly [SQLWrapper, SQLWrapper] | null): SQL {
  const limit = sql.raw(String(Math.trunc(n)))
  const livePlace = before ? sql` and ("prior"."created_at", "prior"."id") < (${before[0]}, ${before[1]})` : sql``
  const erasedPlace = before
    ? sql` and ("gone"."captured_at", "gone"."lead_id") < (${before[0]}, ${before[1]})`
    : sql` and "gone"."captured_at" is not null`
  // Each side is ordered like its index so that the planner walks the index and stops after n rows
  // (without the order, a table with few sessions looks cheap to scan whole, row after row).
  return sql`(select count(*) from ((select 1 from ${leads} as "prior" where "prior"."session_id" = ${sessionId}${livePlace} order by "prior"."created_at", "prior"."id" limit ${limit}) union all (select 1 from ${leadErasures} as "gone" where "gone"."session_id" = ${sessionId}${erasedPlace} order by "gone"."captured_at", "gone"."lead_id" limit ${limit}) limit ${limit}) as "p") < ${limit}`
}

/**
 * How many live captures of the session a limit of `n` shows (not unlocked, limited plan): the visible
 * ones are always the earliest live ones, so only the first n are tested. Locked = live − this.
 */
export function visibleCaptureCount(n: number, sessionId: SQLWrapper, ownerId: string): SQL<number> {
  const limit = sql.raw(String(Math.trunc(n)))
  return sql<number>`(select count(*)::int from (select "first"."created_at", "first"."id" from ${leads} as "first" where "first"."session_id" = ${sessionId} and "first"."owner_id" = ${ownerId} order by "first"."created_at", "first"."id" limit ${limit}) as "first" where ${capturesBeforeBelow(n, sessionId, [sql`"first"."created_at"`, sql`"first"."id"`])})`
}

/** What an attendee left at a capture besides their email: the columns every capture read shows. */
export const attendeeDetailColumns = {
  firstName: leads.firstName,
  company: leads.company,
  jobTitle: leads.jobTitle,
  phone: leads.phone,
  linkedinUrl: leads.linkedinUrl,
  answers: leads.answers,
  marketingConsent: leads.marketingConsent,
}

/** The owning workspace's plan, for visibleLeadsFilter({ plan }). */
export function ownerPlan(ownerId: string, db: Pick<Db, 'select'> = getDb()): Promise<Plan> {
  return workspacePlan(ownerId, db)
}

export type OwnedSession = {
  id: string
  code: string
  status: 'draft' | 'live' | 'closed'
  eventName: string
  talkTitle: string
  unlocked: boolean
  questions: (typeof talkSessions.$inferSelect)['questions']
  plan: Plan
}

/**
 * A session of the scope's workspace that the scope opens (runnerSessions), with the workspace's
 * plan, or null: another workspace's session, or another member's for a member, looks like none.
 */
export async function getOwnedSession(scope: Scope, sessionId: string): Promise<OwnedSession | null> {
  const { ownerId } = scope
  if (!UUID.test(sessionId) || !UUID.test(ownerId)) return null
  const [row] = await getDb()
    .select({
      id: talkSessions.id,
      code: talkSessions.code,
      status: talkSessions.status,
      eventName: talkSessions.eventName,
      talkTitle: talks.title,
      unlocked: talkSessions.unlocked,
      questions: talkSessions.questions,
      plan: workspaces.plan,
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .innerJoin(workspaces, eq(workspaces.id, talkSessions.workspaceId))
    .where(and(eq(talkSessions.id, sessionId), eq(talkSessions.workspaceId, ownerId), runnerSessions(scope)))
    .limit(1)
  if (!row) return null
  return { ...row, plan: isPlan(row.plan) ? row.plan : 'free' }
}

export type VisibleLead = {
  id: string
  firstName: string
  email: string
  company: string | null
  jobTitle: string | null
  phone: string | null
  linkedinUrl: string | null
  answers: Record<string, string | string[] | number>
  marketingConsent: boolean
  createdAt: Date
  updatedAt: Date
  /** The latest consent record of this lead: which notice version, when. */
  consent: { noticeHash: string; marketingConsent: boolean; at: Date } | null
}

export type SessionLeads = {
  session: OwnedSession
  leads: VisibleLead[]
  total: number
  locked: number
}

/**
 * The leads of one of the workspace's sessions given to the scope (runnerCondition) that the plan
 * lets it see, with the total and the number withheld. Null when the scope does not open the session (the route answers 404); a
 * session the scope opens is one whose leads it sees.
 */
export async function listSessionLeads(scope: Scope, sessionId: string): Promise<SessionLeads | null> {
  const { ownerId } = scope
  const session = await getOwnedSession(scope, sessionId)
  if (!session) return null
  const db = getDb()
  // Only the captures given to this scope (an event's organiser or speaker, issue 23) exist for it:
  // they are counted, ordered and shown; the others are not "locked", they were never theirs.
  const owned = and(eq(leads.sessionId, session.id), eq(leads.ownerId, ownerId), runnerCondition(scope))
  const limit = visibleLeadLimit(session.plan, session.unlocked)
  // Limited: the visible leads are among the first `limit` live ones (the earliest are always the
  // visible ones), and of those, the ones with fewer than `limit` captures, live or erased, before.
  const visible =
    limit === null
      ? owned
      : and(
          owned,
          inArray(
            leads.id,
            db
              .select({ id: leads.id })
              .from(leads)
              .where(owned)
              .orderBy(...leadVisibilityOrder)
              .limit(limit),
          ),
          priorCountBelow(limit),
        )
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: leads.id,
        email: leads.email,
        ...attendeeDetailColumns,
        createdAt: leads.createdAt,
        updatedAt: leads.updatedAt,
      })
      .from(leads)
      .where(visible)
      .orderBy(...leadVisibilityOrder),
    db.select({ n: count() }).from(leads).where(owned),
  ])
  const total = Number(totals?.n ?? 0)
  const consents = rows.length
    ? await db
        .selectDistinctOn([leadConsents.leadId], {
          leadId: leadConsents.leadId,
          noticeHash: leadConsents.noticeHash,
          marketingConsent: leadConsents.marketingConsent,
          at: leadConsents.createdAt,
        })
        .from(leadConsents)
        .where(
          and(
            eq(leadConsents.ownerId, ownerId),
            inArray(
              leadConsents.leadId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(leadConsents.leadId, desc(leadConsents.createdAt), desc(leadConsents.id))
    : []
  const byLead = new Map(
    consents.map((c) => [c.leadId, { noticeHash: c.noticeHash, marketingConsent: c.marketingConsent, at: c.at }]),
  )
  return {
    session,
    leads: rows.map((r) => ({ ...r, consent: byLead.get(r.id) ?? null })),
    total,
    locked: lockedLeadCount(session.plan, session.unlocked, total, rows.length),
  }
}
