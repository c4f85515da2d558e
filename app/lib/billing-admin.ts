import { entitles, fromMinor, type StoredSubscription } from './billing'
import { PLAN_LABELS, type Plan } from './plans'
import { formatPrice, isCurrency } from './pricing'
import { formatUsLongDate } from './text'

// What the site admin's account page says about a workspace's billing (issue 22 Deliver 8): where
// its plan comes from — a manual plan an admin set, a Stripe subscription, or neither — in words.

export type AdminSubscription = StoredSubscription & {
  id: string
  interval: string
  currency: string
  unitAmount: number
  currentPeriodEnd: Date
  cancelAtPeriodEnd: boolean
}

const seatsText = (n: number) => (n === 1 ? '1 seat' : `${n} seats`)

/** "renews November 28, 2027", "ends …" (cancelled at period end), "paid through …" (canceled or unpaid). */
export function renewalText(sub: Pick<AdminSubscription, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'paidThrough'>) {
  if (sub.status === 'canceled' || sub.status === 'unpaid' || sub.status === 'incomplete_expired') {
    return sub.paidThrough ? `paid through ${formatUsLongDate(sub.paidThrough)}` : 'not paid'
  }
  if (sub.status === 'incomplete') return 'first payment not made'
  return `${sub.cancelAtPeriodEnd ? 'ends' : 'renews'} ${formatUsLongDate(sub.currentPeriodEnd)}`
}

/** A stored amount (minor units) in its currency: "$348", "£49". */
export function moneyText(minor: number, currency: string) {
  const amount = fromMinor(minor)
  return isCurrency(currency) ? formatPrice(amount, currency) : `${amount} ${currency}`
}

/** "$348 per seat a year": one subscription's price. */
export function subscriptionAmount(sub: Pick<AdminSubscription, 'unitAmount' | 'currency' | 'interval'>) {
  return `${moneyText(sub.unitAmount, sub.currency)} per seat ${sub.interval === 'year' ? 'a year' : 'a month'}`
}

/** The subscription that gives the workspace its plan now: an entitling one of that plan, newest first. */
export function decidingSubscription<S extends AdminSubscription>(plan: Plan, subs: readonly S[], now: Date): S | null {
  return (
    subs
      .filter((s) => s.plan === plan && entitles(s, now))
      .sort((a, b) => b.stripeCreatedAt.getTime() - a.stripeCreatedAt.getTime())[0] ?? null
  )
}

/**
 * One line: "Manual plan (set by an admin): Event Organiser — overrides billing", "From Stripe:
 * Teams, 3 seats, active, renews November 28, 2027", or "Free".
 */
export function planSourceLine(state: { plan: Plan; manualPlan: Plan | null }, subs: readonly AdminSubscription[], now: Date) {
  if (state.manualPlan) return `Manual plan (set by an admin): ${PLAN_LABELS[state.manualPlan]} — overrides billing`
  const sub = decidingSubscription(state.plan, subs, now)
  if (sub) return `From Stripe: ${PLAN_LABELS[sub.plan]}, ${seatsText(sub.seats)}, ${sub.status}, ${renewalText(sub)}`
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
