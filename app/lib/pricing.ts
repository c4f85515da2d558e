import { CURRENCIES, DEFAULT_CURRENCY, PREFERRED_CURRENCY_COOKIE } from './constants'

// Prices per currency (spec 000 §9) and how the visitor's currency is chosen (decision 9).
// DIY and QR-tool figures are the same numbers in every currency (constants.ts:
// DIY_MONTHLY_COST_MIN/MAX, QR_TOOL_LIMITED_PRICE, QR_TOOL_UNLIMITED_PRICE); format them with
// formatPrice in the chosen currency.

export type Currency = (typeof CURRENCIES)[number]

export type PriceTable = {
  monthlyPrice: number
  yearlyPrice: number
  diyBasePrice: number
  teamPrice: number
  organiserPrice: number
  symbol: string
}

export const PRICES: Readonly<Record<Currency, Readonly<PriceTable>>> = {
  USD: { monthlyPrice: 49, yearlyPrice: 468, diyBasePrice: 100, teamPrice: 49, organiserPrice: 1249, symbol: '$' },
  GBP: { monthlyPrice: 39, yearlyPrice: 372, diyBasePrice: 80, teamPrice: 39, organiserPrice: 999, symbol: '£' },
  EUR: { monthlyPrice: 45, yearlyPrice: 432, diyBasePrice: 93, teamPrice: 45, organiserPrice: 1149, symbol: '€' },
}

/** Exact match only: the spec accepts a stored currency "only if USD, GBP or EUR". */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)
}

/**
 * The visitor's default currency from an Accept-Language header. Only the highest-priority
 * language decides (the browser's first language, as `navigator.language` would be): en-GB →
 * GBP; de, fr, es, it in any region → EUR; anything else, a missing header, or `*` → USD.
 * Entries with q=0 are "not acceptable" and skipped; equal q keeps header order.
 */
export function currencyFromAcceptLanguage(header: string | null | undefined): Currency {
  const top = topLanguage(header ?? '')
  if (!top) return DEFAULT_CURRENCY
  const [primary, ...rest] = top.split('-')
  if (primary === 'en' && regionOf(rest) === 'gb') return 'GBP'
  if (primary === 'de' || primary === 'fr' || primary === 'es' || primary === 'it') return 'EUR'
  return DEFAULT_CURRENCY
}

/** Decision 9: a valid stored choice wins; otherwise the browser language decides. */
export function resolveCurrency({
  acceptLanguage,
  cookie,
}: {
  acceptLanguage: string | null | undefined
  cookie: string | null | undefined
}): Currency {
  return isCurrency(cookie) ? cookie : currencyFromAcceptLanguage(acceptLanguage)
}

/** The `preferred-currency` value from a raw Cookie header, or null when absent or invalid. */
export function preferredCurrencyFromCookieHeader(cookieHeader: string | null | undefined): Currency | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=')
    if (eq === -1 || pair.slice(0, eq).trim() !== PREFERRED_CURRENCY_COOKIE) continue
    const value = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
    if (isCurrency(value)) return value
  }
  return null
}

/** Annual plan shown per month: yearly price divided by 12, rounded (spec 000 §9). */
export function annualMonthly(currency: Currency): number {
  return Math.round(PRICES[currency].yearlyPrice / 12)
}

/**
 * Symbol first, thousands grouped with commas, no decimals for whole amounts: "$1,249", "£39",
 * "€45". Fixed en-US grouping (not the visitor's locale) so server and browser render alike.
 */
export function formatPrice(amount: number, currency: Currency): string {
  const whole = Number.isInteger(amount)
  const digits = Math.abs(amount).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })
  return `${amount < 0 ? '-' : ''}${PRICES[currency].symbol}${digits}`
}

function topLanguage(header: string): string | null {
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';').map((part) => part.trim())
      const qParam = params.find((p) => /^q\s*=/i.test(p))
      const q = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/i, ''))
      return { tag: tag.toLowerCase(), q, index }
    })
    .filter((e) => e.tag !== '' && Number.isFinite(e.q) && e.q > 0 && e.q <= 1)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked[0]?.tag ?? null
}

// BCP 47: after the language come an optional 4-letter script and then the region
// (2 letters or 3 digits), e.g. "en-Latn-GB".
function regionOf(subtags: string[]): string | null {
  const afterScript = subtags[0]?.length === 4 ? subtags.slice(1) : subtags
  const candidate = afterScript[0]
  return candidate && /^(?:[a-z]{2}|\d{3})$/.test(candidate) ? candidate : null
}
