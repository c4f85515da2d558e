import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { talkSessions } from '~/db/schema/talks'
import { apiClient, keyFor, walk, type Json } from './api-calls'
import { seedTalkAndSession } from './app-utils'
import { organiserWithEvent } from './event-fixtures'
import { createOwner } from './lead-capture-utils'

// /api/v1 talks, sessions and events (issue 30 Deliver 2) through the wrapper, on both drivers, every
// answer checked against the document: lists and their filters, one object, a draft made, taken live
// and closed with the app's guards; bad values named; another workspace's ids 404.

async function speaker(scopes: Parameters<typeof keyFor>[2] = ['sessions:read', 'sessions:write']) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  return { owner, call: apiClient(await keyFor(owner.id, owner, scopes)) }
}

describe('talks', () => {
  it('lists talks newest first and answers one; another workspace’s talk is 404', async () => {
    const { owner, call } = await speaker(['sessions:read'])
    const made = [await seedTalkAndSession(owner.id), await seedTalkAndSession(owner.id), await seedTalkAndSession(owner.id)]
    const other = await seedTalkAndSession((await createOwner(undefined, { plan: 'pro' })).id)
    const all = await walk(call, '/talks?limit=2')
    expect(all.map((t) => t.id)).toEqual(made.map((m) => m.talkId).reverse())
    const one = await call('GET', `/talks/${made[0]!.talkId}`)
    expect(one.body).toMatchObject({ id: made[0]!.talkId, title: 'Nanoseconds', tag: 'Keynote', sessions: 1 })
    expect((await call('GET', `/talks/${other.talkId}`)).status).toBe(404)
    expect((await call('GET', '/talks?starting_after=' + other.talkId)).body.error.param).toBe('starting_after')
    expect((await call('GET', '/talks?title=x')).body.error).toMatchObject({ code: 'bad_request', param: 'title' })
  })
})

describe('sessions', () => {
  it('lists and answers sessions with their attendee link and QR addresses, and filters them', async () => {
    const { owner, call } = await speaker(['sessions:read'])
    const a = await seedTalkAndSession(owner.id, { eventName: 'One' })
    const b = await seedTalkAndSession(owner.id, { eventName: 'Two' })
    await getDb().update(talkSessions).set({ status: 'live' }).where(eq(talkSessions.id, b.sessionId))
    const list = await call('GET', '/sessions')
    expect(list.body.data.map((s: Json) => s.event_name)).toEqual(['Two', 'One'])
    const one = await call('GET', `/sessions/${b.sessionId}`)
    expect(one.body).toMatchObject({
      id: b.sessionId,
      talk_id: b.talkId,
      status: 'live',
      attendee_url: `http://localhost:3000/t/${b.code}`,
      qr: {
        content: `http://localhost:3000/t/${b.code}?qr=1`,
        svg_url: `http://localhost:3000/app/sessions/${b.sessionId}/qr/svg?switch=${owner.id}`,
      },
      stats: { scans: 0, visits: 0, visitors: 0, leads: 0 },
      event_id: null,
      room: null,
      speaker: null,
    })
    expect(list.body.data[0]).toEqual(one.body)
    expect((await call('GET', '/sessions?status=live')).body.data.map((s: Json) => s.id)).toEqual([b.sessionId])
    expect((await call('GET', `/sessions?talk=${a.talkId}`)).body.data.map((s: Json) => s.id)).toEqual([a.sessionId])
    for (const [query, param] of [
      ['status=open', 'status'],
      ['talk=x', 'talk'],
      ['event=1', 'event'],
      ['code=abc', 'code'],
    ]) {
      const res = await call('GET', `/sessions?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.error.param, query).toBe(param)
    }
    const other = await seedTalkAndSession((await createOwner(undefined, { plan: 'pro' })).id)
    expect((await call('GET', `/sessions/${other.sessionId}`)).status).toBe(404)
    expect((await call('GET', `/sessions/not-a-uuid`)).status).toBe(404)
  })

  it('creates a draft with the app’s defaults, and names a bad field (422)', async () => {
    const { owner, call } = await speaker()
    const { talkId } = await seedTalkAndSession(owner.id)
    const body = {
      talk_id: talkId,
      event_name: 'NDC Oslo',
      starts_at: '2027-06-01T09:00:00+02:00',
      time_zone: 'Europe/Oslo',
      city: 'Oslo',
    }
    const made = await call('POST', '/sessions', { body, headers: { 'Idempotency-Key': 'ndc' } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      status: 'draft',
      talk_id: talkId,
      event_name: 'NDC Oslo',
      starts_at: '2027-06-01T07:00:00.000Z',
      city: 'Oslo',
      offer: { kind: 'none' },
      fields: { company: true, job_title: true, phone: false, linkedin: false },
      questions: [],
    })
    const [row] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, made.body.id))
    expect(row).toMatchObject({ userId: owner.id, workspaceId: owner.id, accentColor: '#4f46e5' })
    expect(row!.consentText).toContain('Ada Lovelace will use the details you enter here')
    // A retry with its Idempotency-Key is the same draft, not a second one.
    const again = await call('POST', '/sessions', { body, headers: { 'Idempotency-Key': 'ndc' } })
    expect(again.body.id).toBe(made.body.id)
    expect((await call('GET', `/sessions?talk=${talkId}`)).body.data).toHaveLength(2)

    const online = await call('POST', '/sessions', {
      body: {
        ...body,
        city: undefined,
        is_online: true,
        offer: { title: 'Slides', url: 'https://ex.com/s.pdf' },
        accent_color: '#0F766E',
      },
    })
    expect(online.body).toMatchObject({
      city: null,
      is_online: true,
      offer: { kind: 'url', title: 'Slides', url: 'https://ex.com/s.pdf' },
    })

    const theirs = await seedTalkAndSession((await createOwner(undefined, { plan: 'pro' })).id)
    const cases: Array<[Json, string | undefined]> = [
      [{ ...body, talk_id: theirs.talkId }, 'talk_id'],
      [{ ...body, talk_id: undefined }, 'talk_id'],
      [{ ...body, event_name: '  ' }, 'event_name'],
      [{ ...body, starts_at: '2027-06-01T09:00' }, 'starts_at'],
      [{ ...body, time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ ...body, city: undefined }, 'city'],
      [{ ...body, audience_size: 0 }, 'audience_size'],
      [{ ...body, offer: { title: 'x', url: 'javascript:alert(1)' } }, 'offer.url'],
      [{ ...body, accent_color: '#ff0000' }, 'accent_color'],
      [{ ...body, accent_color: 'red' }, 'accent_color'],
      [{ ...body, questions: [] }, 'questions'],
    ]
    for (const [bad, param] of cases) {
      const res = await call('POST', '/sessions', { body: bad })
      expect(res.status, JSON.stringify(bad)).toBe(422)
      expect(res.body.error.param, JSON.stringify(bad)).toBe(param)
    }
  })

  it('takes a session live and closes it with the app’s guards; another workspace’s is 404', async () => {
    const { owner, call } = await speaker()
    const { sessionId } = await seedTalkAndSession(owner.id)
    const live = await call('POST', `/sessions/${sessionId}/go-live`)
    expect(live.status).toBe(200)
    expect(live.body).toMatchObject({ status: 'live', went_live_at: expect.any(String), closed_at: null })
    expect((await call('POST', `/sessions/${sessionId}/go-live`)).body.status).toBe('live')
    const closed = await call('POST', `/sessions/${sessionId}/close`)
    expect(closed.body).toMatchObject({ status: 'closed', closed_at: expect.any(String) })
    const again = await call('POST', `/sessions/${sessionId}/close`)
    expect(again.status).toBe(409)
    expect(again.body.error).toMatchObject({ code: 'conflict', message: 'Only a live session can be closed.' })
    expect((await call('POST', `/sessions/${sessionId}/go-live`)).body).toMatchObject({ status: 'live', closed_at: null })

    const other = await seedTalkAndSession((await createOwner(undefined, { plan: 'pro' })).id)
    for (const action of ['go-live', 'close'])
      expect((await call('POST', `/sessions/${other.sessionId}/${action}`)).status).toBe(404)
    const [theirs] = await getDb()
      .select({ status: talkSessions.status })
      .from(talkSessions)
      .where(eq(talkSessions.id, other.sessionId))
    expect(theirs!.status).toBe('draft')

    const readOnly = apiClient(await keyFor(owner.id, owner, ['sessions:read']))
    expect((await readOnly('POST', `/sessions/${sessionId}/close`)).status).toBe(403)
    expect((await readOnly('POST', '/sessions', { body: {} })).status).toBe(403)
    expect((await call('GET', `/sessions/${sessionId}`)).body.status).toBe('live')
  })
})

describe('events', () => {
  it('lists an organiser’s events and their sessions with rooms and speakers; another’s event is 404', async () => {
    const fx = await organiserWithEvent()
    const other = await organiserWithEvent()
    const call = apiClient(await keyFor(fx.workspaceId, fx.owner, ['events:read']))
    const list = await call('GET', '/events')
    expect(list.body.data).toHaveLength(1)
    const event = list.body.data[0] as Json
    expect(event).toMatchObject({
      id: fx.event.id,
      public_url: `http://localhost:3000/e/${fx.event.slug}`,
      starts_on: '2027-03-10',
      ends_on: '2027-03-11',
      rooms: [{ name: 'Main Hall' }, { name: 'Room B' }],
      sessions: 2,
      speakers: 2,
      recipients: 'organiser',
    })
    expect((await call('GET', `/events/${fx.event.id}`)).body).toEqual(event)
    const sessions = await walk(call, `/events/${fx.event.id}/sessions?limit=1`)
    expect(sessions.map((s) => [s.room, s.speaker?.name]).sort()).toEqual([
      ['Main Hall', 'Ada Lovelace'],
      ['Room B', 'Grace Hopper'],
    ])
    expect(sessions.every((s) => s.event_id === fx.event.id)).toBe(true)
    expect((await call('GET', `/events/${fx.event.id}/sessions?status=draft`)).body.data).toHaveLength(2)
    expect((await call('GET', `/events/${other.event.id}`)).status).toBe(404)
    expect((await call('GET', `/events/${other.event.id}/sessions`)).status).toBe(404)
    expect((await call('GET', `/events?status=draft`)).body.error.param).toBe('status')
    // The sessions list needs sessions:read; this key has only events:read.
    expect((await call('GET', '/sessions')).status).toBe(403)
    const pro = await speaker(['events:read'])
    expect((await pro.call('GET', '/events')).body).toEqual({ data: [], has_more: false })
  })
})
