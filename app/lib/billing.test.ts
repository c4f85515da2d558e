import { describe, expect, it } from 'vitest'
import {
  CATALOGUE,
  catalogueEntry,
  currencyLockedMessage,
  effectiveBilling,
  entitles,
  launchCodeApplies,
  launchCodeOpen,
  LOOKUP_KEYS,
  lookupKeyFor,
  nextEntitlementChange,
  paidThrough,
  planForPrice,
  priceLine,
  seatsFor,
  toMinor,
  unlockStatus,
  type StoredSubscription,
} from './billing'

const now = new Date('2026-11-28T00:00:00Z')
const later = new Date('2026-12-28T00:00:00Z')
const earlier = new Date('2026-10-28T00:00:00Z')
const sub = (over: Partial<StoredSubscription>): StoredSubscription => ({
  status: 'active',
  plan: 'pro',
  seats: 1,
  paidThrough: later,
  stripeCreatedAt: earlier,
  ...over,
})

describe('the catalogue (spec 000 §9: per currency, never converted)', () => {
  it.each([
    [LOOKUP_KEYS.unlock, { USD: 49, GBP: 49, EUR: 49 }],
    [LOOKUP_KEYS.solo, { USD: 49, GBP: 39, EUR: 45 }],
    [LOOKUP_KEYS.seatMonthly, { USD: 49, GBP: 39, EUR: 45 }],
    [LOOKUP_KEYS.seatYearly, { USD: 468, GBP: 372, EUR: 432 }],
    [LOOKUP_KEYS.startup, { USD: 348 }],
  ])('%s costs %o', (key, amounts) => {
    expect(catalogueEntry(key)?.amounts).toEqual(amounts)
  })

  it('has one entry per lookup key, and the startup programme is 3 seats for $1,044 a year', () => {
    expect(new Set(CATALOGUE.map((e) => e.lookupKey)).size).toBe(CATALOGUE.length)
    expect(catalogueEntry(LOOKUP_KEYS.startup)!.amounts.USD! * seatsFor('startup', 1)).toBe(1_044)
    expect(toMinor(1_044)).toBe(104_400)
  })

  it('says what the buyer pays', () => {
    expect(priceLine(catalogueEntry(LOOKUP_KEYS.seatYearly)!, 'GBP', 3)).toBe('£372 per seat a year × 3 = £1,116 a year')
    expect(priceLine(catalogueEntry(LOOKUP_KEYS.solo)!, 'EUR', 1)).toBe('€45 a month')
    expect(priceLine(catalogueEntry(LOOKUP_KEYS.unlock)!, 'USD', 1)).toBe('$49 once')
    expect(priceLine(catalogueEntry(LOOKUP_KEYS.startup)!, 'GBP', 3)).toBeNull()
  })
})

describe('what a bought price gives', () => {
  it('maps lookup keys and seats to plans', () => {
    expect(planForPrice(LOOKUP_KEYS.solo, 1)).toBe('solo')
    expect(planForPrice(LOOKUP_KEYS.seatMonthly, 1)).toBe('pro')
    expect(planForPrice(LOOKUP_KEYS.seatYearly, 3)).toBe('teams')
    expect(planForPrice(LOOKUP_KEYS.startup, 3)).toBe('teams')
    expect(planForPrice('someone_elses_price', 1)).toBeNull()
  })

  it('chooses the price and the seats of a purchase (1 to 5; Solo one; startup three)', () => {
    expect(lookupKeyFor('pro', 'annual')).toBe(LOOKUP_KEYS.seatYearly)
    expect(lookupKeyFor('pro', 'monthly')).toBe(LOOKUP_KEYS.seatMonthly)
    expect(lookupKeyFor('solo', 'annual')).toBe(LOOKUP_KEYS.solo)
    expect([0, 1, 4, 5, 6, 2.7].map((n) => seatsFor('pro', n))).toEqual([1, 1, 4, 5, 5, 2])
    expect(seatsFor('solo', 4)).toBe(1)
    expect(seatsFor('startup', 1)).toBe(3)
  })
})

describe('entitlements (Ghost: past_due keeps access; canceled only at the end of the paid period)', () => {
  it.each([
    ['active', later, true],
    ['trialing', null, true],
    ['past_due', earlier, true],
    ['incomplete', later, false],
    ['canceled', later, true],
    ['canceled', earlier, false],
    ['unpaid', now, false],
    ['unpaid', later, true],
    ['incomplete_expired', null, false],
  ] as const)('%s paid through %s entitles: %s', (status, through, expected) => {
    expect(entitles(sub({ status, paidThrough: through }), now)).toBe(expected)
  })

  it('a manual plan wins; else the best entitling subscription; else Free', () => {
    const subs = [
      sub({ plan: 'solo' }),
      sub({ plan: 'teams', seats: 3 }),
      sub({ plan: 'organiser', status: 'canceled', paidThrough: earlier }),
    ]
    expect(effectiveBilling('organiser', subs, now)).toEqual({ plan: 'organiser', seats: null, source: 'manual' })
    expect(effectiveBilling(null, subs, now)).toEqual({ plan: 'teams', seats: 3, source: 'stripe' })
    expect(effectiveBilling(null, [sub({ status: 'canceled', paidThrough: earlier })], now)).toEqual({
      plan: 'free',
      seats: null,
      source: 'none',
    })
  })

  it('the order the rows come in does not matter', () => {
    const a = sub({ plan: 'pro', seats: 1, stripeCreatedAt: earlier })
    const b = sub({ plan: 'pro', seats: 2, stripeCreatedAt: now })
    expect(effectiveBilling(null, [a, b], now)).toEqual(effectiveBilling(null, [b, a], now))
  })

  it('schedules a recheck when a canceled plan ends later, not for live ones', () => {
    expect(nextEntitlementChange([sub({ status: 'canceled', paidThrough: later }), sub({})], now)).toEqual(later)
    expect(nextEntitlementChange([sub({})], now)).toBeNull()
  })

  it('an unpaid period is not paid for', () => {
    expect(paidThrough({ start: now, end: later }, true)).toEqual(later)
    expect(paidThrough({ start: now, end: later }, false)).toEqual(now)
  })
})

describe('unlock state: only a paid, unrefunded, undisputed payment unlocks', () => {
  const base = { paymentStatus: 'paid', intentStatus: 'succeeded', refunded: false, disputed: false, sessionStatus: 'complete' }
  it.each([
    [base, 'paid'],
    [{ ...base, paymentStatus: 'unpaid', intentStatus: 'processing' }, 'pending'],
    [{ ...base, paymentStatus: 'unpaid', intentStatus: 'requires_payment_method' }, 'failed'],
    [{ ...base, paymentStatus: 'unpaid', intentStatus: null, sessionStatus: 'expired' }, 'failed'],
    [{ ...base, refunded: true }, 'refunded'],
    [{ ...base, disputed: true }, 'disputed'],
  ] as const)('%o → %s', (input, expected) => {
    expect(unlockStatus(input)).toBe(expected)
  })
})

describe('the launch code', () => {
  const deadline = new Date('2025-06-06T23:59:59Z')
  it('is open until the deadline, for annual Professional / Teams only', () => {
    expect(launchCodeOpen(deadline, new Date('2025-06-06T23:59:59Z'))).toBe(true)
    expect(launchCodeOpen(deadline, new Date('2025-06-07T00:00:00Z'))).toBe(false)
    expect(launchCodeApplies('pro', 'annual')).toBe(true)
    expect(launchCodeApplies('pro', 'monthly')).toBe(false)
    expect(launchCodeApplies('solo', 'annual')).toBe(false)
  })
})

it('names the fixed currency when another is chosen', () => {
  expect(currencyLockedMessage('GBP')).toContain('GBP')
})
