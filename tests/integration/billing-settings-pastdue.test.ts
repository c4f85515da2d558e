import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, resetConfig, type Config } from '~/config.server'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import { PAST_DUE_BANNER } from '~/lib/billing'
import { formatUsLongDate } from '~/lib/text'
import { listSubscriptions, recomputeEntitlement } from '~/models/billing.server'
import { listSessionLeads } from '~/models/leads.server'
import { loader as appLoader } from '~/routes/app'
import { loader as billingLoader } from '~/routes/app.settings_.billing/route'
import { handleStripeEvent } from '~/services/billing.server'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { dataOf, inWorkspace, person, seedCatalogue, subscribe, type Team } from './billing-settings-utils'
import { createLiveSession, signUp } from './lead-capture-utils'
import { call, makeRequest } from './utils'

// A failed renewal, then the end (issue 22 Deliver 5, 11 "past_due then canceled"): past_due keeps
// the plan, with the banner and one email per failed invoice however often the event comes; canceled
// returns the workspace to Free limits at the end of the paid period, and nothing is deleted: the
// extra sessions stay (one live), the leads beyond three lock again and come back with a plan.

let fake: FakeStripe
let base: Config
beforeAll(async () => {
  fake = await startFakeStripe()
  base = getConfig()
  resetConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE_URL: fake.url })
  await seedCatalogue()
})
afterAll(async () => {
  resetConfig(base)
  await fake.close()
})

const handleAll = async (events: Awaited<ReturnType<FakeStripe['failRenewal']>>) => {
  for (const event of events) await handleStripeEvent(event)
}

async function failedPaymentEmails(to: string) {
  return getDb()
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'email'),
        sql`${jobs.payload}->>'to' = ${to}`,
        sql`${jobs.payload}->>'subject' like '%payment did not go through'`,
      ),
    )
}

const planOf = async (id: string) =>
  (await getDb().select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, id)))[0]!.plan

describe('past_due, then canceled', () => {
  it('keeps the plan with a banner and one email, then Free limits at the end of the paid period with nothing deleted', async () => {
    // The owner's own workspace on Professional, with two live sessions and five leads at one.
    const owner = await person('payer')
    const t: Team = { id: owner.id, owner, admin: owner, member: owner }
    await subscribe(fake, t, 1, 'USD')
    expect(await planOf(t.id)).toBe('pro')
    const { session: busy } = await createLiveSession(t.id)
    const { session: other } = await createLiveSession(t.id, { eventName: 'Second conf' })
    for (let i = 0; i < 5; i++) await signUp(busy)
    const scope = { ownerId: t.id, userId: t.owner.id, runnerId: null }
    expect((await listSessionLeads(scope, busy.id))?.leads.length).toBe(5)

    // The renewal fails: invoice.payment_failed and customer.subscription.updated, the first one twice.
    const [sub] = await listSubscriptions(t.id)
    const events = await fake.failRenewal(sub!.id)
    const failed = events.find((e) => e.type === 'invoice.payment_failed')!
    await handleAll(events)
    await handleStripeEvent(failed)
    expect(await planOf(t.id)).toBe('pro')
    expect(await failedPaymentEmails(t.owner.email)).toHaveLength(1)
    const banner = dataOf<{ pastDue: boolean }>(
      await call(appLoader, makeRequest(inWorkspace('/app', t.id), { cookie: t.owner.cookie })),
    )
    expect(banner.pastDue).toBe(true)
    expect(PAST_DUE_BANNER.before + PAST_DUE_BANNER.link + PAST_DUE_BANNER.after).toBe(
      'Your last payment failed. Your plan stays while we retry the card — update it in Settings → Billing.',
    )
    const page = async () =>
      dataOf<Awaited<ReturnType<typeof billingLoader>>>(
        await call(billingLoader, makeRequest(inWorkspace('/app/settings/billing', t.id), { cookie: t.owner.cookie })),
      )
    expect((await page()).subscription?.state).toBe('Payment failed — we are retrying your card; update it in the billing portal')

    // Every retry failed: Stripe cancels. The paid period ended when the renewal failed: Free limits now.
    await handleAll(await fake.cancelSubscription(sub!.id))
    const [canceled] = await listSubscriptions(t.id)
    expect(canceled!.status).toBe('canceled')
    const paidThrough = canceled!.paidThrough!
    expect(paidThrough.getTime()).toBeLessThanOrEqual(Date.now())
    expect(await planOf(t.id)).toBe('free')
    expect((await page()).subscription?.state).toBe(`Canceled: Free limits from ${formatUsLongDate(paidThrough)}`)
    const after = dataOf<{ pastDue: boolean }>(
      await call(appLoader, makeRequest(inWorkspace('/app', t.id), { cookie: t.owner.cookie })),
    )
    expect(after.pastDue).toBe(false)

    // Nothing deleted: both sessions stay (one live), the leads beyond three lock again.
    const sessions = await getDb()
      .select({ id: talkSessions.id, status: talkSessions.status })
      .from(talkSessions)
      .where(eq(talkSessions.workspaceId, t.id))
    expect(sessions.map((s) => s.id).sort()).toEqual([busy.id, other.id].sort())
    expect(sessions.filter((s) => s.status === 'live')).toHaveLength(1)
    const stored = await getDb().select({ id: leads.id }).from(leads).where(eq(leads.sessionId, busy.id))
    expect(stored).toHaveLength(5)
    const visible = await listSessionLeads(scope, busy.id)
    expect({ shown: visible?.leads.length, locked: visible?.locked, total: visible?.total }).toEqual({
      shown: 3,
      locked: 2,
      total: 5,
    })
    // Still one email for that invoice.
    expect(await failedPaymentEmails(t.owner.email)).toHaveLength(1)
  })

  it('cancelled at the period end: the plan stays until the paid period ends, then Free limits (the recheck job)', async () => {
    const owner = await person('leaver')
    const t: Team = { id: owner.id, owner, admin: owner, member: owner }
    await subscribe(fake, t, 1, 'EUR')
    const [sub] = await listSubscriptions(t.id)
    await handleAll(await fake.cancelSubscription(sub!.id, { atPeriodEnd: true }))
    const [ending] = await listSubscriptions(t.id)
    expect(ending).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    // The period comes to its end in Stripe: the subscription ends, paid through that end.
    await handleAll(await fake.payRenewal(sub!.id))
    const [ended] = await listSubscriptions(t.id)
    expect(ended!.status).toBe('canceled')
    const paidThrough = ended!.paidThrough!
    expect(paidThrough.getTime()).toBeGreaterThan(Date.now())
    expect(await planOf(t.id)).toBe('pro')
    await recomputeEntitlement(t.id, new Date(paidThrough.getTime() - 1000))
    expect(await planOf(t.id)).toBe('pro')
    await recomputeEntitlement(t.id, new Date(paidThrough.getTime() + 1000))
    expect(await planOf(t.id)).toBe('free')
  })
})
