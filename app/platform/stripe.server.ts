import Stripe from 'stripe'
import { getConfig, type Config } from '~/config.server'

// The one Stripe client (ARCHITECTURE: `stripe` with a pinned API version). Null when this server has
// no STRIPE_SECRET_KEY: payments are then not set up and admins set plans by hand (decision 20).
// STRIPE_API_BASE_URL points the SDK elsewhere (tests/fakes/stripe.ts); unset = Stripe's own API.

/** Pinned: the shapes app/services/billing.server.ts reads are this version's. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const
let cached: { key: string; base: string | undefined; client: Stripe } | null = null

export function stripeClient(config: Config = getConfig()): Stripe | null {
  const key = config.STRIPE_SECRET_KEY
  if (!key) return null
  const base = config.STRIPE_API_BASE_URL
  if (cached && cached.key === key && cached.base === base) return cached.client
  const url = base ? new URL(base) : null
  const client = new Stripe(key, {
    apiVersion: STRIPE_API_VERSION,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? 80 : 443),
          protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Lectern' },
  })
  cached = { key, base, client }
  return client
}

export function billingConfigured(config: Config = getConfig()) {
  return Boolean(config.STRIPE_SECRET_KEY)
}

/** Verifies a webhook delivery on its raw body; throws Stripe's signature error when it does not match. */
export function verifyStripeEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret)
}

/** A link to the customer in Stripe's dashboard (test-mode keys open the test dashboard). */
export function stripeCustomerDashboardUrl(customerId: string, config: Config = getConfig()) {
  const test = config.STRIPE_SECRET_KEY?.startsWith('sk_test_') ?? false
  return `https://dashboard.stripe.com/${test ? 'test/' : ''}customers/${encodeURIComponent(customerId)}`
}

export type { Stripe }
