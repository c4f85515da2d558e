import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { events } from '~/db/schema/events'
import { goLive } from '~/models/talk-sessions.server'
import { pageCacheGeneration } from '~/platform/page-store.server'
import { isCacheablePath } from '~/services/page-cache.server'
import { loader as speakerLoader, meta as speakerMeta } from '~/routes/e.$slug.$speaker'
import { loader as eventLoader, meta as eventMeta } from '~/routes/e.$slug._index'
import { loader as sitemapLoader } from '~/routes/sitemap[.]xml'
import { addProgramme, makeEvent, organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { call, makeRequest } from './utils'

// Issue 23 Deliver 1 and 3: the public event page /e/{slug} (the programme by day and room) and a
// roster speaker's page under it. A draft is not found, an archived event says it has ended, a
// speaker who does not speak at that event is not found; the pages are cached and purged.

type Fn = Parameters<typeof call>[0]

async function outcome(fn: Fn, path: string, params: Record<string, string>) {
  try {
    const result = await call(fn, makeRequest(path), params)
    if (result instanceof Response) return { status: result.status, data: null as unknown }
    // The pages answer data(…, { headers }) since they name their language (issue 31).
    const wrapped = result as { type?: string; data?: unknown }
    return { status: 200, data: (wrapped?.type === 'DataWithResponseInit' ? wrapped.data : result) as unknown }
  } catch (thrown) {
    const value = thrown as { type?: string; init?: { status?: number } | null; data?: unknown }
    if (value?.type !== 'DataWithResponseInit') throw thrown
    return { status: value.init?.status ?? 500, data: null as unknown }
  }
}

type EventPage = {
  event: { name: string; dates: string; place: string; archived: boolean }
  days: { label: string; rooms: { name: string | null; sessions: Record<string, unknown>[] }[] }[]
  canonical: string
}
type SpeakerPage = {
  speaker: Record<string, unknown>
  talks: { title: string; day: string; time: string; room: string | null; attendeePage: string | null }[]
  canonical: string
}
const metaOf = (meta: unknown, data: unknown) =>
  (meta as (args: unknown) => Record<string, string>[])({
    data,
    matches: [{ id: 'root', data: { brand: 'Lectern', appUrl: 'http://localhost:3000' } }],
  })

let fx: OrganiserFixture
beforeAll(async () => {
  fx = await organiserWithEvent()
})

describe('the public event page /e/{slug}', () => {
  it('shows the programme by day and room with each speaker and talk, and its own meta tags', async () => {
    const got = await outcome(eventLoader, `/e/${fx.event.slug}`, { slug: fx.event.slug })
    expect(got.status).toBe(200)
    const page = got.data as EventPage
    expect(page.event).toMatchObject({ name: fx.event.name, dates: '10–11 March 2027', place: 'ExCeL, London', archived: false })
    expect(page.days.map((d) => d.label)).toEqual(['Wednesday 10 March 2027'])
    expect(
      page.days[0]!.rooms.map((r) => [
        r.name,
        r.sessions.map((s) => [s.time, s.speakerName, s.jobTitle, s.company, s.talkTitle, s.href]),
      ]),
    ).toEqual([
      [
        'Main Hall',
        [
          [
            '09:00–09:30',
            'Ada Lovelace',
            'Engineer',
            'Analytical Engines',
            `Notes on the engine ${fx.suffix}`,
            `/e/${fx.event.slug}/ada-lovelace`,
          ],
        ],
      ],
      [
        'Room B',
        [
          [
            '10:00–10:45',
            'Grace Hopper',
            'Rear Admiral',
            'Navy',
            `Compilers for everyone ${fx.suffix}`,
            `/e/${fx.event.slug}/grace-hopper`,
          ],
        ],
      ],
    ])
    // Nothing private reaches the page: no email, no code of a session that is not live.
    expect(JSON.stringify(page)).not.toContain(fx.speakers.ada.email)
    const meta = metaOf(eventMeta, page)
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: `${fx.event.name} – Programme | Lectern` },
        { tagName: 'link', rel: 'canonical', href: `http://localhost:3000/e/${fx.event.slug}` },
        { property: 'og:url', content: `http://localhost:3000/e/${fx.event.slug}` },
        { property: 'og:title', content: `${fx.event.name} | Lectern` },
      ]),
    )
    expect(meta.find((m) => m.name === 'description')?.content).toContain(fx.event.name)
  })

  it('is not found while a draft, or at an address no event has; an archived event says it has ended', async () => {
    const draft = await makeEvent(fx.workspaceId, { status: 'draft' })
    expect((await outcome(eventLoader, `/e/${draft.slug}`, { slug: draft.slug })).status).toBe(404)
    expect((await outcome(eventLoader, '/e/no-such-event', { slug: 'no-such-event' })).status).toBe(404)
    const archived = await makeEvent(fx.workspaceId, { status: 'archived' })
    const got = await outcome(eventLoader, `/e/${archived.slug}`, { slug: archived.slug })
    expect(got.status).toBe(200)
    expect((got.data as EventPage).event.archived).toBe(true)
  })

  it('is cached with the other public pages, and a change to the event purges it', async () => {
    expect(isCacheablePath(`/e/${fx.event.slug}`)).toBe(true)
    expect(isCacheablePath(`/e/${fx.event.slug}/ada-lovelace`)).toBe(true)
    expect(isCacheablePath(`/e/${fx.event.slug}/ada-lovelace/more`)).toBe(false)
    const before = pageCacheGeneration()
    await goLive({ ownerId: fx.workspaceId, userId: fx.owner.id, runnerId: null }, fx.speakers.grace.sessionId)
    expect(pageCacheGeneration()).toBeGreaterThan(before)
  })
})

describe('a speaker’s page /e/{slug}/{speaker}', () => {
  it('shows the speaker and their talks at this event with day, time and room; the attendee page only while live', async () => {
    const path = `/e/${fx.event.slug}/ada-lovelace`
    const draft = (await outcome(speakerLoader, path, { slug: fx.event.slug, speaker: 'ada-lovelace' })).data as SpeakerPage
    expect(draft.speaker).toMatchObject({
      name: 'Ada Lovelace',
      role: 'Engineer, Analytical Engines',
      bio: 'Writes the first programs.',
      initials: 'AL',
    })
    expect(draft.speaker).not.toHaveProperty('email')
    expect(draft.talks).toEqual([
      {
        id: fx.speakers.ada.sessionId,
        title: `Notes on the engine ${fx.suffix}`,
        day: 'Wednesday 10 March 2027',
        time: '09:00–09:30',
        room: 'Main Hall',
        attendeePage: null,
      },
    ])
    await goLive({ ownerId: fx.workspaceId, userId: fx.owner.id, runnerId: null }, fx.speakers.ada.sessionId)
    const live = (await outcome(speakerLoader, path, { slug: fx.event.slug, speaker: 'ada-lovelace' })).data as SpeakerPage
    expect(live.talks[0]!.attendeePage).toBe(`/t/${fx.speakers.ada.code}`)
    const meta = metaOf(speakerMeta, live)
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: `Ada Lovelace at ${fx.event.name} | Lectern` },
        { tagName: 'link', rel: 'canonical', href: `http://localhost:3000${path}` },
        { property: 'og:type', content: 'profile' },
        { name: 'description', content: 'Writes the first programs.' },
      ]),
    )
  })

  it('is not found for a speaker who does not speak at this event, an unknown slug, or a draft event', async () => {
    const second = await makeEvent(fx.workspaceId)
    await addProgramme(second, fx.owner.id, {
      email: `linus-${fx.suffix}@example.com`,
      name: 'Linus Torvalds',
      jobTitle: '',
      company: '',
      bio: '',
      talkTitle: 'Kernels',
      talkDescription: '',
      startsAt: new Date('2027-03-10T09:00:00Z'),
      durationMinutes: 30,
      roomId: null,
    })
    const at = (slug: string, speaker: string) => outcome(speakerLoader, `/e/${slug}/${speaker}`, { slug, speaker })
    expect((await at(second.slug, 'linus-torvalds')).status).toBe(200)
    expect((await at(fx.event.slug, 'linus-torvalds')).status).toBe(404)
    expect((await at(fx.event.slug, 'nobody')).status).toBe(404)
    // Another organiser's event cannot show this workspace's roster speaker.
    const other = await organiserWithEvent()
    expect((await at(other.event.slug, 'linus-torvalds')).status).toBe(404)
    await getDb().update(events).set({ status: 'draft' }).where(eq(events.id, second.id))
    expect((await at(second.slug, 'linus-torvalds')).status).toBe(404)
  })
})

describe('the sitemap', () => {
  it('lists published and archived events with their speakers’ pages, never a draft', async () => {
    const draft = await organiserWithEvent({ status: 'draft' })
    const archived = await organiserWithEvent({ status: 'archived' })
    const xml = await (await sitemapLoader()).text()
    for (const path of [
      `/e/${fx.event.slug}`,
      `/e/${fx.event.slug}/ada-lovelace`,
      `/e/${fx.event.slug}/grace-hopper`,
      `/e/${archived.event.slug}`,
    ])
      expect(xml).toContain(`/${path.slice(1)}</loc>`)
    expect(xml).not.toContain(`/e/${draft.event.slug}`)
  })
})
