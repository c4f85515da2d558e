import { describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { getPublicSession } from '~/models/lead-capture.server'
import { submitLead } from '~/models/lead-submit.server'
import { loader as listLoader } from '~/routes/app.leads._index/route'
import { loader as csvLoader } from '~/routes/app.leads.export'
import { loader as personLoader } from '~/routes/app.leads_.$id/route'
import type { PersonView } from '~/routes/app.leads_.$id/view.server'
import { loader as personExportLoader } from '~/routes/app.leads_.$id_.export'
import { apiClient, keyFor, type Json } from './api-calls'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// Booking leads everywhere leads go (issue 33 Deliver 3): the "Booking leads" segment of the leads
// list, the request on the person's page, the booking columns of the Leads CSV, the person's JSON
// export and the API's Lead.booking — each read with its capture, so a capture the plan locks shows
// no request anywhere; another workspace's person is a 404.

const BOOKING = { organisation: 'Acme Events', role: 'Programme lead', timing: 'Next spring' }

async function capture(code: string, email: string, booking: typeof BOOKING | null = null) {
  const session = (await getPublicSession(code))!
  const made = await submitLead({
    session,
    submissionId: crypto.randomUUID(),
    input: {
      firstName: booking ? 'Bea' : 'Noah',
      email,
      company: null,
      jobTitle: null,
      phone: null,
      linkedinUrl: null,
      answers: {},
      marketingConsent: false,
      shareWithSpeaker: false,
    },
    noticeText: 'Notice',
    marketingText: null,
    booking,
  })
  return made!
}

async function workspace(plan: 'free' | 'pro' = 'pro') {
  const owner = await createOwner(undefined, { plan })
  const { session } = await createLiveSession(owner.id, { eventName: 'DevConf 2026' })
  return { owner, session, cookie: await sessionCookie(owner.id) }
}

type ListData = { rows: { email: string; bookingOrganisation: string | null }[]; total: number; query: string }
const list = async (cookie: string, query: string) =>
  (await call(listLoader, makeRequest(`/app/leads?${query}`, { cookie }))) as ListData

async function csvRows(cookie: string, query = '') {
  const res = (await call(csvLoader, makeRequest(`/app/leads/export${query ? `?${query}` : ''}`, { cookie }))) as Response
  expect(res.status).toBe(200)
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()))
  return { header: text.slice(1).split('\r\n')[0]!, rows: parse(text.slice(1), { columns: true }) as Record<string, string>[] }
}

describe('booking leads in the leads list, the person page and the exports', () => {
  it('the segment lists only people who asked; the page, CSV, JSON export and API show the request', async () => {
    const { owner, session, cookie } = await workspace()
    const [booked, plain] = [attendeeEmail(), attendeeEmail()]
    const made = await capture(session.code, booked, BOOKING)
    await capture(session.code, plain)

    const all = await list(cookie, '')
    expect(all.rows.map((r) => r.email).sort()).toEqual([booked, plain].sort())
    const segment = await list(cookie, 'booking=yes')
    expect(segment.query).toBe('booking=yes')
    expect(segment.rows.map((r) => [r.email, r.bookingOrganisation])).toEqual([[booked, BOOKING.organisation]])
    expect(all.rows.find((r) => r.email === plain)!.bookingOrganisation).toBeNull()
    expect(segment.total).toBe(1)

    const view = (await call(personLoader, makeRequest(`/app/leads/${made.contactId}`, { cookie }), {
      id: made.contactId,
    })) as PersonView
    expect(view.captures.map((c) => c.booking)).toEqual([{ ...BOOKING, at: expect.any(String) }])

    // Columns added at the end, after the consent columns that were last before.
    const { header, rows } = await csvRows(cookie)
    expect(header.endsWith('Consent recorded at (UTC),Booking organisation,Booking role,Booking when')).toBe(true)
    expect(rows.find((r) => r.Email === booked)).toMatchObject({
      'Booking organisation': BOOKING.organisation,
      'Booking role': BOOKING.role,
      'Booking when': BOOKING.timing,
    })
    expect(rows.find((r) => r.Email === plain)).toMatchObject({
      'Booking organisation': '',
      'Booking role': '',
      'Booking when': '',
    })
    // The segment's CSV is the segment's people.
    expect((await csvRows(cookie, 'booking=yes')).rows.map((r) => r.Email)).toEqual([booked])

    const json = (await call(personExportLoader, makeRequest(`/app/leads/${made.contactId}/export`, { cookie }), {
      id: made.contactId,
    })) as Response
    const doc = (await json.json()) as { captures: { booking: unknown }[] }
    expect(doc.captures.map((c) => c.booking)).toEqual([{ ...BOOKING, createdAt: expect.any(String) }])

    const api = apiClient(await keyFor(owner.id, owner, ['leads:read']))
    const lead = await api('GET', `/leads/${made.contactId}`)
    expect(lead.status).toBe(200)
    expect(lead.body.booking).toEqual({ ...BOOKING, session_id: session.id, created_at: expect.any(String) })
    const other = (await api('GET', '/leads')).body.data.find((l: Json) => l.email === plain)
    expect(other.booking).toBeNull()
  })

  it('a capture the plan locks shows no request: not in the segment, the CSV or the API', async () => {
    const { session, cookie } = await workspace('free')
    for (let i = 0; i < 3; i++) await capture(session.code, attendeeEmail())
    const locked = await capture(session.code, attendeeEmail(), { ...BOOKING, organisation: 'Secret Org' })

    expect((await list(cookie, 'booking=yes')).total).toBe(0)
    const { rows } = await csvRows(cookie)
    expect(rows).toHaveLength(3)
    expect(rows.every((r) => r['Booking organisation'] === '')).toBe(true)
    const person = await call(personLoader, makeRequest(`/app/leads/${locked.contactId}`, { cookie }), { id: locked.contactId })
    expect((person as Response).status).toBe(404)
  })

  it('another workspace sees nothing of it: 404 for the person, their export and the API lead; an empty segment', async () => {
    const { session } = await workspace()
    const made = await capture(session.code, attendeeEmail(), BOOKING)
    const stranger = await workspace()
    const status = (r: unknown) => (r instanceof Response ? r.status : 200)
    expect(
      status(
        await call(personLoader, makeRequest(`/app/leads/${made.contactId}`, { cookie: stranger.cookie }), {
          id: made.contactId,
        }),
      ),
    ).toBe(404)
    expect(
      status(
        await call(personExportLoader, makeRequest(`/app/leads/${made.contactId}/export`, { cookie: stranger.cookie }), {
          id: made.contactId,
        }),
      ),
    ).toBe(404)
    expect((await list(stranger.cookie, 'booking=yes')).total).toBe(0)
    const api = apiClient(await keyFor(stranger.owner.id, stranger.owner, ['leads:read']))
    expect((await api('GET', `/leads/${made.contactId}`)).status).toBe(404)
  })
})
