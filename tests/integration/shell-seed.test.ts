import { existsSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { featuredSections, posts } from '~/db/schema/content'
import { speakers } from '~/db/schema/directory'
import { seedDemo, seedIfEmpty } from '~/services/seed.server'
import { DIRECTORY_FILTERS } from '~/lib/constants'
import { postSlug, speakerSlug } from '~/lib/slug'
import { localUploadsDir } from '~/services/storage.server'

const count = async (
  table: typeof posts | typeof speakers | typeof featuredSections | typeof users,
  where?: ReturnType<typeof eq>,
) => {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where)
  return row!.n
}

describe('demo seed', () => {
  it('seeds an empty database once, with the data set the spec asks for', async () => {
    expect(await seedIfEmpty()).toBe(true)
    expect(await seedIfEmpty()).toBe(false)

    const [admin] = await getDb().select().from(users).where(eq(users.email, 'admin@example.com'))
    expect(admin?.role).toBe('admin')

    expect(await count(posts, and(eq(posts.type, 'resource'), eq(posts.isPublished, true)))).toBeGreaterThanOrEqual(12)
    expect(await count(posts, and(eq(posts.type, 'news'), eq(posts.isPublished, true)))).toBeGreaterThanOrEqual(6)
    expect(await count(posts, eq(posts.isPublished, false))).toBeGreaterThan(0)
    expect(await count(speakers, eq(speakers.isPublished, true))).toBe(9)
    expect(await count(speakers, eq(speakers.isPublished, false))).toBe(3)
    expect(await count(featuredSections, eq(featuredSections.page, 'resources'))).toBe(3)
    expect(await count(featuredSections, eq(featuredSections.page, 'news'))).toBe(3)
  })

  it('writes slugs, tags, filters and icons that the rest of the app can use', async () => {
    for (const p of await getDb().select().from(posts)) {
      expect(p.slug).toBe(postSlug(p.title))
      expect(p.tags.length).toBeGreaterThan(0)
      expect(p.content).not.toContain('{brand}')
      expect(p.metaTitle.length).toBeLessThanOrEqual(60)
    }
    const allowed = Object.fromEntries(DIRECTORY_FILTERS.map((f) => [f.param, f.options.map((o) => o.value as string)]))
    for (const s of await getDb().select().from(speakers)) {
      expect(s.slug).toBe(speakerSlug({ name: s.name, job_title: s.jobTitle, company: s.company, location: s.location }))
      expect(s.signatureTalks.length).toBeGreaterThan(0)
      for (const t of s.topics) expect(allowed.topic).toContain(t)
      for (const i of s.industries) expect(allowed.industry).toContain(i)
      expect(allowed.region).toContain(s.region)
      for (const t of s.talkTypes) expect(allowed.type).toContain(t)
    }
    for (const f of await getDb().select().from(featuredSections)) {
      expect(f.icon).toMatch(/^\/uploads\/images\/icons\/\d+-[a-z]+\.svg$/)
      expect(existsSync(path.join(localUploadsDir(), f.icon.replace('/uploads/', '')))).toBe(true)
      expect(f.buttonLink).toMatch(/^http:\/\/localhost:3000\//)
    }
  })

  it('is idempotent when run again', async () => {
    const before = {
      posts: await count(posts),
      speakers: await count(speakers),
      featured: await count(featuredSections),
      users: await count(users),
    }
    await seedDemo()
    expect({
      posts: await count(posts),
      speakers: await count(speakers),
      featured: await count(featuredSections),
      users: await count(users),
    }).toEqual(before)
  })
})
