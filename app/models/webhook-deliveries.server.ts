import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { webhookDeliveries, webhookEndpoints } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { enqueueJob } from '~/jobs/queue.server'
import { WEBHOOK_PING } from '~/lib/webhooks'
import { newDeliveryId } from './webhooks.server'

// The messages to an endpoint: one written with its webhook.deliver job in the fan-out's transaction
// (the delivery row is the log and the stored body every retry sends), shared by the app's endpoints
// (app/services/webhooks.server.ts) and the API's subscriptions (app/services/api/webhook-events.server.ts);
// and the delivery log of Settings → Webhooks. Every read of the log names owner_id.

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

export const DELIVERIES_PER_PAGE = 25

export async function listDeliveries(ownerId: string, endpointId: string, page: number) {
  const db = getDb()
  const where = and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.ownerId, ownerId))
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: webhookDeliveries.id,
        eventType: webhookDeliveries.eventType,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        responseStatus: webhookDeliveries.responseStatus,
        responseExcerpt: webhookDeliveries.responseExcerpt,
        lastError: webhookDeliveries.lastError,
        createdAt: webhookDeliveries.createdAt,
        lastAttemptAt: webhookDeliveries.lastAttemptAt,
        // Its capture was erased: the body is gone, so it cannot be replayed (lead-erasure.server.ts).
        erased: sql<boolean>`${webhookDeliveries.payload}->>'erased' is not null`,
      })
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(DELIVERIES_PER_PAGE)
      .offset((page - 1) * DELIVERIES_PER_PAGE),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ])
  // When a delivery being retried is tried next: its queued job (few are pending at any time).
  const pending = rows.filter((r) => r.status === 'pending').map((r) => r.id)
  const deliveryIdOf = sql<string>`${jobs.payload}->>'deliveryId'`
  const next = pending.length
    ? await db
        .select({ deliveryId: deliveryIdOf, runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), eq(jobs.kind, 'webhook.deliver'), inArray(deliveryIdOf, pending)))
    : []
  const nextAt = new Map(next.map((j) => [j.deliveryId, j.runAt]))
  return { rows: rows.map((r) => ({ ...r, nextAttemptAt: nextAt.get(r.id) ?? null })), total: Number(total?.n ?? 0) }
}

/** Queues a webhook.ping message to this endpoint (one attempt, the same path as events); null when not the owner's. */
export async function queuePing(ownerId: string, endpointId: string) {
  return getDb().transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, apiKeyId: webhookEndpoints.apiKeyId })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.ownerId, ownerId)))
    if (!endpoint) return null
    const id = newDeliveryId()
    await tx.insert(webhookDeliveries).values({
      id,
      endpointId,
      ownerId,
      contactId: null,
      eventType: WEBHOOK_PING,
      // A subscription made through the API gets the API's field names (its WebhookPingEvent).
      payload: {
        type: WEBHOOK_PING,
        timestamp: new Date().toISOString(),
        data: endpoint.apiKeyId ? { subscription_id: endpointId } : { endpointId },
      },
    })
    await enqueueJob('webhook.deliver', { deliveryId: id, manual: true }, { tx })
    return id
  })
}

/**
 * Sends a delivery again, now, with the same webhook-id and body (one attempt; receivers dedupe on
 * the id). Retries still queued for it are dropped, so the receiver hears it once more, not twice.
 * A delivery whose capture was erased has no body left and is not found.
 */
export async function replayDelivery(ownerId: string, endpointId: string, deliveryId: string) {
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.ownerId, ownerId),
          sql`${webhookDeliveries.payload}->>'erased' is null`,
        ),
      )
      .returning({ id: webhookDeliveries.id })
    if (rows.length === 0) return false
    await tx
      .update(jobs)
      .set({ status: 'failed', lastError: 'Replaced by a manual replay', finishedAt: new Date() })
      .where(
        and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.status, 'pending'), sql`${jobs.payload}->>'deliveryId' = ${deliveryId}`),
      )
    await enqueueJob('webhook.deliver', { deliveryId, manual: true }, { tx })
    return true
  })
}
