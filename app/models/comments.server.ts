import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { accounts } from '~/db/schema/accounts'
import { comments } from '~/db/schema/content'
import { speakers } from '~/db/schema/directory'
import { purgePageCache } from '~/platform/page-store.server'
import { isUuid } from './posts.server'

/**
 * Comments under an article, newest first (decision 8), with the names the author's account holds
 * (Settings → Your name, their directory profile's) for display — never their address, which this
 * does not even read (app/lib/public-name.ts picks the name).
 */
export async function listComments(postId: string) {
  return getDb()
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      displayName: accounts.displayName,
      profileName: sql<
        string | null
      >`(select ${speakers.name} from ${speakers} where ${speakers.userId} = ${comments.userId} order by ${speakers.updatedAt} desc limit 1)`,
      userId: comments.userId,
    })
    .from(comments)
    .leftJoin(accounts, eq(accounts.userId, comments.userId))
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
}

export async function createComment(input: { postId: string; userId: string; content: string }) {
  const [row] = await getDb().insert(comments).values(input).returning()
  purgePageCache()
  return row!
}

/** Deletes a comment of this post (admins only; the route checks the role). */
export async function deleteComment(postId: string, commentId: string) {
  if (!isUuid(commentId)) return null
  const [row] = await getDb()
    .delete(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .returning({ id: comments.id })
  purgePageCache()
  return row ?? null
}
