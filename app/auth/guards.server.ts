import { redirect } from '@remix-run/node'
import { DEFAULT_RETURN_TO } from '~/lib/constants'
import { getSessionUser, type SessionUser } from './session.server'

export const ADMIN_LOGIN_PATH = '/resources/admin/login'

function pathOf(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/** Signed-in user or a redirect to the login screen that comes back here afterwards. */
export async function requireUser(request: Request, options: { loginPath?: string } = {}): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) {
    const login = options.loginPath ?? '/login'
    throw redirect(`${login}?return_to=${encodeURIComponent(pathOf(request))}`)
  }
  return user
}

/**
 * Admin lists and editors (spec 001 route table): no session → the admin login;
 * a signed-in non-admin → /premium/speaker-profile-submissions.
 */
export async function requireAdmin(request: Request, options: { deniedRedirect?: string } = {}): Promise<SessionUser> {
  const user = await requireUser(request, { loginPath: ADMIN_LOGIN_PATH })
  if (user.role !== 'admin') throw redirect(options.deniedRedirect ?? DEFAULT_RETURN_TO)
  return user
}

/** The submission screen: signed in with role admin or speaker. */
export async function requireSpeakerOrAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request)
  if (user.role !== 'admin' && user.role !== 'speaker') throw redirect('/')
  return user
}

/** Login and sign-up screens: a signed-in visitor goes where their role belongs. */
export async function requireAnonymous(request: Request) {
  const user = await getSessionUser(request)
  if (user) throw redirect(homeFor(user))
}

export function homeFor(user: Pick<SessionUser, 'role'>) {
  return user.role === 'admin' ? '/resources/admin' : DEFAULT_RETURN_TO
}
