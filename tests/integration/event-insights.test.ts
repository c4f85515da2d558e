import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookingLeads, feedbackResponses } from '~/db/schema/feedback'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { sessionViews } from '~/db/schema/talks'
import { auditEvents } from '~/db/schema/workspaces'
import type { ContactStatus, ScoreBand } from '~/lib/lead-status'
import { loader as speakersCsv } from '~/routes/app.events.$id.insights_.speakers[.]csv'
import { loader as sessionsCsv } from '~/routes/app.events.$id.insights_.sessions[.]csv'
import { loader as eventPage } from '~/routes/app.events.$id.insights'
import { loader as workspacePage } from '~/routes/app.events.insights'
import { eventInsights, workspaceInsights } from '~/services/event-insights.server'
import { addProgramme, claimSpeaker, makeEvent, organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { call, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// Insights by event, speaker and session (issue 23 Deliver 7) on a small fixture whose every figure
// is worked out by hand: counts take every capture; hot leads and money only the captures given to
// the organiser, money by first touch; leads per 15 minutes per room in the event's zone; another
// workspace's event and a speaker get 404.

let fx: OrganiserFixture
let cookie: string

type Person = { band?: ScoreBand; status?: ContactStatus; deal?: number; currency?: string }

async function capture(
  sessionId: string,
  email: string,
  at: string,
  { toOrganiser = true, ...person }: Person & { toOrganiser?: boolean } = {},
) {
  const db = getDb()
  const ownerId = fx.workspaceId
  const [existing] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  const contact =
    existing ??
    (
      await db
        .insert(contacts)
        .values({
          ownerId,
          email,
          firstName: email.split('@')[0]!,
          scoreBand: person.band ?? 'cold',
          status: person.status ?? 'new',
          dealValueCents: person.deal ?? null,
          dealCurrency: person.currency ?? null,
        })
        .returning()
    )[0]!
  await db.insert(leads).values({
    sessionId,
    ownerId,
    contactId: contact.id,
    email,
    firstName: contact.firstName,
    eraseTokenHash: randomBytes(16).toString('hex'),
    toOrganiser,
    toSpeaker: !toOrganiser,
    createdAt: new Date(at),
  })
}

/** Feedback straight into the table (the attendee page's rules are tested in feedback tests). */
async function answer(
  sessionId: string,
  rating: number,
  extra: Partial<typeof feedbackResponses.$inferInsert> & { email?: string } = {},
) {
  const db = getDb()
  const { email, ...rest } = extra
  const lead = email
    ? (await db.select().from(leads).where(and(eq(leads.sessionId, sessionId), eq(leads.email, email))))[0]!
    : null
  await db.insert(feedbackResponses).values({
    sessionId,
    ownerId: fx.workspaceId,
    browserKeyHash: randomBytes(16).toString('hex'),
    rating,
    leadId: lead?.id ?? null,
    contactId: lead?.contactId ?? null,
    ...rest,
  })
  return lead
}

async function view(sessionId: string, kind: 'scan' | 'visit', visitor: string) {
  await getDb().insert(sessionViews).values({ sessionId, kind, visitor })
}

beforeAll(async () => {
  fx = await organiserWithEvent()
  cookie = await cookieFor(fx.owner.id, fx.workspaceId)
  const { ada, grace } = fx.speakers
  // Ada (Main Hall, 09:00 London = UTC in March): 3 scans and 2 visits by 4 visitors, 3 leads.
  for (const v of ['a', 'b', 'c']) await view(ada.sessionId, 'scan', v)
  for (const v of ['a', 'd']) await view(ada.sessionId, 'visit', v)
  await capture(ada.sessionId, 'p1@x.example', '2027-03-10T09:10:00Z', {
    band: 'hot',
    status: 'won',
    deal: 100_000,
    currency: 'EUR',
  })
  // Hot, but given to the speaker only: a lead, never a hot lead.
  await capture(ada.sessionId, 'p2@x.example', '2027-03-10T09:20:00Z', { band: 'hot', toOrganiser: false })
  await capture(ada.sessionId, 'p3@x.example', '2027-03-10T09:40:00Z', { status: 'meeting', deal: 50_000, currency: 'EUR' })
  // Grace (Room B, 10:00): 1 scan, 3 leads (more leads than visitors: the conversion's floor).
  await view(grace.sessionId, 'scan', 'e')
  await capture(grace.sessionId, 'p4@x.example', '2027-03-10T10:05:00Z', {
    band: 'hot',
    status: 'contacted',
    deal: 20_000,
    currency: 'USD',
  })
  // p1 again: hot here too, but their won deal stays with Ada's session (first touch).
  await capture(grace.sessionId, 'p1@x.example', '2027-03-10T10:30:00Z')
  // A won deal the organiser was not given: in no money.
  await capture(grace.sessionId, 'p5@x.example', '2027-03-10T10:50:00Z', {
    status: 'won',
    deal: 999_900,
    currency: 'EUR',
    toOrganiser: false,
  })
  // Feedback (issue 33 Deliver 4). Ada: ratings 5, 4, 2; content 4 and 5; delivery 5; one testimonial
  // awaiting approval (p1), one approved (p3), one ticked without words (not a testimonial); p1 wants
  // a booking. Grace: one 3.
  const p1 = (await answer(ada.sessionId, 5, {
    email: 'p1@x.example',
    followUp: 'Loved the engine',
    contentRating: 4,
    deliveryRating: 5,
    testimonialPermission: true,
  }))!
  await answer(ada.sessionId, 4, {
    email: 'p3@x.example',
    followUp: 'Clear',
    contentRating: 5,
    testimonialPermission: true,
    approval: 'approved',
  })
  await answer(ada.sessionId, 2, { testimonialPermission: true })
  await answer(grace.sessionId, 3)
  await getDb().insert(bookingLeads).values({
    sessionId: ada.sessionId,
    ownerId: fx.workspaceId,
    leadId: p1.id,
    contactId: p1.contactId!,
    organisation: 'Acme',
    role: 'Organiser',
    timing: 'Next spring',
  })
})

describe('event insights: the figures', () => {
  it('counts each session, its speaker and the event', async () => {
    const event = fx.event
    const data = await eventInsights(fx.workspaceId, event, new URLSearchParams(), { timeline: true })
    const ada = data.sessions.find((s) => s.id === fx.speakers.ada.sessionId)!
    const grace = data.sessions.find((s) => s.id === fx.speakers.grace.sessionId)!
    expect(ada).toMatchObject({
      scans: 3,
      visits: 2,
      visitors: 4,
      leads: 3,
      hotLeads: 1,
      conversion: { percent: 75, floored: false },
      pipeline: [{ currency: 'EUR', cents: 50_000 }],
      won: [{ currency: 'EUR', cents: 100_000 }],
      roomName: 'Main Hall',
      speakerName: 'Ada Lovelace',
    })
    expect(grace).toMatchObject({
      scans: 1,
      visits: 0,
      visitors: 1,
      leads: 3,
      hotLeads: 2,
      conversion: { percent: 100, floored: true },
      pipeline: [{ currency: 'USD', cents: 20_000 }],
      won: [],
    })
    expect(data.totals).toMatchObject({
      sessions: 2,
      scans: 4,
      visits: 2,
      visitors: 5,
      leads: 6,
      hotLeads: 3,
      pipeline: [
        { currency: 'EUR', cents: 50_000 },
        { currency: 'USD', cents: 20_000 },
      ],
      won: [{ currency: 'EUR', cents: 100_000 }],
    })
    // Leads 6 ÷ people 4 (Ada) + 3 (Grace's floor) = 86%.
    expect(data.totals.conversion.percent).toBe(86)
    // Feedback: responses ÷ unique visitors with the speaker's page's rule (responseRate).
    expect(ada.feedback).toEqual({
      responses: 3,
      counts: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 },
      parts: { content: { sum: 9, count: 2 }, delivery: { sum: 5, count: 1 }, slides: { sum: 0, count: 0 } },
      bookingLeads: 1,
      awaitingApproval: 1,
    })
    expect(ada.responseRate).toMatchObject({ percent: 75, floored: false })
    expect(grace.feedback).toMatchObject({ responses: 1, counts: { 3: 1 }, bookingLeads: 0, awaitingApproval: 0 })
    expect(grace.responseRate).toMatchObject({ percent: 100 })
    // 4 answers ÷ (4 + 1) visitors = 80%; the counts add up per rating.
    expect(data.totals.responseRate.percent).toBe(80)
    expect(data.totals.feedback).toMatchObject({
      responses: 4,
      counts: { 2: 1, 3: 1, 4: 1, 5: 1 },
      parts: { content: { sum: 9, count: 2 }, delivery: { sum: 5, count: 1 } },
      bookingLeads: 1,
      awaitingApproval: 1,
    })
    const adaRow = data.speakers.find((s) => s.name === 'Ada Lovelace')!
    expect(adaRow.feedback.responses).toBe(3)
    expect(adaRow.responseRate.percent).toBe(75)
    // Speakers sorted by leads (desc), ties in the roster's order (by name).
    expect(data.speakers.map((s) => [s.name, s.leads, s.hotLeads, s.sessions, s.events])).toEqual([
      ['Ada Lovelace', 3, 1, 1, 1],
      ['Grace Hopper', 3, 2, 1, 1],
    ])
  })

  it('counts leads per 15 minutes per room in the event’s zone', async () => {
    const data = await eventInsights(fx.workspaceId, fx.event, new URLSearchParams(), { timeline: true })
    const timeline = data.timeline!
    expect(timeline.days.map((d) => [d.day, d.from, d.to])).toEqual([['2027-03-10', '09:00', '11:00']])
    expect(timeline.quietDays).toEqual(['2027-03-11'])
    const main = timeline.rooms.find((r) => r.roomName === 'Main Hall')!
    const side = timeline.rooms.find((r) => r.roomName === 'Room B')!
    const busy = (r: typeof main) => r.points.filter((p) => p.count).map((p) => [p.label, p.count])
    expect(busy(main)).toEqual([
      ['Wed 10 Mar 09:00–09:15', 1],
      ['Wed 10 Mar 09:15–09:30', 1],
      ['Wed 10 Mar 09:30–09:45', 1],
    ])
    expect(busy(side)).toEqual([
      ['Wed 10 Mar 10:00–10:15', 1],
      ['Wed 10 Mar 10:30–10:45', 1],
      ['Wed 10 Mar 10:45–11:00', 1],
    ])
    expect(main.total).toBe(3)
    expect(main.peak).toEqual({ label: 'Wed 10 Mar 09:00–09:15', count: 1 })
  })

  it('puts each roster speaker across all their events in the workspace table', async () => {
    const second = await makeEvent(fx.workspaceId)
    const again = await addProgramme(second, fx.owner.id, {
      email: fx.speakers.ada.email,
      name: 'Ada Lovelace',
      jobTitle: '',
      company: '',
      bio: '',
      talkTitle: `Second talk ${fx.suffix}`,
      talkDescription: '',
      startsAt: new Date('2027-03-10T14:00:00Z'),
      durationMinutes: 30,
      roomId: null,
    })
    await capture(again.sessionId, 'p6@x.example', '2027-03-10T14:05:00Z', { band: 'hot' })
    const data = await workspaceInsights(fx.workspaceId, new URLSearchParams('speakerSort=name&speakerDir=asc'))
    const ada = data.speakers.find((s) => s.id === fx.speakers.ada.speakerId)!
    expect(ada).toMatchObject({ sessions: 2, events: 2, leads: 4, hotLeads: 2 })
    expect(data.events.map((e) => [e.id, e.leads, e.sessions])).toEqual(
      expect.arrayContaining([
        [fx.event.id, 6, 2],
        [second.id, 1, 1],
      ]),
    )
  })
})

describe('event insights: the pages', () => {
  it('shows the feedback tables: by session (linking each to its Feedback page) and by speaker; across events by speaker and event', async () => {
    type Table = { headers: { label: string }[]; rows: { href: string | null; cells: string[] }[] }
    const page = (await call(eventPage, makeRequest(`/app/events/${fx.event.id}/insights`, { cookie }), {
      id: fx.event.id,
    })) as { sessionFeedback: Table; speakerFeedback: Table; stats: { label: string; value: string }[] }
    expect(page.sessionFeedback.headers.map((h) => h.label)).toEqual([
      'Talk',
      'Speaker',
      'Feedback responses',
      'Response rate (%)',
      'Rated 1',
      'Rated 2',
      'Rated 3',
      'Rated 4',
      'Rated 5',
      'Mean rating',
      'Content (mean)',
      'Delivery (mean)',
      'Slides (mean)',
      'Booking leads',
      'Testimonials awaiting approval',
    ])
    // Most responses first: Ada's 3 (ratings 2, 4, 5), then Grace's 1.
    expect(page.sessionFeedback.rows[0]).toEqual({
      key: fx.speakers.ada.sessionId,
      href: `/app/sessions/${fx.speakers.ada.sessionId}/feedback`,
      cells: [`Notes on the engine ${fx.suffix}`, 'Ada Lovelace', '3', '75', '0', '1', '0', '1', '1', '3.7', '4.5', '5', '—', '1', '1'],
    })
    expect(page.sessionFeedback.rows[1]!.href).toBe(`/app/sessions/${fx.speakers.grace.sessionId}/feedback`)
    expect(page.speakerFeedback.rows.map((r) => r.cells.slice(0, 3))).toEqual([
      ['Ada Lovelace', '1', '3'],
      ['Grace Hopper', '1', '1'],
    ])
    expect(page.stats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Feedback responses', value: '4' }),
        expect.objectContaining({ label: 'Response rate', value: '80%' }),
        expect.objectContaining({ label: 'Booking leads', value: '1' }),
      ]),
    )
    // Sorted by another column through its own parameters, leaving the other tables alone.
    const sorted = (await call(
      eventPage,
      makeRequest(`/app/events/${fx.event.id}/insights?feedbackSort=responses&feedbackDir=asc`, { cookie }),
      { id: fx.event.id },
    )) as { sessionFeedback: Table; speakerFeedback: Table }
    expect(sorted.sessionFeedback.rows[0]!.href).toBe(`/app/sessions/${fx.speakers.grace.sessionId}/feedback`)
    expect(sorted.speakerFeedback.rows[0]!.cells[0]).toBe('Ada Lovelace')

    const all = (await call(workspacePage, makeRequest('/app/events/insights', { cookie }))) as {
      speakerFeedback: Table
      eventFeedback: Table
    }
    const event = all.eventFeedback.rows.find((r) => r.href === `/app/events/${fx.event.id}/insights#feedback`)!
    expect(event.cells.slice(1, 4)).toEqual(['2', '4', '80'])
    expect(all.speakerFeedback.rows.find((r) => r.cells[0] === 'Ada Lovelace')!.cells[2]).toBe('3')
  })

  it('answers the page with sorted tables and sort links', async () => {
    const path = `/app/events/${fx.event.id}/insights?sort=hot&dir=desc`
    const page = (await call(eventPage, makeRequest(path, { cookie }), { id: fx.event.id })) as Awaited<
      ReturnType<typeof eventPage>
    >
    expect(page.sessions.table.rows.map((r) => r.cells[0])).toEqual([
      expect.stringContaining('Compilers for everyone'),
      expect.stringContaining('Notes on the engine'),
    ])
    const hot = page.sessions.table.headers.find((h) => h.key === 'hot')!
    expect(hot).toMatchObject({ sort: 'descending', href: '?sort=hot&dir=asc#sessions' })
    expect(page.sessions.csv).toBe(`/app/events/${fx.event.id}/insights/sessions.csv?sort=hot&dir=desc`)
    expect(page.timeline!.rooms.map((r) => r.roomName)).toEqual(['Main Hall', 'Room B'])
  })

  it('downloads each table as CSV in the page’s order, and records the export', async () => {
    const res = (await call(
      sessionsCsv,
      makeRequest(`/app/events/${fx.event.id}/insights/sessions.csv?sort=leads&dir=desc`, { cookie }),
      { id: fx.event.id },
    )) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const text = await res.text()
    const [header, first] = text.replace('\uFEFF', '').split('\r\n')
    expect(header).toBe(
      'Talk,Speaker,Room,Starts,Scans,Visits,Unique visitors,Leads,Conversion (%),Hot leads,Pipeline (EUR),Pipeline (USD),Won (EUR),Won (USD)' +
        ',Feedback responses,Response rate (%),Rated 1,Rated 2,Rated 3,Rated 4,Rated 5,Mean rating,Content (mean),Delivery (mean),Slides (mean),Booking leads,Testimonials awaiting approval',
    )
    // The feedback columns after the existing ones: 3 answers of 4 visitors, ratings 2/4/5 (mean 3.7), content 4.5.
    expect(first).toBe(
      `Notes on the engine ${fx.suffix},Ada Lovelace,Main Hall,2027-03-10 09:00,3,2,4,3,75,1,500,0,1000,0` +
        ',3,75,0,1,0,1,1,3.7,4.5,5,,1,1',
    )
    const speakers = await (
      (await call(speakersCsv, makeRequest(`/app/events/${fx.event.id}/insights/speakers.csv`, { cookie }), {
        id: fx.event.id,
      })) as Response
    ).text()
    expect(speakers).toContain('Grace Hopper,Navy,1,1,1,0,1,3,100,2,0,200,0,0,1,100,0,0,1,0,0,3,,,,0,0')
    const audits = await getDb().select().from(auditEvents).where(eq(auditEvents.workspaceId, fx.workspaceId))
    expect(audits.filter((a) => a.kind === 'export.made').map((a) => a.data)).toEqual(
      expect.arrayContaining([{ format: 'csv', rows: 2 }]),
    )
  })

  it('answers 404 for another workspace’s event, on the page and both CSVs', async () => {
    const other = await organiserWithEvent()
    const routes: Array<[Parameters<typeof call>[0], string]> = [
      [eventPage, 'insights'],
      [sessionsCsv, 'insights/sessions.csv'],
      [speakersCsv, 'insights/speakers.csv'],
    ]
    for (const [fn, path] of routes) {
      const res = await call(fn, makeRequest(`/app/events/${other.event.id}/${path}`, { cookie }), { id: other.event.id })
      expect((res as Response).status, path).toBe(404)
    }
  })

  it('answers 404 to a speaker of the event', async () => {
    const speaker = await claimSpeaker(fx.workspaceId, fx.speakers.grace.speakerId, `claimed-${fx.suffix}@example.com`)
    const res = await call(
      eventPage,
      makeRequest(`/app/events/${fx.event.id}/insights`, { cookie: await cookieFor(speaker.id, fx.workspaceId) }),
      { id: fx.event.id },
    )
    expect((res as Response).status).toBe(404)
  })
})
