import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { getConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import { STRIPE_API_VERSION } from '~/platform/stripe.server'
import { action as webhookAction } from '~/routes/api.webhooks.stripe'
import { syncCatalogue } from '~/services/billing-catalogue.server'
import { startCheckout, type Purchase } from '~/services/stripe-hosted-pages.server'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { call } from './utils'

// Billing tests against the local fake of Stripe's API (tests/fakes/stripe.ts) with the real SDK:
// the app's settings point at the fake, the catalogue is synced into it, and events are delivered
// to the webhook route signed as Stripe signs them.

export const WEBHOOK_SECRET = 'whsec_test_lectern_billing'
export const SECRET_KEY = 'sk_test_lectern_billing'

export async function startBillingFake(): Promise<FakeStripe> {
  const fake = await startFakeStripe()
  resetConfig({
    ...getConfig(),
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: fake.url,
  })
  await syncCatalogue(sdkFor(fake), { launchDeadline: getConfig().launchOfferDeadline })
  return fake
}

export function stopBilling() {
  resetConfig({ ...getConfig(), STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_BASE_URL: undefined })
}

export function sdkFor(fake: FakeStripe) {
  const url = new URL(fake.url)
  return new Stripe(SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
}

/** Delivers one event to POST /api/webhooks/stripe as Stripe would (signed raw body). */
export async function deliver(
  fake: FakeStripe,
  event: Stripe.Event,
  options: { timestamp?: number; tamper?: (body: string) => string; secret?: string } = {},
) {
  const signed = fake.signedDelivery(event, options.secret ?? WEBHOOK_SECRET, { timestamp: options.timestamp })
  const body = options.tamper ? options.tamper(signed.body) : signed.body
  const request = new Request('http://localhost/api/webhooks/stripe', { method: 'POST', headers: signed.headers, body })
  return (await call(webhookAction, request)) as Response
}

export async function deliverAll(fake: FakeStripe, events: Stripe.Event[]) {
  const statuses: number[] = []
  for (const event of events) statuses.push((await deliver(fake, event)).status)
  return statuses
}

/** Opens a checkout for a workspace (its owner buying) and returns the Checkout Session id. */
export async function checkout(
  owner: { id: string; email: string },
  purchase: Purchase,
  currency: 'USD' | 'GBP' | 'EUR' = 'USD',
) {
  const url = await startCheckout({
    buyer: { workspaceId: owner.id, workspaceName: `${owner.email}'s workspace`, userId: owner.id, email: owner.email },
    currency,
    purchase,
    cancelPath: '/app',
  })
  const id = new URL(url).pathname.split('/').pop()!
  return id
}

export async function workspaceRow(id: string) {
  const [row] = await getDb().select().from(workspaces).where(eq(workspaces.id, id))
  return row!
}

export async function sessionUnlocked(id: string) {
  const [row] = await getDb().select({ unlocked: talkSessions.unlocked }).from(talkSessions).where(eq(talkSessions.id, id))
  return row!.unlocked
}
