import { describe, expect, it } from 'vitest'
import { planPrices } from './plan-prices'

describe('planPrices: every currency × monthly/annual', () => {
  it.each([
    ['USD', 'monthly', { unlockFee: '$49', proPerMonth: '$49', proBilledYearly: null, saveBadge: null, organiserFrom: '$1,249' }],
    [
      'USD',
      'annual',
      { unlockFee: '$49', proPerMonth: '$39', proBilledYearly: '$468', saveBadge: 'Save 20%', organiserFrom: '$1,249' },
    ],
    ['GBP', 'monthly', { unlockFee: '£49', proPerMonth: '£39', proBilledYearly: null, saveBadge: null, organiserFrom: '£999' }],
    [
      'GBP',
      'annual',
      { unlockFee: '£49', proPerMonth: '£31', proBilledYearly: '£372', saveBadge: 'Save 20%', organiserFrom: '£999' },
    ],
    ['EUR', 'monthly', { unlockFee: '€49', proPerMonth: '€45', proBilledYearly: null, saveBadge: null, organiserFrom: '€1,149' }],
    [
      'EUR',
      'annual',
      { unlockFee: '€49', proPerMonth: '€36', proBilledYearly: '€432', saveBadge: 'Save 20%', organiserFrom: '€1,149' },
    ],
  ] as const)('%s %s', (currency, billing, expected) => {
    expect(planPrices(currency, billing)).toEqual(expected)
  })
})
