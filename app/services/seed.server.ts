import { eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { withBrand } from '~/content/brand'
import { generateMetaTitle } from '~/lib/meta-title'
import { postSlug, speakerSlug } from '~/lib/slug'
import { sanitizeBioHtml } from '~/services/sanitize.server'
import { putObject, storageKey } from '~/services/storage.server'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { featuredSections, posts } from '~/db/schema/content'
import { speakers } from '~/db/schema/directory'
import { SEED_FEATURED, SEED_ICONS, type SeedIcon } from '~/db/seed/featured'
import { SEED_POSTS } from '~/db/seed/posts'
import { SEED_SPEAKERS } from '~/db/seed/speakers'

const DAY_MS = 24 * 60 * 60 * 1000

/** Demo content for a newcomer's first start. Runs only when the database has no users yet. */
export async function seedIfEmpty() {
  const db = getDb()
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  if ((row?.count ?? 0) > 0) return false
  await seedDemo()
  return true
}

/**
 * The demo data set: an admin account, articles (resources and news, some drafts), highlight cards
 * with their icons, and speaker profiles (published and drafts). Idempotent: rows that already exist
 * (same slug, same email, cards already on a page) are left alone.
 */
export async function seedDemo() {
  const config = getConfig()
  const brand = config.BRAND_NAME
  const db = getDb()
  const now = Date.now()

  const admin = config.adminEmails[0]
  if (admin) await db.insert(users).values({ email: admin, role: 'admin' }).onConflictDoNothing()

  const postRows = SEED_POSTS.map((p) => {
    const title = withBrand(p.title, brand)
    const createdAt = new Date(now - p.daysAgo * DAY_MS)
    return {
      title,
      slug: postSlug(title),
      type: p.type,
      content: withBrand(p.content, brand),
      tags: p.tags,
      metaTitle: generateMetaTitle(title, brand),
      metaDescription: withBrand(p.metaDescription, brand),
      heroImageUrl: '',
      isPublished: p.published,
      createdAt,
      updatedAt: createdAt,
    }
  })
  await db.insert(posts).values(postRows).onConflictDoNothing({ target: posts.slug })

  const speakerRows = SEED_SPEAKERS.map((s) => {
    const createdAt = new Date(now - s.daysAgo * DAY_MS)
    return {
      slug: speakerSlug({ name: s.name, job_title: s.jobTitle, company: s.company, location: s.location }),
      name: s.name,
      jobTitle: s.jobTitle,
      company: s.company,
      location: s.location,
      email: s.email,
      // Same rule as every save path: bios are stored sanitized.
      bio: sanitizeBioHtml(s.bio),
      linkedinUrl: s.linkedinUrl ?? '',
      websiteUrl: s.websiteUrl ?? '',
      newsletterUrl: s.newsletterUrl ?? '',
      signatureTalks: s.signatureTalks,
      eventAppearances: s.eventAppearances,
      topics: s.topics,
      industries: s.industries,
      region: s.region,
      talkTypes: s.talkTypes,
      isPublished: s.published,
      createdAt,
      updatedAt: createdAt,
    }
  })
  await db.insert(speakers).values(speakerRows).onConflictDoNothing({ target: speakers.slug })

  for (const page of ['resources', 'news'] as const) {
    const [existing] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(featuredSections)
      .where(eq(featuredSections.page, page))
    if ((existing?.count ?? 0) > 0) continue
    const cards = SEED_FEATURED.filter((f) => f.page === page)
    const rows = []
    for (const card of cards) {
      rows.push({
        page,
        title: card.title,
        description: card.description,
        buttonLabel: card.buttonLabel,
        buttonLink: `${config.appUrl}${card.path}`,
        icon: await storeIcon(card.icon),
        sortOrder: card.sortOrder,
        isActive: true,
      })
    }
    await db.insert(featuredSections).values(rows)
  }
}

/** Icons are uploaded like an admin's SVG would be (spec 001 §7: icons/{timestamp}-{filename}). */
async function storeIcon(name: SeedIcon) {
  const { url } = await putObject({
    key: storageKey(`${name}.svg`, { icon: true }),
    body: Buffer.from(SEED_ICONS[name]),
    contentType: 'image/svg+xml',
  })
  return url
}
