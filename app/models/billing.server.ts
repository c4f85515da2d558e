import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { billingCustomers, billingNotices, billingSubscriptions } from '~/db/schema/billing'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { effectiveBilling, LIVE_SUBSCRIPTION_STATUSES, nextEntitlementChange } from '~/lib/billing'
import { hasDirectoryListing, PLAN_LIMITS, type Plan } from '~/lib/plans'
import { isCurrency, type Currency } from '~/lib/pricing'
import { purgePageCache } from '~/platform/page-store.server'
import { recordAudit, type AuditActor } from './audit.server'

// Our side of billing (ARCHITECTURE decision 20): what Stripe last said, and the entitlements derived
// from it. Every write converges: it stores Stripe's current object and recomputes, so running it
// twice, or for events in any order, ends in the same rows. No function here calls Stripe.
// Session unlocks (one-off purchases) are in session-unlocks.server.ts, the webhook events' claims
// in stripe-events.server.ts.

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

/** Workspaces with a stored customer, for `billing:sync --customers` and the admin list. */
export async function listBillingCustomers() {
  return getDb().select().from(billingCustomers)
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

// ── Billing emails: to the owner, each notice once ───────────────────────────────────────────

/** Records that a notice went; false when it already had (the caller then sends nothing). */
export async function recordBillingNotice(key: string, workspaceId: string, db: Db | Tx = getDb()) {
  const rows = await db
    .insert(billingNotices)
    .values({ key, workspaceId })
    .onConflictDoNothing()
    .returning({ key: billingNotices.key })
  return rows.length > 0
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
