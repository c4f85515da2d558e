import { sessionsScope, type WorkspaceScope } from '~/auth/workspace.server'
import { BILLING_MESSAGES, entitles } from '~/lib/billing'
import {
  canUnlock,
  CHECKOUT_TEXT,
  CHECKOUT_WINDOW_MS,
  CHECKOUTS_PER_WORKSPACE,
  ownerOnlyText,
  tooManyCheckoutsText,
  type UnlockOffer,
} from '~/lib/billing-checkout'
import { UNLOCK_FEE } from '~/lib/constants'
import { can } from '~/lib/permissions'
import { formatPrice, type Currency } from '~/lib/pricing'
import { billingState, getBillingCustomer, listSubscriptions, workspaceOwner } from '~/models/billing.server'
import { getOwnedSession } from '~/models/leads.server'
import { hitRateLimit } from '~/models/rate-limit.server'
import { billingConfigured } from '~/platform/stripe.server'
import { BillingError } from './billing.server'
import { getCurrency } from './currency.server'

// The checks in front of Stripe Checkout (issue 22 Deliver 1; docs/billing.md → Buying), shared by
// /billing/checkout's page and its POST, and the unlock offer every lock place shows. Reads our own
// tables only: no page load calls Stripe.

/** The workspace's owner as a member who may not buy is told (their name, else their address). */
async function ownerName(workspaceId: string) {
  const owner = await workspaceOwner(workspaceId)
  return owner?.email ?? null
}

/** The currency a workspace pays in: fixed at its first paid purchase, else the visitor's. */
export async function buyerCurrency(
  request: Request,
  workspaceId: string,
): Promise<{ currency: Currency; fixed: Currency | null }> {
  const customer = await getBillingCustomer(workspaceId)
  const fixed = customer?.currency ?? null
  return { currency: fixed ?? getCurrency(request), fixed }
}

/** Refuses (BillingError) a person whose role may not buy: 403, naming the owner. */
export async function requireBuyer(scope: WorkspaceScope, what: 'buy' | 'unlock') {
  if (!can(scope.role, 'billing.manage')) throw new BillingError(ownerOnlyText(await ownerName(scope.ownerId), what), null, 403)
}

export function requireBillingConfigured() {
  if (!billingConfigured()) throw new BillingError(BILLING_MESSAGES.notConfigured, null, 409)
}

/** A plan is bought once: a manual plan or a subscription that still gives its plan is changed elsewhere. */
export async function requirePlanPurchasable(workspaceId: string, now = new Date()) {
  const state = await billingState(workspaceId)
  if (state?.manualPlan) throw new BillingError(BILLING_MESSAGES.manualPlan, null, 409)
  const subs = await listSubscriptions(workspaceId)
  if (subs.some((s) => entitles(s, now))) throw new BillingError(BILLING_MESSAGES.alreadySubscribed, null, 409)
}

/** The session to unlock: the workspace's (else 404), still locked, on a plan that locks something. */
export async function requireUnlockable(scope: WorkspaceScope, sessionId: string) {
  const session = await getOwnedSession(sessionsScope(scope, 'change'), sessionId)
  if (!session) throw new BillingError(CHECKOUT_TEXT.sessionNotFound, null, 404)
  if (session.unlocked) throw new BillingError(BILLING_MESSAGES.alreadyUnlocked, null, 409)
  if (!canUnlock(session.plan, session.unlocked)) throw new BillingError(CHECKOUT_TEXT.nothingToUnlock, null, 409)
  return session
}

/** At most CHECKOUTS_PER_WORKSPACE checkouts an hour per workspace (each one is a Stripe session). */
export async function limitCheckouts(workspaceId: string) {
  const hit = await hitRateLimit(`checkout:${workspaceId}`, CHECKOUTS_PER_WORKSPACE, CHECKOUT_WINDOW_MS)
  if (!hit.allowed) throw new BillingError(tooManyCheckoutsText(hit.retryAfterMs), null, 429)
}

/** What a lock place offers this person (the loaders of the leads, ROI and session pages). */
export async function unlockOffer(request: Request, scope: WorkspaceScope): Promise<UnlockOffer> {
  const { currency } = await buyerCurrency(request, scope.ownerId)
  const price = formatPrice(UNLOCK_FEE, currency)
  if (!billingConfigured()) return { kind: 'not-configured', price, text: BILLING_MESSAGES.notConfigured }
  if (!can(scope.role, 'billing.manage'))
    return { kind: 'ask-owner', price, text: ownerOnlyText(await ownerName(scope.ownerId), 'unlock') }
  return { kind: 'buy', price, currency }
}
