import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { apiKeys } from './api'
import { createdAt, updatedAt } from './columns'
import { contacts } from './people'
import { workspaces } from './workspaces'

// ── Integrations (issue 10): a workspace's webhook endpoints and their deliveries, its CRM connection
// and each person's sync state.

/** Settings → Webhooks: a speaker's endpoint, signed per Standard Webhooks with its whsec_ secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    // Encrypted (app/platform/secrets.server.ts, bound to the endpoint id).
    secret: text('secret').notNull(),
    // The secret before the last rotation, encrypted; messages carry a signature with it too until
    // previousSecretExpiresAt (24 h), so a receiver can switch over without failed deliveries.
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // Why it was disabled automatically (24 h of failures), shown in Settings.
    disabledReason: text('disabled_reason'),
    // The first failure of the current run of failures; cleared by a success.
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    // Set for a subscription made through the API (POST /api/v1/webhooks, a REST hook): its messages
    // carry the API's objects and are sent only while this key works (docs/api.md → Webhooks).
    // Null: an endpoint of Settings → Webhooks, with the payloads of app/content/webhook-guide.md.
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId)],
)

/** One message to one endpoint (webhook-id = id, the same on every retry and replay) and its latest outcome. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    contactId: uuid('contact_id'),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_contact_idx').on(t.contactId),
    // The daily prune of deliveries older than JOB_RETENTION_DAYS (app/services/queue-retention.server.ts).
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
)

/** A connected CRM (HubSpot in early access): its token encrypted at rest, and the field mapping. */
export const crmConnections = pgTable(
  'crm_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'hubspot'>().notNull(),
    // AES-256-GCM ciphertext of the access token; the key comes from the environment.
    tokenCiphertext: text('token_ciphertext').notNull(),
    // The token's last four characters, to show which one is connected.
    tokenHint: text('token_hint').notNull(),
    // Lectern field → CRM property.
    fieldMap: jsonb('field_map').$type<Record<string, string>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    // The latest refusal the speaker must act on (token revoked, scope missing, unknown property),
    // shown in Settings → Integrations; cleared by a new token, a saved mapping or a later success.
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_connections_owner_provider_uq').on(t.ownerId, t.provider)],
)

/** Per person and CRM: the CRM's record id and whether the latest state reached it. */
export const crmSyncs = pgTable(
  'crm_syncs',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'hubspot'>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    externalId: text('external_id'),
    state: text('state').$type<'pending' | 'synced' | 'failed'>().notNull().default('pending'),
    lastError: text('last_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.provider] }),
    // Settings → Integrations lists a speaker's latest syncs, failed ones first.
    index('crm_syncs_owner_updated_idx').on(t.ownerId, t.provider, t.updatedAt),
  ],
)
