import { getConfig } from '~/config.server'
import {
  BILLING_MESSAGES,
  currencyLockedMessage,
  launchCodeApplies,
  launchCodeOpen,
  LOOKUP_KEYS,
  lookupKeyFor,
  seatsFor,
  type Interval,
  type PurchasablePlan,
} from '~/lib/billing'
import { LAUNCH_OFFER_CODE } from '~/lib/constants'
import type { Currency } from '~/lib/pricing'
import { getBillingCustomer, saveBillingCustomer } from '~/models/billing.server'
import type { Stripe } from '~/platform/stripe.server'
import { BillingError, requireStripe } from './billing.server'

// Sending a buyer to Stripe's hosted pages (issue 22, docs/billing.md → Buying): Checkout for a
// purchase (the customer, the price, the launch code) and the Customer Portal for what was bought.
// Nothing is stored here but the customer link; what the buyer paid comes back through the
// converging functions of app/services/billing.server.ts.

export type Purchase =
  | { kind: 'unlock'; sessionId: string }
  | { kind: 'plan'; plan: PurchasablePlan; interval: Interval; seats: number; promotionCode?: string }

export type Buyer = { workspaceId: string; workspaceName: string; userId: string; email: string }

async function ensureCustomer(stripe: Stripe, buyer: Buyer) {
  const existing = await getBillingCustomer(buyer.workspaceId)
  if (existing) return existing
  const customer = await stripe.customers.create(
    { email: buyer.email, name: buyer.workspaceName, metadata: { workspace_id: buyer.workspaceId } },
    // Two buy clicks at once make one customer.
    { idempotencyKey: `lectern-customer-${buyer.workspaceId}` },
  )
  return saveBillingCustomer(buyer.workspaceId, customer.id)
}

async function activePrice(stripe: Stripe, lookupKey: string) {
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, expand: ['data.currency_options'] })
  const price = prices.data[0]
  if (!price)
    throw new BillingError(
      `Payments are not set up for this product yet (price ${lookupKey} is missing: run npm run billing:sync).`,
      null,
      409,
    )
  return price
}

async function launchPromotion(stripe: Stripe, code: string, purchase: Extract<Purchase, { kind: 'plan' }>, now: Date) {
  if (code.toLowerCase() !== LAUNCH_OFFER_CODE.toLowerCase())
    throw new BillingError(BILLING_MESSAGES.unknownCode, 'promotionCode')
  if (!launchCodeApplies(purchase.plan, purchase.interval))
    throw new BillingError(BILLING_MESSAGES.launchCodeWrongPlan, 'promotionCode')
  if (!launchCodeOpen(getConfig().launchOfferDeadline, now))
    throw new BillingError(BILLING_MESSAGES.launchCodeEnded, 'promotionCode')
  const found = await stripe.promotionCodes.list({ code: LAUNCH_OFFER_CODE, active: true, limit: 1 })
  const promo = found.data[0]
  if (!promo || (promo.expires_at !== null && promo.expires_at * 1000 < now.getTime()))
    throw new BillingError(BILLING_MESSAGES.launchCodeEnded, 'promotionCode')
  return promo.id
}

/**
 * Opens a Stripe Checkout for a purchase and returns its URL. Refuses (BillingError) when payments
 * are not set up, the currency differs from the one fixed at the first purchase, or the code is not valid.
 */
export async function startCheckout(input: {
  buyer: Buyer
  currency: Currency
  purchase: Purchase
  /** Where Checkout's "back" returns to (a path of ours). */
  cancelPath: string
  /** Extra keys for the checkout's metadata (the startup offer's id); ours below win on a clash. */
  metadata?: Record<string, string>
  now?: Date
}): Promise<string> {
  const stripe = requireStripe()
  const { buyer, currency, purchase } = input
  const now = input.now ?? new Date()
  const appUrl = getConfig().appUrl
  if (purchase.kind === 'plan' && purchase.plan === 'startup' && currency !== 'USD')
    throw new BillingError(BILLING_MESSAGES.startupUsdOnly, 'currency')
  // A refused code makes nothing in Stripe (not even the customer).
  const code = purchase.kind === 'plan' ? purchase.promotionCode?.trim() : undefined
  const discount = code && purchase.kind === 'plan' ? await launchPromotion(stripe, code, purchase, now) : null
  const customer = await ensureCustomer(stripe, buyer)
  if (customer.currency && customer.currency !== currency)
    throw new BillingError(currencyLockedMessage(customer.currency), 'currency')

  const lookupKey = purchase.kind === 'unlock' ? LOOKUP_KEYS.unlock : lookupKeyFor(purchase.plan, purchase.interval)
  const price = await activePrice(stripe, lookupKey)
  const metadata: Record<string, string> = {
    ...input.metadata,
    workspace_id: buyer.workspaceId,
    bought_by: buyer.userId,
    kind: purchase.kind,
  }
  const common = {
    customer: customer.stripeCustomerId,
    client_reference_id: buyer.workspaceId,
    currency: currency.toLowerCase(),
    success_url: `${appUrl}/billing/return?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}${input.cancelPath}`,
    automatic_tax: { enabled: true },
    tax_id_collection: { enabled: true },
    customer_update: { address: 'auto' as const, name: 'auto' as const },
    billing_address_collection: 'required' as const,
  }
  if (purchase.kind === 'unlock') {
    metadata.session_id = purchase.sessionId
    const session = await stripe.checkout.sessions.create({
      ...common,
      mode: 'payment',
      line_items: [{ price: price.id, quantity: 1 }],
      metadata,
      payment_intent_data: { metadata },
      invoice_creation: { enabled: true, invoice_data: { metadata } },
    })
    return session.url!
  }
  const seats = seatsFor(purchase.plan, purchase.seats)
  metadata.plan = purchase.plan
  const session = await stripe.checkout.sessions.create({
    ...common,
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: seats }],
    metadata,
    subscription_data: { metadata },
    ...(discount
      ? { discounts: [{ promotion_code: discount }] }
      : {
          allow_promotion_codes:
            launchCodeApplies(purchase.plan, purchase.interval) && launchCodeOpen(getConfig().launchOfferDeadline, now),
        }),
  })
  return session.url!
}

/** The Customer Portal (card, invoices, cancel at period end, seats) for a workspace that has bought something. */
export async function openPortal(workspaceId: string, returnPath: string) {
  const stripe = requireStripe()
  const customer = await getBillingCustomer(workspaceId)
  if (!customer) throw new BillingError('This workspace has not bought anything yet.', null, 409)
  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.stripeCustomerId,
    return_url: `${getConfig().appUrl}${returnPath}`,
  })
  return portal.url
}
