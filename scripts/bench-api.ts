// npm run bench:api — the public API at scale (issue 30 Deliver 7).
//
// Seeds one workspace (Teams plan) with BENCH_PEOPLE (100,000) people in set-based SQL, one capture
// and its consent record each (every tenth person a second capture at another session), at 200
// sessions of 10 talks, a minute apart in time so the keyset order is the real one; ANALYZE. Then,
// against the production build (BUILD_DIR, built first unless BENCH_SKIP_BUILD=1) started on that
// database:
//   1. GET /api/v1/leads?limit=100 with BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10)
//      after a warm-up: req/s, p50, p99 (target: p99 ≤ 150 ms on Postgres);
//   2. every page of that list walked with starting_after, one request at a time, BENCH_WALKS (3)
//      times, each page's best time kept: the first page, the slowest, p50/p99 of all (target: no
//      page slower than the first by more than 2×), and where one page's time goes in process (the
//      model's reads, building the objects, the answer's schema, JSON);
//   3. the key check and rate limit per request (target ≤ 1 ms): GET /api/v1/me with a key against
//      the same request without one (a 401 answered before any database read), one connection each,
//      and the wrapper's own steps timed in process (authenticateApiKey + hitRateLimit, BENCH_AUTH_RUNS).
// Keys: BENCH_KEYS (300) keys of the workspace written straight to api_keys (more than Settings
// allows, 25) and taken in turn, so no measurement meets the per-key limit (1,200 a minute each).
// Always on PGlite (a temporary data dir); also on Postgres when BENCH_DATABASE_URL (or DATABASE_URL)
// is set (a throw-away database next to it). Knobs: BENCH_DRIVERS (pglite|postgres to run one),
// BENCH_WARMUP_SECONDS (3), BENCH_JSON=path to also write the figures. Prints the load average.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { installDatabase, type DatabaseHandle } from '../app/db/client.server'
import { apiKeys } from '../app/db/schema/api'
import { API_RATE_WINDOW_MS } from '../app/lib/api'
import { API_SCOPES, keyHint } from '../app/lib/api-keys'
import { apiRateLimit } from '../app/lib/plans'
import { generateApiKey, hashApiKey } from '../app/models/api-keys.server'
import { hitRateLimit } from '../app/models/rate-limit.server'
import { listLeadRecords, NO_LEAD_RECORD_FILTERS } from '../app/models/lead-records.server'
import { authenticateApiKey } from '../app/services/api/auth.server'
import { toApiLead } from '../app/services/api/objects/lead.server'
import { API_OPERATIONS } from '../app/services/api/registry.server'
import { openBenchDatabase } from './bench-db'
import { buildUnlessSkipped, freePort, waitForHealth } from './bench-server'

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const KEYS = Number(process.env.BENCH_KEYS ?? 300)
const AUTH_RUNS = Number(process.env.BENCH_AUTH_RUNS ?? 2000)
const SESSIONS = 200
const PAGE = 100
const WALKS = Number(process.env.BENCH_WALKS ?? 3)

type Figures = Record<string, string | number>
const rows: Figures[] = []

const q = (text: string, h: DatabaseHandle) => h.exec(text)

async function seed(h: DatabaseHandle) {
  const started = performance.now()
  const owner = crypto.randomUUID()
  await q(
    `insert into users (id, email, role) values ('${owner}', 'bench-api-${randomBytes(3).toString('hex')}@example.com', 'speaker');
     -- The personal workspace (same id, made by the users trigger) holds the plan.
     update workspaces set plan = 'teams' where id = '${owner}';
     insert into consent_texts (hash, text) values (repeat('a', 64), 'Ada will email you the slides.') on conflict do nothing;
     insert into consent_texts (hash, text) values (repeat('b', 64), 'Send me the newsletter too') on conflict do nothing;
     insert into talks (id, workspace_id, user_id, title)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, '${owner}', '${owner}', 'Talk ' || g from generate_series(1, 10) g;
     create temp table bench_sessions as select g - 1 as n, gen_random_uuid() as id from generate_series(1, ${SESSIONS}) g;
     insert into talk_sessions (id, workspace_id, user_id, talk_id, code, status, event_name, starts_at, time_zone, consent_text)
       select s.id, '${owner}', '${owner}', ('00000000-0000-4000-8000-' || lpad((1 + s.n % 10)::text, 12, '0'))::uuid,
              'a' || md5(s.id::text), 'closed', 'Event ' || (1 + s.n % 20), now() - (s.n || ' days')::interval, 'UTC', 'Notice'
       from bench_sessions s;
     -- A minute apart, newest last: the list's keyset order (created_at, id) is the real one.
     insert into contacts (owner_id, email, first_name, company, job_title, marketing_consent, status, tags, score, score_band,
                           first_seen_at, last_seen_at, created_at, updated_at)
       select '${owner}', 'person' || g || '@corp' || (g % 500) || '.example', 'Name' || g, 'Company ' || (g % 2000), 'Engineer',
              g % 2 = 0, (array['new','contacted','meeting','won','lost'])[1 + g % 5]::contact_status,
              case when g % 10 = 0 then array['vip'] else '{}' end, g % 100, (array['hot','warm','cold'])[1 + g % 3]::score_band,
              now() - ((${PEOPLE} - g) || ' minutes')::interval, now() - ((${PEOPLE} - g) || ' minutes')::interval,
              now() - ((${PEOPLE} - g) || ' minutes')::interval, now() - ((${PEOPLE} - g) || ' minutes')::interval
       from generate_series(1, ${PEOPLE}) g;
     insert into leads (session_id, owner_id, contact_id, email, first_name, company, job_title, marketing_consent, answers,
                        erase_token_hash, created_at, updated_at)
       select s.id, c.owner_id, c.id, c.email, c.first_name, c.company, c.job_title, c.marketing_consent, '{}'::jsonb,
              md5(c.id::text), c.created_at, c.created_at
       from contacts c
       cross join lateral (select substring(c.email from 'person(\\d+)@')::int as n) x
       join bench_sessions s on s.n = x.n % ${SESSIONS}
       where c.owner_id = '${owner}';
     insert into leads (session_id, owner_id, contact_id, email, first_name, company, job_title, marketing_consent, answers,
                        erase_token_hash, created_at, updated_at)
       select s.id, c.owner_id, c.id, c.email, c.first_name, c.company, c.job_title, c.marketing_consent, '{}'::jsonb,
              md5(c.id::text || 'r'), c.created_at + interval '30 seconds', c.created_at + interval '30 seconds'
       from contacts c
       cross join lateral (select substring(c.email from 'person(\\d+)@')::int as n) x
       join bench_sessions s on s.n = (x.n + 7) % ${SESSIONS}
       where c.owner_id = '${owner}' and x.n % 10 = 0;
     insert into lead_consents (lead_id, session_id, owner_id, submission_id, notice_hash, marketing_hash, marketing_consent, created_at)
       select l.id, l.session_id, l.owner_id, gen_random_uuid(), repeat('a', 64), repeat('b', 64), l.marketing_consent, l.created_at
       from leads l where l.owner_id = '${owner}';
     drop table bench_sessions;
     analyze;`,
    h,
  )
  console.log(`seeded ${PEOPLE.toLocaleString('en-US')} people in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return owner
}

/** Keys of the workspace's owner with every scope, written straight to the table (bench only: past the 25 a workspace may make). */
async function makeKeys(h: DatabaseHandle, owner: string, count: number) {
  const keys = Array.from({ length: count }, () => generateApiKey())
  await h.db.insert(apiKeys).values(
    keys.map((key, i) => {
      const { start, end } = keyHint(key)
      return {
        workspaceId: owner,
        createdBy: owner,
        name: `bench ${i}`,
        keyHash: hashApiKey(key),
        keyStart: start,
        keyEnd: end,
        scopes: [...API_SCOPES],
      }
    }),
  )
  return keys
}

const ms = (n: number) => Math.round(n * 100) / 100
function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** The wrapper's own key check and count, in process against the database: per request, in ms, and each part's share. */
async function timeAuthInProcess(driver: string, owner: string, keys: string[]) {
  const limit = apiRateLimit('teams')!
  const total: number[] = []
  const lookup: number[] = []
  const count: number[] = []
  for (let i = 0; i < AUTH_RUNS + 50; i++) {
    const key = keys[i % keys.length]!
    const request = new Request('http://bench.invalid/api/v1/me', { headers: { Authorization: `Bearer ${key}` } })
    const t0 = performance.now()
    const ctx = await authenticateApiKey(request, 'bench')
    const t1 = performance.now()
    await hitRateLimit(`api:${ctx.key.id}`, limit, API_RATE_WINDOW_MS)
    const t2 = performance.now()
    if (ctx.workspace.id !== owner) throw new Error('the key answered for another workspace')
    if (i < 50) continue
    total.push(t2 - t0)
    lookup.push(t1 - t0)
    count.push(t2 - t1)
  }
  const median = (xs: number[]) => ms([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!)
  const mean = total.reduce((a, b) => a + b, 0) / total.length
  rows.push({
    driver,
    case: 'key check + rate limit, in process',
    'p50 ms': median(total),
    'p99 ms': ms(
      percentile(
        [...total].sort((a, b) => a - b),
        99,
      ),
    ),
    'mean ms': ms(mean),
    'key read p50 ms': median(lookup),
    'count p50 ms': median(count),
    target: mean <= 1 ? 'met (≤ 1 ms)' : 'NOT met (≤ 1 ms)',
  })
}

/** Where one page's time goes, in process: the model's reads, building the objects, the answer's schema, JSON. */
async function pageBreakdown(driver: string, owner: string) {
  const operation = API_OPERATIONS.find((o) => o.operationId === 'listLeads')!
  const scope = { ownerId: owner, userId: owner, runnerId: null }
  const parts: Record<'read' | 'build' | 'shape' | 'json', number[]> = { read: [], build: [], shape: [], json: [] }
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now()
    const page = await listLeadRecords({ scope, plan: 'teams', filters: NO_LEAD_RECORD_FILTERS, limit: PAGE })
    const t1 = performance.now()
    if (!page.ok) throw new Error('no page')
    const answer = { data: page.rows.map(toApiLead), has_more: page.hasMore }
    const t2 = performance.now()
    const shaped = operation.response.schema!.parse(answer)
    const t3 = performance.now()
    const bytes = JSON.stringify(shaped).length
    const t4 = performance.now()
    if (i < 5) continue
    parts.read.push(t1 - t0)
    parts.build.push(t2 - t1)
    parts.shape.push(t3 - t2)
    parts.json.push(t4 - t3)
    if (i === 24) rows.push({ driver, case: `one page in process (${Math.round(bytes / 1024)} KB of JSON)` })
  }
  const median = (xs: number[]) => ms([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!)
  Object.assign(rows.at(-1)!, {
    'read ms': median(parts.read),
    'build ms': median(parts.build),
    'schema ms': median(parts.shape),
    'JSON ms': median(parts.json),
  })
}

async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? 'build', 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      SEED_DEMO: 'false',
      SESSION_SECRET: 'bench-api',
      // Production on Postgres refuses to start without one (app/config.server.ts).
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  try {
    await waitForHealth(base, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop }
}

/** autocannon on one path, each request with the next key (or none). */
function load(base: string, pathname: string, keys: string[] | null, connections: number, seconds: number) {
  let next = 0
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: pathname,
        setupRequest: (req) =>
          keys ? { ...req, headers: { ...req.headers, authorization: `Bearer ${keys[next++ % keys.length]}` } } : req,
      },
    ],
  })
}

async function measureLoad(
  driver: string,
  base: string,
  label: string,
  pathname: string,
  keys: string[] | null,
  connections: number,
) {
  await load(base, pathname, keys, connections, WARMUP_SECONDS)
  const r = await load(base, pathname, keys, connections, SECONDS)
  const row: Figures = {
    driver,
    case: label,
    connections,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'mean ms': ms(r.latency.average),
    // A key-less /me is meant to be refused; anything else must be a 2xx.
    'unexpected answers': (keys ? r.non2xx : r.requests.total - r.non2xx) + r.errors + r.timeouts,
  }
  rows.push(row)
  return r
}

async function page(base: string, key: string, after: string | undefined) {
  const url = `${base}/api/v1/leads?limit=${PAGE}${after ? `&starting_after=${after}` : ''}`
  const t = performance.now()
  const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } })
  const body = (await res.json()) as { data: Array<{ id: string }>; has_more: boolean }
  const took = performance.now() - t
  if (res.status !== 200) throw new Error(`HTTP ${res.status} ${JSON.stringify(body)}`)
  return { took, body }
}

/**
 * The whole cursor walked once with starting_after (one request at a time, one key: fewer requests
 * than a key's minute holds), then every page asked again WALKS - 1 times in a shuffled order (each
 * page is its cursor), a key each time; each page keeps its best time, so neither a slow moment of a
 * shared machine nor a garbage collection that falls on the same request of each walk is taken for
 * a slow page.
 */
async function walkPages(driver: string, base: string, keys: string[]) {
  const cursors: (string | undefined)[] = []
  const best: number[] = []
  let after: string | undefined
  let people = 0
  for (;;) {
    cursors.push(after)
    const { took, body } = await page(base, keys[0]!, after)
    best.push(took)
    people += body.data.length
    if (!body.has_more) break
    after = body.data.at(-1)!.id
  }
  if (people !== PEOPLE) throw new Error(`the walk answered ${people} people, not ${PEOPLE}`)
  for (let w = 1; w < WALKS; w++) {
    const order = cursors.map((_, i) => i).sort(() => Math.random() - 0.5)
    for (const i of order) best[i] = Math.min(best[i]!, (await page(base, keys[w]!, cursors[i])).took)
  }
  const first = best[0]!
  const sorted = [...best].sort((a, b) => a - b)
  const slowest = sorted.at(-1)!
  rows.push({
    driver,
    case: `walk: ${best.length} pages of ${PAGE}, best of ${WALKS}`,
    'first ms': ms(first),
    'p50 ms': ms(percentile(sorted, 50)),
    'p99 ms': ms(percentile(sorted, 99)),
    'slowest ms': `${ms(slowest)} (page ${best.indexOf(slowest) + 1})`,
    'last page ms': ms(best.at(-1)!),
    'pages > 2 × first': best.filter((t) => t > 2 * first).length,
    target: slowest <= 2 * first ? 'met (slowest ≤ 2 × first)' : `NOT met: slowest = ${(slowest / first).toFixed(1)} × first`,
  })
}

async function benchDriver(driver: 'pglite' | 'postgres', adminUrl?: string) {
  const db = await openBenchDatabase(driver, { adminUrl, prefix: 'lectern-bench-api', poolMax: 4 })
  const owner = await seed(db.handle)
  const keys = await makeKeys(db.handle, owner, KEYS)
  await timeAuthInProcess(driver, owner, keys.slice(0, 50))
  await pageBreakdown(driver, owner)
  // PGlite is one process's: hand the data directory to the server.
  if (driver === 'pglite') {
    installDatabase(undefined)
    await db.handle.close()
  }
  const server = await startServer(driver === 'postgres' ? { DATABASE_URL: db.databaseUrl! } : { DATA_DIR: db.dataDir })
  try {
    // Each measurement its own keys: none meets a key's limit of the minute before.
    const [forList, forMe, forWalk] = [keys.slice(50, 150), keys.slice(150, 250), keys.slice(250)]
    const list = await measureLoad(
      driver,
      server.base,
      `GET /leads?limit=${PAGE}`,
      `/api/v1/leads?limit=${PAGE}`,
      forList,
      CONNECTIONS,
    )
    if (driver === 'postgres') rows.at(-1)!.target = list.latency.p99 <= 150 ? 'met (p99 ≤ 150 ms)' : 'NOT met (p99 ≤ 150 ms)'
    const me = await measureLoad(driver, server.base, 'GET /me with a key', '/api/v1/me', forMe, 1)
    const none = await measureLoad(driver, server.base, 'GET /me without a key (401)', '/api/v1/me', null, 1)
    const cost = me.latency.average - none.latency.average
    rows.push({
      driver,
      case: 'key check + rate limit over HTTP (mean difference)',
      'mean ms': ms(cost),
      target: cost <= 1 ? 'met (≤ 1 ms)' : 'NOT met (≤ 1 ms)',
    })
    await walkPages(driver, server.base, forWalk)
  } finally {
    await server.stop()
    if (driver === 'pglite') rmSync(db.dataDir, { recursive: true, force: true })
    else await db.close()
  }
}

async function main() {
  buildUnlessSkipped()
  const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',')
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (drivers.includes('pglite')) await benchDriver('pglite')
  if (drivers.includes('postgres') && url) await benchDriver('postgres', url)
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2))
  console.log(
    `\n${PEOPLE.toLocaleString('en-US')} people, ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; ${os.cpus().length} CPUs, load average ${one} / ${five} / ${fifteen}`,
  )
  console.table(rows)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ loadavg: os.loadavg(), rows }, null, 2))
}

await main()
