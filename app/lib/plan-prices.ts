import { ANNUAL_SAVING_PERCENT, UNLOCK_FEE } from './constants'
import { annualMonthly, formatPrice, PRICES, type Currency } from './pricing'

export type Billing = 'monthly' | 'annual'

/** The figures the three /pricing cards show for a currency and billing period (spec 000 §2, §9). */
export function planPrices(currency: Currency, billing: Billing) {
  const p = PRICES[currency]
  const annual = billing === 'annual'
  return {
    unlockFee: formatPrice(UNLOCK_FEE, currency),
    proPerMonth: formatPrice(annual ? annualMonthly(currency) : p.monthlyPrice, currency),
    proBilledYearly: annual ? formatPrice(p.yearlyPrice, currency) : null,
    saveBadge: annual ? `Save ${ANNUAL_SAVING_PERCENT}%` : null,
    organiserFrom: formatPrice(p.organiserPrice, currency),
  }
}
