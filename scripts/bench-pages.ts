// npm run bench:pages — throughput and weight of the public pages (issue 12).
//
// Builds the app into BUILD_DIR (default build/; skip with BENCH_SKIP_BUILD=1), starts the production server on a free port with a
// fresh, demo-seeded database — a temporary PGlite, and also a throw-away Postgres database when
// BENCH_DATABASE_URL (or DATABASE_URL) is set — and drives each public page with autocannon:
// 50 connections for 10 s after a warm-up, like a browser (Accept-Encoding br/gzip, an English
// Accept-Language, no cookies). Prints req/s, p50 and p99 latency, the ratio of req/s to /healthz
// measured in the same run, and each page's compressed HTML and first-load JavaScript bytes.
//
// Knobs: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3), BENCH_PAGES (comma
// list of labels to run, e.g. "/,/pricing"), BENCH_JSON=path to also write the figures as JSON,
// BENCH_ROWS=10000 to add that many published articles and speakers first (scripts/bench-rows.ts),
// BENCH_VARY_QUERY=1 to send every request of a search page (?q=) one of 55 terms and a unique
// ignored parameter, so none is served from the page cache (the cost of searches that do not repeat).
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import autocannon from 'autocannon'
import postgres from 'postgres'
import { BROWSER_HEADERS, buildUnlessSkipped, discoverPages, get, startBenchServer } from './bench-server'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)

type Row = {
  driver: string
  page: string
  path: string
  'req/s': number
  'p50 ms': number
  'p99 ms': number
  'vs /healthz': string
  non2xx: number
  'HTML bytes': number | string
  'JS bytes': number | string
}

/** The scripts a first load fetches: module preloads and module script sources (static imports are preloaded). */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>()
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1]
    if (href) urls.add(href)
  }
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!)
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]!)
  return [...urls].filter((u) => u.startsWith('/'))
}

async function weigh(base: string, pagePath: string) {
  const page = await get(base + pagePath)
  let js = 0
  for (const url of scriptUrls(page.text)) js += (await get(base + url)).wireBytes
  return { html: page.wireBytes, js, status: page.status }
}

const TERMS =
  'lead capture event speaker audience stage talk keynote panel workshop webinar virtual booth badge scan code landing page follow crm pipeline revenue conversion email nurture sequence slide story question answer demo sponsor venue ticket attendee network social video podcast newsletter growth marketing sales engagement feedback survey insight metric dashboard export consent privacy'.split(
    ' ',
  )
let term = 0

function run(url: string, seconds: number) {
  const vary = process.env.BENCH_VARY_QUERY === '1' && /[?&]q=/.test(url)
  if (!vary) return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS })
  // Each request a search term from the list and a parameter the page ignores but the page-cache
  // key includes: every request is rendered, none is a cache hit.
  const target = new URL(url)
  return autocannon({
    url: target.origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (req) => {
          const n = term++
          target.searchParams.set('q', TERMS[n % TERMS.length]!)
          target.searchParams.set('r', String(n))
          return { ...req, path: target.pathname + target.search }
        },
      },
    ],
  })
}

async function benchServer(driver: string, databaseUrl: string): Promise<Row[]> {
  const { base, stop } = await startBenchServer(databaseUrl)
  try {
    const pages = await discoverPages(base)
    const rows: Row[] = []
    const measure = async (pagePath: string) => {
      await run(base + pagePath, WARMUP_SECONDS)
      const result = await run(base + pagePath, SECONDS)
      return result
    }
    const health = await measure('/healthz')
    const healthRps = health.requests.average
    rows.push({
      driver,
      page: '/healthz',
      path: '/healthz',
      'req/s': Math.round(healthRps),
      'p50 ms': health.latency.p50,
      'p99 ms': health.latency.p99,
      'vs /healthz': '100%',
      non2xx: health.non2xx,
      'HTML bytes': '—',
      'JS bytes': '—',
    })
    for (const page of pages) {
      const result = await measure(page.path)
      // Weighed after the load: a page served again carries its best-compressed copy (server/page-cache.ts).
      const weight = await weigh(base, page.path)
      rows.push({
        driver,
        page: page.label,
        path: page.path,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'vs /healthz': `${Math.round((100 * result.requests.average) / healthRps)}%`,
        non2xx: result.non2xx + result.errors + result.timeouts,
        'HTML bytes': weight.html,
        'JS bytes': weight.js,
      })
    }
    return rows
  } finally {
    await stop()
  }
}

async function main() {
  buildUnlessSkipped()
  const rows: Row[] = []
  if (process.env.BENCH_SKIP_PGLITE !== '1') rows.push(...(await benchServer('pglite', '')))

  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (url) {
    const name = `lectern_bench_pages_${randomBytes(4).toString('hex')}`
    const admin = postgres(url, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    const target = new URL(url)
    target.pathname = `/${name}`
    try {
      rows.push(...(await benchServer('postgres', target.toString())))
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per page after ${WARMUP_SECONDS} s warm-up; bytes as sent with br`)
  console.table(rows.map(({ path: _path, ...row }) => row))
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2))
}

await main()
