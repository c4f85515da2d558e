import { createCookieSessionStorage } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { getConfig, getSessionSecret } from '~/config.server'
import { findOrCreateUser, findUserByEmail } from './accounts.server'
import { AUTH_TEXT, type MagicLinkIntent } from './magic-link-schema'
import { MagicLinkStrategy } from './magic-link-strategy.server'
import { resolveRole, type Role } from './session.server'

export type AuthenticatedUser = { id: string; email: string; role: Role; intent: MagicLinkIntent; returnTo: string | null }

let authenticator: Authenticator<AuthenticatedUser> | undefined

/**
 * remix-auth 3 wants a SessionStorage, but our sessions are database rows (session.server.ts):
 * we always authenticate with throwOnError and no redirects, so the strategy returns the user
 * and this cookie storage is never written.
 */
function getAuthenticator() {
  authenticator ??= new Authenticator<AuthenticatedUser>(
    createCookieSessionStorage({
      cookie: { name: 'lectern_auth_unused', httpOnly: true, sameSite: 'lax', secrets: [getSessionSecret(getConfig())] },
    }),
    { throwOnError: true },
  ).use(
    new MagicLinkStrategy<AuthenticatedUser>(async ({ email, intent, returnTo }) => {
      // The admin login never creates accounts; the others create one on first sign-in.
      const user = intent === 'admin' ? await findUserByEmail(email) : await findOrCreateUser(email)
      if (!user) throw new AuthorizationError(AUTH_TEXT.failed)
      const role = resolveRole(user)
      if (!role) throw new AuthorizationError(AUTH_TEXT.roleUnknown)
      return { id: user.id, email: user.email, role, intent, returnTo }
    }),
  )
  return authenticator
}

export type AuthenticateResult = { ok: true; user: AuthenticatedUser } | { ok: false; message: string }

/** Spends the link token or the code in this POST body; never throws for a bad secret. */
export async function authenticateMagicLink(request: Request): Promise<AuthenticateResult> {
  try {
    const user = await getAuthenticator().authenticate('magic-link', request, { throwOnError: true })
    return { ok: true, user }
  } catch (error) {
    if (error instanceof AuthorizationError) return { ok: false, message: error.message }
    throw error
  }
}
