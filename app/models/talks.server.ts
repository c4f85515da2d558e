import { and, count, desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { talks, talkSessions } from '~/db/schema/talks'
import type { TalkInput } from '~/lib/talk-session'

// A speaker's reusable signature talks. Every query is scoped to the owner in its WHERE clause:
// another speaker's id simply finds nothing.

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
