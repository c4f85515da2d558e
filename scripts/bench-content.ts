// npm run bench:content — server time of the content pages at 100 and 10,000 posts.
//
// Seeds posts into a temporary, migrated PGlite (and Postgres too when BENCH_DATABASE_URL is
// set: a throw-away database is created on that server and dropped afterwards), then calls the
// real loaders N times each: the /resources listing, a search, a search plus two topics, and an
// article page. Prints p50/p95 in milliseconds and the plan of the search query.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { parseConfig, resetConfig } from '../app/config.server'
import { openPglite, openPostgres, installDatabase, type DatabaseHandle } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { posts } from '../app/db/schema/content'
import { loadArticle } from '../app/services/article.server'
import { loadListing } from '../app/services/content-listing.server'
import { purgePageCache } from '../app/platform/page-store.server'

const SIZES = (process.env.BENCH_SIZES ?? '100,10000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
const WARMUP = 5

const WORDS =
  'lead capture event speaker audience stage talk keynote panel workshop webinar virtual booth badge scan qr code landing page follow up crm pipeline revenue roi conversion email nurture sequence slide story question answer demo sponsor organiser venue ticket attendee network social linkedin video podcast newsletter growth marketing sales engagement feedback survey insight metric dashboard export gdpr consent privacy'.split(
    ' ',
  )
const TAGS = [
  'marketing',
  'lead-generation',
  'speaking',
  'events',
  'webinars',
  'sales',
  'roi',
  'crm',
  'email',
  'social',
  'virtual',
  'sponsorship',
  'gdpr',
  'analytics',
  'storytelling',
  'qr-codes',
  'follow-up',
  'networking',
  'trade-shows',
  'podcasts',
]

let seed = 42
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')

function makePost(i: number) {
  const title = `${words(3)} ${words(3)} guide ${i}`
  const paragraphs = Array.from({ length: 6 }, () => words(60)).join('\n\n')
  const tags = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(TAGS)))]
  return {
    title,
    slug: `bench-post-${i}`,
    type: rand() < 0.8 ? ('resource' as const) : ('news' as const),
    content: `## ${words(4)}\n\n${paragraphs}`,
    tags,
    metaTitle: title,
    metaDescription: words(20),
    heroImageUrl: '',
    isPublished: rand() < 0.85,
    createdAt: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000),
  }
}

async function seedPosts(handle: DatabaseHandle, count: number) {
  await handle.exec('truncate posts cascade')
  const rows = Array.from({ length: count }, (_, i) => makePost(i))
  // Ten posts carry a rare word, so the search has a selective term as well as a common one.
  for (let i = 0; i < Math.min(10, count); i++) rows[i * Math.floor(count / 10)]!.content += ' zeppelin'
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(posts).values(rows.slice(i, i + 500))
  await handle.exec('analyze posts')
  purgePageCache()
  const [published] = await handle.db
    .select({ slug: posts.slug })
    .from(posts)
    .where(sql`${posts.isPublished} and ${posts.type} = 'resource'`)
    .orderBy(sql`${posts.createdAt} desc`)
    .offset(Math.floor(count / 4))
    .limit(1)
  return published!.slug
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!
  return { p50: at(0.5), p95: at(0.95) }
}

const request = (query: string) => new Request(`http://localhost:3000/resources${query}`)

async function benchDriver(name: string, handle: DatabaseHandle) {
  installDatabase(handle)
  const results: Array<Record<string, string>> = []
  let plan = ''
  for (const size of SIZES) {
    const slug = await seedPosts(handle, size)
    const cases: Array<[string, () => Promise<unknown>]> = [
      [
        'listing, tag summary uncached',
        () => {
          purgePageCache()
          return loadListing(request(''), 'resource')
        },
      ],
      ['listing /resources', () => loadListing(request(''), 'resource')],
      ['listing page 5', () => loadListing(request('?page=5'), 'resource')],
      ['search "zeppelin" (rare)', () => loadListing(request('?q=zeppelin'), 'resource')],
      ['search "webinar" (common)', () => loadListing(request('?q=webinar'), 'resource')],
      ['search + 2 topics', () => loadListing(request('?q=webinar&tag=marketing&tag=events'), 'resource')],
      ['article /resources/:slug', () => loadArticle(request(`/${slug}`), 'resource', slug)],
    ]
    for (const [label, fn] of cases) {
      const { p50, p95 } = await time(fn)
      results.push({ driver: name, posts: String(size), case: label, 'p50 ms': p50.toFixed(1), 'p95 ms': p95.toFixed(1) })
    }
    if (size === SIZES[SIZES.length - 1]) {
      const where = (term: string) => `is_published and type = 'resource' and search_text like '%${term}%'`
      const explain = async (query: string, settings = '') => {
        const out = await handle.db.transaction(async (tx) => {
          if (settings) for (const stmt of settings.split(';').filter(Boolean)) await tx.execute(sql.raw(stmt))
          return tx.execute(sql.raw(`explain analyze ${query}`))
        })
        const rows = (Array.isArray(out) ? out : (out as { rows: unknown[] }).rows) as Array<Record<string, string>>
        plan += `\n-- ${settings ? `[${settings}] ` : ''}${query}\n${rows.map((r) => Object.values(r)[0]).join('\n')}\n`
      }
      await explain(`select id from posts where ${where('zeppelin')} order by created_at desc, id desc limit 12`)
      await explain(`select count(*) from (select 1 from posts where ${where('webinar')} limit 73) as m`)
      await explain(
        `select id from posts where ${where('webinar')} order by created_at desc, id desc limit 12`,
        'set local enable_bitmapscan = off;set local enable_seqscan = off;set local enable_sort = off',
      )
    }
  }
  console.table(results)
  console.log(`\n${name}: search plans at ${SIZES[SIZES.length - 1]} posts\n${plan}\n`)
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-'))
  resetConfig(
    parseConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
    }),
  )
  try {
    if (process.env.BENCH_SKIP_PGLITE !== '1') {
      const pglite = await openPglite(undefined)
      await migrate(pglite)
      await benchDriver('pglite', pglite)
      await pglite.close()
    }

    const url = process.env.BENCH_DATABASE_URL
    if (url) {
      const name = `lectern_bench_${randomBytes(4).toString('hex')}`
      const admin = await openPostgres(url, { max: 1 })
      await admin.exec(`create database ${name}`)
      const target = new URL(url)
      target.pathname = `/${name}`
      const pg = await openPostgres(target.toString(), { max: 4 })
      try {
        await migrate(pg, target.toString())
        await benchDriver('postgres', pg)
      } finally {
        await pg.close()
        await admin.exec(`drop database if exists ${name} with (force)`)
        await admin.close()
      }
    }
  } finally {
    installDatabase(undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
