import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { startBuiltServer, type BuiltServer } from './built-server'
import { approvedQuote } from './feedback-fixtures'
import { withDatabase } from './global-setup'

// A withdrawn testimonial leaves the pages of every server process (issue 33 Deliver 2), with two
// real processes of the production build on one Postgres database: B has the speaker's profile and
// the event page in its page cache; the author withdraws through A; B's cached copies go at once
// through LISTEN/NOTIFY, long before the cache's 60 s. (One process, on PGlite, is
// feedback-testimonials.test.ts.)

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'

async function databaseUrl() {
  const rows = await getDb().execute<{ name: string }>(sql`select current_database() as name`)
  const [row] = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { name: string }[] }).rows) as { name: string }[]
  return withDatabase(process.env.TEST_DATABASE_URL!, row!.name)
}

describe.runIf(onPostgres)('a withdrawn testimonial across two server processes', () => {
  let a: BuiltServer
  let b: BuiltServer
  beforeAll(async () => {
    const url = await databaseUrl()
    ;[a, b] = await Promise.all([startBuiltServer({ DATABASE_URL: url }), startBuiltServer({ DATABASE_URL: url })])
  }, 120_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  it('leaves the profile and the event page that the other process had cached, within a few seconds', async () => {
    const quote = `The best hour of the conference ${crypto.randomUUID()}`
    const fx = await approvedQuote(quote)
    const pages = [`/speakers/${fx.profile.slug}`, `/e/${fx.event.slug}`]
    for (const path of pages) {
      // The second answer comes from B's page cache: the one a stale quote would live in.
      const first = await fetch(`${b.url}${path}`)
      expect(first.status, path).toBe(200)
      expect(await first.text(), path).toContain(quote)
      const again = await fetch(`${b.url}${path}`)
      expect(again.headers.get('X-Page-Cache'), path).toBe('hit')
      expect(await again.text(), path).toContain(quote)
    }

    const withdrawn = await fetch(`${a.url}/t/${fx.session.code}/erase/${fx.token}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: a.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'withdraw-quote' }),
    })
    expect(withdrawn.status).toBe(303)
    expect(withdrawn.headers.get('Location')).toBe(`/t/${fx.session.code}/withdrawn?lang=en`)

    // The notification normally lands within milliseconds; 10 s is far inside the cache's 60 s,
    // so a page that only the TTL would clear fails here.
    for (const path of pages) {
      const deadline = Date.now() + 10_000
      let body = ''
      for (;;) {
        body = await (await fetch(`${b.url}${path}`)).text()
        if (!body.includes(quote) || Date.now() > deadline) break
        await new Promise((r) => setTimeout(r, 100))
      }
      expect(body, `${path} on the other process`).not.toContain(quote)
    }
    // And on the process that took the request.
    for (const path of pages) expect(await (await fetch(`${a.url}${path}`)).text()).not.toContain(quote)
  })
})
