import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { eventRooms, eventSpeakers } from '~/db/schema/events'
import { talks, talkSessions } from '~/db/schema/talks'
import type { EventRow } from './events.server'

// What an event's QR ZIP (issue 23 Deliver 8) prints for each session: its code and slide text, and
// the room, start and speaker its files are named by. Only the event's own workspace's sessions.

export type EventQrSession = {
  id: string
  code: string
  headline: string
  talkTitle: string
  offerTitle: string
  offerPromise: string
  accentColor: string
  startsAt: Date
  roomName: string | null
  speakerName: string | null
}

/** The event's sessions, room by room in the organiser's order (no room last), then by start. */
export function listEventQrSessions(event: Pick<EventRow, 'id' | 'workspaceId'>, db: Db = getDb()): Promise<EventQrSession[]> {
  return db
    .select({
      id: talkSessions.id,
      code: talkSessions.code,
      headline: talkSessions.headline,
      talkTitle: talks.title,
      offerTitle: talkSessions.offerTitle,
      offerPromise: talkSessions.offerPromise,
      accentColor: talkSessions.accentColor,
      startsAt: talkSessions.startsAt,
      roomName: eventRooms.name,
      speakerName: eventSpeakers.name,
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
    .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
    .where(and(eq(talkSessions.eventId, event.id), eq(talkSessions.workspaceId, event.workspaceId)))
    .orderBy(
      sql`${eventRooms.position} asc nulls last`,
      asc(eventRooms.name),
      asc(talkSessions.startsAt),
      asc(talks.title),
      asc(talkSessions.id),
    )
}
