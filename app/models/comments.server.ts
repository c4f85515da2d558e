import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { comments } from '~/db/schema/content'
import { purgePageCache } from '~/platform/page-store.server'
import { isUuid } from './posts.server'

/** Comments under an article, newest first (decision 8), with the author's email for display. */
export async function listComments(postId: string) {
  return getDb()
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      authorEmail: users.email,
      userId: comments.userId,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
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
