import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { posts } from '~/db/schema/content'
import { releaseStoredObjects } from '~/jobs/storage-release.server'
import type { PostType } from '~/lib/constants'
import { purgePageCache, sharedPageData } from '~/platform/page-store.server'

export type Post = typeof posts.$inferSelect
export type PostInput = {
  title: string
  slug: string
  type: PostType
  content: string
  tags: string[]
  metaTitle: string
  metaDescription: string
  heroImageUrl: string
  isPublished: boolean
}

// The search term is matched as a substring of the lower-cased searchable text (see the
// content-search migration): LIKE wildcards in the term are escaped so "50%" means "50%".
function likePattern(term: string) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = term.toLowerCase().replace(/[\u0000-\u001f]/g, ' ')
  return `%${cleaned.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

// A stored generated column (migration 0003_content-search-column), not declared in the schema.
const searchText = sql`${posts}.search_text`
const tagKeys = sql`posts_tag_keys(${posts.tags})`

function tagArray(tags: string[]) {
  const keys = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))]
  return sql`ARRAY[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`
}

// ── Public listings (spec 000 §2, §5, §7) ──────────────────────────────────────────────────────

export type PublishedFilter = { type: PostType; q?: string; tags?: string[]; page: number; pageSize: number }

function publishedWhere({ type, q, tags }: Pick<PublishedFilter, 'type' | 'q' | 'tags'>) {
  const conditions: SQL[] = [eq(posts.isPublished, true), eq(posts.type, type)]
  const term = q?.trim()
  if (term) conditions.push(sql`${searchText} like ${likePattern(term)}`)
  if (tags?.some((t) => t.trim())) conditions.push(sql`${tagKeys} @> ${tagArray(tags)}`)
  return and(...conditions)
}

// A search for a common word matches most posts. Counting every match (and sorting them all for
// one page) re-checks each candidate's text: ~0.5 s at 10,000 posts. So a search counts only far
// enough to draw the pagination a few pages ahead, and when that cap is reached (dense matches)
// the page is read in date order from an index, stopping after one page. The planner cannot see
// that density (no statistics on multi-KB text), hence the local planner settings. Rarer words
// keep the trigram bitmap plan.
const PAGES_AHEAD = 5

/**
 * Published posts of one type, newest first, one page, with the total for the pagination. With
 * a search term the total may be a lower bound (`exact: false`) that still shows PAGES_AHEAD
 * pages beyond the current one.
 */
export async function listPublishedPosts(filter: PublishedFilter) {
  const where = publishedWhere(filter)
  const db = getDb()
  const searching = Boolean(filter.q?.trim())
  const cap = (filter.page + PAGES_AHEAD) * filter.pageSize + 1
  const [count] = searching
    ? rowsOf<{ total: number }>(
        await db.execute(sql`select count(*)::int as total from (select 1 from ${posts} where ${where} limit ${cap}) as matches`),
      )
    : await db
        .select({ total: sql<number>`count(*)::int` })
        .from(posts)
        .where(where)
  const total = Number(count?.total ?? 0)
  const page = (exec: Pick<typeof db, 'select'>) =>
    exec
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        type: posts.type,
        tags: posts.tags,
        metaDescription: posts.metaDescription,
        heroImageUrl: posts.heroImageUrl,
        createdAt: posts.createdAt,
        // The card excerpt: the first characters of the markdown, never the whole article.
        excerpt: sql<string>`left(${posts.content}, 400)`,
      })
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
  // The count reached its cap: matches are dense, so reading in date order finds a page quickly.
  const dense = searching && total >= cap
  const rows = dense
    ? await db.transaction(async (tx) => {
        // SET LOCAL of the three, in one statement (one round trip instead of three).
        await tx.execute(
          sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)`,
        )
        return page(tx)
      })
    : await page(db)
  return { posts: rows, total, exact: !searching || total < cap }
}

/**
 * The tag summary rows of published posts of one type: each distinct lower-cased, trimmed tag
 * with the number of posts carrying it. Aggregated in SQL so the listing does not load every
 * post's tags; the display rule (capitalise, order) is applied by the caller.
 */
export async function publishedTagCounts(type: PostType) {
  // It scans every published post's tags (~30 ms at 10,000 posts), yet changes only when a post is
  // saved, which purges the page cache: kept with the cache's shared data until then (at most its TTL
  // for another process's writes).
  return sharedPageData(`tag-counts:${type}`, async () => {
    const rows = await getDb().execute<{ tag: string; count: number }>(sql`
      select k.tag, count(*)::int as count
      from ${posts}, lateral (select distinct lower(btrim(t)) as tag from unnest(${posts.tags}) as t) as k
      where ${posts.isPublished} = true and ${posts.type} = ${type} and k.tag <> ''
      group by k.tag`)
    return rowsOf<{ tag: string; count: number }>(rows)
  })
}

/** Article page: published only (spec 000 §7 "select where slug equals and is_published true"). */
export async function getPublishedPost(type: PostType, slug: string) {
  const [row] = await getDb()
    .select()
    .from(posts)
    .where(and(eq(posts.slug, slug), eq(posts.type, type), eq(posts.isPublished, true)))
    .limit(1)
  return row ?? null
}

/** Every published article for the sitemap and feeds, newest first. */
export async function listPublishedForFeeds(options: { type?: PostType; limit?: number } = {}) {
  const conditions: SQL[] = [eq(posts.isPublished, true)]
  if (options.type) conditions.push(eq(posts.type, options.type))
  const query = getDb()
    .select({
      title: posts.title,
      slug: posts.slug,
      type: posts.type,
      metaDescription: posts.metaDescription,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt))
  return options.limit ? query.limit(options.limit) : query
}

// ── Admin (spec 001 §2 Manage Resources, §7 posts table) ──────────────────────────────────────

export type AdminFilter = {
  q?: string
  tag?: string
  status?: 'published' | 'draft'
  type?: PostType
  page: number
  pageSize: number
}

export async function listAdminPosts(filter: AdminFilter) {
  const conditions: SQL[] = []
  const term = filter.q?.trim()
  if (term) conditions.push(sql`lower(${posts.title}) like ${likePattern(term)}`)
  if (filter.tag?.trim()) conditions.push(sql`${tagKeys} @> ${tagArray([filter.tag])}`)
  if (filter.status) conditions.push(eq(posts.isPublished, filter.status === 'published'))
  if (filter.type) conditions.push(eq(posts.type, filter.type))
  const where = conditions.length ? and(...conditions) : undefined
  const db = getDb()
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        type: posts.type,
        isPublished: posts.isPublished,
        createdAt: posts.createdAt,
      })
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(posts)
      .where(where),
  ])
  return { posts: rows, total: count?.total ?? 0 }
}

/** Every distinct tag (lower-cased, trimmed) for the admin tag filter. */
export async function listAllTags() {
  const rows = await getDb().execute<{ tag: string }>(sql`
    select distinct lower(btrim(t)) as tag from ${posts}, unnest(${posts.tags}) as t
    where btrim(t) <> '' order by 1`)
  return rowsOf<{ tag: string }>(rows).map((r) => r.tag)
}

export async function getPostById(id: string) {
  if (!isUuid(id)) return null
  const [row] = await getDb().select().from(posts).where(eq(posts.id, id)).limit(1)
  return row ?? null
}

export async function isSlugTaken(slug: string, exceptId?: string) {
  const condition = exceptId && isUuid(exceptId) ? and(eq(posts.slug, slug), ne(posts.id, exceptId)) : eq(posts.slug, slug)
  const [row] = await getDb().select({ id: posts.id }).from(posts).where(condition).limit(1)
  return Boolean(row)
}

export async function deletePost(id: string) {
  if (!isUuid(id)) return null
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(posts)
      .where(eq(posts.id, id))
      .returning({ id: posts.id, title: posts.title, hero: posts.heroImageUrl, content: posts.content })
    if (deleted) await releaseStoredObjects([deleted.hero, deleted.content], [], tx)
    return deleted ? { id: deleted.id, title: deleted.title } : null
  })
  purgePageCache()
  return row
}

export function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

/** Unique-violation from either driver (postgres.js or PGlite). */
export function isUniqueViolation(error: unknown) {
  const code =
    (error as { code?: string; cause?: { code?: string } } | null)?.code ?? (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}

// db.execute returns an array (postgres.js) or { rows } (PGlite).
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}
