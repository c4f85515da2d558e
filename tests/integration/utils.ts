import { eq } from 'drizzle-orm'
import { createUserSession, type Role } from '~/auth/session.server'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'

export const BASE_URL = 'http://localhost:3000'

export async function createUser(email: string, role: Role = 'speaker') {
  const [user] = await getDb().insert(users).values({ email: email.toLowerCase(), role }).returning()
  return user!
}

/** A Cookie header value for a fresh session of this user. */
export async function sessionCookie(userId: string) {
  const setCookie = await createUserSession(userId)
  return setCookie.split(';')[0]!
}

export async function signedInAs(email: string, role: Role = 'speaker') {
  const existing = await getDb().select().from(users).where(eq(users.email, email)).limit(1)
  const user = existing[0] ?? (await createUser(email, role))
  return { user, cookie: await sessionCookie(user.id) }
}

type RequestOptions = {
  method?: string
  cookie?: string
  form?: Record<string, string | string[]> | FormData
  headers?: Record<string, string>
}

/** A Request as the browser would send it to our own site. */
export function makeRequest(pathname: string, options: RequestOptions = {}) {
  const headers = new Headers(options.headers)
  if (options.cookie) headers.set('Cookie', options.cookie)
  let body: FormData | URLSearchParams | undefined
  if (options.form) {
    // A record is a plain browser form (urlencoded); pass a FormData to send multipart, as file forms do.
    if (options.form instanceof FormData) body = options.form
    else {
      body = new URLSearchParams()
      for (const [key, value] of Object.entries(options.form)) {
        for (const v of Array.isArray(value) ? value : [value]) body.append(key, v)
      }
    }
    headers.set('Origin', BASE_URL)
  }
  return new Request(new URL(pathname, BASE_URL), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  })
}

/** Calls a loader or action and returns the thrown or returned Response (redirects are thrown). */
export async function call<T>(
  fn: (args: {
    request: Request
    params: Record<string, string>
    context: { cspNonce: string; remoteAddress?: string }
  }) => Promise<T>,
  request: Request,
  params: Record<string, string> = {},
  /** What the server puts in the load context: the socket's peer address (server/index.ts). */
  context: { remoteAddress?: string } = { remoteAddress: '127.0.0.1' },
) {
  try {
    return await fn({ request, params, context: { cspNonce: '', ...context } })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}
