// Money the speaker enters (deal values, the cost of an engagement: issue 10): stored as integer
// minor units (cents) with an ISO 4217 code, parsed from what a person types, shown with Intl.

/** The currencies a speaker can pick for deal values and costs. */
export const MONEY_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'JPY',
  'SGD',
  'NZD',
] as const
export type MoneyCurrency = (typeof MONEY_CURRENCIES)[number]

/** The largest amount accepted: ten billion in major units (fits a bigint in cents many times over). */
export const MAX_MONEY_MAJOR = 10_000_000_000

export function isMoneyCurrency(value: unknown): value is MoneyCurrency {
  return typeof value === 'string' && (MONEY_CURRENCIES as readonly string[]).includes(value)
}

/** Minor units per major unit (JPY has none). */
export function minorUnits(currency: MoneyCurrency) {
  return currency === 'JPY' ? 1 : 100
}

export type ParsedMoney = { ok: true; cents: number | null } | { ok: false; error: string }

/**
 * Parses "1,250", "1250.50", " 99 " into minor units; empty → null (no amount). Refuses negative
 * numbers, more decimals than the currency has, and anything that is not a number.
 */
export function parseMoney(raw: string, currency: MoneyCurrency): ParsedMoney {
  const text = raw.trim().replace(/[\s,_]/g, '')
  if (text === '') return { ok: true, cents: null }
  const decimals = currency === 'JPY' ? 0 : 2
  const pattern = decimals === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/
  if (!pattern.test(text)) {
    return {
      ok: false,
      error: decimals === 0 ? 'Enter a whole amount, like 1500.' : 'Enter an amount like 1500 or 1500.50.',
    }
  }
  const [whole = '0', fraction = ''] = text.split('.')
  if (Number(whole) > MAX_MONEY_MAJOR) return { ok: false, error: 'Enter an amount under 10,000,000,000.' }
  const cents = Number(whole) * minorUnits(currency) + Number(fraction.padEnd(decimals, '0') || '0')
  return { ok: true, cents }
}

/** "$1,250" or "$1,250.50" (en-US grouping so server and browser agree). */
export function formatMoney(cents: number, currency: MoneyCurrency | string) {
  const code = isMoneyCurrency(currency) ? currency : 'USD'
  const major = cents / minorUnits(code)
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: Number.isInteger(major) ? 0 : 2,
    maximumFractionDigits: code === 'JPY' ? 0 : 2,
  }).format(major)
}

/** The amount as the speaker would type it back into the form ("1250.5" → "1250.50"). */
export function moneyInputValue(cents: number | null | undefined, currency: MoneyCurrency | string) {
  if (cents === null || cents === undefined) return ''
  const code = isMoneyCurrency(currency) ? currency : 'USD'
  const unit = minorUnits(code)
  return unit === 1
    ? String(cents)
    : `${Math.floor(cents / unit)}${cents % unit ? `.${String(cents % unit).padStart(2, '0')}` : ''}`
}
