import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { QR_DOWNLOADS } from '~/lib/short-link'
import { buildPath, discoverRoutes, type RouteModule } from '../fuzz/routes'
import { seedViewsAndLeads } from './app-utils'
import { claimSpeaker, organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { call, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// Issue 23 Deliver 4 and 10: the 404 wall. A claimed speaker reaches their own things only. Every
// /app route is found on disk (as the fuzz suite finds them): a route not in SPEAKER_OPENS must
// answer 404 to the speaker — GET and POST, filled with the organiser's real ids — so a new
// organiser or team page without a role guard fails here. The speaker's own routes answer 200 for
// their ids and 404 for another speaker's, another event's or another workspace's.

type Kind = 'session' | 'person' | 'none'
/** The routes a claimed speaker opens, with which of their ids; everything else is a 404. */
const SPEAKER_OPENS: Record<string, { param?: Kind; status?: number; formats?: boolean }> = {
  'app.tsx': {},
  // Their home is My talks: /app sends them there.
  'app._index.tsx': { status: 302 },
  'app.speaking._index.tsx': {},
  'app.leads._index/route.tsx': {},
  'app.leads.export.tsx': {},
  'app.leads_.$id/route.tsx': { param: 'person' },
  'app.leads_.$id_.export.tsx': { param: 'person' },
  'app.leads_.$id_.vcard.tsx': { param: 'person' },
  'app.sessions.$id._index.tsx': { param: 'session' },
  'app.sessions.$id_.leads.tsx': { param: 'session' },
  'app.sessions.$id.qr.$format.tsx': { param: 'session', formats: true },
  'app.sessions.$id.roi.tsx': { param: 'session' },
  // What the room thought of their own session (issue 33 Deliver 4): its feedback, quotes to approve, the report link.
  'app.sessions.$id.feedback.tsx': { param: 'session' },
  // Their own account, not the organiser's: their public profile and a workspace of their own.
  'app.profile.tsx': {},
  'app.workspaces.new.tsx': {},
}

const NO_ID = '00000000-0000-4000-8000-000000000000'
const modules = import.meta.glob<Record<string, unknown>>(['/app/routes/*.tsx', '/app/routes/*/route.tsx'])
type Fn = Parameters<typeof call>[0]

async function outcome(file: string, fn: 'loader' | 'action', request: Request, params: Record<string, string>) {
  const handler = (await modules[`/app/routes/${file}`]!())[fn] as Fn
  let result: unknown
  try {
    result = await call(handler, request, params)
  } catch (thrown) {
    if ((thrown as { type?: string })?.type !== 'DataWithResponseInit') throw thrown
    result = thrown
  }
  if (result instanceof Response) return { status: result.status, body: await result.text() }
  const value = result as { type?: string; init?: { status?: number } | null; data?: unknown }
  if (value?.type === 'DataWithResponseInit') return { status: value.init?.status ?? 200, body: JSON.stringify(value.data) }
  return { status: 200, body: JSON.stringify(result) }
}

type Ids = { session: string; person: string; personEmail: string }
async function leadOf(sessionId: string, ownerId: string): Promise<{ person: string; personEmail: string }> {
  await seedViewsAndLeads(sessionId, ownerId, { scans: 1, visits: 1, leadCount: 1 })
  const [lead] = await getDb()
    .select({ contactId: leads.contactId, email: leads.email })
    .from(leads)
    .where(eq(leads.sessionId, sessionId))
  return { person: lead!.contactId!, personEmail: lead!.email }
}

const appRoutes = discoverRoutes().filter((r) => r.segments[0] === 'app')

describe('the speaker’s 404 wall: every /app route', () => {
  let fx: OrganiserFixture
  let other: OrganiserFixture
  let cookie: string
  let own: Ids
  let otherSpeaker: Ids
  let otherWorkspace: Ids
  let talkId: string

  beforeAll(async () => {
    fx = await organiserWithEvent({ recipients: 'speaker' })
    other = await organiserWithEvent({ recipients: 'speaker' })
    const speaker = await claimSpeaker(
      fx.workspaceId,
      fx.speakers.ada.speakerId,
      `wall-${randomBytes(3).toString('hex')}@example.com`,
    )
    cookie = await cookieFor(speaker.id, fx.workspaceId)
    own = { session: fx.speakers.ada.sessionId, ...(await leadOf(fx.speakers.ada.sessionId, fx.workspaceId)) }
    otherSpeaker = { session: fx.speakers.grace.sessionId, ...(await leadOf(fx.speakers.grace.sessionId, fx.workspaceId)) }
    otherWorkspace = { session: other.speakers.ada.sessionId, ...(await leadOf(other.speakers.ada.sessionId, other.workspaceId)) }
    const [row] = await getDb().select({ talkId: talkSessions.talkId }).from(talkSessions).where(eq(talkSessions.id, own.session))
    talkId = row!.talkId
  })

  /** The organiser's real ids for a route the speaker must not open: their own event, session and talk included. */
  function organiserParams(route: RouteModule): Record<string, string> {
    const area = route.segments[1]
    const values: Record<string, string> = {}
    for (const p of route.params) {
      if (p === 'format') values[p] = 'svg'
      else if (p === 'userId') values[p] = fx.owner.id
      else if (p === 'speakerId') values[p] = fx.speakers.ada.speakerId
      else if (area === 'events') values[p] = fx.event.id
      else if (area === 'sessions') values[p] = own.session
      else if (area === 'talks') values[p] = talkId
      else if (area === 'leads') values[p] = own.person
      else values[p] = NO_ID
    }
    return values
  }

  it('finds the /app routes, and every route the speaker opens is on disk', () => {
    expect(appRoutes.length).toBeGreaterThan(20)
    for (const file of Object.keys(SPEAKER_OPENS))
      expect(
        appRoutes.some((r) => r.file === file),
        file,
      ).toBe(true)
  })

  for (const route of appRoutes.filter((r) => !SPEAKER_OPENS[r.file])) {
    it(`404 for the speaker: ${route.file}`, async () => {
      const params = organiserParams(route)
      const path = buildPath(route, params) + (route.isIndex ? '?index' : '')
      if (route.hasLoader)
        expect((await outcome(route.file, 'loader', makeRequest(path, { cookie }), params)).status, `GET ${path}`).toBe(404)
      if (route.hasAction) {
        const posted = await outcome(route.file, 'action', makeRequest(path, { cookie, form: { intent: 'delete' } }), params)
        expect(posted.status, `POST ${path}`).toBe(404)
      }
    })
  }

  for (const route of appRoutes.filter((r) => SPEAKER_OPENS[r.file])) {
    const row = SPEAKER_OPENS[route.file]!
    it(`the speaker’s own: ${route.file}`, async () => {
      const formats = row.formats ? QR_DOWNLOADS.map((d) => d.format as string) : [undefined]
      for (const format of formats) {
        const withId = (ids: Ids) => {
          const params: Record<string, string> = {}
          if (row.param === 'session') params.id = ids.session
          if (row.param === 'person') params.id = ids.person
          if (format) params.format = format
          return params
        }
        const mine = withId(own)
        const path = buildPath(route, mine)
        const got = await outcome(route.file, 'loader', makeRequest(path, { cookie }), mine)
        expect(got.status, `GET ${path}`).toBe(row.status ?? 200)
        // Nothing of the other speaker's shows on the speaker's pages.
        expect(got.body, `GET ${path} shows another speaker's lead`).not.toContain(otherSpeaker.personEmail)
        if (!row.param) continue
        for (const [who, ids] of [
          ['another speaker', otherSpeaker],
          ['another workspace', otherWorkspace],
        ] as const) {
          const theirs = withId(ids)
          const theirPath = buildPath(route, theirs)
          const refused = await outcome(route.file, 'loader', makeRequest(theirPath, { cookie }), theirs)
          expect(refused.status, `GET ${theirPath} (${who})`).toBe(404)
        }
      }
    })
  }

  it('sees their own lead in the leads list, never the other speaker’s', async () => {
    const list = await outcome('app.leads._index/route.tsx', 'loader', makeRequest('/app/leads', { cookie }), {})
    expect(list.body).toContain(own.personEmail)
    expect(list.body).not.toContain(otherSpeaker.personEmail)
  })

  it('runs their session (go live, close) but neither copies nor deletes it', async () => {
    const path = `/app/sessions/${own.session}?workspace=${fx.workspaceId}`
    const send = (intent: string) =>
      outcome('app.sessions.$id._index.tsx', 'action', makeRequest(path, { cookie, form: { intent } }), { id: own.session })
    expect((await send('go-live')).status).toBe(302)
    expect((await send('close')).status).toBe(302)
    expect((await send('duplicate')).status).toBe(404)
    expect((await send('delete')).status).toBe(404)
    const theirs = `/app/sessions/${otherSpeaker.session}?workspace=${fx.workspaceId}`
    const refused = await outcome(
      'app.sessions.$id._index.tsx',
      'action',
      makeRequest(theirs, { cookie, form: { intent: 'go-live' } }),
      {
        id: otherSpeaker.session,
      },
    )
    expect(refused.status).toBe(404)
  })

  it('another event’s id on the organiser’s event pages is a 404 too (their own event already is)', async () => {
    for (const route of appRoutes.filter((r) => r.segments[1] === 'events' && r.params.includes('id'))) {
      const params = { ...organiserParams(route), id: other.event.id }
      const path = buildPath(route, params)
      if (route.hasLoader)
        expect((await outcome(route.file, 'loader', makeRequest(path, { cookie }), params)).status, path).toBe(404)
    }
  })
})
