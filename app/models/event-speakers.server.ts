import { sessionTimingChanged } from './follow-up-automatic.server'
import { and, asc, count, eq, inArray, lt, ne, notExists, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { eventImports, eventRooms, eventSpeakers } from '~/db/schema/events'
import { leads } from '~/db/schema/leads'
import { talks, talkSessions } from '~/db/schema/talks'
import { releaseStoredKeys, releaseStoredObjects } from '~/jobs/storage-release.server'
import { isUuid } from '~/lib/text'
import type { ProgrammeInput } from '~/lib/speaker-import'

// The speakers of one event as the organiser manages them (issue 23 Deliver 2 and 3): the roster
// speakers with a session at the event, their sessions, the organiser's edits and locks, and CSV
// imports waiting for confirmation. Every read names the workspace and the event: a speaker of
// another event or workspace is not found (the routes answer 404). The autogeneration itself is
// app/models/event-programme.server.ts.

export type EventSpeakerSummary = Awaited<ReturnType<typeof listEventSpeakers>>[number]

/** The event's speakers (those with at least one session there), by name, with their session count. */
export function listEventSpeakers(workspaceId: string, eventId: string, db: Db | Tx = getDb()) {
  return db
    .select({
      id: eventSpeakers.id,
      name: eventSpeakers.name,
      email: eventSpeakers.email,
      company: eventSpeakers.company,
      jobTitle: eventSpeakers.jobTitle,
      userId: eventSpeakers.userId,
      invitedAt: eventSpeakers.invitedAt,
      sessions: count(talkSessions.id),
    })
    .from(eventSpeakers)
    .innerJoin(talkSessions, and(eq(talkSessions.speakerId, eventSpeakers.id), eq(talkSessions.eventId, eventId)))
    .where(eq(eventSpeakers.workspaceId, workspaceId))
    .groupBy(eventSpeakers.id)
    .orderBy(sql`lower(${eventSpeakers.name})`, asc(eventSpeakers.email))
}

/** Every session of the event with its speaker, talk and room: the CSV export, in programme order. */
export function listProgrammeRows(workspaceId: string, eventId: string, db: Db | Tx = getDb()) {
  return db
    .select({
      name: eventSpeakers.name,
      email: eventSpeakers.email,
      jobTitle: eventSpeakers.jobTitle,
      company: eventSpeakers.company,
      bio: eventSpeakers.bio,
      talkTitle: talks.title,
      talkDescription: talks.abstract,
      startsAt: talkSessions.startsAt,
      durationMinutes: talkSessions.durationMinutes,
      room: eventRooms.name,
    })
    .from(talkSessions)
    .innerJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
    .where(and(eq(talkSessions.eventId, eventId), eq(talkSessions.workspaceId, workspaceId)))
    .orderBy(asc(talkSessions.startsAt), asc(eventRooms.position), sql`lower(${eventSpeakers.name})`)
}

const speakerAtEvent = (eventId: string) =>
  sql`exists (select 1 from ${talkSessions} where ${talkSessions.speakerId} = ${eventSpeakers.id} and ${talkSessions.eventId} = ${eventId})`

/** A roster speaker of this workspace who speaks at this event, with their sessions there; else null. */
export async function getEventSpeaker(
  workspaceId: string,
  eventId: string,
  speakerId: string | undefined,
  db: Db | Tx = getDb(),
) {
  if (!isUuid(speakerId)) return null
  const [speaker] = await db
    .select()
    .from(eventSpeakers)
    .where(and(eq(eventSpeakers.id, speakerId), eq(eventSpeakers.workspaceId, workspaceId), speakerAtEvent(eventId)))
    .limit(1)
  if (!speaker) return null
  const sessions = await db
    .select({
      id: talkSessions.id,
      talkId: talkSessions.talkId,
      code: talkSessions.code,
      talkTitle: talks.title,
      talkDescription: talks.abstract,
      startsAt: talkSessions.startsAt,
      durationMinutes: talkSessions.durationMinutes,
      roomId: talkSessions.roomId,
      lockedFields: talkSessions.lockedFields,
      leads: sql<number>`(select count(*)::int from ${leads} where ${leads.sessionId} = ${talkSessions.id})`,
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(
      and(eq(talkSessions.eventId, eventId), eq(talkSessions.speakerId, speaker.id), eq(talkSessions.workspaceId, workspaceId)),
    )
    .orderBy(asc(talkSessions.startsAt))
  return { speaker, sessions }
}

export type RosterSpeakerEdit = {
  name: string
  jobTitle: string
  company: string
  bio: string
  photoUrl: string
  lockedFields: string[]
}

/** The organiser's edit of a roster speaker (the page of every event they speak at) and its locks. */
export async function updateRosterSpeaker(workspaceId: string, speakerId: string, edit: RosterSpeakerEdit) {
  await getDb().transaction(async (tx) => {
    const mine = and(eq(eventSpeakers.id, speakerId), eq(eventSpeakers.workspaceId, workspaceId))
    const [before] = await tx.select({ photoUrl: eventSpeakers.photoUrl }).from(eventSpeakers).where(mine).for('update')
    if (!before) return
    await tx
      .update(eventSpeakers)
      .set({ ...edit, updatedAt: new Date() })
      .where(mine)
    // A replaced or removed photo is deleted from storage once this commits.
    await releaseStoredObjects([before.photoUrl], [edit.photoUrl], tx)
  })
}

export type EventSessionEdit = Pick<
  ProgrammeInput,
  'talkTitle' | 'talkDescription' | 'startsAt' | 'durationMinutes' | 'roomId'
> & {
  lockedFields: string[]
}

/**
 * The organiser's edit of one of a speaker's sessions at the event. 'title-taken' when the speaker
 * has another session there with this title: a re-import matches sessions by it.
 */
export async function updateEventSession(
  workspaceId: string,
  eventId: string,
  speakerId: string,
  sessionId: string,
  edit: EventSessionEdit,
): Promise<'ok' | 'not-found' | 'title-taken'> {
  return getDb().transaction(async (tx) => {
    const [session] = await tx
      .select({ id: talkSessions.id, talkId: talkSessions.talkId })
      .from(talkSessions)
      .where(
        and(
          eq(talkSessions.id, sessionId),
          eq(talkSessions.eventId, eventId),
          eq(talkSessions.speakerId, speakerId),
          eq(talkSessions.workspaceId, workspaceId),
        ),
      )
      .for('update')
    if (!session) return 'not-found'
    const [clash] = await tx
      .select({ id: talkSessions.id })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(
        and(
          eq(talkSessions.eventId, eventId),
          eq(talkSessions.speakerId, speakerId),
          ne(talkSessions.id, sessionId),
          sql`lower(${talks.title}) = lower(${edit.talkTitle})`,
        ),
      )
      .limit(1)
    if (clash) return 'title-taken'
    const now = new Date()
    await tx
      .update(talks)
      .set({ title: edit.talkTitle, abstract: edit.talkDescription, updatedAt: now })
      .where(and(eq(talks.id, session.talkId), eq(talks.workspaceId, workspaceId)))
    await tx
      .update(talkSessions)
      .set({
        startsAt: edit.startsAt,
        durationMinutes: edit.durationMinutes,
        roomId: edit.roomId,
        lockedFields: edit.lockedFields,
        updatedAt: now,
      })
      .where(eq(talkSessions.id, session.id))
    // Its automatic follow-up's first send moves with the session's end (issue 32 Deliver 7).
    await sessionTimingChanged(tx, workspaceId, session.id)
    return 'ok'
  })
}

/**
 * Takes a speaker off the event: their sessions there are deleted, with the talks made for them —
 * unless a session has captured leads ('has-leads': those are people's data, erased on their own
 * terms, never as a side effect). The roster entry stays for the workspace's other events.
 */
export async function removeSpeakerFromEvent(workspaceId: string, eventId: string, speakerId: string) {
  return getDb().transaction(async (tx): Promise<'ok' | 'has-leads'> => {
    const sessions = await tx
      .select({ id: talkSessions.id, talkId: talkSessions.talkId })
      .from(talkSessions)
      .where(
        and(eq(talkSessions.eventId, eventId), eq(talkSessions.speakerId, speakerId), eq(talkSessions.workspaceId, workspaceId)),
      )
      .for('update')
    if (sessions.length === 0) return 'ok'
    const ids = sessions.map((s) => s.id)
    const [captured] = await tx.select({ n: count() }).from(leads).where(inArray(leads.sessionId, ids))
    if ((captured?.n ?? 0) > 0) return 'has-leads'
    const deleted = await tx
      .delete(talkSessions)
      .where(inArray(talkSessions.id, ids))
      .returning({ offerFileKey: talkSessions.offerFileKey })
    await releaseStoredKeys(
      deleted.map((d) => d.offerFileKey),
      tx,
    )
    // Each session's talk was made for it by the autogeneration; one no other session uses goes too.
    await tx.delete(talks).where(
      and(
        inArray(talks.id, [...new Set(sessions.map((s) => s.talkId))]),
        eq(talks.workspaceId, workspaceId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(talkSessions)
            .where(eq(talkSessions.talkId, talks.id)),
        ),
      ),
    )
    return 'ok'
  })
}

/** For a preview: which emails are already on the roster, and which (speaker, talk title) sessions the event has. */
export async function programmeMatches(workspaceId: string, eventId: string, emails: string[], db: Db | Tx = getDb()) {
  if (emails.length === 0) return { speakers: new Map<string, string>(), sessions: new Set<string>() }
  const found = await db
    .select({ id: eventSpeakers.id, email: eventSpeakers.email })
    .from(eventSpeakers)
    .where(and(eq(eventSpeakers.workspaceId, workspaceId), inArray(eventSpeakers.email, [...new Set(emails)])))
  const speakers = new Map(found.map((s) => [s.email, s.id]))
  const sessions = new Set<string>()
  if (found.length) {
    const rows = await db
      .select({ speakerId: talkSessions.speakerId, title: sql<string>`lower(${talks.title})` })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(
        and(
          eq(talkSessions.eventId, eventId),
          inArray(
            talkSessions.speakerId,
            found.map((s) => s.id),
          ),
        ),
      )
    for (const r of rows) sessions.add(`${r.speakerId}\n${r.title}`)
  }
  return { speakers, sessions }
}

// ── CSV imports waiting for the organiser's confirmation ───────────────────────────────────────

/** How long an unconfirmed preview is kept. */
const IMPORT_TTL_MS = 24 * 60 * 60 * 1000

export async function createImport(values: {
  eventId: string
  workspaceId: string
  createdBy: string
  fileName: string
  content: string
}) {
  const db = getDb()
  // Previews nobody confirmed go after a day; tidied here rather than by a job of their own.
  await db.delete(eventImports).where(lt(eventImports.createdAt, new Date(Date.now() - IMPORT_TTL_MS)))
  const [row] = await db.insert(eventImports).values(values).returning({ id: eventImports.id })
  return row!.id
}

/** An import of this workspace's event, waiting; else null. */
export async function getImport(
  workspaceId: string,
  eventId: string,
  importId: string | null | undefined,
  db: Db | Tx = getDb(),
) {
  if (!isUuid(importId)) return null
  const [row] = await db
    .select()
    .from(eventImports)
    .where(and(eq(eventImports.id, importId), eq(eventImports.eventId, eventId), eq(eventImports.workspaceId, workspaceId)))
    .limit(1)
  return row ?? null
}

/**
 * Takes the waiting import out (inside the confirming transaction): true once. A second confirmation
 * of the same preview waits for the first's row lock and then finds nothing, so it imports nothing.
 */
export async function takeImport(tx: Tx, workspaceId: string, eventId: string, importId: string) {
  const rows = await tx
    .delete(eventImports)
    .where(and(eq(eventImports.id, importId), eq(eventImports.eventId, eventId), eq(eventImports.workspaceId, workspaceId)))
    .returning({ id: eventImports.id })
  return rows.length > 0
}

export async function discardImport(workspaceId: string, eventId: string, importId: string) {
  await getDb()
    .delete(eventImports)
    .where(and(eq(eventImports.id, importId), eq(eventImports.eventId, eventId), eq(eventImports.workspaceId, workspaceId)))
}
