import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { speakers, type EventAppearance, type SignatureTalk } from '~/db/schema/directory'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { releaseStoredObjects } from '~/jobs/storage-release.server'
import { ADMIN_SPEAKERS_PAGE_SIZE, PUBLIC_PAGE_SIZE } from '~/lib/constants'
import { DIRECTORY_PLANS, hasDirectoryListing, type Plan } from '~/lib/plans'
import { speakerSlug } from '~/lib/slug'
import { likePattern } from '~/lib/text'
import { purgePageCache } from '~/platform/page-store.server'

// Queries and mutations for speaker profiles. Ownership is part of every owner-scoped WHERE clause.

export type SpeakerInput = {
  name: string
  jobTitle: string
  company: string
  location: string
  email: string
  bio: string
  profileImageUrl: string
  linkedinUrl: string
  websiteUrl: string
  newsletterUrl: string
  videoEmbedUrl: string
  signatureTalks: SignatureTalk[]
  eventAppearances: EventAppearance[]
  topics: string[]
  industries: string[]
  region: string | null
  talkTypes: string[]
}

export const MISSING_REQUIRED_MESSAGE =
  'Missing required fields: name, job_title, company, location, email, and bio are required.'
export const DUPLICATE_SLUG_MESSAGE =
  'A profile with this name already exists. Please choose a slightly different name or contact support if you believe this is your existing profile.'

export class SpeakerDataError extends Error {
  constructor(
    message: string,
    readonly code: 'missing-fields' | 'duplicate-slug' | 'empty-slug',
  ) {
    super(message)
  }
}

/** spec 001 §5 (data level) and §8 (unique violation). */
function prepare(input: SpeakerInput) {
  const required = [input.name, input.jobTitle, input.company, input.location, input.email, input.bio]
  if (required.some((v) => !v?.trim())) throw new SpeakerDataError(MISSING_REQUIRED_MESSAGE, 'missing-fields')
  const slug = speakerSlug({ name: input.name, job_title: input.jobTitle, company: input.company, location: input.location })
  if (!slug) throw new SpeakerDataError(MISSING_REQUIRED_MESSAGE, 'empty-slug')
  return {
    ...input,
    name: input.name.trim(),
    jobTitle: input.jobTitle.trim(),
    company: input.company.trim(),
    location: input.location.trim(),
    email: input.email.trim(),
    // spec 001 §5: talks need title and description; events need name and url.
    signatureTalks: input.signatureTalks.filter((t) => t.title.trim() && t.description.trim()),
    eventAppearances: input.eventAppearances.filter((e) => e.name.trim() && e.url.trim()),
    slug,
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

async function rethrowDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw new SpeakerDataError(DUPLICATE_SLUG_MESSAGE, 'duplicate-slug')
    throw error
  }
}

export async function createSpeaker(input: SpeakerInput, options: { userId: string | null; isPublished: boolean }) {
  const values = prepare(input)
  return rethrowDuplicate(async () => {
    const [row] = await getDb()
      .insert(speakers)
      .values({ ...values, userId: options.userId, isPublished: options.isPublished })
      .returning({ id: speakers.id, slug: speakers.slug })
    purgePageCache()
    return row!
  })
}

/**
 * Updates a profile. With `ownerId` the row must belong to that user (the WHERE clause says so);
 * null means "no such row or not yours" — the caller cannot tell which, on purpose.
 */
export async function updateSpeaker(id: string, input: SpeakerInput, options: { ownerId?: string; isPublished: boolean }) {
  const values = prepare(input)
  const where = options.ownerId ? and(eq(speakers.id, id), eq(speakers.userId, options.ownerId)) : eq(speakers.id, id)
  const row = await rethrowDuplicate(() =>
    getDb().transaction(async (tx) => {
      const [before] = await tx
        .select({ photo: speakers.profileImageUrl, bio: speakers.bio })
        .from(speakers)
        .where(where)
        .for('update')
      if (!before) return null
      const [updated] = await tx
        .update(speakers)
        .set({ ...values, isPublished: options.isPublished, updatedAt: new Date() })
        .where(where)
        .returning({ id: speakers.id, slug: speakers.slug })
      // A replaced photo, or bio images no longer in the bio, are deleted once this commits.
      await releaseStoredObjects([before.photo, before.bio], [values.profileImageUrl, values.bio], tx)
      return updated ?? null
    }),
  )
  purgePageCache()
  return row
}

export async function deleteSpeaker(id: string) {
  const deleted = await getDb().transaction(async (tx) => {
    const rows = await tx
      .delete(speakers)
      .where(eq(speakers.id, id))
      .returning({ photo: speakers.profileImageUrl, bio: speakers.bio })
    for (const row of rows) await releaseStoredObjects([row.photo, row.bio], [], tx)
    return rows.length > 0
  })
  purgePageCache()
  return deleted
}

export async function getSpeakerById(id: string) {
  if (!isUuid(id)) return null
  const [row] = await getDb().select().from(speakers).where(eq(speakers.id, id)).limit(1)
  return row ?? null
}

/** The owner's own profile, or null (not found and not yours look the same). */
export async function getOwnedSpeaker(id: string, userId: string) {
  if (!isUuid(id)) return null
  const [row] = await getDb()
    .select()
    .from(speakers)
    .where(and(eq(speakers.id, id), eq(speakers.userId, userId)))
    .limit(1)
  return row ?? null
}

/**
 * The directory rule (spec 000 §6, docs/billing.md): a published profile is listed while its owner
 * is a member of any workspace whose plan includes `directoryListing` (Professional or Teams: their
 * personal workspace's plan, or a team's they belong to). A profile without an owner was made by an
 * administrator for the directory and is listed as published. One EXISTS: Postgres hashes the set
 * of listed people once per query (docs/billing.md has the plan and timings); nothing is deleted
 * when it stops holding.
 */
export function listedInDirectory(): SQL<boolean> {
  // Written out with aliases: inside sql`` Drizzle renders a column without its table, and a bare
  // user_id in the subquery would be the membership's own, matching every profile.
  const plans = sql.join(
    DIRECTORY_PLANS.map((p) => sql`${p}`),
    sql`, `,
  )
  return sql<boolean>`("speakers"."user_id" is null or exists (select 1 from ${workspaceMembers} dm inner join ${workspaces} dw on dw.id = dm.workspace_id where dm.user_id = "speakers"."user_id" and dw.plan in (${plans})))`
}

/**
 * Someone joined or left a workspace (or it was deleted): when its plan lists its people in the
 * directory, their profiles' listing changed, so the cached public pages go. Call after the commit.
 */
export function membershipChangedListing(plan: Plan | null) {
  if (plan && hasDirectoryListing(plan)) purgePageCache()
}

export async function listSpeakersByOwner(userId: string) {
  return getDb()
    .select({
      id: speakers.id,
      name: speakers.name,
      slug: speakers.slug,
      isPublished: speakers.isPublished,
      listed: listedInDirectory(),
      createdAt: speakers.createdAt,
    })
    .from(speakers)
    .where(eq(speakers.userId, userId))
    .orderBy(desc(speakers.createdAt))
}

// Public view (spec 000 §3): never the email, never the owner.
const publicColumns = {
  id: speakers.id,
  slug: speakers.slug,
  name: speakers.name,
  jobTitle: speakers.jobTitle,
  company: speakers.company,
  location: speakers.location,
  bio: speakers.bio,
  profileImageUrl: speakers.profileImageUrl,
  linkedinUrl: speakers.linkedinUrl,
  websiteUrl: speakers.websiteUrl,
  newsletterUrl: speakers.newsletterUrl,
  videoEmbedUrl: speakers.videoEmbedUrl,
  signatureTalks: speakers.signatureTalks,
  eventAppearances: speakers.eventAppearances,
  createdAt: speakers.createdAt,
}

/**
 * A published profile by slug, whether the directory lists it, and its owner (for the page to decide
 * who may see an unlisted one; the owner never reaches the browser).
 */
export async function getPublishedSpeakerBySlug(slug: string) {
  const [row] = await getDb()
    .select({ speaker: publicColumns, listed: listedInDirectory(), ownerId: speakers.userId })
    .from(speakers)
    .where(and(eq(speakers.slug, slug), eq(speakers.isPublished, true)))
    .limit(1)
  return row ?? null
}

/**
 * Server-side only: the recipient of a Contact Speaker message (ARCHITECTURE decision 4). Only a
 * listed profile can be written to: an unlisted one is "not found" to the public.
 */
export async function getContactTargetBySlug(slug: string) {
  const [row] = await getDb()
    .select({ id: speakers.id, name: speakers.name, email: speakers.email })
    .from(speakers)
    .where(and(eq(speakers.slug, slug), eq(speakers.isPublished, true), listedInDirectory()))
    .limit(1)
  return row ?? null
}

export type DirectoryQuery = {
  topic?: string | null
  industry?: string | null
  region?: string | null
  type?: string | null
  q?: string | null
  page?: number
}

/** Listed speakers, newest first, filtered on the server (ARCHITECTURE decision 5). */
export async function listDirectory(query: DirectoryQuery) {
  const conditions: SQL[] = [eq(speakers.isPublished, true), listedInDirectory()]
  if (query.topic) conditions.push(sql`${speakers.topics} @> array[${query.topic}]::text[]`)
  if (query.industry) conditions.push(sql`${speakers.industries} @> array[${query.industry}]::text[]`)
  if (query.region) conditions.push(eq(speakers.region, query.region))
  if (query.type) conditions.push(sql`${speakers.talkTypes} @> array[${query.type}]::text[]`)
  const q = query.q?.trim()
  if (q) {
    const pattern = likePattern(q)
    // "by name, company or topic": a topic is a directory topic or a signature talk's title or tag.
    // search_text is the stored column of drizzle/0013 (speakers_search_text of 0002), trigram-indexed.
    conditions.push(sql`${sql.identifier('speakers')}.${sql.identifier('search_text')} like lower(${pattern})`)
  }
  const where = and(...conditions)
  const page = Math.max(1, query.page ?? 1)
  const db = getDb()
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: speakers.id,
        slug: speakers.slug,
        name: speakers.name,
        jobTitle: speakers.jobTitle,
        company: speakers.company,
        location: speakers.location,
        bio: speakers.bio,
        profileImageUrl: speakers.profileImageUrl,
        signatureTalks: speakers.signatureTalks,
      })
      .from(speakers)
      .where(where)
      .orderBy(desc(speakers.createdAt), desc(speakers.id))
      .limit(PUBLIC_PAGE_SIZE)
      .offset((page - 1) * PUBLIC_PAGE_SIZE),
    db.select({ n: count() }).from(speakers).where(where),
  ])
  return { items, total: total?.n ?? 0, page, pageSize: PUBLIC_PAGE_SIZE }
}

export type AdminSpeakerQuery = { q?: string | null; status?: 'published' | 'draft' | null; page?: number }

/** spec 001 "Manage Speaker Profiles": search name, company or job title; status; 10 a page. */
export async function listSpeakersForAdmin(query: AdminSpeakerQuery) {
  const conditions: SQL[] = []
  const q = query.q?.trim()
  if (q) {
    const pattern = likePattern(q)
    conditions.push(or(ilike(speakers.name, pattern), ilike(speakers.company, pattern), ilike(speakers.jobTitle, pattern))!)
  }
  if (query.status === 'published') conditions.push(eq(speakers.isPublished, true))
  if (query.status === 'draft') conditions.push(eq(speakers.isPublished, false))
  const where = conditions.length ? and(...conditions) : undefined
  const page = Math.max(1, query.page ?? 1)
  const db = getDb()
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: speakers.id,
        slug: speakers.slug,
        name: speakers.name,
        jobTitle: speakers.jobTitle,
        company: speakers.company,
        profileImageUrl: speakers.profileImageUrl,
        isPublished: speakers.isPublished,
        listed: listedInDirectory(),
        createdAt: speakers.createdAt,
      })
      .from(speakers)
      .where(where)
      .orderBy(desc(speakers.createdAt), desc(speakers.id))
      .limit(ADMIN_SPEAKERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_SPEAKERS_PAGE_SIZE),
    db.select({ n: count() }).from(speakers).where(where),
  ])
  return { items, total: total?.n ?? 0, page, pageSize: ADMIN_SPEAKERS_PAGE_SIZE }
}

function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}
