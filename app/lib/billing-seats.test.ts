import { describe, expect, it } from 'vitest'
import {
  decidingSubscription,
  effectiveBilling,
  LOOKUP_KEYS,
  MAX_SEATS,
  paymentStateText,
  renewalText,
  SEAT_MESSAGES,
  seatPriceText,
  seatsAfterAdding,
  seatsAfterRemoval,
  seatsChangeable,
  seatsToLowerTo,
  subscriptionAmountText,
  type StoredSubscription,
} from './billing'

// Seats (issue 22 Deliver 1: "adding a member beyond the paid seats asks to add a seat (prorated),
// removing one lowers the seats at the next renewal") and the words of Settings → Billing (Deliver 8).

const now = new Date('2026-11-28T00:00:00Z')
const later = new Date('2026-12-28T00:00:00Z')
const earlier = new Date('2026-10-28T00:00:00Z')
const sub = (over: Partial<StoredSubscription & { id: string }>) => ({
  id: 'sub_1',
  status: 'active',
  plan: 'pro' as const,
  seats: 1,
  paidThrough: later,
  stripeCreatedAt: earlier,
  ...over,
})

describe('the deciding subscription', () => {
  it('is the one effectiveBilling takes its plan and seats from', () => {
    const subs = [
      sub({ id: 'solo', plan: 'solo' }),
      sub({ id: 'teams', plan: 'teams', seats: 3 }),
      sub({ id: 'old', status: 'canceled', paidThrough: earlier }),
    ]
    expect(decidingSubscription(null, subs, now)?.id).toBe('teams')
    expect(effectiveBilling(null, subs, now).seats).toBe(decidingSubscription(null, subs, now)?.seats)
  })

  it('is none under a manual plan or when nothing entitles', () => {
    expect(decidingSubscription('organiser', [sub({})], now)).toBeNull()
    expect(decidingSubscription(null, [sub({ status: 'incomplete' })], now)).toBeNull()
  })
})

describe('seats', () => {
  it.each([
    [{ status: 'active', lookupKey: LOOKUP_KEYS.seatMonthly }, true],
    [{ status: 'past_due', lookupKey: LOOKUP_KEYS.seatYearly }, true],
    [{ status: 'trialing', lookupKey: LOOKUP_KEYS.seatYearly }, true],
    [{ status: 'canceled', lookupKey: LOOKUP_KEYS.seatMonthly }, false],
    [{ status: 'active', lookupKey: LOOKUP_KEYS.solo }, false],
    [{ status: 'active', lookupKey: LOOKUP_KEYS.startup }, false],
  ])('%o may change seats: %s', (s, expected) => {
    expect(seatsChangeable(s)).toBe(expected)
  })

  it('adds one seat up to the Teams limit of 5', () => {
    expect(MAX_SEATS).toBe(5)
    expect([1, 2, 4, 5].map(seatsAfterAdding)).toEqual([2, 3, 5, null])
  })

  it('a removal lowers by one while everyone in use still fits, never below one', () => {
    // [paid seats, in use after the removal] → seats from the next renewal
    expect(seatsAfterRemoval(3, 2)).toBe(2)
    expect(seatsAfterRemoval(5, 1)).toBe(4)
    expect(seatsAfterRemoval(2, 2)).toBeNull()
    expect(seatsAfterRemoval(1, 0)).toBeNull()
    expect(seatsAfterRemoval(2, 1)).toBe(1)
  })

  it("the owner's offer lowers to the seats in use, at least one", () => {
    expect(seatsToLowerTo(5, 2)).toBe(2)
    expect(seatsToLowerTo(3, 0)).toBe(1)
    expect(seatsToLowerTo(2, 2)).toBeNull()
    expect(seatsToLowerTo(1, 1)).toBeNull()
    expect(SEAT_MESSAGES.lowerButton(2)).toBe('Lower to 2 seats from the next renewal')
    expect(SEAT_MESSAGES.lowerButton(1)).toBe('Lower to 1 seat from the next renewal')
  })
})

describe('what Settings → Billing says', () => {
  it('prices per seat and per period, in the subscription currency', () => {
    expect(seatPriceText(3900, 'GBP', 'month')).toBe('£39 per seat a month')
    expect(seatPriceText(43200, 'EUR', 'year')).toBe('€432 per seat a year')
    expect(
      subscriptionAmountText({
        unitAmount: 3900,
        seats: 2,
        currency: 'GBP',
        interval: 'month',
        lookupKey: LOOKUP_KEYS.seatMonthly,
      }),
    ).toBe('£78 a month (£39 per seat × 2)')
    expect(
      subscriptionAmountText({ unitAmount: 4900, seats: 1, currency: 'USD', interval: 'month', lookupKey: LOOKUP_KEYS.solo }),
    ).toBe('$49 a month')
    expect(
      subscriptionAmountText({ unitAmount: 34800, seats: 3, currency: 'USD', interval: 'year', lookupKey: LOOKUP_KEYS.startup }),
    ).toBe('$1,044 a year ($348 per seat × 3)')
  })

  it('says the payment state in words', () => {
    expect(paymentStateText('active', null)).toBe('Active: paid up')
    expect(paymentStateText('past_due', null)).toBe('Payment failed — we are retrying your card; update it in the billing portal')
    expect(paymentStateText('canceled', 'December 28, 2026')).toBe('Canceled: Free limits from December 28, 2026')
    expect(paymentStateText('unpaid', 'December 28, 2026')).toContain('Free limits from December 28, 2026')
    expect(paymentStateText('incomplete', null)).toBe('Incomplete: the first payment has not gone through')
  })

  it('renews, ends at the period end, or neither once ended', () => {
    expect(renewalText('active', 'December 28, 2026', false)).toBe('Renews on December 28, 2026')
    expect(renewalText('active', 'December 28, 2026', true)).toBe('Ends on December 28, 2026')
    expect(renewalText('past_due', 'December 28, 2026', false)).toBe('Renews on December 28, 2026')
    expect(renewalText('canceled', 'December 28, 2026', false)).toBeNull()
  })
})
