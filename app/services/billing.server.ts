import { enqueueJob } from '~/jobs/queue.server'
import { BILLING_MESSAGES, isLiveSubscription, paidThrough, planForPrice, unlockStatus } from '~/lib/billing'
import { isCurrency, type Currency } from '~/lib/pricing'
import { convergeSubscriptions, fixCustomerCurrency, workspaceOfCustomer, type SubscriptionRow } from '~/models/billing.server'
import { convergeUnlock, unlockByPaymentIntent } from '~/models/session-unlocks.server'
import { markStartupOfferUsed } from '~/models/startup-applications.server'
import { stripeClient, type Stripe } from '~/platform/stripe.server'
import { notifyPaymentFailed } from './billing-notices.server'

// Billing with Stripe (issue 22, ARCHITECTURE decision 20, docs/billing.md). Every path that learns
// of a payment — the webhook, the checkout return page, the admin's "sync from Stripe" — calls one
// of two converging functions, `fulfilCheckout` and `syncCustomer`: each re-reads Stripe's current
// objects and stores them, so any number of calls in any order end in the same state. Sending a
// buyer to Stripe (Checkout, the portal) is app/services/stripe-hosted-pages.server.ts; a change of
// seats is app/services/billing-seats.server.ts.

/** A refusal the buyer can act on: shown next to `field` (or above the form), with HTTP `status`. */
export class BillingError extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
    readonly status = 400,
  ) {
    super(message)
    this.name = 'BillingError'
  }
}

export function requireStripe(): Stripe {
  const stripe = stripeClient()
  if (!stripe) throw new BillingError(BILLING_MESSAGES.notConfigured, null, 409)
  return stripe
}

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)
const fromUnix = (seconds: number) => new Date(seconds * 1000)
const upper = (currency: string | null | undefined): Currency | null => {
  const c = currency?.toUpperCase()
  return isCurrency(c) ? c : null
}

// ── Converging from Stripe ───────────────────────────────────────────────────────────────────

export type FulfilResult =
  | { kind: 'unlock'; workspaceId: string; sessionId: string; status: ReturnType<typeof unlockStatus> }
  | { kind: 'plan'; workspaceId: string; plan: string; paid: boolean }
  | { kind: 'other'; workspaceId: string | null }

/**
 * Brings our tables in line with one Checkout Session (the return page, checkout.session.* events).
 * An unlock is stored with its state (only a paid, unrefunded, undisputed payment unlocks); a
 * subscription checkout syncs the customer's subscriptions.
 */
export async function fulfilCheckout(checkoutSessionId: string): Promise<FulfilResult> {
  const stripe = requireStripe()
  const readAt = new Date()
  const session = await stripe.checkout.sessions.retrieve(checkoutSessionId, { expand: ['payment_intent.latest_charge'] })
  const customerId = idOf(session.customer)
  const known = customerId ? await workspaceOfCustomer(customerId) : null
  const workspaceId = known ?? null
  // Our metadata names the workspace; the customer link we stored must agree (nothing else is trusted).
  if (!workspaceId || session.metadata?.workspace_id !== workspaceId) return { kind: 'other', workspaceId }

  if (session.metadata?.kind === 'unlock' && session.metadata.session_id) {
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
    const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null
    const status = unlockStatus({
      paymentStatus: session.payment_status,
      intentStatus: intent?.status ?? null,
      refunded: charge?.refunded ?? false,
      disputed: charge?.disputed ?? false,
      sessionStatus: session.status ?? 'open',
    })
    await convergeUnlock({
      checkoutSessionId: session.id,
      workspaceId,
      sessionId: session.metadata.session_id,
      boughtBy: session.metadata.bought_by ?? null,
      paymentIntentId: idOf(session.payment_intent),
      status,
      amount: session.amount_total ?? 0,
      currency: upper(session.currency) ?? 'USD',
      receiptUrl: charge?.receipt_url ?? null,
      paidAt:
        status === 'paid' || status === 'refunded' || status === 'disputed' ? fromUnix(charge?.created ?? session.created) : null,
      readAt,
    })
    return { kind: 'unlock', workspaceId, sessionId: session.metadata.session_id, status }
  }
  if (session.mode === 'subscription' && customerId) {
    const paidStartup = session.metadata?.plan === 'startup' && session.payment_status === 'paid'
    // Before the sync, so the stored subscription already says it ends (the return page shows it).
    if (paidStartup) await endStartupAfterAYear(stripe, idOf(session.subscription))
    await syncCustomer(customerId)
    // The offer link that opened this checkout works once: paid, it is used.
    if (paidStartup && session.metadata?.offer_id) await markStartupOfferUsed(session.metadata.offer_id, workspaceId)
    return { kind: 'plan', workspaceId, plan: session.metadata?.plan ?? '', paid: session.payment_status === 'paid' }
  }
  return { kind: 'other', workspaceId }
}

/** The startup programme is valid 12 months, one annual payment: it ends at its period's end. */
async function endStartupAfterAYear(stripe: Stripe, subscriptionId: string | null) {
  if (!subscriptionId) return
  const sub = await stripe.subscriptions.retrieve(subscriptionId)
  if (!sub.cancel_at_period_end && sub.status !== 'canceled')
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
}

function subscriptionRow(workspaceId: string, sub: Stripe.Subscription): SubscriptionRow | null {
  const item = sub.items.data[0]
  const lookupKey = item?.price.lookup_key
  if (!item || !lookupKey) return null
  const seats = item.quantity ?? 1
  const plan = planForPrice(lookupKey, seats)
  if (!plan) return null
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null
  const period = { start: fromUnix(item.current_period_start), end: fromUnix(item.current_period_end) }
  const invoicePaid = invoice
    ? invoice.status === 'paid' || invoice.amount_due === 0
    : sub.status === 'active' || sub.status === 'trialing'
  return {
    id: sub.id,
    workspaceId,
    stripeCustomerId: idOf(sub.customer)!,
    status: sub.status,
    plan,
    lookupKey,
    interval: item.price.recurring?.interval ?? 'month',
    seats,
    currency: upper(sub.currency) ?? 'USD',
    unitAmount: item.price.unit_amount ?? 0,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    paidThrough: paidThrough(period, invoicePaid),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: sub.canceled_at ? fromUnix(sub.canceled_at) : null,
    stripeCreatedAt: fromUnix(sub.created),
  }
}

/**
 * Re-reads every subscription of a Stripe customer and recomputes its workspace's plan and seats
 * (Documenso's way: whatever event arrived, converge on Stripe's current objects). Schedules a
 * recheck when a canceled plan's paid period ends later. Null for a customer that is not ours.
 */
export async function syncCustomer(customerId: string) {
  const stripe = requireStripe()
  const workspaceId = await workspaceOfCustomer(customerId)
  if (!workspaceId) return null
  const readAt = new Date()
  const subs = await stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 100,
    expand: ['data.latest_invoice'],
  })
  const rows = subs.data.map((s) => subscriptionRow(workspaceId!, s)).filter((r): r is SubscriptionRow => r !== null)
  const result = await convergeSubscriptions(workspaceId, rows, readAt)
  if (!result) return null
  const paying = rows.find((r) => isLiveSubscription(r.status))
  if (paying && isCurrency(paying.currency)) await fixCustomerCurrency(workspaceId, paying.currency)
  if (result.recheckAt) {
    await enqueueJob(
      'billing.recheck',
      { workspaceId },
      { runAt: result.recheckAt, dedupeKey: `billing.recheck:${workspaceId}:${result.recheckAt.getTime()}` },
    )
  }
  return result
}

/** The unlock a payment intent paid for, re-read from Stripe (refunds, disputes). */
async function convergePaymentIntent(paymentIntentId: string | null) {
  if (!paymentIntentId) return
  const known = await unlockByPaymentIntent(paymentIntentId)
  if (known) {
    await fulfilCheckout(known)
    return
  }
  const sessions = await requireStripe().checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 })
  if (sessions.data[0]) await fulfilCheckout(sessions.data[0].id)
}

/** The event types this server acts on (docs/billing.md lists them for the webhook's settings). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const

/** Acts on one verified event. Throws when Stripe could not be read (the webhook answers 5xx: Stripe retries). */
export async function handleStripeEvent(event: Stripe.Event): Promise<'processed' | 'ignored'> {
  const object = event.data.object as unknown as Record<string, unknown> & { id: string }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      await fulfilCheckout(object.id)
      return 'processed'
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'invoice.paid': {
      const customer = idOf(object.customer as string | { id: string } | null)
      if (customer) await syncCustomer(customer)
      return 'processed'
    }
    case 'invoice.payment_failed': {
      const customer = idOf(object.customer as string | { id: string } | null)
      if (!customer) return 'processed'
      const result = await syncCustomer(customer)
      const workspaceId = await workspaceOfCustomer(customer)
      if (result && workspaceId) await notifyPaymentFailed(workspaceId, object as unknown as Stripe.Invoice)
      return 'processed'
    }
    case 'charge.refunded':
      await convergePaymentIntent(idOf(object.payment_intent as string | { id: string } | null))
      return 'processed'
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      let intent = idOf(object.payment_intent as string | { id: string } | null)
      const charge = idOf(object.charge as string | { id: string } | null)
      if (!intent && charge) intent = idOf((await requireStripe().charges.retrieve(charge)).payment_intent)
      await convergePaymentIntent(intent)
      return 'processed'
    }
    default:
      return 'ignored'
  }
}
