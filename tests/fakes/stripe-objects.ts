import { randomBytes } from 'node:crypto'

// The objects of the local Stripe fake (tests/fakes/stripe.ts), shaped like API version
// 2026-10-28.endive (node_modules/stripe/esm/resources/*.d.ts): builders with Stripe's defaults, the
// form-body parser, ids, amounts and the hosted pages' HTML. Fields whose name starts with `_` are
// the fake's own bookkeeping and never leave it.

export const API_VERSION = '2026-10-28.endive'

export type Metadata = Record<string, string>
export type Json = { [key: string]: unknown }
export type List<T> = { object: 'list'; data: T[]; has_more: boolean; url: string }
export type Interval = 'day' | 'week' | 'month' | 'year'

export interface FakeCustomer extends Json {
  id: string
  object: 'customer'
  email: string | null
  name: string | null
  currency: string | null
  metadata: Metadata
  invoice_prefix: string
  next_invoice_sequence: number
}
export interface FakeProduct extends Json {
  id: string
  object: 'product'
  active: boolean
  name: string
  metadata: Metadata
  updated: number
}
export interface CurrencyOption extends Json {
  unit_amount: number
  unit_amount_decimal: string
  tax_behavior: string
}
export interface FakePrice extends Json {
  id: string
  object: 'price'
  active: boolean
  currency: string
  currency_options: Record<string, CurrencyOption>
  lookup_key: string | null
  metadata: Metadata
  nickname: string | null
  product: string
  recurring: { interval: Interval; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' } | null
  tax_behavior: string
  type: 'one_time' | 'recurring'
  unit_amount: number
  unit_amount_decimal: string
}
export interface FakeCoupon extends Json {
  id: string
  object: 'coupon'
  amount_off: number | null
  percent_off: number | null
  currency: string | null
  applies_to?: { products: string[] }
  duration: 'once' | 'repeating' | 'forever'
  redeem_by: number | null
  max_redemptions: number | null
  times_redeemed: number
  valid: boolean
}
export interface FakePromotionCode extends Json {
  id: string
  object: 'promotion_code'
  active: boolean
  code: string
  expires_at: number | null
  max_redemptions: number | null
  metadata: Metadata
  promotion: { coupon: string; type: 'coupon' }
  times_redeemed: number
}
export interface FakeLineItem extends Json {
  id: string
  object: 'item'
  amount_discount: number
  amount_subtotal: number
  amount_total: number
  currency: string
  price: FakePrice
  quantity: number
}
export interface FakeCheckoutSession extends Json {
  id: string
  object: 'checkout.session'
  mode: 'payment' | 'subscription'
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  amount_subtotal: number
  amount_total: number
  currency: string
  customer: string | null
  customer_email: string | null
  client_reference_id: string | null
  metadata: Metadata
  success_url: string | null
  cancel_url: string | null
  payment_intent: string | null
  subscription: string | null
  invoice: string | null
  discounts: { coupon: string | null; promotion_code: string | null }[]
  line_items: List<FakeLineItem>
  url: string | null
  _subscriptionMetadata: Metadata
  _paymentIntentMetadata: Metadata
  _invoiceCreation?: boolean
  _invoiceMetadata?: Metadata
}
export interface FakeSubscriptionItem extends Json {
  id: string
  object: 'subscription_item'
  price: FakePrice
  quantity: number
  current_period_start: number
  current_period_end: number
  subscription: string
}
export interface FakeSubscription extends Json {
  id: string
  object: 'subscription'
  status: 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused'
  customer: string
  currency: string
  cancel_at_period_end: boolean
  cancel_at: number | null
  canceled_at: number | null
  ended_at: number | null
  metadata: Metadata
  latest_invoice: string | null
  discounts: string[]
  items: List<FakeSubscriptionItem>
}
export interface FakeInvoice extends Json {
  id: string
  object: 'invoice'
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void'
  amount_due: number
  amount_paid: number
  amount_remaining: number
  currency: string
  customer: string
  billing_reason: string
  number: string
  period_start: number
  period_end: number
  parent: {
    type: 'subscription_details'
    quote_details: null
    subscription_details: { metadata: Metadata; subscription: string }
  } | null
  _paymentIntent: string | null
}
export interface FakePaymentIntent extends Json {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  customer: string | null
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'canceled'
  latest_charge: string | null
  metadata: Metadata
}
export interface FakeCharge extends Json {
  id: string
  object: 'charge'
  amount: number
  amount_refunded: number
  currency: string
  customer: string | null
  disputed: boolean
  paid: boolean
  payment_intent: string
  refunded: boolean
  status: 'succeeded' | 'pending' | 'failed'
}
export interface FakeEvent extends Json {
  id: string
  object: 'event'
  type: string
  created: number
  data: { object: Json; previous_attributes?: Json }
}

// ---- ids, parsing, small conversions ----

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export function randomToken(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length]
  return out
}
export const newId = (prefix: string, length = 24) => `${prefix}_${randomToken(length)}`

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Stripe's v1 form bodies: `a[b][0][c]=v`, `expand[]=x`, `metadata[k]=v` → nested objects and arrays. */
export function parseStripeForm(raw: string): Json {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key]
    if (path.some((p) => UNSAFE_KEYS.has(p))) continue
    let node = root
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment
      if (i === path.length - 1) node[name] = value
      else node = (node[name] && typeof node[name] === 'object' ? node[name] : (node[name] = {})) as Json
    })
  }
  return arraysFromIndexes(root) as Json
}

function arraysFromIndexes(value: unknown, key = ''): unknown {
  if (!value || typeof value !== 'object') return value
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arraysFromIndexes(v, k)] as const)
  const indexed = entries.length > 0 && key !== 'metadata' && entries.every(([k]) => /^\d+$/.test(k))
  if (indexed) return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v)
  return Object.fromEntries(entries)
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
export const bool = (v: unknown): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined)
export const int = (v: unknown): number | undefined =>
  typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : typeof v === 'number' ? v : undefined
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v])

/** Stripe merges metadata on update; an empty value removes the key. */
export function mergeMetadata(current: Metadata, update: unknown): Metadata {
  if (update === '') return {}
  const next = { ...current }
  for (const [k, v] of Object.entries(obj(update))) {
    if (v === '') delete next[k]
    else next[k] = String(v)
  }
  return next
}

export function addInterval(from: number, interval: Interval, count = 1): number {
  const d = new Date(from * 1000)
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count)
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count)
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count)
  else d.setUTCFullYear(d.getUTCFullYear() + count)
  return Math.floor(d.getTime() / 1000)
}

/** The price's amount in `currency`: the base amount or its currency option; undefined when it has neither. */
export function amountIn(price: FakePrice, currency: string): number | undefined {
  if (price.currency === currency) return price.unit_amount
  return price.currency_options[currency]?.unit_amount
}

/** The price as seen in a subscription or line item billed in `currency`. */
export function priceIn(price: FakePrice, currency: string): FakePrice {
  const amount = amountIn(price, currency)
  if (price.currency === currency || amount === undefined) return structuredClone(price)
  return { ...structuredClone(price), currency, unit_amount: amount, unit_amount_decimal: String(amount) }
}

export function discountFor(coupon: FakeCoupon | undefined, subtotal: number, currency: string): number {
  if (!coupon) return 0
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100)
  const options = coupon.currency_options as Record<string, { amount_off: number }> | undefined
  const off = coupon.currency === currency ? coupon.amount_off : options?.[currency]?.amount_off
  return Math.min(subtotal, off ?? 0)
}

export const list = <T>(data: T[], url: string): List<T> => ({ object: 'list', data, has_more: false, url })

// ---- builders: Stripe's defaults for each object ----

export function customerObject(id: string, now: number, input: Partial<FakeCustomer>): FakeCustomer {
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
    ...input,
  }
}

export function productObject(id: string, now: number, input: Partial<FakeProduct>): FakeProduct {
  return {
    id,
    object: 'product',
    active: true,
    created: now,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: '',
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
    ...input,
  }
}

type PriceInput = Pick<FakePrice, 'currency' | 'unit_amount' | 'tax_behavior' | 'recurring' | 'currency_options'> & Json

export function priceObject(id: string, now: number, input: PriceInput): FakePrice {
  const { currency, unit_amount: unitAmount, tax_behavior: taxBehavior } = input
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: now,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: '',
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? 'recurring' : 'one_time',
    ...input,
    currency,
    tax_behavior: taxBehavior,
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
    // Stripe lists the base currency among the options too.
    currency_options: {
      [currency]: currencyOption(unitAmount, taxBehavior),
      ...input.currency_options,
    },
  }
}

export const currencyOption = (unitAmount: number, taxBehavior: string): CurrencyOption => ({
  custom_unit_amount: null,
  tax_behavior: taxBehavior,
  unit_amount: unitAmount,
  unit_amount_decimal: String(unitAmount),
})

/** The legacy plan object Stripe still puts on each subscription item. */
export function planOf(price: FakePrice): Json {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  }
}

export function paymentIntentObject(id: string, now: number, input: Partial<FakePaymentIntent>): FakePaymentIntent {
  return {
    id,
    object: 'payment_intent',
    amount: 0,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomToken(24)}`,
    confirmation_method: 'automatic',
    created: now,
    currency: 'usd',
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: `pm_${randomToken(24)}`,
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_group: null,
    ...input,
  }
}

export function chargeObject(id: string, now: number, base: string, input: Partial<FakeCharge>): FakeCharge {
  return {
    id,
    object: 'charge',
    amount: 0,
    amount_captured: input.amount ?? 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: `txn_${randomToken(24)}`,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'LECTERN',
    captured: true,
    created: now,
    currency: 'usd',
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: '',
    payment_method: null,
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
    receipt_email: null,
    receipt_number: null,
    receipt_url: `${base}/receipts/${id}`,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
    ...input,
  }
}

export function invoiceObject(id: string, now: number, base: string, input: Partial<FakeInvoice>): FakeInvoice {
  return {
    id,
    object: 'invoice',
    account_country: 'GB',
    account_name: 'Lectern (fake Stripe)',
    account_tax_ids: null,
    amount_due: 0,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: 'subscription_create',
    collection_method: 'charge_automatically',
    created: now,
    currency: 'usd',
    custom_fields: null,
    customer: '',
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${base}/invoices/${id}`,
    invoice_pdf: `${base}/invoices/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: '',
    on_behalf_of: null,
    parent: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: now,
    period_start: now,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: 0,
    subtotal_excluding_tax: 0,
    test_clock: null,
    total: 0,
    total_discount_amounts: [],
    total_excluding_tax: 0,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
    _paymentIntent: null,
    ...input,
  }
}

/** One invoice line for a subscription item (or a proration of it). */
export function invoiceLine(
  invoiceId: string,
  item: FakeSubscriptionItem,
  amount: number,
  quantity: number,
  period: { start: number; end: number },
  proration = false,
): Json {
  const price = item.price
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description: proration ? `Remaining time on ${quantity} × seats` : `${quantity} × ${price.nickname ?? price.product}`,
    discount_amounts: [],
    discountable: !proration,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: { credited_items: null },
        subscription: item.subscription,
        subscription_item: item.id,
      },
    },
    period,
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: price.unit_amount_decimal,
    },
    quantity,
    taxes: [],
  }
}

export function checkoutSessionObject(
  id: string,
  now: number,
  input: Pick<
    FakeCheckoutSession,
    | 'mode'
    | 'currency'
    | 'customer'
    | 'customer_email'
    | 'client_reference_id'
    | 'metadata'
    | 'success_url'
    | 'cancel_url'
    | 'amount_subtotal'
    | 'amount_total'
    | 'discounts'
    | 'line_items'
    | 'url'
    | '_subscriptionMetadata'
    | '_paymentIntentMetadata'
  > &
    Json,
): FakeCheckoutSession {
  const discount = input.amount_subtotal - input.amount_total
  return {
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    expires_at: now + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    wallet_options: null,
    ...input,
    id,
  }
}

export function subscriptionObject(
  id: string,
  now: number,
  input: Pick<FakeSubscription, 'customer' | 'currency' | 'metadata' | 'status' | 'items'> & Json,
): FakeSubscription {
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
    ...input,
  }
}

export function subscriptionItemObject(
  subscription: string,
  now: number,
  price: FakePrice,
  quantity: number,
): FakeSubscriptionItem {
  const end = addInterval(now, price.recurring?.interval ?? 'month', price.recurring?.interval_count ?? 1)
  return {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: now,
    current_period_end: end,
    current_period_start: now,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  }
}

/** One invoice line for a Checkout line item (payment mode with invoice_creation). */
export function invoiceItemLine(invoiceId: string, line: FakeLineItem, now: number): Json {
  return {
    id: newId('il'),
    object: 'line_item',
    amount: line.amount_subtotal,
    currency: line.currency,
    description: line.description ?? null,
    discount_amounts: line.amount_discount ? [{ amount: line.amount_discount, discount: null }] : [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: 'invoice_item_details',
      invoice_item_details: {
        invoice_item: newId('ii'),
        proration: false,
        proration_details: { credited_items: null },
        subscription: null,
      },
      subscription_item_details: null,
    },
    period: { start: now, end: now },
    pricing: {
      type: 'price_details',
      price_details: { price: line.price.id, product: line.price.product },
      unit_amount_decimal: line.price.unit_amount_decimal,
    },
    quantity: line.quantity,
    taxes: [],
  }
}

export function eventObject(id: string, now: number, type: string, object: Json, previous?: Json): FakeEvent {
  return {
    id,
    object: 'event',
    api_version: API_VERSION,
    created: now,
    data: previous ? { object, previous_attributes: previous } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
}

// ---- hosted pages (plain HTML forms, no JavaScript) ----

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export const formatAmount = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

export function checkoutPage(session: FakeCheckoutSession): string {
  const lines = session.line_items.data
    .map(
      (l) =>
        `<li>${l.quantity} × ${escapeHtml(String(l.description ?? l.price.id))}: ${formatAmount(l.amount_subtotal, l.currency)}</li>`,
    )
    .join('')
  const total = `<p>Total: <strong data-testid="amount">${formatAmount(session.amount_total, session.currency)}</strong></p>`
  if (session.status !== 'open') {
    return page('Checkout (fake Stripe)', `<p>This checkout session is ${escapeHtml(session.status)}.</p>${total}`)
  }
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''
  return page(
    'Checkout (fake Stripe)',
    `<ul>${lines}</ul>${total}
<form method="post" action="/c/pay/${escapeHtml(session.id)}"><button type="submit">Pay</button></form>
<form method="post" action="/c/pay/${escapeHtml(session.id)}"><input type="hidden" name="async" value="true"><button type="submit">Pay by bank transfer (settles later)</button></form>
${cancel}`,
  )
}

export function portalPage(returnUrl: string | null): string {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to the app</a></p>` : ''
  return page('Billing portal (fake)', back)
}

export function receiptPage(charge: FakeCharge): string {
  return page(
    'Receipt (fake Stripe)',
    `<p>Amount paid: ${formatAmount(charge.amount, charge.currency)}</p><p>Refunded: ${formatAmount(charge.amount_refunded, charge.currency)}</p><p>Charge ${escapeHtml(charge.id)}</p>`,
  )
}

export function invoicePage(invoice: FakeInvoice): string {
  return page(
    `Invoice ${invoice.number}`,
    `<p>Status: ${escapeHtml(invoice.status)}</p><p>Amount due: ${formatAmount(invoice.amount_due, invoice.currency)}</p><p>Amount paid: ${formatAmount(invoice.amount_paid, invoice.currency)}</p>`,
  )
}
