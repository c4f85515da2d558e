import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { contacts, eventRooms, events, eventSpeakers, leads, sessionViews, talkSessions, talks } from '~/db/schema'
import {
  NO_FIGURES,
  sessionRow,
  type EventRef,
  type InsightSession,
  type QuarterCount,
  type SpeakerRef,
} from '~/lib/event-insights'
import type { Plan } from '~/lib/plans'
import { sumByCurrency } from '~/lib/roi'
import { givenToOrganiser, ownerPlan, visibleLeadsFilter } from './leads.server'

// The reads behind the insights pages (issue 23 Deliver 7, docs/organisers.md → Insights): the
// figures of every session of one event, or of every event of the workspace, in one grouped query
// per table (views, captures, deals), never one per session. The workspace id is in every WHERE.
//
// Privacy (Deliver 5): counts are numbers and reveal no one, so scans, visits, visitors and leads
// count every capture, including those the organiser did not receive (an event whose attendees'
// details go to the speaker only still shows how busy each talk was). What is read from a person —
// their score band (hot leads) and their deal (pipeline, won) — counts only captures given to the
// organiser (givenToOrganiser(), the rule of the workspace's webhooks, CRM and exports), and within
// the plan's visible leads (visibleLeadsFilter), as the ROI pages do. A person the organiser did not
// receive adds to the lead count only.

type Which = { eventId: string } | { allEvents: true }

/** The workspace's event sessions of one event, or of all its events. */
function eventCondition(workspaceId: string, which: Which): SQL {
  return and(
    eq(talkSessions.workspaceId, workspaceId),
    'eventId' in which ? eq(talkSessions.eventId, which.eventId) : isNotNull(talkSessions.eventId),
  )!
}

const int = (value: unknown) => Number(value ?? 0)

/**
 * Every session of the event (or of every event), oldest first, with its figures; with `timeline`,
 * the captures per 15 minutes of each room as well (app/lib/event-insights.ts eventTimeline).
 */
export async function readInsightSessions(workspaceId: string, which: Which, { timeline = false } = {}) {
  const db = getDb()
  const plan = await ownerPlan(workspaceId)
  const where = eventCondition(workspaceId, which)
  const ids = sessionIds(where)
  const [sessions, views, captures, deals] = await Promise.all([
    db
      .select({
        id: talkSessions.id,
        code: talkSessions.code,
        talkTitle: talks.title,
        startsAt: talkSessions.startsAt,
        durationMinutes: talkSessions.durationMinutes,
        eventId: talkSessions.eventId,
        roomId: talkSessions.roomId,
        roomName: eventRooms.name,
        speakerId: talkSessions.speakerId,
        speakerName: eventSpeakers.name,
      })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
      .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
      .where(where)
      .orderBy(asc(talkSessions.startsAt), asc(talkSessions.id)),
    viewCounts(ids),
    captureCounts(workspaceId, plan, ids, timeline),
    dealTotals(workspaceId, plan, ids),
  ])
  const viewsOf = new Map(views.map((v) => [v.sessionId, v]))
  const capturesOf = new Map<string, { leads: number; hot: number }>()
  for (const c of captures) {
    const seen = capturesOf.get(c.sessionId) ?? { leads: 0, hot: 0 }
    capturesOf.set(c.sessionId, { leads: seen.leads + int(c.leads), hot: seen.hot + int(c.hot) })
  }
  const dealsOf = new Map<string, Array<{ won: boolean; currency: string; cents: number }>>()
  for (const d of deals) {
    const list = dealsOf.get(d.sessionId) ?? []
    list.push({ won: d.won, currency: d.currency ?? '', cents: int(d.cents) })
    dealsOf.set(d.sessionId, list)
  }
  const rows: InsightSession[] = sessions.map((s) => {
    const v = viewsOf.get(s.id)
    const c = capturesOf.get(s.id)
    const money = dealsOf.get(s.id) ?? []
    return sessionRow({
      ...NO_FIGURES,
      ...s,
      eventId: s.eventId!,
      scans: int(v?.scans),
      visits: int(v?.visits),
      visitors: int(v?.visitors),
      leads: c?.leads ?? 0,
      hotLeads: c?.hot ?? 0,
      pipeline: sumByCurrency(money.filter((m) => !m.won)),
      won: sumByCurrency(money.filter((m) => m.won)),
    })
  })
  const roomOf = new Map(sessions.map((s) => [s.id, s.roomId]))
  const quarters: QuarterCount[] = timeline
    ? captures.map((c) => ({ roomId: roomOf.get(c.sessionId) ?? null, quarter: int(c.quarter), count: int(c.leads) }))
    : []
  return { sessions: rows, quarters }
}

/**
 * Scans, visits and unique visitors per session, in one pass over session_views_session_created_idx
 * in session order: each session's visitors are told apart in memory (a few hundred at a time). The
 * two-level hash aggregate this replaced spilled 300,000 (session, visitor) groups to disk on
 * Postgres's default work_mem (651 → 273 ms on the benchmark's event, docs/organisers.md → Measured).
 */
function viewCounts(ids: SessionIds) {
  return getDb()
    .select({
      sessionId: sessionViews.sessionId,
      scans: sql<number>`(count(*) filter (where ${sessionViews.kind} = 'scan'))::int`,
      visits: sql<number>`(count(*) filter (where ${sessionViews.kind} = 'visit'))::int`,
      visitors: sql<number>`count(distinct ${sessionViews.visitor})::int`,
    })
    .from(sessionViews)
    .where(inArray(sessionViews.sessionId, ids))
    .groupBy(sessionViews.sessionId)
}

/** The ids of the sessions read, as a sub-select each grouped query filters on. */
function sessionIds(where: SQL) {
  return getDb().select({ id: talkSessions.id }).from(talkSessions).where(where)
}
type SessionIds = ReturnType<typeof sessionIds>

/**
 * Captures per session (per session and 15-minute bucket with `timeline`): all of them, and those
 * given to the organiser, visible on the plan, whose person's band is hot. The hot people are one
 * hashed sub-select (contacts_owner_band_idx), not a join per capture.
 */
function captureCounts(workspaceId: string, plan: Plan, ids: SessionIds, timeline: boolean) {
  const db = getDb()
  const hotPeople = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.ownerId, workspaceId), eq(contacts.scoreBand, 'hot')))
  const quarter = timeline ? sql<number>`floor(extract(epoch from ${leads.createdAt}) / 900)::int` : sql<number>`0`
  const hot = and(givenToOrganiser(), visibleLeadsFilter({ plan }), inArray(leads.contactId, hotPeople))
  const query = db
    .select({
      sessionId: leads.sessionId,
      quarter,
      leads: sql<number>`count(*)::int`,
      hot: sql<number>`(count(*) filter (where ${hot}))::int`,
    })
    .from(leads)
    .where(and(eq(leads.ownerId, workspaceId), inArray(leads.sessionId, ids)))
  return timeline ? query.groupBy(leads.sessionId, quarter) : query.groupBy(leads.sessionId)
}

/**
 * Deal values per session, kind (won or open) and currency, first touch: each person with a deal
 * (not lost) is credited to their earliest capture the organiser was given (created_at, then id —
 * the ROI pages' rule, app/lib/roi.ts attributeFirstTouch), wherever in the workspace it was; only
 * those first captures made at these sessions count. Lost deals count nowhere.
 */
function dealTotals(workspaceId: string, plan: Plan, ids: SessionIds) {
  const db = getDb()
  const firsts = db
    .selectDistinctOn([leads.contactId], {
      sessionId: leads.sessionId,
      won: sql<boolean>`${contacts.status} = 'won'`.as('won'),
      currency: contacts.dealCurrency,
      cents: contacts.dealValueCents,
    })
    .from(contacts)
    .innerJoin(leads, eq(leads.contactId, contacts.id))
    .where(
      and(
        eq(contacts.ownerId, workspaceId),
        isNotNull(contacts.dealValueCents),
        isNotNull(contacts.dealCurrency),
        ne(contacts.status, 'lost'),
        eq(leads.ownerId, workspaceId),
        givenToOrganiser(),
        visibleLeadsFilter({ plan }),
      ),
    )
    .orderBy(leads.contactId, leads.createdAt, leads.id)
    .as('firsts')
  return db
    .select({
      sessionId: firsts.sessionId,
      won: firsts.won,
      currency: firsts.currency,
      cents: sql<string>`sum(${firsts.cents})::bigint`,
    })
    .from(firsts)
    .where(inArray(firsts.sessionId, ids))
    .groupBy(firsts.sessionId, firsts.won, firsts.currency)
}

/** The roster: every speaker of the workspace, by name. */
export function listRosterSpeakers(workspaceId: string): Promise<SpeakerRef[]> {
  return getDb()
    .select({ id: eventSpeakers.id, name: eventSpeakers.name, email: eventSpeakers.email, company: eventSpeakers.company })
    .from(eventSpeakers)
    .where(eq(eventSpeakers.workspaceId, workspaceId))
    .orderBy(asc(eventSpeakers.name), asc(eventSpeakers.id))
}

/** The workspace's events for the insights table, the earliest first. */
export function listInsightEvents(workspaceId: string): Promise<EventRef[]> {
  return getDb()
    .select({ id: events.id, name: events.name, startsOn: events.startsOn, endsOn: events.endsOn, status: events.status })
    .from(events)
    .where(eq(events.workspaceId, workspaceId))
    .orderBy(asc(events.startsOn), asc(events.name))
}

/** The rooms an event's timeline is drawn for, in the organiser's order. */
export function listInsightRooms(eventId: string) {
  return getDb()
    .select({ id: eventRooms.id, name: eventRooms.name })
    .from(eventRooms)
    .where(eq(eventRooms.eventId, eventId))
    .orderBy(asc(eventRooms.position), asc(eventRooms.name))
}
