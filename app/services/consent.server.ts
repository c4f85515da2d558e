import { cookiesAreSecure } from '~/platform/signed-cookie.server'

// Consent for optional third-party widgets (live chat, demo video, affiliate widget), chosen on
// /cookie-settings. Nothing third-party loads until the visitor says yes (app/content legal texts).
export const CONSENT_COOKIE = 'lectern-consent'
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60

export type Consent = { widgets: boolean; decided: boolean }

export function readConsent(request: Request): Consent {
  const header = request.headers.get('Cookie') ?? ''
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === CONSENT_COOKIE) {
      const value = decodeURIComponent(rest.join('='))
      return { widgets: value === 'widgets', decided: value === 'widgets' || value === 'none' }
    }
  }
  return { widgets: false, decided: false }
}

/** The Set-Cookie header that remembers the choice for a year. */
export function consentCookieHeader(widgets: boolean) {
  const secure = cookiesAreSecure() ? '; Secure' : ''
  return `${CONSENT_COOKIE}=${widgets ? 'widgets' : 'none'}; Path=/; Max-Age=${CONSENT_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure}`
}
