// npm run bench:billing — the Stripe webhook under load and the pages that must not call Stripe
// (issue 22 Deliver 12, docs/billing.md → Measured). Needs `npm run build` first; run it under
// `flock /work/wt/bench.lock` on a shared machine.
//
// Starts the local fake of Stripe's API (tests/fakes/stripe.ts, its own process) and the production
// server pointed at it, with BENCH_WORKSPACES workspaces that each opened a Checkout (a mix: session
// unlocks, Professional annual, Teams monthly with 3 seats, Solo). Then, for BENCH_ROUNDS rounds, the
// buyers pay in the fake and the events Stripe would send — checkout.session.completed,
// customer.subscription.created/updated (cancel at period end), invoice.paid, payment_intent and
// charge events, plus redeliveries of the same events — are POSTed signed to /api/webhooks/stripe,
// BENCH_CONCURRENCY (50) at once, shuffled. Reports p50/p95/p99 latency, non-2xx answers, the Stripe
// API calls each delivery made, and whether every purchase converged in our tables. Then counts the
// requests the fake receives while a signed-in owner opens the leads list, a session page and its
// leads page, and attendees sign up (POST /t/{code}): they must be zero.
// Always on PGlite; also on Postgres when BENCH_DATABASE_URL (or DATABASE_URL) is set (a throwaway
// database, dropped afterwards). BENCH_DRIVERS=pglite|postgres runs one only.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq, inArray } from 'drizzle-orm'
import Stripe from 'stripe'
import { createUserSession } from '../app/auth/session.server'
import { parseConfig, resetConfig } from '../app/config.server'
import { installDatabase, openPglite, openPostgres, type DatabaseHandle } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { users } from '../app/db/schema/accounts'
import { talkSessions, talks } from '../app/db/schema/talks'
import { workspaces } from '../app/db/schema/workspaces'
import type { Plan } from '../app/lib/plans'
import { issueSubmissionToken } from '../app/platform/lead-tokens.server'
import { stripeClient } from '../app/platform/stripe.server'
import { syncCatalogue } from '../app/services/billing-catalogue.server'
import { startCheckout, type Purchase } from '../app/services/stripe-hosted-pages.server'

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
// Rounds first run and left out of the figures: the server's first requests compile and warm caches.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const WORKSPACES = Number(process.env.BENCH_WORKSPACES ?? 120)
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 20)
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const SESSION_SECRET = 'bench-billing-secret'
const STRIPE_KEY = 'sk_test_bench_billing'
const WEBHOOK_SECRET = 'whsec_bench_billing'

type StripeEvent = { id: string; type: string; data: { object: { id: string } } }
type Buyer = {
  userId: string
  email: string
  sessionId: string | null
  code: string | null
  purchase: Purchase
  expect: Plan | 'unlocked'
}
type Delivery = { ms: number; status: number; type: string }

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

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} did not come up:\n${output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

function startChild(args: string[], env: Record<string, string>, health: string) {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    ready: waitFor(health, child, () => output),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** The fake's out-of-process controls (tests/fakes/stripe.ts → controls). */
function fakeControls(base: string) {
  const post = async (pathname: string, body: unknown) => {
    const res = await fetch(`${base}/__fake/${pathname}`, { method: 'POST', body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`fake ${pathname}: ${res.status} ${await res.text()}`)
    return (await res.json()) as StripeEvent[]
  }
  return {
    pay: (checkoutSessionId: string) => post('drive/pay', { args: [checkoutSessionId] }),
    cancelAtPeriodEnd: (subscriptionId: string) =>
      post('drive/cancelSubscription', { args: [subscriptionId, { atPeriodEnd: true }] }),
    requestCount: async () => ((await (await fetch(`${base}/__fake/requests`)).json()) as unknown[]).length,
  }
}

const SESSION_FIELDS = {
  status: 'live' as const,
  startsAt: new Date(),
  timeZone: 'Europe/London',
  offerTitle: 'The slides',
  offerPromise: 'All slides as a PDF',
  offerKind: 'url' as const,
  offerUrl: 'https://example.com/slides.pdf',
  fields: { company: true, jobTitle: false, phone: false, linkedin: false },
  questions: [],
  consentText: 'The speaker will email you the slides.',
}

/** Workspaces, each with a Checkout opened in the fake; the first one also has a session for the page checks. */
async function seed(handle: DatabaseHandle, url: string | undefined) {
  installDatabase(handle)
  await migrate(handle, url)
  const db = handle.db
  const buyers: Buyer[] = []
  for (let i = 0; i < WORKSPACES; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `bench-billing-${i}-${randomBytes(3).toString('hex')}@example.com` })
      .returning()
    let sessionId: string | null = null
    let code: string | null = null
    if (i === 0 || i % 4 === 0) {
      const [talk] = await db
        .insert(talks)
        .values({ workspaceId: user!.id, userId: user!.id, title: `Bench talk ${i}` })
        .returning()
      const [session] = await db
        .insert(talkSessions)
        .values({
          workspaceId: user!.id,
          userId: user!.id,
          talkId: talk!.id,
          code: randomBytes(6).toString('base64url'),
          eventName: `Bench conf ${i}`,
          ...SESSION_FIELDS,
        })
        .returning()
      sessionId = session!.id
      code = session!.code
    }
    // The mix: a Teams workspace for the page checks, then unlocks, Professional annual, Teams monthly, Solo.
    const [purchase, expect]: [Purchase, Buyer['expect']] =
      i === 0
        ? [{ kind: 'plan', plan: 'pro', interval: 'monthly', seats: 3 }, 'teams']
        : i % 4 === 0
          ? [{ kind: 'unlock', sessionId: sessionId! }, 'unlocked']
          : i % 4 === 1
            ? [{ kind: 'plan', plan: 'pro', interval: 'annual', seats: 1 }, 'pro']
            : i % 4 === 2
              ? [{ kind: 'plan', plan: 'pro', interval: 'monthly', seats: 3 }, 'teams']
              : [{ kind: 'plan', plan: 'solo', interval: 'monthly', seats: 1 }, 'solo']
    buyers.push({ userId: user!.id, email: user!.email, sessionId, code, purchase, expect })
  }
  const checkouts: string[] = []
  for (const b of buyers) {
    const checkoutUrl = await startCheckout({
      buyer: { workspaceId: b.userId, workspaceName: b.email, userId: b.userId, email: b.email },
      currency: 'USD',
      purchase: b.purchase,
      cancelPath: '/app',
    })
    checkouts.push(new URL(checkoutUrl).pathname.split('/').pop()!)
  }
  const cookie = (await createUserSession(buyers[0]!.userId)).split(';')[0]!
  installDatabase(undefined)
  return { buyers, checkouts, cookie }
}

function shuffle<T>(list: T[]) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[list[i], list[j]] = [list[j]!, list[i]!]
  }
  return list
}

async function deliver(base: string, event: StripeEvent): Promise<Delivery> {
  const body = JSON.stringify(event)
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET })
  const started = performance.now()
  try {
    const res = await fetch(`${base}/api/webhooks/stripe`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0' },
    })
    await res.arrayBuffer()
    return { ms: performance.now() - started, status: res.status, type: event.type }
  } catch {
    return { ms: performance.now() - started, status: 0, type: event.type }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round1 = (n: number) => Math.round(n * 10) / 10

async function run(driver: 'pglite' | 'postgres', adminUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-billing-'))
  const [fakePort, appPort] = [await freePort(), await freePort()]
  const fakeUrl = `http://127.0.0.1:${fakePort}`
  const appUrl = `http://127.0.0.1:${appPort}`
  const fake = startChild(['--import', 'tsx', 'tests/fakes/stripe.ts', String(fakePort)], {}, `${fakeUrl}/__fake/events`)
  await fake.ready
  const controls = fakeControls(fakeUrl)

  let dbUrl: string | undefined
  let dropDb: (() => Promise<void>) | undefined
  let handle: DatabaseHandle
  if (driver === 'postgres') {
    const name = `lectern_bench_billing_${randomBytes(4).toString('hex')}`
    const admin = await openPostgres(adminUrl!, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    const u = new URL(adminUrl!)
    u.pathname = `/${name}`
    dbUrl = u.toString()
    handle = await openPostgres(dbUrl, { max: 2 })
    dropDb = async () => {
      const a = await openPostgres(adminUrl!, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
  } else {
    handle = await openPglite(path.join(dataDir, 'pglite'), dataDir)
  }
  const stripeEnv = { STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE_URL: fakeUrl }
  resetConfig(
    parseConfig({ ...process.env, ...stripeEnv, SESSION_SECRET, APP_URL: appUrl, DATA_DIR: dataDir, DATABASE_URL: dbUrl ?? '' }),
  )
  await syncCatalogue(stripeClient()!, { launchDeadline: new Date(Date.now() + 86_400_000) })
  const { buyers, checkouts, cookie } = await seed(handle, dbUrl)
  await handle.close()

  const server = startChild(
    [path.join(BUILD_DIR, 'server.js')],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SEED_DEMO: 'false',
      BUILD_DIR,
      ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
      ...stripeEnv,
    },
    `${appUrl}/healthz`,
  )
  await server.ready

  // ── Webhook rounds ──
  const deliveries: Delivery[] = []
  const rounds: { size: number; p50: number; p99: number; stripeCalls: number; warmup: boolean }[] = []
  const subscriptions: string[] = []
  let nonOkInWarmup = 0
  let next = 0
  for (let r = 0; r < WARMUP + ROUNDS && next < buyers.length; r++) {
    const events: StripeEvent[] = []
    // A few renewals' worth of changes to earlier subscriptions: cancel at period end.
    for (const sub of subscriptions.splice(0, 2)) events.push(...(await controls.cancelAtPeriodEnd(sub)))
    while (events.length < CONCURRENCY * 0.8 && next < buyers.length) {
      const paid = await controls.pay(checkouts[next++]!)
      for (const e of paid) if (e.type === 'customer.subscription.created') subscriptions.push(e.data.object.id)
      events.push(...paid)
    }
    // Redeliveries: Stripe sends an event again when an answer was late or lost.
    const burst = [...events]
    while (burst.length < CONCURRENCY) burst.push(events[Math.floor(Math.random() * events.length)]!)
    const callsBefore = await controls.requestCount()
    const answers = await Promise.all(shuffle(burst).map((e) => deliver(appUrl, e)))
    const callsAfter = await controls.requestCount()
    const warmup = r < WARMUP
    if (warmup) nonOkInWarmup += answers.filter((a) => a.status < 200 || a.status >= 300).length
    else deliveries.push(...answers)
    const sorted = answers.map((a) => a.ms).sort((a, b) => a - b)
    rounds.push({
      size: burst.length,
      p50: round1(percentile(sorted, 50)),
      p99: round1(percentile(sorted, 99)),
      stripeCalls: callsAfter - callsBefore,
      warmup,
    })
  }

  // ── Pages and sign-ups: no call to Stripe ──
  const session = buyers[0]!
  const pages = [
    '/app/leads',
    `/app/sessions/${session.sessionId}`,
    `/app/sessions/${session.sessionId}/leads`,
    `/t/${session.code}`,
  ]
  const before = await controls.requestCount()
  const pageStatuses: Record<string, number> = {}
  const signupStatuses: Record<string, number> = {}
  for (let i = 0; i < SIGNUPS; i++) {
    const id = randomUUID()
    const body = new URLSearchParams({
      submission: issueSubmissionToken(session.sessionId!, id),
      first_name: 'Attendee',
      email: `a-${id}@bench.example`,
      company: 'Bench Co',
    })
    const res = await fetch(`${appUrl}/t/${session.code}`, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: appUrl },
    })
    await res.arrayBuffer()
    signupStatuses[res.status] = (signupStatuses[res.status] ?? 0) + 1
  }
  for (const p of pages) {
    const res = await fetch(`${appUrl}${p}`, { headers: { cookie }, redirect: 'manual' })
    await res.arrayBuffer()
    pageStatuses[p.replace(session.sessionId!, '{id}').replace(session.code!, '{code}')] = res.status
  }
  const stripeCallsFromPages = (await controls.requestCount()) - before

  await server.stop()
  await fake.stop()

  // ── Did every paid purchase converge? ──
  const check =
    driver === 'postgres' ? await openPostgres(dbUrl!, { max: 1 }) : await openPglite(path.join(dataDir, 'pglite'), dataDir)
  const paid = buyers.slice(0, next)
  const plans = await check.db
    .select({ id: workspaces.id, plan: workspaces.plan })
    .from(workspaces)
    .where(
      inArray(
        workspaces.id,
        paid.map((b) => b.userId),
      ),
    )
  const planOf = new Map(plans.map((p) => [p.id, p.plan]))
  let converged = 0
  for (const b of paid) {
    if (b.expect === 'unlocked') {
      const [s] = await check.db
        .select({ unlocked: talkSessions.unlocked })
        .from(talkSessions)
        .where(eq(talkSessions.id, b.sessionId!))
      if (s?.unlocked) converged++
    } else if (planOf.get(b.userId) === b.expect) converged++
  }
  await check.close()
  await dropDb?.()
  rmSync(dataDir, { recursive: true, force: true })

  const all = deliveries.map((d) => d.ms).sort((a, b) => a - b)
  return {
    driver,
    rounds,
    deliveries: deliveries.length,
    p50: round1(percentile(all, 50)),
    p95: round1(percentile(all, 95)),
    p99: round1(percentile(all, 99)),
    max: round1(all.at(-1) ?? 0),
    non2xx: deliveries.filter((d) => d.status < 200 || d.status >= 300).length,
    stripeCallsPerDelivery: round1(
      rounds.filter((r) => !r.warmup).reduce((s, r) => s + r.stripeCalls, 0) / Math.max(1, deliveries.length),
    ),
    nonOkInWarmup,
    purchases: paid.length,
    converged,
    pageStatuses,
    signupStatuses,
    stripeCallsFromPages,
  }
}

async function main() {
  if (!existsSync(path.join(BUILD_DIR, 'server.js'))) throw new Error('No production build: run `npm run build` first.')
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  const loadBefore = os.loadavg()
  const results = []
  if (process.env.BENCH_DRIVERS !== 'postgres') results.push(await run('pglite'))
  if (pgUrl && process.env.BENCH_DRIVERS !== 'pglite') results.push(await run('postgres', pgUrl))
  const load = (l: number[]) => l.map((n) => n.toFixed(1)).join(' ')
  console.log(
    `\n${CONCURRENCY} concurrent signed deliveries per round, ${ROUNDS} rounds after ${WARMUP} warm-up, ${os.cpus().length} CPUs, Node ${process.version}`,
  )
  console.log(`Load average before: ${load(loadBefore)}; at the end: ${load(os.loadavg())}\n`)
  console.log(
    '| driver | deliveries | p50 ms | p95 ms | p99 ms | max ms | non-2xx | Stripe calls / delivery | purchases converged |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    console.log(
      `| ${r.driver} | ${r.deliveries} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.stripeCallsPerDelivery} | ${r.converged}/${r.purchases} |`,
    )
  }
  for (const r of results) {
    const each = r.rounds.map((x) => `${x.warmup ? 'warm-up ' : ''}${x.size}: ${x.p50} / ${x.p99}, ${x.stripeCalls}`)
    console.log(`\n${r.driver} rounds (deliveries: p50 / p99 ms, Stripe calls): ${each.join(' · ')}`)
    console.log(
      `${r.driver} pages ${JSON.stringify(r.pageStatuses)}, ${SIGNUPS} sign-ups ${JSON.stringify(r.signupStatuses)}: ${r.stripeCallsFromPages} requests to Stripe`,
    )
  }
  const failed = results.some(
    (r) =>
      r.non2xx > 0 ||
      r.nonOkInWarmup > 0 ||
      r.converged !== r.purchases ||
      r.stripeCallsFromPages !== 0 ||
      Object.values(r.pageStatuses).some((s) => s !== 200) ||
      Object.keys(r.signupStatuses).some((s) => s !== '303'),
  )
  if (failed) {
    console.error(
      'FAILED: a delivery was not 2xx, a purchase did not converge, a page was not 200, or a page or sign-up called Stripe.',
    )
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
