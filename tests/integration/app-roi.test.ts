import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { sessionViews, talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import type { ContactStatus } from '~/lib/lead-status'
import { BILLING_MESSAGES } from '~/lib/billing'
import { analyticsNotInPlanMessage } from '~/lib/plans'
import { ROI_MISSING_TEXT } from '~/lib/roi'
import { createSession } from '~/models/talk-sessions.server'
import { action as costAction, loader as sessionRoiLoader } from '~/routes/app.sessions.$id.roi'
import { loader as talkRoiLoader } from '~/routes/app.talks.$id_.roi'
import { seedTalkAndSession, sessionInput } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'

// The ROI pages (issue 10 Deliver 8): the cost form, the figures of a session and of a talk against
// the real database, first-touch attribution, the plan gate on money, and 404 for another speaker.

type Viewer = { id: string; cookie: string }
let owner: Viewer
let other: Viewer

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T
type SessionRoiData = Awaited<ReturnType<typeof sessionRoiLoader>>
type TalkRoiData = Awaited<ReturnType<typeof talkRoiLoader>>

const sessionRow = async (id: string) => (await getDb().select().from(talkSessions).where(eq(talkSessions.id, id)))[0]!

async function onPlan(userId: string, plan: 'free' | 'solo' | 'pro') {
  await getDb().update(workspaces).set({ plan }).where(eq(workspaces.id, userId))
}

/** A capture of `email` at a session at a given time, with the person's follow-up state (set as the detail page would). */
async function capture(
  sessionId: string,
  ownerId: string,
  email: string,
  at: string,
  person: { status?: ContactStatus; deal?: number | null; currency?: string | null } = {},
) {
  const db = getDb()
  const [existing] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  const contact =
    existing ??
    (
      await db
        .insert(contacts)
        .values({ ownerId, email, firstName: email.split('@')[0]! })
        .returning()
    )[0]!
  if (person.status) {
    await db
      .update(contacts)
      .set({ status: person.status, dealValueCents: person.deal ?? null, dealCurrency: person.currency ?? null })
      .where(eq(contacts.id, contact.id))
  }
  await db.insert(leads).values({
    sessionId,
    ownerId,
    contactId: contact.id,
    email,
    firstName: contact.firstName,
    eraseTokenHash: randomBytes(16).toString('hex'),
    createdAt: new Date(at),
  })
}

async function views(sessionId: string, scans: number, visits: number) {
  await getDb()
    .insert(sessionViews)
    .values([
      ...Array.from({ length: scans }, (_, i) => ({ sessionId, kind: 'scan' as const, visitor: `s${i}` })),
      ...Array.from({ length: visits }, (_, i) => ({ sessionId, kind: 'visit' as const, visitor: `v${i}` })),
    ])
}

const unique = (name: string) => `${name}-${randomBytes(3).toString('hex')}@example.com`
const roiPage = async (viewer: Viewer, id: string) => {
  const r = await call(sessionRoiLoader, makeRequest(`/app/sessions/${id}/roi`, { cookie: viewer.cookie }), { id })
  expect(statusOf(r)).toBe(200)
  return dataOf<SessionRoiData>(r)
}
/** The page of a session with ROI and lead analytics: the figures are there. */
const roiOf = async (viewer: Viewer, id: string) => {
  const page = await roiPage(viewer, id)
  expect(page.locked).toBeNull()
  return page as Extract<SessionRoiData, { locked: null }>
}
/** The page of a session without: the explanation and the basic counts only. */
const lockedRoiOf = async (viewer: Viewer, id: string) => {
  const page = await roiPage(viewer, id)
  expect(page.locked).not.toBeNull()
  return page as Extract<SessionRoiData, { locked: object }>
}
const postCost = (viewer: Viewer, id: string, form: Record<string, string>) =>
  call(costAction, makeRequest(`/app/sessions/${id}/roi`, { cookie: viewer.cookie, form }), { id })

beforeEach(async () => {
  const a = await signedInAs(`owner-${Math.random().toString(36).slice(2)}@example.com`)
  const b = await signedInAs(`other-${Math.random().toString(36).slice(2)}@example.com`)
  owner = { id: a.user.id, cookie: a.cookie }
  other = { id: b.user.id, cookie: b.cookie }
  await onPlan(owner.id, 'pro')
})

describe('the cost of an engagement', () => {
  it('stores fee, travel and currency, and shows them back; bad amounts answer 400 by the field, storing nothing', async () => {
    const { sessionId } = await seedTalkAndSession(owner.id)
    const bad = await postCost(owner, sessionId, { fee: '12.345', travel: 'lots', currency: 'EUR' })
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(bad).result.error).toMatchObject({
      fee: ['Enter an amount like 1500 or 1500.50.'],
      travel: ['Enter an amount like 1500 or 1500.50.'],
    })
    const badCurrency = await postCost(owner, sessionId, { fee: '10', currency: 'ZZZ' })
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(badCurrency).result.error.currency).toEqual([
      'Choose a currency from the list',
    ])
    expect(await sessionRow(sessionId)).toMatchObject({ costFeeCents: null, costTravelCents: null, costCurrency: null })

    const saved = await postCost(owner, sessionId, { fee: '1,500', travel: '320.50', currency: 'EUR' })
    expect(statusOf(saved)).toBe(302)
    expect((saved as Response).headers.get('Location')).toBe(`/app/sessions/${sessionId}/roi`)
    expect((saved as Response).headers.get('Set-Cookie')).toContain('lectern_toast')
    expect(await sessionRow(sessionId)).toMatchObject({ costFeeCents: 150_000, costTravelCents: 32_050, costCurrency: 'EUR' })
    const page = await roiOf(owner, sessionId)
    expect(page.cost).toEqual({ fee: '1500', travel: '320.50', currency: 'EUR' })
    expect(page.roi.cost).toEqual({ feeCents: 150_000, travelCents: 32_050, cents: 182_050, currency: 'EUR' })

    await postCost(owner, sessionId, { fee: '', travel: '', currency: 'EUR' })
    expect(await sessionRow(sessionId)).toMatchObject({ costFeeCents: null, costTravelCents: null, costCurrency: null })
    expect((await roiOf(owner, sessionId)).roi).toMatchObject({ cost: null, roi: null, roiMissing: 'no-cost' })
    expect(ROI_MISSING_TEXT['no-cost']).toBe('Add the cost of this engagement to see its ROI')
  })

  it("another speaker's session answers 404 to the page and the cost form, and is left untouched", async () => {
    const { sessionId, talkId } = await seedTalkAndSession(owner.id)
    expect(
      statusOf(
        await call(sessionRoiLoader, makeRequest(`/app/sessions/${sessionId}/roi`, { cookie: other.cookie }), { id: sessionId }),
      ),
    ).toBe(404)
    expect(statusOf(await postCost(other, sessionId, { fee: '1', currency: 'USD' }))).toBe(404)
    expect(statusOf(await postCost(other, sessionId, { fee: 'bad', currency: 'USD' }))).toBe(404)
    expect(
      statusOf(await call(talkRoiLoader, makeRequest(`/app/talks/${talkId}/roi`, { cookie: other.cookie }), { id: talkId })),
    ).toBe(404)
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect(
        statusOf(await call(sessionRoiLoader, makeRequest(`/app/sessions/${id}/roi`, { cookie: owner.cookie }), { id })),
      ).toBe(404)
      expect(statusOf(await call(talkRoiLoader, makeRequest(`/app/talks/${id}/roi`, { cookie: owner.cookie }), { id }))).toBe(404)
    }
    expect(await sessionRow(sessionId)).toMatchObject({ costFeeCents: null, costCurrency: null })
  })

  it('sends a visitor to sign in', async () => {
    const { sessionId } = await seedTalkAndSession(owner.id)
    const r = await call(sessionRoiLoader, makeRequest(`/app/sessions/${sessionId}/roi`), { id: sessionId })
    expect(statusOf(r)).toBe(302)
  })
})

describe('the ROI of a session', () => {
  it('computes scans, visits, leads, conversion, capture rate, pipeline, won and ROI, with other currencies apart', async () => {
    const { sessionId } = await seedTalkAndSession(owner.id, {
      audienceSize: 200,
      startsAt: new Date('2026-05-14T07:30:00Z'),
      timeZone: 'Europe/Berlin',
    })
    await views(sessionId, 40, 10)
    await capture(sessionId, owner.id, unique('won'), '2026-05-14T07:35:00Z', { status: 'won', deal: 300_000, currency: 'USD' })
    await capture(sessionId, owner.id, unique('won-eur'), '2026-05-14T07:36:00Z', {
      status: 'won',
      deal: 50_000,
      currency: 'EUR',
    })
    await capture(sessionId, owner.id, unique('meeting'), '2026-05-14T07:50:00Z', {
      status: 'meeting',
      deal: 80_000,
      currency: 'USD',
    })
    await capture(sessionId, owner.id, unique('lost'), '2026-05-14T08:10:00Z', { status: 'lost', deal: 999_999, currency: 'USD' })
    await capture(sessionId, owner.id, unique('new'), '2026-05-16T10:00:00Z')
    await postCost(owner, sessionId, { fee: '1000', travel: '500', currency: 'USD' })

    const page = await roiOf(owner, sessionId)
    expect(page.roi).toMatchObject({
      scans: 40,
      visits: 10,
      visitors: 50,
      leads: 5,
      people: 5,
      conversion: { percent: 10, people: 50, floored: false }, // 5 ÷ 50 unique visitors (40 scanned, 10 typed)
      captureRate: 3, // 5 ÷ 200 = 2.5 → 3
      cost: { cents: 150_000, currency: 'USD' },
      won: [{ currency: 'USD', cents: 300_000 }],
      pipeline: [{ currency: 'USD', cents: 80_000 }],
      otherWon: [{ currency: 'EUR', cents: 50_000 }],
      otherPipeline: [],
      roi: 100, // (3000 − 1500) ÷ 1500
      roiMissing: null,
    })
    // Leads over time, in Berlin time: 09:35 and 09:36 in the 09:30 slot, 09:50 and 10:10 in theirs.
    expect(page.day.day).toBe('2026-05-14')
    expect(page.day.points.filter((p) => p.count).map((p) => [p.label, p.count])).toEqual([
      ['09:30', 2],
      ['09:45', 1],
      ['10:00', 1],
    ])
    expect(page.day.afterDay).toBe(1)
    expect(page.after.points.find((p) => p.key === '2026-05-16')?.count).toBe(1)
    // The SVG geometry is computed on the server: one bar per slot and a running-total path.
    expect(page.day.chart.bars).toHaveLength(page.day.points.length)
    expect(page.day.chart.cumulative?.path).toMatch(/^M[\d.]+,[\d.]+L/)
    expect(page.day.chart.cumulative?.total).toBe(4)
  })

  it('zero cost and no audience give "—", never a division by zero; a lead without a counted visitor converts at 100%', async () => {
    const { sessionId } = await seedTalkAndSession(owner.id, { audienceSize: null })
    await capture(sessionId, owner.id, unique('a'), '2026-06-01T08:05:00Z', { status: 'won', deal: 10_000, currency: 'USD' })
    await postCost(owner, sessionId, { fee: '0', currency: 'USD' })
    const page = await roiOf(owner, sessionId)
    expect(page.roi).toMatchObject({
      scans: 0,
      leads: 1,
      // Nobody leaves details without opening the page: the lead stands in for the uncounted visitor.
      conversion: { percent: 100, people: 1, floored: true },
      captureRate: null,
      roi: null,
      roiMissing: 'zero-cost',
    })
  })

  it('credits a person seen at two sessions to the first only (first touch), on the session and the talk pages', async () => {
    const { sessionId: first, talkId } = await seedTalkAndSession(owner.id, { eventName: 'First' })
    const second = (await createSession(
      { ownerId: owner.id, userId: owner.id },
      sessionInput(talkId, { eventName: 'Second', startsAt: new Date('2026-07-01T08:00:00Z') }),
    ))!.id
    const ann = unique('ann')
    await capture(first, owner.id, ann, '2026-06-01T08:10:00Z', { status: 'won', deal: 200_000, currency: 'USD' })
    await capture(second, owner.id, ann, '2026-07-01T08:10:00Z')
    await capture(second, owner.id, unique('bob'), '2026-07-01T08:20:00Z', { status: 'won', deal: 30_000, currency: 'USD' })
    await postCost(owner, first, { fee: '1000', currency: 'USD' })
    await postCost(owner, second, { travel: '100', currency: 'EUR' })

    const a = await roiOf(owner, first)
    const b = await roiOf(owner, second)
    expect(a.roi).toMatchObject({ leads: 1, people: 1, won: [{ currency: 'USD', cents: 200_000 }], roi: 100 })
    // Ann's second capture counts as a lead there, her deal does not; Bob's USD deal is beside the EUR cost.
    expect(b.roi).toMatchObject({ leads: 2, people: 1, won: [], otherWon: [{ currency: 'USD', cents: 30_000 }], roi: -100 })
    expect(b.capturedPeople).toBe(2)

    const talk = dataOf<TalkRoiData>(
      await call(talkRoiLoader, makeRequest(`/app/talks/${talkId}/roi`, { cookie: owner.cookie }), { id: talkId }),
    )
    expect(talk.deliveries.map((d) => d.eventName)).toEqual(['First', 'Second'])
    expect(talk.totals).toMatchObject({
      leads: 3,
      people: 2,
      cost: [
        { currency: 'USD', cents: 100_000 },
        { currency: 'EUR', cents: 10_000 },
      ],
      won: [{ currency: 'USD', cents: 230_000 }],
      roi: [
        { currency: 'EUR', costCents: 10_000, wonCents: 0, roi: -100 },
        { currency: 'USD', costCents: 100_000, wonCents: 200_000, roi: 100 },
      ],
    })
    expect(talk.chart?.bars).toHaveLength(4)
  })

  it('a free plan sees no figures until the session is unlocked; the unlock shows every deal (plan gate)', async () => {
    await onPlan(owner.id, 'free')
    const { sessionId } = await seedTalkAndSession(owner.id)
    for (let i = 0; i < 3; i++) {
      await capture(sessionId, owner.id, unique(`early${i}`), `2026-06-01T08:0${i}:00Z`, {
        status: 'won',
        deal: 1_000,
        currency: 'USD',
      })
    }
    // The fourth capture is locked on the free plan (three visible per session).
    await capture(sessionId, owner.id, unique('locked'), '2026-06-01T08:30:00Z', {
      status: 'won',
      deal: 5_000_000,
      currency: 'USD',
    })
    await postCost(owner, sessionId, { fee: '100', currency: 'USD' })
    // No ROI and lead analytics on the free plan: the page explains the ways to get them and keeps
    // only the basic counts /app shows; no money, no person, no chart leaves the server.
    const page = await lockedRoiOf(owner, sessionId)
    expect(page.locked).toEqual({
      text: analyticsNotInPlanMessage('free', '$49'),
      // The unlock's place (issue 22): no Stripe in these tests, so it says payments are not set up.
      unlock: { kind: 'not-configured', price: '$49', text: BILLING_MESSAGES.notConfigured },
      scans: 0,
      visits: 0,
      leads: 4,
    })
    expect(page.locked.text).toMatch(/included in the Professional, Teams and Event Organiser plans, or unlock this session for/)
    expect(Object.keys(page).sort()).toEqual(['locked', 'session'])
    expect(JSON.stringify(page)).not.toMatch(/5000000|3000|cents/)

    // Unlocked (an admin or a paid unlock): the same person's deal now counts.
    await getDb().update(talkSessions).set({ unlocked: true }).where(eq(talkSessions.id, sessionId))
    const unlocked = await roiOf(owner, sessionId)
    expect(unlocked.roi).toMatchObject({ people: 4, won: [{ currency: 'USD', cents: 5_003_000 }] })
    expect(unlocked.hiddenLeads).toBe(0)
  })

  it('a solo plan sees no figures either; pro sees them', async () => {
    const { sessionId } = await seedTalkAndSession(owner.id)
    await capture(sessionId, owner.id, unique('won'), '2026-06-01T08:05:00Z', { status: 'won', deal: 10_000, currency: 'USD' })
    await onPlan(owner.id, 'solo')
    expect((await lockedRoiOf(owner, sessionId)).locked.text).toBe(analyticsNotInPlanMessage('solo', '$49'))
    await onPlan(owner.id, 'pro')
    expect((await roiOf(owner, sessionId)).roi).toMatchObject({ leads: 1, people: 1, won: [{ currency: 'USD', cents: 10_000 }] })
  })

  it('the talk counts only the sessions with analytics and says how many were left out', async () => {
    await onPlan(owner.id, 'free')
    const { sessionId: first, talkId } = await seedTalkAndSession(owner.id, { eventName: 'First' })
    const second = (await createSession(
      { ownerId: owner.id, userId: owner.id },
      sessionInput(talkId, { eventName: 'Second', startsAt: new Date('2026-07-01T08:00:00Z') }),
    ))!.id
    await capture(first, owner.id, unique('a'), '2026-06-01T08:10:00Z', { status: 'won', deal: 200_000, currency: 'USD' })
    await capture(second, owner.id, unique('b'), '2026-07-01T08:10:00Z', { status: 'won', deal: 30_000, currency: 'USD' })
    const talkPage = async () => {
      const r = await call(talkRoiLoader, makeRequest(`/app/talks/${talkId}/roi`, { cookie: owner.cookie }), { id: talkId })
      expect(statusOf(r)).toBe(200)
      return dataOf<TalkRoiData>(r)
    }

    const none = await talkPage()
    expect(none.deliveries).toEqual([])
    expect(none.leftOut).toEqual({
      count: 2,
      text: analyticsNotInPlanMessage('free', '$49', 'a session'),
      // Each session left out, with its unlock (issue 22).
      sessions: [
        { id: first, eventName: 'First' },
        { id: second, eventName: 'Second' },
      ],
      unlock: { kind: 'not-configured', price: '$49', text: BILLING_MESSAGES.notConfigured },
    })
    expect(none.totals).toMatchObject({ leads: 0, people: 0, won: [] })

    await getDb().update(talkSessions).set({ unlocked: true }).where(eq(talkSessions.id, second))
    const one = await talkPage()
    expect(one.deliveries.map((d) => d.eventName)).toEqual(['Second'])
    expect(one.leftOut?.count).toBe(1)
    expect(one.totals).toMatchObject({ leads: 1, people: 1, won: [{ currency: 'USD', cents: 30_000 }] })

    await onPlan(owner.id, 'pro')
    const all = await talkPage()
    expect(all.leftOut).toBeNull()
    expect(all.totals).toMatchObject({ leads: 2, people: 2, won: [{ currency: 'USD', cents: 230_000 }] })
  })

  it('a talk without sessions has an empty comparison', async () => {
    const { talkId, sessionId } = await seedTalkAndSession(owner.id)
    await getDb().delete(talkSessions).where(eq(talkSessions.id, sessionId))
    const talk = dataOf<TalkRoiData>(
      await call(talkRoiLoader, makeRequest(`/app/talks/${talkId}/roi`, { cookie: owner.cookie }), { id: talkId }),
    )
    expect(talk.deliveries).toEqual([])
    expect(talk.chart).toBeNull()
    expect(talk.totals.conversion).toEqual({ percent: null, people: 0, floored: false })
  })
})
