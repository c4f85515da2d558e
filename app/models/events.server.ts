import { and, asc, count, countDistinct, eq, getTableColumns, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { eventRooms, events } from '~/db/schema/events'
import { talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import type { EventFormValue } from '~/lib/event-form'
import { canMoveEventStatus, eventSlug, type EventStatus } from '~/lib/events'
import { isUuid } from '~/lib/text'
import { purgePageCache } from '~/platform/page-store.server'
import { recordAudit, type AuditActor } from './audit.server'
import { isUniqueViolation } from './posts.server'

// An organiser's events (issue 23, docs/organisers.md). Every read names the workspace: another
// workspace's event id finds nothing and the route answers 404. The public page reads by slug and
// only a published (or archived) event. Every write is audited in its own transaction
// ('event.created' / 'event.changed') and then purges the cached public pages.

export type EventRow = typeof events.$inferSelect
export type EventRoom = typeof eventRooms.$inferSelect

/** An event of this workspace, or null (another workspace's, or no such id). */
export async function getEvent(workspaceId: string, eventId: string, db: Db | Tx = getDb()): Promise<EventRow | null> {
  if (!isUuid(eventId) || !isUuid(workspaceId)) return null
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.workspaceId, workspaceId)))
    .limit(1)
  return row ?? null
}

/** The workspace's events, the latest first. */
export function listEvents(workspaceId: string, db: Db | Tx = getDb()) {
  return db.select().from(events).where(eq(events.workspaceId, workspaceId)).orderBy(asc(events.startsOn), asc(events.name))
}

/** The rooms of an event, in the organiser's order. */
export function listRooms(eventId: string, db: Db | Tx = getDb()): Promise<EventRoom[]> {
  return db
    .select()
    .from(eventRooms)
    .where(eq(eventRooms.eventId, eventId))
    .orderBy(asc(eventRooms.position), asc(eventRooms.name))
}

/** The event behind a public page /e/{slug}: published or archived only (a draft is a 404). */
export async function publicEventBySlug(
  slug: string,
  db: Db | Tx = getDb(),
): Promise<(EventRow & { workspaceLanguage: string }) | null> {
  // With the workspace's language: what the event pages fall back to (issue 31; docs/languages.md).
  const [row] = await db
    .select({ ...getTableColumns(events), workspaceLanguage: workspaces.language })
    .from(events)
    .innerJoin(workspaces, eq(workspaces.id, events.workspaceId))
    .where(eq(events.slug, slug))
    .limit(1)
  return row && row.status !== 'draft' ? row : null
}

/**
 * Empties the cached public pages after a change to what /e/{slug} or its speaker pages show (an
 * event, its rooms, its programme, a roster speaker, a session going live). Call it after the
 * transaction commits: a render that starts before then would be kept stale. The cache is emptied
 * whole (docs/decisions/0008-page-cache.md); the slug says which pages the caller changed.
 */
export function purgeEventPages(_slug?: string) {
  purgePageCache()
}

/** The workspace's events with their numbers of sessions and of speakers (the events list). */
export async function listEventsWithCounts(workspaceId: string) {
  const counts = getDb()
    .select({
      eventId: talkSessions.eventId,
      sessions: count().as('sessions'),
      speakers: countDistinct(talkSessions.speakerId).as('speakers'),
    })
    .from(talkSessions)
    .where(eq(talkSessions.workspaceId, workspaceId))
    .groupBy(talkSessions.eventId)
    .as('counts')
  return getDb()
    .select({
      id: events.id,
      name: events.name,
      slug: events.slug,
      startsOn: events.startsOn,
      endsOn: events.endsOn,
      status: events.status,
      isOnline: events.isOnline,
      venue: events.venue,
      city: events.city,
      sessions: sql<number>`coalesce(${counts.sessions}, 0)`.mapWith(Number),
      speakers: sql<number>`coalesce(${counts.speakers}, 0)`.mapWith(Number),
    })
    .from(events)
    .leftJoin(counts, eq(counts.eventId, events.id))
    .where(eq(events.workspaceId, workspaceId))
    .orderBy(asc(events.startsOn), asc(events.name))
}

export type EventFields = Omit<EventFormValue, 'slug'> & { slug?: string }

function columns(input: EventFields) {
  return {
    name: input.name,
    description: input.description,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    timeZone: input.timeZone,
    // An online event has no venue: the public page says "Online".
    isOnline: input.isOnline,
    venue: input.isOnline ? null : input.venue || null,
    city: input.isOnline ? null : input.city || null,
    recipients: input.recipients,
  }
}

/** The name's address, or name-2, name-3…: addresses are unique across every workspace. */
async function freeEventSlug(tx: Tx, base: string) {
  const taken = await tx
    .select({ slug: events.slug })
    .from(events)
    .where(sql`(${events.slug} = ${base} or ${events.slug} like ${`${base}-%`})`)
  const used = new Set(taken.map((t) => t.slug))
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

async function slugTaken(tx: Tx, slug: string, exceptId?: string) {
  const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.slug, slug)).limit(1)
  return Boolean(row && row.id !== exceptId)
}

export type EventWriteResult = { ok: true; event: EventRow } | { ok: false; reason: 'not-found' | 'slug-taken' }

/** A new draft event. A typed address already in use is refused; an empty one becomes the name's, made free. */
export async function createEvent(workspaceId: string, actor: AuditActor, input: EventFields): Promise<EventWriteResult> {
  try {
    const event = await getDb().transaction(async (tx) => {
      if (input.slug && (await slugTaken(tx, input.slug))) return null
      const slug = input.slug ?? (await freeEventSlug(tx, eventSlug(input.name)))
      const [row] = await tx
        .insert(events)
        .values({ workspaceId, slug, ...columns(input) })
        .returning()
      await recordAudit({ workspaceId, actor, kind: 'event.created', subject: row!.name, data: { eventId: row!.id, slug } }, tx)
      return row!
    })
    if (!event) return { ok: false, reason: 'slug-taken' }
    purgeEventPages(event.slug)
    return { ok: true, event }
  } catch (error) {
    // Two events given one address at the same moment: the second hears it is taken.
    if (isUniqueViolation(error)) return { ok: false, reason: 'slug-taken' }
    throw error
  }
}

const AUDITED_FIELDS = [
  'name',
  'slug',
  'description',
  'startsOn',
  'endsOn',
  'timeZone',
  'isOnline',
  'venue',
  'city',
  'recipients',
] as const

/** Saves the event's details; an empty address keeps the current one. */
export async function updateEvent(
  workspaceId: string,
  eventId: string,
  actor: AuditActor,
  input: EventFields,
): Promise<EventWriteResult> {
  try {
    const result = await getDb().transaction(async (tx): Promise<EventWriteResult> => {
      const [before] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.workspaceId, workspaceId)))
        .for('update')
      if (!before) return { ok: false, reason: 'not-found' }
      const slug = input.slug ?? before.slug
      if (slug !== before.slug && (await slugTaken(tx, slug, eventId))) return { ok: false, reason: 'slug-taken' }
      const [after] = await tx
        .update(events)
        .set({ slug, ...columns(input), updatedAt: new Date() })
        .where(eq(events.id, eventId))
        .returning()
      const changed = AUDITED_FIELDS.filter((f) => before[f] !== after![f])
      if (changed.length)
        await recordAudit(
          {
            workspaceId,
            actor,
            kind: 'event.changed',
            subject: after!.name,
            data: { eventId, changed, ...(before.slug !== slug ? { from: before.slug } : {}) },
          },
          tx,
        )
      return { ok: true, event: after! }
    })
    if (result.ok) purgeEventPages(result.event.slug)
    return result
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'slug-taken' }
    throw error
  }
}

/** draft → published → archived, and back to draft or published (EVENT_STATUS_MOVES). */
export async function setEventStatus(
  workspaceId: string,
  eventId: string,
  actor: AuditActor,
  to: EventStatus,
): Promise<'ok' | 'not-found' | 'not-allowed'> {
  const result = await getDb().transaction(async (tx) => {
    const [event] = await tx
      .select({ status: events.status, name: events.name, slug: events.slug })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.workspaceId, workspaceId)))
      .for('update')
    if (!event) return 'not-found' as const
    if (!canMoveEventStatus(event.status, to)) return 'not-allowed' as const
    await tx.update(events).set({ status: to, updatedAt: new Date() }).where(eq(events.id, eventId))
    await recordAudit(
      { workspaceId, actor, kind: 'event.changed', subject: event.name, data: { eventId, status: to, from: event.status } },
      tx,
    )
    return 'ok' as const
  })
  if (result === 'ok') purgeEventPages()
  return result
}
