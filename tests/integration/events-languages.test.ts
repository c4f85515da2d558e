import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { workspaces } from '~/db/schema/workspaces'
import { loader as speakerLoader } from '~/routes/e.$slug.$speaker'
import { loader as eventLoader } from '~/routes/e.$slug._index'
import { pageCacheKey } from '~/services/page-cache.server'
import { startBuiltServer, type BuiltServer } from './built-server'
import { organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { withDatabase } from './global-setup'
import { call, makeRequest } from './utils'

// Issue 31 Deliver 1 and 5 on the event pages /e/{slug} and /e/{slug}/{speaker}: served in the
// visitor's language (?lang=, the lectern-lang cookie, Accept-Language, the workspace's language;
// all seven offered), Lectern's words and the dates from the dictionaries and Intl, <html lang>,
// Content-Language and Vary saying so, and the page cache never handing one language to another.
// The first part calls the loaders; the second talks to the production build over HTTP (PGlite:
// the server's own data; Postgres: the test's database).

type Loaded = {
  pageLanguage: string
  writtenIn?: string
  event: { dates: string; place: string }
  days: { label: string; rooms: { name: string | null; sessions: { time: string; href: string | null }[] }[] }[]
  text: Record<string, string>
  summary: string
}
type SpeakerLoaded = Loaded & { talks: { day: string; time: string; attendeePage: string | null }[]; event: { href: string } }

async function load<T = Loaded>(
  fn: Parameters<typeof call>[0],
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const result = (await call(fn, makeRequest(path, { headers }), params)) as unknown as {
    type: string
    data: T
    init: { headers: Record<string, string> }
  }
  expect(result.type).toBe('DataWithResponseInit')
  return { data: result.data, headers: new Headers(result.init.headers) }
}

let fx: OrganiserFixture
beforeAll(async () => {
  fx = await organiserWithEvent()
})

describe('the event page in the visitor’s language (loaders)', () => {
  it('follows Accept-Language: German words, dates and day headings, with Content-Language and Vary', async () => {
    const { data, headers } = await load(
      eventLoader,
      `/e/${fx.event.slug}`,
      { slug: fx.event.slug },
      {
        'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5',
      },
    )
    expect(data.pageLanguage).toBe('de')
    expect(headers.get('Content-Language')).toBe('de')
    expect(headers.get('Vary')).toBe('Accept-Language, Cookie')
    expect(data.text).toMatchObject({
      programme: 'Programm',
      zone: 'Alle Zeiten in der Ortszeit der Veranstaltung (Europe/London).',
      noRoom: 'Raum wird noch bekannt gegeben',
      testimonials: 'Das sagte das Publikum',
      languages: 'Sprache',
    })
    expect(data.event.dates).toBe('10.–11. März 2027')
    expect(data.days.map((d) => d.label)).toEqual(['Mittwoch, 10. März 2027'])
    expect(data.days[0]!.rooms[0]!.sessions[0]!.time).toBe('09:00–09:30')
    // The organiser's words are in the workspace's language (English): marked as such.
    expect(data.writtenIn).toBe('en')
    // Only a choice from the list is carried on the links; a header is read again on the next page.
    expect(data.days[0]!.rooms[0]!.sessions[0]!.href).toBe(`/e/${fx.event.slug}/ada-lovelace`)
  })

  it('takes ?lang= over the cookie, and the cookie over the header; the choice stays on the speakers’ links', async () => {
    const path = `/e/${fx.event.slug}`
    const fr = await load(
      eventLoader,
      `${path}?lang=fr`,
      { slug: fx.event.slug },
      {
        Cookie: 'lectern-lang=de',
        'Accept-Language': 'es',
      },
    )
    expect(fr.data.pageLanguage).toBe('fr')
    expect(fr.headers.get('Content-Language')).toBe('fr')
    expect(fr.data.text.programme).toBe('Programme')
    expect(fr.data.text.zone).toBe('Les horaires sont à l’heure locale de l’événement (Europe/London).')
    expect(fr.data.event.dates).toBe('10–11 mars 2027')
    expect(fr.data.days[0]!.label).toBe('mercredi 10 mars 2027')
    expect(fr.data.days[0]!.rooms[0]!.sessions[0]!.href).toBe(`${path}/ada-lovelace?lang=fr`)
    const cookie = await load(eventLoader, path, { slug: fx.event.slug }, { Cookie: 'lectern-lang=de', 'Accept-Language': 'es' })
    expect(cookie.data.pageLanguage).toBe('de')
    const header = await load(eventLoader, path, { slug: fx.event.slug }, { 'Accept-Language': 'es' })
    expect(header.data.pageLanguage).toBe('es')
    expect(header.data.text.programme).toBe('Programa')
    // Malformed or wildcard headers never throw: they fall back to the workspace's language.
    for (const garbage of ['*', ';;;q=abc', 'x'.repeat(2000), 'en-US;q=2']) {
      const got = await load(eventLoader, path, { slug: fx.event.slug }, { 'Accept-Language': garbage })
      expect(got.data.pageLanguage, garbage).toBe('en')
    }
  })

  it('falls back to the workspace’s language, and leaves the organiser’s words unmarked when they match', async () => {
    await getDb().update(workspaces).set({ language: 'nl' }).where(eq(workspaces.id, fx.workspaceId))
    try {
      const { data } = await load(eventLoader, `/e/${fx.event.slug}`, { slug: fx.event.slug })
      expect(data.pageLanguage).toBe('nl')
      expect(data.text.programme).toBe('Programma')
      expect(data.writtenIn).toBeUndefined()
      expect(data.summary).toBe(`Het programma van ${fx.event.name}: 10–11 maart 2027, ExCeL, London.`)
    } finally {
      await getDb().update(workspaces).set({ language: 'en' }).where(eq(workspaces.id, fx.workspaceId))
    }
  })

  it('serves the speaker’s page in the language too: headings, the day, the back link with the choice', async () => {
    const path = `/e/${fx.event.slug}/ada-lovelace`
    const { data, headers } = await load<SpeakerLoaded>(speakerLoader, `${path}?lang=it`, {
      slug: fx.event.slug,
      speaker: 'ada-lovelace',
    })
    expect(headers.get('Content-Language')).toBe('it')
    expect(data.pageLanguage).toBe('it')
    expect(data.text).toMatchObject({
      about: 'Biografia',
      talksAt: `Intervento a ${fx.event.name}`,
      speakingAt: `Interviene a ${fx.event.name}`,
      title: `Ada Lovelace a ${fx.event.name}`,
    })
    expect(data.talks[0]).toMatchObject({ day: 'mercoledì 10 marzo 2027', time: '09:00–09:30' })
    expect(data.event.href).toBe(`/e/${fx.event.slug}?lang=it`)
  })

  it('keys the page cache by the language inputs, so a German visitor never shares an English entry', () => {
    const path = `http://localhost/e/${fx.event.slug}`
    const key = (headers: Record<string, string>, url = path) => pageCacheKey(new Request(url, { headers }))
    const en = key({ 'Accept-Language': 'en-GB,en;q=0.9' })
    const de = key({ 'Accept-Language': 'de-DE,de;q=0.9' })
    expect(en).not.toBeNull()
    expect(de).not.toBeNull()
    expect(de).not.toBe(en)
    expect(key({ Cookie: 'lectern-lang=de' })).not.toBe(key({}))
    expect(key({}, `${path}?lang=de`)).not.toBe(key({}))
    // Two headers that pick alike share an entry.
    expect(key({ 'Accept-Language': 'de-AT' })).toBe(key({ 'Accept-Language': 'de-CH' }))
  })
})

// ---- over HTTP, against the production build --------------------------------------------------

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'
const NAMES = ['Zoë Müller', 'Łukasz Wróbel', '李雷', 'محمد علي']

async function databaseUrl() {
  const rows = await getDb().execute<{ name: string }>(sql`select current_database() as name`)
  const [row] = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { name: string }[] }).rows) as { name: string }[]
  return withDatabase(process.env.TEST_DATABASE_URL!, row!.name)
}

describe('the event pages over HTTP (production build)', () => {
  let server: BuiltServer
  let slug = ''
  beforeAll(async () => {
    server = await startBuiltServer(onPostgres ? { DATABASE_URL: await databaseUrl() } : {})
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify(body),
      })
    const made = await post('/__e2e/organiser-event', {
      email: `lang-e-${crypto.randomUUID().slice(0, 8)}@example.com`,
      speakers: false,
    })
    expect(made.status).toBe(200)
    const { eventId, slug: madeSlug } = (await made.json()) as { eventId: string; slug: string }
    slug = madeSlug
    const rows = NAMES.map((name, i) => ({
      email: `speaker-${i}-${slug}@example.com`,
      name,
      talkTitle: `Talk ${i + 1} by ${name}`,
      startsAt: `2027-03-10T${String(9 + i).padStart(2, '0')}:00:00Z`,
      durationMinutes: 30,
      room: 'Main Hall',
    }))
    const seeded = await post('/__e2e/event-programme', { eventId, rows })
    expect(seeded.status).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
  })

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers })
    return { res, html: await res.text(), cache: res.headers.get('X-Page-Cache') }
  }
  const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1]

  it('answers in German for a German browser and in English for an English one, never from the other’s cache entry', async () => {
    const path = `/e/${slug}`
    const de1 = await get(path, { 'Accept-Language': 'de-DE,de;q=0.9' })
    expect(de1.res.status).toBe(200)
    expect(de1.cache).toBe('miss')
    expect(htmlLang(de1.html)).toBe('de')
    expect(de1.res.headers.get('Content-Language')).toBe('de')
    expect(de1.res.headers.get('Vary')).toMatch(/Accept-Language/)
    expect(de1.res.headers.get('Vary')).toMatch(/Cookie/)
    expect(de1.html).toContain('>Programm</h2>')
    expect(de1.html).toContain('Mittwoch, 10. März 2027')
    // The English site shell is marked as English on a German page (WCAG 3.1.2).
    expect(de1.html).toMatch(/<div lang="en" class="contents">/)

    const en1 = await get(path, { 'Accept-Language': 'en-GB,en;q=0.9' })
    expect(en1.cache).toBe('miss')
    expect(htmlLang(en1.html)).toBe('en')
    expect(en1.res.headers.get('Content-Language')).toBe('en')
    expect(en1.html).toContain('>Programme</h2>')
    expect(en1.html).not.toContain('Mittwoch')
    expect(en1.html).not.toMatch(/<div lang="en"/)

    // Each now comes from its own cache entry, still in its own language.
    const de2 = await get(path, { 'Accept-Language': 'de' })
    expect(de2.cache).toBe('hit')
    expect(htmlLang(de2.html)).toBe('de')
    expect(de2.html).toBe(de1.html)
    const en2 = await get(path, { 'Accept-Language': 'en-GB,en;q=0.9' })
    expect(en2.cache).toBe('hit')
    expect(htmlLang(en2.html)).toBe('en')
    expect(en2.html).toBe(en1.html)
    expect(en2.res.headers.get('Content-Language')).toBe('en')
  })

  it('takes ?lang=fr over a German header, lists the languages as plain links, and shows every name exactly', async () => {
    const fr = await get(`/e/${slug}?lang=fr`, { 'Accept-Language': 'de' })
    expect(htmlLang(fr.html)).toBe('fr')
    expect(fr.res.headers.get('Content-Language')).toBe('fr')
    expect(fr.html).toContain('mercredi 10 mars 2027')
    expect(fr.html).toMatch(/<nav aria-label="Langue"/)
    for (const [code, name] of [
      ['de', 'Deutsch'],
      ['en', 'English'],
      ['pt', 'Português'],
    ])
      expect(fr.html).toMatch(new RegExp(`href="/e/${slug}\\?lang=${code}"[^>]*lang="${code}"[^>]*>${name}</a>`))
    for (const name of NAMES) expect(fr.html).toContain(`<bdi>${name}</bdi>`)
    // A speaker's page from the list keeps the French choice, and the name as typed.
    const link = new RegExp(`href="(/e/${slug}/[^"?]+\\?lang=fr)"`).exec(fr.html)?.[1]
    expect(link).toBeTruthy()
    const speaker = await get(link!, { 'Accept-Language': 'de' })
    expect(speaker.res.status).toBe(200)
    expect(htmlLang(speaker.html)).toBe('fr')
    expect(speaker.html).toMatch(/Intervention à /)
    expect(NAMES.some((name) => speaker.html.includes(`<bdi>${name}</bdi>`))).toBe(true)
  })
})
