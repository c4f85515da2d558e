import { UNLOCK_STATE_LABELS } from '~/lib/billing'
import { moneyText, planSourceLine, subscriptionAmount, subscriptionStateText, SYNC_UNAVAILABLE } from '~/lib/billing-admin'
import { PLAN_LABELS } from '~/lib/plans'
import { formatUsLongDate } from '~/lib/text'
import { billingState, getBillingCustomer, listSubscriptions } from '~/models/billing.server'
import { listUnlocks } from '~/models/session-unlocks.server'
import { billingConfigured, stripeCustomerDashboardUrl } from '~/platform/stripe.server'
import { BillingError, syncCustomer } from './billing.server'

// The site admin's view of one workspace's billing (issue 22 Deliver 8; docs/billing.md "Admin:
// manual plans, sync, startup programme"): read from our tables only — no page load calls Stripe —
// and the one admin action that does, "Sync from Stripe".

export async function workspaceBillingView(workspaceId: string, now = new Date()) {
  const [state, subscriptions, customer, unlocks] = await Promise.all([
    billingState(workspaceId),
    listSubscriptions(workspaceId),
    getBillingCustomer(workspaceId),
    listUnlocks(workspaceId),
  ])
  if (!state) return null
  const configured = billingConfigured()
  return {
    plan: state.plan,
    seats: state.seats,
    manualPlan: state.manualPlan,
    source: planSourceLine(state, subscriptions, now),
    customer: customer
      ? {
          id: customer.stripeCustomerId,
          currency: customer.currency,
          dashboardUrl: stripeCustomerDashboardUrl(customer.stripeCustomerId),
        }
      : null,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      plan: PLAN_LABELS[s.plan],
      seats: s.seats,
      status: s.status,
      amount: subscriptionAmount(s),
      period: subscriptionStateText(s),
    })),
    unlocks: unlocks.map((u) => ({
      id: u.checkoutSessionId,
      sessionId: u.sessionId,
      session: `${u.eventName} (${u.talkTitle})`,
      status: u.status,
      statusLabel: UNLOCK_STATE_LABELS[u.status],
      amount: moneyText(u.amount, u.currency),
      paidAt: u.paidAt ? formatUsLongDate(u.paidAt) : null,
      receiptUrl: u.receiptUrl,
    })),
    // The button is there only when it can work; otherwise the page says why.
    syncUnavailable: !configured ? SYNC_UNAVAILABLE.notConfigured : !customer ? SYNC_UNAVAILABLE.noCustomer : null,
  }
}

export type SyncOutcome = { ok: true; message: string } | { ok: false; message: string; status: number }

/**
 * "Sync from Stripe": re-reads the workspace's customer from Stripe and converges (the same
 * function the webhook calls). A Stripe failure is a message for the admin, never a 500.
 */
export async function syncWorkspaceFromStripe(workspaceId: string): Promise<SyncOutcome> {
  if (!billingConfigured()) return { ok: false, message: SYNC_UNAVAILABLE.notConfigured, status: 409 }
  const customer = await getBillingCustomer(workspaceId)
  if (!customer) return { ok: false, message: SYNC_UNAVAILABLE.noCustomer, status: 409 }
  try {
    const result = await syncCustomer(customer.stripeCustomerId)
    if (!result) return { ok: false, message: 'This Stripe customer is no longer linked to the workspace.', status: 404 }
    const plan = PLAN_LABELS[result.after]
    const change = result.before === result.after ? `plan unchanged (${plan})` : `plan ${PLAN_LABELS[result.before]} → ${plan}`
    const manual = result.source === 'manual' ? '; the manual plan still overrides billing' : ''
    return { ok: true, message: `Synced from Stripe: ${change}${manual}.` }
  } catch (error) {
    if (error instanceof BillingError) return { ok: false, message: error.message, status: error.status }
    console.error('Sync from Stripe failed', error)
    const detail = error instanceof Error && error.message ? ` (${error.message})` : ''
    return { ok: false, message: `Stripe could not be read${detail}. Nothing changed; try again later.`, status: 502 }
  }
}
