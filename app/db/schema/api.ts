import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt } from './columns'
import { workspaces } from './workspaces'

// ── The public API (issue 30; docs/api.md): a workspace's API keys and the idempotency records of
// POST/PATCH. Rate limits are counted in rate_limits (limits.ts) under `api:<key id>`.

/**
 * Settings → API. The key itself is never stored: only its SHA-256 (looked up on each request) and
 * its first and last characters for the list. It acts as its creator, with their current role.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Who created it; a key whose creator left the workspace stops (the membership is read per request).
    // Kept (set null) when the account is deleted, so the key stays listed as unusable until revoked.
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    keyStart: text('key_start').notNull(),
    keyEnd: text('key_end').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_workspace_idx').on(t.workspaceId, t.createdAt)],
)

/**
 * The first answer to an Idempotency-Key of a key, replayed for 24 hours (app/models/api-idempotency.server.ts).
 * `fingerprint` is the SHA-256 of the request (method, path, query, canonical body); a row without
 * `status` is a request still running, which holds the key until `lockedUntil`.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    body: text('body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('api_idempotency_keys_expires_idx').on(t.expiresAt)],
)
