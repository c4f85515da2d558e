import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { SECRET_KEY, WEBHOOK_SECRET } from './billing-utils'
import { startBuiltServer, type BuiltServer } from './built-server'

// The Stripe webhook through the production server (issue 22 Deliver 3): the signature is checked on
// the body exactly as it arrives over HTTP, past compression, the body limits and the same-origin
// check for POSTs (Stripe sends no Origin). A delivery whose bytes changed on the way is a 400.

let fake: FakeStripe
let server: BuiltServer

beforeAll(async () => {
  fake = await startFakeStripe()
  server = await startBuiltServer({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: fake.url,
  })
}, 90_000)

afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

function post(body: string, headers: Record<string, string>) {
  return fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers, body, redirect: 'manual' })
}

const event = (type: string, object: Record<string, unknown>) =>
  ({
    id: `evt_http_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }) as never

describe('POST /api/webhooks/stripe over HTTP', () => {
  it('takes a signed delivery once and answers a redelivery as a duplicate', async () => {
    const e = event('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' })
    const { body, headers } = fake.signedDelivery(e, WEBHOOK_SECRET)
    const first = await post(body, headers)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, outcome: 'ignored' })
    const again = await post(body, headers)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
  })

  it('converges a checkout of a customer it does not know without failing', async () => {
    const e = event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_not_ours' })
    const { body, headers } = fake.signedDelivery(e, WEBHOOK_SECRET)
    const res = await post(body, headers)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ outcome: 'processed' })
  })

  it('refuses a changed byte, a wrong secret, an old timestamp and a missing header with 400', async () => {
    const e = event('invoice.paid', { id: 'in_2', object: 'invoice', customer: 'cus_not_ours' })
    const { body, headers } = fake.signedDelivery(e, WEBHOOK_SECRET)
    expect((await post(body.replace('in_2', 'in_3'), headers)).status).toBe(400)
    expect((await post(body, fake.signedDelivery(e, 'whsec_other').headers)).status).toBe(400)
    const old = fake.signedDelivery(e, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 600 })
    expect((await post(old.body, old.headers)).status).toBe(400)
    expect((await post(body, { 'content-type': 'application/json' })).status).toBe(400)
    // The untouched delivery is still taken afterwards: the refusals wrote nothing.
    expect((await post(body, headers)).status).toBe(200)
  })
})
