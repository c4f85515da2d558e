import { getConfig } from '~/config.server'

/** Client address for rate limits and visitor hashing. Forwarded headers count only behind a trusted proxy. */
export function clientIp(request: Request): string {
  if (getConfig().TRUST_PROXY) {
    const forwarded = request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return request.headers.get('X-Lectern-Remote-Addr') ?? 'unknown'
}
