import { and, eq, inArray } from 'drizzle-orm'
import { events } from '~/db/schema/events'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import { eraseCaptures } from '~/models/lead-events.server'
import { apiClient, keyFor, walk, type Json } from './api-calls'
import { eventSignUp, liveEvent } from './event-recipients-utils'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'

// /api/v1/leads (issue 30 Deliver 2) through the wrapper, on both drivers, every answer checked
// against the document: the list with each filter and its cursor, one lead, PATCH and notes; bad
// values and unknown parameters named; another workspace's, an erased and a withheld lead are 404.

async function speaker(scopes: Parameters<typeof keyFor>[2] = ['leads:read', 'leads:write']) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const { session, talk } = await createLiveSession(owner.id, { eventName: 'JSConf Berlin' })
  return { owner, session, talk, call: apiClient(await keyFor(owner.id, owner, scopes)) }
}

const personId = async (ownerId: string, email: string) =>
  (
    await getDb()
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  )[0]!.id

const emails = (list: Json) => (list.data as Json[]).map((l) => l.email)

describe('GET /leads and /leads/{id}', () => {
  it('lists people newest first with their captures and consent; one answers the bare object with its notes', async () => {
    const { owner, session, call } = await speaker()
    const { session: summit } = await createLiveSession(owner.id, { eventName: 'Web Summit' })
    const [grace, alan] = [attendeeEmail(), attendeeEmail()]
    await signUp(session, { email: grace, company: 'Navy', q_role: 'Engineering' })
    await signUp(summit, { email: grace, company: 'US Navy', marketing: 'yes' })
    await signUp(session, { email: alan })
    const list = await call('GET', '/leads')
    expect(list.status).toBe(200)
    expect(emails(list.body)).toEqual([alan, grace])
    expect(list.body.has_more).toBe(false)
    const lead = list.body.data[1] as Json
    expect(lead).toMatchObject({
      email: grace,
      name: 'Grace',
      company: 'US Navy',
      status: 'new',
      tags: [],
      marketing_consent: true,
    })
    expect(lead.captures.map((c: Json) => c.event_name)).toEqual(['Web Summit', 'JSConf Berlin'])
    expect(lead.captures[1].answers).toEqual([
      { question_id: 'role', question: 'Your role', kind: 'single', value: 'Engineering' },
    ])
    expect(lead.captures[0].consent).toMatchObject({
      marketing_consent: true,
      notice_version: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(lead.first_captured_at).toBe(lead.captures[1].created_at)

    expect((await call('POST', `/leads/${lead.id}/notes`, { body: { body: '  Call in May  ' } })).status).toBe(201)
    const one = await call('GET', `/leads/${lead.id}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ id: lead.id, email: grace, captures: lead.captures })
    expect(one.body.notes.map((n: Json) => n.body)).toEqual(['Call in May'])
    // The list holds the very same object.
    expect((await call('GET', '/leads')).body.data[1]).toEqual(one.body)
  })

  it('walks every page once with starting_after while people keep signing up', async () => {
    const { session, call } = await speaker()
    const before: string[] = []
    for (let i = 0; i < 7; i++) {
      const email = attendeeEmail()
      await signUp(session, { email })
      before.unshift(email)
    }
    const arrived: string[] = []
    const seen = await walk(call, '/leads?limit=2', async () => {
      const email = attendeeEmail()
      arrived.push(email)
      await signUp(session, { email })
    })
    expect(seen.map((l) => l.email)).toEqual(before)
    expect((await call('GET', '/leads?limit=100')).body.data).toHaveLength(7 + arrived.length)
    // A cursor that names no lead of this workspace is refused, by name.
    const other = await speaker()
    await signUp(other.session, { email: attendeeEmail() })
    const theirs = (await other.call('GET', '/leads')).body.data[0].id
    for (const cursor of [theirs, 'nope']) {
      const res = await call('GET', `/leads?starting_after=${cursor}`)
      expect(res.status).toBe(400)
      expect(res.body.error).toMatchObject({ code: 'bad_request', param: 'starting_after' })
    }
  })

  it('filters by session, talk, event, event name, status, tag, score band and since', async () => {
    const { owner, session, talk, call } = await speaker()
    const { session: summit } = await createLiveSession(owner.id, { eventName: 'Web Summit' })
    const [grace, alan, ada] = [attendeeEmail(), attendeeEmail(), attendeeEmail()]
    await signUp(session, { email: grace })
    await signUp(summit, { email: alan })
    const beforeAda = new Date().toISOString()
    await signUp(summit, { email: ada })
    const adaId = await personId(owner.id, ada)
    await getDb().update(contacts).set({ scoreBand: 'hot' }).where(eq(contacts.id, adaId))
    expect((await call('PATCH', `/leads/${adaId}`, { body: { status: 'meeting', add_tags: ['VIP'] } })).status).toBe(200)

    const cases: Array<[string, string[]]> = [
      [`session=${session.id}`, [grace]],
      [`talk=${talk.id}`, [grace]],
      [`session=${session.id.toUpperCase()}`, [grace]],
      ['event_name=Web%20Summit', [ada, alan]],
      [`session=${session.id}&event_name=Web%20Summit`, []],
      [`event=${crypto.randomUUID()}`, []],
      ['status=meeting', [ada]],
      ['status=new', [alan, grace]],
      ['tag=vip', [ada]],
      ['tag=%20VIP%20', [ada]],
      ['score_band=hot', [ada]],
      [`created_since=${encodeURIComponent(beforeAda)}`, [ada]],
      [`updated_since=${encodeURIComponent(beforeAda)}`, [ada]],
      ['created_since=2000-01-01T00:00:00%2B02:00', [ada, alan, grace]],
    ]
    for (const [query, expected] of cases) {
      const res = await call('GET', `/leads?${query}`)
      expect(res.status, query).toBe(200)
      expect(emails(res.body), query).toEqual(expected)
    }
  })

  it('answers a bad value or an unknown parameter with 400 naming it, never ignoring it', async () => {
    const { call } = await speaker(['leads:read'])
    const cases: Array<[string, string]> = [
      ['session=nope', 'session'],
      ['talk=1', 'talk'],
      ['event=x', 'event'],
      ['status=hot', 'status'],
      ['status=new&status=won', 'status'],
      ['score_band=lava', 'score_band'],
      ['band=hot', 'band'],
      ['tag=', 'tag'],
      [`tag=${'x'.repeat(41)}`, 'tag'],
      ['event_name=', 'event_name'],
      ['event_name=a%00b', 'event_name'],
      ['tag=a%07b', 'tag'],
      ['created_since=yesterday', 'created_since'],
      ['created_since=2026-01-01', 'created_since'],
      ['updated_since=2026-01-01T10:00:00', 'updated_since'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['q=grace', 'q'],
      ['sort=name', 'sort'],
    ]
    for (const [query, param] of cases) {
      const res = await call('GET', `/leads?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.error, query).toMatchObject({ code: 'bad_request', param })
    }
    expect((await call('GET', `/leads/${crypto.randomUUID()}?expand=notes`)).body.error.param).toBe('expand')
  })
})

describe('the app’s rules through the API', () => {
  it('another workspace’s lead, an erased one and a made-up id are 404 on every operation', async () => {
    const a = await speaker()
    const b = await speaker()
    const email = attendeeEmail()
    await signUp(b.session, { email })
    const theirs = await personId(b.owner.id, email)
    const erasedEmail = attendeeEmail()
    await signUp(a.session, { email: erasedEmail })
    const erased = await personId(a.owner.id, erasedEmail)
    const captures = await getDb().select({ id: leads.id }).from(leads).where(eq(leads.contactId, erased))
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: a.owner.id, leadIds: captures.map((c) => c.id) }, 'attendee'))
    for (const id of [theirs, erased, crypto.randomUUID(), 'not-an-id']) {
      expect((await a.call('GET', `/leads/${id}`)).status, id).toBe(404)
      expect((await a.call('PATCH', `/leads/${id}`, { body: { status: 'lost' } })).status, id).toBe(404)
      expect((await a.call('POST', `/leads/${id}/notes`, { body: { body: 'x' } })).status, id).toBe(404)
    }
    expect((await a.call('GET', '/leads')).body.data).toEqual([])
    const [row] = await getDb().select({ status: contacts.status }).from(contacts).where(eq(contacts.id, theirs))
    expect(row!.status).toBe('new')
  })

  it('gives an organiser’s key only the captures given to the organiser', async () => {
    const fx = await liveEvent('speaker')
    const call = apiClient(await keyFor(fx.workspaceId, fx.owner, ['leads:read', 'leads:write']))
    const speakerOnly = await eventSignUp(fx.speakers.ada, { company: 'Only for Ada' })
    expect(speakerOnly.lead.toOrganiser).toBe(false)
    // The organiser now receives the details of the event's sign-ups.
    await getDb().update(events).set({ recipients: 'organiser' }).where(eq(events.id, fx.event.id))
    const shared = await eventSignUp(fx.speakers.grace, { company: 'For the organiser' })
    const list = await call('GET', '/leads')
    expect(emails(list.body)).toEqual([shared.email])
    expect(JSON.stringify(list.body)).not.toContain('Only for Ada')
    expect((await call('GET', `/leads/${speakerOnly.lead.contactId}`)).status).toBe(404)
    expect((await call('PATCH', `/leads/${speakerOnly.lead.contactId}`, { body: { status: 'lost' } })).status).toBe(404)
    expect((await call('GET', `/leads?event=${fx.event.id}`)).body.data.map((l: Json) => l.id)).toEqual([shared.lead.contactId])
  })

  it('a key without leads:write may read but not change (403)', async () => {
    const { owner, session, call } = await speaker(['leads:read'])
    const email = attendeeEmail()
    await signUp(session, { email })
    const id = await personId(owner.id, email)
    expect((await call('GET', `/leads/${id}`)).status).toBe(200)
    const refused = await call('PATCH', `/leads/${id}`, { body: { status: 'lost' } })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toContain('leads:write')
    expect((await call('POST', `/leads/${id}/notes`, { body: { body: 'x' } })).status).toBe(403)
    const none = apiClient(await keyFor(owner.id, owner, ['sessions:read']))
    expect((await none('GET', '/leads')).status).toBe(403)
  })
})

describe('PATCH /leads/{id} and POST /leads/{id}/notes', () => {
  it('changes status, deal and tags in one go, with the page’s timeline entries', async () => {
    const { owner, session, call } = await speaker()
    const email = attendeeEmail()
    await signUp(session, { email })
    const id = await personId(owner.id, email)
    const changed = await call('PATCH', `/leads/${id}`, {
      body: { status: 'won', deal: { amount: 125000, currency: 'EUR' }, tags: ['Hot', 'vip', 'hot'] },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id, status: 'won', deal: { amount: 125000, currency: 'EUR' }, tags: ['hot', 'vip'] })
    const removed = await call('PATCH', `/leads/${id}`, { body: { remove_tags: ['VIP'], add_tags: ['board'] } })
    expect(removed.body.tags).toEqual(['hot', 'board'])
    const types = await getDb()
      .select({ type: leadEvents.type })
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, id), inArray(leadEvents.type, ['status', 'deal', 'tags'])))
      .orderBy(leadEvents.id)
    expect(types.map((t) => t.type)).toEqual(['status', 'deal', 'tags', 'tags'])
    // The same PATCH again with its Idempotency-Key is the kept answer, not a second change.
    const once = { body: { status: 'lost' }, headers: { 'Idempotency-Key': 'lost-1' } }
    expect((await call('PATCH', `/leads/${id}`, once)).body.status).toBe('lost')
    await call('PATCH', `/leads/${id}`, { body: { status: 'meeting' } })
    const replay = await call('PATCH', `/leads/${id}`, once)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await call('GET', `/leads/${id}`)).body.status).toBe('meeting')
  })

  it('names the field of a refused change (422), and changes nothing', async () => {
    const { owner, session, call } = await speaker()
    const email = attendeeEmail()
    await signUp(session, { email })
    const id = await personId(owner.id, email)
    const cases: Array<[unknown, string | undefined]> = [
      [{}, undefined],
      [{ status: 'won' }, 'status'],
      [{ status: 'hot' }, 'status'],
      [{ tags: ['ok', 'a,b'] }, 'tags.1'],
      [{ tags: ['ok', ' '] }, 'tags.1'],
      [{ add_tags: ['x'.repeat(41)] }, 'add_tags.0'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: ['a'], add_tags: ['b'] }, 'tags'],
      [{ deal: { amount: 10.5, currency: 'EUR' } }, 'deal.amount'],
      [{ deal: { amount: 1, currency: 'XYZ' } }, 'deal.currency'],
      [{ deal: { amount: 2e12, currency: 'EUR' } }, 'deal.amount'],
      [{ score: 99 }, 'score'],
    ]
    for (const [body, param] of cases) {
      const res = await call('PATCH', `/leads/${id}`, { body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.error.param, JSON.stringify(body)).toBe(param)
    }
    // Twenty tags fit; one more over the ones there is refused whole, the status with it.
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`)
    expect((await call('PATCH', `/leads/${id}`, { body: { status: 'contacted', add_tags: twenty } })).status).toBe(200)
    const over = await call('PATCH', `/leads/${id}`, { body: { status: 'lost', add_tags: ['one more'] } })
    expect(over.status).toBe(422)
    expect(over.body.error.param).toBe('add_tags')
    expect((await call('GET', `/leads/${id}`)).body.status).toBe('contacted')
  })

  it('adds a note (201) and refuses an empty one (422)', async () => {
    const { owner, session, call } = await speaker()
    const email = attendeeEmail()
    await signUp(session, { email })
    const id = await personId(owner.id, email)
    const made = await call('POST', `/leads/${id}/notes`, { body: { body: 'Loved the demo' } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ body: 'Loved the demo', id: expect.any(String) })
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(5001) }, { text: 'x' }, {}]) {
      const res = await call('POST', `/leads/${id}/notes`, { body })
      expect(res.status, JSON.stringify(body)).toBe(422)
    }
    expect((await call('GET', `/leads/${id}`)).body.notes).toEqual([made.body])
  })
})
