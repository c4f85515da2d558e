// npm run bench:leads-list — the leads list and its CSV export at scale (issue 10 Deliver 11).
//
// Seeds one speaker with BENCH_LEADS (100,000) captures across 200 sessions (10 talks, 20 events;
// 10% of the people seen at two sessions, so ~91,000 people) and other speakers up to BENCH_TOTAL
// (1,000,000) captures in the table overall, in set-based SQL (generate_series), then ANALYZE.
// Measures, in process against the models the page and the export use: p50/p95 of one list page
// with no filter, with each filter, with searches and with each sort (BENCH_RUNS runs after two
// warm-ups), and the streamed CSV export of 10,000 people and of everyone (time, peak heap and RSS
// growth, and the live heap after full GCs during a second read: a streamed export stays flat
// whatever its size).
// Always on PGlite (a temporary data dir); also on Postgres when BENCH_DATABASE_URL (or
// DATABASE_URL) is set: a throw-away database is created there and dropped afterwards.
// Knobs: BENCH_LEADS, BENCH_TOTAL, BENCH_RUNS (15), BENCH_EXPORT_RUNS (5, the 10,000-people export), BENCH_PLAN (pro; "free" measures the plan gate
// counting), BENCH_ERASED (0; erased captures per session, which keep their place in that count), BENCH_DRIVERS (pglite|postgres to run one), BENCH_JSON=path to also write the figures.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { sql } from 'drizzle-orm'
import { parseConfig, resetConfig } from '../app/config.server'
import type { DatabaseHandle } from '../app/db/client.server'
import { openBenchDatabase } from './bench-db'
import { EMPTY_LEAD_FILTERS, parseLeadFilters, type LeadFilters } from '../app/lib/lead-filters'
import type { Scope } from '../app/lib/permissions'
import { leadPeopleBatches, listLeadPeople } from '../app/models/lead-list.server'
import { ownerPlan } from '../app/models/leads.server'
import { leadExportStream } from '../app/routes/app.leads.export'

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const TOTAL = Number(process.env.BENCH_TOTAL ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const PLAN = process.env.BENCH_PLAN ?? 'pro'
const ERASED = Number(process.env.BENCH_ERASED ?? 0)
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5)
const SESSIONS = 200
const OTHER_OWNERS = 9

type Row = { driver: string; case: string; query: string; matches: number; p50: number; p95: number }
type ExportRow = {
  driver: string
  case: string
  rows: number
  p50: number
  p95: number
  bytes: number
  heapPeakMb: number
  rssGrowthMb: number
}

const q = (sql: string, h: DatabaseHandle) => h.exec(sql)

async function seed(h: DatabaseHandle) {
  const started = performance.now()
  const owner = crypto.randomUUID()
  // The trigram index is built once after the rows are in (faster than maintaining it per row).
  await q('drop index if exists leads_search_text_trgm_idx', h)
  await q(
    `insert into users (id, email, role) values ('${owner}', 'bench-${randomBytes(3).toString('hex')}@example.com', 'speaker');
     -- The personal workspace (same id, made by the users trigger) holds the plan.
     update workspaces set plan = '${PLAN}' where id = '${owner}';
     insert into consent_texts (hash, text) values (repeat('a', 64), 'Ada will email you the slides.') on conflict do nothing;
     insert into consent_texts (hash, text) values (repeat('b', 64), 'Send me the newsletter too') on conflict do nothing;
     insert into talks (id, workspace_id, user_id, title)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, '${owner}', '${owner}', 'Talk ' || g from generate_series(1, 10) g;
     create temp table bench_sessions as
       select g - 1 as n, gen_random_uuid() as id from generate_series(1, ${SESSIONS}) g;
     insert into talk_sessions (id, workspace_id, user_id, talk_id, code, status, event_name, starts_at, time_zone, consent_text)
       select s.id, '${owner}', '${owner}', ('00000000-0000-4000-8000-' || lpad((1 + s.n % 10)::text, 12, '0'))::uuid,
              'b' || md5(s.id::text), 'closed', 'Event ' || (1 + s.n % 20), now() - (s.n || ' days')::interval, 'UTC', 'Notice'
       from bench_sessions s;`,
    h,
  )
  // One speaker's people: ~91% seen once, 10% of them twice (a second session).
  const people = Math.round(LEADS / 1.1)
  const repeat = LEADS - people
  await q(
    `insert into contacts (owner_id, email, first_name, company, job_title, marketing_consent, status, tags, score, score_band, first_seen_at, last_seen_at)
       select '${owner}', 'person' || g || '@corp' || (g % 500) || '.example', 'Name' || g, 'Company ' || (g % 2000), 'Engineer',
              g % 2 = 0, (array['new','contacted','meeting','won','lost'])[1 + g % 5]::contact_status,
              case when g <= 10000 then array['export'] when g % 10 = 0 then array['vip'] when g % 7 = 0 then array['follow up'] else '{}' end,
              g % 100, (array['hot','warm','cold'])[1 + g % 3]::score_band,
              now() - ((g % 365) || ' days')::interval, now() - ((g % 300) || ' days')::interval
       from generate_series(1, ${people}) g;
     insert into leads (session_id, owner_id, contact_id, email, first_name, company, job_title, marketing_consent, erase_token_hash, created_at)
       select s.id, c.owner_id, c.id, c.email, c.first_name, c.company, c.job_title, c.marketing_consent, md5(c.id::text),
              now() - ((x.n % 365) || ' days')::interval
       from contacts c
       cross join lateral (select substring(c.email from 'person(\\d+)@')::int as n) x
       join bench_sessions s on s.n = x.n % ${SESSIONS}
       where c.owner_id = '${owner}';
     insert into leads (session_id, owner_id, contact_id, email, first_name, company, job_title, marketing_consent, erase_token_hash, created_at)
       select s.id, c.owner_id, c.id, c.email, c.first_name, c.company, c.job_title, c.marketing_consent, md5(c.id::text || 'r'),
              now() - ((x.n % 300) || ' days')::interval
       from contacts c
       cross join lateral (select substring(c.email from 'person(\\d+)@')::int as n) x
       join bench_sessions s on s.n = (x.n + 7) % ${SESSIONS}
       where c.owner_id = '${owner}' and x.n <= ${repeat};
     insert into lead_consents (lead_id, session_id, owner_id, submission_id, notice_hash, marketing_hash, marketing_consent, created_at)
       select l.id, l.session_id, l.owner_id, gen_random_uuid(), repeat('a', 64), repeat('b', 64), l.marketing_consent, l.created_at
       from leads l where l.owner_id = '${owner}';`,
    h,
  )
  // Erased captures keep their place in the plan gate's order: BENCH_ERASED of them per session of the
  // measured speaker, their capture times spread over the same year as the live ones.
  if (ERASED > 0)
    await q(
      `insert into lead_erasures (lead_id, session_id, owner_id, email_hash, requested_by, captured_at)
         select gen_random_uuid(), s.id, '${owner}', md5(s.id::text || g), 'speaker', now() - (((s.n + g * 7) % 365) || ' days')::interval
         from bench_sessions s cross join generate_series(1, ${ERASED}) g;`,
      h,
    )
  // Everyone else's captures, so the table holds TOTAL in all (one person each, 100 sessions each).
  const others = Math.max(0, TOTAL - LEADS)
  const perOwner = Math.ceil(others / OTHER_OWNERS)
  for (let o = 0; o < OTHER_OWNERS && o * perOwner < others; o++) {
    const n = Math.min(perOwner, others - o * perOwner)
    const other = crypto.randomUUID()
    await q(
      `insert into users (id, email, role) values ('${other}', 'other-${o}-${randomBytes(3).toString('hex')}@example.com', 'speaker');
       insert into talks (id, workspace_id, user_id, title) values ('${other}', '${other}', '${other}', 'Their talk');
       create temp table other_sessions as select g - 1 as n, gen_random_uuid() as id from generate_series(1, 100) g;
       insert into talk_sessions (id, workspace_id, user_id, talk_id, code, status, event_name, starts_at, time_zone, consent_text)
         select s.id, '${other}', '${other}', '${other}', 'o' || md5(s.id::text), 'closed', 'Event ' || (1 + s.n % 20), now(), 'UTC', 'Notice'
         from other_sessions s;
       insert into contacts (owner_id, email, first_name, company, first_seen_at, last_seen_at)
         select '${other}', 'person' || g || '@corp' || (g % 500) || '.example', 'Name' || g, 'Company ' || (g % 2000), now(), now()
         from generate_series(1, ${n}) g;
       insert into leads (session_id, owner_id, contact_id, email, first_name, company, marketing_consent, erase_token_hash, created_at)
         select s.id, c.owner_id, c.id, c.email, c.first_name, c.company, false, md5(c.id::text), now()
         from contacts c
         cross join lateral (select substring(c.email from 'person(\\d+)@')::int as n) x
         join other_sessions s on s.n = x.n % 100
         where c.owner_id = '${other}';
       drop table other_sessions;`,
      h,
    )
  }
  await q(
    `create index if not exists "leads_search_text_trgm_idx" on "leads" using gin ("search_text" gin_trgm_ops);
     drop table bench_sessions;
     analyze;`,
    h,
  )
  const sessions = (await h.db.execute(
    sql.raw(`select id, talk_id, event_name from talk_sessions where user_id = '${owner}' order by starts_at desc limit 1`),
  )) as unknown
  const first = (Array.isArray(sessions) ? sessions : (sessions as { rows: unknown[] }).rows)[0] as {
    id: string
    talk_id: string
    event_name: string
  }
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return { owner, session: first.id, talk: first.talk_id, event: first.event_name }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function time<T>(fn: () => Promise<T>) {
  const t = performance.now()
  const value = await fn()
  return { ms: performance.now() - t, value }
}

/** The owner's scope (every lead), or a member's who sees the leads of the sessions they run. */
function ownerScope(owner: string, runner = false): Scope {
  return { ownerId: owner, userId: owner, runnerId: runner ? owner : null }
}

async function measureList(driver: string, owner: string, label: string, query: string, page = 1, runner = false): Promise<Row> {
  const filters: LeadFilters = parseLeadFilters(new URLSearchParams(query))
  const plan = await ownerPlan(owner)
  const run = () => listLeadPeople({ scope: ownerScope(owner, runner), plan, filters, page })
  await run()
  const { value } = await time(run)
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push((await time(run)).ms)
  times.sort((a, b) => a - b)
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    driver,
    case: label,
    query: query || '(none)',
    matches: value.total,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
  }
}

async function measureExport(
  driver: string,
  owner: string,
  label: string,
  filters: LeadFilters,
  runs: number,
): Promise<ExportRow> {
  const plan = await ownerPlan(owner)
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10
  // Timed passes: read the stream as a client would, noting RSS.
  global.gc?.()
  const rssBase = process.memoryUsage().rss
  let rssPeak = rssBase
  let bytes = 0
  let rows = -1 // the header line
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    bytes = 0
    rows = -1
    const t = performance.now()
    const reader = leadExportStream(leadPeopleBatches({ scope: ownerScope(owner), plan, filters })).getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      for (const b of value) if (b === 0x0a) rows++
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    }
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  // Pass 2, untimed: the live heap (after a full GC every 10 chunks) — what the export holds on to.
  global.gc?.()
  const heapBase = process.memoryUsage().heapUsed
  let livePeak = heapBase
  let chunks = 0
  const again = leadExportStream(leadPeopleBatches({ scope: ownerScope(owner), plan, filters })).getReader()
  for (;;) {
    const { done } = await again.read()
    if (done) break
    if (++chunks % 10 === 0 && global.gc) {
      global.gc()
      livePeak = Math.max(livePeak, process.memoryUsage().heapUsed)
    }
  }
  return {
    driver,
    case: label,
    rows,
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    bytes,
    heapPeakMb: mb(livePeak - heapBase),
    rssGrowthMb: mb(rssPeak - rssBase),
  }
}

async function benchDriver(driver: 'pglite' | 'postgres', adminUrl?: string) {
  const { handle, close } = await openBenchDatabase(driver, { adminUrl, prefix: 'lectern-bench-leads-list', poolMax: 4 })
  try {
    const s = await seed(handle)
    // The member rows measure the runner condition (issue 21) at its worst: the seeded speaker runs
    // every session, so the member sees all 90,909 people, each checked through the EXISTS.
    const cases: [string, string, number?, boolean?][] = [
      ['no filter (last seen)', ''],
      ['session', `session=${s.session}`],
      ['talk', `talk=${s.talk}`],
      ['event', `event=${encodeURIComponent(s.event)}`],
      ['date range (30 days)', `from=${day(-60)}&to=${day(-30)}`],
      ['status', 'status=won'],
      ['score band', 'band=hot'],
      ['tag', 'tag=vip'],
      ['marketing consent', 'consent=yes'],
      ['search: email', 'q=person4242%40'],
      ['search: name prefix (common)', 'q=name12'],
      ['search: company (rare)', 'q=company+1999'],
      ['search: no match', 'q=zzzqqq'],
      ['combined: event + status + search', `event=${encodeURIComponent(s.event)}&status=new&q=name1`],
      ['sort: name', 'sort=name'],
      ['sort: score', 'sort=score'],
      ['sort: first seen', 'sort=first'],
      ['page 100', '', 100],
      ['member: no filter (runs every session)', '', 1, true],
      ['member: search name prefix', 'q=name12', 1, true],
    ]
    const rows: Row[] = []
    for (const [label, query, page, runner] of cases) {
      rows.push(await measureList(driver, s.owner, label, query, page, runner))
      console.log(`${driver} ${label}: p50 ${rows.at(-1)!.p50} ms`)
    }
    const exports = [
      await measureExport(
        driver,
        s.owner,
        'export 10,000 people (tag=export)',
        { ...EMPTY_LEAD_FILTERS, tag: 'export' },
        EXPORT_RUNS,
      ),
      await measureExport(driver, s.owner, 'export everyone', EMPTY_LEAD_FILTERS, 1),
    ]
    return { rows, exports }
  } finally {
    await close()
  }
}

function day(offset: number) {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + offset)
  return d.toISOString().slice(0, 10)
}

async function main() {
  resetConfig(parseConfig({ ...process.env, DATABASE_URL: '', SESSION_SECRET: 'bench-leads-list' }))
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  const results: Awaited<ReturnType<typeof benchDriver>>[] = []
  if (process.env.BENCH_DRIVERS !== 'postgres') results.push(await benchDriver('pglite'))
  if (pgUrl && process.env.BENCH_DRIVERS !== 'pglite') results.push(await benchDriver('postgres', pgUrl))

  console.log(
    `\n${LEADS.toLocaleString('en-US')} captures for one speaker (plan ${PLAN}${ERASED ? `, ${ERASED} erased per session` : ''}), ${TOTAL.toLocaleString('en-US')} in the table, ${RUNS} runs, ${os.cpus().length} CPUs, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  )
  console.log('| driver | list | matches | p50 ms | p95 ms |')
  console.log('|---|---|---|---|---|')
  for (const r of results.flatMap((x) => x.rows)) console.log(`| ${r.driver} | ${r.case} | ${r.matches} | ${r.p50} | ${r.p95} |`)
  console.log('\n| driver | export | rows | p50 ms | p95 ms | bytes | live heap growth MB | peak RSS growth MB |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const e of results.flatMap((x) => x.exports))
    console.log(`| ${e.driver} | ${e.case} | ${e.rows} | ${e.p50} | ${e.p95} | ${e.bytes} | ${e.heapPeakMb} | ${e.rssGrowthMb} |`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
