import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { users } from '~/db/schema/accounts'
import { apiKeys } from '~/db/schema/api'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import {
  API_KEY_PREFIX,
  API_KEY_RANDOM_BYTES,
  API_KEYS_PER_WORKSPACE,
  expiryFromDate,
  keyHint,
  LAST_USED_INTERVAL_MS,
  type ApiKeyInput,
} from '~/lib/api-keys'
import type { WorkspaceRole } from '~/lib/permissions'
import { isPlan, type Plan } from '~/lib/plans'
import { sha256Hex } from '~/platform/lead-tokens.server'
import { recordAudit, type AuditActor } from './audit.server'
import { lockWorkspace } from './workspaces.server'

// A workspace's API keys (issue 30 Deliver 1; docs/api.md). The key is made here, handed back once
// to the caller who shows it, and only its SHA-256 and its ends are stored: nothing can show it again.

/** A new key: `lec_` + 43 base64url characters (32 bytes of crypto.randomBytes). */
export function generateApiKey() {
  return `${API_KEY_PREFIX}${randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')}`
}

export const hashApiKey = (key: string) => sha256Hex(key)

export type CreatedApiKey = { id: string; key: string }

/** Creates a key (audited in the same transaction); null when the workspace has as many as it may. */
export async function createApiKey(workspaceId: string, input: ApiKeyInput, actor: AuditActor): Promise<CreatedApiKey | null> {
  return getDb().transaction(async (tx) => {
    // Serialises two creates of one workspace, so the limit holds.
    await lockWorkspace(tx, workspaceId)
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    if (Number(active?.n ?? 0) >= API_KEYS_PER_WORKSPACE) return null
    const key = generateApiKey()
    const { start, end } = keyHint(key)
    const [row] = await tx
      .insert(apiKeys)
      .values({
        workspaceId,
        createdBy: actor.id,
        name: input.name,
        keyHash: hashApiKey(key),
        keyStart: start,
        keyEnd: end,
        scopes: input.scopes,
        expiresAt: input.expiresOn ? expiryFromDate(input.expiresOn) : null,
      })
      .returning({ id: apiKeys.id })
    await recordAudit(
      {
        workspaceId,
        actor,
        kind: 'api_key.created',
        subject: input.name,
        data: { key: `${start}…${end}`, scopes: input.scopes, expiresOn: input.expiresOn ?? null },
      },
      tx,
    )
    return { id: row!.id, key }
  })
}

export type ApiKeyListItem = {
  id: string
  name: string
  start: string
  end: string
  scopes: string[]
  creatorEmail: string | null
  createdAt: Date
  lastUsedAt: Date | null
  expiresAt: Date | null
}

/** The workspace's keys that are not revoked, newest first (expired ones too: they say so). */
export async function listApiKeys(workspaceId: string): Promise<ApiKeyListItem[]> {
  return getDb()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      start: apiKeys.keyStart,
      end: apiKeys.keyEnd,
      scopes: apiKeys.scopes,
      creatorEmail: users.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
}

/** Revokes a key of this workspace at once (its next request is a 401); false for any other id. */
export async function revokeApiKey(workspaceId: string, id: string, actor: AuditActor) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, start: apiKeys.keyStart, end: apiKeys.keyEnd })
    if (!row) return false
    await recordAudit(
      { workspaceId, actor, kind: 'api_key.revoked', subject: row.name, data: { key: `${row.start}…${row.end}` } },
      tx,
    )
    return true
  })
}

export type ApiKeyRecord = {
  id: string
  name: string
  scopes: string[]
  expiresAt: Date | null
  revokedAt: Date | null
  lastUsedAt: Date | null
  workspace: { id: string; name: string; plan: Plan; membersSeeAllLeads: boolean }
  /** The creator as they are now: null when their account is gone. */
  creator: { id: string; email: string } | null
  /** The creator's role in the key's workspace now: null when they left it. */
  role: WorkspaceRole | null
}

type ApiKeyRow = {
  id: string
  name: string
  scopes: string[]
  expiresAt: Date | null
  revokedAt: Date | null
  lastUsedAt: Date | null
  workspaceId: string
  workspaceName: string
  plan: string
  membersSeeAllLeads: boolean
  creatorId: string | null
  creatorEmail: string | null
  role: WorkspaceRole | null
}

/** Keys with their workspace and their creator's membership as they are now. */
function selectApiKeys(where: SQL, limit?: number): Promise<ApiKeyRow[]> {
  const query = getDb()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      plan: workspaces.plan,
      membersSeeAllLeads: workspaces.membersSeeAllLeads,
      creatorId: users.id,
      creatorEmail: users.email,
      role: workspaceMembers.role,
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.createdBy)),
    )
    .where(where)
  return limit === undefined ? query : query.limit(limit)
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    workspace: {
      id: row.workspaceId,
      name: row.workspaceName,
      plan: isPlan(row.plan) ? row.plan : 'free',
      membersSeeAllLeads: row.membersSeeAllLeads,
    },
    creator: row.creatorId && row.creatorEmail !== null ? { id: row.creatorId, email: row.creatorEmail } : null,
    role: row.role ?? null,
  }
}

/**
 * The key with this hash, its workspace and its creator's membership as they are now: one indexed
 * read per request, so a revoke, a role change or a removal counts from the next request on.
 */
export async function findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
  const [row] = await selectApiKeys(eq(apiKeys.keyHash, keyHash), 1)
  return row ? toRecord(row) : null
}

/** These keys as they are now, by id (the webhook fan-out checks the keys behind its subscriptions). */
export async function findApiKeysByIds(ids: readonly string[]): Promise<Map<string, ApiKeyRecord>> {
  if (ids.length === 0) return new Map()
  const rows = await selectApiKeys(inIdList(apiKeys.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, toRecord(row)]))
}

/**
 * Records a use. The caller asks only when the last use it read is a minute old; the condition here
 * keeps it to one write a minute even when several instances ask at once.
 */
export async function recordApiKeyUse(id: string, now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - LAST_USED_INTERVAL_MS).toISOString()
  await getDb()
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${cutoff}::timestamptz`))))
}
