import type { ActionFunctionArgs } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { claimStripeEvent, finishStripeEvent, releaseStripeEvent } from '~/models/stripe-events.server'
import { verifyStripeEvent, type Stripe } from '~/platform/stripe.server'
import { handleStripeEvent } from '~/services/billing.server'
import { readRawText, RequestBodyError } from '~/services/request-body.server'

// POST /api/webhooks/stripe (issue 22 Deliver 3, docs/billing.md). The signature is checked on the
// raw body (400, nothing written, when it does not match or is older than Stripe's 5-minute
// tolerance). Each event id is processed once: a redelivery of a processed event answers 200 and
// does nothing. The work converges on Stripe's current objects, so the order of events does not
// matter. A failure answers 500 and leaves the event unclaimed: Stripe retries it.

// Stripe's events are a few kilobytes; a checkout session with line items stays well under this.
const MAX_BODY_BYTES = 512 * 1024
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

export async function loader() {
  return json({ error: 'Method not allowed' }, 405)
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, 405)
  const secret = getConfig().STRIPE_WEBHOOK_SECRET
  if (!secret || !getConfig().STRIPE_SECRET_KEY) return json({ error: 'Payments are not set up on this server.' }, 404)
  const signature = request.headers.get('stripe-signature')
  if (!signature) return json({ error: 'Missing Stripe-Signature header.' }, 400)

  let raw: string
  try {
    raw = await readRawText(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof RequestBodyError) return json({ error: error.reason }, error.status)
    throw error
  }
  let event: Stripe.Event
  try {
    event = verifyStripeEvent(raw, signature, secret)
  } catch {
    return json({ error: 'The signature does not match this body, or it is too old.' }, 400)
  }

  const claim = await claimStripeEvent(event.id, event.type)
  // Processed already, or being processed by a concurrent delivery of the same event.
  if (claim !== 'new') return json({ received: true, duplicate: true })
  try {
    const outcome = await handleStripeEvent(event)
    await finishStripeEvent(event.id)
    return json({ received: true, outcome })
  } catch (error) {
    await releaseStripeEvent(event.id)
    console.error(`stripe webhook ${event.type} ${event.id} failed`, error)
    return json({ error: 'Processing failed; Stripe will retry.' }, 500)
  }
}
