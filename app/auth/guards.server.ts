import { redirect } from '@remix-run/node'
import { ADMIN_LOGIN_PATH as LOGIN_PATH, SPEAKER_HOME_PATH } from '~/lib/constants'
import { guardDecision, loginWithReturn, submissionScreenRedirect, type RouteAccess } from './guard-rules'
import { AUTH_TEXT } from './magic-link-schema'
import { getSessionUser, hasStaleSession, type SessionUser } from './session.server'

// Throwing guards for loaders and actions. The rules themselves are guard-rules.ts (pure, unit
// tested); which helper each route uses is docs/decisions/0004-guards.md.

export const ADMIN_LOGIN_PATH = LOGIN_PATH

function pathOf(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

async function enforce(request: Request, access: RouteAccess): Promise<SessionUser | null> {
  const user = await getSessionUser(request)
  const decision = guardDecision({ path: pathOf(request), access, viewer: user })
  if (!decision.allow) throw redirect(decision.redirectTo)
  return user
}

/** Signed-in user or a redirect to the login screen that comes back here afterwards. */
export async function requireUser(request: Request, options: { loginPath?: string } = {}): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) throw redirect(loginWithReturn(options.loginPath ?? '/login', pathOf(request)))
  return user
}

/**
 * Admin lists and editors (spec 001 route table: posts list, post editor, featured sections,
 * speakers list, speaker editor): no session → the admin login (and back afterwards);
 * a signed-in non-admin → /premium/speaker-profile-submissions (or `deniedRedirect`).
 */
export async function requireAdmin(request: Request, options: { deniedRedirect?: string } = {}): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (user && user.role !== 'admin' && options.deniedRedirect) throw redirect(options.deniedRedirect)
  return (await enforce(request, { kind: 'admin-list' }))!
}

/**
 * Any other admin-only page (spec 001 §6 guard rules): no session → the admin login; a signed-in
 * non-admin → the admin login too, which shows "Access denied. Admin privileges required."
 */
export async function requireAdminRoute(request: Request): Promise<SessionUser> {
  return (await enforce(request, { kind: 'admin' }))!
}

/**
 * Every admin action (POST) re-checks on the server. No session → the admin login (a form posted
 * after the session ended); a signed-in non-admin → 403 "Access denied. Admin privileges required."
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) throw redirect(loginWithReturn(ADMIN_LOGIN_PATH, pathOf(request)))
  if (user.role !== 'admin') {
    throw new Response(AUTH_TEXT.accessDenied, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  return user
}

/** Signed in with role admin or speaker (the submission screen's actions); a missing role → "/". */
export async function requireSpeakerOrAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request)
  const decision = guardDecision({ path: '', access: { kind: 'roles', roles: ['admin', 'speaker'] }, viewer: user })
  if (!decision.allow) throw redirect(decision.redirectTo)
  return user
}

/**
 * The submission screen's loader. Its path always passes the guard (it shows a login form when
 * signed out); an admin is sent to /resources/admin. `roleUnknown` is set when the browser holds a
 * once-valid session we can no longer resolve: show AUTH_TEXT.roleUnknown above the login form.
 */
export async function getSubmissionScreenViewer(
  request: Request,
): Promise<{ user: SessionUser; roleUnknown: false } | { user: null; roleUnknown: boolean }> {
  const user = await getSessionUser(request)
  const adminRedirect = submissionScreenRedirect(user)
  if (adminRedirect) throw redirect(adminRedirect)
  if (user) return { user, roleUnknown: false }
  return { user: null, roleUnknown: await hasStaleSession(request) }
}

/** Login and sign-up screens: a signed-in visitor goes where their role belongs. */
export async function requireAnonymous(request: Request) {
  const user = await getSessionUser(request)
  if (user) throw redirect(homeFor(user))
}

export function homeFor(user: Pick<SessionUser, 'role'>) {
  return user.role === 'admin' ? '/resources/admin' : SPEAKER_HOME_PATH
}
