import { and, asc, eq, ne } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { events, eventSpeakers } from '~/db/schema/events'
import { talks, talkSessions } from '~/db/schema/talks'
import type { EventRow } from './events.server'

// What an event's programme shows (issue 23 Deliver 1 and 3): its sessions with the talk, the roster
// speaker and the room, for the public pages /e/{slug} and /e/{slug}/{speaker} and the organiser's
// overview. Public reads never select a speaker's email or account.

const programmeColumns = {
  id: talkSessions.id,
  code: talkSessions.code,
  status: talkSessions.status,
  startsAt: talkSessions.startsAt,
  durationMinutes: talkSessions.durationMinutes,
  roomId: talkSessions.roomId,
  talkTitle: talks.title,
  speakerSlug: eventSpeakers.slug,
  speakerName: eventSpeakers.name,
  jobTitle: eventSpeakers.jobTitle,
  company: eventSpeakers.company,
  photoUrl: eventSpeakers.photoUrl,
}

export type ProgrammeSession = {
  id: string
  code: string
  status: 'draft' | 'live' | 'closed'
  startsAt: Date
  durationMinutes: number | null
  roomId: string | null
  talkTitle: string
  speakerSlug: string | null
  speakerName: string | null
  jobTitle: string | null
  company: string | null
  photoUrl: string | null
}

/** Every session of the event (whatever its status: the programme is the plan), by start time. */
export function eventProgramme(eventId: string): Promise<ProgrammeSession[]> {
  return getDb()
    .select(programmeColumns)
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
    .where(eq(talkSessions.eventId, eventId))
    .orderBy(asc(talkSessions.startsAt), asc(talks.title))
}

/**
 * A roster speaker's page under a public event: their public fields and their sessions at this event;
 * null when no speaker of the event's workspace has this slug, or they do not speak at this event.
 */
export async function publicEventSpeaker(event: Pick<EventRow, 'id' | 'workspaceId'>, slug: string) {
  const db = getDb()
  const [speaker] = await db
    .select({
      id: eventSpeakers.id,
      slug: eventSpeakers.slug,
      name: eventSpeakers.name,
      jobTitle: eventSpeakers.jobTitle,
      company: eventSpeakers.company,
      bio: eventSpeakers.bio,
      photoUrl: eventSpeakers.photoUrl,
    })
    .from(eventSpeakers)
    .where(and(eq(eventSpeakers.workspaceId, event.workspaceId), eq(eventSpeakers.slug, slug)))
    .limit(1)
  if (!speaker) return null
  const sessions = await db
    .select(programmeColumns)
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .innerJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
    .where(and(eq(talkSessions.eventId, event.id), eq(talkSessions.speakerId, speaker.id)))
    .orderBy(asc(talkSessions.startsAt), asc(talks.title))
  if (sessions.length === 0) return null
  return { speaker, sessions }
}

/** The public event pages for the sitemap: each published or archived event and its speakers' pages. */
export async function listPublicEventPages() {
  const db = getDb()
  const [eventRows, speakerRows] = await Promise.all([
    db
      .select({ slug: events.slug, updatedAt: events.updatedAt })
      .from(events)
      .where(ne(events.status, 'draft'))
      .orderBy(asc(events.slug)),
    db
      .selectDistinct({ event: events.slug, speaker: eventSpeakers.slug, updatedAt: eventSpeakers.updatedAt })
      .from(talkSessions)
      .innerJoin(events, eq(events.id, talkSessions.eventId))
      .innerJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
      .where(ne(events.status, 'draft'))
      .orderBy(asc(events.slug), asc(eventSpeakers.slug)),
  ])
  return [
    ...eventRows.map((e) => ({ path: `/e/${e.slug}`, updatedAt: e.updatedAt })),
    ...speakerRows.map((s) => ({ path: `/e/${s.event}/${encodeURIComponent(s.speaker)}`, updatedAt: s.updatedAt })),
  ]
}
