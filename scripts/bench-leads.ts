// npm run bench:leads — attendee sign-ups against the production build (issue 9 Deliver 10).
// 50 concurrent attendees POST /t/{code} for 30 s (BENCH_CONNECTIONS, BENCH_SECONDS), each with a
// fresh server-issued submission id and email, spread over 50 live sessions (a conference's rooms;
// one session is limited to LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE). Reports sign-ups/s, p50/p99,
// acknowledged (303) vs stored, and the attendee page's compressed first-view bytes in every language
// (issue 31 Deliver 6: the first session has the speaker's words in all seven, so it offers each).
// Always on PGlite; also on Postgres when DATABASE_URL (or BENCH_DATABASE_URL) is set: a throwaway
// database is created there and dropped afterwards. Needs `npm run build` first.
// BENCH_JSON=path also writes the figures as JSON.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { parseConfig, resetConfig } from '../app/config.server'
import { openPglite, openPostgres, installDatabase, type DatabaseHandle } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { users } from '../app/db/schema/accounts'
import { speakers } from '../app/db/schema/directory'
import { jobs } from '../app/db/schema/jobs'
import { leadSubmissions, leads } from '../app/db/schema/leads'
import { talkSessions, talks } from '../app/db/schema/talks'
import { workspaceMembers } from '../app/db/schema/workspaces'
import { LANGUAGES, type Language } from '../app/lib/i18n/languages'
import type { SessionTranslations } from '../app/lib/i18n/session-translations'
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm'
import { issueSubmissionToken } from '../app/platform/lead-tokens.server'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50)
const SECRET = 'bench-leads-secret'
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const FIRST_VIEW_BUDGET = 14 * 1024

// The first session's words in the six other languages, so its first view is measured in each
// (the speaker's own wording offers a language only once it is given in it: docs/languages.md).
const tr = (
  consentText: string,
  marketingText: string,
  offerTitle: string,
  offerPromise: string,
  role: [string, string[]],
  score: string,
) => ({
  consentText,
  marketingText,
  offerTitle,
  offerPromise,
  questions: { role: { label: role[0], options: role[1] }, score: { label: score, options: [] } },
})
const TRANSLATIONS: SessionTranslations = {
  de: tr(
    'Ada schickt Ihnen die Folien per E-Mail und meldet sich eventuell zu diesem Vortrag.',
    'Schicken Sie mir auch Adas monatlichen Newsletter',
    'Die Folien und die Checkliste',
    'Alle 42 Folien als PDF und die einseitige Checkliste aus dem Vortrag',
    ['Ihre Rolle', ['Entwicklung', 'Marketing', 'Vertrieb', 'Anderes']],
    'Wie nützlich war der Vortrag?',
  ),
  fr: tr(
    'Ada vous enverra les diapositives par e-mail et pourra vous recontacter au sujet de cette intervention.',
    'Envoyez-moi aussi la lettre mensuelle d’Ada',
    'Les diapositives et la liste de contrôle',
    'Les 42 diapositives en PDF, et la liste de contrôle d’une page présentée pendant l’intervention',
    ['Votre rôle', ['Développement', 'Marketing', 'Ventes', 'Autre']],
    'Cette intervention vous a-t-elle été utile\u00a0?',
  ),
  es: tr(
    'Ada le enviará las diapositivas por correo y quizá le escriba sobre esta charla.',
    'Envíenme también el boletín mensual de Ada',
    'Las diapositivas y la lista de comprobación',
    'Las 42 diapositivas en PDF y la lista de comprobación de una página de la charla',
    ['Su puesto', ['Ingeniería', 'Marketing', 'Ventas', 'Otro']],
    '¿Qué utilidad tuvo la charla?',
  ),
  it: tr(
    'Ada ti invierà le slide via email e potrebbe ricontattarti su questo intervento.',
    'Mandami anche la newsletter mensile di Ada',
    'Le slide e la checklist',
    'Tutte le 42 slide in PDF e la checklist di una pagina dell’intervento',
    ['Il tuo ruolo', ['Ingegneria', 'Marketing', 'Vendite', 'Altro']],
    'Quanto ti è stato utile l’intervento?',
  ),
  pt: tr(
    'A Ada vai enviar-lhe os diapositivos por email e poderá contactá-lo sobre esta palestra.',
    'Enviem-me também a newsletter mensal da Ada',
    'Os diapositivos e a lista de verificação',
    'Os 42 diapositivos em PDF e a lista de verificação de uma página da palestra',
    ['A sua função', ['Engenharia', 'Marketing', 'Vendas', 'Outra']],
    'Que utilidade teve a palestra?',
  ),
  nl: tr(
    'Ada mailt je de slides en neemt misschien contact met je op over deze presentatie.',
    'Stuur me ook de maandelijkse nieuwsbrief van Ada',
    'De slides en de checklist',
    'Alle 42 slides als pdf, plus de checklist van één pagina uit de presentatie',
    ['Je rol', ['Engineering', 'Marketing', 'Sales', 'Anders']],
    'Hoe nuttig was de presentatie?',
  ),
}
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 15) * 1000

type Result = {
  driver: string
  signupsPerSecond: number
  p50: number
  p99: number
  acknowledged: number
  stored: number
  ackedButMissing: number
  otherStatuses: Record<string, number>
  errors: number
  /** Node server CPU per acknowledged sign-up (includes its job worker sending the emails). */
  serverCpuMsPerSignup: number | null
  /** Postgres CPU (the bench database's backends) per acknowledged sign-up. */
  dbCpuMsPerSignup: number | null
  /** The load generator's own CPU per acknowledged sign-up (it shares the machine). */
  benchCpuMsPerSignup: number
  /** Postgres transactions committed per acknowledged sign-up (the request's and the job worker's). */
  commitsPerSignup: number | null
  processes: number
  /** Seconds the job worker needed after the run to finish the run's jobs (Postgres). */
  backlogSeconds: number
  firstView: { language: Language; html: number; gzip: number; brotli: number | null; externalRefs: number }[]
}

/** CPU time (user + system) in ms a process has used so far, from /proc (Linux); null elsewhere. */
function procCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** The server's CPU so far: its process and, with WEB_CONCURRENCY > 1, its cluster workers. */
function cpuMs(pid: number | undefined): number | null {
  const own = procCpuMs(pid)
  if (own === null) return null
  let total = own
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
      if (ppid === pid) total += procCpuMs(Number(entry)) ?? 0
    } catch {
      // gone meanwhile
    }
  }
  return total
}

/** CPU of the Postgres backends serving one database (by pid, so other databases' work is not counted). */
async function databaseCpuMs(adminUrl: string, database: string): Promise<Map<number, number>> {
  const admin = await openPostgres(adminUrl, { max: 1 })
  try {
    const rows = (await admin.db.execute(sql`select pid from pg_stat_activity where datname = ${database}`)) as unknown as {
      pid: number
    }[]
    return new Map(rows.map((r) => [r.pid, procCpuMs(r.pid) ?? 0]))
  } finally {
    await admin.close()
  }
}

/** Transactions committed in a database so far (each single statement outside a transaction is one). */
async function databaseCommits(adminUrl: string, database: string) {
  const admin = await openPostgres(adminUrl, { max: 1 })
  try {
    const rows = (await admin.db.execute(
      sql`select xact_commit::int as n from pg_stat_database where datname = ${database}`,
    )) as unknown as { n: number }[]
    return rows[0]?.n ?? 0
  } finally {
    await admin.close()
  }
}

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

async function seed(handle: DatabaseHandle, url?: string) {
  installDatabase(handle)
  await migrate(handle, url)
  const db = handle.db
  const [user] = await db
    .insert(users)
    .values({ email: `bench-speaker-${randomBytes(3).toString('hex')}@example.com` })
    .returning()
  // BENCH_NOTIFY=hourly|daily|off: the speaker's notify mode (default: no account row = instant).
  const notify = process.env.BENCH_NOTIFY
  if (notify === 'hourly' || notify === 'daily' || notify === 'off')
    await db.update(workspaceMembers).set({ leadNotify: notify }).where(eq(workspaceMembers.userId, user!.id))
  await db.insert(speakers).values({
    slug: `bench-${randomBytes(3).toString('hex')}`,
    name: 'Ada Lovelace',
    jobTitle: 'CTO',
    company: 'Analytical Engines',
    location: 'London',
    email: 'ada@example.com',
    bio: '<p>Speaker</p>',
    userId: user!.id,
  })
  const [talk] = await db
    .insert(talks)
    .values({ workspaceId: user!.id, userId: user!.id, title: 'Engines of Tomorrow: what the next decade of computing holds' })
    .returning()
  const rows = await db
    .insert(talkSessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => ({
        workspaceId: user!.id,
        userId: user!.id,
        talkId: talk!.id,
        code: randomBytes(6).toString('base64url'),
        status: 'live' as const,
        eventName: `DevConf 2026, room ${i + 1}`,
        startsAt: new Date(),
        timeZone: 'Europe/London',
        // The first view is measured on the first session: with feedback open and the booking question (issue 33).
        feedbackEnabled: i === 0,
        offerTitle: 'The slides and the checklist',
        offerPromise: 'All 42 slides as a PDF, plus the one-page checklist from the talk',
        offerKind: 'url' as const,
        offerUrl: 'https://example.com/slides.pdf',
        fields: { company: true, jobTitle: true, phone: false, linkedin: false },
        questions: [
          {
            id: 'role',
            kind: 'single' as const,
            label: 'Your role',
            required: true,
            options: ['Engineering', 'Marketing', 'Sales', 'Other'],
          },
          { id: 'score', kind: 'rating' as const, label: 'How useful was the talk?', required: false, options: [] },
        ],
        consentText: 'Ada will email you the slides and may follow up about this talk.',
        marketingText: 'Send me Ada’s monthly newsletter too',
        translations: i === 0 ? TRANSLATIONS : {},
      })),
    )
    .returning({ id: talkSessions.id, code: talkSessions.code })
  installDatabase(undefined)
  return rows
}

async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server there (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []
  const child: ChildProcess = spawn(process.execPath, [...profile, path.join(BUILD_DIR, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      SESSION_SECRET: SECRET,
      // Production on Postgres refuses to start without one (app/config.server.ts).
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SEED_DEMO: 'false',
      BUILD_DIR,
      ...env,
    },
    // The dev-mailbox transport logs every email: keep only stderr.
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    port,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** The attendee page exactly as a phone receives it: raw bytes over the wire, per encoding. */
function wireBytes(port: number, pathname: string, encoding: string): Promise<{ bytes: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: pathname, headers: { 'Accept-Encoding': encoding, 'User-Agent': 'bench-leads' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

async function firstView(port: number, code: string, language: Language) {
  const address = `/t/${code}?lang=${language}`
  const identity = await wireBytes(port, address, 'identity')
  const gzip = await wireBytes(port, address, 'gzip')
  const br = await wireBytes(port, address, 'br')
  const served = /<html lang="([^"]+)"/.exec(identity.bytes.toString('utf8'))?.[1]
  if (served !== language) throw new Error(`first view in ${language}: the page was served in ${served}`)
  const html = identity.bytes.toString('utf8')
  // Anything the browser would fetch for the first view besides the page itself.
  // A data: address (the inlined icon, ADR 0010) is part of the page, not another request.
  const externalRefs = (
    html.match(/<(link|script)[^>]+(href|src)=(?!["']?data:)|<img(?![^>]*loading="lazy")[^>]*src=(?!["']?data:)/gi) ?? []
  ).length
  return {
    language,
    html: identity.bytes.length,
    gzip: gzip.encoding === 'gzip' ? gzip.bytes.length : gzipSync(identity.bytes).length,
    brotli: br.encoding === 'br' ? br.bytes.length : null,
    externalRefs,
  }
}

/** Waits (up to 120 s) until the job worker has no due job left (Postgres; PGlite is the server's alone). */
async function waitForJobs(handle: DatabaseHandle | undefined) {
  if (!handle) return
  try {
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      const [row] = await handle.db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, new Date())))
      if (Number(row?.n ?? 0) === 0) return
      await new Promise((r) => setTimeout(r, 250))
    }
  } finally {
    await handle.close()
  }
}

async function run(driver: 'pglite' | 'postgres', adminUrl?: string): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-leads-'))
  let dbUrl: string | undefined
  let dbName: string | undefined
  let dropDb: (() => Promise<void>) | undefined
  let sessions: Array<{ id: string; code: string }>
  if (driver === 'postgres') {
    const name = `lectern_bench_${randomBytes(4).toString('hex')}`
    dbName = name
    const admin = await openPostgres(adminUrl!, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    const u = new URL(adminUrl!)
    u.pathname = `/${name}`
    dbUrl = u.toString()
    const handle = await openPostgres(dbUrl, { max: 2 })
    sessions = await seed(handle, dbUrl)
    await handle.close()
    dropDb = async () => {
      const a = await openPostgres(adminUrl!, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
  } else {
    const handle = await openPglite(path.join(dataDir, 'pglite'), dataDir)
    sessions = await seed(handle)
    await handle.close()
  }

  // BENCH_WEB_CONCURRENCY: server processes on Postgres (WEB_CONCURRENCY; PGlite is one process).
  const processes = driver === 'postgres' ? Number(process.env.BENCH_WEB_CONCURRENCY ?? 1) : 1
  const server = await startServer({
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: String(processes),
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  })
  const view = []
  for (const language of LANGUAGES) view.push(await firstView(server.port, sessions[0]!.code, language))

  const cpuBefore = cpuMs(server.pid)
  const benchBefore = process.cpuUsage()
  const dbBefore = dbName ? await databaseCpuMs(adminUrl!, dbName) : undefined
  const commitsBefore = dbName ? await databaseCommits(adminUrl!, dbName) : undefined
  const acked = new Set<string>()
  const statuses: Record<string, number> = {}
  let nextConnection = 0
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Record<string, unknown>) => {
          context.session ??= sessions[nextConnection++ % sessions.length]
          const session = context.session as { id: string; code: string }
          const id = randomUUID()
          context.id = id
          const body = new URLSearchParams({
            submission: issueSubmissionToken(session.id, id),
            first_name: 'Attendee',
            email: `a-${id}@bench.example`,
            company: 'Bench Co',
            job_title: 'Engineer',
            q_role: 'Engineering',
            q_score: '5',
          }).toString()
          return { ...req, path: `/t/${session.code}`, body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
        },
        onResponse: (status, _body, context: Record<string, unknown>) => {
          statuses[status] = (statuses[status] ?? 0) + 1
          if (status === 303) acked.add(context.id as string)
        },
      },
    ],
  })
  const bench = process.cpuUsage(benchBefore)
  // The job worker may trail the sign-ups: the CPU and commits counted include its finishing the
  // run's jobs (emails, lead.event fan-out), so they are the whole cost of a sign-up.
  const runEnded = Date.now()
  await waitForJobs(driver === 'postgres' ? await openPostgres(dbUrl!, { max: 1 }) : undefined)
  const backlogSeconds = Math.round((Date.now() - runEnded) / 100) / 10
  const cpuAfter = cpuMs(server.pid)
  const dbAfter = dbName ? await databaseCpuMs(adminUrl!, dbName) : undefined
  await server.stop()
  // Backends report their counters when they end.
  await new Promise((r) => setTimeout(r, 1500))
  const commitsAfter = dbName ? await databaseCommits(adminUrl!, dbName) : undefined

  const handle =
    driver === 'postgres' ? await openPostgres(dbUrl!, { max: 1 }) : await openPglite(path.join(dataDir, 'pglite'), dataDir)
  const ids = sessions.map((s) => s.id)
  const storedIds = new Set<string>()
  const rows = await handle.db
    .select({ id: leadSubmissions.id })
    .from(leadSubmissions)
    .where(inArray(leadSubmissions.sessionId, ids))
  for (const r of rows) storedIds.add(r.id)
  const [leadCount] = await handle.db.select({ n: count() }).from(leads)
  await handle.close()
  await dropDb?.()
  rmSync(dataDir, { recursive: true, force: true })

  const ackedButMissing = [...acked].filter((id) => !storedIds.has(id)).length
  if (Number(leadCount?.n ?? 0) !== storedIds.size) throw new Error(`leads (${leadCount?.n}) ≠ submissions (${storedIds.size})`)
  const otherStatuses = Object.fromEntries(Object.entries(statuses).filter(([s]) => s !== '303'))
  return {
    driver,
    signupsPerSecond: Math.round(acked.size / SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    acknowledged: acked.size,
    stored: storedIds.size,
    ackedButMissing,
    otherStatuses,
    errors: result.errors + result.timeouts,
    serverCpuMsPerSignup:
      cpuBefore !== null && cpuAfter !== null && acked.size
        ? Math.round(((cpuAfter - cpuBefore) / acked.size) * 100) / 100
        : null,
    dbCpuMsPerSignup:
      dbBefore && dbAfter && acked.size
        ? Math.round(([...dbAfter].reduce((sum, [pid, ms]) => sum + ms - (dbBefore.get(pid) ?? 0), 0) / acked.size) * 100) / 100
        : null,
    benchCpuMsPerSignup: acked.size ? Math.round(((bench.user + bench.system) / 1000 / acked.size) * 100) / 100 : 0,
    commitsPerSignup:
      commitsBefore !== undefined && commitsAfter !== undefined && acked.size
        ? Math.round(((commitsAfter - commitsBefore) / acked.size) * 100) / 100
        : null,
    processes,
    backlogSeconds,
    firstView: view,
  }
}

async function main() {
  if (!existsSync(path.join(BUILD_DIR, 'server.js'))) throw new Error('No production build: run `npm run build` first.')
  // The bench mints submission ids with the server's secret, exactly as the page does.
  resetConfig(parseConfig({ ...process.env, SESSION_SECRET: SECRET, DATABASE_URL: '' }))
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  const results: Result[] = []
  if (process.env.BENCH_DRIVERS !== 'postgres') results.push(await run('pglite'))
  if (pgUrl && process.env.BENCH_DRIVERS !== 'pglite') {
    // The PGlite run leaves its database's pages to write back: let the disk settle first, or the
    // Postgres run pays for it (one run measured 822/s and 2.2 ms of Postgres CPU per sign-up right
    // after PGlite, 1,122/s and 1.3 ms on its own).
    if (results.length > 0) {
      execFileSync('sync')
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    }
    results.push(await run('postgres', pgUrl))
  }

  console.log(
    `\n${CONNECTIONS} concurrent attendees, ${SECONDS} s, ${SESSIONS} live sessions, ${os.cpus().length} CPUs, Node ${process.version}\n`,
  )
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  )
  console.log(
    '| driver | processes | sign-ups/s | p50 ms | p99 ms | acknowledged | stored | acked but missing | other statuses | errors | CPU ms/sign-up: server · Postgres · bench | commits/sign-up | job backlog s |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    console.log(
      `| ${r.driver} | ${r.processes} | ${r.signupsPerSecond} | ${r.p50} | ${r.p99} | ${r.acknowledged} | ${r.stored} | ${r.ackedButMissing} | ${JSON.stringify(r.otherStatuses)} | ${r.errors} | ${r.serverCpuMsPerSignup ?? '–'} · ${r.dbCpuMsPerSignup ?? '–'} · ${r.benchCpuMsPerSignup} | ${r.commitsPerSignup ?? '–'} | ${r.backlogSeconds} |`,
    )
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2))
  const views = results[0]!.firstView
  console.log(`\nAttendee page first view (budget ${FIRST_VIEW_BUDGET} B compressed):`)
  for (const v of views)
    console.log(
      `  ${v.language}: ${v.html} B HTML, ${v.gzip} B gzip, ${v.brotli ?? '–'} B brotli; other requests for the first view: ${v.externalRefs}`,
    )
  const lost = results.some((r) => r.ackedButMissing > 0)
  if (lost || views.some((v) => v.gzip > FIRST_VIEW_BUDGET || v.externalRefs > 0)) {
    console.error('FAILED: an acknowledged sign-up was not stored, or the first view is over budget.')
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
