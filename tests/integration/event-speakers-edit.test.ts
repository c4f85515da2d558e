import { randomBytes } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { eventSpeakers } from '~/db/schema/events'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talks, talkSessions } from '~/db/schema/talks'
import { workspaceMembers } from '~/db/schema/workspaces'
import { ROW_PROBLEMS } from '~/lib/speaker-import'
import * as speakerPage from '~/routes/app.events.$id.speakers.$speakerId'
import * as exportRoute from '~/routes/app.events.$id.speakers.export'
import * as importPage from '~/routes/app.events.$id.speakers.import'
import * as listPage from '~/routes/app.events.$id.speakers._index'
import * as templateRoute from '~/routes/app.events.$id.speakers.template'
import { SESSION_TITLE_TAKEN, SPEAKER_HAS_LEADS } from '~/services/event-speaker-edit.server'
import { addProgramme, claimSpeaker, makeEvent, organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { call, createUser, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// Issue 23 Deliver 2 and 3: the organiser adds a speaker by hand, edits the speaker's page and each
// session at the event, locks fields, and takes a speaker off the event. Every route answers 404 for
// another workspace's event, a speaker of another event, or no such id (on both drivers).

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
type Reply = { status?: string; error?: Record<string, string[] | null> }
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

let fx: OrganiserFixture
let other: OrganiserFixture
let cookie: string
let otherEventSpeaker: string
beforeAll(async () => {
  fx = await organiserWithEvent()
  other = await organiserWithEvent()
  cookie = await cookieFor(fx.owner.id, fx.workspaceId)
  // A speaker of another event of the same workspace: not a speaker of fx.event.
  const second = await makeEvent(fx.workspaceId)
  const x = await addProgramme(second, fx.owner.id, {
    email: `x-${fx.suffix}@example.com`,
    name: 'Other Event Speaker',
    jobTitle: '',
    company: '',
    bio: '',
    talkTitle: 'Elsewhere',
    talkDescription: '',
    startsAt: new Date('2027-03-10T09:00:00Z'),
    durationMinutes: 30,
    roomId: null,
  })
  otherEventSpeaker = x.speakerId
})

const speakerPath = (speakerId: string, eventId = fx.event.id) => `/app/events/${eventId}/speakers/${speakerId}`
const post = (speakerId: string, form: Record<string, string | string[]>, who = cookie) =>
  call(speakerPage.action, makeRequest(speakerPath(speakerId), { cookie: who, form }), { id: fx.event.id, speakerId })

describe('404 for what is not this workspace’s event or this event’s speaker', () => {
  type Fn = Parameters<typeof call>[0]
  const routes: [string, { loader: Fn; action?: Fn }, string][] = [
    ['speakers', listPage as { loader: Fn; action: Fn }, ''],
    ['import', importPage as { loader: Fn; action: Fn }, '/import'],
    ['template', templateRoute as { loader: Fn }, '/template'],
    ['export', exportRoute as { loader: Fn }, '/export'],
  ]
  it.each(routes)('%s: another workspace’s event', async (_name, mod, tail) => {
    const path = `/app/events/${other.event.id}/speakers${tail}`
    expect(statusOf(await call(mod.loader, makeRequest(path, { cookie }), { id: other.event.id }))).toBe(404)
    if (mod.action) {
      const form = { intent: 'add', name: 'X', email: 'x@example.com', talkTitle: 'X', startTime: '2027-03-10T09:00' }
      expect(statusOf(await call(mod.action, makeRequest(path, { cookie, form }), { id: other.event.id }))).toBe(404)
      expect(await countSessions(other.event.id)).toBe(2)
    }
  })

  it('the speaker page: another workspace’s speaker, a speaker of another event, no such id, another workspace’s event', async () => {
    for (const [eventId, speakerId] of [
      [fx.event.id, other.speakers.ada.speakerId],
      [fx.event.id, otherEventSpeaker],
      [fx.event.id, '00000000-0000-4000-8000-000000000000'],
      [fx.event.id, 'not-a-uuid'],
      [other.event.id, other.speakers.ada.speakerId],
    ]) {
      const path = speakerPath(speakerId!, eventId)
      expect(
        statusOf(await call(speakerPage.loader, makeRequest(path, { cookie }), { id: eventId!, speakerId: speakerId! })),
      ).toBe(404)
      const form = { intent: 'remove' }
      expect(
        statusOf(await call(speakerPage.action, makeRequest(path, { cookie, form }), { id: eventId!, speakerId: speakerId! })),
      ).toBe(404)
    }
    expect(await countSessions(other.event.id)).toBe(2)
  })

  it('a member gets 403, a speaker of the event 404 (organiser pages are not theirs)', async () => {
    const member = await createUser(`member-${randomBytes(3).toString('hex')}@example.com`)
    await getDb().insert(workspaceMembers).values({ workspaceId: fx.workspaceId, userId: member.id, role: 'member' })
    const speaker = await claimSpeaker(fx.workspaceId, fx.speakers.grace.speakerId, `claimed-${fx.suffix}@example.com`)
    for (const [user, status] of [
      [member.id, 403],
      [speaker.id, 404],
    ] as const) {
      const who = await cookieFor(user, fx.workspaceId)
      const path = speakerPath(fx.speakers.ada.speakerId)
      const res = await call(speakerPage.loader, makeRequest(path, { cookie: who }), {
        id: fx.event.id,
        speakerId: fx.speakers.ada.speakerId,
      })
      expect(statusOf(res)).toBe(status)
      expect(statusOf(await post(fx.speakers.ada.speakerId, { intent: 'remove' }, who))).toBe(status)
    }
  })
})

async function countSessions(eventId: string) {
  const [row] = await getDb().select({ n: count() }).from(talkSessions).where(eq(talkSessions.eventId, eventId))
  return row!.n
}

describe('the organiser edits a speaker of the event', () => {
  it('adds a speaker by hand with the CSV’s row rule: problems by the fields, then the speaker, talk and session', async () => {
    const path = `/app/events/${fx.event.id}/speakers`
    const bad = await call(
      listPage.action,
      makeRequest(path, {
        cookie,
        form: { intent: 'add', name: 'Barbara', email: 'not an email', talkTitle: '', startTime: '', room: 'Attic' },
      }),
      { id: fx.event.id },
    )
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ result: Reply }>(bad).result.error).toMatchObject({
      email: [ROW_PROBLEMS.invalidEmail('not an email')],
      talkTitle: [ROW_PROBLEMS.missing('talkTitle')],
      startTime: [ROW_PROBLEMS.missing('startTime')],
      room: [ROW_PROBLEMS.unknownRoom('Attic', ['Main Hall', 'Room B'])],
    })
    const before = await countSessions(fx.event.id)
    const form = {
      intent: 'add',
      name: 'Barbara Liskov',
      email: `Barbara-${fx.suffix}@Example.com`,
      talkTitle: 'Substitution',
      startTime: '2027-03-11T10:15',
      duration: '50',
      room: 'Room B',
    }
    const ok = (await call(listPage.action, makeRequest(path, { cookie, form }), { id: fx.event.id })) as Response
    expect(ok.status).toBe(302)
    expect(await countSessions(fx.event.id)).toBe(before + 1)
    const [speaker] = await getDb()
      .select()
      .from(eventSpeakers)
      .where(eq(eventSpeakers.email, `barbara-${fx.suffix}@example.com`))
    expect(ok.headers.get('Location')).toBe(speakerPath(speaker!.id))
    const [session] = await getDb().select().from(talkSessions).where(eq(talkSessions.speakerId, speaker!.id))
    expect(session).toMatchObject({ durationMinutes: 50, roomId: fx.rooms.side.id, startsAt: new Date('2027-03-11T10:15:00Z') })
  })

  it('saves the speaker’s page fields and locks', async () => {
    const id = fx.speakers.ada.speakerId
    const bad = await post(id, { intent: 'speaker', name: '', locked: ['bio'] })
    expect(statusOf(bad)).toBe(400)
    const res = (await post(id, {
      intent: 'speaker',
      name: 'Ada King',
      jobTitle: 'Countess',
      company: 'Lovelace & Co',
      bio: 'New bio.',
      locked: ['name', 'bio'],
    })) as Response
    expect(res.status).toBe(302)
    const [row] = await getDb().select().from(eventSpeakers).where(eq(eventSpeakers.id, id))
    expect(row).toMatchObject({
      name: 'Ada King',
      jobTitle: 'Countess',
      company: 'Lovelace & Co',
      bio: 'New bio.',
      lockedFields: ['name', 'bio'],
    })
    const shown = dataOf<Awaited<ReturnType<typeof speakerPage.loader>>>(
      await call(speakerPage.loader, makeRequest(speakerPath(id), { cookie }), { id: fx.event.id, speakerId: id }),
    )
    expect(shown.speaker).toMatchObject({ name: 'Ada King', locked: ['name', 'bio'], state: 'Not invited' })
  })

  it('saves a session (time in the event’s zone, room, locks) and refuses a bad time or a title the speaker already uses', async () => {
    const id = fx.speakers.ada.speakerId
    const sessionId = fx.speakers.ada.sessionId
    const form = {
      intent: 'session',
      sessionId,
      talkTitle: 'Notes, revised',
      talkDescription: 'd',
      startTime: '2027-07-01T09:30',
      duration: '20',
      room: 'room b',
    }
    const bad = await post(id, { ...form, startTime: '2027-03-28T01:30' })
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ result?: Reply; sessionResult: Reply }>(bad).sessionResult.error).toMatchObject({
      startTime: [ROW_PROBLEMS.noSuchTime('2027-03-28T01:30', 'Europe/London')],
    })
    expect(statusOf(await post(id, { ...form, locked: ['talkTitle', 'offer'] }))).toBe(302)
    const [row] = await getDb()
      .select({
        title: talks.title,
        startsAt: talkSessions.startsAt,
        roomId: talkSessions.roomId,
        minutes: talkSessions.durationMinutes,
        locked: talkSessions.lockedFields,
      })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(eq(talkSessions.id, sessionId))
    // 09:30 in London in July (BST) is 08:30 UTC.
    expect(row).toEqual({
      title: 'Notes, revised',
      startsAt: new Date('2027-07-01T08:30:00Z'),
      roomId: fx.rooms.side.id,
      minutes: 20,
      locked: ['talkTitle', 'offer'],
    })

    // A second session of Ada's cannot take the same title (a re-import matches sessions by it).
    const second = await addProgramme(fx.event, fx.owner.id, {
      email: fx.speakers.ada.email,
      name: 'Ada',
      jobTitle: '',
      company: '',
      bio: '',
      talkTitle: 'Second talk',
      talkDescription: '',
      startsAt: new Date('2027-03-11T09:00:00Z'),
      durationMinutes: 30,
      roomId: null,
    })
    const taken = await post(id, { ...form, sessionId: second.sessionId, talkTitle: 'NOTES, REVISED' })
    expect(statusOf(taken)).toBe(400)
    expect(dataOf<{ sessionResult: Reply }>(taken).sessionResult.error).toMatchObject({ talkTitle: [SESSION_TITLE_TAKEN] })
    // Another speaker's session id through Ada's page is not found.
    expect(statusOf(await post(id, { ...form, sessionId: other.speakers.ada.sessionId }))).toBe(404)
  })

  it('removes a speaker from the event unless a session there has leads', async () => {
    const ada = fx.speakers.ada
    const [contact] = await getDb()
      .insert(contacts)
      .values({ ownerId: fx.workspaceId, email: `lead-${fx.suffix}@example.com`, firstName: 'Lead' })
      .returning()
    const [lead] = await getDb()
      .insert(leads)
      .values({
        sessionId: ada.sessionId,
        ownerId: fx.workspaceId,
        contactId: contact!.id,
        email: contact!.email,
        firstName: 'Lead',
        eraseTokenHash: randomBytes(16).toString('hex'),
      })
      .returning()
    const refused = await post(ada.speakerId, { intent: 'remove' })
    expect(statusOf(refused)).toBe(409)
    expect(dataOf<{ removeError: string }>(refused).removeError).toBe(SPEAKER_HAS_LEADS)
    expect(await countSessions(fx.event.id)).toBeGreaterThan(0)

    await getDb().delete(leads).where(eq(leads.id, lead!.id))
    const before = await countSessions(fx.event.id)
    const [talkBefore] = await getDb()
      .select({ talkId: talkSessions.talkId })
      .from(talkSessions)
      .where(eq(talkSessions.id, ada.sessionId))
    const done = (await post(ada.speakerId, { intent: 'remove' })) as Response
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/app/events/${fx.event.id}/speakers`)
    // Both of Ada's sessions at the event (the fixture's and the second one) went, with their talks.
    expect(await countSessions(fx.event.id)).toBe(before - 2)
    expect(await getDb().select().from(talks).where(eq(talks.id, talkBefore!.talkId))).toEqual([])
    // She stays on the roster; her page at this event is gone.
    expect(
      await getDb().select({ id: eventSpeakers.id }).from(eventSpeakers).where(eq(eventSpeakers.id, ada.speakerId)),
    ).toHaveLength(1)
    const gone = await call(speakerPage.loader, makeRequest(speakerPath(ada.speakerId), { cookie }), {
      id: fx.event.id,
      speakerId: ada.speakerId,
    })
    expect(statusOf(gone)).toBe(404)
  })
})
