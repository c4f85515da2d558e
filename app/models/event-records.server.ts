import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { eventRooms, events } from '~/db/schema/events'
import { talkSessions } from '~/db/schema/talks'
import { afterPosition, keysetPage, keysetPosition, newestFirst, type KeysetResult } from './keyset.server'

// An organiser's events as the public API answers them (issue 30): the event with its rooms and its
// numbers of sessions and speakers. Every read names the workspace (another workspace's event id
// finds nothing); events made stay readable after the plan ends, as in the app. Pages are keyset
// pages, newest first on (created_at, id).

const columns = {
  id: events.id,
  name: events.name,
  slug: events.slug,
  description: events.description,
  startsOn: events.startsOn,
  endsOn: events.endsOn,
  timeZone: events.timeZone,
  venue: events.venue,
  city: events.city,
  isOnline: events.isOnline,
  status: events.status,
  recipients: events.recipients,
  // Named in full: a one-table select writes its own columns unqualified, which the sub-select would read as its own.
  sessions: sql<number>`(select count(*)::int from ${talkSessions} as "ts" where "ts"."event_id" = "events"."id")`,
  speakers: sql<number>`(select count(distinct "ts"."speaker_id")::int from ${talkSessions} as "ts" where "ts"."event_id" = "events"."id")`,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
}
const keyset = { id: events.id, createdAt: events.createdAt, workspace: events.workspaceId }

type EventColumns = Omit<typeof events.$inferSelect, 'workspaceId'>
export type EventRecord = EventColumns & { sessions: number; speakers: number; rooms: { id: string; name: string }[] }

async function withRooms(rows: (Omit<EventRecord, 'rooms'> & Record<string, unknown>)[]): Promise<EventRecord[]> {
  if (rows.length === 0) return []
  const rooms = await getDb()
    .select({ eventId: eventRooms.eventId, id: eventRooms.id, name: eventRooms.name })
    .from(eventRooms)
    .where(
      inIdList(
        eventRooms.eventId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(eventRooms.position), asc(eventRooms.name))
  return rows.map((r) => ({
    ...r,
    sessions: Number(r.sessions),
    speakers: Number(r.speakers),
    rooms: rooms.filter((room) => room.eventId === r.id).map(({ id, name }) => ({ id, name })),
  }))
}

/** One event of the workspace, or null. */
export async function getEventRecord(workspaceId: string, id: string): Promise<EventRecord | null> {
  const [row] = await getDb()
    .select(columns)
    .from(events)
    .where(and(eq(events.id, id), eq(events.workspaceId, workspaceId)))
    .limit(1)
  return row ? ((await withRooms([row]))[0] ?? null) : null
}

/** A page of the workspace's events, newest first; `startingAfter` not an event of the workspace → `cursor`. */
export async function listEventRecords(
  workspaceId: string,
  page: { limit: number; startingAfter?: string },
): Promise<KeysetResult<EventRecord>> {
  const position = page.startingAfter ? await keysetPosition(getDb(), events, keyset, workspaceId, page.startingAfter) : null
  if (page.startingAfter && !position) return { ok: false, reason: 'cursor' }
  const rows = await getDb()
    .select(columns)
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), position ? afterPosition(keyset, position) : undefined))
    .orderBy(...newestFirst(keyset))
    .limit(page.limit + 1)
  const { rows: shown, hasMore } = keysetPage(rows, page.limit)
  return { ok: true, rows: await withRooms(shown), hasMore }
}
