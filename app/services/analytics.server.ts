import { createHash } from 'node:crypto'
import { getSessionSecret } from '~/config.server'
import { getDb } from '~/db/client.server'
import { analyticsEvents } from '~/db/schema/marketing'
import { clientIp } from './request.server'

/**
 * First-party analytics: no cookies, no raw IP addresses. A visitor is a salted hash of
 * address + user agent whose salt changes every day, so visits cannot be joined across days.
 */
export async function recordEvent(
  name: string,
  options: { request?: Request; path?: string; props?: Record<string, unknown> } = {},
) {
  const { request, props = {} } = options
  const path = options.path ?? (request ? new URL(request.url).pathname : null)
  const visitor = request ? visitorHash(request) : null
  try {
    await getDb().insert(analyticsEvents).values({ name, path, props, visitor })
  } catch (error) {
    // Analytics never breaks the action that records it.
    console.error(`Failed to record analytics event ${name}`, error)
  }
}

/** Today's visitor hash for a request (also counts scans and visits of session pages). */
export function visitorHash(request: Request) {
  const day = new Date().toISOString().slice(0, 10)
  return createHash('sha256')
    .update(`${getSessionSecret()}:${day}:${clientIp(request)}:${request.headers.get('User-Agent') ?? ''}`)
    .digest('hex')
    .slice(0, 32)
}
