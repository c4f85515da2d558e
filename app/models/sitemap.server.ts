import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { listedInDirectory } from './speakers.server'

/** Speaker profiles the directory lists, for the sitemap: slug and last change only. */
export async function listPublishedSpeakerSlugs() {
  return getDb()
    .select({ slug: speakers.slug, updatedAt: speakers.updatedAt })
    .from(speakers)
    .where(and(eq(speakers.isPublished, true), listedInDirectory()))
    .orderBy(desc(speakers.createdAt))
}
