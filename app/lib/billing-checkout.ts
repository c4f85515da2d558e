import type { Interval } from './billing'
import { hasLeadAnalytics, PLAN_LABELS, visibleLeadLimit, type Plan } from './plans'
import type { Currency } from './pricing'

// What the buy buttons and /billing/checkout ask for (issue 22 Deliver 1, 7, 9; docs/billing.md →
// Buying). Pure: the pricing pages build their links with `checkoutHref`, the checkout route parses
// the same fields with `CheckoutSchema` (billing-checkout-schema.ts), and the lock places decide with `canUnlock`.

export const CHECKOUT_PATH = '/billing/checkout'
export const RETURN_PATH = '/billing/return'

/** The plans a visitor can buy from the pricing pages (the startup programme has its own offer). */
export const CHECKOUT_PLANS = ['solo', 'pro'] as const
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number]

/** The link every plan button points at: signed out, the checkout route sends the visitor to sign up and back. */
export function checkoutHref(input: { plan: CheckoutPlan; interval: Interval; currency: Currency }) {
  const params = new URLSearchParams({
    plan: input.plan,
    interval: input.plan === 'solo' ? 'monthly' : input.interval,
    currency: input.currency,
  })
  return `${CHECKOUT_PATH}?${params}`
}

/** The checkout of one session's unlock (the lock places' forms post these fields). */
export function unlockCheckoutQuery(sessionId: string) {
  return new URLSearchParams({ kind: 'unlock', sessionId }).toString()
}

/** The fields as a record the schema reads: `plan=…` alone means a plan purchase. */
export function checkoutInput(fields: Record<string, string>) {
  const kind = fields.kind === 'unlock' ? 'unlock' : fields.plan !== undefined ? 'plan' : fields.kind
  return { ...fields, kind }
}

/** The GET address of a checkout (where a signed-out buyer comes back to after signing up). */
export function checkoutPathFor(fields: Record<string, string>) {
  const keep = ['kind', 'sessionId', 'plan', 'interval', 'currency', 'seats', 'promotionCode', 'workspace']
  const params = new URLSearchParams()
  for (const key of keep) if (fields[key]) params.set(key, fields[key]!)
  const query = params.toString()
  return query ? `${CHECKOUT_PATH}?${query}` : CHECKOUT_PATH
}

/** What a lock place offers the person looking at it (the loaders compute it; UnlockButton shows it). */
export type UnlockOffer =
  /** The buy button: a POST to /billing/checkout in this currency. */
  | { kind: 'buy'; price: string; currency: Currency }
  /** A member who may not buy: who can. */
  | { kind: 'ask-owner'; price: string; text: string }
  /** No Stripe on this server. */
  | { kind: 'not-configured'; price: string; text: string }

/** Is there anything to unlock in a session on this plan? (Free hides leads; Solo hides analytics.) */
export function canUnlock(plan: Plan, sessionUnlocked: boolean) {
  return !sessionUnlocked && (visibleLeadLimit(plan, false) !== null || !hasLeadAnalytics(plan, false))
}

/** Professional with one seat, Teams with more (planForPrice's rule, named for the summary). */
export function seatPlanLabel(seats: number) {
  return `${PLAN_LABELS[seats > 1 ? 'teams' : 'pro']} (${seats === 1 ? '1 seat' : `${seats} seats`})`
}

/** Per-checkout limit per workspace: enough for anyone changing their mind, not for thousands of Stripe sessions. */
export const CHECKOUTS_PER_WORKSPACE = 20
export const CHECKOUT_WINDOW_MS = 60 * 60 * 1000

export const CHECKOUT_TEXT = {
  nothingToUnlock: 'Your plan already shows every lead and the analytics of this session: there is nothing to unlock.',
  sessionNotFound: 'This session does not exist in this workspace.',
  seatFacts:
    'Seats are the people in your workspace. Adding a member beyond your paid seats later adds a seat, charged now for the rest of the period (prorated); removing one lowers your seats from the next renewal.',
  stripeDown: 'Stripe could not be reached, so nothing was charged. Try again in a moment.',
  pending:
    'Your payment is processing. The session unlocks as soon as it succeeds; nothing is unlocked until then. You can close this page: the payment continues without it.',
  planPending: 'Your payment is processing. The plan starts as soon as it succeeds; nothing changes until then.',
  failed: 'The payment did not go through, so nothing was charged and the session stays locked.',
  refunded: 'This payment was refunded or disputed, so the session is locked again. Its leads are kept.',
  returnStripeError:
    'Your payment is safe. We could not confirm it with Stripe just now; it will show here as soon as Stripe confirms it, usually within a minute.',
} as const

/** A member who may not buy learns who can. */
export function ownerOnlyText(owner: string | null, what: 'buy' | 'unlock') {
  const who = owner ? `the workspace's owner, ${owner},` : "the workspace's owner"
  return what === 'unlock'
    ? `Only ${who} can unlock this session. Ask them to unlock it.`
    : `Only ${who} can buy a plan for this workspace. Ask them to choose the plan.`
}

export function tooManyCheckoutsText(retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  return `Too many checkouts were started for this workspace. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`
}

export function unlockedToast(eventName: string) {
  return `Payment received: ${eventName} is unlocked. All its leads and analytics are yours.`
}

export function planToast(plan: Plan) {
  return `Payment received: your workspace is on the ${PLAN_LABELS[plan]} plan now.`
}
