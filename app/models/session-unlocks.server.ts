import { desc, eq, lte, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { sessionUnlocks } from '~/db/schema/billing'
import { talkSessions, talks } from '~/db/schema/talks'
import type { UnlockStatus } from '~/lib/billing'
import { isCurrency } from '~/lib/pricing'
import { fixCustomerCurrency } from './billing.server'

// One-off purchases that unlock one session (issue 22; docs/billing.md): each stored as Stripe last
// said, and the session's `unlocked` flag kept = an admin unlocked it OR a paid purchase stands.
// Converging like the subscriptions (app/models/billing.server.ts): no function here calls Stripe.

export type UnlockRow = {
  checkoutSessionId: string
  workspaceId: string
  sessionId: string
  boughtBy: string | null
  paymentIntentId: string | null
  status: UnlockStatus
  amount: number
  currency: string
  receiptUrl: string | null
  paidAt: Date | null
  /** When this state was read from Stripe. */
  readAt: Date
}

/**
 * Stores an unlock as Stripe has it now and sets the session's flag: unlocked while an admin
 * unlocked it or any of its purchases stands paid. A refund or dispute locks it again; nothing else changes.
 */
export async function convergeUnlock(row: UnlockRow, now = new Date()) {
  return getDb().transaction(async (tx) => {
    const { checkoutSessionId: _id, boughtBy, ...rest } = row
    await tx
      .insert(sessionUnlocks)
      .values(row)
      .onConflictDoUpdate({
        target: sessionUnlocks.checkoutSessionId,
        set: { ...rest, ...(boughtBy ? { boughtBy } : {}), updatedAt: now },
        // A read of Stripe older than the stored one (a slow return page after a refund) changes nothing.
        setWhere: lte(sessionUnlocks.readAt, row.readAt),
      })
    if (row.status === 'paid' && isCurrency(row.currency)) await fixCustomerCurrency(row.workspaceId, row.currency, tx)
    return refreshSessionUnlocked(tx, row.sessionId, now)
  })
}

export async function refreshSessionUnlocked(db: Db | Tx, sessionId: string, now = new Date()) {
  const [s] = await db
    .update(talkSessions)
    .set({
      unlocked: sql`${talkSessions.adminUnlocked} OR EXISTS (SELECT 1 FROM ${sessionUnlocks} WHERE ${sessionUnlocks.sessionId} = ${talkSessions.id} AND ${sessionUnlocks.status} = 'paid')`,
      updatedAt: now,
    })
    .where(eq(talkSessions.id, sessionId))
    .returning({ unlocked: talkSessions.unlocked })
  return s?.unlocked ?? false
}

export async function unlockByPaymentIntent(paymentIntentId: string) {
  const [row] = await getDb()
    .select({ checkoutSessionId: sessionUnlocks.checkoutSessionId })
    .from(sessionUnlocks)
    .where(eq(sessionUnlocks.paymentIntentId, paymentIntentId))
    .limit(1)
  return row?.checkoutSessionId ?? null
}

/** The unlocks a workspace bought, newest first, with the session they opened (Settings → Billing). */
export async function listUnlocks(workspaceId: string) {
  return getDb()
    .select({
      checkoutSessionId: sessionUnlocks.checkoutSessionId,
      sessionId: sessionUnlocks.sessionId,
      status: sessionUnlocks.status,
      amount: sessionUnlocks.amount,
      currency: sessionUnlocks.currency,
      receiptUrl: sessionUnlocks.receiptUrl,
      paidAt: sessionUnlocks.paidAt,
      createdAt: sessionUnlocks.createdAt,
      eventName: talkSessions.eventName,
      talkTitle: talks.title,
    })
    .from(sessionUnlocks)
    .innerJoin(talkSessions, eq(talkSessions.id, sessionUnlocks.sessionId))
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(eq(sessionUnlocks.workspaceId, workspaceId))
    .orderBy(desc(sessionUnlocks.createdAt))
}
