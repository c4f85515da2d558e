import {
  decidingSubscription,
  fromMinor,
  paymentStateText,
  renewalText,
  subscriptionAmountText,
  type StoredSubscription,
} from './billing'
import { PLAN_LABELS, type Plan } from './plans'
import { formatPrice, isCurrency } from './pricing'
import { formatUsLongDate } from './text'

// What the site admin's account page says about a workspace's billing (issue 22 Deliver 8): where
// its plan comes from — a manual plan an admin set, a Stripe subscription, or neither — in words.
// The words for a subscription's state, renewal and amount are Settings → Billing's (app/lib/billing.ts).

export type AdminSubscription = StoredSubscription & {
  id: string
  lookupKey: string
  interval: string
  currency: string
  unitAmount: number
  currentPeriodEnd: Date
  cancelAtPeriodEnd: boolean
}

const seatsText = (n: number) => (n === 1 ? '1 seat' : `${n} seats`)
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** A stored amount (minor units) in its currency: "$348", "£49". */
export function moneyText(minor: number, currency: string) {
  const amount = fromMinor(minor)
  return isCurrency(currency) ? formatPrice(amount, currency) : `${amount} ${currency}`
}

/** "active, renews on November 1, 2027"; "canceled: Free limits from December 1, 2026". */
export function subscriptionStateText(
  sub: Pick<AdminSubscription, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'paidThrough'>,
) {
  const renewal = renewalText(sub.status, formatUsLongDate(sub.currentPeriodEnd), sub.cancelAtPeriodEnd)
  if (renewal) return `${sub.status}, ${lowerFirst(renewal)}`
  return lowerFirst(paymentStateText(sub.status, sub.paidThrough ? formatUsLongDate(sub.paidThrough) : null))
}

/** "$1,044 a year ($348 per seat × 3)"; a currency we do not sell in is shown as stored. */
export function subscriptionAmount(sub: Pick<AdminSubscription, 'unitAmount' | 'seats' | 'currency' | 'interval' | 'lookupKey'>) {
  const currency = sub.currency
  if (!isCurrency(currency)) return `${moneyText(sub.unitAmount * sub.seats, currency)} per ${sub.interval}`
  return subscriptionAmountText({ ...sub, currency })
}

/**
 * One line: "Manual plan (set by an admin): Event Organiser — overrides billing", "From Stripe:
 * Teams, 3 seats, active, renews on November 28, 2027", or "Free".
 */
export function planSourceLine(state: { plan: Plan; manualPlan: Plan | null }, subs: readonly AdminSubscription[], now: Date) {
  if (state.manualPlan) return `Manual plan (set by an admin): ${PLAN_LABELS[state.manualPlan]} — overrides billing`
  const sub = decidingSubscription(null, subs, now)
  if (sub) return `From Stripe: ${PLAN_LABELS[sub.plan]}, ${seatsText(sub.seats)}, ${subscriptionStateText(sub)}`
  // Free, or a plan no stored subscription explains (the next sync or recheck corrects it).
  return state.plan === 'free'
    ? 'Free'
    : `${PLAN_LABELS[state.plan]} (no manual plan and no subscription gives it: sync from Stripe)`
}

/** How a session came to be unlocked, for the admin's session list. */
export function unlockText(session: { unlocked: boolean; adminUnlocked: boolean; paid: boolean }) {
  if (session.paid && session.adminUnlocked) return 'Unlocked (paid, and by an admin)'
  if (session.paid) return 'Unlocked (paid)'
  if (session.adminUnlocked) return 'Unlocked (by an admin)'
  return session.unlocked ? 'Unlocked' : 'Not unlocked'
}

/** Why the "Sync from Stripe" button is not there. */
export const SYNC_UNAVAILABLE = {
  notConfigured: 'Sync from Stripe is not available: payments are not set up on this server (no STRIPE_SECRET_KEY).',
  noCustomer: 'Sync from Stripe is not available: this workspace has no Stripe customer (it has never started a purchase).',
} as const
