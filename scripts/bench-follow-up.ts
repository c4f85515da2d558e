// npm run bench:follow-up — a follow-up to 10,000 people (issue 32 Deliver 11; docs/follow-up.md "Measured").
// A workspace with a session and BENCH_PEOPLE (10,000) consenting people, written in one statement;
// the production build (`npm run build` first) started against it with the fake Resend
// (tests/fakes/resend.ts, the real SDK pointed at it) and FOLLOW_UP_RATE_PER_SECOND=BENCH_RATE (2);
// the owner presses Send (POST /app/follow-ups/{id}, intent=send, with a session cookie). Measured:
//   - from Send to the last batch handed to the fake (100 batches at 2/s: the rate allows 50 s);
//   - the server's RSS (VmRSS of /proc/<pid>/status, every 200 ms): its peak during the send over
//     its value just before Send;
//   - statements per batch: the same code in this process (the server has no statement counter) —
//     a 1,000-person follow-up in the same workspace, its 10 batches run by the app's JobWorker
//     with drizzle's logger counting every statement (BEGIN/COMMIT are the driver's, not counted);
//   - the attendee page's sign-up p50/p99 (BENCH_CONNECTIONS (10) attendees POSTing /t/{code}
//     for BENCH_LOAD_SECONDS (15) s, as bench:leads does) before Send and during the send;
//   - EXPLAIN of the complaint rate's "last 1,000 sends" (complaintFigures) on the sent rows.
// On PGlite, and on Postgres when BENCH_DATABASE_URL / DATABASE_URL / TEST_DATABASE_URL is set (a
// throw-away database is created there and dropped); BENCH_DRIVERS=pglite|postgres picks one.
// Targets are reported, not asserted: it exits non-zero only on an error (a message missing or
// sent twice, the follow-up not ending sent, the server failing).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { eq, sql } from 'drizzle-orm'
import { createUserSession } from '../app/auth/session.server'
import { parseConfig, resetConfig } from '../app/config.server'
import { installDatabase, openPglite, openPostgres, type DatabaseHandle } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { users } from '../app/db/schema/accounts'
import { speakers } from '../app/db/schema/directory'
import { followUps } from '../app/db/schema/follow-ups'
import { talkSessions, talks } from '../app/db/schema/talks'
import { workspaces } from '../app/db/schema/workspaces'
import { FOLLOW_UP_BATCH_SIZE } from '../app/lib/follow-ups'
import type { Scope } from '../app/lib/permissions'
import { sendFollowUpNow } from '../app/models/follow-up-sending.server'
import { createFollowUpDraft } from '../app/models/follow-ups.server'
import { complaintFigures } from '../app/models/sending-pauses.server'
import { issueSubmissionToken } from '../app/platform/lead-tokens.server'
import { senderFrom } from '../app/services/follow-up-send.server'
import { JobWorker } from '../app/services/jobs.server'
import { startFakeResend, type FakeResend } from '../tests/fakes/resend'

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000)
const RATE = Number(process.env.BENCH_RATE ?? 2)
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** The follow-up whose statements are counted in-process: 10 batches. */
const COUNTED_PEOPLE = 1_000
const SIGNUP_SESSIONS = 10
const SECRET = 'bench-follow-up-secret'
const RESEND_KEY = 're_bench_follow_up'
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')

type Load = { p50: number; p99: number; signups: number; errors: number; other: Record<string, number> }
type Result = {
  driver: string
  batches: number
  sendSeconds: number
  rateSeconds: number
  /** Between consecutive batch calls (p50, max), and from Send to the first. */
  gapMs: { p50: number; max: number; first: number }
  rssBeforeMb: number
  rssPeakMb: number
  /** When the last batch was handed over (the sign-up load during the send ended long before, at 10,000). */
  rssAtEndMb: number
  statementsToStart: number
  statementsPerBatch: number
  before: Load
  during: Load
  explain: string
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const startedAt = Date.now()
const step = (what: string) => console.error(`[${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${what}`)

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

/** The process's resident set in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb ?? 0) / 1024
}

/**
 * Counts every statement drizzle runs on this handle, transactions' included (a transaction's
 * session is made with the same options, so it takes the same logger).
 */
function countStatements(handle: DatabaseHandle) {
  const counter = {
    n: 0,
    last: { query: '', params: [] as unknown[] },
    logQuery(query: string, params: unknown[]) {
      counter.n++
      counter.last = { query, params }
    },
  }
  const session = (handle.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session
  session.logger = counter
  session.options.logger = counter
  return counter
}

async function seed(handle: DatabaseHandle, url?: string) {
  installDatabase(handle)
  await migrate(handle, url)
  const db = handle.db
  const email = `bench-follow-up-${randomBytes(3).toString('hex')}@example.com`
  const [user] = await db.insert(users).values({ email }).returning()
  const ownerId = user!.id
  await db.update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, ownerId))
  await db.insert(speakers).values({
    slug: `bench-${randomBytes(3).toString('hex')}`,
    name: 'Ada Lovelace',
    jobTitle: 'CTO',
    company: 'Analytical Engines',
    location: 'London',
    email,
    bio: '<p>Speaker</p>',
    userId: ownerId,
  })
  const [talk] = await db
    .insert(talks)
    .values({ workspaceId: ownerId, userId: ownerId, title: 'Engines of Tomorrow' })
    .returning()
  const session = (name: string) => ({
    workspaceId: ownerId,
    userId: ownerId,
    talkId: talk!.id,
    code: randomBytes(6).toString('base64url'),
    status: 'live' as const,
    eventName: name,
    startsAt: new Date(),
    timeZone: 'Europe/London',
    offerTitle: 'The slides',
    offerPromise: 'All 42 slides as a PDF',
    offerKind: 'url' as const,
    offerUrl: 'https://ada.example/slides.pdf',
    fields: { company: true, jobTitle: true, phone: false, linkedin: false },
    questions: [],
    consentText: 'Ada will email you the slides and may follow up about this talk.',
    marketingText: 'Send me Ada’s monthly newsletter too',
  })
  const [sent, counted, ...signups] = await db
    .insert(talkSessions)
    .values([
      session('DevConf 2026'),
      session('DevConf 2026, the counted one'),
      ...Array.from({ length: SIGNUP_SESSIONS }, (_, i) => session(`DevConf 2026, room ${i + 1}`)),
    ])
    .returning({ id: talkSessions.id, code: talkSessions.code })
  // The people, one statement per session (as the sending tests' seedPeople does).
  for (const [sessionId, n] of [
    [sent!.id, PEOPLE],
    [counted!.id, COUNTED_PEOPLE],
  ] as const) {
    const tag = randomBytes(4).toString('hex')
    await db.execute(sql`
      with people as (
        insert into contacts (owner_id, email, first_name, marketing_consent)
        select ${ownerId}::uuid, 'p' || g || '-' || ${tag} || '@example.com', 'Person ' || g, true
        from generate_series(1, ${n}::int) g
        returning id, email, first_name
      )
      insert into leads (session_id, owner_id, contact_id, email, first_name, marketing_consent, erase_token_hash)
      select ${sessionId}::uuid, ${ownerId}::uuid, id, email, first_name, true, md5(random()::text || id::text)
      from people`)
  }
  const scope: Scope = { ownerId, userId: ownerId, runnerId: null }
  step('seeded')
  const draft = (sessionId: string) =>
    createFollowUpDraft(scope, {
      subject: 'The slides, {{first_name|friend}}',
      bodyHtml: '<p>Hi {{first_name|there}}, <a href="https://ada.example/slides.pdf">the slides</a> of {{talk_title}}.</p>',
      fromName: 'Ada Lovelace',
      replyTo: 'ada@speakers.example',
      source: 'session',
      sourceId: sessionId,
    })

  // Statements per batch: the counted follow-up, started and sent here by the app's own worker at
  // a rate that does not wait (the statements, not the pace, are what is counted).
  const fake = await startFakeResend()
  resetConfig(
    parseConfig({
      ...process.env,
      SESSION_SECRET: SECRET,
      DATABASE_URL: '',
      RESEND_API_KEY: RESEND_KEY,
      RESEND_BASE_URL: fake.url,
      FOLLOW_UP_RATE_PER_SECOND: '100',
      FOLLOW_UP_WORKSPACE_RATE_PER_SECOND: '100',
    }),
  )
  const countedDraft = (await draft(counted!.id))!
  step('counted draft')
  const counter = countStatements(handle)
  const started = await sendFollowUpNow(scope, countedDraft.id, { id: ownerId, email }, (f) => senderFrom(f))
  if (started !== 'started') throw new Error(`the counted follow-up did not start: ${started}`)
  const statementsToStart = counter.n
  step('counted follow-up started')
  counter.n = 0
  const worker = new JobWorker({ pollMs: 3_600_000 })
  const deadline = Date.now() + 120_000
  let polls = 0
  for (;;) {
    await worker.drain()
    polls++
    const [row] = await db.select({ status: followUps.status }).from(followUps).where(eq(followUps.id, countedDraft.id))
    if (row?.status === 'sent') break
    if (row?.status === 'partly_sent' || Date.now() > deadline) throw new Error(`the counted follow-up ended ${row?.status}`)
    await sleep(20)
  }
  await worker.stop()
  const countedBatches = Math.ceil(COUNTED_PEOPLE / FOLLOW_UP_BATCH_SIZE)
  if (new Set(fake.emails.flatMap((e) => e.to)).size !== COUNTED_PEOPLE || fake.emails.length !== COUNTED_PEOPLE)
    throw new Error(`the counted follow-up delivered ${fake.emails.length} messages to ${COUNTED_PEOPLE} people`)
  // The status reads above are the bench's, not the sender's.
  const workerStatements = counter.n - polls
  await fake.close()

  const followUp = (await draft(sent!.id))!
  step('counted follow-up sent')
  step('draft')
  const cookie = (await createUserSession(ownerId)).split(';')[0]!
  step('signed in')
  installDatabase(undefined)
  return {
    ownerId,
    followUpId: followUp.id,
    cookie,
    signups,
    statementsToStart,
    workerStatements,
    countedBatches,
  }
}

async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [path.join(BUILD_DIR, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      SESSION_SECRET: SECRET,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SEED_DEMO: 'false',
      BUILD_DIR,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Server did not start:\n${output}`)
    await sleep(200)
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Sign-ups on the attendee page for `seconds`, as bench:leads makes them. */
async function signupLoad(url: string, sessions: { id: string; code: string }[], seconds: number): Promise<Load> {
  const statuses: Record<string, number> = {}
  let next = 0
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Record<string, unknown>) => {
          context.session ??= sessions[next++ % sessions.length]
          const session = context.session as { id: string; code: string }
          const id = randomUUID()
          const body = new URLSearchParams({
            submission: issueSubmissionToken(session.id, id),
            first_name: 'Attendee',
            email: `a-${id}@bench.example`,
            company: 'Bench Co',
            job_title: 'Engineer',
          }).toString()
          return { ...req, path: `/t/${session.code}`, body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
        },
        onResponse: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1
        },
      },
    ],
  })
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    signups: statuses['303'] ?? 0,
    errors: result.errors + result.timeouts,
    other: Object.fromEntries(Object.entries(statuses).filter(([s]) => s !== '303')),
  }
}

/** The complaint rate's query exactly as complaintFigures runs it, under EXPLAIN (its parameters inlined). */
async function explainComplaintRate(handle: DatabaseHandle, ownerId: string, followUpId: string) {
  installDatabase(handle)
  // A server of one workspace would read the server-wide index and filter: nine more workspaces
  // with as many sends each (copies of this follow-up's rows, their own contact ids), as on a
  // server with tenants, before the planner's statistics are taken.
  for (let i = 0; i < 9; i++) {
    const [other] = await handle.db
      .insert(users)
      .values({ email: `bench-other-${i}-${randomBytes(3).toString('hex')}@example.com` })
      .returning({ id: users.id })
    await handle.db.execute(sql`
      insert into follow_up_recipients (follow_up_id, owner_id, contact_id, email, first_name, batch, sent_at)
      select follow_up_id, ${other!.id}::uuid, gen_random_uuid(), email, first_name, batch, sent_at - interval '1 second' * ${i}
      from follow_up_recipients where follow_up_id = ${followUpId}::uuid and owner_id = ${ownerId}::uuid`)
  }
  await handle.db.execute(sql`analyze follow_up_recipients`)
  const counter = countStatements(handle)
  await complaintFigures(ownerId, handle.db)
  const { query, params } = counter.last
  const inlined = query.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`
  })
  const rows = (await handle.db.execute(sql.raw(`explain (costs off) ${inlined}`))) as unknown as
    { rows: Record<string, string>[] } | Record<string, string>[]
  const list = Array.isArray(rows) ? rows : rows.rows
  installDatabase(undefined)
  return list.map((r) => Object.values(r)[0]).join('\n')
}

async function run(driver: 'pglite' | 'postgres', adminUrl?: string): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-follow-up-'))
  let dbUrl: string | undefined
  let dropDb: (() => Promise<void>) | undefined
  const open = () =>
    driver === 'postgres' ? openPostgres(dbUrl!, { max: 2 }) : openPglite(path.join(dataDir, 'pglite'), dataDir)
  if (driver === 'postgres') {
    const name = `lectern_bench_${randomBytes(4).toString('hex')}`
    const admin = await openPostgres(adminUrl!, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    const u = new URL(adminUrl!)
    u.pathname = `/${name}`
    dbUrl = u.toString()
    dropDb = async () => {
      const a = await openPostgres(adminUrl!, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
  }
  let fake: FakeResend | undefined
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  let sampler: NodeJS.Timeout | undefined
  try {
    fake = await startFakeResend()
    const seeding = await open()
    const seeded = await seed(seeding, dbUrl)
    await seeding.close()
    step('database closed')
    const countedBatches = seeded.countedBatches
    const statementsPerBatch = round(seeded.workerStatements / countedBatches)

    server = await startServer({
      DATA_DIR: dataDir,
      ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
      RESEND_API_KEY: RESEND_KEY,
      RESEND_BASE_URL: fake.url,
      FOLLOW_UP_RATE_PER_SECOND: String(RATE),
      FOLLOW_UP_WORKSPACE_RATE_PER_SECOND: String(RATE),
    })
    step('server up')
    // Warm up (JIT, pools), then the sign-up latency with nothing sending.
    await signupLoad(server.url, seeded.signups, 3)
    const before = await signupLoad(server.url, seeded.signups, LOAD_SECONDS)
    // The sign-ups' own jobs (the attendees' emails, to the fake too) are done before Send: the send
    // is not timed behind a backlog the bench made (the job queue is first come, first served).
    let seen = -1
    while (seen !== fake.emails.length) {
      seen = fake.emails.length
      await sleep(3_000)
    }
    const pid = server.pid
    const rssBeforeMb = rssMb(pid)
    let rssPeakMb = rssBeforeMb
    sampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, rssMb(pid))
    }, 200)
    const callsBefore = fake.batchCalls.length

    step('Send')
    const t0 = Date.now()
    const pressed = await fetch(`${server.url}/app/follow-ups/${seeded.followUpId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: seeded.cookie, Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'send' }).toString(),
    })
    if (pressed.status !== 302 && pressed.status !== 303)
      throw new Error(`Send answered ${pressed.status}: ${(await pressed.text()).slice(0, 300)}`)
    const during = await signupLoad(server.url, seeded.signups, LOAD_SECONDS)

    const batches = Math.ceil(PEOPLE / FOLLOW_UP_BATCH_SIZE)
    const ours = () => fake!.batchCalls.slice(callsBefore).filter((c) => c.status === 200 && !c.replayed)
    const deadline = Date.now() + Math.max(300_000, (batches / RATE) * 3_000)
    while (ours().length < batches) {
      if (Date.now() > deadline) throw new Error(`only ${ours().length} of ${batches} batches after the deadline`)
      await sleep(100)
    }
    const at = ours()
      .map((c) => c.at)
      .sort((x, y) => x - y)
    const lastAt = at[at.length - 1]!
    const rssAtEndMb = rssMb(pid)
    const gaps = at
      .slice(1)
      .map((t, i) => t - at[i]!)
      .sort((x, y) => x - y)
    const gapMs = { p50: gaps[Math.floor(gaps.length / 2)] ?? 0, max: gaps[gaps.length - 1] ?? 0, first: at[0]! - t0 }
    clearInterval(sampler)
    sampler = undefined
    const sendSeconds = (lastAt - t0) / 1000
    // The follow-up's commits land after the last call's answer; a graceful stop waits for them.
    await sleep(1_000)
    await server.stop()
    server = undefined

    const counts = new Map<string, number>()
    // The seeded people (the attendees' confirmations and the speaker's notices go to the fake too).
    for (const e of fake.emails)
      for (const to of e.to) if (/^p\d+-[0-9a-f]{8}@example\.com$/.test(to)) counts.set(to, (counts.get(to) ?? 0) + 1)
    const twice = [...counts.values()].filter((n) => n > 1).length
    if (counts.size !== PEOPLE || twice > 0)
      throw new Error(`${counts.size} of ${PEOPLE} people reached, ${twice} more than once`)

    const reading = await open()
    try {
      const [row] = await reading.db.select().from(followUps).where(eq(followUps.id, seeded.followUpId))
      if (row?.status !== 'sent' || row.sentCount !== PEOPLE)
        throw new Error(`the follow-up ended ${row?.status} with ${row?.sentCount} of ${PEOPLE} sent`)
      step('last batch; the complaint rate explained')
      const explain = await explainComplaintRate(reading, seeded.ownerId, seeded.followUpId)
      return {
        driver,
        batches,
        sendSeconds: round(sendSeconds),
        rateSeconds: batches / RATE,
        gapMs,
        rssBeforeMb: round(rssBeforeMb),
        rssPeakMb: round(rssPeakMb),
        rssAtEndMb: round(rssAtEndMb),
        statementsToStart: seeded.statementsToStart,
        statementsPerBatch,
        before,
        during,
        explain,
      }
    } finally {
      await reading.close()
    }
  } finally {
    if (sampler) clearInterval(sampler)
    if (server) {
      const output = server.output()
      await server.stop()
      if (output.trim()) console.error(output.slice(-4_000))
    }
    await fake?.close()
    await dropDb?.()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  if (!existsSync(path.join(BUILD_DIR, 'server.js'))) throw new Error('No production build: run `npm run build` first.')
  // The bench mints submission ids and the session cookie with the server's secret.
  resetConfig(parseConfig({ ...process.env, SESSION_SECRET: SECRET, DATABASE_URL: '' }))
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
  const results: Result[] = []
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')
  const loads: string[] = []
  if (process.env.BENCH_DRIVERS !== 'postgres') {
    loads.push(`pglite: ${load()} at the start`)
    results.push(await run('pglite'))
  }
  if (pgUrl && process.env.BENCH_DRIVERS !== 'pglite') {
    if (results.length > 0) {
      execFileSync('sync')
      await sleep(10_000)
    }
    loads.push(`postgres: ${load()} at the start`)
    results.push(await run('postgres', pgUrl))
  }
  loads.push(`${load()} at the end`)

  console.log(
    `\n${PEOPLE.toLocaleString('en')} people, FOLLOW_UP_RATE_PER_SECOND=${RATE}, sign-ups: ${CONNECTIONS} connections × ${LOAD_SECONDS} s before and during; ${os.cpus().length} CPUs, Node ${process.version}`,
  )
  console.log(`Load average (1, 5, 15 min): ${loads.join('; ')}\n`)
  console.log(
    '| driver | batches | Send → last batch s (rate allows; target ≤ +10%) | RSS MB before → peak, at the end (growth; target ≤ 50) | statements: start (1,000 people) · per batch | sign-up p50/p99 ms before | during (p99 target ≤ +20%) | sign-ups before · during | errors/other statuses |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    const growth = round(r.rssPeakMb - r.rssBeforeMb)
    const p99Change = r.before.p99 ? Math.round((r.during.p99 / r.before.p99 - 1) * 100) : 0
    console.log(
      `| ${r.driver} | ${r.batches} | ${r.sendSeconds} (${r.rateSeconds}; ${Math.round((r.sendSeconds / r.rateSeconds - 1) * 100)}%) | ${r.rssBeforeMb} → ${r.rssPeakMb}, ${r.rssAtEndMb} (+${growth}, +${round(r.rssAtEndMb - r.rssBeforeMb)}) | ${r.statementsToStart} · ${r.statementsPerBatch} | ${r.before.p50}/${r.before.p99} | ${r.during.p50}/${r.during.p99} (${p99Change >= 0 ? '+' : ''}${p99Change}%) | ${r.before.signups} · ${r.during.signups} | ${r.before.errors + r.during.errors} ${JSON.stringify({ ...r.before.other, ...r.during.other })} |`,
    )
  }
  for (const r of results)
    console.log(
      `${r.driver}: Send → first batch ${r.gapMs.first} ms; between batches p50 ${r.gapMs.p50} ms, max ${r.gapMs.max} ms (the rate's step: ${Math.round(1000 / RATE)} ms)`,
    )
  for (const r of results) console.log(`\nEXPLAIN of the complaint rate's last 1,000 sends (${r.driver}):\n${r.explain}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
