// Shared by the page benchmarks (bench-pages.ts, bench-lighthouse.ts): builds, starts the production
// server on a free port with a fresh demo-seeded database, and finds the pages of issue 12.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { prepareBenchDatabase } from './bench-rows'

// What a phone browser sends on a first visit: compressed bodies, English, no cookies.
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', 'accept-language': 'en-US,en;q=0.9', accept: 'text/html' }

export type Page = { label: string; path: string }

export function buildUnlessSkipped() {
  if (process.env.BENCH_SKIP_BUILD === '1') return
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  if (build.status !== 0) throw new Error('build failed')
}

export async function freePort() {
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
export function get(url: string): Promise<{ status: number; wireBytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: BROWSER_HEADERS }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = String(res.headers['content-encoding'] ?? 'identity')
        const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
        resolve({ status: res.statusCode ?? 0, wireBytes: raw.length, text: decoded.toString('utf8') })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

export async function waitForHealth(base: string, child: ChildProcess) {
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

/**
 * The production server (BUILD_DIR, default build/) on a free port with a fresh demo-seeded database,
 * plus BENCH_ROWS published articles and speakers (scripts/bench-rows.ts) when set.
 */
export async function startBenchServer(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-pages-'))
  await prepareBenchDatabase({ dataDir, databaseUrl, rows: Number(process.env.BENCH_ROWS ?? 0) })
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
      // Production on Postgres refuses to start without one (app/config.server.ts).
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(base, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop }
}

/** The pages of issue 12 §1, with a seeded speaker and article; BENCH_PAGES (labels) narrows the list. */
export async function discoverPages(base: string): Promise<Page[]> {
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
  const only = process.env.BENCH_PAGES?.split(',').filter(Boolean)
  return only ? pages.filter((p) => only.includes(p.label)) : pages
}
