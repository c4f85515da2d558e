import { and, eq, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { eventRooms, eventSpeakers } from '~/db/schema/events'
import { talks, talkSessions } from '~/db/schema/talks'
import type { Scope } from '~/lib/permissions'
import type { SessionStatus } from '~/lib/talk-session'
import { afterPosition, keysetPage, keysetPosition, newestFirst, type KeysetResult } from './keyset.server'
import { runnerSessions } from './leads.server'
import { statsColumns } from './talk-sessions.server'

// Sessions as the public API answers them (issue 30): the session with its talk's title, its counts
// (session_counts, as its page shows them), and for an organiser's event its room and roster
// speaker. Which sessions a scope opens is the app's rule (runnerSessions with the sessions scope
// the caller passes: app/auth/workspace.server.ts sessionsScope); another workspace's id finds
// nothing. Pages are keyset pages, newest first on (created_at, id).

const columns = {
  id: talkSessions.id,
  workspaceId: talkSessions.workspaceId,
  talkId: talkSessions.talkId,
  talkTitle: talks.title,
  eventId: talkSessions.eventId,
  eventName: talkSessions.eventName,
  code: talkSessions.code,
  status: talkSessions.status,
  startsAt: talkSessions.startsAt,
  durationMinutes: talkSessions.durationMinutes,
  timeZone: talkSessions.timeZone,
  city: talkSessions.city,
  isOnline: talkSessions.isOnline,
  audienceSize: talkSessions.audienceSize,
  headline: talkSessions.headline,
  offerKind: talkSessions.offerKind,
  offerTitle: talkSessions.offerTitle,
  offerPromise: talkSessions.offerPromise,
  offerUrl: talkSessions.offerUrl,
  offerFileName: talkSessions.offerFileName,
  fields: talkSessions.fields,
  questions: talkSessions.questions,
  roomName: eventRooms.name,
  speakerId: eventSpeakers.id,
  speakerName: eventSpeakers.name,
  wentLiveAt: talkSessions.wentLiveAt,
  closedAt: talkSessions.closedAt,
  createdAt: talkSessions.createdAt,
  updatedAt: talkSessions.updatedAt,
  ...statsColumns,
}

export type SessionRecord = Awaited<ReturnType<typeof selectSessions>>[number]

export type SessionRecordFilters = { status: SessionStatus | null; talk: string | null; event: string | null }

export const NO_SESSION_RECORD_FILTERS: SessionRecordFilters = { status: null, talk: null, event: null }

function selectSessions(where: SQL | undefined) {
  return getDb()
    .select(columns)
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
    .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
    .where(where)
}

/** One session the scope opens, or null. */
export async function getSessionRecord(scope: Scope, id: string): Promise<SessionRecord | null> {
  const [row] = await selectSessions(
    and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope)),
  ).limit(1)
  return row ?? null
}

const keyset = { id: talkSessions.id, createdAt: talkSessions.createdAt, workspace: talkSessions.workspaceId }

/** A page of the sessions the scope opens, newest first; `startingAfter` not a session of the workspace → `cursor`. */
export async function listSessionRecords({
  scope,
  filters,
  limit,
  startingAfter,
}: {
  scope: Scope
  filters: SessionRecordFilters
  limit: number
  startingAfter?: string
}): Promise<KeysetResult<SessionRecord>> {
  const position = startingAfter ? await keysetPosition(getDb(), talkSessions, keyset, scope.ownerId, startingAfter) : null
  if (startingAfter && !position) return { ok: false, reason: 'cursor' }
  const rows = await selectSessions(
    and(
      eq(talkSessions.workspaceId, scope.ownerId),
      runnerSessions(scope),
      filters.status ? eq(talkSessions.status, filters.status) : undefined,
      filters.talk ? eq(talkSessions.talkId, filters.talk) : undefined,
      filters.event ? eq(talkSessions.eventId, filters.event) : undefined,
      position ? afterPosition(keyset, position) : undefined,
    ),
  )
    .orderBy(...newestFirst(keyset))
    .limit(limit + 1)
  return { ok: true, ...keysetPage(rows, limit) }
}
