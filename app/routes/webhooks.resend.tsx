import type { ActionFunctionArgs } from '@remix-run/node'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { getConfig } from '~/config.server'
import { isHardBounce, isRecordedEvent } from '~/lib/deliverability'
import { recordDeliveryEvent } from '~/models/delivery-events.server'
import { readRawText, RequestBodyError } from '~/services/request-body.server'

// POST /webhooks/resend (issue 32 Deliver 5; docs/follow-up.md "What the numbers mean"): Resend's
// svix-signed deliveries of email.delivered, email.bounced and email.complained, recorded on the
// follow-up's recipient by the message id. The signature is checked on the raw body with
// RESEND_WEBHOOK_SECRET (Standard Webhooks = svix's scheme, verified by `standardwebhooks`): unset →
// 404, a bad signature or one older (or newer) than 5 minutes → 400, nothing written. A replayed
// delivery id (svix-id) answers 200 and does nothing. Any other event is acknowledged and ignored. A
// failure answers 500 and leaves nothing stored: svix retries it.

// Resend's events are a few hundred bytes (the addresses, the subject, a bounce's message).
const MAX_BODY_BYTES = 256 * 1024
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

export async function loader() {
  if (!getConfig().RESEND_WEBHOOK_SECRET) return json({ error: 'Not found' }, 404)
  return new Response(JSON.stringify({ error: 'Method not allowed' }), {
    status: 405,
    headers: { 'Content-Type': 'application/json', Allow: 'POST', 'Cache-Control': 'no-store' },
  })
}

type ResendEvent = { type?: unknown; created_at?: unknown; data?: { email_id?: unknown; bounce?: { type?: unknown } } }

export async function action({ request }: ActionFunctionArgs) {
  const secret = getConfig().RESEND_WEBHOOK_SECRET
  if (!secret) return json({ error: 'Not found' }, 404)
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, 405)
  const headers = {
    'webhook-id': request.headers.get('svix-id') ?? request.headers.get('webhook-id') ?? '',
    'webhook-timestamp': request.headers.get('svix-timestamp') ?? request.headers.get('webhook-timestamp') ?? '',
    'webhook-signature': request.headers.get('svix-signature') ?? request.headers.get('webhook-signature') ?? '',
  }
  if (!headers['webhook-id'] || !headers['webhook-timestamp'] || !headers['webhook-signature']) {
    return json({ error: 'Missing svix-id, svix-timestamp or svix-signature header.' }, 400)
  }

  let raw: string
  try {
    raw = await readRawText(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof RequestBodyError) return json({ error: error.reason }, error.status)
    throw error
  }
  let event: ResendEvent
  try {
    event = new Webhook(secret).verify(raw, headers) as ResendEvent
  } catch (error) {
    if (error instanceof WebhookVerificationError || error instanceof SyntaxError) {
      return json({ error: 'The signature does not match this body, or it is too old.' }, 400)
    }
    throw error
  }
  if (!event || typeof event !== 'object') return json({ error: 'The body is not a Resend event.' }, 400)

  const type = typeof event.type === 'string' ? event.type : 'unknown'
  const messageId = typeof event.data?.email_id === 'string' ? event.data.email_id : null
  const at =
    typeof event.created_at === 'string' && !Number.isNaN(Date.parse(event.created_at)) ? new Date(event.created_at) : new Date()
  const outcome = await recordDeliveryEvent({
    deliveryId: headers['webhook-id'],
    type,
    recorded: isRecordedEvent(type) ? type : null,
    providerMessageId: messageId,
    at,
    hardBounce: type === 'email.bounced' && isHardBounce(event.data?.bounce),
  })
  return json({ received: true, outcome })
}
