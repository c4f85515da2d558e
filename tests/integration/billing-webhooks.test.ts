import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { billingCustomers, billingSubscriptions, sessionUnlocks, stripeEvents } from '~/db/schema/billing'
import { jobs } from '~/db/schema/jobs'
import { talkSessions } from '~/db/schema/talks'
import { auditEvents } from '~/db/schema/workspaces'
import { listSessionLeads } from '~/models/leads.server'
import { action as webhookAction } from '~/routes/api.webhooks.stripe'
import { fulfilCheckout } from '~/services/billing.server'
import type { FakeStripe } from '../fakes/stripe'
import { checkout, deliver, deliverAll, sessionUnlocked, startBillingFake, stopBilling, workspaceRow } from './billing-utils'
import { createLiveSession, createOwner, outboxTo, signUp } from './lead-capture-utils'
import { call } from './utils'

// The Stripe webhook (issue 22 Deliver 3, 4, 5, 11) against the local fake: the signature on the raw
// body, each event once, any order ending in the same state, the return page before the webhook,
// asynchronous payments, refunds and disputes, past_due then canceled.

let fake: FakeStripe
beforeAll(async () => {
  fake = await startBillingFake()
})
afterAll(async () => {
  stopBilling()
  await fake.close()
})
beforeEach(() => {
  fake.requests.length = 0
})

async function freeSpeakerWithLeads(count = 5) {
  const owner = await createOwner()
  const { session } = await createLiveSession(owner.id)
  for (let i = 0; i < count; i++) await signUp(session)
  return { owner, session }
}

const visibleLeads = async (ownerId: string, sessionId: string) => {
  const result = await listSessionLeads({ ownerId, userId: ownerId, runnerId: null }, sessionId)
  return result
}

describe('the signature is checked on the raw body', () => {
  async function anEvent() {
    const { owner, session } = await freeSpeakerWithLeads(0)
    const id = await checkout(owner, { kind: 'unlock', sessionId: session.id })
    const events = await fake.pay(id)
    return { owner, session, event: events[0]! }
  }

  it('refuses a bad signature, a changed byte and an old timestamp with 400, writing nothing', async () => {
    const { session, event } = await anEvent()
    const changed = await deliver(fake, event, { tamper: (b) => b.replace('"livemode":false', '"livemode":true ') })
    expect(changed.status).toBe(400)
    const old = await deliver(fake, event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 })
    expect(old.status).toBe(400)
    const unsigned = new Request('http://localhost/api/webhooks/stripe', { method: 'POST', body: JSON.stringify(event) })
    expect(((await call(webhookAction, unsigned)) as Response).status).toBe(400)
    const forged = await deliver(fake, event, { secret: 'whsec_someone_else' })
    expect(forged.status).toBe(400)
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0)
    expect(await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))).toHaveLength(0)
    // The same event signed right is taken.
    expect((await deliver(fake, event)).status).toBe(200)
    expect(await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))).toHaveLength(1)
  })
})

describe('a session unlock (49 in the buyer currency, one payment, for good)', () => {
  it('unlocks on checkout.session.completed and shows every lead', async () => {
    const { owner, session } = await freeSpeakerWithLeads(5)
    expect((await visibleLeads(owner.id, session.id))!.locked).toBe(2)
    const id = await checkout(owner, { kind: 'unlock', sessionId: session.id }, 'GBP')
    expect(await sessionUnlocked(session.id)).toBe(false)
    const statuses = await deliverAll(fake, await fake.pay(id))
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(await sessionUnlocked(session.id)).toBe(true)
    const leads = (await visibleLeads(owner.id, session.id))!
    expect(leads.locked).toBe(0)
    expect(leads.leads).toHaveLength(5)
    const [unlock] = await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))
    expect(unlock).toMatchObject({ status: 'paid', amount: 4900, currency: 'GBP' })
    expect(unlock!.receiptUrl).toMatch(/^http/)
    const [customer] = await getDb().select().from(billingCustomers).where(eq(billingCustomers.workspaceId, owner.id))
    expect(customer!.currency).toBe('GBP')
  })

  it('the same event five times at once is processed once', async () => {
    const { owner, session } = await freeSpeakerWithLeads(4)
    const id = await checkout(owner, { kind: 'unlock', sessionId: session.id })
    const [completed] = await fake.pay(id)
    const before = fake.requests.length
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(fake, completed!)))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const bodies = await Promise.all(results.map((r) => r.json() as Promise<{ duplicate?: boolean }>))
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1)
    // One retrieve of the checkout session: the duplicates did nothing, not even call Stripe.
    expect(fake.requests.slice(before).filter((r) => r.path.startsWith('/v1/checkout/sessions/'))).toHaveLength(1)
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, completed!.id))).toHaveLength(1)
    expect(await sessionUnlocked(session.id)).toBe(true)
    // A later redelivery: 200, nothing done.
    const again = await deliver(fake, completed!)
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ duplicate: true })
  })

  it('the return page fulfils before the webhook; the later webhook changes nothing', async () => {
    const { owner, session } = await freeSpeakerWithLeads(4)
    const id = await checkout(owner, { kind: 'unlock', sessionId: session.id }, 'EUR')
    const events = await fake.pay(id)
    const result = await fulfilCheckout(id)
    expect(result).toMatchObject({ kind: 'unlock', sessionId: session.id, status: 'paid' })
    expect(await sessionUnlocked(session.id)).toBe(true)
    const [before] = await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))
    await deliverAll(fake, events)
    const after = await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))
    expect(after).toHaveLength(1)
    expect({ ...after[0], updatedAt: null, readAt: null }).toEqual({ ...before, updatedAt: null, readAt: null })
  })

  it('an asynchronous payment unlocks nothing until it succeeds, and a failed one never does', async () => {
    const { owner, session } = await freeSpeakerWithLeads(4)
    const id = await checkout(owner, { kind: 'unlock', sessionId: session.id })
    await deliverAll(fake, await fake.pay(id, { async: true }))
    expect(await sessionUnlocked(session.id)).toBe(false)
    expect(await fulfilCheckout(id)).toMatchObject({ kind: 'unlock', status: 'pending' })
    await deliverAll(fake, await fake.succeedAsync(id))
    expect(await sessionUnlocked(session.id)).toBe(true)

    const other = await freeSpeakerWithLeads(4)
    const id2 = await checkout(other.owner, { kind: 'unlock', sessionId: other.session.id })
    await deliverAll(fake, await fake.pay(id2, { async: true }))
    await deliverAll(fake, await fake.failAsync(id2))
    expect(await sessionUnlocked(other.session.id)).toBe(false)
    const [row] = await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, other.session.id))
    expect(row!.status).toBe('failed')
  })

  it('a refund or a dispute locks the session again; the leads stay', async () => {
    for (const undo of ['refund', 'dispute'] as const) {
      const { owner, session } = await freeSpeakerWithLeads(5)
      const id = await checkout(owner, { kind: 'unlock', sessionId: session.id })
      await deliverAll(fake, await fake.pay(id))
      expect(await sessionUnlocked(session.id)).toBe(true)
      const [row] = await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))
      await deliverAll(
        fake,
        undo === 'refund' ? await fake.refund(row!.paymentIntentId!) : await fake.dispute(row!.paymentIntentId!),
      )
      expect(await sessionUnlocked(session.id)).toBe(false)
      const leads = (await visibleLeads(owner.id, session.id))!
      expect(leads.total).toBe(5)
      expect(leads.locked).toBe(2)
      const [after] = await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))
      expect(after!.status).toBe(undo === 'refund' ? 'refunded' : 'disputed')
    }
  })

  it('an admin unlock stays when a paid unlock is refunded', async () => {
    const { setSessionUnlocked } = await import('~/models/talk-sessions.server')
    const { owner, session } = await freeSpeakerWithLeads(4)
    const id = await checkout(owner, { kind: 'unlock', sessionId: session.id })
    await deliverAll(fake, await fake.pay(id))
    await setSessionUnlocked(session.id, true)
    const [row] = await getDb().select().from(sessionUnlocks).where(eq(sessionUnlocks.sessionId, session.id))
    await deliverAll(fake, await fake.refund(row!.paymentIntentId!))
    expect(await sessionUnlocked(session.id)).toBe(true)
    await setSessionUnlocked(session.id, false)
    expect(await sessionUnlocked(session.id)).toBe(false)
  })
})

describe('subscriptions converge whatever the order of events', () => {
  it('events in reverse order end in the same state as in order', async () => {
    const a = await createOwner()
    const b = await createOwner()
    const idA = await checkout(a, { kind: 'plan', plan: 'pro', interval: 'monthly', seats: 3 }, 'GBP')
    const idB = await checkout(b, { kind: 'plan', plan: 'pro', interval: 'monthly', seats: 3 }, 'GBP')
    const eventsA = await fake.pay(idA)
    const eventsB = await fake.pay(idB)
    await deliverAll(fake, eventsA)
    await deliverAll(fake, [...eventsB].reverse())
    const [wa, wb] = [await workspaceRow(a.id), await workspaceRow(b.id)]
    expect(wa).toMatchObject({ plan: 'teams', seats: 3 })
    expect(wb).toMatchObject({ plan: 'teams', seats: 3 })
    const [sa] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, a.id))
    const [sb] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, b.id))
    const shape = (s: typeof sa) => ({
      status: s!.status,
      plan: s!.plan,
      seats: s!.seats,
      currency: s!.currency,
      unitAmount: s!.unitAmount,
    })
    expect(shape(sb)).toEqual(shape(sa))
    expect(shape(sa)).toEqual({ status: 'active', plan: 'teams', seats: 3, currency: 'GBP', unitAmount: 3900 })
  })

  it.each([
    ['USD', 'monthly', 4900],
    ['GBP', 'monthly', 3900],
    ['EUR', 'monthly', 4500],
    ['USD', 'annual', 46800],
    ['GBP', 'annual', 37200],
    ['EUR', 'annual', 43200],
  ] as const)('%s %s Professional costs %i minor units a seat', async (currency, interval, amount) => {
    const owner = await createOwner()
    const id = await checkout(owner, { kind: 'plan', plan: 'pro', interval, seats: 1 }, currency)
    await deliverAll(fake, await fake.pay(id))
    const [sub] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, owner.id))
    expect(sub).toMatchObject({
      unitAmount: amount,
      currency,
      plan: 'pro',
      seats: 1,
      interval: interval === 'annual' ? 'year' : 'month',
    })
    expect(await workspaceRow(owner.id)).toMatchObject({ plan: 'pro', seats: 1 })
  })

  it('past_due keeps the plan with one email; canceled returns to Free at the end of the paid period, nothing deleted', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    for (let i = 0; i < 5; i++) await signUp(session)
    const id = await checkout(owner, { kind: 'plan', plan: 'solo', interval: 'monthly', seats: 1 })
    await deliverAll(fake, await fake.pay(id))
    expect((await workspaceRow(owner.id)).plan).toBe('solo')
    // Solo: a second session live at the same time.
    const { session: second } = await createLiveSession(owner.id, { wentLiveAt: new Date(Date.now() + 1000) })
    const [sub] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, owner.id))

    const failed = await fake.failRenewal(sub!.id)
    await deliverAll(fake, failed)
    await deliverAll(fake, failed) // a redelivery sends no second email
    expect((await workspaceRow(owner.id)).plan).toBe('solo')
    const [stored] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub!.id))
    expect(stored!.status).toBe('past_due')
    expect((await outboxTo(owner.email)).filter((m) => /payment did not go through/.test(m.subject))).toHaveLength(1)

    // Canceled after the retries: the renewal was never paid, so the paid period ended at its start.
    await deliverAll(fake, await fake.cancelSubscription(sub!.id))
    expect((await workspaceRow(owner.id)).plan).toBe('free')
    const leads = (await visibleLeads(owner.id, session.id))!
    expect(leads.total).toBe(5)
    expect(leads.locked).toBe(2)
    // Free allows one live session: the one that went live last stays live, the other closes (kept).
    const statuses = await getDb()
      .select({ id: talkSessions.id, status: talkSessions.status })
      .from(talkSessions)
      .where(eq(talkSessions.workspaceId, owner.id))
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({ [session.id]: 'closed', [second.id]: 'live' })
    const changes = await getDb().select().from(auditEvents).where(eq(auditEvents.workspaceId, owner.id))
    expect(changes.filter((c) => c.kind === 'plan.changed').map((c) => c.subject)).toEqual(['solo', 'free'])
  })

  it('a plan canceled at once keeps its plan until the paid period ends, then a recheck job returns it to Free', async () => {
    const owner = await createOwner()
    const id = await checkout(owner, { kind: 'plan', plan: 'pro', interval: 'monthly', seats: 1 }, 'EUR')
    await deliverAll(fake, await fake.pay(id))
    const [sub] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, owner.id))
    await deliverAll(fake, await fake.cancelSubscription(sub!.id))
    expect((await workspaceRow(owner.id)).plan).toBe('pro')
    const [recheck] = await getDb().select().from(jobs).where(eq(jobs.kind, 'billing.recheck'))
    expect(recheck).toBeDefined()
    expect(Math.abs(recheck!.runAt.getTime() - sub!.currentPeriodEnd.getTime())).toBeLessThan(1000)
    const { recomputeEntitlement } = await import('~/models/billing.server')
    await recomputeEntitlement(owner.id, new Date(sub!.currentPeriodEnd.getTime() + 1000))
    expect((await workspaceRow(owner.id)).plan).toBe('free')
  })

  it('a manual plan set by an admin wins over Stripe, and billing decides again once it is removed', async () => {
    const { setManualPlan } = await import('~/models/billing.server')
    const owner = await createOwner()
    const admin = { id: owner.id, email: 'admin@example.com' }
    await setManualPlan(owner.id, 'organiser', admin)
    const id = await checkout(owner, { kind: 'plan', plan: 'pro', interval: 'monthly', seats: 2 })
    await deliverAll(fake, await fake.pay(id))
    expect(await workspaceRow(owner.id)).toMatchObject({ plan: 'organiser', manualPlan: 'organiser' })
    await setManualPlan(owner.id, null, admin)
    expect(await workspaceRow(owner.id)).toMatchObject({ plan: 'teams', seats: 2, manualPlan: null })
  })

  it('unknown event types answer 200 and do nothing; a Stripe failure answers 500 so Stripe retries', async () => {
    const owner = await createOwner()
    const id = await checkout(owner, { kind: 'plan', plan: 'solo', interval: 'monthly', seats: 1 })
    const events = await fake.pay(id)
    const unknown = { ...events[0]!, id: `evt_unknown_${Date.now()}`, type: 'customer.tax_id.created' as const }
    const res = await deliver(fake, unknown as never)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ outcome: 'ignored' })

    fake.failNext(10, 500)
    const failing = await deliver(fake, events[0]!)
    expect(failing.status).toBe(500)
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, events[0]!.id))).toHaveLength(0)
    fake.failNext(0)
    const retried = await deliver(fake, events[0]!)
    expect(retried.status).toBe(200)
    expect((await workspaceRow(owner.id)).plan).toBe('solo')
  })
})
