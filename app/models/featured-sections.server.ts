import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { featuredSections } from '~/db/schema/content'
import { releaseStoredObjects } from '~/jobs/storage-release.server'
import type { FeaturedPage } from '~/lib/constants'
import { purgePageCache } from '~/platform/page-store.server'
import { isUuid } from './posts.server'

export type FeaturedSection = typeof featuredSections.$inferSelect
export type FeaturedSectionInput = {
  title: string
  description: string
  page: FeaturedPage
  buttonLabel: string
  buttonLink: string
  icon: string
  sortOrder: number
}

/** Highlight cards of one listing: active rows by sort_order (spec 001 §7). */
export async function listActiveSections(page: FeaturedPage) {
  return getDb()
    .select()
    .from(featuredSections)
    .where(and(eq(featuredSections.isActive, true), eq(featuredSections.page, page)))
    .orderBy(asc(featuredSections.sortOrder), asc(featuredSections.createdAt))
}

/** The admin table: every section, both pages, by sort_order. */
export async function listAllSections() {
  return getDb()
    .select()
    .from(featuredSections)
    .orderBy(asc(featuredSections.sortOrder), asc(featuredSections.page), asc(featuredSections.createdAt))
}

export async function getSection(id: string) {
  if (!isUuid(id)) return null
  const [row] = await getDb().select().from(featuredSections).where(eq(featuredSections.id, id)).limit(1)
  return row ?? null
}

/** New rows are created active (spec 001 §3). */
export async function createSection(input: FeaturedSectionInput) {
  const [row] = await getDb()
    .insert(featuredSections)
    .values({ ...input, isActive: true })
    .returning()
  purgePageCache()
  return row!
}

export async function updateSection(id: string, input: FeaturedSectionInput) {
  if (!isUuid(id)) return null
  const row = await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ icon: featuredSections.icon })
      .from(featuredSections)
      .where(eq(featuredSections.id, id))
      .for('update')
    if (!before) return null
    const [updated] = await tx.update(featuredSections).set(input).where(eq(featuredSections.id, id)).returning()
    // A replaced icon is deleted once this commits.
    await releaseStoredObjects([before.icon], [input.icon], tx)
    return updated ?? null
  })
  purgePageCache()
  return row
}

export async function deleteSection(id: string) {
  if (!isUuid(id)) return null
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(featuredSections)
      .where(eq(featuredSections.id, id))
      .returning({ id: featuredSections.id, icon: featuredSections.icon })
    if (deleted) await releaseStoredObjects([deleted.icon], [], tx)
    return deleted ? { id: deleted.id } : null
  })
  purgePageCache()
  return row
}
