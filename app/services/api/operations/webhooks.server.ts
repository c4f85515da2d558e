import { z } from 'zod'
import { PageQuerySchema, listSchema } from '~/lib/api'
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, webhookEndpointSchema } from '~/lib/webhooks'
import { createSubscription, deleteEndpoint, listSubscriptions } from '~/models/webhooks.server'
import { urlProblem } from '~/services/safe-fetch.server'
import {
  ApiCreatedWebhookSubscriptionSchema,
  ApiWebhookEventSchema,
  ApiWebhookSubscriptionSchema,
  toApiWebhookSubscription,
} from '../objects/webhook.server'
import { ApiError, defineOperation } from '../operation.server'
import { SUBSCRIPTION_SCOPES } from '../webhook-events.server'

// REST hooks (issue 30 Deliver 4; docs/api.md → Webhooks): what Zapier, Make and n8n call when an
// instant trigger is turned on (subscribe a target URL) and off (unsubscribe). A subscription is one
// of the workspace's webhook endpoints (app/models/webhooks.server.ts), checked by the same form
// rules and SSRF guard as Settings → Webhooks, delivered by the same signed job; its messages carry
// the API's objects (app/services/api/webhook-events.server.ts). The API sees only the
// subscriptions made through it; Settings → Webhooks lists them all.

const form = webhookEndpointSchema((url) => urlProblem(url))

const SubscribeSchema = z
  .strictObject({
    url: form.shape.url.meta({
      description: `Where to POST each message: https (http outside production), a public address, at most ${WEBHOOK_LIMITS.url} characters.`,
    }),
    events: z
      .array(ApiWebhookEventSchema, { error: WEBHOOK_MESSAGES.eventsMissing })
      .min(1, WEBHOOK_MESSAGES.eventsMissing)
      .meta({ description: 'The events to receive; at least one.' }),
    description: form.shape.description.meta({ description: 'Shown in Settings → Webhooks: what the subscription is for.' }),
  })
  .meta({
    id: 'WebhookSubscriptionInput',
    examples: [{ url: 'https://hooks.zapier.com/hooks/standard/123456/abcdef/', events: ['lead.created'] }],
  })

const tooMany = `This workspace has ${WEBHOOK_LIMITS.endpoints} webhook endpoints, the most it may have: unsubscribe one (DELETE /webhooks/{id}) or delete one in Settings → Webhooks.`

const createWebhookSubscription = defineOperation({
  operationId: 'createWebhookSubscription',
  method: 'POST',
  path: '/webhooks',
  tag: 'Webhooks',
  summary: 'Subscribe a URL to events (a REST hook)',
  description: `Each event is POSTed to the URL as JSON, signed per Standard Webhooks with the secret of this answer (shown once), and retried for 24 hours until a 2xx answer; the messages are declared in the document’s webhooks section. The key needs leads:read as well: the messages carry the Lead that GET /leads/{id} answers. A workspace has at most ${WEBHOOK_LIMITS.endpoints} endpoints, Settings → Webhooks’ included (409 beyond).`,
  scope: 'webhooks:write',
  body: SubscribeSchema,
  secretAnswer: true,
  response: {
    status: 201,
    description: 'The subscription, with its signing secret this once.',
    schema: ApiCreatedWebhookSubscriptionSchema,
  },
  handler: async ({ ctx, body }) => {
    const missing = SUBSCRIPTION_SCOPES.find((s) => !ctx.scopes.includes(s))
    if (missing) {
      throw new ApiError(
        'forbidden',
        `Subscriptions carry the Lead that GET /leads/{id} answers: this key also needs the ${missing} scope.`,
        'events',
      )
    }
    const input = { ...body, events: [...new Set(body.events)] }
    const made = await createSubscription(ctx.workspace.id, input, ctx.actor, ctx.key)
    if (!made) throw new ApiError('conflict', tooMany)
    return {
      ...toApiWebhookSubscription({ ...input, id: made.id, enabled: true, disabledReason: null, createdAt: made.createdAt }),
      secret: made.secret,
    }
  },
  errors: [409],
})

const listWebhookSubscriptions = defineOperation({
  operationId: 'listWebhookSubscriptions',
  method: 'GET',
  path: '/webhooks',
  tag: 'Webhooks',
  summary: 'The workspace’s subscriptions',
  description: 'Every subscription made through the API with any of the workspace’s keys, newest first, without secrets.',
  scope: 'webhooks:write',
  query: PageQuerySchema,
  response: {
    status: 200,
    description: 'A page of subscriptions.',
    schema: listSchema(ApiWebhookSubscriptionSchema, 'WebhookSubscriptionList'),
  },
  handler: async ({ ctx, query }) => {
    // At most WEBHOOK_LIMITS.endpoints of them: one read, paged here.
    const rows = await listSubscriptions(ctx.workspace.id)
    let start = 0
    if (query.starting_after !== undefined) {
      start = rows.findIndex((r) => r.id === query.starting_after) + 1
      if (start === 0) {
        throw new ApiError('bad_request', 'starting_after is not the id of a subscription of this workspace.', 'starting_after')
      }
    }
    const page = rows.slice(start, start + query.limit)
    return { data: page.map(toApiWebhookSubscription), has_more: start + query.limit < rows.length }
  },
})

const deleteWebhookSubscription = defineOperation({
  operationId: 'deleteWebhookSubscription',
  method: 'DELETE',
  path: '/webhooks/{id}',
  tag: 'Webhooks',
  summary: 'Unsubscribe',
  description:
    'Deletes the subscription and its delivery log; messages still queued for it are not sent. An endpoint made in Settings → Webhooks is not a subscription: 404.',
  scope: 'webhooks:write',
  params: z.strictObject({ id: z.guid().meta({ description: 'The subscription’s id.' }) }),
  response: { status: 204, description: 'Unsubscribed.' },
  handler: async ({ ctx, params }) => {
    if (!(await deleteEndpoint(ctx.workspace.id, params.id, ctx.actor, ctx.key))) {
      throw new ApiError('not_found', 'No such webhook subscription in this workspace.')
    }
  },
})

export const WEBHOOK_OPERATIONS = [listWebhookSubscriptions, createWebhookSubscription, deleteWebhookSubscription]
