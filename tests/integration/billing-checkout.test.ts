import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { afterSignInPath } from '~/auth/guard-rules'
import { returnToParam } from '~/auth/magic-link-form.server'
import { getDb } from '~/db/client.server'
import { workspaces } from '~/db/schema/workspaces'
import { BILLING_MESSAGES, currencyLockedMessage } from '~/lib/billing'
import { CHECKOUT_TEXT, CHECKOUTS_PER_WORKSPACE, CHECKOUT_WINDOW_MS } from '~/lib/billing-checkout'
import { hitRateLimit } from '~/models/rate-limit.server'
import { loader as sessionLeadsLoader } from '~/routes/app.sessions.$id_.leads'
import { eq } from 'drizzle-orm'
import type { FakeStripe } from '../fakes/stripe'
import { dataOf } from './auth-utils'
import {
  addMember,
  anotherSession,
  checkoutIdOf,
  getCheckout,
  getReturn,
  postCheckout,
  speakerWithSession,
  startCheckoutFake,
  pointAtFake,
} from './billing-checkout-fixtures'
import { call, makeRequest } from './utils'

// /billing/checkout (issue 22 Deliver 1, 7, 9) against the local fake of Stripe: who may buy what,
// and every refusal a page with its message and a 4xx before any Stripe session is made.

type View = { kind: string; message?: string; errors?: Record<string, string>; formError?: string | null; currency?: string }
const viewOf = (result: unknown) => {
  const { data, status } = dataOf<{ view: View }>(result)
  return { view: data.view, status }
}

let fake: FakeStripe
beforeAll(async () => {
  fake = await startCheckoutFake()
})
afterAll(async () => {
  pointAtFake(null)
  await fake.close()
})
beforeEach(() => pointAtFake(fake))

describe('signed out', () => {
  it('a plan link sends the visitor to sign up and the magic link brings them back to this checkout', async () => {
    const result = (await getCheckout('plan=pro&interval=annual&currency=GBP')) as Response
    expect(result.status).toBe(303)
    const location = new URL(result.headers.get('Location')!, 'http://localhost:3000')
    expect(location.pathname).toBe('/signup')
    const back = '/billing/checkout?plan=pro&interval=annual&currency=GBP'
    expect(location.searchParams.get('return_to')).toBe(back)
    // The sign-up page keeps it (same-site path) and the sign-in lands there.
    const kept = returnToParam(makeRequest(`${location.pathname}${location.search}`))
    expect(kept).toBe(back)
    expect(afterSignInPath({ role: 'speaker' }, { intent: 'signup', returnTo: kept })).toBe(back)
  })

  it('a POST is sent to sign up too, with the checkout as a GET to come back to', async () => {
    const result = (await postCheckout('', { plan: 'solo', currency: 'EUR' })) as Response
    expect(result.status).toBe(303)
    expect(new URL(result.headers.get('Location')!, 'http://localhost:3000').searchParams.get('return_to')).toBe(
      '/billing/checkout?plan=solo&currency=EUR',
    )
  })
})

describe('plans', () => {
  it('shows the summary in the visitor’s currency, then 303s to Stripe’s page', async () => {
    const { cookie } = await speakerWithSession('free', 0)
    const page = viewOf(await getCheckout('plan=pro&interval=annual&seats=3', cookie))
    expect(page).toMatchObject({
      status: 200,
      view: { kind: 'plan', plan: 'pro', interval: 'annual', seats: 3, currency: 'GBP' },
    })
    const posted = checkoutIdOf(await postCheckout('', { plan: 'pro', interval: 'annual', seats: '3', currency: 'GBP' }, cookie))
    expect(posted.location.startsWith(`${fake.url}/c/pay/`)).toBe(true)
    const session = fake.checkoutSessions.get(posted.id)!
    expect(session).toMatchObject({ mode: 'subscription', currency: 'gbp' })
  })

  it('a member without billing.manage is refused (403) naming the owner, and no Stripe session is made', async () => {
    const { user } = await speakerWithSession('free', 0)
    const member = await addMember(user.id, 'admin')
    const before = fake.checkoutSessions.size
    const posted = viewOf(await postCheckout(`workspace=${user.id}`, { plan: 'pro', interval: 'monthly' }, member.cookie))
    expect(posted.status).toBe(403)
    expect(posted.view.message).toContain(user.email)
    expect(fake.checkoutSessions.size).toBe(before)
    expect(viewOf(await getCheckout(`plan=pro&workspace=${user.id}`, member.cookie)).status).toBe(403)
  })

  it('seats outside 1–5 are refused next to the field (400)', async () => {
    const { cookie } = await speakerWithSession('free', 0)
    const posted = viewOf(await postCheckout('', { plan: 'pro', interval: 'monthly', seats: '6' }, cookie))
    expect(posted.status).toBe(400)
    expect(posted.view.errors?.seats).toBe('Choose 1 to 5 seats.')
  })

  it('a manual plan, or a plan already paid for, is changed elsewhere (409)', async () => {
    const { user, cookie } = await speakerWithSession('free', 0)
    await getDb().update(workspaces).set({ manualPlan: 'organiser', plan: 'organiser' }).where(eq(workspaces.id, user.id))
    const manual = viewOf(await postCheckout('', { plan: 'pro' }, cookie))
    expect(manual).toMatchObject({ status: 409, view: { message: BILLING_MESSAGES.manualPlan } })

    const buyer = await speakerWithSession('free', 0)
    const { id } = checkoutIdOf(await postCheckout('', { plan: 'solo', currency: 'USD' }, buyer.cookie))
    await fake.pay(id)
    const back = (await getReturn(id, buyer.cookie)) as Response
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe(`/app/settings/billing?switch=${buyer.user.id}`)
    const again = viewOf(await postCheckout('', { plan: 'pro' }, buyer.cookie))
    expect(again).toMatchObject({ status: 409, view: { message: BILLING_MESSAGES.alreadySubscribed } })
  })

  it('the launch code before its deadline goes to Stripe as a discount; after it, it is refused next to the field', async () => {
    const { cookie } = await speakerWithSession('free', 0)
    pointAtFake(fake, { LAUNCH_OFFER_DEADLINE: new Date(Date.now() + 86_400_000) })
    const form = { plan: 'pro', interval: 'annual', seats: '1', currency: 'USD', promotionCode: 'ProductHunt' }
    const { id } = checkoutIdOf(await postCheckout('', form, cookie))
    expect(fake.checkoutSessions.get(id)!.discounts).toHaveLength(1)

    pointAtFake(fake, { LAUNCH_OFFER_DEADLINE: new Date(Date.now() - 1000) })
    const late = viewOf(await postCheckout('', form, cookie))
    expect(late).toMatchObject({ status: 400, view: { errors: { promotionCode: BILLING_MESSAGES.launchCodeEnded } } })

    // A refused code makes nothing in Stripe, not even a customer for a first-time buyer.
    const newcomer = await speakerWithSession('free', 0)
    const customers = fake.customers.size
    const refused = viewOf(await postCheckout('', form, newcomer.cookie))
    expect(refused.status).toBe(400)
    expect(fake.customers.size).toBe(customers)
  })

  it('checkouts are limited per workspace (429) so nobody can make thousands of Stripe sessions', async () => {
    const { user, cookie } = await speakerWithSession('free', 0)
    for (let i = 0; i < CHECKOUTS_PER_WORKSPACE; i++)
      await hitRateLimit(`checkout:${user.id}`, CHECKOUTS_PER_WORKSPACE, CHECKOUT_WINDOW_MS)
    const before = fake.checkoutSessions.size
    const limited = viewOf(await postCheckout('', { plan: 'solo' }, cookie))
    expect(limited.status).toBe(429)
    expect(limited.view.formError).toMatch(/^Too many checkouts/)
    expect(fake.checkoutSessions.size).toBe(before)
  })
})

describe('unlocks', () => {
  it('refuses a session already unlocked (409), another workspace’s session (404) and a plan that shows everything (409)', async () => {
    const a = await speakerWithSession('free')
    const b = await speakerWithSession('free')
    expect(viewOf(await postCheckout('', { kind: 'unlock', sessionId: b.sessionId }, a.cookie)).status).toBe(404)

    const { id } = checkoutIdOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))
    await fake.pay(id)
    await getReturn(id, a.cookie)
    const again = viewOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))
    expect(again).toMatchObject({ status: 409, view: { message: BILLING_MESSAGES.alreadyUnlocked } })

    const pro = await speakerWithSession('pro')
    const nothing = viewOf(await postCheckout('', { kind: 'unlock', sessionId: pro.sessionId }, pro.cookie))
    expect(nothing).toMatchObject({ status: 409, view: { message: CHECKOUT_TEXT.nothingToUnlock } })
  })

  it('the currency is fixed by the first paid purchase: a later checkout in another currency is refused with the message', async () => {
    const a = await speakerWithSession('free')
    const { id } = checkoutIdOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId, currency: 'GBP' }, a.cookie))
    await fake.pay(id)
    await getReturn(id, a.cookie)
    const second = await anotherSession(a.user.id)
    const refused = viewOf(await postCheckout('', { kind: 'unlock', sessionId: second, currency: 'EUR' }, a.cookie))
    expect(refused.status).toBe(400)
    expect(refused.view.errors?.currency).toBe(currencyLockedMessage('GBP'))
    // The lock places offer the fixed currency from then on.
    const leads = (await call(
      sessionLeadsLoader,
      makeRequest(`/app/sessions/${second}/leads`, { cookie: a.cookie, headers: { 'Accept-Language': 'de' } }),
      {
        id: second,
      },
    )) as { unlock: { kind: string; currency: string; price: string } }
    expect(leads.unlock).toMatchObject({ kind: 'buy', currency: 'GBP', price: '£49' })
  })
})

describe('without Stripe', () => {
  it('the checkout says payments are not set up (409) and the lock places say it instead of a button', async () => {
    pointAtFake(null)
    const a = await speakerWithSession('free')
    expect(viewOf(await getCheckout('plan=pro', a.cookie))).toMatchObject({
      status: 409,
      view: { message: BILLING_MESSAGES.notConfigured },
    })
    expect(viewOf(await postCheckout('', { kind: 'unlock', sessionId: a.sessionId }, a.cookie))).toMatchObject({
      status: 409,
      view: { message: BILLING_MESSAGES.notConfigured },
    })
    const leads = (await call(sessionLeadsLoader, makeRequest(`/app/sessions/${a.sessionId}/leads`, { cookie: a.cookie }), {
      id: a.sessionId,
    })) as { unlock: { kind: string; text: string } }
    expect(leads.unlock).toMatchObject({ kind: 'not-configured', text: BILLING_MESSAGES.notConfigured })
  })
})
