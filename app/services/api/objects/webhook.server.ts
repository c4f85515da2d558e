import { z } from 'zod'
import { isWebhookEvent, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '~/lib/webhooks'

// The webhook subscription object of /api/v1 (issue 30 Deliver 4): a REST hook made with
// POST /webhooks. The signing secret is in the create answer only (CreatedWebhookSubscription);
// lists never carry it.

export const ApiWebhookEventSchema = z.enum(WEBHOOK_EVENTS).meta({
  id: 'WebhookEvent',
  description: WEBHOOK_EVENTS.map((e) => `\`${e}\`: ${WEBHOOK_EVENT_LABELS[e].hint}`).join(' '),
})

export const ApiWebhookSubscriptionSchema = z
  .object({
    id: z.guid().meta({ description: 'What DELETE /webhooks/{id} takes.' }),
    url: z.string().meta({ description: 'Where each message is POSTed.' }),
    description: z.string(),
    events: z.array(ApiWebhookEventSchema),
    enabled: z.boolean().meta({
      description:
        'False once every delivery failed for 24 hours (disabled_reason says so) or when disabled in Settings → Webhooks; it is enabled again there.',
    }),
    disabled_reason: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({
    id: 'WebhookSubscription',
    description:
      'A URL that receives the events it subscribed to, signed per Standard Webhooks. It is sent only while the key that made it works and has the webhooks:write and leads:read scopes.',
  })

export const ApiCreatedWebhookSubscriptionSchema = ApiWebhookSubscriptionSchema.extend({
  secret: z.string().meta({
    description:
      'The signing secret (whsec_…), shown in this answer only: verify each message’s webhook-signature with it (any Standard Webhooks library). The owner and admins can also read and rotate it in Settings → Webhooks.',
  }),
}).meta({ id: 'CreatedWebhookSubscription', description: 'A new subscription, with its signing secret this once.' })

export type SubscriptionRow = {
  id: string
  url: string
  description: string
  events: string[]
  enabled: boolean
  disabledReason: string | null
  createdAt: Date
}

export function toApiWebhookSubscription(row: SubscriptionRow): z.input<typeof ApiWebhookSubscriptionSchema> {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter(isWebhookEvent),
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
  }
}
