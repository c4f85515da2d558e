import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { signedCookie } from '~/platform/signed-cookie.server'
import { getDb } from '~/db/client.server'
import { sessions, users } from '~/db/schema/accounts'
import { SESSION_MAX_AGE_MS } from '~/lib/constants'
import { deleteExpiredVerifications } from './verifications.server'

export type Role = 'admin' | 'speaker'
export type SessionUser = { id: string; email: string; role: Role; sessionId: string }

export const SESSION_COOKIE_NAME = 'lectern_session'

/** Does the request carry a session cookie (signed or not: only its presence matters here)? */
export function hasSessionCookie(request: Request) {
  return new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=`).test(request.headers.get('Cookie') ?? '')
}

const sessionCookie = signedCookie(SESSION_COOKIE_NAME, { maxAgeMs: SESSION_MAX_AGE_MS })

/** spec 001 §6: founder (ADMIN_EMAILS) addresses are always admin; otherwise the stored role; else speaker. */
export function resolveRole(user: { email: string; role?: Role | null } | null | undefined): Role | null {
  if (!user) return null
  if (getConfig().adminEmails.includes(user.email.toLowerCase())) return 'admin'
  return user.role ?? 'speaker'
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>()

/** The signed-in user for this request, or null. One database read per request. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request)
  if (!pending) {
    pending = loadSessionUser(request)
    cache.set(request, pending)
  }
  return pending
}

async function loadSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request)
  if (!sessionId) return null
  const [row] = await getDb()
    .select({ id: users.id, email: users.email, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1)
  if (!row) return null
  let role: Role
  try {
    role = resolveRole(row) ?? 'speaker'
  } catch (error) {
    // spec 001 §6: a failing role lookup gives speaker.
    console.error('Role lookup failed', error)
    role = 'speaker'
  }
  return { ...row, role, sessionId }
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * Starts a new session (always a fresh id) and returns its Set-Cookie header. With the request,
 * the session this browser held before (if any) is deleted, so signing in again never leaves an
 * older session alive behind the new one.
 */
export async function createUserSession(userId: string, request?: Request): Promise<string> {
  const previous = request ? await readSessionId(request) : null
  if (previous) await getDb().delete(sessions).where(eq(sessions.id, previous))
  const id = randomBytes(32).toString('base64url')
  await getDb()
    .insert(sessions)
    .values({
      id,
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_MS),
      userAgent: request?.headers.get('User-Agent')?.slice(0, 300) ?? null,
    })
  await getDb().update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))
  return sessionCookie().serialize(id)
}

/** Deletes the session row (so an old cookie stops working) and returns a clearing Set-Cookie header. */
export async function destroyUserSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request)
  if (sessionId) await getDb().delete(sessions).where(eq(sessions.id, sessionId))
  return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

/**
 * True when the browser presents a correctly signed session cookie whose row is gone or expired:
 * the person was signed in, but who they are (and so their role) can no longer be determined.
 */
export async function hasStaleSession(request: Request): Promise<boolean> {
  if (await getSessionUser(request)) return false
  return (await readSessionId(request)) !== null
}

/** Revokes every session of a user (e.g. after a role change or a reported lost device). */
export async function destroyAllUserSessions(userId: string) {
  await getDb().delete(sessions).where(eq(sessions.userId, userId))
}

/** The periodic janitor (boot.server.ts): expired sessions, and old sign-in rows with them. */
export async function deleteExpiredSessions() {
  await getDb().delete(sessions).where(lt(sessions.expiresAt, new Date()))
  await deleteExpiredVerifications()
}

export function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex')
}
