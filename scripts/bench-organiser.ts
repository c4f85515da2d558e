// npm run bench:organiser — the Event Organiser plan at conference size (issue 23 Deliver 11).
//
// Seeds, in set-based SQL (generate_series), an organiser's workspace with one three-day event in
// BENCH_ROOMS (10) rooms: BENCH_SPEAKERS (200) roster speakers giving BENCH_SESSIONS (600) sessions,
// BENCH_CAPTURES (200,000) captures (10% of the people seen at two sessions; 90% given to the
// organiser; a third of the people hot, one in ten with a deal in EUR, USD or GBP), a QR scan per
// capture and half as many link visits, then ANALYZE. Then measures, in process through the real
// route loaders with a signed-in owner's request (requireWorkspace, the event guard, the models, the
// pure rules and the chart geometry; not the React render):
//   - the insights pages: /app/events/{id}/insights (default order, and sorted by pipeline),
//     its sessions CSV, /app/events/insights and its speakers CSV — p50/p95 over BENCH_RUNS (15)
//     runs after two warm-ups;
//   - the import of a 500-row speakers CSV into a new event (importSpeakersCsv: every row new), and
//     the same file again (every row an update);
//   - the ZIP of every session's QR codes and slide (eventQrZip) streamed to a sink that discards it:
//     time, bytes, and the peak RSS and heap growth sampled every 20 ms while it streams (a ZIP that
//     streams keeps its peak far below its size). On the first driver only (the database part is one
//     read; the rest is rendering): BENCH_ZIP_DRIVERS=all runs it on both, BENCH_ZIP=0 skips it.
// Always on PGlite (a temporary data dir); also on Postgres when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL, or DATABASE_URL) is set: a throw-away database is created there and dropped.
// BENCH_DRIVERS=pglite|postgres runs one; BENCH_ONLY=zip measures the ZIP alone (with a small
// BENCH_CAPTURES the seeding is quick); BENCH_JSON=path also writes the figures; BENCH_KEEP=1 keeps
// the seeded Postgres database (its name is printed) to EXPLAIN the reads on it.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { eq } from 'drizzle-orm'
import { createUserSession } from '../app/auth/session.server'
import { parseConfig, resetConfig } from '../app/config.server'
import type { DatabaseHandle } from '../app/db/client.server'
import { openBenchDatabase } from './bench-db'
import { events } from '../app/db/schema/events'
import { toCsv } from '../app/lib/csv'
import { IMPORT_COLUMNS } from '../app/lib/speaker-import'
import { loader as eventPage } from '../app/routes/app.events.$id.insights'
import { loader as sessionsCsv } from '../app/routes/app.events.$id.insights_.sessions[.]csv'
import { loader as workspacePage } from '../app/routes/app.events.insights'
import { loader as speakersCsv } from '../app/routes/app.events.insights_.speakers[.]csv'
import { eventQrZip } from '../app/services/event-qr-zip.server'
import { importSpeakersCsv } from '../app/services/speaker-import.server'

const SPEAKERS = Number(process.env.BENCH_SPEAKERS ?? 200)
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 600)
const CAPTURES = Number(process.env.BENCH_CAPTURES ?? 200_000)
const ROOMS = Number(process.env.BENCH_ROOMS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const ZIP = process.env.BENCH_ZIP !== '0'
const ONLY_ZIP = process.env.BENCH_ONLY === 'zip'
const IMPORT_ROWS = 500
const BASE = 'http://localhost:3000'

type PageRow = { driver: string; case: string; p50: number; p95: number; bytes: number }
type OnceRow = { driver: string; case: string; ms: number; detail: string }

const round = (n: number) => Math.round(n * 10) / 10
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10

async function seed(h: DatabaseHandle) {
  const started = performance.now()
  const owner = crypto.randomUUID()
  const event = crypto.randomUUID()
  const suffix = randomBytes(3).toString('hex')
  const people = Math.round(CAPTURES / 1.1)
  const repeat = CAPTURES - people
  const slotsPerDay = Math.ceil(SESSIONS / ROOMS / 3)
  await h.exec(
    `insert into users (id, email, role) values ('${owner}', 'organiser-${suffix}@example.com', 'speaker');
     update workspaces set plan = 'organiser' where id = '${owner}';
     insert into events (id, workspace_id, slug, name, starts_on, ends_on, time_zone, city, status, recipients)
       values ('${event}', '${owner}', 'bench-${suffix}', 'BenchConf ${suffix}', '2027-03-10', '2027-03-12', 'Europe/London', 'London', 'published', 'both');
     insert into event_rooms (event_id, name, name_key, position)
       select '${event}', 'Room ' || g, 'room ' || g, g from generate_series(1, ${ROOMS}) g;
     insert into event_speakers (workspace_id, email, slug, name, company)
       select '${owner}', 'speaker' || g || '@bench.example', 'speaker-' || g, 'Speaker ' || g, 'Company ' || (g % 50)
       from generate_series(1, ${SPEAKERS}) g;
     create temp table bench_sessions as
       select g - 1 as n, gen_random_uuid() as id, gen_random_uuid() as talk from generate_series(1, ${SESSIONS}) g;
     insert into talks (id, workspace_id, user_id, title)
       select s.talk, '${owner}', '${owner}', 'Talk ' || (s.n + 1) from bench_sessions s;
     -- Room n % ROOMS; each room runs a 30-minute slot after another from 08:00 over three days.
     insert into talk_sessions (id, workspace_id, user_id, talk_id, code, status, event_name, starts_at, time_zone, city,
                                consent_text, event_id, room_id, duration_minutes, speaker_id)
       select s.id, '${owner}', '${owner}', s.talk, 'b' || md5(s.id::text), 'live', 'BenchConf ${suffix}',
              timestamptz '2027-03-10 08:00:00+00' + ((s.n / ${ROOMS}) / ${slotsPerDay}) * interval '1 day'
                + ((s.n / ${ROOMS}) % ${slotsPerDay}) * interval '30 minutes',
              'Europe/London', 'London', 'Notice', '${event}',
              (select r.id from event_rooms r where r.event_id = '${event}' and r.position = 1 + s.n % ${ROOMS}),
              30, (select sp.id from event_speakers sp where sp.workspace_id = '${owner}' and sp.slug = 'speaker-' || (1 + s.n % ${SPEAKERS}))
       from bench_sessions s;`,
  )
  await h.exec(
    `insert into contacts (owner_id, email, first_name, status, deal_value_cents, deal_currency, score, score_band)
       select '${owner}', 'person' || g || '@corp' || (g % 500) || '.example', 'Name' || g,
              (array['new','contacted','meeting','won','lost'])[1 + g % 5]::contact_status,
              case when g % 10 = 0 then 50000 + (g % 97) * 1000 end,
              case when g % 10 = 0 then (array['EUR','USD','GBP'])[1 + g % 3] end,
              g % 12, (array['hot','warm','cold'])[1 + g % 3]::score_band
       from generate_series(1, ${people}) g;
     create temp table bench_people as
       select c.id, c.email, c.first_name, substring(c.email from 'person(\\d+)@')::int as n
       from contacts c where c.owner_id = '${owner}';
     -- Each person once at session n % SESSIONS, within the hour after it starts; 10% again at another.
     insert into leads (session_id, owner_id, contact_id, email, first_name, erase_token_hash, to_organiser, to_speaker, created_at)
       select s.id, '${owner}', p.id, p.email, p.first_name, md5(p.id::text), p.n % 10 <> 0, p.n % 10 = 0 or p.n % 3 = 0,
              t.starts_at + ((p.n * 7) % 60) * interval '1 minute'
       from bench_people p
       join bench_sessions s on s.n = p.n % ${SESSIONS}
       join talk_sessions t on t.id = s.id;
     insert into leads (session_id, owner_id, contact_id, email, first_name, erase_token_hash, to_organiser, to_speaker, created_at)
       select s.id, '${owner}', p.id, p.email, p.first_name, md5(p.id::text || 'r'), true, true,
              t.starts_at + ((p.n * 11) % 45) * interval '1 minute'
       from bench_people p
       join bench_sessions s on s.n = (p.n + 7) % ${SESSIONS}
       join talk_sessions t on t.id = s.id
       where p.n <= ${repeat};
     -- A QR scan for each capture (its own visitor) and half as many typed-link visits.
     insert into session_views (session_id, kind, visitor, created_at)
       select l.session_id, 'scan', md5(l.id::text), l.created_at - interval '2 minutes' from leads l where l.owner_id = '${owner}';
     insert into session_views (session_id, kind, visitor, created_at)
       select s.id, 'visit', md5(g::text), timestamptz '2027-03-10 08:00:00+00' + (g % 4000) * interval '1 minute'
       from generate_series(1, ${Math.round(CAPTURES / 2)}) g join bench_sessions s on s.n = g % ${SESSIONS};
     drop table bench_people;
     drop table bench_sessions;
     analyze;`,
  )
  const seconds = Math.round((performance.now() - started) / 1000)
  console.log(`seeded in ${seconds} s`)
  return { owner, event, seconds }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>

/** One loader call as the server makes it; a Response body is read to the end (a download). */
async function load(fn: Loader, cookie: string, pathname: string, params: Record<string, string>) {
  const request = new Request(new URL(pathname, BASE), { headers: { Cookie: cookie } })
  const result = await fn({ request, params, context: {} })
  if (result instanceof Response) {
    if (result.status !== 200) throw new Error(`${pathname}: ${result.status}`)
    return (await result.arrayBuffer()).byteLength
  }
  return JSON.stringify(result).length
}

async function measurePage(driver: string, label: string, run: () => Promise<number>): Promise<PageRow> {
  let bytes = 0
  for (let i = 0; i < 2; i++) bytes = await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await run()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  const row = { driver, case: label, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), bytes }
  console.log(`${driver} ${label}: p50 ${row.p50} ms, p95 ${row.p95} ms`)
  return row
}

/** A 500-row speakers CSV for the event's rooms: one talk per speaker, 20-minute slots from 08:00. */
function importCsv(rooms: number) {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const minutes = 8 * 60 + Math.floor(i / rooms) * 20
    const time = `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
    return {
      name: `Imported Speaker ${i + 1}`,
      email: `imported${i + 1}@bench.example`,
      jobTitle: 'Engineer',
      company: `Company ${i % 40}`,
      bio: 'Speaks about engines.',
      talkTitle: `Imported talk ${i + 1}`,
      talkDescription: 'What the talk is about.',
      startTime: `2027-04-0${1 + Math.floor(minutes / (24 * 60))} ${time}`,
      duration: '20',
      room: `Room ${1 + (i % rooms)}`,
    }
  })
  return toCsv(rows, IMPORT_COLUMNS)
}

async function measureImport(driver: string, h: DatabaseHandle, owner: string): Promise<OnceRow[]> {
  const id = crypto.randomUUID()
  await h.exec(
    `insert into events (id, workspace_id, slug, name, starts_on, ends_on, time_zone, city, status)
       values ('${id}', '${owner}', 'import-${id.slice(0, 8)}', 'Imported', '2027-04-01', '2027-04-02', 'Europe/London', 'London', 'draft');
     insert into event_rooms (event_id, name, name_key, position)
       select '${id}', 'Room ' || g, 'room ' || g, g from generate_series(1, ${ROOMS}) g;`,
  )
  const [event] = await h.db.select().from(events).where(eq(events.id, id))
  const text = importCsv(ROOMS)
  const actor = { id: owner, email: 'organiser@example.com' }
  const rows: OnceRow[] = []
  for (const label of ['import 500 rows (all new)', 're-import the same 500 rows (all updates)']) {
    const t = performance.now()
    const result = await importSpeakersCsv(event!, actor, text, { fileName: 'speakers.csv' })
    const ms = Math.round(performance.now() - t)
    if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result)}`)
    const c = result.counts
    rows.push({
      driver,
      case: label,
      ms,
      detail: `${c.speakersCreated} speakers and ${c.sessionsCreated} sessions created, ${c.sessionsUpdated} sessions updated`,
    })
    console.log(`${driver} ${label}: ${ms} ms`)
  }
  return rows
}

async function measureZip(driver: string, h: DatabaseHandle, eventId: string) {
  const [event] = await h.db.select().from(events).where(eq(events.id, eventId))
  global.gc?.()
  const base = process.memoryUsage()
  let rssPeak = base.rss
  let heapPeak = base.heapUsed
  const sample = () => {
    const m = process.memoryUsage()
    rssPeak = Math.max(rssPeak, m.rss)
    heapPeak = Math.max(heapPeak, m.heapUsed)
  }
  const timer = setInterval(sample, 20)
  let bytes = 0
  let chunks = 0
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.byteLength
      if (++chunks % 16 === 0) sample()
      done()
    },
  })
  const t = performance.now()
  try {
    await pipeline(eventQrZip(event!, { appUrl: 'https://lectern.example' }), sink)
  } finally {
    clearInterval(timer)
  }
  sample()
  const ms = Math.round(performance.now() - t)
  const row = {
    driver,
    case: `ZIP of ${SESSIONS} sessions' QR codes (SVG, PNG) and slides`,
    ms,
    zipMb: mb(bytes),
    rssGrowthMb: mb(rssPeak - base.rss),
    heapGrowthMb: mb(heapPeak - base.heapUsed),
  }
  console.log(`${driver} zip: ${ms} ms, ${row.zipMb} MB, peak RSS +${row.rssGrowthMb} MB, heap +${row.heapGrowthMb} MB`)
  return row
}

async function benchDriver(driver: 'pglite' | 'postgres', adminUrl: string | undefined, withZip: boolean) {
  const { handle, close } = await openBenchDatabase(driver, { adminUrl, prefix: 'lectern-bench-organiser', poolMax: 10 })
  try {
    const s = await seed(handle)
    const cookie = (await createUserSession(s.owner)).split(';')[0]!
    const id = { id: s.event }
    const ev = `/app/events/${s.event}/insights`
    const pages = ONLY_ZIP
      ? []
      : [
          await measurePage(driver, 'event insights page', () => load(eventPage as Loader, cookie, ev, id)),
          await measurePage(driver, 'event insights page, sorted by pipeline', () =>
            load(eventPage as Loader, cookie, `${ev}?sort=pipeline&dir=desc`, id),
          ),
          await measurePage(driver, 'event sessions CSV', () => load(sessionsCsv as Loader, cookie, `${ev}/sessions.csv`, id)),
          await measurePage(driver, 'workspace insights page', () =>
            load(workspacePage as Loader, cookie, '/app/events/insights', {}),
          ),
          await measurePage(driver, 'workspace speakers CSV', () =>
            load(speakersCsv as Loader, cookie, '/app/events/insights/speakers.csv', {}),
          ),
        ]
    const imports = ONLY_ZIP ? [] : await measureImport(driver, handle, s.owner)
    const zip = withZip ? await measureZip(driver, handle, s.event) : null
    return { driver, seedSeconds: s.seconds, pages, imports, zip }
  } finally {
    await close()
  }
}

async function main() {
  resetConfig(parseConfig({ ...process.env, DATABASE_URL: '', SESSION_SECRET: 'bench-organiser', NODE_ENV: 'test' }))
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  const drivers: Array<'pglite' | 'postgres'> = []
  if (process.env.BENCH_DRIVERS !== 'postgres') drivers.push('pglite')
  if (pgUrl && process.env.BENCH_DRIVERS !== 'pglite') drivers.push('postgres')
  const results = []
  for (const [i, driver] of drivers.entries())
    results.push(await benchDriver(driver, pgUrl, ZIP && (i === 0 || process.env.BENCH_ZIP_DRIVERS === 'all')))

  console.log(
    `\nOne event: ${SPEAKERS} speakers, ${SESSIONS} sessions in ${ROOMS} rooms over 3 days, ${CAPTURES.toLocaleString('en-US')} captures, ${(CAPTURES * 1.5).toLocaleString('en-US')} views; ${RUNS} runs; ${os.cpus().length} CPUs, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  )
  console.log('| driver | page (route loader) | p50 ms | p95 ms | payload bytes |')
  console.log('|---|---|---|---|---|')
  for (const r of results.flatMap((x) => x.pages)) console.log(`| ${r.driver} | ${r.case} | ${r.p50} | ${r.p95} | ${r.bytes} |`)
  console.log('\n| driver | import | ms | result |')
  console.log('|---|---|---|---|')
  for (const r of results.flatMap((x) => x.imports)) console.log(`| ${r.driver} | ${r.case} | ${r.ms} | ${r.detail} |`)
  const zips = results.flatMap((x) => (x.zip ? [x.zip] : []))
  if (zips.length) {
    console.log('\n| driver | ZIP | s | ZIP MB | peak RSS growth MB | peak heap growth MB |')
    console.log('|---|---|---|---|---|---|')
    for (const z of zips)
      console.log(`| ${z.driver} | ${z.case} | ${(z.ms / 1000).toFixed(1)} | ${z.zipMb} | ${z.rssGrowthMb} | ${z.heapGrowthMb} |`)
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
