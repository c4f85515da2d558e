// BENCH_ROWS for the page benchmarks: N extra published articles and N published speakers written
// straight into the benchmark's database before the server starts, so bench:pages measures the
// pages (and their searches) at that size (issue 12 Deliver 4: "still within 2× at 10,000 rows").
// One INSERT … SELECT generate_series each, with words picked by the row number, so every run has
// the same data.
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openPglite, openPostgres, type DatabaseHandle } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { DIRECTORY_FILTERS } from '../app/lib/constants'

const WORDS =
  'lead capture event speaker audience stage talk keynote panel workshop webinar virtual booth badge scan qr code landing page follow up crm pipeline revenue roi conversion email nurture sequence slide story question answer demo sponsor organiser venue ticket attendee network social linkedin video podcast newsletter growth marketing sales engagement feedback survey insight metric dashboard export gdpr consent privacy'.split(
    ' ',
  )
const TAGS = ['marketing', 'lead-generation', 'speaking', 'events', 'webinars', 'sales', 'roi', 'crm', 'email', 'analytics']

const options = (param: string) => DIRECTORY_FILTERS.find((f) => f.param === param)!.options.map((o) => o.value)
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`)
/** The word at position (i * step + offset) of a list, 1-based for SQL arrays. */
const pick = (list: ReturnType<typeof textArray>, length: number, step: number, offset: number) =>
  sql`(${list})[1 + ((i * ${sql.raw(String(step))} + ${sql.raw(String(offset))}) % ${sql.raw(String(length))})]`

export async function addBenchRows(handle: DatabaseHandle, rows: number) {
  const words = textArray(WORDS)
  const w = (step: number, offset: number) => pick(words, WORDS.length, step, offset)
  const tags = textArray(TAGS)
  const topics = textArray(options('topic'))
  const industries = textArray(options('industry'))
  const regions = textArray(options('region'))
  const types = textArray(options('type'))
  const sentence = sql`${w(7, 1)} || ' ' || ${w(11, 2)} || ' ' || ${w(13, 3)} || ' ' || ${w(17, 4)} || ' ' || ${w(19, 5)} || ' ' || ${w(23, 6)}`
  await handle.db.execute(sql`
    insert into posts (title, slug, type, content, content_html, tags, meta_description, is_published, created_at)
    select initcap(${w(3, 0)} || ' ' || ${w(5, 9)} || ' ' || ${w(29, 4)}) || ' guide ' || i,
      'bench-post-' || i,
      (case when i % 4 = 0 then 'news' else 'resource' end)::post_type,
      repeat(${sentence} || '. ', 30),
      '<p>' || repeat(${sentence} || '. ', 30) || '</p>',
      array[(${tags})[1 + i % 10], (${tags})[1 + (i * 3) % 10]],
      ${sentence},
      true,
      now() - i * interval '1 minute'
    from generate_series(1, ${rows}) as i`)
  await handle.db.execute(sql`
    insert into speakers (slug, name, job_title, company, location, email, bio, topics, industries, region, talk_types, signature_talks, is_published, created_at)
    select 'bench-speaker-' || i,
      initcap(${w(31, 7)}) || ' Speaker ' || i,
      'Head of ' || initcap(${w(37, 8)}),
      initcap(${w(41, 9)}) || ' Co ' || (i % 500),
      'City ' || (i % 97),
      'speaker' || i || '@bench.example',
      '<p>' || ${sentence} || '</p>',
      array[(${topics})[1 + i % 5], (${topics})[1 + (i * 7) % 5]],
      array[(${industries})[1 + i % 5]],
      (${regions})[1 + i % 4],
      array[(${types})[1 + i % 4]],
      jsonb_build_array(jsonb_build_object('title', initcap(${sentence}), 'description', ${sentence}, 'tag', ${w(43, 10)})),
      true,
      now() - i * interval '1 minute'
    from generate_series(1, ${rows}) as i`)
}

/** Migrates the benchmark's database and adds BENCH_ROWS rows before the server opens it. */
export async function prepareBenchDatabase({
  dataDir,
  databaseUrl,
  rows,
}: {
  dataDir: string
  databaseUrl: string
  rows: number
}) {
  if (rows <= 0) return
  const handle = databaseUrl
    ? await openPostgres(databaseUrl, { max: 1 })
    : await openPglite(path.join(dataDir, 'pglite'), dataDir)
  try {
    await migrate(handle, databaseUrl || undefined)
    await addBenchRows(handle, rows)
  } finally {
    await handle.close()
  }
}
