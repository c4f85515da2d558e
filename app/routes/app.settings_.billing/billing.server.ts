import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import {
  BILLING_MESSAGES,
  decidingSubscription,
  fromMinor,
  paymentStateText,
  renewalText,
  SEAT_MESSAGES,
  seatsChangeable,
  seatsToLowerTo,
  subscriptionAmountText,
  UNLOCK_STATE_LABELS,
} from '~/lib/billing'
import { can, seatLimit, workspaceLink } from '~/lib/permissions'
import { PLAN_LABELS } from '~/lib/plans'
import { formatPrice, isCurrency } from '~/lib/pricing'
import { formatUsLongDate } from '~/lib/text'
import { billingState, getBillingCustomer, listSubscriptions } from '~/models/billing.server'
import { listUnlocks } from '~/models/session-unlocks.server'
import { seatUsage } from '~/models/invitations.server'
import { billingConfigured } from '~/platform/stripe.server'
import { BillingError } from '~/services/billing.server'
import { openPortal } from '~/services/stripe-hosted-pages.server'
import { lowerSeats } from '~/services/billing-seats.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { BILLING_PATH, LowerSeatsSchema } from './schema'

// Settings → Billing (issue 22 Deliver 8): what the workspace pays for, read from our tables only —
// no Stripe call on load (ARCHITECTURE decision 20). The owner opens Stripe's portal (card,
// invoices, cancel) and lowers unused seats; admins see the same page without the buttons.

const money = (minor: number, currency: string) =>
  isCurrency(currency) ? formatPrice(fromMinor(minor), currency) : `${fromMinor(minor)} ${currency}`

export async function billingPage(scope: WorkspaceScope, now = new Date()) {
  const [state, subs, unlocks, customer, usage] = await Promise.all([
    billingState(scope.ownerId),
    listSubscriptions(scope.ownerId),
    listUnlocks(scope.ownerId),
    getBillingCustomer(scope.ownerId),
    seatUsage(scope.workspace),
  ])
  const plan = state?.plan ?? scope.workspace.plan
  const manualPlan = state?.manualPlan ?? null
  const paidSeats = state?.seats ?? null
  const configured = billingConfigured()
  const canManage = can(scope.role, 'billing.manage')
  // The subscription that gives the plan; else the newest one that ever started (a canceled plan says until when).
  const sub = decidingSubscription(null, subs, now) ?? subs.find((s) => s.status !== 'incomplete_expired') ?? null
  const inUse = usage.members + usage.pending
  const lowerTo = sub && !manualPlan && seatsChangeable(sub) ? seatsToLowerTo(sub.seats, inUse) : null
  return {
    plan: PLAN_LABELS[plan],
    manual: manualPlan !== null,
    notConfigured: configured ? null : BILLING_MESSAGES.notConfigured,
    // On Free (nothing bought, or a plan that ended): where plans are compared and bought.
    showPricing: plan === 'free' && !manualPlan,
    seats: { paid: paidSeats, limit: seatLimit(plan, paidSeats), members: usage.members, pending: usage.pending },
    subscription: sub
      ? {
          plan: PLAN_LABELS[sub.plan],
          status: sub.status,
          state: paymentStateText(sub.status, formatDate(sub.paidThrough ?? sub.canceledAt)),
          renewal: renewalText(sub.status, formatUsLongDate(sub.currentPeriodEnd), sub.cancelAtPeriodEnd),
          amount: isCurrency(sub.currency)
            ? subscriptionAmountText({ ...sub, currency: sub.currency })
            : money(sub.unitAmount * sub.seats, sub.currency),
          currency: sub.currency,
        }
      : null,
    canManage,
    // The portal needs a Stripe customer: one exists once anything was bought.
    portal: configured && customer !== null,
    lowerTo: configured && canManage ? lowerTo : null,
    unlocks: unlocks.map((u) => ({
      id: u.checkoutSessionId,
      sessionId: u.sessionId,
      title: `${u.talkTitle} — ${u.eventName}`,
      state: UNLOCK_STATE_LABELS[u.status],
      amount: money(u.amount, u.currency),
      date: formatUsLongDate(u.paidAt ?? u.createdAt),
      receiptUrl: u.receiptUrl,
    })),
  }
}

function formatDate(date: Date | null) {
  return date ? formatUsLongDate(date) : null
}

/** The owner's buttons: open the portal, lower the seats. Admins and members get the guard's 403. */
export async function billingAction(request: Request) {
  const scope = await requireWorkspace(request, 'billing.manage')
  const form = await readForm(request)
  const owner = { id: scope.userId, email: scope.user.email }
  if (form.get('intent') === 'lower-seats') {
    const submission = parseWithZod(form, { schema: LowerSeatsSchema })
    if (submission.status !== 'success')
      return data({ intent: 'lower-seats' as const, error: 'Choose how many seats.' }, { status: 400 })
    const done = await lowerSeats(scope.ownerId, owner, submission.value.seats)
    if (!done.ok) return data({ intent: 'lower-seats' as const, error: done.message }, { status: done.status })
    return redirectWithToast(BILLING_PATH, { type: 'success', description: SEAT_MESSAGES.lowered(submission.value.seats) })
  }
  if (form.get('intent') !== 'portal') return data({ intent: 'portal' as const, error: 'Unknown action.' }, { status: 400 })
  try {
    // Back from the portal into this workspace, whichever another tab made current.
    return redirect(await openPortal(scope.ownerId, workspaceLink(BILLING_PATH, scope.ownerId)), 303)
  } catch (error) {
    if (error instanceof BillingError) return data({ intent: 'portal' as const, error: error.message }, { status: error.status })
    console.error('Opening the billing portal failed', error)
    return data({ intent: 'portal' as const, error: 'Stripe could not be reached. Try again in a moment.' }, { status: 502 })
  }
}
