import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { verifications } from '~/db/schema/accounts'
import { MAGIC_CODE_MAX_ATTEMPTS } from '~/lib/constants'
import type { MagicLinkIntent } from './magic-link-schema'

// Queries on pending sign-ins. Every "use" is one conditional UPDATE … RETURNING, so a token or code
// can be spent only once even when two requests race.

export type Verification = typeof verifications.$inferSelect
type Executor = Pick<Db, 'insert' | 'update'>

export async function insertVerification(
  values: {
    email: string
    tokenHash: string
    codeHash: string
    intent: MagicLinkIntent
    returnTo: string | null
    expiresAt: Date
  },
  tx: Executor = getDb(),
) {
  // A newer email replaces older ones: only the latest link and code work.
  await tx
    .update(verifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verifications.email, values.email), isNull(verifications.usedAt)))
  await tx.insert(verifications).values(values)
}

/**
 * Marks the link used if it is unused and unexpired; returns the row only to the one caller that
 * won. The code stays usable: the caller closes it (closeVerification) unless the link was opened
 * on another device than the tab that asked.
 */
export async function consumeVerificationByToken(tokenHash: string): Promise<Verification | null> {
  const [row] = await getDb()
    .update(verifications)
    .set({ linkUsedAt: sql`now()` })
    .where(
      and(
        eq(verifications.tokenHash, tokenHash),
        isNull(verifications.usedAt),
        isNull(verifications.linkUsedAt),
        gt(verifications.expiresAt, sql`now()`),
      ),
    )
    .returning()
  return row ?? null
}

/** Nothing of this email works any more: its link was spent in the browser whose tab asked. */
export async function closeVerification(tokenHash: string) {
  await getDb()
    .update(verifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verifications.tokenHash, tokenHash), isNull(verifications.usedAt)))
}

/** Why a token could not be used: unknown (tampered), used, or expired. */
export async function describeVerification(tokenHash: string): Promise<'unknown' | 'used' | 'expired' | 'active'> {
  const [row] = await getDb()
    .select({
      usedAt: verifications.usedAt,
      linkUsedAt: verifications.linkUsedAt,
      expired: sql<boolean>`${verifications.expiresAt} <= now()`,
    })
    .from(verifications)
    .where(eq(verifications.tokenHash, tokenHash))
    .limit(1)
  if (!row) return 'unknown'
  if (row.usedAt || row.linkUsedAt) return 'used'
  return row.expired ? 'expired' : 'active'
}

/**
 * The code of the email whose link was opened on another device, while it can still be typed:
 * not used, not expired, attempts left. For that device's page (which shows the code) and for the
 * asking tab's "opened on another device" notice (by email: its newest sign-in).
 */
export async function findOpenCodeAfterLink(
  by: { tokenHash: string } | { email: string },
): Promise<Pick<Verification, 'id' | 'email' | 'expiresAt' | 'codeAttempts'> | null> {
  const [row] = await getDb()
    .select({
      id: verifications.id,
      email: verifications.email,
      expiresAt: verifications.expiresAt,
      codeAttempts: verifications.codeAttempts,
      open: sql<boolean>`${verifications.usedAt} is null and ${verifications.linkUsedAt} is not null and ${verifications.expiresAt} > now() and ${verifications.codeAttempts} < ${MAGIC_CODE_MAX_ATTEMPTS}`,
    })
    .from(verifications)
    .where('tokenHash' in by ? eq(verifications.tokenHash, by.tokenHash) : eq(verifications.email, by.email))
    .orderBy(desc(verifications.createdAt))
    .limit(1)
  if (!row?.open) return null
  return { id: row.id, email: row.email, expiresAt: row.expiresAt, codeAttempts: row.codeAttempts }
}

/** The newest unused, unexpired sign-in for this address (the one whose code the tab may enter). */
export async function findActiveVerification(email: string): Promise<Verification | null> {
  const [row] = await getDb()
    .select()
    .from(verifications)
    .where(and(eq(verifications.email, email), isNull(verifications.usedAt), gt(verifications.expiresAt, sql`now()`)))
    .orderBy(desc(verifications.createdAt))
    .limit(1)
  return row ?? null
}

/** Counts a wrong code; the last allowed wrong try burns the sign-in. Returns the attempts so far. */
export async function recordWrongCode(id: string): Promise<number> {
  const [row] = await getDb()
    .update(verifications)
    .set({
      codeAttempts: sql`${verifications.codeAttempts} + 1`,
      usedAt: sql`case when ${verifications.codeAttempts} + 1 >= ${MAGIC_CODE_MAX_ATTEMPTS} then now() else null end`,
    })
    .where(and(eq(verifications.id, id), isNull(verifications.usedAt)))
    .returning({ codeAttempts: verifications.codeAttempts })
  return row?.codeAttempts ?? MAGIC_CODE_MAX_ATTEMPTS
}

/** Spends the sign-in through its code (same single-use rule as the link). */
export async function consumeVerificationById(id: string): Promise<Verification | null> {
  const [row] = await getDb()
    .update(verifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(verifications.id, id),
        isNull(verifications.usedAt),
        gt(verifications.expiresAt, sql`now()`),
        sql`${verifications.codeAttempts} < ${MAGIC_CODE_MAX_ATTEMPTS}`,
      ),
    )
    .returning()
  return row ?? null
}

/** Housekeeping: sign-ins that expired over a day ago (kept that long to tell "used" from "expired"). */
export async function deleteExpiredVerifications(olderThanMs = 24 * 60 * 60 * 1000) {
  await getDb()
    .delete(verifications)
    .where(lt(verifications.expiresAt, new Date(Date.now() - olderThanMs)))
}
