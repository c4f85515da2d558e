import { desc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema/jobs'
import { FORM_INTENT } from '~/auth/magic-link-schema'
import { type call, makeRequest } from './utils'

// Helpers for the auth integration tests: a tiny cookie jar, the emailed link and code, form posts.

let ipCounter = 0
/** A distinct client address per caller, so per-IP limits of one test never leak into another. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

export class CookieJar {
  private cookies = new Map<string, string>()
  absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()))
      if (expired || value === '') this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value)
    }
    return this
  }
  has(name: string) {
    return this.cookies.has(name)
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

export type Fn = Parameters<typeof call>[0]

/** POSTs a form to a route action as a browser on `ip` would. */
export function post(
  path: string,
  form: Record<string, string>,
  { jar, ip, headers }: { jar?: CookieJar; ip?: string; headers?: Record<string, string> } = {},
) {
  return makeRequest(path, {
    form,
    cookie: jar?.header() || undefined,
    headers: { 'X-Lectern-Remote-Addr': ip ?? freshIp(), ...headers },
  })
}

export function get(
  path: string,
  { jar, method, headers }: { jar?: CookieJar; method?: string; headers?: Record<string, string> } = {},
) {
  return makeRequest(path, { method, cookie: jar?.header() || undefined, headers })
}

/** The newest sign-in email to this address, with its link token and code. */
export async function latestSignInEmail(address: string) {
  const rows = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(desc(emailOutbox.createdAt))
  const row = rows[0]
  if (!row) return null
  const link = /(https?:\/\/\S+\/auth\/callback\?token=[A-Za-z0-9_-]+)/.exec(row.text)?.[1]
  const code = /code[^:]*: (\d{6})/.exec(row.text)?.[1]
  expect(link, 'link in email').toBeTruthy()
  expect(code, 'code in email').toBeTruthy()
  const token = new URL(link!).searchParams.get('token')!
  return { row, link: link!, code: code!, token, count: rows.length }
}

export async function emailCount(address: string) {
  return (await getDb().select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, address))).length
}

export const requestForm = (email: string) => ({ intent: FORM_INTENT.request, email })

/** Asserts a redirect and returns its Location. */
export function locationOf(result: unknown) {
  expect(result).toBeInstanceOf(Response)
  const response = result as Response
  expect([301, 302, 303]).toContain(response.status)
  return response.headers.get('Location')
}

/** data(...) results from single-fetch actions/loaders. */
export function dataOf<T = Record<string, unknown>>(result: unknown): { data: T; status: number } {
  const value = result as { type?: string; data?: T; init?: { status?: number } }
  if (value && value.type === 'DataWithResponseInit') return { data: value.data as T, status: value.init?.status ?? 200 }
  return { data: result as T, status: 200 }
}
