import {
  decidingSubscription,
  MIN_SEATS,
  SEAT_MESSAGES,
  seatsAfterAdding,
  seatsAfterRemoval,
  seatsChangeable,
} from '~/lib/billing'
import { hasFreeSeat } from '~/lib/permissions'
import { isCurrency } from '~/lib/pricing'
import { recordAudit, type AuditActor } from '~/models/audit.server'
import { billingState, listSubscriptions, workspaceOfCustomer } from '~/models/billing.server'
import { seatUsage } from '~/models/invitations.server'
import { billingConfigured } from '~/platform/stripe.server'
import { BillingError, idOf, requireStripe, syncCustomer } from './billing.server'

// Seats of a Professional / Teams subscription (issue 22 Deliver 1; docs/billing.md "Settings →
// Billing and seats"): a member beyond the paid seats asks the owner to add one (prorated, charged
// now); a member removed or gone lowers the seats from the next renewal. What the workspace has is
// read from our tables; only the change itself goes to Stripe (changeSeats, which converges after).

/** The subscription whose seats this workspace pays for, when they can change; null otherwise. */
export async function seatSubscription(workspaceId: string, now = new Date()) {
  const [state, subs] = await Promise.all([billingState(workspaceId), listSubscriptions(workspaceId)])
  if (!state) return null
  const sub = decidingSubscription(state.manualPlan, subs, now)
  if (!sub || !seatsChangeable(sub) || !isCurrency(sub.currency)) return null
  return { ...sub, currency: sub.currency }
}
export type SeatSubscription = NonNullable<Awaited<ReturnType<typeof seatSubscription>>>

/** Members plus pending invitations, and the limit they count against (read fresh). */
async function usage(workspaceId: string) {
  const state = await billingState(workspaceId)
  if (!state) return null
  const seats = await seatUsage({ id: workspaceId, plan: state.plan, seats: state.seats })
  return { ...seats, inUse: seats.members + seats.pending, plan: state.plan, paidSeats: state.seats }
}

/** Why Stripe refused, in words the owner can act on (our own refusals carry theirs). */
function reasonOf(error: unknown) {
  if (error instanceof BillingError) return error.message
  return 'Stripe could not be reached or refused the change. Try again in a moment.'
}

async function applySeats(
  workspaceId: string,
  actor: AuditActor,
  sub: SeatSubscription,
  to: number,
  when: 'now' | 'renewal',
  reason: string,
) {
  await changeSeats(workspaceId, sub.id, to, when)
  await recordAudit({ workspaceId, actor, kind: 'seats.changed', subject: sub.id, data: { from: sub.seats, to, when, reason } })
}

export type AddSeatOutcome = { ok: true; added: number | null } | { ok: false; message: string; status: number }

/**
 * The owner adds one paid seat because the workspace is full (charged now, prorated). Nothing is
 * bought when a seat is free again by now; refused at the Teams limit or without a seat subscription.
 */
export async function addSeat(workspaceId: string, owner: AuditActor): Promise<AddSeatOutcome> {
  const seats = await usage(workspaceId)
  if (!seats) return { ok: false, message: 'This workspace no longer exists.', status: 404 }
  if (hasFreeSeat(seats.plan, seats.paidSeats, seats.inUse)) return { ok: true, added: null }
  const sub = billingConfigured() ? await seatSubscription(workspaceId) : null
  if (!sub)
    return { ok: false, message: SEAT_MESSAGES.addFailed('this workspace has no seat subscription to add to.'), status: 409 }
  const next = seatsAfterAdding(sub.seats)
  if (next === null) return { ok: false, message: SEAT_MESSAGES.atLimit, status: 409 }
  try {
    await applySeats(workspaceId, owner, sub, next, 'now', 'invitation')
  } catch (error) {
    if (!(error instanceof BillingError)) console.error('Adding a seat failed', error)
    return {
      ok: false,
      message: SEAT_MESSAGES.addFailed(reasonOf(error)),
      status: error instanceof BillingError ? error.status : 502,
    }
  }
  return { ok: true, added: next }
}

export type LowerOutcome = { outcome: 'none' } | { outcome: 'lowered'; seats: number } | { outcome: 'failed' }

/**
 * After a member was removed or left (their membership is gone, committed): one paid seat fewer from
 * the next renewal, when the seats left still hold everyone. A Stripe failure changes nothing of the
 * removal; the owner lowers the seats later in Settings → Billing (seatsToLowerTo offers it).
 */
export async function lowerSeatsAfterLeaving(workspaceId: string, actor: AuditActor, reason: string): Promise<LowerOutcome> {
  if (!billingConfigured()) return { outcome: 'none' }
  const [sub, seats] = await Promise.all([seatSubscription(workspaceId), usage(workspaceId)])
  if (!sub || !seats) return { outcome: 'none' }
  const next = seatsAfterRemoval(sub.seats, seats.inUse)
  if (next === null) return { outcome: 'none' }
  try {
    await applySeats(workspaceId, actor, sub, next, 'renewal', reason)
    return { outcome: 'lowered', seats: next }
  } catch (error) {
    console.error('Lowering the seats after a removal failed', error)
    return { outcome: 'failed' }
  }
}

/** The owner lowers the paid seats (Settings → Billing) from the next renewal, never below those in use. */
export async function lowerSeats(
  workspaceId: string,
  owner: AuditActor,
  to: number,
): Promise<{ ok: true } | { ok: false; message: string; status: number }> {
  const [sub, seats] = await Promise.all([seatSubscription(workspaceId), usage(workspaceId)])
  if (!sub || !seats) return { ok: false, message: 'This workspace has no seat subscription to change.', status: 409 }
  if (to >= sub.seats || to < Math.max(MIN_SEATS, seats.inUse))
    return {
      ok: false,
      message: `Choose between ${Math.max(MIN_SEATS, seats.inUse)} and ${sub.seats - 1} seats: ${seats.inUse} are in use (members and pending invitations).`,
      status: 400,
    }
  try {
    await applySeats(workspaceId, owner, sub, to, 'renewal', 'owner')
    return { ok: true }
  } catch (error) {
    if (!(error instanceof BillingError)) console.error('Lowering the seats failed', error)
    return {
      ok: false,
      message: `The seats could not be lowered: ${reasonOf(error)}`,
      status: error instanceof BillingError ? error.status : 502,
    }
  }
}

/**
 * Changes the paid seats of the workspace's subscription. Adding is charged now, prorated; removing
 * lowers the seats billed from the next renewal (no credit now). Converges afterwards.
 */
async function changeSeats(workspaceId: string, subscriptionId: string, seats: number, when: 'now' | 'renewal') {
  const stripe = requireStripe()
  const sub = await stripe.subscriptions.retrieve(subscriptionId)
  const item = sub.items.data[0]
  const customer = idOf(sub.customer)
  if (!item || !customer || (await workspaceOfCustomer(customer)) !== workspaceId)
    throw new BillingError('No subscription to change.', null, 404)
  await stripe.subscriptions.update(subscriptionId, {
    items: [{ id: item.id, quantity: seats }],
    proration_behavior: when === 'now' ? 'always_invoice' : 'none',
  })
  return syncCustomer(customer)
}
