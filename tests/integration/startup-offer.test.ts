import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { billingSubscriptions } from '~/db/schema/billing'
import { startupApplications } from '~/db/schema/marketing'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { BILLING_MESSAGES, LOOKUP_KEYS } from '~/lib/billing'
import { STARTUP_OFFER_TEXTS, STARTUP_OFFER_TTL_MS } from '~/lib/startup-offer'
import { action as inboxAction, loader as inboxLoader } from '~/routes/admin.inbox/route'
import { action as offerAction, loader as offerLoader } from '~/routes/startup-program_.offer.$token'
import { fulfilCheckout } from '~/services/billing.server'
import type { FakeStripe } from '../fakes/stripe'
import { startBillingFake, stopBilling } from './billing-utils'
import { outboxTo } from './lead-capture-utils'
import { call, makeRequest, signedInAs } from './utils'

// The startup programme (issue 22 Deliver 1; spec 000 §9): an admin approves an application in the
// inbox, the applicant is emailed a single-use offer link, buys the startup plan through Checkout
// (USD, 3 seats, yearly) and the workspace gets Teams for 12 months. Against the local Stripe fake.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

type OfferPage = {
  view:
    | { kind: 'gone'; message: string }
    | { kind: 'ready'; offer: { companyName: string }; workspace: { id: string; name: string }; refusal: string | null }
  error: string | null
}

let fake: FakeStripe
let admin: { id: string; cookie: string }
let applicant: string

beforeAll(async () => {
  fake = await startBillingFake()
})
afterAll(async () => {
  stopBilling()
  await fake.close()
})

beforeEach(async () => {
  checkoutsBefore = checkoutRequests().length
  const a = await signedInAs('admin@example.com', 'admin')
  admin = { id: a.user.id, cookie: a.cookie }
  applicant = `founder-${Math.random().toString(36).slice(2)}@startup.example`
})

async function apply() {
  const [row] = await getDb()
    .insert(startupApplications)
    .values({
      fullName: 'Ada Founder',
      email: applicant,
      companyName: 'Tiny Engines',
      yearFounded: 2024,
      employees: 4,
      revenueStage: '<$100k',
    })
    .returning()
  return row!
}

const approve = (applicationId: string, cookie = admin.cookie) =>
  call(inboxAction, makeRequest('/admin/inbox?tab=startup', { cookie, form: { intent: 'approve-startup', applicationId } }))

/** The offer link of the newest email to the applicant. */
async function offerLink() {
  const emails = await outboxTo(applicant)
  const newest = emails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!
  const link = /http:\/\/localhost:3000(\/startup-program\/offer\/[A-Za-z0-9_-]{43})/.exec(newest.text ?? '')
  expect(link, 'an offer link in the email').toBeTruthy()
  return { path: link![1]!, token: link![1]!.split('/').at(-1)!, email: newest }
}

const openOffer = async (path: string, token: string, cookie?: string) =>
  call(offerLoader, makeRequest(path, { cookie }), { token })
const buy = (path: string, token: string, cookie: string, workspaceId?: string) =>
  call(offerAction, makeRequest(workspaceId ? `${path}?workspace=${workspaceId}` : path, { cookie, form: {} }), { token })
const checkoutRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
/** Checkouts opened by this test (the fake keeps every test's). */
let checkoutsBefore = 0
const newCheckouts = () => checkoutRequests().length - checkoutsBefore

describe('startup programme: approve, email, offer page, checkout, fulfilment', () => {
  it('takes an approved applicant from the email to a paid Teams plan of 3 seats that ends after a year', async () => {
    const application = await apply()
    expect(locationOf(await approve(application.id))).toBe('/admin/inbox?tab=startup')
    const [approved] = await getDb().select().from(startupApplications).where(eq(startupApplications.id, application.id))
    expect(approved).toMatchObject({ approvedBy: admin.id, offerUsedAt: null })
    expect(approved!.offerExpiresAt!.getTime() - approved!.approvedAt!.getTime()).toBe(STARTUP_OFFER_TTL_MS)

    const { path, token, email } = await offerLink()
    expect(email.subject).toBe('Tiny Engines is accepted into the Lectern Startup Program')
    expect(email.text).toContain('Your offer: $29 per seat a month billed yearly, 3 seats, 12 months.')
    expect(email.text).toContain('$1,044 for the year in one payment')
    // Only the hash is stored.
    expect(approved!.offerTokenHash).not.toContain(token)
    expect(approved!.offerTokenHash).toMatch(/^[0-9a-f]{64}$/)

    const inbox = dataOf<{ startup: Array<{ id: string; status: string; approve: string | null }> }>(
      await call(inboxLoader, makeRequest('/admin/inbox?tab=startup', { cookie: admin.cookie })),
    )
    expect(inbox.startup.find((s) => s.id === application.id)).toMatchObject({
      status: expect.stringMatching(/^Approved .+; offer open until .+$/),
      approve: 'Send a new offer',
    })

    // Signed out: sign up with any address, then back to the offer.
    expect(locationOf(await openOffer(path, token))).toBe(`/signup?return_to=${encodeURIComponent(path)}`)
    const buyer = await signedInAs(`someone-else-${Math.random().toString(36).slice(2)}@example.com`)
    const page = dataOf<OfferPage>(await openOffer(path, token, buyer.cookie))
    expect(page.view).toMatchObject({
      kind: 'ready',
      offer: { companyName: 'Tiny Engines' },
      workspace: { id: buyer.user.id },
      refusal: null,
    })

    const started = await buy(path, token, buyer.cookie, buyer.user.id)
    expect(statusOf(started)).toBe(303)
    const checkoutId = new URL(locationOf(started)!).pathname.split('/').pop()!
    const session = fake.checkoutSessions.get(checkoutId)!
    expect(session).toMatchObject({
      mode: 'subscription',
      currency: 'usd',
      metadata: { plan: 'startup', offer_id: application.id },
    })
    expect(session.line_items.data).toEqual([
      expect.objectContaining({
        quantity: 3,
        price: expect.objectContaining({ lookup_key: LOOKUP_KEYS.startup, unit_amount: 34_800 }),
      }),
    ])
    expect(session.cancel_url).toBe(`http://localhost:3000${path}`)
    // Opening a checkout does not use the offer: an abandoned one leaves the link working.
    expect(dataOf<OfferPage>(await openOffer(path, token, buyer.cookie)).view.kind).toBe('ready')

    await fake.pay(checkoutId)
    expect(await fulfilCheckout(checkoutId)).toMatchObject({
      kind: 'plan',
      workspaceId: buyer.user.id,
      plan: 'startup',
      paid: true,
    })
    const [ws] = await getDb().select().from(workspaces).where(eq(workspaces.id, buyer.user.id))
    expect(ws).toMatchObject({ plan: 'teams', seats: 3, manualPlan: null })
    const [sub] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, buyer.user.id))
    expect(sub).toMatchObject({
      lookupKey: LOOKUP_KEYS.startup,
      seats: 3,
      currency: 'USD',
      interval: 'year',
      cancelAtPeriodEnd: true,
    })
    expect(fake.subscriptions.get(sub!.id)!.cancel_at_period_end).toBe(true)
    const [used] = await getDb().select().from(startupApplications).where(eq(startupApplications.id, application.id))
    expect(used).toMatchObject({ offerWorkspaceId: buyer.user.id })
    expect(used!.offerUsedAt).toBeInstanceOf(Date)

    // Used: the link is refused (410) and buys nothing more; fulfilling again changes nothing.
    const gone = await openOffer(path, token, buyer.cookie)
    expect(statusOf(gone)).toBe(410)
    expect(dataOf<OfferPage>(gone).view).toEqual({ kind: 'gone', message: STARTUP_OFFER_TEXTS.used })
    const before = checkoutRequests().length
    expect(statusOf(await buy(path, token, buyer.cookie, buyer.user.id))).toBe(410)
    expect(checkoutRequests()).toHaveLength(before)
    await fulfilCheckout(checkoutId)
    const [again] = await getDb().select().from(startupApplications).where(eq(startupApplications.id, application.id))
    expect(again!.offerUsedAt).toEqual(used!.offerUsedAt)
    // The inbox no longer offers to approve it, and approving it anyway is refused.
    expect(statusOf(await approve(application.id))).toBe(409)
  })

  it('refuses an expired link (410), a link replaced by a new approval and an unknown one (404)', async () => {
    const application = await apply()
    await approve(application.id)
    const first = await offerLink()
    const buyer = await signedInAs(`buyer-${Math.random().toString(36).slice(2)}@example.com`)

    await getDb()
      .update(startupApplications)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(startupApplications.id, application.id))
    const expired = await openOffer(first.path, first.token, buyer.cookie)
    expect(statusOf(expired)).toBe(410)
    expect(dataOf<OfferPage>(expired).view).toEqual({ kind: 'gone', message: STARTUP_OFFER_TEXTS.expired })
    expect(statusOf(await buy(first.path, first.token, buyer.cookie))).toBe(410)

    // A new offer: the old link stops working, the new one works.
    await approve(application.id)
    const second = await offerLink()
    expect(second.token).not.toBe(first.token)
    expect(statusOf(await openOffer(first.path, first.token, buyer.cookie))).toBe(404)
    expect(dataOf<OfferPage>(await openOffer(second.path, second.token, buyer.cookie)).view.kind).toBe('ready')

    const unknown = '/startup-program/offer/' + 'A'.repeat(43)
    const notFound = await openOffer(unknown, 'A'.repeat(43))
    expect(statusOf(notFound)).toBe(404)
    expect(dataOf<OfferPage>(notFound).view).toEqual({ kind: 'gone', message: STARTUP_OFFER_TEXTS.notFound })
    expect(statusOf(await openOffer('/startup-program/offer/short', 'short'))).toBe(404)
    expect(newCheckouts()).toBe(0)
  })

  it('lets only the owner buy, for a workspace with no plan yet', async () => {
    const application = await apply()
    await approve(application.id)
    const { path, token } = await offerLink()
    const buyer = await signedInAs(`member-${Math.random().toString(36).slice(2)}@example.com`)
    const [team] = await getDb().insert(workspaces).values({ name: 'Somebody else’s team' }).returning()
    await getDb().insert(workspaceMembers).values({ workspaceId: team!.id, userId: buyer.user.id, role: 'member' })

    const asMember = dataOf<OfferPage>(await openOffer(`${path}?workspace=${team!.id}`, token, buyer.cookie))
    expect(asMember.view).toMatchObject({ kind: 'ready', refusal: STARTUP_OFFER_TEXTS.notOwner })
    expect(statusOf(await buy(path, token, buyer.cookie, team!.id))).toBe(403)

    // A plan an admin set wins over billing: buying would change nothing.
    await getDb().update(workspaces).set({ plan: 'organiser', manualPlan: 'organiser' }).where(eq(workspaces.id, buyer.user.id))
    const manual = await buy(path, token, buyer.cookie, buyer.user.id)
    expect(statusOf(manual)).toBe(409)
    expect(dataOf<OfferPage>(manual).error).toBe(BILLING_MESSAGES.manualPlan)
    expect(newCheckouts()).toBe(0)
  })
})

describe('startup programme without Stripe', () => {
  let saved: ReturnType<typeof getConfig>
  beforeEach(() => {
    saved = getConfig()
    stopBilling()
  })
  afterEach(() => resetConfig(saved))

  it('records the approval, emails that an admin sets the plan, and the offer page says payments are not set up', async () => {
    const application = await apply()
    const approved = await approve(application.id)
    expect(locationOf(approved)).toBe('/admin/inbox?tab=startup')
    const [row] = await getDb().select().from(startupApplications).where(eq(startupApplications.id, application.id))
    expect(row!.approvedAt).toBeInstanceOf(Date)
    const { path, token, email } = await offerLink()
    expect(email.text).toContain('an administrator will set the startup plan on your workspace by hand')
    const buyer = await signedInAs(`nostripe-${Math.random().toString(36).slice(2)}@example.com`)
    expect(dataOf<OfferPage>(await openOffer(path, token, buyer.cookie)).view).toMatchObject({
      kind: 'ready',
      refusal: BILLING_MESSAGES.notConfigured,
    })
    const refused = await buy(path, token, buyer.cookie, buyer.user.id)
    expect(statusOf(refused)).toBe(409)
    expect(dataOf<OfferPage>(refused).error).toBe(BILLING_MESSAGES.notConfigured)
    expect(newCheckouts()).toBe(0)
  })
})
