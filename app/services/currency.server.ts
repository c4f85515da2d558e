import { cookiesAreSecure } from '~/platform/signed-cookie.server'
import { PREFERRED_CURRENCY_COOKIE } from '~/lib/constants'
import { preferredCurrencyFromCookieHeader, resolveCurrency, type Currency } from '~/lib/pricing'

// ARCHITECTURE decision 9: a valid preferred-currency cookie wins, otherwise the browser's
// Accept-Language decides, so the server renders the right prices with no flash.

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export function getCurrency(request: Request): Currency {
  return resolveCurrency({
    acceptLanguage: request.headers.get('Accept-Language'),
    cookie: preferredCurrencyFromCookieHeader(request.headers.get('Cookie')),
  })
}

/** Set-Cookie value that remembers the visitor's choice. Readable by scripts: it is a preference, not a secret. */
export function preferredCurrencyCookie(currency: Currency): string {
  const secure = cookiesAreSecure()
  return `${PREFERRED_CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}
