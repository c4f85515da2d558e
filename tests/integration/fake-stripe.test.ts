import { createServer } from 'node:http'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'

// The local Stripe fake (tests/fakes/stripe.ts) driven through the real `stripe` SDK, so billing
// tests can trust what it answers: object shapes, errors, expand[], events and signatures.

let fake: FakeStripe
let stripe: Stripe

beforeAll(async () => {
  fake = await startFakeStripe()
  stripe = new Stripe('sk_test_fake', {
    apiVersion: '2026-10-28.endive',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  fake.setWebhook(null)
})

const DAY = 24 * 3600

async function catalog() {
  const unlockProduct = await stripe.products.create({ id: 'lectern_unlock', name: 'Unlock one session' })
  const unlock = await stripe.prices.create({
    product: unlockProduct.id,
    currency: 'usd',
    unit_amount: 4900,
    lookup_key: 'unlock_session',
    currency_options: { gbp: { unit_amount: 3900 }, eur: { unit_amount: 4500 } },
  })
  const pro = await stripe.products.create({ name: 'Professional', metadata: { plan: 'pro' } })
  const monthly = await stripe.prices.create({
    product: pro.id,
    currency: 'usd',
    unit_amount: 1900,
    recurring: { interval: 'month' },
    lookup_key: 'pro_month',
    currency_options: { gbp: { unit_amount: 1500 } },
  })
  const yearly = await stripe.prices.create({
    product: pro.id,
    currency: 'usd',
    unit_amount: 18000,
    recurring: { interval: 'year' },
    lookup_key: 'pro_year',
    currency_options: { gbp: { unit_amount: 15000 } },
  })
  return { unlock, pro, monthly, yearly }
}

const checkout = (params: Partial<Stripe.Checkout.SessionCreateParams>) =>
  stripe.checkout.sessions.create({
    success_url: 'http://app.test/billing/return?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/pricing',
    ...params,
  } as Stripe.Checkout.SessionCreateParams)

async function invalidRequest(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
  return error as Stripe.errors.StripeInvalidRequestError
}

describe('catalogue', () => {
  it('keeps prices by lookup key with per-currency amounts, shown only when expanded', async () => {
    const { unlock, monthly } = await catalog()
    const listed = await stripe.prices.list({
      lookup_keys: ['unlock_session', 'pro_month'],
      active: true,
      expand: ['data.currency_options'],
    })
    expect(listed.object).toBe('list')
    expect(listed.has_more).toBe(false)
    expect(listed.data.map((p) => p.id).sort()).toEqual([unlock.id, monthly.id].sort())
    const fromList = listed.data.find((p) => p.id === unlock.id)!
    expect(fromList.currency_options?.gbp?.unit_amount).toBe(3900)
    expect(fromList.currency_options?.usd?.unit_amount).toBe(4900)
    expect(fromList.recurring).toBeNull()
    expect(listed.data.find((p) => p.id === monthly.id)!.recurring?.interval).toBe('month')

    const plain = await stripe.prices.retrieve(unlock.id)
    expect(plain.currency_options).toBeUndefined()
    expect(plain.lookup_key).toBe('unlock_session')

    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/prices')!
    expect(create.stripeVersion).toBe('2026-10-28.endive')
    expect(create.body).toMatchObject({ lookup_key: 'unlock_session', currency_options: { gbp: { unit_amount: '3900' } } })
    const list = fake.requests.find((r) => r.method === 'GET' && r.path === '/v1/prices')!
    expect(list.query).toMatchObject({ lookup_keys: ['unlock_session', 'pro_month'], expand: ['data.currency_options'] })
  })

  it('refuses a second price with a lookup key unless the key is transferred; amounts never change', async () => {
    const { unlock } = await catalog()
    const taken = await invalidRequest(
      stripe.prices.create({ product: 'lectern_unlock', currency: 'usd', unit_amount: 5900, lookup_key: 'unlock_session' }),
    )
    expect(taken.param).toBe('lookup_key')
    expect(taken.statusCode).toBe(400)

    const moved = await stripe.prices.create({
      product: 'lectern_unlock',
      currency: 'usd',
      unit_amount: 5900,
      lookup_key: 'unlock_session',
      transfer_lookup_key: true,
    })
    expect((await stripe.prices.retrieve(unlock.id)).lookup_key).toBeNull()
    expect((await stripe.prices.list({ lookup_keys: ['unlock_session'] })).data.map((p) => p.id)).toEqual([moved.id])

    const many = await invalidRequest(stripe.prices.list({ lookup_keys: Array.from({ length: 11 }, (_, i) => `key_${i}`) }))
    expect(many.param).toBe('lookup_keys')

    const fixed = await invalidRequest(stripe.prices.update(unlock.id, { unit_amount: 100 } as Stripe.PriceUpdateParams))
    expect(fixed.code).toBe('parameter_unknown')
    const archived = await stripe.prices.update(unlock.id, { active: false, metadata: { replaced_by: moved.id } })
    expect(archived.active).toBe(false)
    expect(archived.metadata).toEqual({ replaced_by: moved.id })
  })

  it('answers 404 with resource_missing for an unknown object', async () => {
    const error = await invalidRequest(stripe.customers.retrieve('cus_missing'))
    expect(error.statusCode).toBe(404)
    expect(error.code).toBe('resource_missing')
    expect(error.message).toBe("No such customer: 'cus_missing'")
  })
  it('refuses an expansion Stripe cannot make, before changing anything', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' })
    const unknown = await invalidRequest(stripe.customers.retrieve(customer.id, { expand: ['subscriptionz'] }))
    expect(unknown.param).toBe('expand')
    const notAnId = await invalidRequest(stripe.customers.retrieve(customer.id, { expand: ['email'] }))
    expect(notAnId.message).toMatch(/cannot be expanded \(email\)/)
    const tooDeep = await invalidRequest(
      stripe.checkout.sessions.list({ expand: ['data.payment_intent.latest_charge.balance_transaction.source'] }),
    )
    expect(tooDeep.message).toMatch(/more than 4 levels/)
    const before = fake.customers.size
    await invalidRequest(stripe.customers.create({ email: 'c@example.com', expand: ['a.b.c.d.e'] }))
    expect(fake.customers.size).toBe(before)
  })
})

describe('checkout in payment mode', () => {
  it('charges the currency option of the requested currency and creates the customer from the email', async () => {
    const { unlock } = await catalog()
    const session = await checkout({
      mode: 'payment',
      currency: 'gbp',
      customer_email: 'ada@example.com',
      client_reference_id: 'ws_1',
      line_items: [{ price: unlock.id, quantity: 1 }],
      metadata: { kind: 'unlock', talk_session: 'ts_1' },
      payment_intent_data: { metadata: { kind: 'unlock' } },
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
    })
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      currency: 'gbp',
      amount_subtotal: 3900,
      amount_total: 3900,
      payment_intent: null,
      subscription: null,
      client_reference_id: 'ws_1',
      metadata: { kind: 'unlock', talk_session: 'ts_1' },
    })
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`)
    expect(session.expires_at).toBeGreaterThan(session.created)
    const customer = (await stripe.customers.retrieve(String(session.customer))) as Stripe.Customer
    expect(customer.email).toBe('ada@example.com')
    expect(customer.currency).toBeNull()
  })

  it('refuses a currency the price does not have', async () => {
    const { monthly } = await catalog()
    const error = await invalidRequest(
      checkout({ mode: 'subscription', currency: 'eur', line_items: [{ price: monthly.id, quantity: 1 }] }),
    )
    expect(error.param).toBe('line_items[0][price]')
  })

  it('once paid, the session shows the payment intent and its charge when expanded', async () => {
    const { unlock } = await catalog()
    const session = await checkout({
      mode: 'payment',
      currency: 'gbp',
      customer_email: 'ada@example.com',
      line_items: [{ price: unlock.id, quantity: 1 }],
      payment_intent_data: { metadata: { kind: 'unlock' } },
    })
    const events = await fake.pay(session.id)
    // The session's own event first (what the brief promises the billing tests), then its payment's.
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'payment_intent.succeeded', 'charge.succeeded'])
    const completed = events[0]!
    expect(completed).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false, pending_webhooks: 1 })
    expect(completed.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' })

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge', 'line_items'] })
    expect(paid.status).toBe('complete')
    expect(paid.payment_status).toBe('paid')
    const intent = paid.payment_intent as Stripe.PaymentIntent
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 3900,
      currency: 'gbp',
      metadata: { kind: 'unlock' },
    })
    const charge = intent.latest_charge as Stripe.Charge
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 3900,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      status: 'succeeded',
    })
    expect(charge.receipt_url).toBe(`${fake.url}/receipts/${charge.id}`)
    expect(paid.line_items!.data[0]).toMatchObject({
      quantity: 1,
      amount_total: 3900,
      price: { id: unlock.id, lookup_key: 'unlock_session' },
    })

    const byIntent = await stripe.checkout.sessions.list({ payment_intent: intent.id })
    expect(byIntent.data.map((s) => s.id)).toEqual([session.id])
    const customer = (await stripe.customers.retrieve(String(paid.customer))) as Stripe.Customer
    expect(customer.currency).toBe('gbp')
    expect((await stripe.events.retrieve(completed.id)).type).toBe('checkout.session.completed')
  })

  it('refuses a second currency on a customer who has paid in another', async () => {
    const { unlock } = await catalog()
    const customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada' })
    const first = await checkout({
      mode: 'payment',
      currency: 'gbp',
      customer: customer.id,
      line_items: [{ price: unlock.id, quantity: 1 }],
    })
    await fake.pay(first.id)
    const error = await invalidRequest(
      checkout({ mode: 'payment', currency: 'usd', customer: customer.id, line_items: [{ price: unlock.id, quantity: 1 }] }),
    )
    expect(error.param).toBe('currency')
    expect(error.message).toMatch(/cannot combine currencies/)
    await checkout({ mode: 'payment', currency: 'gbp', customer: customer.id, line_items: [{ price: unlock.id, quantity: 1 }] })
  })

  it('with invoice_creation, the paid payment gets a paid invoice on the session', async () => {
    const { unlock } = await catalog()
    const customer = await stripe.customers.create({ email: 'ada@example.com' })
    const session = await checkout({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price: unlock.id, quantity: 1 }],
      invoice_creation: { enabled: true, invoice_data: { metadata: { kind: 'unlock' } } },
    })
    const events = await fake.pay(session.id)
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
      'charge.succeeded',
      'invoice.paid',
    ])
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['invoice'] })
    const invoice = paid.invoice as Stripe.Invoice
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 4900, parent: null, metadata: { kind: 'unlock' } })
    expect(invoice.hosted_invoice_url).toBe(`${fake.url}/invoices/${invoice.id}`)
    expect((await stripe.invoices.list({ customer: customer.id })).data.map((i) => i.id)).toEqual([invoice.id])
  })

  it('refunds and disputes show on the charge and send the events Stripe sends', async () => {
    const { unlock } = await catalog()
    const session = await checkout({
      mode: 'payment',
      currency: 'usd',
      customer_email: 'a@example.com',
      line_items: [{ price: unlock.id, quantity: 1 }],
    })
    await fake.pay(session.id)
    const intentId = fake.checkoutSessions.get(session.id)!.payment_intent!

    const [partial] = await fake.refund(intentId, 900)
    expect(partial!.type).toBe('charge.refunded')
    expect(partial!.data.object).toMatchObject({ object: 'charge', amount_refunded: 900, refunded: false })
    expect(partial!.data.previous_attributes).toMatchObject({ amount_refunded: 0 })
    await fake.refund(intentId)
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })
    expect(intent.latest_charge).toMatchObject({ amount_refunded: 4900, refunded: true })

    const [disputed] = await fake.dispute(intentId)
    expect(disputed!.type).toBe('charge.dispute.created')
    const dispute = disputed!.data.object as unknown as Stripe.Dispute
    expect(dispute.id).toMatch(/^dp_/)
    expect(dispute.payment_intent).toBe(intentId)
    expect((await stripe.charges.retrieve(String(dispute.charge))).disputed).toBe(true)
  })

  it('an asynchronous payment completes unpaid, then succeeds or fails later', async () => {
    const { unlock } = await catalog()
    const make = () =>
      checkout({
        mode: 'payment',
        currency: 'eur',
        customer_email: 'a@example.com',
        line_items: [{ price: unlock.id, quantity: 1 }],
      })
    const good = await make()
    const started = await fake.pay(good.id, { async: true })
    expect(started.map((e) => e.type)).toContain('checkout.session.completed')
    let seen = await stripe.checkout.sessions.retrieve(good.id, { expand: ['payment_intent'] })
    expect(seen).toMatchObject({ status: 'complete', payment_status: 'unpaid', amount_total: 4500 })
    expect((seen.payment_intent as Stripe.PaymentIntent).status).toBe('processing')
    const settled = await fake.succeedAsync(good.id)
    expect(settled[0]!.type).toBe('checkout.session.async_payment_succeeded')
    expect(settled[0]!.data.object).toMatchObject({ payment_status: 'paid' })
    seen = await stripe.checkout.sessions.retrieve(good.id, { expand: ['payment_intent.latest_charge'] })
    expect(seen.payment_status).toBe('paid')
    expect(((seen.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge).status).toBe('succeeded')

    const bad = await make()
    await fake.pay(bad.id, { async: true })
    const failed = await fake.failAsync(bad.id)
    expect(failed[0]!.type).toBe('checkout.session.async_payment_failed')
    const intent = await stripe.paymentIntents.retrieve(fake.checkoutSessions.get(bad.id)!.payment_intent!)
    expect(intent.status).toBe('requires_payment_method')
    expect((await stripe.checkout.sessions.retrieve(bad.id)).payment_status).toBe('unpaid')
  })
})

describe('subscriptions', () => {
  async function subscribe(quantity = 3) {
    const { monthly } = await catalog()
    const session = await checkout({
      mode: 'subscription',
      currency: 'gbp',
      customer_email: 'team@example.com',
      line_items: [{ price: monthly.id, quantity }],
      subscription_data: { metadata: { workspace: 'ws_1' } },
    })
    const events = await fake.pay(session.id)
    const subscription = fake.checkoutSessions.get(session.id)!.subscription!
    return { session, events, subscription, monthly }
  }

  it('checkout creates an active subscription with a paid invoice, periods on the items', async () => {
    const before = Math.floor(Date.now() / 1000)
    const { session, events, subscription, monthly } = await subscribe()
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'])
    const list = await stripe.subscriptions.list({ customer: String(session.customer), status: 'all' })
    expect(list.data.map((s) => s.id)).toEqual([subscription])
    const sub = list.data[0]!
    expect(sub).toMatchObject({ status: 'active', currency: 'gbp', cancel_at_period_end: false, metadata: { workspace: 'ws_1' } })
    const item = sub.items.data[0]!
    expect(item.id).toMatch(/^si_/)
    expect(item.quantity).toBe(3)
    expect(item.price).toMatchObject({
      id: monthly.id,
      lookup_key: 'pro_month',
      unit_amount: 1500,
      recurring: { interval: 'month' },
    })
    expect(item.current_period_start).toBeGreaterThanOrEqual(before)
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * DAY)

    const invoices = await stripe.invoices.list({ subscription })
    expect(invoices.data).toHaveLength(1)
    expect(invoices.data[0]).toMatchObject({
      status: 'paid',
      amount_paid: 4500,
      currency: 'gbp',
      parent: { type: 'subscription_details', subscription_details: { subscription } },
    })
    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })
    expect((retrieved.subscription as Stripe.Subscription).id).toBe(subscription)
  })

  it('a seat added with always_invoice is charged at once; with none only the quantity changes', async () => {
    const { subscription } = await subscribe(2)
    const sub = await stripe.subscriptions.retrieve(subscription)
    const item = sub.items.data[0]!
    const up = await stripe.subscriptions.update(subscription, {
      items: [{ id: item.id, quantity: 3 }],
      proration_behavior: 'always_invoice',
    })
    expect(up.items.data[0]!.quantity).toBe(3)
    let invoices = await stripe.invoices.list({ subscription })
    expect(invoices.data).toHaveLength(2)
    expect(invoices.data[0]).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' })
    expect(invoices.data[0]!.amount_paid).toBeGreaterThan(1400)
    expect(invoices.data[0]!.amount_paid).toBeLessThanOrEqual(1500)
    expect(up.latest_invoice).toBe(invoices.data[0]!.id)

    const down = await stripe.subscriptions.update(subscription, {
      items: [{ id: item.id, quantity: 1 }],
      proration_behavior: 'none',
    })
    expect(down.items.data[0]!.quantity).toBe(1)
    invoices = await stripe.invoices.list({ subscription })
    expect(invoices.data).toHaveLength(2)
    expect(fake.events.filter((e) => e.type === 'customer.subscription.updated')).toHaveLength(2)
  })

  it('a canceled subscription leaves the default list but stays in status=all', async () => {
    const { session, subscription } = await subscribe()
    const canceled = await stripe.subscriptions.cancel(subscription)
    expect(canceled.status).toBe('canceled')
    expect(canceled.ended_at).not.toBeNull()
    const customer = String(session.customer)
    expect((await stripe.subscriptions.list({ customer })).data).toHaveLength(0)
    expect((await stripe.subscriptions.list({ customer, status: 'all' })).data).toHaveLength(1)
    expect(fake.events.at(-1)!.type).toBe('customer.subscription.deleted')
  })

  it('renewals: a failed one makes it past_due, a retry pays it; cancel at period end ends it at renewal', async () => {
    fake.setNow(Math.floor(Date.now() / 1000))
    const { subscription } = await subscribe(1)
    const firstEnd = fake.subscriptions.get(subscription)!.items.data[0]!.current_period_end
    // The renewal is due when the fake's clock says so: a month and a day later here.
    fake.advanceTime(31 * DAY)
    const start = fake.now()
    expect(start).toBeGreaterThanOrEqual(firstEnd)
    const failed = await fake.failRenewal(subscription)
    expect(failed.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated'])
    let sub = await stripe.subscriptions.retrieve(subscription, { expand: ['latest_invoice'] })
    expect(sub.status).toBe('past_due')
    expect(sub.items.data[0]!.current_period_start).toBe(start)
    expect(sub.latest_invoice).toMatchObject({
      status: 'open',
      amount_due: 1500,
      amount_paid: 0,
      billing_reason: 'subscription_cycle',
    })

    const paid = await fake.payRenewal(subscription)
    expect(paid.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated'])
    sub = await stripe.subscriptions.retrieve(subscription, { expand: ['latest_invoice'] })
    expect(sub.status).toBe('active')
    expect(sub.items.data[0]!.current_period_start).toBe(start)
    expect(sub.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 1500 })

    const atEnd = await fake.cancelSubscription(subscription, { atPeriodEnd: true })
    expect(atEnd[0]!.type).toBe('customer.subscription.updated')
    expect(atEnd[0]!.data.object).toMatchObject({ cancel_at_period_end: true, status: 'active' })
    const ended = await fake.payRenewal(subscription)
    expect(ended.map((e) => e.type)).toEqual(['customer.subscription.deleted'])
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('canceled')
  })

  it('opens a billing portal session', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' })
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/settings/billing',
    })
    expect(portal.id).toMatch(/^bps_/)
    expect(portal.url).toBe(`${fake.url}/p/session/${portal.id}`)
    const page = await fetch(portal.url)
    const html = await page.text()
    expect(html).toContain('Billing portal (fake)')
    expect(html).toContain('href="http://app.test/settings/billing"')
  })
})

describe('promotion codes', () => {
  it('discounts a checkout until the code expires, then refuses it', async () => {
    const { pro, yearly } = await catalog()
    const coupon = await stripe.coupons.create({
      id: 'LAUNCH40',
      percent_off: 40,
      duration: 'once',
      applies_to: { products: [pro.id] },
    })
    expect(coupon.id).toBe('LAUNCH40')
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'ProductHunt',
      expires_at: fake.now() + 3600,
    })
    expect(promo).toMatchObject({
      object: 'promotion_code',
      code: 'ProductHunt',
      active: true,
      promotion: { type: 'coupon', coupon: 'LAUNCH40' },
    })
    expect((await stripe.promotionCodes.list({ code: 'ProductHunt', active: true })).data).toHaveLength(1)

    const discounted = await checkout({
      mode: 'subscription',
      currency: 'usd',
      customer_email: 'a@example.com',
      line_items: [{ price: yearly.id, quantity: 2 }],
      discounts: [{ promotion_code: promo.id }],
    })
    expect(discounted.amount_subtotal).toBe(36000)
    expect(discounted.amount_total).toBe(21600)
    expect(discounted.discounts).toEqual([{ coupon: null, promotion_code: promo.id }])

    fake.advanceTime(2 * 3600)
    expect((await stripe.promotionCodes.list({ code: 'ProductHunt', active: true })).data).toHaveLength(0)
    const expired = await invalidRequest(
      checkout({
        mode: 'subscription',
        currency: 'usd',
        customer_email: 'b@example.com',
        line_items: [{ price: yearly.id, quantity: 1 }],
        discounts: [{ promotion_code: promo.id }],
      }),
    )
    expect(expired.param).toBe('discounts[0][promotion_code]')
    expect(expired.message).toMatch(/expired/)

    const past = await invalidRequest(
      stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: 'Late',
        expires_at: fake.now() - 60,
      }),
    )
    expect(past.param).toBe('expires_at')
  })

  it('refuses an inactive code and discounts together with allow_promotion_codes', async () => {
    const { yearly } = await catalog()
    await stripe.coupons.create({ id: 'HALF', percent_off: 50 })
    const promo = await stripe.promotionCodes.create({
      coupon: 'HALF',
      code: 'HALF',
    } as unknown as Stripe.PromotionCodeCreateParams)
    await stripe.promotionCodes.update(promo.id, { active: false })
    const base = { mode: 'subscription' as const, currency: 'usd', line_items: [{ price: yearly.id, quantity: 1 }] }
    const inactive = await invalidRequest(checkout({ ...base, discounts: [{ promotion_code: promo.id }] }))
    expect(inactive.message).toMatch(/not active/)
    const both = await invalidRequest(checkout({ ...base, allow_promotion_codes: true, discounts: [{ coupon: 'HALF' }] }))
    expect(both.param).toBe('allow_promotion_codes')
  })
})

describe('webhooks', () => {
  it('signedDelivery verifies with the SDK; a changed byte or an old timestamp does not', async () => {
    const { unlock } = await catalog()
    const session = await checkout({
      mode: 'payment',
      customer_email: 'a@example.com',
      line_items: [{ price: unlock.id, quantity: 1 }],
    })
    const [event] = await fake.pay(session.id)
    const secret = 'whsec_test_secret'
    const { body, headers } = fake.signedDelivery(event!, secret)
    expect(headers['content-type']).toBe('application/json')
    const verified = stripe.webhooks.constructEvent(body, headers['stripe-signature'], secret)
    expect(verified.id).toBe(event!.id)
    expect(verified.type).toBe('checkout.session.completed')

    const tampered = body.replace('"livemode":false', '"livemode":true ')
    expect(tampered).not.toBe(body)
    expect(() => stripe.webhooks.constructEvent(tampered, headers['stripe-signature'], secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
    const old = fake.signedDelivery(event!, secret, { timestamp: Math.floor(Date.now() / 1000) - 3600 })
    expect(() => stripe.webhooks.constructEvent(old.body, old.headers['stripe-signature'], secret)).toThrow(/tolerance/)
  })

  it('with a webhook set, the hosted Pay form completes the checkout, redirects, then delivers the events signed', async () => {
    const received: { signature: string; body: string }[] = []
    const receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        received.push({ signature: String(req.headers['stripe-signature']), body })
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const address = receiver.address()
    const secret = 'whsec_hosted'
    fake.setWebhook({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`, secret })
    try {
      const { unlock } = await catalog()
      const session = await checkout({
        mode: 'payment',
        currency: 'gbp',
        customer_email: 'a@example.com',
        line_items: [{ price: unlock.id, quantity: 1 }],
      })
      const pageHtml = await (await fetch(session.url!)).text()
      expect(pageHtml).toContain('<button type="submit">Pay</button>')
      expect(pageHtml).toContain('39.00 GBP')
      expect(pageHtml).toContain('href="http://app.test/pricing"')

      const answer = await fetch(session.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams() })
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe(`http://app.test/billing/return?session_id=${session.id}`)
      expect(fake.checkoutSessions.get(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' })

      await fake.flush()
      expect(received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, secret).type)).toEqual([
        'checkout.session.completed',
        'payment_intent.succeeded',
        'charge.succeeded',
      ])
      expect(fake.deliveries.every((d) => d.status === 200)).toBe(true)
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })
})

describe('failures and bookkeeping', () => {
  it('failNext answers the next calls with a 500, then serves again; every call is recorded', async () => {
    fake.failNext(1)
    const error = await stripe.customers.create({ email: 'a@example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError)
    const customer = await stripe.customers.create({ email: 'a@example.com' })
    expect(customer.id).toMatch(/^cus_/)
    expect(fake.requests.map((r) => r.status)).toEqual([500, 200])
    expect(fake.requests[1]!.body).toEqual({ email: 'a@example.com' })
  })

  it('replays a POST with the same Idempotency-Key', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k1' })
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k1' })
    expect(again.id).toBe(first.id)
    expect(fake.customers.size).toBe(1)
  })

  it('refuses a call without an API key', async () => {
    const res = await fetch(`${fake.url}/v1/customers`)
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error')
  })
})
