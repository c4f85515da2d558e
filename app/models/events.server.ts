import { and, asc, eq } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { eventRooms, events } from '~/db/schema'
import { isUuid } from '~/lib/text'

// An organiser's events (issue 23, docs/organisers.md). Every read names the workspace: another
// workspace's event id finds nothing and the route answers 404. The public page reads by slug and
// only a published (or archived) event.

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
  return db.select().from(eventRooms).where(eq(eventRooms.eventId, eventId)).orderBy(asc(eventRooms.position), asc(eventRooms.name))
}

/** The event behind a public page /e/{slug}: published or archived only (a draft is a 404). */
export async function publicEventBySlug(slug: string, db: Db | Tx = getDb()): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1)
  return row && row.status !== 'draft' ? row : null
}
