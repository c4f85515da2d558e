import { and, eq, isNull, lt } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { stripeEvents } from '~/db/schema/billing'

// Stripe's webhook events, each processed once (docs/billing.md): a redelivery of an event already
// done does nothing, one being worked on elsewhere is answered busy (Stripe retries), and a claim
// left by a process that died may be taken again.

/** A claim left this long by a process that died may be taken again by a redelivery. */
export const EVENT_CLAIM_TIMEOUT_MS = 60_000

/**
 * Takes an event id for processing. 'new': do it; 'done': it was processed, do nothing; 'busy':
 * another request is on it now (its answer tells Stripe whether to retry).
 */
export async function claimStripeEvent(id: string, type: string, now = new Date()): Promise<'new' | 'done' | 'busy'> {
  const db = getDb()
  const inserted = await db
    .insert(stripeEvents)
    .values({ id, type, claimedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
  if (inserted.length) return 'new'
  const retaken = await db
    .update(stripeEvents)
    .set({ claimedAt: now })
    .where(
      and(
        eq(stripeEvents.id, id),
        isNull(stripeEvents.processedAt),
        lt(stripeEvents.claimedAt, new Date(now.getTime() - EVENT_CLAIM_TIMEOUT_MS)),
      ),
    )
    .returning({ id: stripeEvents.id })
  if (retaken.length) return 'new'
  const [row] = await db
    .select({ processedAt: stripeEvents.processedAt })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id))
    .limit(1)
  return row?.processedAt ? 'done' : 'busy'
}

export async function finishStripeEvent(id: string) {
  await getDb().update(stripeEvents).set({ processedAt: new Date() }).where(eq(stripeEvents.id, id))
}

/** Processing failed: the claim goes, so Stripe's retry does the work. */
export async function releaseStripeEvent(id: string) {
  await getDb()
    .delete(stripeEvents)
    .where(and(eq(stripeEvents.id, id), isNull(stripeEvents.processedAt)))
}
