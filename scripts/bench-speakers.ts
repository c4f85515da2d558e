// npm run bench:speakers — server time of the /speakers directory loader at 100 and 10,000
// published speakers, with and without filters and search. Always on a temporary in-memory
// PGlite; also on Postgres when BENCH_DATABASE_URL is set (a throwaway database is created there).
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { closeDatabase, openPglite, openPostgres, installDatabase, type DatabaseHandle } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { speakers } from '../app/db/schema/directory'
import { DIRECTORY_FILTERS } from '../app/lib/constants'
import { loadDirectory } from '../app/services/directory.server'

const SIZES = [100, 10_000]
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const WARMUP = 10

const SCENARIOS: Array<[string, string]> = [
  ['no filters', ''],
  ['no filters, page 5', 'page=5'],
  ['topic filter', 'topic=marketing'],
  ['topic + region + type', 'topic=saas&region=europe&type=keynote'],
  ['search (name/company/topic)', 'q=growth'],
  ['search, rare term', 'q=zephyrine'],
  ['search + industry filter', 'q=lead&industry=fintech'],
]

const FIRST = ['Ada', 'Grace', 'Liam', 'Maya', 'Noah', 'Ines', 'Kofi', 'Yuki', 'Omar', 'Sofia', 'Lena', 'Ravi', 'Zephyrine']
const LAST = ['Okafor', 'Tan', 'Weber', 'Raman', 'Herrera', 'Petrova', 'Adeyemi', 'Lovelace', 'Hopper', 'Nakamura']
const COMPANIES = ['Growthly', 'Scale Corp', 'HealthAI', 'FinFlow', 'Shopwise', 'Leadly', 'Eventix', 'Northwind']
const TALKS = ['Growth loops for B2B', 'Leading remote teams', 'Lead capture at events', 'AI in healthcare', 'Scaling SaaS sales']
const TAGS = ['Keynote', 'Panel Discussion', 'Workshop', 'Fireside Chat', 'Lightning Talk']
const values = (param: string) => DIRECTORY_FILTERS.find((f) => f.param === param)!.options.map((o) => o.value)

function pick<T>(list: readonly T[], i: number, salt: number): T {
  return list[(i * 7 + salt * 13 + ((i * salt) % 5)) % list.length]!
}

function speakerRow(i: number) {
  const name = `${pick(FIRST, i, 1)} ${pick(LAST, i, 2)} ${i}`
  const company = pick(COMPANIES, i, 3)
  return {
    slug: `bench-${i}`,
    name,
    jobTitle: 'Speaker',
    company,
    location: 'Somewhere',
    email: `bench-${i}@example.com`,
    bio: `<p>${name} speaks about ${pick(TALKS, i, 4).toLowerCase()} and works at ${company}. `.repeat(4) + '</p>',
    signatureTalks: [{ title: pick(TALKS, i, 5), description: 'A talk.', tag: pick(TAGS, i, 6) }],
    eventAppearances: [],
    topics: [pick(values('topic'), i, 7), pick(values('topic'), i, 8)],
    industries: [pick(values('industry'), i, 9)],
    region: pick(values('region'), i, 10),
    talkTypes: [pick(values('type'), i, 11)],
    isPublished: true,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
  }
}

async function seed(handle: DatabaseHandle, from: number, to: number) {
  for (let start = from; start < to; start += 500) {
    const rows = []
    for (let i = start; i < Math.min(to, start + 500); i++) rows.push(speakerRow(i))
    await handle.db.insert(speakers).values(rows)
  }
  await handle.exec('analyze speakers')
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function measure(query: string) {
  const search = new URLSearchParams(query)
  for (let i = 0; i < WARMUP; i++) await loadDirectory(search)
  const times: number[] = []
  let total = 0
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    total = (await loadDirectory(search)).total
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), total }
}

async function run(label: string, handle: DatabaseHandle) {
  installDatabase(handle)
  const results = new Map<string, Record<number, { p50: number; p95: number; total: number }>>()
  let seeded = 0
  for (const size of SIZES) {
    await seed(handle, seeded, size)
    seeded = size
    for (const [name, query] of SCENARIOS) {
      const r = await measure(query)
      results.set(name, { ...results.get(name), [size]: r })
    }
  }
  console.log(`\n${label} — directory loader server time, ms (${RUNS} runs each after ${WARMUP} warm-up)\n`)
  const head = ['scenario', ...SIZES.flatMap((s) => [`p50 @${s}`, `p95 @${s}`, `found @${s}`])]
  console.log(`| ${head.join(' | ')} |`)
  console.log(`|${head.map(() => '---').join('|')}|`)
  for (const [name, bySize] of results) {
    const cells = SIZES.flatMap((s) => [bySize[s]!.p50.toFixed(2), bySize[s]!.p95.toFixed(2), String(bySize[s]!.total)])
    console.log(`| ${name} | ${cells.join(' | ')} |`)
  }
}

const pglite = await openPglite(undefined)
await migrate(pglite)
await run('PGlite (in-memory)', pglite)
await pglite.close()
installDatabase(undefined)

const pgUrl = process.env.BENCH_DATABASE_URL
if (pgUrl) {
  const name = `lectern_bench_${randomBytes(4).toString('hex')}`
  const admin = await openPostgres(pgUrl, { max: 1 })
  await admin.exec(`create database ${name}`)
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  const pg = await openPostgres(url.toString(), { max: 4 })
  try {
    await migrate(pg, url.toString())
    await run('Postgres', pg)
  } finally {
    await pg.close()
    await admin.exec(`drop database if exists ${name} with (force)`)
    await admin.close()
  }
}
await closeDatabase()
