import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { billingCustomers, billingNotices, billingSubscriptions, sessionUnlocks, stripeEvents } from '~/db/schema/billing'
import { talkSessions, talks } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { effectiveBilling, LIVE_SUBSCRIPTION_STATUSES, nextEntitlementChange, type UnlockStatus } from '~/lib/billing'
import { hasDirectoryListing, PLAN_LIMITS, type Plan } from '~/lib/plans'
import { isCurrency, type Currency } from '~/lib/pricing'
import { purgePageCache } from '~/platform/page-store.server'
import { recordAudit, type AuditActor } from './audit.server'

// Our side of billing (ARCHITECTURE decision 20): what Stripe last said, and the entitlements derived
// from it. Every write converges: it stores Stripe's current object and recomputes, so running it
// twice, or for events in any order, ends in the same rows. No function here calls Stripe.

// ── Customers ────────────────────────────────────────────────────────────────────────────────

export async function getBillingCustomer(workspaceId: string, db: Pick<Db, 'select'> = getDb()) {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.workspaceId, workspaceId)).limit(1)
  if (!row) return null
  return { ...row, currency: isCurrency(row.currency) ? row.currency : null }
}

export async function workspaceOfCustomer(stripeCustomerId: string) {
  const [row] = await getDb()
    .select({ workspaceId: billingCustomers.workspaceId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId))
    .limit(1)
  return row?.workspaceId ?? null
}

/** Links a workspace to its Stripe customer; the first link wins (a concurrent second one is dropped). */
export async function saveBillingCustomer(workspaceId: string, stripeCustomerId: string) {
  await getDb().insert(billingCustomers).values({ workspaceId, stripeCustomerId }).onConflictDoNothing()
  return (await getBillingCustomer(workspaceId))!
}

/** Fixes the currency at the first paid purchase; later purchases never change it. */
export async function fixCustomerCurrency(workspaceId: string, currency: Currency, db: Db | Tx = getDb()) {
  await db
    .update(billingCustomers)
    .set({ currency })
    .where(and(eq(billingCustomers.workspaceId, workspaceId), isNull(billingCustomers.currency)))
}

// ── Subscriptions and the plan they give ────────────────────────────────────────────────────────

export type SubscriptionRow = typeof billingSubscriptions.$inferInsert

/**
 * Stores a customer's subscriptions as Stripe has them now and recomputes the workspace's plan and
 * seats in one transaction (the workspace row locked first, as every seat-limited change does).
 * Returns the plan before and after, and when the entitlement next changes without an event.
 */
export async function convergeSubscriptions(workspaceId: string, rows: SubscriptionRow[], readAt: Date, now = new Date()) {
  const result = await getDb().transaction(async (tx) => {
    const ws = await lockForBilling(tx, workspaceId)
    if (!ws) return null
    // Two syncs at once: the one that read Stripe later wins, whichever writes last.
    const fresher = await tx
      .update(billingCustomers)
      .set({ readAt })
      .where(
        and(
          eq(billingCustomers.workspaceId, workspaceId),
          or(isNull(billingCustomers.readAt), lte(billingCustomers.readAt, readAt)),
        ),
      )
      .returning({ id: billingCustomers.workspaceId })
    if (!fresher.length) return applyEntitlement(tx, workspaceId, ws, now)
    for (const row of rows) {
      const { id: _id, ...rest } = row
      await tx
        .insert(billingSubscriptions)
        .values(row)
        .onConflictDoUpdate({ target: billingSubscriptions.id, set: { ...rest, updatedAt: now } })
    }
    return applyEntitlement(tx, workspaceId, ws, now)
  })
  purgeWhenListingChanged(result)
  return result
}

/** Recomputes a workspace's plan from our tables (a canceled plan's paid period ending, a manual plan cleared). */
export async function recomputeEntitlement(workspaceId: string, now = new Date()) {
  const result = await getDb().transaction(async (tx) => {
    const ws = await lockForBilling(tx, workspaceId)
    if (!ws) return null
    return applyEntitlement(tx, workspaceId, ws, now)
  })
  purgeWhenListingChanged(result)
  return result
}

/**
 * The directory lists the profiles of people in Professional or Teams workspaces (spec 000 §6):
 * once a plan change that moves a workspace in or out of that has committed, the cached public
 * pages (/speakers, profiles) are stale.
 */
function purgeWhenListingChanged(result: { before: Plan; after: Plan } | null) {
  if (result && hasDirectoryListing(result.before) !== hasDirectoryListing(result.after)) purgePageCache()
}

/** The workspace row, locked first as every seat- or plan-changing transaction does; null when it is gone. */
async function lockForBilling(tx: Tx, workspaceId: string) {
  const [ws] = await tx
    .select({ plan: workspaces.plan, seats: workspaces.seats, manualPlan: workspaces.manualPlan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update')
  return ws ?? null
}

async function applyEntitlement(
  tx: Tx,
  workspaceId: string,
  ws: { plan: Plan; seats: number | null; manualPlan: Plan | null },
  now: Date,
  actor: AuditActor | null = null,
) {
  const subs = await tx
    .select({
      status: billingSubscriptions.status,
      plan: billingSubscriptions.plan,
      seats: billingSubscriptions.seats,
      paidThrough: billingSubscriptions.paidThrough,
      stripeCreatedAt: billingSubscriptions.stripeCreatedAt,
    })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.workspaceId, workspaceId))
  const next = effectiveBilling(ws.manualPlan, subs, now)
  if (next.plan !== ws.plan || next.seats !== ws.seats) {
    await tx.update(workspaces).set({ plan: next.plan, seats: next.seats, updatedAt: now }).where(eq(workspaces.id, workspaceId))
  }
  let closedSessions = 0
  if (next.plan !== ws.plan) {
    closedSessions = await closeSessionsBeyondLimit(tx, workspaceId, next.plan, now)
    await recordAudit(
      {
        workspaceId,
        actor,
        kind: 'plan.changed',
        subject: next.plan,
        data: {
          from: ws.plan,
          to: next.plan,
          by: actor ? 'site admin' : 'billing',
          ...(closedSessions ? { closedSessions } : {}),
        },
      },
      tx,
    )
  }
  return {
    before: ws.plan,
    after: next.plan,
    seats: next.seats,
    source: next.source,
    closedSessions,
    recheckAt: nextEntitlementChange(subs, now),
  }
}

/**
 * A plan with fewer live sessions than are live now (a downgrade to Free): the ones that went live
 * last stay live, the others close (their pages say the session has ended; nothing is deleted, and
 * they can go live again within the plan's limit).
 */
async function closeSessionsBeyondLimit(tx: Tx, workspaceId: string, plan: Plan, now: Date) {
  const max = PLAN_LIMITS[plan].liveSessions
  if (max === null) return 0
  const live = await tx
    .select({ id: talkSessions.id })
    .from(talkSessions)
    .where(and(eq(talkSessions.workspaceId, workspaceId), eq(talkSessions.status, 'live')))
    .orderBy(sql`${talkSessions.wentLiveAt} DESC NULLS LAST`, desc(talkSessions.createdAt))
  const extra = live.slice(max).map((s) => s.id)
  if (!extra.length) return 0
  await tx
    .update(talkSessions)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(and(inArray(talkSessions.id, extra), eq(talkSessions.status, 'live')))
  return extra.length
}

/**
 * An admin's manual plan (Event Organiser, comps): it wins over any subscription. Null clears it and
 * billing decides again from the stored subscriptions.
 */
export async function setManualPlan(workspaceId: string, plan: Plan | null, admin: AuditActor, now = new Date()) {
  const result = await getDb().transaction(async (tx) => {
    const ws = await lockForBilling(tx, workspaceId)
    if (!ws) return null
    await tx.update(workspaces).set({ manualPlan: plan, updatedAt: now }).where(eq(workspaces.id, workspaceId))
    return applyEntitlement(tx, workspaceId, { ...ws, manualPlan: plan }, now, admin)
  })
  purgeWhenListingChanged(result)
  return result !== null
}

/** The subscriptions of a workspace, newest first (Settings → Billing, admin). */
export async function listSubscriptions(workspaceId: string) {
  return getDb()
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.workspaceId, workspaceId))
    .orderBy(desc(billingSubscriptions.stripeCreatedAt))
}

/** The workspace's plan, seats and whether an admin set it. */
export async function billingState(workspaceId: string) {
  const [ws] = await getDb()
    .select({ plan: workspaces.plan, seats: workspaces.seats, manualPlan: workspaces.manualPlan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1)
  return ws ?? null
}

/**
 * Does any of these workspaces have a subscription that will renew (live and not set to cancel)?
 * Such a workspace is not deleted (nor its owner's account closed) until it is canceled in the
 * portal: Stripe would otherwise go on charging for a workspace that no longer exists.
 */
export async function hasRenewingSubscription(workspaceIds: string[], db: Db | Tx = getDb()) {
  if (!workspaceIds.length) return false
  const [row] = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(
      and(
        inArray(billingSubscriptions.workspaceId, workspaceIds),
        inArray(billingSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        eq(billingSubscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** Is a payment of this workspace failing (past_due)? For the banner in /app. */
export async function hasPastDueSubscription(workspaceId: string) {
  const [row] = await getDb()
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.workspaceId, workspaceId), eq(billingSubscriptions.status, 'past_due')))
    .limit(1)
  return Boolean(row)
}

// ── Session unlocks ─────────────────────────────────────────────────────────────────────────

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

// ── Webhook events, each once ────────────────────────────────────────────────────────────────

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

/** Records that a notice went; false when it already had (the caller then sends nothing). */
export async function recordBillingNotice(key: string, workspaceId: string, db: Db | Tx = getDb()) {
  const rows = await db
    .insert(billingNotices)
    .values({ key, workspaceId })
    .onConflictDoNothing()
    .returning({ key: billingNotices.key })
  return rows.length > 0
}

/** Workspaces with a stored customer, for `billing:sync --customers` and the admin list. */
export async function listBillingCustomers() {
  return getDb().select().from(billingCustomers)
}

/** The owner's address (billing emails go to the person who pays). */
export async function workspaceOwner(workspaceId: string) {
  const [row] = await getDb()
    .select({ email: users.email, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .limit(1)
  return row ?? null
}
