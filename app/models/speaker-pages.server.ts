import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { eventRooms, events, eventSpeakers } from '~/db/schema/events'
import { talks, talkSessions } from '~/db/schema/talks'
import { isLocked } from '~/lib/events'
import { SESSION_INPUT_LOCK, type SessionPageText, type SpeakerPageText } from '~/lib/speaker-page'
import { purgeEventPages } from './events.server'

// The claimed speaker's own things in an organiser's workspace (issue 23 Deliver 4; /app/speaking):
// the roster entries they claimed, the events they speak at and the sessions they run. Every read
// and write names the workspace AND the speaker's account in its WHERE clause, so another speaker's
// page or session is never found.

export type Me = { ownerId: string; userId: string }

const entryOf = (me: Me) => and(eq(eventSpeakers.workspaceId, me.ownerId), eq(eventSpeakers.userId, me.userId))

/** The roster entries this account claimed in the workspace (one, in practice), with their locks. */
export async function myRosterEntries(me: Me) {
  return getDb()
    .select({
      id: eventSpeakers.id,
      slug: eventSpeakers.slug,
      name: eventSpeakers.name,
      jobTitle: eventSpeakers.jobTitle,
      company: eventSpeakers.company,
      bio: eventSpeakers.bio,
      photoUrl: eventSpeakers.photoUrl,
      lockedFields: eventSpeakers.lockedFields,
    })
    .from(eventSpeakers)
    .where(entryOf(me))
    .orderBy(asc(eventSpeakers.name))
}

/** The sessions of those entries that this account runs, with their event and room. */
export async function mySessions(me: Me, speakerIds: string[]) {
  if (speakerIds.length === 0) return []
  return getDb()
    .select({
      id: talkSessions.id,
      speakerId: talkSessions.speakerId,
      code: talkSessions.code,
      status: talkSessions.status,
      startsAt: talkSessions.startsAt,
      timeZone: talkSessions.timeZone,
      durationMinutes: talkSessions.durationMinutes,
      headline: talkSessions.headline,
      offerTitle: talkSessions.offerTitle,
      offerPromise: talkSessions.offerPromise,
      offerKind: talkSessions.offerKind,
      lockedFields: talkSessions.lockedFields,
      talkTitle: talks.title,
      room: eventRooms.name,
      eventId: events.id,
      eventName: events.name,
      eventSlug: events.slug,
      eventStatus: events.status,
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .innerJoin(events, eq(events.id, talkSessions.eventId))
    .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
    .where(
      and(
        eq(talkSessions.workspaceId, me.ownerId),
        eq(talkSessions.userId, me.userId),
        inArray(talkSessions.speakerId, speakerIds),
      ),
    )
    .orderBy(asc(talkSessions.startsAt))
}

/** Writes the speaker's unlocked page fields (the lock is read again here: a lock set meanwhile wins). */
export async function updateMySpeakerPage(
  me: Me,
  speakerId: string,
  values: Partial<SpeakerPageText> & { photoUrl?: string },
): Promise<'saved' | 'not-found'> {
  const saved = await getDb().transaction(async (tx) => {
    const [entry] = await tx
      .select({ locked: eventSpeakers.lockedFields })
      .from(eventSpeakers)
      .where(and(entryOf(me), eq(eventSpeakers.id, speakerId)))
      .for('update')
    if (!entry) return false
    const set = Object.fromEntries(Object.entries(values).filter(([key]) => !isLocked(entry.locked, key)))
    await tx
      .update(eventSpeakers)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(eventSpeakers.id, speakerId))
    return true
  })
  if (!saved) return 'not-found'
  // The event's public pages show the speaker's page fields.
  purgeEventPages()
  return 'saved'
}

/** The current page fields and locks of one of the speaker's sessions; null for anyone else's. */
export async function mySessionPage(me: Me, sessionId: string) {
  const [row] = await getDb()
    .select({
      headline: talkSessions.headline,
      offerTitle: talkSessions.offerTitle,
      offerPromise: talkSessions.offerPromise,
      offerKind: talkSessions.offerKind,
      lockedFields: talkSessions.lockedFields,
    })
    .from(talkSessions)
    .innerJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
    .where(
      and(
        eq(talkSessions.id, sessionId),
        eq(talkSessions.workspaceId, me.ownerId),
        eq(talkSessions.userId, me.userId),
        entryOf(me),
      ),
    )
  return row ?? null
}

/** Writes the unlocked headline and offer of one of the speaker's sessions. */
export async function updateMySessionPage(me: Me, sessionId: string, values: Partial<SessionPageText>) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ locked: talkSessions.lockedFields })
      .from(talkSessions)
      .innerJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
      .where(
        and(
          eq(talkSessions.id, sessionId),
          eq(talkSessions.workspaceId, me.ownerId),
          eq(talkSessions.userId, me.userId),
          entryOf(me),
        ),
      )
      .for('update', { of: talkSessions })
    if (!row) return 'not-found' as const
    const set = Object.fromEntries(
      Object.entries(values).filter(([key]) => !isLocked(row.locked, SESSION_INPUT_LOCK[key as keyof SessionPageText])),
    )
    await tx
      .update(talkSessions)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(talkSessions.id, sessionId))
    return 'saved' as const
  })
}
