import { LAUNCH_OFFER_CODE, LAUNCH_OFFER_PERCENT, STARTUP_PLAN, TEAM_MAX_USERS, UNLOCK_FEE } from './constants'
import { PLAN_LABELS, STARTUP_PROGRAMME_PLAN, type Plan } from './plans'
import { formatPrice, PRICES, type Currency } from './pricing'

// What can be bought and what a bought thing gives (issue 22, docs/billing.md). Pure rules: the
// billing service reads Stripe's objects into these shapes; pages read our tables through them.

/** The price catalogue, by Stripe lookup key. Amounts are spec 000 §9's, per currency, never converted. */
export const LOOKUP_KEYS = {
  unlock: 'lectern_session_unlock',
  solo: 'lectern_solo_monthly',
  seatMonthly: 'lectern_seat_monthly',
  seatYearly: 'lectern_seat_yearly',
  startup: 'lectern_startup_seat_yearly',
} as const
export type LookupKey = (typeof LOOKUP_KEYS)[keyof typeof LOOKUP_KEYS]

export type CatalogueEntry = {
  lookupKey: LookupKey
  product: 'unlock' | 'solo' | 'seat' | 'startup'
  productName: string
  interval: 'month' | 'year' | null
  /** Whole units per currency; a currency missing here cannot buy it. */
  amounts: Partial<Record<Currency, number>>
}

const perCurrency = (pick: (c: Currency) => number) =>
  Object.fromEntries((Object.keys(PRICES) as Currency[]).map((c) => [c, pick(c)])) as Record<Currency, number>

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    lookupKey: LOOKUP_KEYS.unlock,
    product: 'unlock',
    productName: 'Session unlock',
    interval: null,
    amounts: perCurrency(() => UNLOCK_FEE),
  },
  {
    lookupKey: LOOKUP_KEYS.solo,
    product: 'solo',
    productName: 'Lectern Solo',
    interval: 'month',
    amounts: perCurrency((c) => PRICES[c].monthlyPrice),
  },
  {
    lookupKey: LOOKUP_KEYS.seatMonthly,
    product: 'seat',
    productName: 'Lectern Professional / Teams (per seat)',
    interval: 'month',
    amounts: perCurrency((c) => PRICES[c].teamPrice),
  },
  {
    lookupKey: LOOKUP_KEYS.seatYearly,
    product: 'seat',
    productName: 'Lectern Professional / Teams (per seat)',
    interval: 'year',
    amounts: perCurrency((c) => PRICES[c].yearlyPrice),
  },
  {
    // The startup programme is quoted in USD only: 29 a seat a month, billed yearly.
    lookupKey: LOOKUP_KEYS.startup,
    product: 'startup',
    productName: 'Lectern startup programme (per seat)',
    interval: 'year',
    amounts: { USD: STARTUP_PLAN.seatPricePerMonth * 12 },
  },
]

export function catalogueEntry(lookupKey: string): CatalogueEntry | undefined {
  return CATALOGUE.find((e) => e.lookupKey === lookupKey)
}

/** Stripe amounts are in minor units; all three currencies have two decimals. */
export const toMinor = (amount: number) => Math.round(amount * 100)
export const fromMinor = (minor: number) => minor / 100

/** The buyer chooses 1 to 5 seats (the Teams limit). */
export const MIN_SEATS = 1
export const MAX_SEATS = TEAM_MAX_USERS

/** What a subscription's price and quantity give: a seat price with one seat is Professional, more is Teams. */
export function planForPrice(lookupKey: string, seats: number): Plan | null {
  switch (lookupKey) {
    case LOOKUP_KEYS.solo:
      return 'solo'
    case LOOKUP_KEYS.seatMonthly:
    case LOOKUP_KEYS.seatYearly:
      return seats > 1 ? 'teams' : 'pro'
    case LOOKUP_KEYS.startup:
      return STARTUP_PROGRAMME_PLAN
    default:
      return null
  }
}

/** Subscription states that keep the plan (past_due keeps it: the card is being retried). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const
const KEEPS_PLAN = new Set<string>(LIVE_SUBSCRIPTION_STATUSES)

/** A subscription that still renews or is being retried (not ended, not incomplete). */
export const isLiveSubscription = (status: string) => KEEPS_PLAN.has(status)

export type StoredSubscription = {
  status: string
  plan: Plan
  seats: number
  paidThrough: Date | null
  stripeCreatedAt: Date
}

/**
 * Does a subscription still give its plan? Live states do; a canceled or unpaid one does until the
 * end of the period that was paid for (nothing is taken before that); an incomplete one never did.
 */
export function entitles(sub: StoredSubscription, now: Date): boolean {
  if (KEEPS_PLAN.has(sub.status)) return true
  if (sub.status === 'incomplete') return false
  return sub.paidThrough !== null && sub.paidThrough > now
}

const PLAN_RANK: Record<Plan, number> = { free: 0, solo: 1, pro: 2, teams: 3, organiser: 4 }

/**
 * The plan and paid seats of a workspace, from a manual plan (wins: set by an admin) and its stored
 * subscriptions. The best entitling subscription decides; none → Free, seats null (the plan's own).
 */
export function effectiveBilling(
  manualPlan: Plan | null,
  subs: readonly StoredSubscription[],
  now: Date,
): { plan: Plan; seats: number | null; source: 'manual' | 'stripe' | 'none' } {
  if (manualPlan) return { plan: manualPlan, seats: null, source: 'manual' }
  const best = decidingSubscription(null, subs, now)
  if (!best) return { plan: 'free', seats: null, source: 'none' }
  return { plan: best.plan, seats: best.seats, source: 'stripe' }
}

/** The subscription that gives the workspace its plan and seats (none under a manual plan). */
export function decidingSubscription<S extends StoredSubscription>(
  manualPlan: Plan | null,
  subs: readonly S[],
  now: Date,
): S | null {
  if (manualPlan) return null
  return (
    subs
      .filter((s) => entitles(s, now))
      .sort((a, b) => PLAN_RANK[b.plan] - PLAN_RANK[a.plan] || b.stripeCreatedAt.getTime() - a.stripeCreatedAt.getTime())[0] ??
    null
  )
}

/** When the next change of entitlement is due without any event (a canceled plan's paid period ending). */
export function nextEntitlementChange(subs: readonly StoredSubscription[], now: Date): Date | null {
  const ends = subs
    .filter((s) => !KEEPS_PLAN.has(s.status) && s.paidThrough !== null && s.paidThrough > now)
    .map((s) => s.paidThrough!.getTime())
  return ends.length ? new Date(Math.min(...ends)) : null
}

/** The end of the last paid period: the current one when its invoice was paid, else its start. */
export function paidThrough(period: { start: Date; end: Date }, latestInvoicePaid: boolean): Date {
  return latestInvoicePaid ? period.end : period.start
}

export type UnlockStatus = 'pending' | 'paid' | 'failed' | 'refunded' | 'disputed'

/** A one-off unlock's state from its checkout and charge: only a paid, unrefunded, undisputed payment unlocks. */
export function unlockStatus(input: {
  paymentStatus: string
  intentStatus: string | null
  refunded: boolean
  disputed: boolean
  sessionStatus: string
}): UnlockStatus {
  if (input.disputed) return 'disputed'
  if (input.refunded) return 'refunded'
  if (input.paymentStatus === 'paid') return 'paid'
  if (input.intentStatus === 'requires_payment_method' || input.intentStatus === 'canceled' || input.sessionStatus === 'expired')
    return 'failed'
  return 'pending'
}

/** What can be put in the basket: a plan purchase as the checkout form posts it. */
export const PURCHASABLE_PLANS = ['solo', 'pro', 'startup'] as const
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number]
export const INTERVALS = ['monthly', 'annual'] as const
export type Interval = (typeof INTERVALS)[number]

export function lookupKeyFor(plan: PurchasablePlan, interval: Interval): LookupKey {
  if (plan === 'solo') return LOOKUP_KEYS.solo
  if (plan === 'startup') return LOOKUP_KEYS.startup
  return interval === 'annual' ? LOOKUP_KEYS.seatYearly : LOOKUP_KEYS.seatMonthly
}

/** Solo is one seat and monthly; the startup programme is 3 seats, yearly; Professional / Teams 1 to 5. */
export function seatsFor(plan: PurchasablePlan, requested: number): number {
  if (plan === 'solo') return 1
  if (plan === 'startup') return STARTUP_PLAN.seats
  return Math.min(MAX_SEATS, Math.max(MIN_SEATS, Math.trunc(requested) || MIN_SEATS))
}

export const PURCHASE_LABELS: Record<PurchasablePlan, string> = {
  solo: PLAN_LABELS.solo,
  pro: 'Professional / Teams',
  startup: 'Startup programme',
}

/** Is the launch code still valid at `now`? The promotion code in Stripe expires at the same instant. */
export function launchCodeOpen(deadline: Date, now: Date) {
  return now.getTime() <= deadline.getTime()
}

/** The launch code applies to annual Professional / Teams only. */
export function launchCodeApplies(plan: PurchasablePlan, interval: Interval) {
  return plan === 'pro' && interval === 'annual'
}

export const BILLING_MESSAGES = {
  notConfigured: 'Payments are not set up on this server yet. An administrator can set your plan by hand in the meantime.',
  launchCodeEnded: `The ${LAUNCH_OFFER_CODE} offer has ended.`,
  launchCodeWrongPlan: `The ${LAUNCH_OFFER_CODE} code gives ${LAUNCH_OFFER_PERCENT}% off annual Professional / Teams only.`,
  unknownCode: 'This code is not valid.',
  startupUsdOnly: 'The startup programme is billed in USD.',
  alreadyUnlocked: 'This session is already unlocked.',
  manualPlan: 'Your plan was set by an administrator; contact us to change it.',
  alreadySubscribed: 'This workspace already has a subscription: change it in Settings → Billing.',
  /** Deleting a workspace, or closing the account that owns it, while its subscription renews. */
  cancelFirst:
    'This workspace has a subscription that renews: cancel it first in Settings → Billing (Manage billing). It then ends with the period already paid for.',
} as const

/** A customer's currency is fixed at its first purchase. */
export function currencyLockedMessage(fixed: Currency) {
  return `This workspace pays in ${fixed}: its first purchase fixed the currency. Choose ${fixed} to continue.`
}

/** The price line of a checkout summary: "£39 a month", "€432 per seat a year × 3". */
export function priceLine(entry: CatalogueEntry, currency: Currency, seats: number) {
  const amount = entry.amounts[currency]
  if (amount === undefined) return null
  const each = formatPrice(amount, currency)
  if (entry.interval === null) return `${each} once`
  const per = entry.interval === 'year' ? 'a year' : 'a month'
  if (entry.product === 'solo') return `${each} ${per}`
  return `${each} per seat ${per} × ${seats} = ${formatPrice(amount * seats, currency)} ${per}`
}

// ── Seats and what Settings → Billing says (issue 22 Deliver 1, 5 and 8) ──────────────────────

/** Professional / Teams are bought per seat; Solo is one person and the startup programme three, fixed. */
const SEAT_PRICES: readonly string[] = [LOOKUP_KEYS.seatMonthly, LOOKUP_KEYS.seatYearly]

/** May this subscription's seats change? A live seat subscription (Stripe refuses changes to an ended one). */
export function seatsChangeable(sub: { status: string; lookupKey: string }) {
  return KEEPS_PLAN.has(sub.status) && SEAT_PRICES.includes(sub.lookupKey)
}

/** One more seat, up to the Teams limit; null at the limit. */
export function seatsAfterAdding(seats: number): number | null {
  return seats < MAX_SEATS ? seats + 1 : null
}

/**
 * A member removed or gone: one seat fewer from the next renewal, when the seats left still hold
 * everyone in use (members and pending invitations) and at least one stays; null otherwise.
 */
export function seatsAfterRemoval(seats: number, inUse: number): number | null {
  return seats > MIN_SEATS && seats - 1 >= inUse ? seats - 1 : null
}

/** The owner's offer in Settings → Billing: down to the seats in use (at least one); null when none is spare. */
export function seatsToLowerTo(seats: number, inUse: number): number | null {
  const target = Math.max(MIN_SEATS, inUse)
  return target < seats ? target : null
}

const seatCount = (n: number) => (n === 1 ? '1 seat' : `${n} seats`)
const perInterval = (interval: string) => (interval === 'year' ? 'a year' : 'a month')

/** "£39 per seat a month" (unit amounts are stored in minor units). */
export function seatPriceText(unitAmount: number, currency: Currency, interval: string) {
  return `${formatPrice(fromMinor(unitAmount), currency)} per seat ${perInterval(interval)}`
}

/** What a subscription costs per period: "£78 a month (£39 per seat × 2)", before tax and discounts. */
export function subscriptionAmountText(sub: {
  unitAmount: number
  seats: number
  currency: Currency
  interval: string
  lookupKey: string
}) {
  const total = `${formatPrice(fromMinor(sub.unitAmount * sub.seats), sub.currency)} ${perInterval(sub.interval)}`
  if (!SEAT_PRICES.includes(sub.lookupKey) && sub.lookupKey !== LOOKUP_KEYS.startup) return total
  return `${total} (${formatPrice(fromMinor(sub.unitAmount), sub.currency)} per seat × ${sub.seats})`
}

/** A subscription's payment state in words; `freeFrom` is the formatted end of its paid period. */
export function paymentStateText(status: string, freeFrom: string | null) {
  switch (status) {
    case 'active':
      return 'Active: paid up'
    case 'trialing':
      return 'Trial'
    case 'past_due':
      return 'Payment failed — we are retrying your card; update it in the billing portal'
    case 'canceled':
      return freeFrom ? `Canceled: Free limits from ${freeFrom}` : 'Canceled'
    case 'unpaid':
      return freeFrom
        ? `Unpaid: every retry of the card failed; Free limits from ${freeFrom}`
        : 'Unpaid: every retry of the card failed'
    case 'incomplete':
      return 'Incomplete: the first payment has not gone through'
    case 'incomplete_expired':
      return 'Expired: the first payment never went through'
    case 'paused':
      return 'Paused'
    default:
      return status
  }
}

/** The next renewal, or the end when it was canceled at the period's end; null once it no longer renews. */
export function renewalText(status: string, periodEnd: string, cancelAtPeriodEnd: boolean) {
  if (!KEEPS_PLAN.has(status)) return null
  return cancelAtPeriodEnd ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`
}

export const UNLOCK_STATE_LABELS: Record<UnlockStatus, string> = {
  paid: 'Paid',
  pending: 'Processing',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
}

export const SEAT_MESSAGES = {
  askOwner: 'Ask the owner to add a seat.',
  /** The team page's offer when every paid seat is taken (owner only). */
  addSeat: (price: string) => `Add a seat (prorated): ${price}. The rest of the current period is charged now.`,
  addSeatButton: 'Add a seat (prorated) and send invitation',
  lowerButton: (seats: number) => `Lower to ${seatCount(seats)} from the next renewal`,
  lowered: (seats: number) => `Paid seats go down to ${seats} from the next renewal.`,
  lowerFailed: 'The paid seats could not be lowered just now; they will be corrected when you lower them in Settings → Billing.',
  added: (seats: number) => `A seat was added (${seatCount(seats)} now), prorated for the rest of this period.`,
  addFailed: (reason: string) => `The seat could not be added: ${reason}`,
  addedNotInvited: (reason: string) => `A seat was added, but the invitation was not sent: ${reason}`,
  atLimit: `Professional / Teams has at most ${MAX_SEATS} seats.`,
} as const

export const PAST_DUE_BANNER = {
  before: 'Your last payment failed. Your plan stays while we retry the card — update it in ',
  link: 'Settings → Billing',
  after: '.',
} as const
