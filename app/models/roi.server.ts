import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talks, talkSessions } from '~/db/schema/talks'
import { isContactStatus } from '~/lib/lead-status'
import type { Scope } from '~/lib/permissions'
import { hasLeadAnalytics, type Plan } from '~/lib/plans'
import type { CostInput, PersonCapture } from '~/lib/roi'
import { isUuid } from '~/lib/text'
import { ownerPlan, runnerCondition, runnerSessions, visibleLeadsFilter } from './leads.server'
import { getSession, statsColumns } from './talk-sessions.server'
import { getTalk } from './talks.server'

// The reads behind the ROI pages (issue 10 Deliver 8) and the one write they make: the cost of an
// engagement. Owner in every WHERE clause; the plan gate (visibleLeadsFilter) decides which people
// count for money: a person with no visible capture adds nothing but the capture count. ROI and lead
// analytics are a plan capability (hasLeadAnalytics in app/lib/plans.ts: Professional, Teams and
// Event Organiser, or an unlocked session): for a session without it nothing beyond its basic counts
// is read. A member (issue 21) reads the ROI of the sessions they run (`sessions`, the sessions scope)
// and counts, for money, the captures they see (`scope`, the runner rule of the leads).

/** Whose sessions a page opens, and whose leads it counts (app/auth/workspace.server.ts). */
export type RoiScopes = { scope: Scope; sessions: Scope }

/**
 * Every visible capture of every person seen at these sessions — their captures at other sessions
 * of the owner too, so first-touch attribution can find the earliest one wherever it was — with the
 * person's follow-up state. Only people with a deal value are read for it: without one, a person
 * adds to no money whatever their status (this keeps a talk with 100,000 captures to two narrow
 * reads).
 */
async function personCaptures(scope: Scope, plan: Plan, sessionIds: string[]): Promise<PersonCapture[]> {
  if (sessionIds.length === 0) return []
  const { ownerId } = scope
  const db = getDb()
  const touched = alias(leads, 'touched')
  const seenHere = db
    .select({ id: touched.contactId })
    .from(touched)
    .where(and(eq(touched.ownerId, ownerId), inArray(touched.sessionId, sessionIds)))
  const [captures, deals] = await Promise.all([
    db
      .select({ contactId: leads.contactId, sessionId: leads.sessionId, leadId: leads.id, capturedAt: leads.createdAt })
      .from(leads)
      .where(
        and(eq(leads.ownerId, ownerId), inArray(leads.contactId, seenHere), visibleLeadsFilter({ plan }), runnerCondition(scope)),
      ),
    db
      .select({
        id: contacts.id,
        status: contacts.status,
        dealValueCents: contacts.dealValueCents,
        dealCurrency: contacts.dealCurrency,
      })
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), isNotNull(contacts.dealValueCents), inArray(contacts.id, seenHere))),
  ])
  const dealOf = new Map(deals.map((d) => [d.id, d]))
  return captures.map((c) => {
    const deal = dealOf.get(c.contactId)
    return {
      ...c,
      status: deal && isContactStatus(deal.status) ? deal.status : 'new',
      dealValueCents: deal?.dealValueCents ?? null,
      dealCurrency: deal?.dealCurrency ?? null,
    }
  })
}

/** When each capture of a session was made (locked ones too: a count over time reveals no one). */
async function captureTimes(ownerId: string, sessionId: string) {
  const rows = await getDb()
    .select({ at: leads.createdAt })
    .from(leads)
    .where(and(eq(leads.sessionId, sessionId), eq(leads.ownerId, ownerId)))
    .orderBy(asc(leads.createdAt))
  return rows.map((r) => r.at)
}

/**
 * One session's ROI inputs, or null when the scope does not open the session. `analytics` false: the
 * plan does not include ROI and lead analytics and the session is not unlocked; no captures are read.
 */
export async function getSessionRoiData({ scope, sessions }: RoiScopes, sessionId: string) {
  if (!isUuid(sessionId)) return null
  const { ownerId } = scope
  const [session, plan] = await Promise.all([getSession(sessions, sessionId), ownerPlan(ownerId)])
  if (!session) return null
  if (!hasLeadAnalytics(plan, session.unlocked)) return { session, plan, analytics: false as const }
  const [captures, times] = await Promise.all([personCaptures(scope, plan, [session.id]), captureTimes(ownerId, session.id)])
  return { session, plan, analytics: true as const, captures, times }
}

/**
 * A talk with each of its sessions that has ROI and lead analytics (oldest first), the captures of
 * the people seen there, and how many sessions were left out for want of analytics. A member sees the
 * talk (talks are shared) with the sessions of it they run.
 */
export async function getTalkRoiData({ scope, sessions: sessionScope }: RoiScopes, talkId: string) {
  if (!isUuid(talkId)) return null
  const { ownerId } = scope
  const [talk, plan] = await Promise.all([getTalk(ownerId, talkId), ownerPlan(ownerId)])
  if (!talk) return null
  const all = await getDb()
    .select({
      id: talkSessions.id,
      status: talkSessions.status,
      unlocked: talkSessions.unlocked,
      eventName: talkSessions.eventName,
      startsAt: talkSessions.startsAt,
      timeZone: talkSessions.timeZone,
      city: talkSessions.city,
      isOnline: talkSessions.isOnline,
      audienceSize: talkSessions.audienceSize,
      costFeeCents: talkSessions.costFeeCents,
      costTravelCents: talkSessions.costTravelCents,
      costCurrency: talkSessions.costCurrency,
      scans: statsColumns.scans,
      visits: statsColumns.visits,
      visitors: statsColumns.visitors,
      leads: statsColumns.leads,
    })
    .from(talkSessions)
    // The join makes drizzle qualify the columns, which statsColumns' subqueries need.
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(and(eq(talkSessions.talkId, talk.id), eq(talkSessions.workspaceId, ownerId), runnerSessions(sessionScope)))
    .orderBy(asc(talkSessions.startsAt), asc(talkSessions.id))
  const sessions = all.filter((s) => hasLeadAnalytics(plan, s.unlocked))
  const captures = await personCaptures(
    scope,
    plan,
    sessions.map((s) => s.id),
  )
  // The sessions left out, by name: each has its own unlock on the talk's ROI page.
  const leftOutSessions = all
    .filter((s) => !hasLeadAnalytics(plan, s.unlocked))
    .map((s) => ({ id: s.id, eventName: s.eventName }))
  return { talk, plan, sessions, leftOut: all.length - sessions.length, leftOutSessions, captures }
}

/** Stores (or, with no amounts, clears) the cost of an engagement; false when the scope does not open the session. */
export async function setSessionCost(sessions: Scope, sessionId: string, cost: CostInput) {
  if (!isUuid(sessionId)) return false
  const rows = await getDb()
    .update(talkSessions)
    .set({
      costFeeCents: cost.feeCents,
      costTravelCents: cost.travelCents,
      costCurrency: cost.currency,
      updatedAt: new Date(),
    })
    .where(and(eq(talkSessions.id, sessionId), eq(talkSessions.workspaceId, sessions.ownerId), runnerSessions(sessions)))
    .returning({ id: talkSessions.id })
  return rows.length > 0
}
