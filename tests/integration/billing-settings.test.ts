import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, resetConfig, type Config } from '~/config.server'
import { getDb } from '~/db/client.server'
import { sessionUnlocks } from '~/db/schema/billing'
import { workspaceInvitations } from '~/db/schema/invitations'
import { workspaces } from '~/db/schema/workspaces'
import { BILLING_MESSAGES, LOOKUP_KEYS } from '~/lib/billing'
import { formatUsLongDate } from '~/lib/text'
import { createSession } from '~/models/talk-sessions.server'
import { createTalk } from '~/models/talks.server'
import { loader as appLoader } from '~/routes/app'
import { loader as settingsLoader } from '~/routes/app.settings'
import { action as billingAction, loader as billingLoader } from '~/routes/app.settings_.billing/route'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { sessionInput } from './app-utils'
import { dataOf, inWorkspace, person, statusOf, storeSubscription, team, type Person, type Team } from './billing-settings-utils'
import { call, makeRequest } from './utils'

// Settings → Billing (issue 22 Deliver 8) and the past_due banner (Deliver 5), shown from our own
// tables: subscriptions are stored here as a sync would store them. No page load calls Stripe — the
// fake records every request, and a page load adds none.

type Page = Awaited<ReturnType<typeof billingLoader>>
const PATH = '/app/settings/billing'

let fake: FakeStripe
let base: Config
beforeAll(async () => {
  fake = await startFakeStripe()
  base = getConfig()
})
afterAll(async () => {
  resetConfig(base)
  await fake.close()
})
afterEach(() => resetConfig(base))

const withStripe = () => resetConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE_URL: fake.url })

async function page(who: Person, workspaceId: string) {
  const before = fake.requests.length
  const res = await call(billingLoader, makeRequest(inWorkspace(PATH, workspaceId), { cookie: who.cookie }))
  // Decision 20: the page reads our tables only.
  expect(fake.requests.length).toBe(before)
  return res
}
const view = async (who: Person, workspaceId: string) => dataOf<Page>(await page(who, workspaceId))

describe('what the page shows', () => {
  it('a Free workspace that bought nothing, on a server without Stripe: the plan, why nothing can be bought here, the pricing link', async () => {
    const t = await team({ alone: true })
    const p = await view(t.owner, t.id)
    expect(p).toMatchObject({
      plan: 'Free',
      manual: false,
      notConfigured: BILLING_MESSAGES.notConfigured,
      showPricing: true,
      portal: false,
    })
    expect(p.subscription).toBeNull()
    expect(p.unlocks).toEqual([])
    expect(p.seats).toEqual({ paid: null, limit: 1, members: 1, pending: 0 })
  })

  it('an active Teams subscription: plan, seats paid and in use, renewal, amount in its currency, state; the portal button', async () => {
    withStripe()
    const t = await team()
    await getDb()
      .insert(workspaceInvitations)
      .values({
        workspaceId: t.id,
        email: `x-${randomBytes(3).toString('hex')}@example.com`,
        role: 'member',
        tokenHash: randomBytes(16).toString('hex'),
        invitedBy: t.owner.id,
        inviterEmail: t.owner.email,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
    const sub = await storeSubscription(t.id, { seats: 4, unitAmount: 3900, currency: 'GBP' })
    const p = await view(t.owner, t.id)
    expect(p).toMatchObject({
      plan: 'Teams',
      manual: false,
      notConfigured: null,
      showPricing: false,
      portal: true,
      canManage: true,
    })
    expect(p.seats).toEqual({ paid: 4, limit: 4, members: 3, pending: 1 })
    expect(p.subscription).toEqual({
      plan: 'Teams',
      status: 'active',
      state: 'Active: paid up',
      renewal: `Renews on ${formatUsLongDate(sub.currentPeriodEnd)}`,
      amount: '£156 a month (£39 per seat × 4)',
      currency: 'GBP',
    })
    // Every seat in use: nothing to lower.
    expect(p.lowerTo).toBeNull()
  })

  it('cancelled at the period end: "Ends on …"; annual in EUR', async () => {
    withStripe()
    const t = await team({ alone: true })
    const sub = await storeSubscription(t.id, {
      seats: 1,
      plan: 'pro',
      lookupKey: LOOKUP_KEYS.seatYearly,
      interval: 'year',
      currency: 'EUR',
      unitAmount: 43200,
      cancelAtPeriodEnd: true,
    })
    const p = await view(t.owner, t.id)
    expect(p.plan).toBe('Professional')
    expect(p.subscription).toMatchObject({
      renewal: `Ends on ${formatUsLongDate(sub.currentPeriodEnd)}`,
      amount: '€432 a year (€432 per seat × 1)',
      currency: 'EUR',
    })
  })

  it('past_due: the plan stays, the state says the card is being retried', async () => {
    withStripe()
    const t = await team({ alone: true })
    await storeSubscription(t.id, { status: 'past_due', seats: 1, plan: 'pro' })
    const p = await view(t.owner, t.id)
    expect(p.plan).toBe('Professional')
    expect(p.subscription?.state).toBe('Payment failed — we are retrying your card; update it in the billing portal')
  })

  it('canceled: Free limits from the end of the paid period, the plan kept until then', async () => {
    withStripe()
    const t = await team({ alone: true })
    const paidThrough = new Date(Date.now() + 5 * 86_400_000)
    await storeSubscription(t.id, { status: 'canceled', seats: 1, plan: 'pro', paidThrough, canceledAt: new Date() })
    const p = await view(t.owner, t.id)
    expect(p.plan).toBe('Professional')
    expect(p.subscription).toMatchObject({ state: `Canceled: Free limits from ${formatUsLongDate(paidThrough)}`, renewal: null })

    const ended = await team({ alone: true })
    const past = new Date(Date.now() - 86_400_000)
    await storeSubscription(ended.id, { status: 'canceled', seats: 1, plan: 'pro', paidThrough: past, canceledAt: past })
    const q = await view(ended.owner, ended.id)
    expect(q).toMatchObject({ plan: 'Free', showPricing: true })
    expect(q.subscription?.state).toBe(`Canceled: Free limits from ${formatUsLongDate(past)}`)
  })

  it('unpaid and incomplete say so', async () => {
    withStripe()
    const a = await team({ alone: true })
    await storeSubscription(a.id, { status: 'unpaid', seats: 1, plan: 'pro', paidThrough: new Date(Date.now() - 1000) })
    expect((await view(a.owner, a.id)).subscription?.state).toMatch(/^Unpaid: every retry of the card failed; Free limits from /)
    const b = await team({ alone: true })
    await storeSubscription(b.id, { status: 'incomplete', seats: 1, plan: 'pro', paidThrough: null })
    const p = await view(b.owner, b.id)
    expect(p.plan).toBe('Free')
    expect(p.subscription?.state).toBe('Incomplete: the first payment has not gone through')
  })

  it('a manual plan says it was set by an administrator, over any subscription', async () => {
    const t = await team({ alone: true })
    await getDb().update(workspaces).set({ plan: 'organiser', manualPlan: 'organiser' }).where(eq(workspaces.id, t.id))
    const p = await view(t.owner, t.id)
    expect(p).toMatchObject({ plan: 'Event Organiser', manual: true, showPricing: false, lowerTo: null })
  })

  it('lists the sessions bought one by one with their state, amount and receipt, each linking to its session', async () => {
    withStripe()
    const t = await team({ alone: true })
    const talk = await createTalk({ ownerId: t.id, userId: t.owner.id }, { title: 'Engines', abstract: '', tag: '' })
    const made: string[] = []
    for (const status of ['paid', 'refunded', 'disputed', 'pending'] as const) {
      const s = await createSession({ ownerId: t.id, userId: t.owner.id }, sessionInput(talk.id, { eventName: `Conf ${status}` }))
      made.push(s!.id)
      await getDb()
        .insert(sessionUnlocks)
        .values({
          checkoutSessionId: `cs_${status}_${randomBytes(4).toString('hex')}`,
          workspaceId: t.id,
          sessionId: s!.id,
          boughtBy: t.owner.id,
          paymentIntentId: `pi_${randomBytes(6).toString('hex')}`,
          status,
          amount: 4900,
          currency: 'USD',
          receiptUrl: status === 'pending' ? null : `https://pay.stripe.com/receipts/${status}`,
          paidAt: status === 'pending' ? null : new Date('2026-11-20T10:00:00Z'),
          readAt: new Date(),
        })
    }
    const p = await view(t.owner, t.id)
    expect(p.unlocks.map((u) => [u.title, u.state, u.amount, u.receiptUrl, u.sessionId]).sort()).toEqual(
      [
        ['Engines — Conf paid', 'Paid', '$49', 'https://pay.stripe.com/receipts/paid', made[0]],
        ['Engines — Conf refunded', 'Refunded', '$49', 'https://pay.stripe.com/receipts/refunded', made[1]],
        ['Engines — Conf disputed', 'Disputed', '$49', 'https://pay.stripe.com/receipts/disputed', made[2]],
        ['Engines — Conf pending', 'Processing', '$49', null, made[3]],
      ].sort(),
    )
  })
})

describe('who sees and does what', () => {
  let t: Team
  beforeAll(async () => {
    t = await team()
  })

  it('the owner and admins see the page and the Settings link; a member gets 403 and no link', async () => {
    withStripe()
    await storeSubscription(t.id, { seats: 5 })
    expect(statusOf(await page(t.admin, t.id))).toBe(200)
    const admin = await view(t.admin, t.id)
    expect(admin).toMatchObject({ canManage: false, portal: true, lowerTo: null })
    expect(statusOf(await page(t.member, t.id))).toBe(403)
    const settings = async (who: Person) =>
      dataOf<{ canViewBilling: boolean }>(
        await call(settingsLoader, makeRequest(inWorkspace('/app/settings', t.id), { cookie: who.cookie })),
      )
    expect((await settings(t.owner)).canViewBilling).toBe(true)
    expect((await settings(t.admin)).canViewBilling).toBe(true)
    expect((await settings(t.member)).canViewBilling).toBe(false)
  })

  it('the owner is offered to lower unused seats from the next renewal (5 paid, 3 in use → 3)', async () => {
    withStripe()
    const p = await view(t.owner, t.id)
    expect(p.lowerTo).toBe(3)
  })

  it("only the owner may open the portal or change seats: an admin's and a member's POST are 403", async () => {
    withStripe()
    for (const who of [t.admin, t.member]) {
      for (const form of [{ intent: 'portal' }, { intent: 'lower-seats', seats: '3' }] as Record<string, string>[]) {
        const res = await call(billingAction, makeRequest(inWorkspace(PATH, t.id), { cookie: who.cookie, form }))
        expect(statusOf(res)).toBe(403)
      }
    }
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('without Stripe the portal button answers why, never a 500', async () => {
    const owner = await person('solo')
    const res = await call(
      billingAction,
      makeRequest(inWorkspace(PATH, owner.id), { cookie: owner.cookie, form: { intent: 'portal' } }),
    )
    expect(statusOf(res)).toBe(409)
    expect(dataOf<{ error: string }>(res).error).toBe(BILLING_MESSAGES.notConfigured)
  })
})

describe('the past_due banner in /app', () => {
  it('shows for the owner and admins while a subscription is past_due, never for members, and reads no Stripe', async () => {
    withStripe()
    const t = await team()
    const banner = async (who: Person) => {
      const before = fake.requests.length
      const res = dataOf<{ pastDue: boolean }>(
        await call(appLoader, makeRequest(inWorkspace('/app', t.id), { cookie: who.cookie })),
      )
      expect(fake.requests.length).toBe(before)
      return res.pastDue
    }
    await storeSubscription(t.id, { status: 'active' })
    expect(await banner(t.owner)).toBe(false)
    const sub = await storeSubscription(t.id, { status: 'past_due' })
    expect([await banner(t.owner), await banner(t.admin), await banner(t.member)]).toEqual([true, true, false])
    await storeSubscription(t.id, { id: sub.id, stripeCustomerId: sub.stripeCustomerId, status: 'active' })
    expect(await banner(t.owner)).toBe(false)
  })
})
