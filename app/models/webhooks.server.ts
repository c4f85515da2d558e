import { randomBytes, randomUUID } from 'node:crypto'
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { apiKeys } from '~/db/schema/api'
import { webhookEndpoints } from '~/db/schema/integrations'
import { WEBHOOK_LIMITS, type WebhookEndpointInput } from '~/lib/webhooks'
import { recordAudit, type AuditActor } from '~/models/audit.server'
import { lockWorkspace } from '~/models/workspaces.server'
import { decryptSecret, encryptSecret } from '~/platform/secrets.server'

// Settings → Webhooks: a speaker's endpoints (their delivery log: webhook-deliveries.server.ts). Every
// query names owner_id, so another speaker's ids find nothing (the routes answer 404). Sending is
// app/services/webhooks.server.ts.

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. Stored encrypted (secrets.server.ts). */
export function generateWebhookSecret() {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/** The webhook-id of a message: the delivery's id, the same on every retry and replay. */
export const newDeliveryId = () => `msg_${randomUUID().replace(/-/g, '')}`
export const isDeliveryId = (value: unknown): value is string => typeof value === 'string' && /^msg_[0-9a-f]{32}$/.test(value)

/** Encrypted at rest, bound to its endpoint: a value copied into another row does not open. */
export const sealWebhookSecret = (endpointId: string, secret: string) => encryptSecret(secret, `webhook:${endpointId}`)
export const openWebhookSecret = (endpointId: string, stored: string) => decryptSecret(stored, `webhook:${endpointId}`)

const owned = (ownerId: string, id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId))

export async function listEndpoints(ownerId: string) {
  return getDb()
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      disabledReason: webhookEndpoints.disabledReason,
      failingSince: webhookEndpoints.failingSince,
      // A subscription made through the API: the key it was made with (null for Settings' own).
      apiKeyName: apiKeys.name,
      apiKeyRevokedAt: apiKeys.revokedAt,
    })
    .from(webhookEndpoints)
    .leftJoin(apiKeys, eq(apiKeys.id, webhookEndpoints.apiKeyId))
    .where(eq(webhookEndpoints.ownerId, ownerId))
    .orderBy(webhookEndpoints.createdAt)
}

/** The subscriptions made through the API (GET /api/v1/webhooks), newest first; no secrets. */
export async function listSubscriptions(ownerId: string) {
  return getDb()
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.ownerId, ownerId), isNotNull(webhookEndpoints.apiKeyId)))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
}

/**
 * One endpoint with its secret in the clear (the owner's own page shows it), or null. The secret is
 * null when it cannot be decrypted (ENCRYPTION_KEY changed): the page then asks for a rotation.
 */
export async function getEndpoint(ownerId: string, id: string) {
  const [row] = await getDb().select().from(webhookEndpoints).where(owned(ownerId, id)).limit(1)
  if (!row) return null
  let secret: string | null
  try {
    secret = openWebhookSecret(row.id, row.secret)
  } catch {
    secret = null
  }
  return { ...row, secret }
}

/** The API key a subscription is made with (POST /api/v1/webhooks): it is sent only while the key works. */
export type SubscribingKey = { id: string; name: string }

/**
 * The new endpoint's id, or null when the owner already has the most a workspace may have. The audit
 * log records it in the same transaction.
 */
export async function createEndpoint(ownerId: string, input: WebhookEndpointInput, actor: AuditActor | null) {
  return (await insertEndpoint(ownerId, input, actor, null))?.id ?? null
}

/**
 * A subscription made through the API (a REST hook): the new endpoint's id, its secret in the clear
 * (for the one answer that shows it) and when it was made; null when the workspace has the most it may have. The
 * audit log names the key ("via API key Zapier").
 */
export async function createSubscription(
  ownerId: string,
  input: WebhookEndpointInput,
  actor: AuditActor,
  apiKey: SubscribingKey,
) {
  return insertEndpoint(ownerId, input, actor, apiKey)
}

async function insertEndpoint(
  ownerId: string,
  input: WebhookEndpointInput,
  actor: AuditActor | null,
  apiKey: SubscribingKey | null,
) {
  return getDb().transaction(async (tx) => {
    // Serialises two adds of one owner, so the limit holds.
    await lockWorkspace(tx, ownerId)
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, ownerId))
    if (Number(existing?.n ?? 0) >= WEBHOOK_LIMITS.endpoints) return null
    const id = randomUUID()
    const secret = generateWebhookSecret()
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ id, ownerId, ...input, secret: sealWebhookSecret(id, secret), apiKeyId: apiKey?.id ?? null })
      .returning({ createdAt: webhookEndpoints.createdAt })
    await recordAudit(
      {
        workspaceId: ownerId,
        actor,
        kind: 'webhook.added',
        subject: input.url,
        data: { events: input.events, ...viaKey(apiKey) },
      },
      tx,
    )
    return { id, secret, createdAt: row!.createdAt }
  })
}

const viaKey = (apiKey: SubscribingKey | null) => (apiKey ? { via: `API key ${apiKey.name}` } : {})

/** Saves URL, description and events; a new URL starts with a clean failure record. */
export async function updateEndpoint(ownerId: string, id: string, input: WebhookEndpointInput) {
  const rows = await getDb()
    .update(webhookEndpoints)
    .set({
      ...input,
      failingSince: sql`case when ${webhookEndpoints.url} = ${input.url} then ${webhookEndpoints.failingSince} else null end`,
      updatedAt: new Date(),
    })
    .where(owned(ownerId, id))
    .returning({ id: webhookEndpoints.id })
  return rows.length > 0
}

/** Enabling clears the automatic-disable reason and the failure record: it starts afresh. */
export async function setEndpointEnabled(ownerId: string, id: string, enabled: boolean) {
  const rows = await getDb()
    .update(webhookEndpoints)
    .set(
      enabled ? { enabled, disabledReason: null, failingSince: null, updatedAt: new Date() } : { enabled, updatedAt: new Date() },
    )
    .where(owned(ownerId, id))
    .returning({ id: webhookEndpoints.id })
  return rows.length > 0
}

/** How long messages keep a signature made with the secret before a rotation. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000

/**
 * A new secret, used from the next attempt on (retries of older deliveries included). For a day
 * messages also carry a signature with the old one (Standard Webhooks allows several), so a
 * receiver that has not switched yet still verifies them.
 */
export async function rotateEndpointSecret(ownerId: string, id: string) {
  const now = new Date()
  const rows = await getDb()
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS),
      secret: sealWebhookSecret(id, generateWebhookSecret()),
      updatedAt: now,
    })
    .where(owned(ownerId, id))
    .returning({ id: webhookEndpoints.id })
  return rows.length > 0
}

/**
 * Deletes the endpoint and its delivery log; queued attempts find nothing and stop. Audited in the
 * same transaction. Through the API (`apiKey` given) only a subscription made through the API is found.
 */
export async function deleteEndpoint(
  ownerId: string,
  id: string,
  actor: AuditActor | null,
  apiKey: SubscribingKey | null = null,
) {
  return getDb().transaction(async (tx) => {
    const [gone] = await tx
      .delete(webhookEndpoints)
      .where(and(owned(ownerId, id), apiKey ? isNotNull(webhookEndpoints.apiKeyId) : undefined))
      .returning({ url: webhookEndpoints.url })
    if (!gone) return false
    await recordAudit({ workspaceId: ownerId, actor, kind: 'webhook.removed', subject: gone.url, data: viaKey(apiKey) }, tx)
    return true
  })
}
