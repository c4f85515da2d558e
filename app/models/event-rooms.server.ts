import { and, asc, count, eq } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { eventRooms, events } from '~/db/schema/events'
import { talkSessions } from '~/db/schema/talks'
import { EVENT_LIMITS } from '~/lib/event-form'
import { isUuid } from '~/lib/text'
import { recordAudit, type AuditActor } from './audit.server'
import { purgeEventPages } from './events.server'
import { isUniqueViolation } from './posts.server'

// An event's rooms (issue 23 Deliver 1): added, renamed, reordered and removed in the event's
// Settings. A room's name is unique within its event without regard to case (the CSV import matches
// its room column that way). Removing a room leaves its sessions without a room (the foreign key
// sets talk_sessions.room_id to null). Every change is audited as 'event.changed'.

export type RoomResult = 'ok' | 'not-found' | 'taken' | 'too-many'

const roomKey = (name: string) => name.trim().toLowerCase()

/** The event, locked, when it is this workspace's: room changes of one event go one after the other. */
async function lockEvent(tx: Tx, workspaceId: string, eventId: string) {
  if (!isUuid(eventId) || !isUuid(workspaceId)) return null
  const [event] = await tx
    .select({ id: events.id, name: events.name, slug: events.slug })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.workspaceId, workspaceId)))
    .for('update')
  return event ?? null
}

async function roomChange(
  workspaceId: string,
  eventId: string,
  actor: AuditActor,
  change: (tx: Tx) => Promise<RoomResult | { room: string; data: Record<string, unknown> }>,
): Promise<RoomResult> {
  try {
    const result = await getDb().transaction(async (tx) => {
      const event = await lockEvent(tx, workspaceId, eventId)
      if (!event) return { outcome: 'not-found' as const }
      const done = await change(tx)
      if (typeof done === 'string') return { outcome: done }
      await recordAudit(
        { workspaceId, actor, kind: 'event.changed', subject: event.name, data: { eventId, room: done.room, ...done.data } },
        tx,
      )
      return { outcome: 'ok' as const, slug: event.slug }
    })
    if (result.outcome === 'ok') purgeEventPages(result.slug)
    return result.outcome
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
}

export function addRoom(workspaceId: string, eventId: string, actor: AuditActor, name: string) {
  return roomChange(workspaceId, eventId, actor, async (tx) => {
    const rooms = await tx
      .select({ key: eventRooms.nameKey, position: eventRooms.position })
      .from(eventRooms)
      .where(eq(eventRooms.eventId, eventId))
    if (rooms.some((r) => r.key === roomKey(name))) return 'taken'
    if (rooms.length >= EVENT_LIMITS.rooms) return 'too-many'
    const position = rooms.reduce((max, r) => Math.max(max, r.position + 1), 0)
    await tx.insert(eventRooms).values({ eventId, name: name.trim(), nameKey: roomKey(name), position })
    return { room: name.trim(), data: { rooms: 'added' } }
  })
}

export function renameRoom(workspaceId: string, eventId: string, roomId: string, actor: AuditActor, name: string) {
  return roomChange(workspaceId, eventId, actor, async (tx) => {
    if (!isUuid(roomId)) return 'not-found'
    const [room] = await tx
      .select({ name: eventRooms.name })
      .from(eventRooms)
      .where(and(eq(eventRooms.id, roomId), eq(eventRooms.eventId, eventId)))
    if (!room) return 'not-found'
    const [clash] = await tx
      .select({ id: eventRooms.id })
      .from(eventRooms)
      .where(and(eq(eventRooms.eventId, eventId), eq(eventRooms.nameKey, roomKey(name))))
    if (clash && clash.id !== roomId) return 'taken'
    await tx
      .update(eventRooms)
      .set({ name: name.trim(), nameKey: roomKey(name) })
      .where(eq(eventRooms.id, roomId))
    return { room: name.trim(), data: { rooms: 'renamed', from: room.name } }
  })
}

/** One place up or down in the event's order (the positions are renumbered 0, 1, 2…). */
export function moveRoom(workspaceId: string, eventId: string, roomId: string, actor: AuditActor, direction: 'up' | 'down') {
  return roomChange(workspaceId, eventId, actor, async (tx) => {
    const rooms = await tx
      .select({ id: eventRooms.id, name: eventRooms.name })
      .from(eventRooms)
      .where(eq(eventRooms.eventId, eventId))
      .orderBy(asc(eventRooms.position), asc(eventRooms.name))
    const from = rooms.findIndex((r) => r.id === roomId)
    if (from === -1) return 'not-found'
    const to = direction === 'up' ? from - 1 : from + 1
    const moved = rooms[from]!
    // Already first (or last): nothing changes, nothing to record.
    if (to < 0 || to >= rooms.length) return 'ok'
    rooms.splice(to, 0, ...rooms.splice(from, 1))
    for (const [position, room] of rooms.entries())
      await tx.update(eventRooms).set({ position }).where(eq(eventRooms.id, room.id))
    return { room: moved.name, data: { rooms: `moved ${direction}` } }
  })
}

/** Removes the room; its sessions stay in the programme without a room. */
export function removeRoom(workspaceId: string, eventId: string, roomId: string, actor: AuditActor) {
  return roomChange(workspaceId, eventId, actor, async (tx) => {
    if (!isUuid(roomId)) return 'not-found'
    const [room] = await tx
      .delete(eventRooms)
      .where(and(eq(eventRooms.id, roomId), eq(eventRooms.eventId, eventId)))
      .returning({ name: eventRooms.name })
    if (!room) return 'not-found'
    return { room: room.name, data: { rooms: 'removed' } }
  })
}

/** The event's rooms in order, each with its number of sessions (Settings says what removing one keeps). */
export async function listRoomsWithSessions(eventId: string) {
  const rooms = await getDb()
    .select({ id: eventRooms.id, name: eventRooms.name, sessions: count(talkSessions.id) })
    .from(eventRooms)
    .leftJoin(talkSessions, eq(talkSessions.roomId, eventRooms.id))
    .where(eq(eventRooms.eventId, eventId))
    .groupBy(eventRooms.id)
    .orderBy(asc(eventRooms.position), asc(eventRooms.name))
  return rooms
}
