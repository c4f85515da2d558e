import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import Stripe from 'stripe'
import {
  API_VERSION,
  amountIn,
  arr,
  bool,
  chargeObject,
  checkoutPage,
  checkoutSessionObject,
  currencyOption,
  customerObject,
  discountFor,
  eventObject,
  int,
  invoiceItemLine,
  invoiceLine,
  invoiceObject,
  invoicePage,
  list,
  mergeMetadata,
  newId,
  obj,
  page,
  parseStripeForm,
  paymentIntentObject,
  planOf,
  portalPage,
  priceIn,
  priceObject,
  productObject,
  randomToken,
  receiptPage,
  str,
  subscriptionItemObject,
  subscriptionObject,
  addInterval,
  type FakeCharge,
  type FakeCheckoutSession,
  type FakeCoupon,
  type FakeCustomer,
  type FakeInvoice,
  type FakeLineItem,
  type FakePaymentIntent,
  type FakePrice,
  type FakeProduct,
  type FakePromotionCode,
  type FakeSubscription,
  type FakeSubscriptionItem,
  type Interval,
  type Json,
  type List,
  type Metadata,
} from './stripe-objects'

// A local stand-in for Stripe's v1 HTTP API (set via STRIPE_API_BASE_URL), for the real `stripe` SDK:
//   new Stripe('sk_test_fake', { apiVersion: '2026-10-28.endive', host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })
// It keeps customers, products, prices (lookup keys, currency options), coupons, promotion codes,
// Checkout Sessions, subscriptions, invoices, payment intents, charges, refunds, disputes and events in
// memory, answers with Stripe's object and error shapes, honours `expand[]` and Idempotency-Key, and
// records every request. Tests drive what a buyer or the card network would do (pay, async
// settlement, refunds, disputes, renewals) through the functions on the returned object; each returns
// the events Stripe would send, in Stripe's order, and POSTs them signed to the webhook when one is set.
// Hosted pages (plain HTML, no JavaScript): /c/pay/:id (Checkout), /p/session/:id (portal), /receipts/:id.
// Out of process (Playwright), the same controls answer under /__fake/ (see `controls` below).

export type RecordedStripeRequest = {
  method: string
  path: string
  query: Json
  body: Json
  stripeVersion: string | null
  idempotencyKey: string | null
  status: number
}
export type WebhookTarget = { url: string; secret: string }
export type WebhookDelivery = { event: string; type: string; url: string; status: number | null; error?: string }
/** Events as the SDK types them, so tests can hand them on as `Stripe.Event`. */
export type StripeEvent = Stripe.Event
export type SignedDelivery = { body: string; headers: { 'stripe-signature': string; 'content-type': 'application/json' } }
export type FakeRefund = Json & { id: string; object: 'refund'; amount: number; charge: string; payment_intent: string }
export type FakeDispute = Json & { id: string; object: 'dispute'; charge: string; payment_intent: string }

export type FakeStripe = {
  /** Base URL: STRIPE_API_BASE_URL, and the origin of the hosted pages. */
  url: string
  port: number
  server: Server
  requests: RecordedStripeRequest[]
  /** Every event created so far, oldest first (also served at GET /v1/events/:id). */
  events: StripeEvent[]
  /** Automatic webhook deliveries and their answers. */
  deliveries: WebhookDelivery[]
  customers: Map<string, FakeCustomer>
  products: Map<string, FakeProduct>
  prices: Map<string, FakePrice>
  coupons: Map<string, FakeCoupon>
  promotionCodes: Map<string, FakePromotionCode>
  checkoutSessions: Map<string, FakeCheckoutSession>
  subscriptions: Map<string, FakeSubscription>
  invoices: Map<string, FakeInvoice>
  paymentIntents: Map<string, FakePaymentIntent>
  charges: Map<string, FakeCharge>
  refunds: Map<string, FakeRefund>
  disputes: Map<string, FakeDispute>
  /** The buyer completes the hosted checkout; `async` = a bank payment that settles later. */
  pay: (checkoutSessionId: string, opts?: { async?: boolean }) => Promise<StripeEvent[]>
  succeedAsync: (checkoutSessionId: string) => Promise<StripeEvent[]>
  failAsync: (checkoutSessionId: string) => Promise<StripeEvent[]>
  refund: (paymentIntentId: string, amount?: number) => Promise<StripeEvent[]>
  dispute: (paymentIntentId: string) => Promise<StripeEvent[]>
  failRenewal: (subscriptionId: string) => Promise<StripeEvent[]>
  payRenewal: (subscriptionId: string) => Promise<StripeEvent[]>
  cancelSubscription: (subscriptionId: string, opts?: { atPeriodEnd?: boolean }) => Promise<StripeEvent[]>
  setSubscriptionStatus: (subscriptionId: string, status: FakeSubscription['status']) => Promise<StripeEvent[]>
  signedDelivery: (event: StripeEvent, secret: string, opts?: { timestamp?: number }) => SignedDelivery
  deliver: (event: StripeEvent, url: string, secret: string) => Promise<Response>
  setWebhook: (target: WebhookTarget | null) => void
  /** Waits for deliveries started after an HTTP answer (hosted pay form, API changes). */
  flush: () => Promise<void>
  failNext: (count: number, status?: number) => void
  /** The fake's clock in Unix seconds; `setNow(null)` returns to the real time. */
  now: () => number
  setNow: (unixSeconds: number | null) => void
  advanceTime: (seconds: number) => void
  reset: () => void
  close: () => Promise<void>
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail: { code?: string; param?: string; type?: string } = {},
  ) {
    super(message)
  }
}
const invalid = (message: string, param?: string, code?: string) => new StripeApiError(400, message, { param, code })
const noSuch = (kind: string, id: string, param = 'id', status = 404) =>
  new StripeApiError(status, `No such ${kind}: '${id}'`, { code: 'resource_missing', param })
const unknownParam = (name: string) => invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown')

// Fields Stripe leaves out unless `expand[]` names them.
const INCLUDABLE: Record<string, string[]> = {
  price: ['currency_options'],
  coupon: ['applies_to'],
  'checkout.session': ['line_items'],
  invoice: ['payments'],
}
type ExpandTree = { [key: string]: ExpandTree }

export async function startFakeStripe(
  opts: { port?: number; host?: string; webhook?: WebhookTarget | null } = {},
): Promise<FakeStripe> {
  const host = opts.host ?? '127.0.0.1'
  let base = ''
  let webhook = opts.webhook ?? null
  let clockOffset = 0
  let fixedNow: number | null = null
  let failures = 0
  let failStatus = 500
  const now = () => fixedNow ?? Math.floor(Date.now() / 1000) + clockOffset

  const requests: RecordedStripeRequest[] = []
  const events: StripeEvent[] = []
  const deliveries: WebhookDelivery[] = []
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>()
  const inflight = new Set<Promise<unknown>>()
  const store = {
    customers: new Map<string, FakeCustomer>(),
    products: new Map<string, FakeProduct>(),
    prices: new Map<string, FakePrice>(),
    coupons: new Map<string, FakeCoupon>(),
    promotionCodes: new Map<string, FakePromotionCode>(),
    checkoutSessions: new Map<string, FakeCheckoutSession>(),
    subscriptions: new Map<string, FakeSubscription>(),
    invoices: new Map<string, FakeInvoice>(),
    paymentIntents: new Map<string, FakePaymentIntent>(),
    charges: new Map<string, FakeCharge>(),
    refunds: new Map<string, FakeRefund>(),
    disputes: new Map<string, FakeDispute>(),
    portalSessions: new Map<string, Json>(),
  }

  // ---- lookups, rendering, events ----

  const byPrefix: [string, Map<string, Json>][] = [
    ['cus_', store.customers],
    ['prod_', store.products],
    ['price_', store.prices],
    ['promo_', store.promotionCodes],
    ['cs_', store.checkoutSessions],
    ['sub_', store.subscriptions],
    ['in_', store.invoices],
    ['pi_', store.paymentIntents],
    ['ch_', store.charges],
    ['re_', store.refunds],
    ['dp_', store.disputes],
  ]
  const lookup = (key: string, id: string): Json | undefined =>
    key === 'coupon' ? store.coupons.get(id) : byPrefix.find(([prefix]) => id.startsWith(prefix))?.[1].get(id)

  function get<T>(map: Map<string, T>, kind: string, id: string): T {
    const found = map.get(id)
    if (!found) throw noSuch(kind, id)
    return found
  }

  const promoExpired = (p: FakePromotionCode) => p.expires_at !== null && p.expires_at <= now()
  const couponValid = (c: FakeCoupon | undefined) =>
    !!c &&
    !c._deleted &&
    (c.redeem_by === null || c.redeem_by > now()) &&
    (c.max_redemptions === null || c.times_redeemed < c.max_redemptions)

  // What a stored object looks like right now (derived fields, the current price on subscription items).
  function view(o: Json): Json {
    if (o.object === 'promotion_code') {
      const p = o as FakePromotionCode
      return { ...p, active: p.active && !promoExpired(p) && couponValid(store.coupons.get(p.promotion.coupon)) }
    }
    if (o.object === 'coupon') return { ...o, valid: couponValid(o as FakeCoupon) }
    if (o.object === 'subscription_item') {
      const item = o as FakeSubscriptionItem
      const current = store.prices.get(item.price.id)
      if (!current) return o
      const price = priceIn(current, item.price.currency)
      return { ...item, price, plan: planOf(price) }
    }
    if (o.object === 'invoice') {
      const inv = o as FakeInvoice
      const payments = inv._paymentIntent
        ? [
            {
              id: inv._paymentId,
              object: 'invoice_payment',
              amount_paid: inv.amount_paid,
              amount_requested: inv.amount_due,
              created: inv.created,
              currency: inv.currency,
              invoice: inv.id,
              is_default: true,
              livemode: false,
              payment: { type: 'payment_intent', payment_intent: inv._paymentIntent },
              status: inv.status === 'paid' ? 'paid' : 'open',
              status_transitions: { canceled_at: null, paid_at: (inv.status_transitions as Json).paid_at ?? null },
            },
          ]
        : []
      return { ...inv, payments: list(payments, `/v1/invoice_payments?invoice=${inv.id}`) }
    }
    return o
  }

  /** The public JSON of a stored object; `tree` names the ids to replace by their objects (expand[]). */
  function render(value: unknown, tree: ExpandTree = {}, path = ''): unknown {
    if (Array.isArray(value)) return value.map((v) => render(v, tree, path))
    if (!value || typeof value !== 'object') return value
    const source = view(value as Json)
    const hidden = INCLUDABLE[String(source.object)] ?? []
    for (const key of Object.keys(tree)) {
      // Stripe refuses an expansion it cannot make rather than ignore it.
      if (!(key in source) && !hidden.includes(key)) throw invalid(`This property cannot be expanded (${path}${key}).`, 'expand')
    }
    const out: Json = {}
    for (const [key, v] of Object.entries(source)) {
      if (key.startsWith('_') || (hidden.includes(key) && !(key in tree))) continue
      const sub = tree[key]
      const target = sub && typeof v === 'string' ? lookup(key, v) : undefined
      if (sub && typeof v === 'string' && !target) {
        throw invalid(`This property cannot be expanded (${path}${key}): the fake keeps no ${v}.`, 'expand')
      }
      out[key] = render(target ?? v, sub ?? {}, `${path}${key}.`)
    }
    return out
  }

  function expandTree(expand: unknown): ExpandTree {
    const tree: ExpandTree = {}
    for (const path of arr(expand)) {
      const parts = String(path).split('.')
      if (parts.length > 4) throw invalid(`You cannot expand more than 4 levels of a property (${path}).`, 'expand')
      let node = tree
      for (const part of parts) node = node[part] ??= {}
    }
    return tree
  }

  const snapshot = (o: Json) => render(o) as Json
  function emit(type: string, o: Json, previous?: Json): StripeEvent {
    const event = eventObject(newId('evt'), now(), type, snapshot(o), previous) as unknown as StripeEvent
    events.push(event)
    return event
  }
  /** previous_attributes: the top-level fields that changed, with their old values. */
  function changed(before: Json, after: Json): Json {
    const prev: Json = {}
    for (const [k, v] of Object.entries(before)) {
      if (!k.startsWith('_') && JSON.stringify(v) !== JSON.stringify(after[k])) prev[k] = v
    }
    return prev
  }

  function paginate<T extends { id: string }>(items: T[], p: Json, url: string): List<T> {
    const limit = Math.min(100, Math.max(1, int(p.limit) ?? 10))
    const after = str(p.starting_after)
    const before = str(p.ending_before)
    let start = after ? items.findIndex((i) => i.id === after) + 1 : 0
    if (before) start = Math.max(0, items.findIndex((i) => i.id === before) - limit)
    const data = items.slice(start, start + limit)
    return { object: 'list', data, has_more: start + limit < items.length, url }
  }
  const newestFirst = <T>(map: Map<string, T>) => [...map.values()].reverse()

  // ---- webhooks ----

  function signedDelivery(event: StripeEvent, secret: string, o: { timestamp?: number } = {}): SignedDelivery {
    const body = JSON.stringify(event)
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: o.timestamp })
    return { body, headers: { 'stripe-signature': header, 'content-type': 'application/json' } }
  }
  function deliver(event: StripeEvent, url: string, secret: string): Promise<Response> {
    const { body, headers } = signedDelivery(event, secret)
    return fetch(url, {
      method: 'POST',
      body,
      headers: { ...headers, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    })
  }
  async function deliverAll(list: StripeEvent[]): Promise<StripeEvent[]> {
    const target = webhook
    if (!target) return list
    for (const event of list) {
      const record: WebhookDelivery = { event: event.id, type: event.type, url: target.url, status: null }
      deliveries.push(record)
      try {
        const res = await deliver(event, target.url, target.secret)
        record.status = res.status
        await res.arrayBuffer()
      } catch (error) {
        record.error = String(error)
      }
    }
    return list
  }
  /** Deliveries that must not hold up an HTTP answer (Stripe sends them after it). */
  function deliverLater(list: StripeEvent[]) {
    if (!webhook || list.length === 0) return
    const p = deliverAll(list).finally(() => inflight.delete(p))
    inflight.add(p)
  }

  // ---- money movements ----

  type PaymentStatus = 'succeeded' | 'processing' | 'requires_payment_method'
  function createPayment(amount: number, currency: string, customer: string | null, metadata: Metadata, status: PaymentStatus) {
    const intent = paymentIntentObject(newId('pi'), now(), { amount, currency, customer, metadata, status })
    store.paymentIntents.set(intent.id, intent)
    return { intent, charge: chargeFor(intent, status) }
  }
  /** A charge (an attempt) on the payment intent, which then points at it as its latest charge. */
  function chargeFor(intent: FakePaymentIntent, status: PaymentStatus): FakeCharge {
    const succeeded = status === 'succeeded'
    const charge = chargeObject(newId('ch'), now(), base, {
      amount: intent.amount,
      amount_captured: succeeded ? intent.amount : 0,
      captured: succeeded,
      currency: intent.currency,
      customer: intent.customer,
      metadata: { ...intent.metadata },
      paid: succeeded,
      payment_intent: intent.id,
      status: succeeded ? 'succeeded' : status === 'processing' ? 'pending' : 'failed',
      ...(status === 'requires_payment_method' ? declined() : {}),
    })
    store.charges.set(charge.id, charge)
    Object.assign(intent, {
      status,
      latest_charge: charge.id,
      amount_received: succeeded ? intent.amount : 0,
      last_payment_error: status === 'requires_payment_method' ? lastPaymentError(charge.id) : null,
    })
    return charge
  }
  const declined = () => ({
    failure_code: 'card_declined',
    failure_message: 'Your card was declined.',
    outcome: {
      network_status: 'declined_by_network',
      reason: 'generic_decline',
      risk_level: 'normal',
      seller_message: 'The bank did not return any further details with this decline.',
      type: 'issuer_declined',
    },
  })
  const lastPaymentError = (charge: string) => ({
    charge,
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    type: 'card_error',
  })

  /** A processing payment settles, or a declined one is retried and succeeds. */
  function settle(intent: FakePaymentIntent): FakeCharge {
    const pending = intent.latest_charge ? store.charges.get(intent.latest_charge) : undefined
    if (!pending || pending.status !== 'pending') return chargeFor(intent, 'succeeded')
    Object.assign(pending, { status: 'succeeded', paid: true, captured: true, amount_captured: pending.amount })
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null })
    return pending
  }

  type InvoiceOwner = { customer: string; currency: string; sub?: FakeSubscription; metadata?: Metadata; paymentIntent?: string }
  const ofSubscription = (sub: FakeSubscription): InvoiceOwner => ({ customer: sub.customer, currency: sub.currency, sub })
  /** A finalized invoice, paid or open; its payment is the owner's payment intent or a new one. */
  function createInvoice(
    owner: InvoiceOwner,
    o: {
      reason: string
      subtotal: number
      total: number
      paid: boolean
      lines: (invoiceId: string) => Json[]
      period: { start: number; end: number }
    },
  ): FakeInvoice {
    const t = now()
    const { sub } = owner
    const customer = get(store.customers, 'customer', owner.customer)
    const id = newId('in')
    const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`
    const invoice = invoiceObject(id, t, base, {
      amount_due: o.total,
      amount_paid: o.paid ? o.total : 0,
      amount_remaining: o.paid ? 0 : o.total,
      attempt_count: 1,
      attempted: true,
      billing_reason: o.reason,
      currency: owner.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      lines: list(o.lines(id), `/v1/invoices/${id}/lines`),
      number,
      metadata: { ...owner.metadata },
      parent: sub
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
          }
        : null,
      period_end: o.period.end,
      period_start: o.period.start,
      status: o.paid ? 'paid' : 'open',
      status_transitions: { finalized_at: t, marked_uncollectible_at: null, paid_at: o.paid ? t : null, voided_at: null },
      subtotal: o.subtotal,
      subtotal_excluding_tax: o.subtotal,
      total: o.total,
      total_discount_amounts: o.subtotal > o.total ? [{ amount: o.subtotal - o.total, discount: sub?.discounts[0] ?? null }] : [],
      total_excluding_tax: o.total,
      _paymentId: newId('inpay'),
    })
    if (owner.paymentIntent) invoice._paymentIntent = owner.paymentIntent
    else if (o.total > 0) {
      const status = o.paid ? 'succeeded' : 'requires_payment_method'
      invoice._paymentIntent = createPayment(o.total, owner.currency, customer.id, {}, status).intent.id
    }
    if (!o.paid) invoice.next_payment_attempt = t + 3 * 24 * 3600
    store.invoices.set(id, invoice)
    if (sub) sub.latest_invoice = id
    return invoice
  }

  function markInvoicePaid(invoice: FakeInvoice) {
    const intent = invoice._paymentIntent ? store.paymentIntents.get(invoice._paymentIntent) : undefined
    if (intent) settle(intent)
    const t = now()
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      next_payment_attempt: null,
      status_transitions: { ...(invoice.status_transitions as Json), paid_at: t },
    })
  }

  const periodOf = (sub: FakeSubscription) => ({
    start: sub.items.data[0]?.current_period_start ?? now(),
    end: sub.items.data[0]?.current_period_end ?? now(),
  })
  /**
   * The renewal is due now: the current period ends at the fake's clock and the next one starts
   * (Stripe with a test clock advanced to the period's end), so an app reading its own clock sees
   * the renewal as happening now.
   */
  function advancePeriod(sub: FakeSubscription) {
    const t = now()
    for (const item of sub.items.data) {
      const r = item.price.recurring
      item.current_period_start = t
      item.current_period_end = addInterval(t, r?.interval ?? 'month', r?.interval_count ?? 1)
    }
  }
  /** A renewal's amount: the items at today's quantities, the coupon while it lasts, pending prorations. */
  function renewal(sub: FakeSubscription) {
    const subtotal = sub.items.data.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0)
    const coupon = sub._coupon ? store.coupons.get(String(sub._coupon)) : undefined
    const lasts =
      coupon &&
      (coupon.duration === 'forever' ||
        (coupon.duration === 'repeating' && typeof sub._discountEnds === 'number' && periodOf(sub).start < sub._discountEnds))
    const total = subtotal - (lasts ? discountFor(coupon, subtotal, sub.currency) : 0) + Number(sub._pendingProration ?? 0)
    sub._pendingProration = 0
    return { subtotal, total: Math.max(0, total) }
  }
  function renewalLines(sub: FakeSubscription) {
    return (invoiceId: string) =>
      sub.items.data.map((i) => invoiceLine(invoiceId, i, i.price.unit_amount * i.quantity, i.quantity, periodOf(sub)))
  }
  /** At the period's end a subscription set to cancel then ends (Stripe: customer.subscription.deleted). */
  function endIfDue(sub: FakeSubscription): StripeEvent[] | null {
    if (!sub.cancel_at_period_end) return null
    Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: sub.canceled_at ?? now() })
    return [emit('customer.subscription.deleted', sub)]
  }

  // ---- the driving functions (what the buyer, the bank and time do) ----

  function ensureCustomer(session: FakeCheckoutSession): FakeCustomer {
    if (session.customer) return get(store.customers, 'customer', session.customer)
    const customer = customerObject(newId('cus', 14), now(), { email: session.customer_email })
    store.customers.set(customer.id, customer)
    session.customer = customer.id
    return customer
  }

  function payNow(id: string, o: { async?: boolean } = {}): StripeEvent[] {
    const session = get(store.checkoutSessions, 'checkout session', id)
    if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}, not open`)
    const customer = ensureCustomer(session)
    customer.currency ??= session.currency
    const t = now()
    Object.assign(session, {
      status: 'complete',
      customer_details: {
        address: null,
        email: customer.email,
        name: customer.name,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    })
    const promo = session.discounts[0]?.promotion_code
    const couponId = session.discounts[0]?.coupon ?? (promo ? store.promotionCodes.get(promo)?.promotion.coupon : undefined)
    if (promo) store.promotionCodes.get(promo)!.times_redeemed++
    const coupon = couponId ? store.coupons.get(couponId) : undefined
    if (coupon) coupon.times_redeemed++

    if (session.mode === 'payment') {
      const status = o.async ? 'processing' : 'succeeded'
      const { intent, charge } = createPayment(
        session.amount_total,
        session.currency,
        customer.id,
        session._paymentIntentMetadata,
        status,
      )
      session.payment_intent = intent.id
      session.payment_status = o.async ? 'unpaid' : 'paid'
      const invoice = session._invoiceCreation && !o.async ? paymentInvoice(session, intent.id) : null
      if (o.async) return [emit('checkout.session.completed', session), emit('payment_intent.processing', intent)]
      return [
        emit('checkout.session.completed', session),
        emit('payment_intent.succeeded', intent),
        emit('charge.succeeded', charge),
        ...(invoice ? [emit('invoice.paid', invoice)] : []),
      ]
    }

    const subId = newId('sub')
    const recurring = session.line_items.data.filter((l) => l.price.recurring)
    const items = recurring.map((l) => subscriptionItemObject(subId, t, l.price, l.quantity))
    const sub = subscriptionObject(subId, t, {
      customer: customer.id,
      currency: session.currency,
      metadata: { ...session._subscriptionMetadata },
      status: o.async ? 'incomplete' : 'active',
      items: list(items, `/v1/subscription_items?subscription=${subId}`),
      discounts: coupon ? [newId('di')] : [],
      _coupon: coupon?.id ?? null,
      _discountEnds: coupon?.duration === 'repeating' ? addInterval(t, 'month', Number(coupon.duration_in_months ?? 1)) : null,
    })
    store.subscriptions.set(subId, sub)
    const invoice = createInvoice(ofSubscription(sub), {
      reason: 'subscription_create',
      subtotal: session.amount_subtotal,
      total: session.amount_total,
      paid: !o.async,
      period: periodOf(sub),
      lines: (invoiceId) =>
        items.map((item, i) => invoiceLine(invoiceId, item, recurring[i]!.amount_subtotal, item.quantity, periodOf(sub))),
    })
    Object.assign(session, { subscription: subId, invoice: invoice.id, payment_status: o.async ? 'unpaid' : 'paid' })
    if (o.async) return [emit('checkout.session.completed', session), emit('customer.subscription.created', sub)]
    return [
      emit('checkout.session.completed', session),
      emit('customer.subscription.created', sub),
      emit('invoice.paid', invoice),
    ]
  }

  /** invoice_creation[enabled] in payment mode: a paid invoice for the payment, on the session. */
  function paymentInvoice(session: FakeCheckoutSession, paymentIntent: string): FakeInvoice {
    const t = now()
    const invoice = createInvoice(
      { customer: session.customer!, currency: session.currency, metadata: session._invoiceMetadata as Metadata, paymentIntent },
      {
        reason: 'manual',
        subtotal: session.amount_subtotal,
        total: session.amount_total,
        paid: true,
        period: { start: t, end: t },
        lines: (invoiceId) => session.line_items.data.map((l) => invoiceItemLine(invoiceId, l, t)),
      },
    )
    session.invoice = invoice.id
    return invoice
  }

  function asyncOutcome(id: string, succeeded: boolean): StripeEvent[] {
    const session = get(store.checkoutSessions, 'checkout session', id)
    if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
      throw new Error(`Checkout session ${id} has no payment waiting to settle (${session.status}, ${session.payment_status})`)
    }
    if (succeeded) session.payment_status = 'paid'
    const type = succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed'
    if (session.mode === 'payment') {
      const intent = get(store.paymentIntents, 'payment_intent', session.payment_intent!)
      if (succeeded) {
        const charge = settle(intent)
        const invoice = session._invoiceCreation ? paymentInvoice(session, intent.id) : null
        return [
          emit(type, session),
          emit('payment_intent.succeeded', intent),
          emit('charge.succeeded', charge),
          ...(invoice ? [emit('invoice.paid', invoice)] : []),
        ]
      }
      const charge = get(store.charges, 'charge', intent.latest_charge!)
      Object.assign(charge, { status: 'failed', paid: false, ...declined() })
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastPaymentError(charge.id) })
      return [emit(type, session), emit('payment_intent.payment_failed', intent), emit('charge.failed', charge)]
    }
    const sub = get(store.subscriptions, 'subscription', session.subscription!)
    const invoice = get(store.invoices, 'invoice', session.invoice!)
    if (!succeeded) return [emit(type, session), emit('invoice.payment_failed', invoice)]
    const before = structuredClone(sub)
    markInvoicePaid(invoice)
    sub.status = 'active'
    return [emit(type, session), emit('invoice.paid', invoice), emit('customer.subscription.updated', sub, changed(before, sub))]
  }

  function refundNow(
    paymentIntentId: string,
    amount?: number,
    reason: string | null = null,
  ): { refund: FakeRefund; events: StripeEvent[] } {
    const intent = get(store.paymentIntents, 'payment_intent', paymentIntentId)
    const charge = intent.latest_charge ? store.charges.get(intent.latest_charge) : undefined
    if (!charge || charge.status !== 'succeeded')
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent')
    const left = charge.amount - charge.amount_refunded
    if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded')
    const value = amount ?? left
    if (value <= 0 || value > left) {
      throw invalid(
        `Refund amount (${value}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      )
    }
    const before = structuredClone(charge)
    charge.amount_refunded += value
    charge.refunded = charge.amount_refunded === charge.amount
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount: value,
      balance_transaction: `txn_${randomToken(24)}`,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      destination_details: {
        type: 'card',
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      },
      metadata: {},
      payment_intent: intent.id,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    }
    store.refunds.set(refund.id, refund)
    return { refund, events: [emit('charge.refunded', charge, changed(before, charge))] }
  }

  function disputeNow(paymentIntentId: string): StripeEvent[] {
    const intent = get(store.paymentIntents, 'payment_intent', paymentIntentId)
    const charge = intent.latest_charge ? store.charges.get(intent.latest_charge) : undefined
    if (!charge || charge.status !== 'succeeded')
      throw new Error(`Payment intent ${paymentIntentId} has no successful charge to dispute`)
    charge.disputed = true
    const t = now()
    const dispute: FakeDispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      balance_transactions: [],
      charge: charge.id,
      created: t,
      currency: charge.currency,
      enhanced_eligibility_types: [],
      evidence: {},
      evidence_details: {
        due_by: t + 7 * 24 * 3600,
        enhanced_eligibility: {},
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: intent.id,
      reason: 'fraudulent',
      status: 'needs_response',
    }
    store.disputes.set(dispute.id, dispute)
    return [emit('charge.dispute.created', dispute)]
  }

  function renewNow(subscriptionId: string, paid: boolean): StripeEvent[] {
    const sub = get(store.subscriptions, 'subscription', subscriptionId)
    if (sub.status === 'canceled') throw new Error(`Subscription ${subscriptionId} is canceled`)
    const before = structuredClone(sub)
    const open = sub.latest_invoice ? store.invoices.get(sub.latest_invoice) : undefined
    if (paid && open?.status === 'open') {
      // The failed renewal's invoice is paid on a retry: its period has already begun.
      markInvoicePaid(open)
      sub.status = 'active'
      return [emit('invoice.paid', open), emit('customer.subscription.updated', sub, changed(before, sub))]
    }
    const ended = endIfDue(sub)
    if (ended) return ended
    advancePeriod(sub)
    const { subtotal, total } = renewal(sub)
    const invoice = createInvoice(ofSubscription(sub), {
      reason: 'subscription_cycle',
      subtotal,
      total,
      paid,
      period: periodOf(sub),
      lines: renewalLines(sub),
    })
    sub.status = paid ? 'active' : 'past_due'
    const invoiceEvent = emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice)
    return [invoiceEvent, emit('customer.subscription.updated', sub, changed(before, sub))]
  }

  function cancelNow(sub: FakeSubscription, atPeriodEnd: boolean, reason = 'cancellation_requested'): StripeEvent[] {
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.')
    const before = structuredClone(sub)
    const t = now()
    sub.cancellation_details = { comment: null, feedback: null, reason }
    if (atPeriodEnd) {
      Object.assign(sub, { cancel_at_period_end: true, cancel_at: periodOf(sub).end, canceled_at: t })
      return [emit('customer.subscription.updated', sub, changed(before, sub))]
    }
    Object.assign(sub, { status: 'canceled', canceled_at: t, ended_at: t })
    return [emit('customer.subscription.deleted', sub)]
  }

  // ---- the API ----

  function createCustomer(p: Json): FakeCustomer {
    const customer = customerObject(newId('cus', 14), now(), {
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      description: str(p.description) ?? null,
      phone: str(p.phone) ?? null,
      metadata: mergeMetadata({}, p.metadata),
      ...(p.address ? { address: obj(p.address) } : {}),
    })
    store.customers.set(customer.id, customer)
    return customer
  }
  function updateCustomer(customer: FakeCustomer, p: Json): FakeCustomer {
    for (const key of ['email', 'name', 'description', 'phone'] as const) if (key in p) customer[key] = str(p[key]) || null
    if ('address' in p) customer.address = p.address === '' ? null : obj(p.address)
    if ('metadata' in p) customer.metadata = mergeMetadata(customer.metadata, p.metadata)
    if ('currency' in p) throw unknownParam('currency')
    return customer
  }

  function createProduct(p: Json): FakeProduct {
    const id = str(p.id) ?? newId('prod', 14)
    if (store.products.has(id)) throw invalid('Product already exists.', 'id', 'resource_already_exists')
    const name = str(p.name)
    if (!name) throw invalid('Missing required param: name.', 'name', 'parameter_missing')
    const product = productObject(id, now(), {
      name,
      active: bool(p.active) ?? true,
      description: str(p.description) ?? null,
      tax_code: str(p.tax_code) ?? null,
      metadata: mergeMetadata({}, p.metadata),
    })
    store.products.set(id, product)
    return product
  }
  function updateProduct(product: FakeProduct, p: Json): FakeProduct {
    if ('name' in p) product.name = str(p.name) ?? product.name
    if ('active' in p) product.active = bool(p.active) ?? product.active
    if ('description' in p) product.description = str(p.description) || null
    if ('tax_code' in p) product.tax_code = str(p.tax_code) || null
    if ('default_price' in p) product.default_price = str(p.default_price) || null
    if ('metadata' in p) product.metadata = mergeMetadata(product.metadata, p.metadata)
    product.updated = now()
    return product
  }

  /** A lookup key belongs to one price; `transfer_lookup_key` moves it, otherwise a second use is refused. */
  function claimLookupKey(key: string | undefined, transfer: boolean, owner: string) {
    if (!key) return
    const holder = [...store.prices.values()].find((x) => x.lookup_key === key && x.id !== owner)
    if (!holder) return
    if (!transfer) {
      throw invalid(
        `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key\` to \`true\` to move the lookup key to this price.`,
        'lookup_key',
      )
    }
    holder.lookup_key = null
  }

  function currencyOptions(input: unknown, taxBehavior: string): Record<string, ReturnType<typeof currencyOption>> {
    const out: Record<string, ReturnType<typeof currencyOption>> = {}
    for (const [cur, value] of Object.entries(obj(input))) {
      const amount = int(obj(value).unit_amount)
      if (amount === undefined || amount < 0) {
        throw invalid(
          `Missing required param: currency_options[${cur}][unit_amount].`,
          `currency_options[${cur}][unit_amount]`,
          'parameter_missing',
        )
      }
      out[cur.toLowerCase()] = currencyOption(amount, str(obj(value).tax_behavior) ?? taxBehavior)
    }
    return out
  }

  function createPrice(p: Json): FakePrice {
    const currency = str(p.currency)?.toLowerCase()
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing')
    let product = str(p.product)
    if (!product && p.product_data)
      product = createProduct({ name: obj(p.product_data).name, metadata: obj(p.product_data).metadata }).id
    if (!product) throw invalid('Missing required param: product.', 'product', 'parameter_missing')
    if (!store.products.has(product)) throw noSuch('product', product, 'product', 400)
    const unitAmount = int(p.unit_amount) ?? (str(p.unit_amount_decimal) ? Math.round(Number(p.unit_amount_decimal)) : undefined)
    if (unitAmount === undefined) throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing')
    const rec = p.recurring ? obj(p.recurring) : null
    const interval = str(rec?.interval) as Interval | undefined
    if (rec && !['day', 'week', 'month', 'year'].includes(interval ?? '')) {
      throw invalid('Invalid recurring[interval]: must be one of day, month, week, or year', 'recurring[interval]')
    }
    const taxBehavior = str(p.tax_behavior) ?? 'unspecified'
    const id = newId('price')
    const lookupKey = str(p.lookup_key)
    claimLookupKey(lookupKey, bool(p.transfer_lookup_key) ?? false, id)
    const price = priceObject(id, now(), {
      active: bool(p.active) ?? true,
      currency,
      unit_amount: unitAmount,
      product,
      nickname: str(p.nickname) ?? null,
      lookup_key: lookupKey ?? null,
      metadata: mergeMetadata({}, p.metadata),
      tax_behavior: taxBehavior,
      recurring: rec
        ? {
            interval: interval!,
            interval_count: int(rec.interval_count) ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      currency_options: currencyOptions(p.currency_options, taxBehavior),
    })
    store.prices.set(id, price)
    return price
  }
  function updatePrice(price: FakePrice, p: Json): FakePrice {
    for (const fixed of ['unit_amount', 'unit_amount_decimal', 'currency', 'recurring', 'product'])
      if (fixed in p) throw unknownParam(fixed)
    if ('lookup_key' in p) {
      const key = str(p.lookup_key) || undefined
      claimLookupKey(key, bool(p.transfer_lookup_key) ?? false, price.id)
      price.lookup_key = key ?? null
    }
    if ('active' in p) price.active = bool(p.active) ?? price.active
    if ('nickname' in p) price.nickname = str(p.nickname) || null
    if ('metadata' in p) price.metadata = mergeMetadata(price.metadata, p.metadata)
    if ('tax_behavior' in p) {
      if (price.tax_behavior !== 'unspecified') throw invalid('The tax behavior of a price can only be set once.', 'tax_behavior')
      price.tax_behavior = str(p.tax_behavior) ?? price.tax_behavior
    }
    if ('currency_options' in p) {
      const next = currencyOptions(p.currency_options, price.tax_behavior)
      if (next[price.currency] && next[price.currency]!.unit_amount !== price.unit_amount)
        throw unknownParam(`currency_options[${price.currency}][unit_amount]`)
      Object.assign(price.currency_options, next)
    }
    return price
  }

  function createCoupon(p: Json): FakeCoupon {
    const id = str(p.id) ?? randomToken(8)
    if (store.coupons.has(id)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists')
    const percent = p.percent_off === undefined ? null : Number(p.percent_off)
    const amountOff = int(p.amount_off) ?? null
    if (percent === null && amountOff === null)
      throw invalid('Missing required param: percent_off or amount_off.', 'percent_off', 'parameter_missing')
    if (percent !== null && !(percent > 0 && percent <= 100))
      throw invalid('Invalid percent_off: must be greater than 0 and at most 100', 'percent_off')
    const duration = (str(p.duration) ?? 'once') as FakeCoupon['duration']
    if (!['once', 'repeating', 'forever'].includes(duration))
      throw invalid('Invalid duration: must be one of forever, once, or repeating', 'duration')
    const products = arr(obj(p.applies_to).products).map(String)
    const coupon: FakeCoupon = {
      id,
      object: 'coupon',
      amount_off: amountOff,
      ...(products.length ? { applies_to: { products } } : {}),
      created: now(),
      currency: str(p.currency)?.toLowerCase() ?? null,
      currency_options: p.currency_options ?? undefined,
      duration,
      duration_in_months: duration === 'repeating' ? (int(p.duration_in_months) ?? null) : null,
      livemode: false,
      max_redemptions: int(p.max_redemptions) ?? null,
      metadata: mergeMetadata({}, p.metadata),
      name: str(p.name) ?? null,
      percent_off: percent,
      redeem_by: int(p.redeem_by) ?? null,
      times_redeemed: 0,
      valid: true,
    }
    store.coupons.set(id, coupon)
    return coupon
  }

  function createPromotionCode(p: Json): FakePromotionCode {
    // API 2026-10-28 takes promotion[type]=coupon&promotion[coupon]=…; the older top-level `coupon` is accepted too.
    const couponId = str(obj(p.promotion).coupon) ?? str(p.coupon)
    if (!couponId) throw invalid('Missing required param: promotion.', 'promotion', 'parameter_missing')
    const coupon = store.coupons.get(couponId)
    if (!coupon || coupon._deleted) throw noSuch('coupon', couponId, 'promotion[coupon]', 400)
    const expiresAt = int(p.expires_at) ?? null
    if (expiresAt !== null && expiresAt <= now()) throw invalid('The `expires_at` timestamp must be in the future.', 'expires_at')
    if (expiresAt !== null && coupon.redeem_by !== null && expiresAt > coupon.redeem_by) {
      throw invalid("The promotion code's `expires_at` may not be later than the coupon's `redeem_by`.", 'expires_at')
    }
    const code = str(p.code) ?? randomToken(8).toUpperCase()
    const taken = [...store.promotionCodes.values()].find(
      (x) => (view(x) as FakePromotionCode).active && x.code.toLowerCase() === code.toLowerCase(),
    )
    if (taken) throw invalid(`An active promotion code with \`code: ${code}\` already exists.`, 'code', 'resource_already_exists')
    const restrictions = obj(p.restrictions)
    const promo: FakePromotionCode = {
      id: newId('promo'),
      object: 'promotion_code',
      active: bool(p.active) ?? true,
      code,
      created: now(),
      customer: str(p.customer) ?? null,
      customer_account: null,
      expires_at: expiresAt,
      livemode: false,
      max_redemptions: int(p.max_redemptions) ?? null,
      metadata: mergeMetadata({}, p.metadata),
      promotion: { coupon: coupon.id, type: 'coupon' },
      restrictions: {
        first_time_transaction: bool(restrictions.first_time_transaction) ?? false,
        minimum_amount: int(restrictions.minimum_amount) ?? null,
        minimum_amount_currency: str(restrictions.minimum_amount_currency) ?? null,
      },
      times_redeemed: 0,
    }
    store.promotionCodes.set(promo.id, promo)
    return promo
  }

  /** The discount a checkout asks for, refused the way Stripe refuses it when it cannot be redeemed. */
  function checkoutDiscount(p: Json, customer: FakeCustomer | undefined) {
    const wanted = arr(p.discounts).map(obj)[0]
    if (!wanted) return { coupon: undefined, promo: undefined }
    const promoId = str(wanted.promotion_code)
    if (promoId) {
      const param = 'discounts[0][promotion_code]'
      const promo = store.promotionCodes.get(promoId)
      if (!promo) throw noSuch('promotion code', promoId, param, 400)
      const coupon = store.coupons.get(promo.promotion.coupon)
      if (promoExpired(promo)) throw invalid('This promotion code has expired.', param, 'coupon_expired')
      if (!promo.active) throw invalid('This promotion code is not active.', param)
      if (!couponValid(coupon))
        throw invalid(
          'This promotion code cannot be redeemed because the associated coupon is no longer valid.',
          param,
          'coupon_expired',
        )
      if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
        throw invalid('This promotion code has been redeemed the maximum number of times.', param)
      }
      if (promo.customer && promo.customer !== customer?.id)
        throw invalid('This promotion code cannot be redeemed by this customer.', param)
      return { coupon, promo }
    }
    const couponId = str(wanted.coupon)
    if (!couponId) return { coupon: undefined, promo: undefined }
    const coupon = store.coupons.get(couponId)
    if (!coupon || coupon._deleted) throw noSuch('coupon', couponId, 'discounts[0][coupon]', 400)
    if (!couponValid(coupon)) throw invalid(`Coupon expired: ${couponId}`, 'discounts[0][coupon]', 'coupon_expired')
    return { coupon, promo: undefined }
  }

  function createCheckoutSession(p: Json): FakeCheckoutSession {
    const mode = str(p.mode)
    if (!mode) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing')
    if (mode !== 'payment' && mode !== 'subscription')
      throw invalid('Invalid mode: the fake supports payment and subscription', 'mode')
    const successUrl = str(p.success_url)
    if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url', 'parameter_missing')
    if (p.customer && p.customer_email)
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer')
    if (p.allow_promotion_codes !== undefined && p.discounts !== undefined) {
      throw invalid('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'allow_promotion_codes')
    }
    if (mode === 'payment' && p.subscription_data)
      throw invalid('You can only pass `subscription_data` in `subscription` mode.', 'subscription_data')
    if (mode === 'subscription' && p.invoice_creation) {
      throw invalid('You can only pass `invoice_creation` in `payment` mode.', 'invoice_creation')
    }
    if (mode === 'subscription' && p.payment_intent_data)
      throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data')
    const customerId = str(p.customer)
    const customer = customerId ? store.customers.get(customerId) : undefined
    if (customerId && !customer) throw noSuch('customer', customerId, 'customer', 400)
    const update = obj(p.customer_update)
    if (p.customer_update && !customer) throw invalid('`customer_update` can only be used with `customer`.', 'customer_update')
    if (customer && bool(obj(p.tax_id_collection).enabled) && update.name !== 'auto') {
      throw invalid(
        '`customer_update[name]` must be set to `auto` when `tax_id_collection[enabled]` is true and `customer` is set.',
        'customer_update[name]',
      )
    }
    if (customer && bool(obj(p.automatic_tax).enabled) && !customer.address && update.address !== 'auto') {
      throw invalid(
        "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set `customer_update[address]` to 'auto' to save the address entered in Checkout to the Customer.",
        'customer_update[address]',
      )
    }

    const wanted = arr(p.line_items).map(obj)
    if (wanted.length === 0) throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing')
    const chosen = wanted.map((item, i) => {
      const param = `line_items[${i}][price]`
      const priceId = str(item.price)
      if (!priceId) throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing')
      const price = store.prices.get(priceId)
      if (!price) throw noSuch('price', priceId, param, 400)
      if (!price.active) throw invalid('The price specified is inactive. This field only accepts active prices.', param)
      const quantity = int(item.quantity)
      if (quantity === undefined)
        throw invalid(`Missing required param: line_items[${i}][quantity].`, `line_items[${i}][quantity]`, 'parameter_missing')
      if (quantity < 1) throw invalid('Quantity must be at least 1.', `line_items[${i}][quantity]`)
      if (mode === 'payment' && price.recurring) {
        throw invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          param,
        )
      }
      return { price, quantity, param }
    })
    if (mode === 'subscription' && !chosen.some((c) => c.price.recurring)) {
      throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items')
    }
    const currency = (str(p.currency) ?? chosen[0]!.price.currency).toLowerCase()
    for (const c of chosen) {
      if (amountIn(c.price, currency) === undefined) {
        throw invalid(
          `The price \`${c.price.id}\` does not have a \`currency_options\` entry for \`${currency}\`, so it cannot be used in a ${currency.toUpperCase()} Checkout Session.`,
          c.param,
        )
      }
    }
    if (customer?.currency && customer.currency !== currency) {
      throw invalid(
        `You cannot combine currencies on a single customer. This customer has an active subscription, subscription schedule, discount, quote, or invoice item with currency ${customer.currency}.`,
        'currency',
      )
    }
    const { coupon, promo } = checkoutDiscount(p, customer)
    const applies = (price: FakePrice) => !coupon?.applies_to || coupon.applies_to.products.includes(price.product)
    if (coupon && !chosen.some((c) => applies(c.price)))
      throw invalid('This coupon cannot be applied to any of the line items.', 'discounts[0]')

    const id = `cs_test_${randomToken(58)}`
    let amountOffLeft = coupon && coupon.percent_off === null ? discountFor(coupon, Number.MAX_SAFE_INTEGER, currency) : 0
    const lines: FakeLineItem[] = chosen.map(({ price, quantity }) => {
      const subtotal = amountIn(price, currency)! * quantity
      let discount = 0
      if (coupon && applies(price)) {
        discount = coupon.percent_off !== null ? discountFor(coupon, subtotal, currency) : Math.min(subtotal, amountOffLeft)
        if (coupon.percent_off === null) amountOffLeft -= discount
      }
      return {
        id: newId('li'),
        object: 'item',
        adjustable_quantity: null,
        amount_discount: discount,
        amount_subtotal: subtotal,
        amount_tax: 0,
        amount_total: subtotal - discount,
        currency,
        description: store.products.get(price.product)?.name ?? null,
        metadata: {},
        price: priceIn(price, currency),
        quantity,
      }
    })
    const owner = customer ?? (str(p.customer_email) ? createCustomer({ email: p.customer_email }) : undefined)
    const automaticTax = bool(obj(p.automatic_tax).enabled) ?? false
    const session = checkoutSessionObject(id, now(), {
      mode,
      currency,
      customer: owner?.id ?? null,
      customer_email: str(p.customer_email) ?? null,
      client_reference_id: str(p.client_reference_id) ?? null,
      metadata: mergeMetadata({}, p.metadata),
      success_url: successUrl,
      cancel_url: str(p.cancel_url) ?? null,
      amount_subtotal: lines.reduce((s, l) => s + l.amount_subtotal, 0),
      amount_total: lines.reduce((s, l) => s + l.amount_total, 0),
      discounts: coupon ? [{ coupon: promo ? null : coupon.id, promotion_code: promo?.id ?? null }] : [],
      line_items: list(lines, `/v1/checkout/sessions/${id}/line_items`),
      url: `${base}/c/pay/${id}`,
      allow_promotion_codes: bool(p.allow_promotion_codes) ?? null,
      automatic_tax: {
        enabled: automaticTax,
        liability: automaticTax ? { type: 'self' } : null,
        provider: automaticTax ? 'stripe' : null,
        status: null,
      },
      billing_address_collection: str(p.billing_address_collection) ?? null,
      tax_id_collection: { enabled: bool(obj(p.tax_id_collection).enabled) ?? false, required: 'never' },
      customer_creation: customer ? null : 'always',
      locale: str(p.locale) ?? null,
      _subscriptionMetadata: mergeMetadata({}, obj(p.subscription_data).metadata),
      _paymentIntentMetadata: mergeMetadata({}, obj(p.payment_intent_data).metadata),
      _invoiceCreation: mode === 'payment' && bool(obj(p.invoice_creation).enabled) === true,
      _invoiceMetadata: mergeMetadata({}, obj(obj(p.invoice_creation).invoice_data).metadata),
    })
    store.checkoutSessions.set(id, session)
    return session
  }

  /** POST /v1/subscriptions/:id — quantity and price changes with Stripe's proration behaviours. */
  function updateSubscription(sub: FakeSubscription, p: Json): { sub: FakeSubscription; events: StripeEvent[] } {
    if (sub.status === 'canceled') {
      const allowed = Object.keys(p).every((k) => ['metadata', 'cancellation_details', 'expand'].includes(k))
      if (!allowed) throw invalid('A canceled subscription can only update its cancellation_details and metadata.')
    }
    const behavior = str(p.proration_behavior) ?? 'create_prorations'
    if (!['create_prorations', 'always_invoice', 'none'].includes(behavior)) {
      throw invalid('Invalid proration_behavior: must be one of always_invoice, create_prorations, or none', 'proration_behavior')
    }
    const before = structuredClone(sub)
    const out: StripeEvent[] = []
    if ('metadata' in p) sub.metadata = mergeMetadata(sub.metadata, p.metadata)
    if ('cancel_at_period_end' in p) {
      const on = bool(p.cancel_at_period_end) ?? false
      Object.assign(sub, { cancel_at_period_end: on, cancel_at: on ? periodOf(sub).end : null, canceled_at: on ? now() : null })
    }
    if ('cancel_at' in p) sub.cancel_at = int(p.cancel_at) ?? null
    let proration = 0
    const prorated: Json[] = []
    arr(p.items)
      .map(obj)
      .forEach((change, i) => {
        const itemId = str(change.id)
        const item = sub.items.data.find((x) => x.id === itemId)
        if (!item) {
          if (itemId) throw invalid(`No such subscription item: '${itemId}'`, `items[${i}][id]`, 'resource_missing')
          throw invalid('The fake adds no new subscription items: pass items[i][id].', `items[${i}][id]`)
        }
        const oldLine = item.price.unit_amount * item.quantity
        const priceId = str(change.price)
        if (priceId) {
          const price = store.prices.get(priceId)
          if (!price) throw noSuch('price', priceId, `items[${i}][price]`, 400)
          if (amountIn(price, sub.currency) === undefined)
            throw invalid(`The price \`${priceId}\` has no amount in ${sub.currency}.`, `items[${i}][price]`)
          item.price = priceIn(price, sub.currency)
        }
        const quantity = int(change.quantity)
        if (quantity !== undefined) {
          if (quantity < 0) throw invalid('Quantity must be non-negative.', `items[${i}][quantity]`)
          item.quantity = quantity
        }
        const delta = item.price.unit_amount * item.quantity - oldLine
        const { start, end } = periodOf(sub)
        const share = end > start ? Math.max(0, end - now()) / (end - start) : 0
        const amount = Math.round(delta * share)
        if (amount !== 0) {
          proration += amount
          prorated.push({ item, amount })
        }
      })
    if (behavior === 'always_invoice' && proration > 0) {
      const invoice = createInvoice(ofSubscription(sub), {
        reason: 'subscription_update',
        subtotal: proration,
        total: proration,
        paid: true,
        period: { start: now(), end: periodOf(sub).end },
        lines: (invoiceId) =>
          prorated.map((x) => {
            const item = x.item as FakeSubscriptionItem
            return invoiceLine(invoiceId, item, Number(x.amount), item.quantity, { start: now(), end: periodOf(sub).end }, true)
          }),
      })
      out.push(emit('invoice.paid', invoice))
    } else if (behavior === 'always_invoice' && proration < 0) {
      // Stripe credits a downgrade to the customer's balance, used by the next invoice.
      sub._pendingProration = Number(sub._pendingProration ?? 0) + proration
    } else if (behavior === 'create_prorations') {
      sub._pendingProration = Number(sub._pendingProration ?? 0) + proration
    }
    const previous = changed(before, sub)
    if (Object.keys(previous).length) out.unshift(emit('customer.subscription.updated', sub, previous))
    return { sub, events: out }
  }

  // Routes: [method, pattern, handler(params, match) → object to answer (rendered with expand[])].
  type Handler = (p: Json, m: RegExpExecArray) => unknown
  const later = (events: StripeEvent[]) => deliverLater(events)
  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/customers$/, (p) => createCustomer(p)],
    [
      'GET',
      /^\/v1\/customers$/,
      (p) => {
        const email = str(p.email)
        const all = newestFirst(store.customers).filter((c) => !c._deleted && (!email || c.email === email))
        return paginate(all, p, '/v1/customers')
      },
    ],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (_p, m) => get(store.customers, 'customer', m[1]!)],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (p, m) => updateCustomer(get(store.customers, 'customer', m[1]!), p)],
    [
      'DELETE',
      /^\/v1\/customers\/([^/]+)$/,
      (_p, m) => {
        get(store.customers, 'customer', m[1]!)._deleted = true
        return { id: m[1], object: 'customer', deleted: true }
      },
    ],

    ['POST', /^\/v1\/products$/, (p) => createProduct(p)],
    [
      'GET',
      /^\/v1\/products$/,
      (p) => {
        const ids = arr(p.ids).map(String)
        const active = bool(p.active)
        const all = newestFirst(store.products).filter(
          (x) => (!ids.length || ids.includes(x.id)) && (active === undefined || x.active === active),
        )
        return paginate(all, p, '/v1/products')
      },
    ],
    ['GET', /^\/v1\/products\/([^/]+)$/, (_p, m) => get(store.products, 'product', m[1]!)],
    ['POST', /^\/v1\/products\/([^/]+)$/, (p, m) => updateProduct(get(store.products, 'product', m[1]!), p)],

    ['POST', /^\/v1\/prices$/, (p) => createPrice(p)],
    [
      'GET',
      /^\/v1\/prices$/,
      (p) => {
        const keys = arr(p.lookup_keys).map(String)
        if (keys.length > 10) throw invalid('Invalid array: lookup_keys must have at most 10 elements.', 'lookup_keys')
        const active = bool(p.active)
        const type = str(p.type)
        const all = newestFirst(store.prices).filter(
          (x) =>
            (!keys.length || (x.lookup_key !== null && keys.includes(x.lookup_key))) &&
            (active === undefined || x.active === active) &&
            (!p.product || x.product === p.product) &&
            (!p.currency || x.currency === p.currency) &&
            (!type || x.type === type),
        )
        return paginate(all, p, '/v1/prices')
      },
    ],
    ['GET', /^\/v1\/prices\/([^/]+)$/, (_p, m) => get(store.prices, 'price', m[1]!)],
    ['POST', /^\/v1\/prices\/([^/]+)$/, (p, m) => updatePrice(get(store.prices, 'price', m[1]!), p)],

    ['POST', /^\/v1\/coupons$/, (p) => createCoupon(p)],
    [
      'GET',
      /^\/v1\/coupons$/,
      (p) =>
        paginate(
          newestFirst(store.coupons).filter((c) => !c._deleted),
          p,
          '/v1/coupons',
        ),
    ],
    [
      'GET',
      /^\/v1\/coupons\/([^/]+)$/,
      (_p, m) => {
        const coupon = get(store.coupons, 'coupon', m[1]!)
        if (coupon._deleted) throw noSuch('coupon', m[1]!)
        return coupon
      },
    ],
    [
      'POST',
      /^\/v1\/coupons\/([^/]+)$/,
      (p, m) => {
        const coupon = get(store.coupons, 'coupon', m[1]!)
        if ('name' in p) coupon.name = str(p.name) || null
        if ('metadata' in p) coupon.metadata = mergeMetadata(obj(coupon.metadata) as Metadata, p.metadata)
        return coupon
      },
    ],
    [
      'DELETE',
      /^\/v1\/coupons\/([^/]+)$/,
      (_p, m) => {
        const coupon = get(store.coupons, 'coupon', m[1]!)
        if (coupon._deleted) throw noSuch('coupon', m[1]!)
        coupon._deleted = true
        return { id: coupon.id, object: 'coupon', deleted: true }
      },
    ],

    ['POST', /^\/v1\/promotion_codes$/, (p) => createPromotionCode(p)],
    [
      'GET',
      /^\/v1\/promotion_codes$/,
      (p) => {
        const code = str(p.code)?.toLowerCase()
        const active = bool(p.active)
        const coupon = str(p.coupon)
        const all = newestFirst(store.promotionCodes).filter((x) => {
          const shown = view(x) as FakePromotionCode
          return (
            (!code || x.code.toLowerCase() === code) &&
            (active === undefined || shown.active === active) &&
            (!coupon || x.promotion.coupon === coupon)
          )
        })
        return paginate(all, p, '/v1/promotion_codes')
      },
    ],
    ['GET', /^\/v1\/promotion_codes\/([^/]+)$/, (_p, m) => get(store.promotionCodes, 'promotion code', m[1]!)],
    [
      'POST',
      /^\/v1\/promotion_codes\/([^/]+)$/,
      (p, m) => {
        const promo = get(store.promotionCodes, 'promotion code', m[1]!)
        if ('active' in p) promo.active = bool(p.active) ?? promo.active
        if ('metadata' in p) promo.metadata = mergeMetadata(promo.metadata, p.metadata)
        return promo
      },
    ],

    ['POST', /^\/v1\/checkout\/sessions$/, (p) => createCheckoutSession(p)],
    [
      'GET',
      /^\/v1\/checkout\/sessions$/,
      (p) => {
        const all = newestFirst(store.checkoutSessions).filter(
          (s) =>
            (!p.payment_intent || s.payment_intent === p.payment_intent) &&
            (!p.subscription || s.subscription === p.subscription) &&
            (!p.customer || s.customer === p.customer) &&
            (!p.status || s.status === p.status),
        )
        return paginate(all, p, '/v1/checkout/sessions')
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_p, m) => get(store.checkoutSessions, 'checkout.session', m[1]!)],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      (p, m) => {
        const session = get(store.checkoutSessions, 'checkout.session', m[1]!)
        return paginate(session.line_items.data, p, session.line_items.url)
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      (_p, m) => {
        const session = get(store.checkoutSessions, 'checkout.session', m[1]!)
        if (session.status !== 'open')
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          )
        Object.assign(session, { status: 'expired', url: null })
        later([emit('checkout.session.expired', session)])
        return session
      },
    ],

    [
      'GET',
      /^\/v1\/subscriptions$/,
      (p) => {
        const status = str(p.status)
        const all = newestFirst(store.subscriptions).filter(
          (s) =>
            (!p.customer || s.customer === p.customer) &&
            (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled') &&
            (!p.price || s.items.data.some((i) => i.price.id === p.price)),
        )
        return paginate(all, p, '/v1/subscriptions')
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_p, m) => get(store.subscriptions, 'subscription', m[1]!)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (p, m) => {
        const { sub, events: out } = updateSubscription(get(store.subscriptions, 'subscription', m[1]!), p)
        later(out)
        return sub
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_p, m) => {
        const sub = get(store.subscriptions, 'subscription', m[1]!)
        later(cancelNow(sub, false))
        return sub
      },
    ],

    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (_p, m) => get(store.paymentIntents, 'payment_intent', m[1]!)],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (_p, m) => get(store.charges, 'charge', m[1]!)],
    [
      'POST',
      /^\/v1\/refunds$/,
      (p) => {
        const charge = str(p.charge) ? get(store.charges, 'charge', String(p.charge)) : undefined
        const intentId = str(p.payment_intent) ?? charge?.payment_intent
        if (!intentId) throw invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing')
        const { refund, events: out } = refundNow(intentId, int(p.amount), str(p.reason) ?? null)
        if (p.metadata) refund.metadata = mergeMetadata({}, p.metadata)
        later(out)
        return refund
      },
    ],
    [
      'GET',
      /^\/v1\/refunds$/,
      (p) =>
        paginate(
          newestFirst(store.refunds).filter(
            (r) => (!p.charge || r.charge === p.charge) && (!p.payment_intent || r.payment_intent === p.payment_intent),
          ),
          p,
          '/v1/refunds',
        ),
    ],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, (_p, m) => get(store.refunds, 'refund', m[1]!)],
    ['GET', /^\/v1\/disputes\/([^/]+)$/, (_p, m) => get(store.disputes, 'dispute', m[1]!)],

    [
      'GET',
      /^\/v1\/invoices$/,
      (p) => {
        const all = newestFirst(store.invoices).filter(
          (i) =>
            (!p.customer || i.customer === p.customer) &&
            (!p.subscription || i.parent?.subscription_details.subscription === p.subscription) &&
            (!p.status || i.status === p.status),
        )
        return paginate(all, p, '/v1/invoices')
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (_p, m) => get(store.invoices, 'invoice', m[1]!)],
    [
      'GET',
      /^\/v1\/invoices\/([^/]+)\/lines$/,
      (p, m) => {
        const invoice = get(store.invoices, 'invoice', m[1]!)
        const lines = invoice.lines as List<Json & { id: string }>
        return paginate(lines.data, p, lines.url)
      },
    ],

    [
      'GET',
      /^\/v1\/events$/,
      (p) =>
        paginate(
          [...events].reverse().filter((e) => !p.type || e.type === p.type),
          p,
          '/v1/events',
        ),
    ],
    [
      'GET',
      /^\/v1\/events\/([^/]+)$/,
      (_p, m) => {
        const event = events.find((e) => e.id === m[1])
        if (!event) throw noSuch('event', m[1]!)
        return event
      },
    ],

    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (p) => {
        const customer = str(p.customer)
        if (!customer) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing')
        if (!store.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400)
        const id = newId('bps')
        const session = {
          id,
          object: 'billing_portal.session',
          configuration: str(p.configuration) ?? 'bpc_fake_default',
          created: now(),
          customer,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: str(p.locale) ?? null,
          on_behalf_of: null,
          return_url: str(p.return_url) ?? null,
          url: `${base}/p/session/${id}`,
        }
        store.portalSessions.set(id, session)
        return session
      },
    ],
  ]

  // ---- HTTP ----

  function answerApi(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const query = parseStripeForm(url.search.slice(1))
    const body = req.method === 'GET' || req.method === 'DELETE' ? {} : parseStripeForm(raw)
    const entry: RecordedStripeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      body,
      stripeVersion: header(req, 'stripe-version'),
      idempotencyKey: header(req, 'idempotency-key'),
      status: 0,
    }
    requests.push(entry)
    const requestId = `req_${randomToken(14)}`
    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      entry.status = status
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': entry.stripeVersion ?? API_VERSION,
        ...extra,
      })
      res.end(JSON.stringify(payload, null, 2))
    }
    const auth = header(req, 'authorization') ?? ''
    // Bearer, or Basic with the key as the user name (curl -u sk_test_…:), as Stripe takes both.
    const key = auth.startsWith('Bearer ')
      ? auth.slice(7)
      : auth.startsWith('Basic ')
        ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0]!
        : ''
    if (!/^(sk|rk)_(test|live)_/.test(key)) {
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}****`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
      return send(401, { error: { message, type: 'invalid_request_error' } })
    }
    if (failures > 0) {
      failures--
      const rateLimited = failStatus === 429
      return send(failStatus, {
        error: rateLimited
          ? { code: 'rate_limit', message: 'Request rate limit exceeded.', type: 'invalid_request_error' }
          : { message: 'An unknown error occurred', type: 'api_error' },
      })
    }
    const params = { ...query, ...body }
    const cacheKey = entry.idempotencyKey && req.method === 'POST' ? `${key} ${entry.idempotencyKey}` : null
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined
    const fingerprint = `${url.pathname} ${JSON.stringify(body)}`
    if (cached) {
      if (cached.params !== fingerprint) {
        return send(400, {
          error: {
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${entry.idempotencyKey}' if you meant to execute a different request.`,
            type: 'idempotency_error',
          },
        })
      }
      return send(cached.status, cached.body, { 'idempotent-replayed': 'true', 'original-request': requestId })
    }
    const remember = (status: number, payload: unknown) => {
      if (cacheKey) idempotent.set(cacheKey, { params: fingerprint, status, body: payload })
      send(status, payload)
    }
    const route = routes
      .map(([method, pattern, handler]) => ({ method, match: pattern.exec(url.pathname), handler }))
      .find((r) => r.method === req.method && r.match)
    if (!route) {
      return send(404, {
        error: { message: `Unrecognized request URL (${req.method}: ${url.pathname}).`, type: 'invalid_request_error' },
      })
    }
    try {
      const tree = expandTree(params.expand)
      const result = route.handler(params, route.match!)
      remember(200, render(result, tree))
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      const { code, param, type } = error.detail
      remember(error.status, {
        error: {
          type: type ?? 'invalid_request_error',
          message: error.message,
          ...(code ? { code } : {}),
          ...(param ? { param } : {}),
        },
      })
    }
  }

  /** The hosted pages; false when the path is none of them. */
  function answerPage(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): boolean {
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      res.end(body)
      return true
    }
    // Only the checkout page takes a POST (its Pay form).
    if (req.method !== 'GET' && !url.pathname.startsWith('/c/pay/')) return false
    const at = (pattern: RegExp) => pattern.exec(url.pathname)?.[1]
    const payId = at(/^\/c\/pay\/([^/]+)$/)
    if (payId) {
      const session = store.checkoutSessions.get(payId)
      if (!session) return html(404, page('Checkout session not found', '<p>Something went wrong.</p>'))
      if (req.method === 'GET') return html(200, checkoutPage(session))
      if (req.method !== 'POST') return false
      if (session.status === 'expired') return html(409, checkoutPage(session))
      // A second submit of a completed checkout lands on the success page again.
      const emitted =
        session.status === 'open' ? payNow(session.id, { async: new URLSearchParams(raw).get('async') === 'true' }) : []
      res.writeHead(303, { location: (session.success_url ?? base).replaceAll('{CHECKOUT_SESSION_ID}', session.id) })
      res.end()
      deliverLater(emitted)
      return true
    }
    const portalId = at(/^\/p\/session\/([^/]+)$/)
    if (portalId) {
      const session = store.portalSessions.get(portalId)
      return session ? html(200, portalPage(str(session.return_url) ?? null)) : html(404, page('Portal session not found', ''))
    }
    const chargeId = at(/^\/receipts\/([^/]+)$/)
    if (chargeId) {
      const charge = store.charges.get(chargeId)
      return charge ? html(200, receiptPage(charge)) : html(404, page('Receipt not found', ''))
    }
    const invoiceId = at(/^\/invoices\/([^/]+?)(?:\/pdf)?$/)
    if (invoiceId) {
      const invoice = store.invoices.get(invoiceId)
      return invoice ? html(200, invoicePage(invoice)) : html(404, page('Invoice not found', ''))
    }
    return false
  }

  // Controls for a fake started in another process (Playwright): JSON in, JSON out.
  const drivers = {
    pay: (id: string, o?: { async?: boolean }) => api.pay(id, o),
    succeedAsync: (id: string) => api.succeedAsync(id),
    failAsync: (id: string) => api.failAsync(id),
    refund: (id: string, amount?: number) => api.refund(id, amount),
    dispute: (id: string) => api.dispute(id),
    failRenewal: (id: string) => api.failRenewal(id),
    payRenewal: (id: string) => api.payRenewal(id),
    cancelSubscription: (id: string, o?: { atPeriodEnd?: boolean }) => api.cancelSubscription(id, o),
    setSubscriptionStatus: (id: string, status: FakeSubscription['status']) => api.setSubscriptionStatus(id, status),
  } as const
  async function controls(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    const input = obj(raw ? JSON.parse(raw) : {})
    const path = url.pathname.slice('/__fake/'.length)
    if (req.method === 'GET' && path === 'requests') return json(200, requests)
    if (req.method === 'GET' && path === 'events') return json(200, events)
    if (req.method === 'GET' && path === 'deliveries') return json(200, deliveries)
    if (req.method !== 'POST') return json(404, { message: 'unknown control' })
    if (path === 'reset') return (api.reset(), json(200, { ok: true }))
    if (path === 'fail') return (api.failNext(Number(input.count ?? 1), Number(input.status ?? 500)), json(200, { ok: true }))
    if (path === 'webhook') {
      api.setWebhook(input.url ? { url: String(input.url), secret: String(input.secret) } : null)
      return json(200, { ok: true })
    }
    if (path === 'clock') {
      if (typeof input.advance === 'number') api.advanceTime(input.advance)
      else api.setNow(typeof input.now === 'number' ? input.now : null)
      return json(200, { now: now() })
    }
    const name = path.replace(/^drive\//, '') as keyof typeof drivers
    if (!(name in drivers)) return json(404, { message: 'unknown control' })
    try {
      const fn = drivers[name] as (...args: unknown[]) => Promise<StripeEvent[]>
      return json(200, await fn(...arr(input.args)))
    } catch (error) {
      return json(400, { message: String(error instanceof Error ? error.message : error) })
    }
  }

  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      try {
        if (url.pathname.startsWith('/__fake/')) return void controls(req, res, url, raw)
        if (url.pathname.startsWith('/v1/')) return answerApi(req, res, url, raw)
        if (answerPage(req, res, url, raw)) return
        res.writeHead(404, { 'content-type': 'text/plain' })
        res.end('Not found')
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0)
  base = `http://${host}:${port}`

  const drive = async (make: () => StripeEvent[]) => deliverAll(make())
  const api: FakeStripe = {
    url: base,
    port,
    server,
    requests,
    events,
    deliveries,
    customers: store.customers,
    products: store.products,
    prices: store.prices,
    coupons: store.coupons,
    promotionCodes: store.promotionCodes,
    checkoutSessions: store.checkoutSessions,
    subscriptions: store.subscriptions,
    invoices: store.invoices,
    paymentIntents: store.paymentIntents,
    charges: store.charges,
    refunds: store.refunds,
    disputes: store.disputes,
    pay: (id, o) => drive(() => payNow(id, o)),
    succeedAsync: (id) => drive(() => asyncOutcome(id, true)),
    failAsync: (id) => drive(() => asyncOutcome(id, false)),
    refund: (id, amount) => drive(() => refundNow(id, amount).events),
    dispute: (id) => drive(() => disputeNow(id)),
    failRenewal: (id) => drive(() => renewNow(id, false)),
    payRenewal: (id) => drive(() => renewNow(id, true)),
    cancelSubscription: (id, o) => drive(() => cancelNow(get(store.subscriptions, 'subscription', id), o?.atPeriodEnd ?? false)),
    setSubscriptionStatus: (id, status) =>
      drive(() => {
        const sub = get(store.subscriptions, 'subscription', id)
        const before = structuredClone(sub)
        sub.status = status
        if (status === 'canceled') sub.ended_at ??= now()
        return [emit('customer.subscription.updated', sub, changed(before, sub))]
      }),
    signedDelivery,
    deliver,
    setWebhook: (target) => void (webhook = target),
    flush: async () => {
      while (inflight.size) await Promise.all([...inflight])
    },
    failNext(count, status = 500) {
      failures = count
      failStatus = status
    },
    now,
    setNow: (t) => void (fixedNow = t),
    advanceTime: (seconds) => {
      if (fixedNow !== null) fixedNow += seconds
      else clockOffset += seconds
    },
    reset() {
      for (const map of Object.values(store)) map.clear()
      requests.length = 0
      events.length = 0
      deliveries.length = 0
      idempotent.clear()
      failures = 0
      clockOffset = 0
      fixedNow = null
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  return api
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name]
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null)
}

// Run directly (Playwright's webServer): `tsx tests/fakes/stripe.ts [port]`, or FAKE_STRIPE_PORT; with
// FAKE_STRIPE_WEBHOOK_URL and FAKE_STRIPE_WEBHOOK_SECRET every event is delivered signed to that URL.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/tests\//, 'tests/'))) {
  const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 0)
  const url = process.env.FAKE_STRIPE_WEBHOOK_URL
  const webhook = url ? { url, secret: process.env.FAKE_STRIPE_WEBHOOK_SECRET ?? '' } : null
  startFakeStripe({ port, webhook }).then((fake) => console.info(`fake stripe on ${fake.url}`))
}
