import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'
import type { Db } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { leads } from '~/db/schema/leads'
import type { ApiScope } from '~/lib/api-keys'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_PING, type WebhookEvent } from '~/lib/webhooks'
import { findApiKeysByIds } from '~/models/api-keys.server'
import type { DispatchedLeadEvent } from '~/models/lead-events.server'
import { queueDelivery, webhookDedupeKey } from '~/models/webhook-deliveries.server'
import { apiKeyContext } from './auth.server'
import { ApiLeadSchema, leadEventData, type ApiLead } from './objects/lead.server'
import { ApiError } from './operation.server'

// The messages of a subscription made through the API (issue 30 Deliver 4; docs/api.md → Webhooks):
// each event's `data` is the object the API answers for it — lead.created and lead.updated carry the
// Lead exactly as GET /leads/{id} answers it to the key (leadEventData: the workspace's side, which
// an owner's or admin's key sees; a key of anyone else does not work), lead.deleted the DeletedLead
// below. They are sent only while the key would be let in (apiKeyContext, the rule of every
// request) with the scopes they need; the signing, retries and SSRF guard are the app's webhooks'
// own (app/services/webhooks.server.ts).

/** What a key needs for its subscriptions to be sent: to manage them, and to read what they carry. */
export const SUBSCRIPTION_SCOPES: readonly ApiScope[] = ['webhooks:write', 'leads:read']

export const ApiDeletedLeadSchema = z
  .object({
    id: z.guid().meta({ description: 'The lead (person) the capture belonged to.' }),
    capture_id: z.guid().meta({ description: 'The capture deleted or erased.' }),
    session_id: z.guid(),
    email: z.string().meta({
      description:
        'So your system can find and delete its copy. Lectern’s own log drops it once the message is delivered or given up.',
    }),
    lead_deleted: z.boolean().meta({
      description:
        'True when it was the person’s last capture: the lead is gone (GET /leads/{id} answers 404). False: the lead stays with its other captures.',
    }),
  })
  .meta({ id: 'DeletedLead', description: 'A capture deleted by the workspace or erased at the attendee’s request.' })

const timestamp = z.iso.datetime().meta({ description: 'When it happened (UTC).' })

function eventSchema<T extends string, D extends z.ZodType>(type: T, id: string, data: D, description: string) {
  return z.object({ type: z.literal(type), timestamp, data }).meta({ id, description })
}

/** Every message a subscription can receive, as the document's `webhooks` section declares it. */
export const API_WEBHOOK_MESSAGES = [
  {
    type: 'lead.created',
    summary: 'A lead left their details',
    schema: eventSchema(
      'lead.created',
      'LeadCreatedEvent',
      ApiLeadSchema,
      `${WEBHOOK_EVENT_LABELS['lead.created'].hint} The lead as GET /leads/{id} answers it, with the new capture; a person already known keeps their id and has one more capture.`,
    ),
  },
  {
    type: 'lead.updated',
    summary: 'A lead changed',
    schema: eventSchema(
      'lead.updated',
      'LeadUpdatedEvent',
      ApiLeadSchema,
      'The attendee sent a session’s form again, or the workspace changed the lead’s status, deal or tags (a note sends nothing). The lead as GET /leads/{id} answers it now.',
    ),
  },
  {
    type: 'lead.deleted',
    summary: 'A capture was deleted or erased',
    schema: eventSchema('lead.deleted', 'LeadDeletedEvent', ApiDeletedLeadSchema, WEBHOOK_EVENT_LABELS['lead.deleted'].hint),
  },
  {
    type: WEBHOOK_PING,
    summary: 'A test ping',
    schema: eventSchema(
      WEBHOOK_PING,
      'WebhookPingEvent',
      z.object({ subscription_id: z.guid() }),
      'Sent when someone presses "Send test ping" for the subscription in Settings → Webhooks; never subscribed to.',
    ),
  },
] as const satisfies readonly { type: WebhookEvent | typeof WEBHOOK_PING; summary: string; schema: z.ZodType }[]

type Endpoint = { id: string; apiKeyId: string | null }

/**
 * The sender of one fan-out batch: the keys behind its subscriptions read once, as they are now; a
 * subscription whose key would be refused (revoked, expired, its creator gone or no longer an owner
 * or admin, a plan without the API) or lacks SUBSCRIPTION_SCOPES is not sent.
 */
export async function apiSubscriptionSender(endpoints: readonly Endpoint[]) {
  const keyIds = endpoints.flatMap((e) => (e.apiKeyId ? [e.apiKeyId] : []))
  const working = new Set<string>()
  for (const [id, key] of await findApiKeysByIds(keyIds)) {
    try {
      const ctx = apiKeyContext(key, 'webhook-fan-out')
      if (SUBSCRIPTION_SCOPES.every((s) => ctx.scopes.includes(s))) working.add(id)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
    }
  }
  return {
    /** Writes the event's deliveries to those of `endpoints` that are working subscriptions. */
    deliver: async (event: DispatchedLeadEvent, wanted: readonly Endpoint[], db: Db) => {
      const subscriptions = wanted.flatMap((e) => (e.apiKeyId && working.has(e.apiKeyId) ? [e.id] : []))
      if (subscriptions.length > 0) await deliverToSubscriptions(event, subscriptions, db)
    },
  }
}

async function deliverToSubscriptions(event: DispatchedLeadEvent, subscriptions: string[], db: Db) {
  const payload = await messageBody(event)
  if (!payload) return
  await db.transaction(async (tx) => {
    if (event.event !== 'lead.deleted') {
      // The captures the message carries, held until commit: erased since they were read → nothing
      // is written; an erasure starting now waits, then finds these deliveries by the captures they
      // carry and erases their bodies (lead-erasure.server.ts).
      const carried = (payload.data as ApiLead).captures.map((c) => c.id)
      const held = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.ownerId, event.ownerId), inIdList(leads.id, carried)))
        .for('share')
      if (held.length !== carried.length) return
    }
    for (const id of subscriptions) {
      await queueDelivery(tx, {
        endpointId: id,
        ownerId: event.ownerId,
        contactId: event.contactId,
        eventType: event.event,
        payload,
        dedupeKey: webhookDedupeKey(event.jobId, id),
      })
    }
  })
}

/**
 * The message: the lead as GET /leads/{id} answers an owner's or admin's key (leadEventData, shaped
 * by the same schema as the answer), or the DeletedLead; null when nothing of the person may leave.
 */
async function messageBody(event: DispatchedLeadEvent): Promise<{ type: string; timestamp: string; data: unknown } | null> {
  const envelope = { type: event.event, timestamp: event.occurredAt }
  if (event.event === 'lead.deleted') {
    if (!event.leadId || !event.deleted) return null
    const data = ApiDeletedLeadSchema.parse({
      id: event.contactId,
      capture_id: event.leadId,
      session_id: event.deleted.sessionId,
      email: event.deleted.email,
      lead_deleted: event.deleted.contactDeleted,
    })
    return { ...envelope, data }
  }
  const lead = await leadEventData(event.ownerId, event.contactId)
  return lead ? { ...envelope, data: ApiLeadSchema.parse(lead) } : null
}

const SignatureHeaders = z.object({
  'webhook-id': z.string().meta({ description: 'The message’s id (msg_…): the same on every retry, so skip one you have seen.' }),
  'webhook-timestamp': z.string().meta({ description: 'Seconds since 1970 when this attempt was signed.' }),
  'webhook-signature': z.string().meta({
    description:
      'v1,<base64 HMAC-SHA256> of "{webhook-id}.{webhook-timestamp}.{body}" with the subscription’s secret; for a day after a rotation, two, space-separated.',
  }),
})

/** The document's `webhooks` section: one POST per message, with its signature headers and its body. */
export function apiWebhooksDocument(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    API_WEBHOOK_MESSAGES.map(({ type, summary, schema }) => [
      type,
      {
        post: {
          operationId: `${type.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())}Webhook`,
          summary,
          description: schema.meta()?.description,
          tags: ['Webhooks'],
          security: [],
          requestParams: { header: SignatureHeaders },
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: {
            '200': {
              description:
                'Any 2xx answer within 5 seconds is a delivery; anything else (a redirect too) is retried for 24 hours.',
            },
          },
        },
      },
    ]),
  )
}
