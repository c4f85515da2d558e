import { describe, expect, it } from 'vitest'
import { formatMoney, moneyInputValue, parseMoney } from './money'

describe('parseMoney', () => {
  it.each([
    ['', 'USD', null],
    ['  ', 'EUR', null],
    ['1500', 'USD', 150000],
    ['1,500', 'USD', 150000],
    ['1 500.5', 'EUR', 150050],
    ['0.99', 'GBP', 99],
    ['1500', 'JPY', 1500],
  ] as const)('%j in %s is %j', (raw, currency, cents) => {
    expect(parseMoney(raw, currency)).toEqual({ ok: true, cents })
  })

  it.each([
    ['-5', 'USD'],
    ['12.345', 'USD'],
    ['abc', 'USD'],
    ['1e5', 'USD'],
    ['10.5', 'JPY'],
    ['99999999999', 'USD'],
  ] as const)('refuses %j in %s', (raw, currency) => {
    expect(parseMoney(raw, currency).ok).toBe(false)
  })
})

describe('formatMoney and moneyInputValue', () => {
  it.each([
    [150000, 'USD', '$1,500', '1500'],
    [150050, 'EUR', '€1,500.50', '1500.50'],
    [5, 'GBP', '£0.05', '0.05'],
    [1500, 'JPY', '¥1,500', '1500'],
  ] as const)('%d %s', (cents, currency, shown, typed) => {
    expect(formatMoney(cents, currency)).toBe(shown)
    expect(moneyInputValue(cents, currency)).toBe(typed)
  })
})
