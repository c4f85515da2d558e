import { describe, expect, it } from 'vitest'
import {
  moneyText,
  planSourceLine,
  subscriptionAmount,
  subscriptionStateText,
  unlockText,
  type AdminSubscription,
} from './billing-admin'

const now = new Date('2026-11-28T00:00:00Z')
const sub = (over: Partial<AdminSubscription> = {}): AdminSubscription => ({
  id: 'sub_1',
  status: 'active',
  plan: 'teams',
  seats: 3,
  lookupKey: 'lectern_seat_yearly',
  interval: 'year',
  currency: 'USD',
  unitAmount: 34_800,
  currentPeriodEnd: new Date('2027-11-28T00:00:00Z'),
  cancelAtPeriodEnd: false,
  paidThrough: new Date('2027-11-28T00:00:00Z'),
  stripeCreatedAt: new Date('2026-11-28T00:00:00Z'),
  ...over,
})

describe('planSourceLine', () => {
  it('names a manual plan as set by an admin, over any subscription', () => {
    expect(planSourceLine({ plan: 'organiser', manualPlan: 'organiser' }, [sub()], now)).toBe(
      'Manual plan (set by an admin): Event Organiser — overrides billing',
    )
  })

  it('describes the subscription that gives the plan', () => {
    expect(planSourceLine({ plan: 'teams', manualPlan: null }, [sub()], now)).toBe(
      'From Stripe: Teams, 3 seats, active, renews on November 28, 2027',
    )
    expect(
      planSourceLine({ plan: 'pro', manualPlan: null }, [sub({ plan: 'pro', seats: 1, cancelAtPeriodEnd: true })], now),
    ).toBe('From Stripe: Professional, 1 seat, active, ends on November 28, 2027')
    const canceled = sub({ status: 'canceled', paidThrough: new Date('2026-12-01T00:00:00Z') })
    expect(planSourceLine({ plan: 'teams', manualPlan: null }, [canceled], now)).toBe(
      'From Stripe: Teams, 3 seats, canceled: Free limits from December 1, 2026',
    )
  })

  it('is Free without a manual plan or an entitling subscription', () => {
    expect(planSourceLine({ plan: 'free', manualPlan: null }, [], now)).toBe('Free')
    const ended = sub({ status: 'canceled', paidThrough: new Date('2026-11-01T00:00:00Z') })
    expect(planSourceLine({ plan: 'free', manualPlan: null }, [ended], now)).toBe('Free')
  })

  it('says when nothing stored explains a paid plan', () => {
    expect(planSourceLine({ plan: 'solo', manualPlan: null }, [], now)).toBe(
      'Solo (no manual plan and no subscription gives it: sync from Stripe)',
    )
  })
})

describe('subscriptionStateText and subscriptionAmount', () => {
  it('reads the state and the stored minor-unit price in Settings → Billing’s words', () => {
    expect(subscriptionStateText(sub({ status: 'incomplete' }))).toBe('incomplete: the first payment has not gone through')
    expect(subscriptionStateText(sub({ status: 'unpaid', paidThrough: null }))).toBe('unpaid: every retry of the card failed')
    expect(subscriptionStateText(sub({ status: 'past_due' }))).toBe('past_due, renews on November 28, 2027')
    expect(subscriptionAmount(sub())).toBe('$1,044 a year ($348 per seat × 3)')
    expect(subscriptionAmount(sub({ currency: 'JPY', seats: 1, unitAmount: 1000, interval: 'month' }))).toBe('10 JPY per month')
    expect(moneyText(4900, 'EUR')).toBe('€49')
    expect(moneyText(1234, 'JPY')).toBe('12.34 JPY')
    expect(subscriptionAmount(sub({ currency: 'GBP', seats: 2, unitAmount: 3900, interval: 'month' }))).toBe(
      '£78 a month (£39 per seat × 2)',
    )
  })
})

describe('unlockText', () => {
  it('says whether a purchase, an admin or both unlocked a session', () => {
    expect(unlockText({ unlocked: true, adminUnlocked: false, paid: true })).toBe('Unlocked (paid)')
    expect(unlockText({ unlocked: true, adminUnlocked: true, paid: false })).toBe('Unlocked (by an admin)')
    expect(unlockText({ unlocked: true, adminUnlocked: true, paid: true })).toBe('Unlocked (paid, and by an admin)')
    expect(unlockText({ unlocked: false, adminUnlocked: false, paid: false })).toBe('Not unlocked')
  })
})
