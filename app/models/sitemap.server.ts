import { desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema'

/** Published speaker profiles for the sitemap: slug and last change only. */
export async function listPublishedSpeakerSlugs() {
  return getDb()
    .select({ slug: speakers.slug, updatedAt: speakers.updatedAt })
    .from(speakers)
    .where(eq(speakers.isPublished, true))
    .orderBy(desc(speakers.createdAt))
}
