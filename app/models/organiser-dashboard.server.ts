import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { eventRooms, events, eventSpeakers } from '~/db/schema/events'
import { leads } from '~/db/schema/leads'
import { talks, talkSessions } from '~/db/schema/talks'
import type { EventStatus } from '~/lib/events'
import { givenToOrganiser } from './leads.server'

// The organiser's dashboard /app (issue 23 Deliver 9): the workspace's events with their state,
// the roster speakers of current and coming events who have not claimed their page yet, the
// sessions live now and the leads of today. Every query names the workspace.
//
// "Today" is each event's own day: a capture counts when it was made since midnight in its event's
// time zone (a session outside any event: in the session's zone), so an organiser in Berlin running
// a conference in New York sees New York's day. Leads are only those given to the organiser
// (givenToOrganiser, issue 23 Deliver 5): a capture shared with the speaker alone is not theirs.

/** How many unclaimed speakers an event lists by name (the invitations page has them all). */
export const TO_CLAIM_LISTED = 5
/** How many live sessions the dashboard lists. */
export const LIVE_LISTED = 20

export type DashboardEvent = {
  id: string
  name: string
  slug: string
  status: EventStatus
  startsOn: string
  endsOn: string
  timeZone: string
  /** The event has not ended yet (its last day, in its zone, is today or later) and is not archived. */
  current: boolean
  sessions: number
  speakers: number
  unclaimed: number
  leadsToday: number
}

export type SpeakerToClaim = { id: string; name: string; email: string; invitedAt: Date | null }
export type EventToClaim = { eventId: string; eventName: string; total: number; notInvited: number; listed: SpeakerToClaim[] }

export type LiveSession = {
  id: string
  talkTitle: string
  eventName: string
  eventId: string | null
  speakerName: string | null
  roomName: string | null
  startsAt: Date
  timeZone: string
  leadsToday: number
}

export type OrganiserDashboard = {
  events: DashboardEvent[]
  toClaim: EventToClaim[]
  live: LiveSession[]
  liveTotal: number
  leadsToday: number
}

// The start of `now`'s day in the capture's zone: its event's, else its session's.
const dayStart = (now: Date) =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone coalesce(${events.timeZone}, ${talkSessions.timeZone})) at time zone coalesce(${events.timeZone}, ${talkSessions.timeZone}))`

export async function organiserDashboard(workspaceId: string, now: Date = new Date()): Promise<OrganiserDashboard> {
  const db = getDb()
  const isCurrent = sql<boolean>`(${events.status} <> 'archived' and ${events.endsOn} >= (${now.toISOString()}::timestamptz at time zone ${events.timeZone})::date)`
  const [eventRows, claimRows, liveRows, liveCount, todayRows] = await Promise.all([
    db
      .select({
        id: events.id,
        name: events.name,
        slug: events.slug,
        status: events.status,
        startsOn: events.startsOn,
        endsOn: events.endsOn,
        timeZone: events.timeZone,
        current: isCurrent,
        // Drizzle leaves the columns of a one-table select unqualified: the sub-selects name "events".
        sessions: sql<number>`(select count(*)::int from ${talkSessions} as "cs" where "cs"."event_id" = "events"."id")`,
        speakers: sql<number>`(select count(distinct "ds"."speaker_id")::int from ${talkSessions} as "ds" where "ds"."event_id" = "events"."id")`,
        unclaimed: sql<number>`(select count(distinct "us"."speaker_id")::int from ${talkSessions} as "us" join ${eventSpeakers} as "usp" on "usp"."id" = "us"."speaker_id" where "us"."event_id" = "events"."id" and "usp"."user_id" is null)`,
      })
      .from(events)
      .where(eq(events.workspaceId, workspaceId))
      .orderBy(asc(events.startsOn), asc(events.name)),
    db
      .selectDistinct({
        eventId: events.id,
        eventName: events.name,
        startsOn: events.startsOn,
        id: eventSpeakers.id,
        name: eventSpeakers.name,
        email: eventSpeakers.email,
        invitedAt: eventSpeakers.invitedAt,
      })
      .from(talkSessions)
      .innerJoin(events, eq(events.id, talkSessions.eventId))
      .innerJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
      .where(
        and(
          eq(events.workspaceId, workspaceId),
          eq(eventSpeakers.workspaceId, workspaceId),
          isNull(eventSpeakers.userId),
          isCurrent,
        ),
      )
      .orderBy(
        asc(events.startsOn),
        asc(events.id),
        // Those never invited first: they are the next thing to do.
        sql`${eventSpeakers.invitedAt} asc nulls first`,
        asc(eventSpeakers.name),
        asc(eventSpeakers.id),
      ),
    db
      .select({
        id: talkSessions.id,
        talkTitle: talks.title,
        eventName: sql<string>`coalesce(${events.name}, ${talkSessions.eventName})`,
        eventId: talkSessions.eventId,
        speakerName: eventSpeakers.name,
        roomName: eventRooms.name,
        startsAt: talkSessions.startsAt,
        timeZone: talkSessions.timeZone,
        leadsToday: sql<number>`(select count(*)::int from ${leads} where ${leads.sessionId} = ${talkSessions.id} and ${givenToOrganiser()} and ${leads.createdAt} >= ${dayStart(now)})`,
      })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .leftJoin(events, eq(events.id, talkSessions.eventId))
      .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
      .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
      .where(and(eq(talkSessions.workspaceId, workspaceId), eq(talkSessions.status, 'live')))
      .orderBy(asc(talkSessions.startsAt), asc(talkSessions.id))
      .limit(LIVE_LISTED),
    db
      .select({ n: count() })
      .from(talkSessions)
      .where(and(eq(talkSessions.workspaceId, workspaceId), eq(talkSessions.status, 'live'))),
    db
      .select({ eventId: talkSessions.eventId, n: count() })
      .from(leads)
      .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
      .leftJoin(events, eq(events.id, talkSessions.eventId))
      .where(
        and(
          eq(leads.ownerId, workspaceId),
          givenToOrganiser(),
          // No zone's midnight is more than a day ago: the index range (leads_owner_created_idx) first.
          gte(leads.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
          sql`${leads.createdAt} >= ${dayStart(now)}`,
          sql`${leads.createdAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .groupBy(talkSessions.eventId),
  ])

  const todayByEvent = new Map(todayRows.map((r) => [r.eventId, r.n]))
  const dashboardEvents: DashboardEvent[] = eventRows.map((e) => ({ ...e, leadsToday: todayByEvent.get(e.id) ?? 0 }))
  // Current and coming events first (the soonest on top), then the rest, the latest first.
  dashboardEvents.sort((a, b) =>
    a.current !== b.current ? (a.current ? -1 : 1) : a.current ? 0 : b.startsOn.localeCompare(a.startsOn),
  )

  const toClaim: EventToClaim[] = []
  for (const row of claimRows) {
    let entry = toClaim.at(-1)
    if (entry?.eventId !== row.eventId) {
      entry = { eventId: row.eventId, eventName: row.eventName, total: 0, notInvited: 0, listed: [] }
      toClaim.push(entry)
    }
    entry.total += 1
    if (!row.invitedAt) entry.notInvited += 1
    if (entry.listed.length < TO_CLAIM_LISTED)
      entry.listed.push({ id: row.id, name: row.name, email: row.email, invitedAt: row.invitedAt })
  }

  return {
    events: dashboardEvents,
    toClaim,
    live: liveRows,
    liveTotal: liveCount[0]?.n ?? 0,
    leadsToday: todayRows.reduce((sum, r) => sum + r.n, 0),
  }
}
