import { createCookie } from '@remix-run/node'
import { getConfig, getSessionSecret, type Config } from '~/config.server'

/** Our cookies carry Secure in production when the site is served over https (APP_URL). */
export function cookiesAreSecure(config: Config = getConfig()) {
  return config.isProduction && config.appUrl.startsWith('https:')
}

/**
 * A signed, HttpOnly, SameSite=Lax cookie of ours (session, flash, pending sign-in, the other
 * device's code). Made on first use, so the secret and APP_URL are read once the config is loaded.
 */
export function signedCookie(name: string, { path = '/', maxAgeMs }: { path?: string; maxAgeMs?: number } = {}) {
  let cookie: ReturnType<typeof createCookie> | undefined
  return () => {
    const config = getConfig()
    cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      path,
      secure: cookiesAreSecure(config),
      ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
      secrets: [getSessionSecret(config)],
    })
    return cookie
  }
}
