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
// list of labels to run, e.g. "/,/pricing"), BENCH_JSON=path to also write the figures as JSON.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import postgres from 'postgres'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean)
// What a phone browser sends on a first visit: compressed bodies, English, no cookies.
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', 'accept-language': 'en-US,en;q=0.9', accept: 'text/html' }

type Page = { label: string; path: string }
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

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** GET with browser headers; returns the status, the body as sent on the wire and the decoded text. */
function get(url: string): Promise<{ status: number; wireBytes: number; text: string; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: BROWSER_HEADERS }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', async () => {
        const raw = Buffer.concat(chunks)
        const encoding = String(res.headers['content-encoding'] ?? 'identity')
        const zlib = await import('node:zlib')
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
        resolve({ status: res.statusCode ?? 0, wireBytes: raw.length, text: decoded.toString('utf8'), encoding })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
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

function run(url: string, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS })
}

async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      if ((await get(`${base}/healthz`)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become healthy in 120 s')
}

async function discoverPages(base: string): Promise<Page[]> {
  const speakers = (await get(`${base}/speakers`)).text
  const resources = (await get(`${base}/resources`)).text
  const speaker = /href="(\/speakers\/[a-z0-9-]+)"/.exec(speakers)?.[1]
  const article = /href="(\/resources\/(?!admin)[a-z0-9-]+)"/.exec(resources)?.[1]
  if (!speaker || !article) throw new Error('could not find a speaker or an article link in the seeded pages')
  const pages: Page[] = [
    { label: '/', path: '/' },
    { label: '/pricing', path: '/pricing' },
    { label: '/compare', path: '/compare' },
    { label: '/speakers', path: '/speakers' },
    { label: '/speakers/{slug}', path: speaker },
    { label: '/resources', path: '/resources' },
    { label: '/news', path: '/news' },
    { label: 'article', path: article },
    { label: '/event-lead-capture-ideas', path: '/event-lead-capture-ideas' },
    { label: '/resources?q=lead', path: '/resources?q=lead' },
    { label: '/speakers?q=marketing', path: '/speakers?q=marketing' },
  ]
  return ONLY ? pages.filter((p) => ONLY.includes(p.label)) : pages
}

async function benchServer(driver: string, databaseUrl: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-pages-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? 'build', 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      SESSION_SECRET: 'bench-pages',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitForHealth(base, child)
    const pages = await discoverPages(base)
    const rows: Row[] = []
    const measure = async (label: string, pagePath: string) => {
      await run(base + pagePath, WARMUP_SECONDS)
      const result = await run(base + pagePath, SECONDS)
      return result
    }
    const health = await measure('/healthz', '/healthz')
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
      const weight = await weigh(base, page.path)
      const result = await measure(page.label, page.path)
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
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('build failed')
  }
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
