import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inlineScriptHashes } from '~/services/page-cache.server'

// The page cache as visitors meet it: the built server as a real process (server/page-cache.ts is
// part of the Express entry), with the demo data and the e2e session hook. Checks behaviour only —
// what is shared, with whom, under which CSP, and when it is dropped — never timing.
// Needs a production build (`npm run build`; BUILD_DIR selects another one); scripts/test.sh builds first.
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const EMAIL = 'cache-visitor@example.com'

let dataDir: string
let child: ChildProcess
let base: string
let output = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`)
    if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + pathname, { headers, redirect: 'manual' })
  return {
    res,
    body: await res.text(),
    cache: res.headers.get('X-Page-Cache'),
    csp: res.headers.get('Content-Security-Policy') ?? '',
  }
}

/** The body as sent on the wire (node:http: fetch would decode it). */
function raw(pathname: string, acceptEncoding = 'br, gzip') {
  return new Promise<{ bytes: Buffer; encoding?: string; cache?: string; cacheControl?: string }>((resolve, reject) =>
    httpGet(`${base}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (r) => {
      const chunks: Buffer[] = []
      r.on('data', (c: Buffer) => chunks.push(c))
      r.on('end', () => {
        const header = (name: string) => r.headers[name] as string | undefined
        resolve({
          bytes: Buffer.concat(chunks),
          encoding: header('content-encoding'),
          cache: header('x-page-cache'),
          cacheControl: header('cache-control'),
        })
      })
    }).on('error', reject),
  )
}

function scriptSources(csp: string) {
  return /script-src ([^;]*)/.exec(csp)![1]!.split(' ').filter(Boolean)
}

async function signIn(email: string) {
  const res = await fetch(`${base}/__e2e/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email }),
  })
  expect(res.status).toBe(200)
  return res.headers.get('Set-Cookie')!.split(';')[0]!
}

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server.js'))) {
    throw new Error(`No production build in ${buildDir}: run \`npm run build\` first (scripts/test.sh does).`)
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-page-cache-'))
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  child = spawn(process.execPath, [path.join(buildDir, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      E2E_TEST_HOOKS: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      SESSION_SECRET: 'page-cache-test-secret',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  await waitForHealth(`${base}/healthz`, 90_000)
}, 120_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('page cache', () => {
  it('serves the same bytes to anonymous visitors, with a CSP that allows exactly their inline scripts by hash', async () => {
    const first = await get('/compare')
    const second = await get('/compare')
    expect(first.res.status).toBe(200)
    expect(first.cache).toBe('miss')
    expect(second.cache).toBe('hit')
    expect(second.body).toBe(first.body)
    for (const page of [first, second]) {
      const sources = scriptSources(page.csp)
      expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false)
      const hashes = inlineScriptHashes(page.body)
      expect(hashes.length).toBeGreaterThan(0)
      expect(sources.filter((s) => s.startsWith("'sha256-")).sort()).toEqual([...hashes].sort())
    }
    expect(second.res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate, s-maxage=60')
    expect(second.res.headers.get('Vary')).toBe('Accept-Encoding, Accept-Language, Cookie')
  })

  it('serves a visit from a campaign or social link from the same entry, rendered without the parameters', async () => {
    const first = await get('/speakers?q=campaign-link&utm_source=linkedin&utm_campaign=devconf&fbclid=IwAR0first')
    expect(first.res.status).toBe(200)
    expect(first.cache).toBe('miss')
    // The stored page carries none of the first visitor's parameters in its links.
    expect(first.body).not.toMatch(/utm_|fbclid|IwAR0first/)
    const plain = await get('/speakers?q=campaign-link')
    expect(plain.cache).toBe('hit')
    expect(plain.body).toBe(first.body)
    const another = await get('/speakers?fbclid=IwAR0second&q=campaign-link')
    expect(another.cache).toBe('hit')
    // Any other parameter is still its own page.
    expect((await get('/speakers?q=campaign-link&menu=open')).cache).toBe('miss')
  })

  it('answers 304 to a browser that holds the current version', async () => {
    const { res } = await get('/compare')
    const etag = res.headers.get('ETag')!
    expect(etag).toMatch(/^W\/"/)
    // node:http, not fetch: undici adds `Cache-Control: no-cache` to conditional requests.
    const status = await new Promise<number>((resolve, reject) =>
      httpGet(`${base}/compare`, { headers: { 'If-None-Match': etag } }, (r) => {
        r.resume()
        resolve(r.statusCode ?? 0)
      }).on('error', reject),
    )
    expect(status).toBe(304)
  })

  it('keeps one variant per currency and consent choice', async () => {
    const usd = await get('/pricing')
    const gbp = await get('/pricing', { 'Accept-Language': 'en-GB,en;q=0.9' })
    const eurByCookie = await get('/pricing', { Cookie: 'preferred-currency=EUR' })
    // The currency the page was rendered in, as its loader data says.
    const currency = (body: string) => /currency\\",\\"([A-Z]{3})\\"/.exec(body)?.[1]
    expect(currency(usd.body)).toBe('USD')
    expect(currency(gbp.body)).toBe('GBP')
    expect(currency(eurByCookie.body)).toBe('EUR')
    expect((await get('/pricing', { 'Accept-Language': 'en-GB' })).cache).toBe('hit')
    expect((await get('/pricing')).body).toBe(usd.body)
    const consented = await get('/pricing', { Cookie: 'lectern-consent=widgets' })
    expect(consented.cache).toBe('miss')
  })

  it('never stores or serves a signed-in page, and gives each of those responses its own nonce', async () => {
    const cookie = await signIn(EMAIL)
    const anonymous = await get('/')
    const mine = await get('/', { Cookie: cookie })
    const mineAgain = await get('/', { Cookie: cookie })
    expect(mine.cache).toBe('bypass')
    expect(mine.res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(mine.body).toContain(EMAIL)
    const nonces = [mine, mineAgain].map((p) => /'nonce-([^']+)'/.exec(p.csp)![1]!)
    expect(nonces[0]).not.toBe(nonces[1])
    expect(mine.body).toContain(`nonce="${nonces[0]}"`)
    // The anonymous page, before and after the signed-in visit, carries nothing of that visitor.
    const after = await get('/')
    expect(after.cache).toBe('hit')
    for (const page of [anonymous, after]) {
      expect(page.body).not.toContain(EMAIL)
      expect(page.body).not.toContain('cache-visitor')
    }
  })

  it('is dropped when a write changes a public page (a new comment)', async () => {
    const listing = await get('/resources')
    const slug = /href="\/resources\/((?!admin)[a-z0-9-]+)"/.exec(listing.body)![1]!
    await get(`/resources/${slug}`)
    expect((await get(`/resources/${slug}`)).cache).toBe('hit')

    const cookie = await signIn('commenter@example.com')
    const text = `Cached pages must show this ${Date.now()}`
    const posted = await fetch(`${base}/resources/${slug}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'comment', content: text }),
    })
    expect(posted.status).toBe(302)

    const fresh = await get(`/resources/${slug}`)
    expect(fresh.cache).toBe('miss')
    expect(fresh.body).toContain(text)
    expect(fresh.body).not.toContain('commenter@example.com')
    expect((await get('/compare')).cache).toBe('miss')
  })

  it('leaves other pages alone: forms, sign-in and unknown slugs are rendered per request', async () => {
    expect((await get('/login')).cache).toBeNull()
    expect((await get('/contact')).cache).toBeNull()
    const missing = await get('/speakers/no-such-speaker-here')
    expect(missing.res.status).toBe(404)
    expect(missing.cache).toBe('uncacheable')
    expect(missing.res.headers.get('Cache-Control')).toBe('no-store')
  })

  it('sends a first render compressed cheaply, and the page once served again at the best level', async () => {
    const pathname = '/resources?q=compressed-once'
    const first = await raw(pathname)
    expect([first.cache, first.encoding]).toEqual(['miss', 'br'])
    const html = brotliDecompressSync(first.bytes)
    expect(html.toString()).toContain('compressed-once')
    const gzipped = await raw(pathname, 'gzip')
    expect([gzipped.cache, gzipped.encoding]).toEqual(['hit', 'gzip'])
    expect(gunzipSync(gzipped.bytes).equals(html)).toBe(true)
    // That hit had the page compressed again in the background; later hits send the smaller copy.
    let later = await raw(pathname)
    for (let i = 0; i < 100 && later.bytes.length >= first.bytes.length; i++) {
      await new Promise((r) => setTimeout(r, 50))
      later = await raw(pathname)
    }
    expect(later.cache).toBe('hit')
    expect(later.bytes.length).toBeLessThan(first.bytes.length)
    expect(brotliDecompressSync(later.bytes).equals(html)).toBe(true)
  })

  it('compresses a miss only for its own visitor, and makes the other copy when first asked for', async () => {
    const pathname = '/speakers?q=gzip-first'
    const first = await raw(pathname, 'gzip')
    expect([first.cache, first.encoding]).toEqual(['miss', 'gzip'])
    const html = gunzipSync(first.bytes)
    expect(html.toString()).toContain('gzip-first')
    const brotli = await raw(pathname, 'br')
    expect([brotli.cache, brotli.encoding]).toEqual(['hit', 'br'])
    expect(brotliDecompressSync(brotli.bytes).equals(html)).toBe(true)
    const plain = await raw(pathname, 'identity')
    expect([plain.cache, plain.encoding]).toEqual(['hit', undefined])
    expect(plain.bytes.equals(html)).toBe(true)
  })

  it('sends build assets as their precompressed brotli copy', async () => {
    const { body } = await get('/compare')
    const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(body)![1]!
    const asset = await raw(script)
    expect(asset.encoding).toBe('br')
    expect(asset.cacheControl).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(asset.bytes).equals(readFileSync(path.join(buildDir, 'client', script)))).toBe(true)
  })
})
