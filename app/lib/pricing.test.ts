import { describe, it, expect } from 'vitest'
import {
  annualMonthly,
  currencyFromAcceptLanguage,
  formatPrice,
  isCurrency,
  preferredCurrencyFromCookieHeader,
  PRICES,
  resolveCurrency,
} from './pricing'
import { ANNUAL_SAVING_PERCENT } from './constants'

describe('PRICES', () => {
  it('matches spec 000 §9', () => {
    expect(PRICES).toEqual({
      USD: { monthlyPrice: 49, yearlyPrice: 468, diyBasePrice: 100, teamPrice: 49, organiserPrice: 1249, symbol: '$' },
      GBP: { monthlyPrice: 39, yearlyPrice: 372, diyBasePrice: 80, teamPrice: 39, organiserPrice: 999, symbol: '£' },
      EUR: { monthlyPrice: 45, yearlyPrice: 432, diyBasePrice: 93, teamPrice: 45, organiserPrice: 1149, symbol: '€' },
    })
  })

  it.each([
    ['USD', 39],
    ['GBP', 31],
    ['EUR', 36],
  ] as const)('%s annual per month is %i', (currency, perMonth) => {
    expect(annualMonthly(currency)).toBe(perMonth)
  })

  // The "Save 20%" badge must be roughly true of the table: annual ≈ 80% of 12 monthly payments.
  it.each(['USD', 'GBP', 'EUR'] as const)('%s annual saving is about 20%%', (currency) => {
    const p = PRICES[currency]
    const saving = 100 * (1 - p.yearlyPrice / (12 * p.monthlyPrice))
    expect(Math.abs(saving - ANNUAL_SAVING_PERCENT)).toBeLessThan(1)
  })
})

describe('isCurrency', () => {
  it.each([
    ['USD', true],
    ['GBP', true],
    ['EUR', true],
    ['usd', false],
    ['JPY', false],
    [' USD', false],
    ['', false],
    [null, false],
    [undefined, false],
    [42, false],
  ])('%j → %s', (value, ok) => {
    expect(isCurrency(value)).toBe(ok)
  })
})

describe('currencyFromAcceptLanguage', () => {
  it.each([
    ['en-GB', 'GBP'],
    ['en-gb', 'GBP'],
    ['en-GB,en;q=0.9', 'GBP'],
    ['en-Latn-GB', 'GBP'],
    ['en-US,en;q=0.9', 'USD'],
    ['en', 'USD'],
    ['en-IE', 'USD'],
    ['de-DE,de;q=0.9', 'EUR'],
    ['de-CH', 'EUR'],
    ['fr-CA', 'EUR'],
    ['es-MX', 'EUR'],
    ['it', 'EUR'],
    ['nl-NL', 'USD'],
    ['pt-PT', 'USD'],
    // q-ordering decides, not header order.
    ['en-US;q=0.5,de;q=0.9', 'EUR'],
    ['fr;q=0.2, en-GB;q=0.8', 'GBP'],
    // Only the top language decides, even if a later one maps.
    ['nl,de;q=0.9', 'USD'],
    // q=0 means "not acceptable".
    ['de;q=0,en-GB;q=0.1', 'GBP'],
    // Equal q keeps header order.
    ['it;q=0.8,en-GB;q=0.8', 'EUR'],
    ['*', 'USD'],
    ['', 'USD'],
    [null, 'USD'],
    [undefined, 'USD'],
    ['garbage;;;,', 'USD'],
    ['de;q=abc,en-GB', 'GBP'],
  ] as const)('%j → %s', (header, currency) => {
    expect(currencyFromAcceptLanguage(header)).toBe(currency)
  })
})

describe('resolveCurrency', () => {
  it.each([
    [{ acceptLanguage: 'de-DE', cookie: 'GBP' }, 'GBP'],
    [{ acceptLanguage: 'en-GB', cookie: 'USD' }, 'USD'],
    [{ acceptLanguage: 'de-DE', cookie: 'JPY' }, 'EUR'],
    [{ acceptLanguage: 'de-DE', cookie: 'gbp' }, 'EUR'],
    [{ acceptLanguage: 'en-GB', cookie: null }, 'GBP'],
    [{ acceptLanguage: null, cookie: undefined }, 'USD'],
  ] as const)('%j → %s', (input, currency) => {
    expect(resolveCurrency(input)).toBe(currency)
  })
})

describe('preferredCurrencyFromCookieHeader', () => {
  it.each([
    ['preferred-currency=GBP', 'GBP'],
    ['a=1; preferred-currency=EUR; b=2', 'EUR'],
    ['preferred-currency="USD"', 'USD'],
    ['preferred-currency=XYZ', null],
    ['not-preferred-currency=GBP', null],
    ['', null],
    [null, null],
  ] as const)('%j → %j', (header, currency) => {
    expect(preferredCurrencyFromCookieHeader(header)).toBe(currency)
  })
})

describe('formatPrice', () => {
  it.each([
    [49, 'USD', '$49'],
    [39, 'GBP', '£39'],
    [45, 'EUR', '€45'],
    [1249, 'USD', '$1,249'],
    [1149, 'EUR', '€1,149'],
    [999, 'GBP', '£999'],
    [11234, 'USD', '$11,234'],
    [0, 'USD', '$0'],
    [29.5, 'USD', '$29.50'],
    [-5, 'GBP', '-£5'],
  ] as const)('%d %s → %s', (amount, currency, text) => {
    expect(formatPrice(amount, currency)).toBe(text)
  })
})
