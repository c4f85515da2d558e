import { sessionTimingChanged } from './follow-up-automatic.server'
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '~/db/client.server'
import { eventSpeakers } from '~/db/schema/events'
import { talks, talkSessions } from '~/db/schema/talks'
import { eventConsentText, rosterSlug, type SpeakerPageField } from '~/lib/events'
import type { EventRow } from './events.server'
import { newShortCode } from './talk-sessions.server'

// The autogeneration of issue 23 Deliver 3, the one place it is written: one programme row (a
// speaker and their talk at a time and room) makes — or, on a re-import, updates — the roster
// speaker (their page /e/{slug}/{speaker}), a talk, and a draft session with its attendee page
// /t/{code} and QR code, before anyone signs in. The CSV import and "Add a speaker" both call it,
// inside the caller's transaction.

export type ProgrammeRow = {
  /** Lower-cased and trimmed: the roster's key. */
  email: string
  name: string
  jobTitle: string
  company: string
  bio: string
  talkTitle: string
  talkDescription: string
  startsAt: Date
  durationMinutes: number
  roomId: string | null
}

export type ProgrammeOutcome = {
  speakerId: string
  sessionId: string
  speaker: 'created' | 'updated'
  session: 'created' | 'updated'
}

/**
 * Upserts one row. A speaker is matched by email in the workspace's roster, a session by speaker and
 * talk title (without regard to case) within the event. Once a speaker has claimed their page, the
 * fields they may edit (those not locked) are theirs: a re-import leaves them alone.
 */
export async function upsertProgrammeRow(
  tx: Tx,
  event: Pick<EventRow, 'id' | 'workspaceId' | 'name' | 'timeZone' | 'city' | 'isOnline'>,
  actorUserId: string,
  row: ProgrammeRow,
): Promise<ProgrammeOutcome> {
  const speaker = await upsertSpeaker(tx, event.workspaceId, row)
  const [existing] = await tx
    .select({ id: talkSessions.id, talkId: talkSessions.talkId, locked: talkSessions.lockedFields })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(
      and(
        eq(talkSessions.eventId, event.id),
        eq(talkSessions.speakerId, speaker.id),
        sql`lower(${talks.title}) = lower(${row.talkTitle})`,
      ),
    )
    .limit(1)
  const timing = { startsAt: row.startsAt, durationMinutes: row.durationMinutes, roomId: row.roomId, updatedAt: new Date() }
  if (existing) {
    await tx
      .update(talks)
      .set({ title: row.talkTitle, abstract: row.talkDescription, updatedAt: new Date() })
      .where(eq(talks.id, existing.talkId))
    await tx.update(talkSessions).set(timing).where(eq(talkSessions.id, existing.id))
    await sessionTimingChanged(tx, event.workspaceId, existing.id)
    return { speakerId: speaker.id, sessionId: existing.id, speaker: speaker.outcome, session: 'updated' }
  }
  const [talk] = await tx
    .insert(talks)
    .values({ workspaceId: event.workspaceId, userId: actorUserId, title: row.talkTitle, abstract: row.talkDescription })
    .returning({ id: talks.id })
  // The speaker runs the session once they have claimed their page; until then the organiser does.
  const [session] = await tx
    .insert(talkSessions)
    .values({
      workspaceId: event.workspaceId,
      userId: speaker.userId ?? actorUserId,
      talkId: talk!.id,
      code: newShortCode(),
      status: 'draft',
      eventName: event.name,
      timeZone: event.timeZone,
      city: event.isOnline ? null : event.city,
      isOnline: event.isOnline,
      consentText: eventConsentText(),
      eventId: event.id,
      speakerId: speaker.id,
      ...timing,
    })
    .returning({ id: talkSessions.id })
  return { speakerId: speaker.id, sessionId: session!.id, speaker: speaker.outcome, session: 'created' }
}

async function upsertSpeaker(tx: Tx, workspaceId: string, row: ProgrammeRow) {
  const [found] = await tx
    .select()
    .from(eventSpeakers)
    .where(and(eq(eventSpeakers.workspaceId, workspaceId), eq(eventSpeakers.email, row.email)))
    .limit(1)
  const fields: Record<Exclude<SpeakerPageField, 'photoUrl'>, string> = {
    name: row.name,
    jobTitle: row.jobTitle,
    company: row.company,
    bio: row.bio,
  }
  if (found) {
    const change: Partial<typeof fields> = {}
    for (const [key, value] of Object.entries(fields) as [keyof typeof fields, string][]) {
      // A claimed speaker's unlocked fields are theirs; an empty cell never blanks a field.
      if (found.userId && !found.lockedFields.includes(key)) continue
      if (value !== '' && value !== found[key]) change[key] = value
    }
    if (Object.keys(change).length)
      await tx
        .update(eventSpeakers)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(eventSpeakers.id, found.id))
    return { id: found.id, userId: found.userId, outcome: 'updated' as const }
  }
  const slug = await freeSlug(tx, workspaceId, rosterSlug(row.name))
  const [created] = await tx
    .insert(eventSpeakers)
    .values({ workspaceId, email: row.email, slug, ...fields })
    .returning({ id: eventSpeakers.id })
  return { id: created!.id, userId: null, outcome: 'created' as const }
}

/** The slug, or slug-2, slug-3…: one page per roster speaker in the workspace. */
async function freeSlug(tx: Tx, workspaceId: string, base: string) {
  const taken = await tx
    .select({ slug: eventSpeakers.slug })
    .from(eventSpeakers)
    .where(
      and(
        eq(eventSpeakers.workspaceId, workspaceId),
        sql`(${eventSpeakers.slug} = ${base} or ${eventSpeakers.slug} like ${`${base}-%`})`,
      ),
    )
  const used = new Set(taken.map((t) => t.slug))
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}
