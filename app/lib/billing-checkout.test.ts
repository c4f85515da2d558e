import { describe, expect, it } from 'vitest'
import {
  canUnlock,
  checkoutHref,
  checkoutInput,
  checkoutPathFor,
  ownerOnlyText,
  seatPlanLabel,
  tooManyCheckoutsText,
} from './billing-checkout'
import { CheckoutSchema } from './billing-checkout-schema'

describe('checkoutHref: the pricing pages link straight to checkout', () => {
  it('carries plan, interval and currency', () => {
    expect(checkoutHref({ plan: 'pro', interval: 'annual', currency: 'GBP' })).toBe(
      '/billing/checkout?plan=pro&interval=annual&currency=GBP',
    )
  })
  it('Solo is monthly only', () => {
    expect(checkoutHref({ plan: 'solo', interval: 'annual', currency: 'EUR' })).toBe(
      '/billing/checkout?plan=solo&interval=monthly&currency=EUR',
    )
  })
})

describe('CheckoutSchema', () => {
  const parse = (fields: Record<string, string>) => CheckoutSchema.safeParse(checkoutInput(fields))
  it('reads a plan link', () => {
    expect(parse({ plan: 'pro', interval: 'annual', currency: 'USD', seats: '3' })).toMatchObject({
      success: true,
      data: { kind: 'plan', plan: 'pro', interval: 'annual', currency: 'USD', seats: 3 },
    })
  })
  it('defaults to monthly, one seat, no code', () => {
    expect(parse({ plan: 'solo' })).toMatchObject({
      success: true,
      data: { interval: 'monthly', seats: 1 },
    })
  })
  it('refuses the startup programme (its own offer), seats outside 1–5 and unknown currencies', () => {
    expect(parse({ plan: 'startup' }).success).toBe(false)
    for (const seats of ['0', '6', '2.5', 'many']) expect(parse({ plan: 'pro', seats }).success).toBe(false)
    expect(parse({ plan: 'pro', currency: 'JPY' }).success).toBe(false)
  })
  it('reads an unlock of a session by id', () => {
    const id = '0b6a3f0e-8a57-4a57-9d57-6a0a3c1d2e4f'
    expect(parse({ kind: 'unlock', sessionId: id })).toMatchObject({ success: true, data: { kind: 'unlock', sessionId: id } })
    expect(parse({ kind: 'unlock', sessionId: 'nope' }).success).toBe(false)
  })
  it('trims the promotion code', () => {
    expect(parse({ plan: 'pro', promotionCode: '  ProductHunt ' })).toMatchObject({ data: { promotionCode: 'ProductHunt' } })
  })
})

describe('checkoutPathFor: where a signed-out buyer comes back to', () => {
  it('keeps only the checkout fields', () => {
    expect(checkoutPathFor({ plan: 'pro', interval: 'annual', currency: 'GBP', evil: 'x' })).toBe(
      '/billing/checkout?plan=pro&interval=annual&currency=GBP',
    )
  })
})

describe('canUnlock', () => {
  it('Free and Solo sessions have something to unlock until they are unlocked', () => {
    expect(canUnlock('free', false)).toBe(true)
    expect(canUnlock('solo', false)).toBe(true)
    expect(canUnlock('free', true)).toBe(false)
  })
  it('Professional, Teams and Event Organiser show everything already', () => {
    for (const plan of ['pro', 'teams', 'organiser'] as const) expect(canUnlock(plan, false)).toBe(false)
  })
})

describe('texts', () => {
  it('names the owner to a member who may not buy', () => {
    expect(ownerOnlyText('ada@example.com', 'unlock')).toBe(
      "Only the workspace's owner, ada@example.com, can unlock this session. Ask them to unlock it.",
    )
  })
  it('names the plan a seat count gives', () => {
    expect(seatPlanLabel(1)).toBe('Professional (1 seat)')
    expect(seatPlanLabel(3)).toBe('Teams (3 seats)')
  })
  it('rounds the wait up to whole minutes', () => {
    expect(tooManyCheckoutsText(61_000)).toMatch(/2 minutes\.$/)
    expect(tooManyCheckoutsText(1)).toMatch(/1 minute\.$/)
  })
})
