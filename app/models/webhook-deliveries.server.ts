import type { Tx } from '~/db/client.server'
import { webhookDeliveries } from '~/db/schema/integrations'
import { enqueueJob } from '~/jobs/queue.server'
import { newDeliveryId } from './webhooks.server'

// Writing one message to one endpoint: the delivery row (the log, the stored body every retry sends)
// and its webhook.deliver job, in the fan-out's transaction. Shared by the app's endpoints
// (app/services/webhooks.server.ts) and the API's subscriptions (app/services/api/webhook-events.server.ts).

export type QueuedDelivery = {
  endpointId: string
  ownerId: string
  contactId: string | null
  eventType: string
  payload: Record<string, unknown>
  /** The same for a retried fan-out of the same event and endpoint, which then adds nothing. */
  dedupeKey: string
}

/** One event's delivery to one endpoint: a retried fan-out of the lead.event job finds its first run's job. */
export const webhookDedupeKey = (leadEventJobId: string, endpointId: string) => `webhook:${leadEventJobId}:${endpointId}`

/** The delivery's id, or null when this event already went to this endpoint. */
export async function queueDelivery(tx: Tx, delivery: QueuedDelivery) {
  const id = newDeliveryId()
  const job = await enqueueJob('webhook.deliver', { deliveryId: id }, { tx, dedupeKey: delivery.dedupeKey })
  if (!job) return null
  const { dedupeKey: _key, ...row } = delivery
  await tx.insert(webhookDeliveries).values({ id, ...row })
  return id
}
