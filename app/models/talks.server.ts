import { and, count, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { talks, talkSessions } from '~/db/schema/talks'
import type { TalkInput } from '~/lib/talk-session'
import { afterPosition, keysetPage, keysetPosition, newestFirst, type KeysetResult } from './keyset.server'

// A speaker's reusable signature talks. Every query is scoped to the owner in its WHERE clause:
// another speaker's id simply finds nothing. getTalkRecord / listTalkRecords are the API's reads.

export async function listTalks(ownerId: string) {
  const sessions = getDb()
    .select({ talkId: talkSessions.talkId, n: count().as('n') })
    .from(talkSessions)
    .where(eq(talkSessions.workspaceId, ownerId))
    .groupBy(talkSessions.talkId)
    .as('sessions')
  const rows = await getDb()
    .select({ id: talks.id, title: talks.title, abstract: talks.abstract, tag: talks.tag, sessions: sessions.n })
    .from(talks)
    .leftJoin(sessions, eq(sessions.talkId, talks.id))
    .where(eq(talks.workspaceId, ownerId))
    .orderBy(desc(talks.createdAt), desc(talks.id))
  return rows.map((r) => ({ ...r, sessions: Number(r.sessions ?? 0) }))
}

export async function getTalk(ownerId: string, id: string) {
  const [row] = await getDb()
    .select({ id: talks.id, title: talks.title, abstract: talks.abstract, tag: talks.tag })
    .from(talks)
    .where(and(eq(talks.id, id), eq(talks.workspaceId, ownerId)))
    .limit(1)
  return row ?? null
}

export async function createTalk({ ownerId, userId }: { ownerId: string; userId: string }, input: TalkInput) {
  const [row] = await getDb()
    .insert(talks)
    .values({ workspaceId: ownerId, userId, ...input })
    .returning({ id: talks.id })
  return row!
}

/** False when the talk is not the owner's (or does not exist). */
export async function updateTalk(ownerId: string, id: string, input: TalkInput) {
  const rows = await getDb()
    .update(talks)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(talks.id, id), eq(talks.workspaceId, ownerId)))
    .returning({ id: talks.id })
  return rows.length > 0
}

/** A talk with sessions stays (they would lose their title): delete those first. */
export async function deleteTalk(ownerId: string, id: string): Promise<'deleted' | 'not-found' | 'has-sessions'> {
  return getDb().transaction(async (tx) => {
    const [talk] = await tx
      .select({ id: talks.id })
      .from(talks)
      .where(and(eq(talks.id, id), eq(talks.workspaceId, ownerId)))
      .for('update')
    if (!talk) return 'not-found'
    const [used] = await tx.select({ n: count() }).from(talkSessions).where(eq(talkSessions.talkId, id))
    if ((used?.n ?? 0) > 0) return 'has-sessions'
    await tx.delete(talks).where(and(eq(talks.id, id), eq(talks.workspaceId, ownerId)))
    return 'deleted'
  })
}

const recordColumns = {
  id: talks.id,
  title: talks.title,
  abstract: talks.abstract,
  tag: talks.tag,
  // Named in full: a one-table select writes its own columns unqualified, which the sub-select would read as its own.
  sessions: sql<number>`(select count(*)::int from ${talkSessions} as "ts" where "ts"."talk_id" = "talks"."id" and "ts"."workspace_id" = "talks"."workspace_id")`,
  createdAt: talks.createdAt,
  updatedAt: talks.updatedAt,
}
const keyset = { id: talks.id, createdAt: talks.createdAt, workspace: talks.workspaceId }

export type TalkRecord = Pick<typeof talks.$inferSelect, 'id' | 'title' | 'abstract' | 'tag' | 'createdAt' | 'updatedAt'> & {
  sessions: number
}

/** A talk as the API answers it (issue 30), with its number of sessions; null when not the workspace's. */
export async function getTalkRecord(ownerId: string, id: string): Promise<TalkRecord | null> {
  const [row] = await getDb()
    .select(recordColumns)
    .from(talks)
    .where(and(eq(talks.id, id), eq(talks.workspaceId, ownerId)))
    .limit(1)
  return row ? { ...row, sessions: Number(row.sessions) } : null
}

/** A page of the workspace's talks, newest first (keyset on created_at, id). */
export async function listTalkRecords(
  ownerId: string,
  page: { limit: number; startingAfter?: string },
): Promise<KeysetResult<TalkRecord>> {
  const position = page.startingAfter ? await keysetPosition(getDb(), talks, keyset, ownerId, page.startingAfter) : null
  if (page.startingAfter && !position) return { ok: false, reason: 'cursor' }
  const rows = await getDb()
    .select(recordColumns)
    .from(talks)
    .where(and(eq(talks.workspaceId, ownerId), position ? afterPosition(keyset, position) : undefined))
    .orderBy(...newestFirst(keyset))
    .limit(page.limit + 1)
  return {
    ok: true,
    ...keysetPage(
      rows.map((r) => ({ ...r, sessions: Number(r.sessions) })),
      page.limit,
    ),
  }
}
