import { eq, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { posts } from '~/db/schema/content'
import { releaseStoredObjects } from '~/jobs/storage-release.server'
import { isUuid, type PostInput } from '~/models/posts.server'
import { purgePageCache } from '~/platform/page-store.server'
import { renderMarkdownHtml } from './markdown.server'

// Saving a post with its markdown rendered to HTML (served as it is, docs/content.md). A service,
// not a model, because the renderer is the page's own React component (markdown.server.tsx).

export async function createPost(input: PostInput) {
  const [row] = await getDb()
    .insert(posts)
    .values({ ...input, contentHtml: renderMarkdownHtml(input.content) })
    .returning()
  purgePageCache()
  return row!
}

export async function updatePost(id: string, input: PostInput) {
  if (!isUuid(id)) return null
  const row = await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ hero: posts.heroImageUrl, content: posts.content })
      .from(posts)
      .where(eq(posts.id, id))
      .for('update')
    if (!before) return null
    const [updated] = await tx
      .update(posts)
      .set({ ...input, contentHtml: renderMarkdownHtml(input.content), updatedAt: new Date() })
      .where(eq(posts.id, id))
      .returning()
    // A replaced hero image (or an image gone from the content) is deleted once this commits.
    await releaseStoredObjects([before.hero, before.content], [input.heroImageUrl, input.content], tx)
    return updated ?? null
  })
  purgePageCache()
  return row
}

/**
 * Renders the stored HTML of posts that have none: rows from before the column existed, seeded or
 * bulk-inserted ones. Runs at start-up after the migrations; clear content_html (a migration) to
 * re-render every post after a change to the renderer.
 */
export async function backfillContentHtml(batchSize = 200) {
  const db = getDb()
  let rendered = 0
  for (;;) {
    const batch = await db
      .select({ id: posts.id, content: posts.content })
      .from(posts)
      .where(isNull(posts.contentHtml))
      .limit(batchSize)
    if (!batch.length) break
    for (const row of batch) {
      await db
        .update(posts)
        .set({ contentHtml: renderMarkdownHtml(row.content) })
        .where(eq(posts.id, row.id))
    }
    rendered += batch.length
  }
  if (rendered) purgePageCache()
  return rendered
}
