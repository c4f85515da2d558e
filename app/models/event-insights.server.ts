import { and, asc, eq, gt, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { eventRooms, events, eventSpeakers } from '~/db/schema/events'
import { bookingLeads, feedbackResponses } from '~/db/schema/feedback'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { sessionCounts, sessionLeadQuarters, talkSessions, talks } from '~/db/schema/talks'
import {
  NO_FEEDBACK,
  NO_FIGURES,
  sessionRow,
  type InsightFeedback,
  type EventRef,
  type InsightSession,
  type QuarterCount,
  type SpeakerRef,
} from '~/lib/event-insights'
import { PLAN_LIMITS, type Plan } from '~/lib/plans'
import { sumByCurrency } from '~/lib/roi'
import { permitted } from './feedback-report.server'
import { givenToOrganiser, ownerPlan, visibleLeadsFilter } from './leads.server'

// The reads behind the insights pages (issue 23 Deliver 7, docs/organisers.md → Insights): the
// figures of every session of one event, or of every event of the workspace, never one query per
// session: the figures the database keeps (session_counts, session_lead_quarters; drizzle/0038) and
// the deals in one grouped query. The workspace id is in every WHERE.
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
  const [sessions, hot, deals, quarterRows, feedback, bookings] = await Promise.all([
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
        scans: sessionCounts.scans,
        visits: sessionCounts.visits,
        visitors: sessionCounts.visitors,
        leads: sessionCounts.leads,
        hotLeads: sessionCounts.hotLeads,
      })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
      .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
      .leftJoin(sessionCounts, eq(sessionCounts.sessionId, talkSessions.id))
      .where(where)
      .orderBy(asc(talkSessions.startsAt), asc(talkSessions.id)),
    // On a plan that shows every capture the kept figure is the answer; on the Free plan's limit
    // only the visible captures count, which a kept figure cannot know.
    PLAN_LIMITS[plan].visibleLeadsPerSession === null ? Promise.resolve(null) : hotCounts(workspaceId, plan, ids),
    dealTotals(workspaceId, plan, ids),
    timeline ? quarterCounts(ids) : Promise.resolve([]),
    feedbackCounts(workspaceId, ids),
    bookingCounts(workspaceId, ids),
  ])
  const bookingsOf = new Map(bookings.map((b) => [b.sessionId, int(b.n)]))
  const feedbackOf = new Map<string, InsightFeedback>(
    feedback.map((f) => [
      f.sessionId,
      {
        responses: int(f.responses),
        counts: { 1: int(f.r1), 2: int(f.r2), 3: int(f.r3), 4: int(f.r4), 5: int(f.r5) },
        parts: {
          content: { sum: int(f.contentSum), count: int(f.contentCount) },
          delivery: { sum: int(f.deliverySum), count: int(f.deliveryCount) },
          slides: { sum: int(f.slidesSum), count: int(f.slidesCount) },
        },
        bookingLeads: 0,
        awaitingApproval: int(f.awaiting),
      },
    ]),
  )
  const hotOf = hot && new Map(hot.map((h) => [h.sessionId, int(h.hot)]))
  const dealsOf = new Map<string, Array<{ won: boolean; currency: string; cents: number }>>()
  for (const d of deals) {
    const list = dealsOf.get(d.sessionId) ?? []
    list.push({ won: d.won, currency: d.currency ?? '', cents: int(d.cents) })
    dealsOf.set(d.sessionId, list)
  }
  const rows: InsightSession[] = sessions.map((s) => {
    const money = dealsOf.get(s.id) ?? []
    return sessionRow({
      ...NO_FIGURES,
      ...s,
      eventId: s.eventId!,
      scans: int(s.scans),
      visits: int(s.visits),
      visitors: int(s.visitors),
      leads: int(s.leads),
      hotLeads: hotOf ? (hotOf.get(s.id) ?? 0) : int(s.hotLeads),
      pipeline: sumByCurrency(money.filter((m) => !m.won)),
      won: sumByCurrency(money.filter((m) => m.won)),
      feedback: { ...(feedbackOf.get(s.id) ?? NO_FEEDBACK), bookingLeads: bookingsOf.get(s.id) ?? 0 },
    })
  })
  const roomOf = new Map(sessions.map((s) => [s.id, s.roomId]))
  const quarters: QuarterCount[] = quarterRows.map((q) => ({
    roomId: roomOf.get(q.sessionId) ?? null,
    quarter: q.quarter,
    count: q.leads,
  }))
  return { sessions: rows, quarters }
}

/** The ids of the sessions read, as a sub-select each grouped query filters on. */
function sessionIds(where: SQL) {
  return getDb().select({ id: talkSessions.id }).from(talkSessions).where(where)
}
type SessionIds = ReturnType<typeof sessionIds>

/**
 * Feedback per session in one grouped read (issue 33 Deliver 4): answers, answers per rating, the
 * part-ratings' sums and counts, and testimonials awaiting the speaker's decision (still permitted —
 * the rule the speaker's Feedback page lists by, feedback-report.server.ts — and pending).
 */
function feedbackCounts(workspaceId: string, ids: SessionIds) {
  const f = feedbackResponses
  const rating = (n: number) => sql<number>`count(*) filter (where ${f.rating} = ${n})::int`
  return getDb()
    .select({
      sessionId: f.sessionId,
      responses: sql<number>`count(*)::int`,
      r1: rating(1),
      r2: rating(2),
      r3: rating(3),
      r4: rating(4),
      r5: rating(5),
      contentSum: sql<number>`coalesce(sum(${f.contentRating}), 0)::int`,
      contentCount: sql<number>`count(${f.contentRating})::int`,
      deliverySum: sql<number>`coalesce(sum(${f.deliveryRating}), 0)::int`,
      deliveryCount: sql<number>`count(${f.deliveryRating})::int`,
      slidesSum: sql<number>`coalesce(sum(${f.slidesRating}), 0)::int`,
      slidesCount: sql<number>`count(${f.slidesRating})::int`,
      awaiting: sql<number>`count(*) filter (where ${and(permitted(), isNotNull(f.leadId), eq(f.approval, 'pending'))})::int`,
    })
    .from(f)
    .where(and(eq(f.ownerId, workspaceId), inArray(f.sessionId, ids)))
    .groupBy(f.sessionId)
}

/** Booking leads per session: a count, so every one counts (the privacy note above). */
function bookingCounts(workspaceId: string, ids: SessionIds) {
  return getDb()
    .select({ sessionId: bookingLeads.sessionId, n: sql<number>`count(*)::int` })
    .from(bookingLeads)
    .where(and(eq(bookingLeads.ownerId, workspaceId), inArray(bookingLeads.sessionId, ids)))
    .groupBy(bookingLeads.sessionId)
}

/** Captures per session and 15-minute bucket, as the database keeps them (drizzle/0038). */
function quarterCounts(ids: SessionIds) {
  return getDb()
    .select({ sessionId: sessionLeadQuarters.sessionId, quarter: sessionLeadQuarters.quarter, leads: sessionLeadQuarters.leads })
    .from(sessionLeadQuarters)
    .where(and(inArray(sessionLeadQuarters.sessionId, ids), gt(sessionLeadQuarters.leads, 0)))
}

/**
 * Hot leads per session on a plan with a visible-leads limit: the captures given to the organiser,
 * visible on the plan, whose person's band is hot (session_counts.hot_leads without the limit).
 */
function hotCounts(workspaceId: string, plan: Plan, ids: SessionIds) {
  return getDb()
    .select({ sessionId: leads.sessionId, hot: sql<number>`count(*)::int` })
    .from(contacts)
    .innerJoin(leads, eq(leads.contactId, contacts.id))
    .where(
      and(
        eq(contacts.ownerId, workspaceId),
        eq(contacts.scoreBand, 'hot'),
        eq(leads.ownerId, workspaceId),
        givenToOrganiser(),
        visibleLeadsFilter({ plan }),
        inArray(leads.sessionId, ids),
      ),
    )
    .groupBy(leads.sessionId)
}

/**
 * Deal values per session, kind (won or open) and currency, first touch: each person with a deal
 * (not lost) is credited to their earliest capture the organiser was given (created_at, then id —
 * the ROI pages' rule, app/lib/roi.ts attributeFirstTouch), wherever in the workspace it was; only
 * those first captures made at these sessions count. Lost deals count nowhere. Each person's first
 * capture is one probe of leads_contact_created_idx, so the cost follows the people with a deal.
 */
function dealTotals(workspaceId: string, plan: Plan, ids: SessionIds) {
  const db = getDb()
  const first = db
    .select({ sessionId: leads.sessionId })
    .from(leads)
    .where(
      and(eq(leads.contactId, contacts.id), eq(leads.ownerId, workspaceId), givenToOrganiser(), visibleLeadsFilter({ plan })),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(1)
    .as('first')
  return db
    .select({
      sessionId: first.sessionId,
      won: sql<boolean>`${contacts.status} = 'won'`,
      currency: contacts.dealCurrency,
      cents: sql<string>`sum(${contacts.dealValueCents})::bigint`,
    })
    .from(contacts)
    .innerJoinLateral(first, sql`true`)
    .where(
      and(
        eq(contacts.ownerId, workspaceId),
        isNotNull(contacts.dealValueCents),
        isNotNull(contacts.dealCurrency),
        ne(contacts.status, 'lost'),
        inArray(first.sessionId, ids),
      ),
    )
    .groupBy(first.sessionId, contacts.status, contacts.dealCurrency)
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
