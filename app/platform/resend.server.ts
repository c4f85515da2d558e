import { Resend } from 'resend'
import { getConfig, type Config } from '~/config.server'

// The one Resend client for what is not an outbox email (the Domains API, issue 32 Deliver 6). Null
// when this server has no RESEND_API_KEY: messages then land in the dev mailbox and there is no
// provider to register a domain with. RESEND_BASE_URL points the SDK at tests/fakes/resend.ts.

let cached: { key: string; base: string | undefined; client: Resend } | null = null

export function resendClient(config: Config = getConfig()): Resend | null {
  const key = config.RESEND_API_KEY
  if (!key) return null
  const base = config.RESEND_BASE_URL?.replace(/\/$/, '')
  if (cached && cached.key === key && cached.base === base) return cached.client
  const client = new Resend(key, base ? { baseUrl: base } : undefined)
  cached = { key, base, client }
  return client
}
