// npm run bench:memory — where the server's memory goes on the embedded default (issue 20 §10).
// Starts the production build (`npm start`'s settings: NODE_ENV=production, PGlite, demo seed) on a
// fresh DATA_DIR, then again on the same one, and samples the resident memory of the server and of
// any child it runs (/proc/PID/status VmRSS, VmHWM) through start-up, warm-up requests (public pages,
// a speaker's sign-up, talk and session, attendee sign-ups, an image upload, QR code, slide and OG
// image) and idle. Then what single modules cost when imported into a bare node (attribution).
// Knobs: BENCH_SKIP_BUILD=1, BUILD_DIR, BENCH_IDLE_SECONDS (default 10), BENCH_JSON=file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { buildUnlessSkipped, discoverPages, freePort, get } from './bench-server'

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10)
const MB = 1024

type Sample = { rss: number; hwm: number }
type Row = { run: string; phase: string; rssMb: number; hwmMb: number; treePeakMb: number; childPeakMb: number }

/** VmRSS and VmHWM of a process in kB, or null once it is gone. */
function status(pid: number): Sample | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0)
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') }
  } catch {
    return null
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid) children.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return children
}

/** Samples the server and its children every 50 ms; peaks since the last mark. */
function sampler(pid: number) {
  let treePeak = 0
  let childPeak = 0
  const timer = setInterval(() => {
    const own = status(pid)
    if (!own) return
    let tree = own.rss
    for (const child of childrenOf(pid)) {
      const s = status(child)
      if (!s) continue
      tree += s.rss
      childPeak = Math.max(childPeak, s.hwm)
    }
    treePeak = Math.max(treePeak, tree)
  }, 50)
  return {
    mark(run: string, phase: string): Row {
      const own = status(pid) ?? { rss: 0, hwm: 0 }
      const row = {
        run,
        phase,
        rssMb: Math.round(own.rss / MB),
        hwmMb: Math.round(own.hwm / MB),
        treePeakMb: Math.round(Math.max(treePeak, own.rss) / MB),
        childPeakMb: Math.round(childPeak / MB),
      }
      treePeak = 0
      childPeak = 0
      return row
    },
    stop: () => clearInterval(timer),
  }
}

async function startServer(dataDir: string) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  // What `npm start` sets; APP_URL so links in the log point here.
  const child: ChildProcess = spawn(process.execPath, [path.join(BUILD_DIR, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      BUILD_DIR,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const probe = sampler(child.pid!)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Server did not start:\n${output}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    probe,
    output: () => output,
    async stop() {
      probe.stop()
      child.kill('SIGTERM')
      await exited
    },
  }
}

type Server = Awaited<ReturnType<typeof startServer>>

async function post(server: Server, pathname: string, body: URLSearchParams | FormData, cookie = '') {
  const res = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  })
  if (res.status >= 400) throw new Error(`POST ${pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
  return res
}

/** A speaker signs up with the link the server logs (no email provider), as the README's first steps do. */
async function signUp(server: Server, email: string) {
  await post(server, '/signup', new URLSearchParams({ intent: 'magic-link-request', email }))
  let token: string | undefined
  for (let i = 0; i < 200 && !token; i++) {
    token = new RegExp(`to ${email}:[\\s\\S]*?/auth/callback\\?token=([A-Za-z0-9_-]+)`).exec(server.output())?.[1]
    if (!token) await new Promise((r) => setTimeout(r, 50))
  }
  if (!token) throw new Error('No sign-in link in the log')
  const res = await post(server, '/auth/callback', new URLSearchParams({ token }))
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ')
}

/** Public pages twice (a render, then the page cache), and searches that are always renders. */
async function publicPages(server: Server) {
  const pages = await discoverPages(server.url)
  for (let round = 0; round < 2; round++) for (const page of pages) await get(`${server.url}${page.path}`)
  for (let i = 0; i < 20; i++) await get(`${server.url}/resources?q=lead&r=${i}`)
}

/** The speaker's first hour: talk, session, go live, attendee sign-ups, photo, QR, slide, OG image. */
async function speakerLoop(server: Server, run: string) {
  const cookie = await signUp(server, `memory-${Date.now()}@example.com`)
  const talk = await post(server, '/app/talks/new', new URLSearchParams({ title: 'Memory of a talk', tag: 'Keynote' }), cookie)
  const talkId = new URL(talk.headers.get('Location')!, server.url).searchParams.get('talk')!
  const session = await post(
    server,
    '/app/sessions/new',
    new URLSearchParams({
      talkId,
      eventName: 'Bench Conf',
      startsAt: '2026-05-14T09:30',
      timeZone: 'Europe/Berlin',
      city: 'Berlin',
      offerKind: 'url',
      offerTitle: 'The slides',
      offerPromise: 'Every slide and link from the talk.',
      offerUrl: 'https://example.com/slides.pdf',
      consentText: 'Ada will email you the slides.',
    }),
    cookie,
  )
  const sessionPath = new URL(session.headers.get('Location')!, server.url).pathname
  await post(server, sessionPath, new URLSearchParams({ intent: 'go-live' }), cookie)
  const page = await (await fetch(`${server.url}${sessionPath}`, { headers: { Cookie: cookie } })).text()
  const code = /\/t\/([a-z0-9]+)/.exec(page)?.[1]
  if (!code) throw new Error('No short link on the session page')
  for (let i = 0; i < 20; i++) {
    const form = await (await fetch(`${server.url}/t/${code}`)).text()
    const submission = /name="submission" value="([^"]+)"/.exec(form)![1]!
    await post(server, `/t/${code}`, new URLSearchParams({ submission, first_name: 'Ada', email: `attendee-${i}@example.com` }))
  }
  // A 1600×1200 photo: sharp decodes, bounds and re-encodes it.
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#3366cc', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg()
    .toBuffer()
  const upload = new FormData()
  upload.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  await post(server, '/api/uploads/image', upload, cookie)
  for (const format of ['png-1024', 'slide']) {
    const res = await fetch(`${server.url}${sessionPath}/qr/${format}`, { headers: { Cookie: cookie } })
    if (!res.ok) throw new Error(`${format}: ${res.status}`)
    await res.arrayBuffer()
  }
  await (await fetch(`${server.url}/og?title=${encodeURIComponent(`Memory ${run}`)}`)).arrayBuffer()
}

async function measureRun(run: string, dataDir: string): Promise<Row[]> {
  const rows: Row[] = []
  const server = await startServer(dataDir)
  try {
    rows.push(server.probe.mark(run, 'started (healthy)'))
    await publicPages(server)
    rows.push(server.probe.mark(run, 'public pages'))
    await speakerLoop(server, run)
    rows.push(server.probe.mark(run, 'speaker loop (sign-up … slide)'))
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000))
    rows.push(server.probe.mark(run, `idle ${IDLE_SECONDS} s`))
  } finally {
    await server.stop()
  }
  return rows
}

/** What one module costs in a bare node process: RSS after importing (and using) it, minus bare node. */
function attribute(label: string, code: string) {
  const script = `const rss = () => { globalThis.gc(); return Number(/VmRSS:\\s+(\\d+)/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1]) }
const bare = rss()
;(async () => { ${code} })().then(() => console.log(JSON.stringify({ bare, after: rss() })))`
  const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${label}: ${run.stderr}`)
  const { bare, after } = JSON.parse(run.stdout.trim().split('\n').pop()!) as { bare: number; after: number }
  return { module: label, mb: Math.round((after - bare) / MB) }
}

const ATTRIBUTION: [string, string][] = [
  ['server bundle (build/server/index.js)', `await import(${JSON.stringify(path.join(BUILD_DIR, 'server/index.js'))})`],
  [
    'jsdom + DOMPurify (a bio or icon save)',
    `const { JSDOM } = require('jsdom'); require('dompurify')(new JSDOM('').window).sanitize('<p>x</p>')`,
  ],
  [
    'sharp (one photo re-encoded)',
    `const s = require('sharp'); await s(await s({ create: { width: 1600, height: 1200, channels: 3, background: '#36c' } }).jpeg().toBuffer()).resize(2000, 2000, { fit: 'inside' }).webp().toBuffer()`,
  ],
  [
    'satori + resvg (one 1920×1080 slide)',
    `const satori = (await import('satori')).default; const { Resvg } = require('@resvg/resvg-js'); const f = (w) => require('node:fs').readFileSync(require.resolve('@fontsource/inter/files/inter-latin-' + w + '-normal.woff'))
const svg = await satori({ type: 'div', props: { style: { display: 'flex', width: 1920, height: 1080, fontSize: 80 }, children: 'A slide' } }, { width: 1920, height: 1080, fonts: [{ name: 'Inter', data: f(400), weight: 400, style: 'normal' }] }); new Resvg(svg).render().asPng()`,
  ],
  ...(['128MB', '32MB'] as const).map((buffers): [string, string] => [
    `PGlite reopened, shared_buffers=${buffers}`,
    `const { PGlite } = require('@electric-sql/pglite'); const dir = require('node:fs').mkdtempSync(require('node:os').tmpdir() + '/bench-memory-pg-')
require('node:child_process').execFileSync(process.execPath, ['-e', "require('@electric-sql/pglite').PGlite.create({ dataDir: '" + dir + "' }).then((d) => d.close())"])
const db = await PGlite.create({ dataDir: dir, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=${buffers}'] }); await db.query('select 1'); globalThis.keep = db`,
  ]),
]

async function main() {
  buildUnlessSkipped()
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  console.log(`load average before: ${load()}`)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-memory-'))
  const rows: Row[] = []
  try {
    rows.push(...(await measureRun('fresh DATA_DIR', dataDir)))
    rows.push(...(await measureRun('reused DATA_DIR', dataDir)))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log('\nServer process (MB): RSS at the end of each phase, VmHWM (its own peak so far), the peak of server +')
  console.log('children during the phase (sampled every 50 ms) and the peak of a child (the first start’s initdb).\n')
  console.table(
    rows.map((r) => ({
      run: r.run,
      phase: r.phase,
      RSS: r.rssMb,
      VmHWM: r.hwmMb,
      'tree peak': r.treePeakMb,
      'child peak': r.childPeakMb,
    })),
  )
  const attribution = ATTRIBUTION.map(([label, code]) => attribute(label, code))
  console.log('\nWhat a module adds to a bare node process once loaded and used (MB of RSS):\n')
  console.table(attribution)
  console.log(`load average after: ${load()}`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rows, attribution }, null, 2))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
