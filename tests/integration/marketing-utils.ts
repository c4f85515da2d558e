import { expect } from 'vitest'
import { makeRequest } from './utils'

/** The `data(...)` of a single-fetch loader/action, with its status. */
export function dataOf<T = Record<string, unknown>>(result: unknown): { data: T; status: number } {
  const value = result as { type?: string; data?: T; init?: { status?: number } }
  if (value && value.type === 'DataWithResponseInit') return { data: value.data as T, status: value.init?.status ?? 200 }
  return { data: result as T, status: 200 }
}

export function redirectOf(result: unknown) {
  expect(result).toBeInstanceOf(Response)
  const response = result as Response
  expect([301, 302, 303]).toContain(response.status)
  return response.headers.get('Location')
}

let ipCounter = 0
/** A request from its own client address, so per-IP limits of one test do not leak into another. */
export function fromNewIp(path: string, options: Parameters<typeof makeRequest>[1] = {}) {
  ipCounter += 1
  return makeRequest(path, {
    ...options,
    headers: { ...options.headers, 'X-Lectern-Remote-Addr': `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` },
  })
}

/** Conform's field errors from an action's reply. */
export function fieldErrors(result: unknown): Record<string, string[] | null> {
  const { data } = dataOf<{ result?: { error?: Record<string, string[] | null> } }>(result)
  return data.result?.error ?? {}
}
