import {
  ADMIN_HOME_PATH,
  ADMIN_LOGIN_PATH,
  DEFAULT_RETURN_TO,
  GUARD_FALLBACK_PATH,
  SPEAKER_HOME_PATH,
  type Role,
} from '~/lib/constants'
import { safeReturnTo } from '~/lib/url'

// The guard rules of spec 001 §6 as one pure function, so every route applies the same table and
// a unit test can pin it. guards.server.ts turns a decision into a redirect. See docs/decisions/0004-guards.md.

export type RouteAccess =
  /** No sign-in needed. */
  | { kind: 'public' }
  /** Admin lists and editors (posts, post editor, featured, speakers, speaker editor). */
  | { kind: 'admin-list' }
  /** Any other admin-only page: a signed-in non-admin is sent to the admin login ("Access denied"). */
  | { kind: 'admin' }
  /** A role-restricted page that is not an admin page (e.g. the submission screen: admin or speaker). */
  | { kind: 'roles'; roles: readonly Role[] }

export type Viewer = { role: Role | null } | null

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string }

const SUBMISSIONS_MARKER = 'speaker-profile-submissions'
const allow: GuardDecision = { allow: true }
const to = (redirectTo: string): GuardDecision => ({ allow: false, redirectTo })

/** `returnTo` is the path to come back to after signing in (used only when no one is signed in). */
export function guardDecision({ path, access, viewer }: { path: string; access: RouteAccess; viewer: Viewer }): GuardDecision {
  // "Paths containing speaker-profile-submissions are always allowed through the guard."
  if (path.includes(SUBMISSIONS_MARKER)) return allow
  if (access.kind === 'public') return allow
  const adminRoute = access.kind === 'admin' || access.kind === 'admin-list'
  if (!viewer) return to(loginWithReturn(adminRoute ? ADMIN_LOGIN_PATH : '/login', path))
  // "A missing role redirects to the fallback path."
  if (viewer.role === null) return to(GUARD_FALLBACK_PATH)
  if (adminRoute) {
    if (viewer.role === 'admin') return allow
    // Lists and editors send non-admins to the submission screen; other admin pages to the admin login.
    return to(access.kind === 'admin-list' ? DEFAULT_RETURN_TO : ADMIN_LOGIN_PATH)
  }
  if (access.roles.includes(viewer.role)) return allow
  return to(viewer.role === 'speaker' ? DEFAULT_RETURN_TO : GUARD_FALLBACK_PATH)
}

/** The submission screen's own rule: an admin opening it goes to the admin area. */
export function submissionScreenRedirect(viewer: Viewer): string | null {
  return viewer?.role === 'admin' ? ADMIN_HOME_PATH : null
}

export function loginWithReturn(loginPath: string, returnTo: string) {
  return `${loginPath}?return_to=${encodeURIComponent(returnTo)}`
}

/**
 * Where a user goes once signed in from a sign-in screen: admins to the admin area; a non-admin who
 * used the admin login back to it (it shows "Access denied"); everyone else to their return_to
 * (same-site paths only; the submission screen's own flow of spec 001 passes its path) or, without
 * one, the workspace /app (decision 13).
 */
export function afterSignInPath(user: { role: Role | null }, pending: { intent?: string; returnTo?: string | null } | null) {
  if (user.role === 'admin') return ADMIN_HOME_PATH
  if (pending?.intent === 'admin') return ADMIN_LOGIN_PATH
  return signInLanding(pending?.returnTo)
}

/** A speaker's landing after sign-in: a same-site return_to, else the workspace. */
export function signInLanding(returnTo: unknown) {
  return safeReturnTo(returnTo, SPEAKER_HOME_PATH)
}
