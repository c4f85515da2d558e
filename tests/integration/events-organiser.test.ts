import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { eventRooms, events } from '~/db/schema/events'
import { talkSessions } from '~/db/schema/talks'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { EVENT_ERRORS } from '~/lib/event-form'
import { EVENTS_PLAN_TEXT } from '~/lib/events'
import { pageCacheGeneration } from '~/platform/page-store.server'
import { loader as overviewLoader, action as overviewAction } from '~/routes/app.events.$id._index'
import { action as settingsAction, loader as settingsLoader } from '~/routes/app.events.$id.settings'
import { loader as layoutLoader } from '~/routes/app.events.$id'
import { loader as listLoader } from '~/routes/app.events._index'
import { action as newAction, loader as newLoader } from '~/routes/app.events.new'
import { claimSpeaker, organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { call, createUser, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// Issue 23 Deliver 1: the organiser's events — create, edit, publish/archive/back to draft, rooms —
// each audited in its transaction; another workspace's event is a 404, a member 403, a speaker 404;
// a workspace without the Event Organiser plan reads the explanation and cannot create.

type Fn = Parameters<typeof call>[0]

/** Status and payload of whatever a loader or action ended with (a thrown data() counts too). */
async function outcome(fn: Fn, request: Request, params: Record<string, string> = {}) {
  let result: unknown
  try {
    result = await call(fn, request, params)
  } catch (thrown) {
    if ((thrown as { type?: string })?.type !== 'DataWithResponseInit') throw thrown
    result = thrown
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get('Location'), body: await result.text(), data: null as unknown }
  const value = result as { type?: string; init?: { status?: number } | null; data?: unknown }
  if (value?.type === 'DataWithResponseInit')
    return { status: value.init?.status ?? 200, location: null, body: '', data: value.data as unknown }
  return { status: 200, location: null, body: '', data: result as unknown }
}

const form = (over: Record<string, string> = {}) => ({
  name: 'RemixConf Europe',
  slug: '',
  description: 'Two days of talks.',
  startsOn: '2027-05-10',
  endsOn: '2027-05-11',
  timeZone: 'Europe/Berlin',
  venue: 'Station Berlin',
  city: 'Berlin',
  recipients: 'both',
  ...over,
})

const auditOf = (workspaceId: string) =>
  getDb().select().from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)).orderBy(asc(auditEvents.id))

let fx: OrganiserFixture
let owner: string
beforeAll(async () => {
  fx = await organiserWithEvent()
  owner = await cookieFor(fx.owner.id, fx.workspaceId)
})

describe('creating an event', () => {
  it('makes a draft with a free address from the name, audited, and sends the organiser on to its rooms', async () => {
    const name = `RemixConf ${fx.suffix}`
    const first = await outcome(newAction, makeRequest('/app/events/new', { cookie: owner, form: form({ name }) }))
    expect(first.status).toBe(302)
    const second = await outcome(newAction, makeRequest('/app/events/new', { cookie: owner, form: form({ name }) }))
    const made = await getDb()
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, fx.workspaceId), eq(events.name, name)))
      .orderBy(asc(events.createdAt))
    expect(made.map((e) => e.slug)).toEqual([`remixconf-${fx.suffix}`, `remixconf-${fx.suffix}-2`])
    expect(made[0]).toMatchObject({
      status: 'draft',
      recipients: 'both',
      timeZone: 'Europe/Berlin',
      venue: 'Station Berlin',
      isOnline: false,
    })
    expect(first.location).toBe(`/app/events/${made[0]!.id}/settings`)
    expect(second.location).toBe(`/app/events/${made[1]!.id}/settings`)
    const audit = (await auditOf(fx.workspaceId)).filter((a) => a.kind === 'event.created' && a.subject === name)
    expect(audit).toHaveLength(2)
    expect(audit[0]).toMatchObject({ actorEmail: fx.owner.email, data: { eventId: made[0]!.id, slug: made[0]!.slug } })
  })

  it('refuses an address another event has, with the message by the field', async () => {
    const got = await outcome(newAction, makeRequest('/app/events/new', { cookie: owner, form: form({ slug: fx.event.slug }) }))
    expect(got.status).toBe(409)
    expect(JSON.stringify(got.data)).toContain(EVENT_ERRORS.slugTaken)
  })

  it('refuses bad input with 400 and writes nothing', async () => {
    const name = `Broken ${fx.suffix}`
    const got = await outcome(
      newAction,
      makeRequest('/app/events/new', {
        cookie: owner,
        form: form({ name, endsOn: '2027-05-01', venue: '', timeZone: 'Nowhere/Land' }),
      }),
    )
    expect(got.status).toBe(400)
    expect((got.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      endsOn: [EVENT_ERRORS.endBeforeStart],
      venue: [EVENT_ERRORS.venueOrOnline],
      timeZone: [EVENT_ERRORS.timeZone],
    })
    expect(await getDb().select().from(events).where(eq(events.name, name))).toEqual([])
  })

  it('on a plan without events: the explanation, and creating is refused (403)', async () => {
    const teamsOwner = await createUser(`teams-owner-${fx.suffix}@example.com`)
    await getDb().update(workspaces).set({ plan: 'teams' }).where(eq(workspaces.id, teamsOwner.id))
    const cookie = await cookieFor(teamsOwner.id, teamsOwner.id)
    const list = await outcome(listLoader, makeRequest('/app/events', { cookie }))
    expect(list).toMatchObject({ status: 200, data: { canCreate: false, events: [] } })
    expect((await outcome(newLoader, makeRequest('/app/events/new', { cookie }))).data).toMatchObject({ canCreate: false })
    const refused = await outcome(
      newAction,
      makeRequest('/app/events/new', { cookie, form: form({ name: `Refused ${fx.suffix}` }) }),
    )
    expect(refused.status).toBe(403)
    expect(refused.body).toBe(EVENTS_PLAN_TEXT)
    expect(await getDb().select().from(events).where(eq(events.workspaceId, teamsOwner.id))).toEqual([])
  })
})

describe('the events list and an event’s pages', () => {
  it('lists the events with dates, state and counts', async () => {
    const list = await outcome(listLoader, makeRequest('/app/events', { cookie: owner }))
    const row = (
      list.data as { events: { id: string; speakers: number; sessions: number; dates: string; status: string }[] }
    ).events.find((e) => e.id === fx.event.id)
    expect(row).toMatchObject({ speakers: 2, sessions: 2, dates: '10–11 March 2027', status: 'published' })
  })

  it('shows the programme by day and room, each session linking to its session page', async () => {
    const got = await outcome(overviewLoader, makeRequest(`/app/events/${fx.event.id}`, { cookie: owner }), { id: fx.event.id })
    const { days } = got.data as {
      days: { label: string; rooms: { name: string; sessions: { href: string; speakerName: string }[] }[] }[]
    }
    expect(days.map((d) => d.label)).toEqual(['Wednesday 10 March 2027'])
    expect(days[0]!.rooms.map((r) => [r.name, r.sessions.map((s) => [s.speakerName, s.href])])).toEqual([
      ['Main Hall', [['Ada Lovelace', `/app/sessions/${fx.speakers.ada.sessionId}`]]],
      ['Room B', [['Grace Hopper', `/app/sessions/${fx.speakers.grace.sessionId}`]]],
    ])
  })

  it('answers 404 for another workspace’s event, 403 to a member and 404 to a speaker', async () => {
    const other = await organiserWithEvent()
    const id = other.event.id
    const routes: [Fn, string, Record<string, string> | null][] = [
      [layoutLoader, `/app/events/${id}`, null],
      [overviewLoader, `/app/events/${id}`, null],
      [overviewAction, `/app/events/${id}`, { intent: 'status', status: 'archived' }],
      [settingsLoader, `/app/events/${id}/settings`, null],
      [settingsAction, `/app/events/${id}/settings`, { intent: 'add-room', name: 'Stolen' }],
      [settingsAction, `/app/events/${id}/settings`, { intent: 'save', ...form() }],
    ]
    for (const [fn, path, body] of routes) {
      const got = await outcome(fn, makeRequest(path, { cookie: owner, ...(body ? { form: body } : {}) }), { id })
      expect(got.status, path).toBe(404)
    }
    expect((await getDb().select().from(events).where(eq(events.id, id)))[0]!.status).toBe('published')

    const member = await createUser(`events-member-${fx.suffix}@example.com`)
    await getDb().insert(workspaceMembers).values({ workspaceId: fx.workspaceId, userId: member.id, role: 'member' })
    const memberCookie = await cookieFor(member.id, fx.workspaceId)
    expect((await outcome(listLoader, makeRequest('/app/events', { cookie: memberCookie }))).status).toBe(403)
    expect(
      (await outcome(overviewLoader, makeRequest(`/app/events/${fx.event.id}`, { cookie: memberCookie }), { id: fx.event.id }))
        .status,
    ).toBe(403)

    const speaker = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, `claimed-${fx.speakers.ada.email}`)
    const speakerCookie = await cookieFor(speaker.id, fx.workspaceId)
    for (const [fn, path] of [
      [listLoader, '/app/events'],
      [overviewLoader, `/app/events/${fx.event.id}`],
      [settingsLoader, `/app/events/${fx.event.id}/settings`],
    ] as const)
      expect((await outcome(fn, makeRequest(path, { cookie: speakerCookie }), { id: fx.event.id })).status, path).toBe(404)
  })
})

describe('changing an event', () => {
  let mine: OrganiserFixture
  let cookie: string
  beforeAll(async () => {
    mine = await organiserWithEvent({ status: 'draft' })
    cookie = await cookieFor(mine.admin.id, mine.workspaceId)
  })
  const settings = (body: Record<string, string>) =>
    outcome(settingsAction, makeRequest(`/app/events/${mine.event.id}/settings`, { cookie, form: body }), { id: mine.event.id })
  const status = (to: string) =>
    outcome(overviewAction, makeRequest(`/app/events/${mine.event.id}`, { cookie, form: { intent: 'status', status: to } }), {
      id: mine.event.id,
    })
  const eventRow = async () => (await getDb().select().from(events).where(eq(events.id, mine.event.id)))[0]!

  it('saves the details, keeps the address when it is left empty, audits what changed and purges the public pages', async () => {
    const generation = pageCacheGeneration()
    const got = await settings({
      intent: 'save',
      ...form({ name: `Renamed ${mine.suffix}`, isOnline: 'on', venue: '', city: '' }),
    })
    expect(got).toMatchObject({ status: 302, location: `/app/events/${mine.event.id}/settings` })
    expect(await eventRow()).toMatchObject({
      name: `Renamed ${mine.suffix}`,
      slug: mine.event.slug,
      isOnline: true,
      venue: null,
      city: null,
    })
    expect(pageCacheGeneration()).toBeGreaterThan(generation)
    const [last] = (await auditOf(mine.workspaceId)).slice(-1)
    expect(last).toMatchObject({ kind: 'event.changed', actorEmail: mine.admin.email, subject: `Renamed ${mine.suffix}` })
    expect((last!.data as { changed: string[] }).changed).toEqual(
      expect.arrayContaining([
        'name',
        'description',
        'startsOn',
        'endsOn',
        'timeZone',
        'isOnline',
        'venue',
        'city',
        'recipients',
      ]),
    )
  })

  it('refuses another event’s address by the field, and takes a free one', async () => {
    const taken = await settings({ intent: 'save', ...form({ slug: fx.event.slug }) })
    expect(taken.status).toBe(409)
    expect(JSON.stringify(taken.data)).toContain(EVENT_ERRORS.slugTaken)
    expect((await settings({ intent: 'save', ...form({ slug: `moved-${mine.suffix}` }) })).status).toBe(302)
    expect((await eventRow()).slug).toBe(`moved-${mine.suffix}`)
  })

  it('moves draft → published → archived → draft, refuses draft → archived, and audits each move', async () => {
    expect((await status('archived')).status).toBe(409)
    for (const to of ['published', 'archived', 'published', 'draft'] as const) {
      expect((await status(to)).status, to).toBe(302)
      expect((await eventRow()).status).toBe(to)
    }
    const moves = (await auditOf(mine.workspaceId)).filter((a) => (a.data as { status?: string }).status)
    expect(moves.map((a) => (a.data as { from: string; status: string }).status)).toEqual([
      'published',
      'archived',
      'published',
      'draft',
    ])
  })

  it('adds, renames, reorders and removes rooms; a removed room leaves its sessions without a room', async () => {
    const rooms = async () =>
      (
        await getDb().select().from(eventRooms).where(eq(eventRooms.eventId, mine.event.id)).orderBy(asc(eventRooms.position))
      ).map((r) => r.name)
    expect((await settings({ intent: 'add-room', name: ' Workshop ' })).status).toBe(302)
    expect(await rooms()).toEqual(['Main Hall', 'Room B', 'Workshop'])
    const dup = await settings({ intent: 'add-room', name: 'main hall' })
    expect(dup).toMatchObject({
      status: 409,
      data: { room: { roomId: null, message: EVENT_ERRORS.roomTaken, value: 'main hall' } },
    })
    const renameTaken = await settings({ intent: 'rename-room', roomId: mine.rooms.side.id, name: 'WORKSHOP' })
    expect(renameTaken).toMatchObject({
      status: 409,
      data: { room: { roomId: mine.rooms.side.id, message: EVENT_ERRORS.roomTaken } },
    })
    expect((await settings({ intent: 'rename-room', roomId: mine.rooms.side.id, name: 'Room C' })).status).toBe(302)
    expect((await settings({ intent: 'move-room', roomId: mine.rooms.main.id, direction: 'down' })).status).toBe(302)
    expect(await rooms()).toEqual(['Room C', 'Main Hall', 'Workshop'])
    expect((await settings({ intent: 'remove-room', roomId: mine.rooms.main.id })).status).toBe(302)
    expect(await rooms()).toEqual(['Room C', 'Workshop'])
    const [ada] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, mine.speakers.ada.sessionId))
    expect(ada!.roomId).toBeNull()
    expect((await settings({ intent: 'remove-room', roomId: mine.rooms.main.id })).status).toBe(404)
    const roomAudit = (await auditOf(mine.workspaceId))
      .map((a) => a.data as { rooms?: string; room?: string })
      .filter((d) => d.rooms)
    expect(roomAudit.map((d) => [d.rooms, d.room])).toEqual([
      ['added', 'Workshop'],
      ['renamed', 'Room C'],
      ['moved down', 'Main Hall'],
      ['removed', 'Main Hall'],
    ])
  })

  it('refuses changes once the workspace has left the Event Organiser plan, and still shows the event', async () => {
    await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, mine.workspaceId))
    try {
      expect((await status('published')).status).toBe(403)
      expect((await settings({ intent: 'add-room', name: 'Late' })).status).toBe(403)
      const page = await outcome(settingsLoader, makeRequest(`/app/events/${mine.event.id}/settings`, { cookie }), {
        id: mine.event.id,
      })
      expect(page).toMatchObject({ status: 200, data: { canEdit: false } })
      const overview = await outcome(overviewLoader, makeRequest(`/app/events/${mine.event.id}`, { cookie }), {
        id: mine.event.id,
      })
      expect(overview).toMatchObject({ status: 200, data: { canEdit: false } })
    } finally {
      await getDb().update(workspaces).set({ plan: 'organiser' }).where(eq(workspaces.id, mine.workspaceId))
    }
  })
})
