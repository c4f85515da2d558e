import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { apiIdempotencyKeys } from '~/db/schema/api'
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '~/lib/api-idempotency'

// The records behind Idempotency-Key (issue 30 Deliver 3; rules in app/lib/api-idempotency.ts). One
// upsert claims a key for a request, so of two requests sent at once with one key exactly one runs
// (on every instance: the row is the lock); the other is told it is in use. The answer is then kept
// and replayed until the record expires (24 h), and the daily jobs.prune deletes it.

export type IdempotencyClaim =
  { kind: 'claimed' } | { kind: 'replay'; status: number; body: string } | { kind: 'in-use' } | { kind: 'reused' }

/**
 * Claims `key` of this API key for a request with this fingerprint. A record takes a new request
 * when it expired, or when it is an unfinished claim of the same request whose lease ran out (the
 * process that held it died); otherwise the existing record decides.
 */
export async function claimIdempotencyKey(apiKeyId: string, key: string, fingerprint: string, now = new Date()) {
  const nowText = now.toISOString()
  const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS)
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS)
  const t = apiIdempotencyKeys
  const claimed = await getDb()
    .insert(t)
    .values({ apiKeyId, key, fingerprint, lockedUntil, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: [t.apiKeyId, t.key],
      set: { fingerprint, status: null, body: null, lockedUntil, expiresAt, createdAt: now },
      setWhere: sql`${t.expiresAt} <= ${nowText}::timestamptz or (${t.status} is null and ${t.lockedUntil} <= ${nowText}::timestamptz and ${t.fingerprint} = ${fingerprint})`,
    })
    .returning({ key: t.key })
  if (claimed.length > 0) return { kind: 'claimed' } satisfies IdempotencyClaim
  const [row] = await getDb()
    .select({ fingerprint: t.fingerprint, status: t.status, body: t.body })
    .from(t)
    .where(and(eq(t.apiKeyId, apiKeyId), eq(t.key, key)))
    .limit(1)
  // Gone meanwhile (its request failed and let go): still somebody else's moment, so retry.
  if (!row) return { kind: 'in-use' } satisfies IdempotencyClaim
  if (row.fingerprint !== fingerprint) return { kind: 'reused' } satisfies IdempotencyClaim
  if (row.status === null || row.body === null) return { kind: 'in-use' } satisfies IdempotencyClaim
  return { kind: 'replay', status: row.status, body: row.body } satisfies IdempotencyClaim
}

/** Keeps the answer of a claimed key, to replay it. */
export async function completeIdempotencyKey(apiKeyId: string, key: string, status: number, body: string) {
  await getDb()
    .update(apiIdempotencyKeys)
    .set({ status, body })
    .where(and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.key, key)))
}

/** Lets go of a claimed key whose request failed on our side, so a retry runs it again. */
export async function releaseIdempotencyKey(apiKeyId: string, key: string) {
  await getDb()
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.key, key), isNull(apiIdempotencyKeys.status)))
}

export async function pruneIdempotencyKeys(now = new Date()) {
  const deleted = await getDb()
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.expiresAt, now))
    .returning({ key: apiIdempotencyKeys.key })
  return deleted.length
}
