import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { getConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { Plan } from '~/lib/plans'
import { STRIPE_API_VERSION } from '~/platform/stripe.server'
import { syncCatalogue } from '~/services/billing-catalogue.server'
import { action as checkoutAction, loader as checkoutLoader } from '~/routes/billing.checkout'
import { loader as returnLoader } from '~/routes/billing.return'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { seedTalkAndSession, seedViewsAndLeads } from './app-utils'
import { call, createUser, makeRequest, sessionCookie } from './utils'

// The checkout and return routes against the local fake of Stripe (tests/fakes/stripe.ts) with the
// real SDK: the settings point at the fake, whose catalogue billing:sync's own function (syncCatalogue) makes.

export const SECRET_KEY = 'sk_test_lectern_checkout'

export async function startCheckoutFake(): Promise<FakeStripe> {
  const fake = await startFakeStripe()
  pointAtFake(fake)
  const url = new URL(fake.url)
  const sdk = new Stripe(SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
  // The launch promotion code exists (expiring in a week); the LAUNCH_OFFER_DEADLINE setting decides first.
  await syncCatalogue(sdk, { launchDeadline: new Date(Date.now() + 7 * 86_400_000) })
  return fake
}

export function pointAtFake(fake: FakeStripe | null, overrides: { LAUNCH_OFFER_DEADLINE?: Date } = {}) {
  const config = getConfig()
  resetConfig({
    ...config,
    STRIPE_SECRET_KEY: fake ? SECRET_KEY : undefined,
    STRIPE_WEBHOOK_SECRET: fake ? 'whsec_test_checkout' : undefined,
    STRIPE_API_BASE_URL: fake?.url,
    launchOfferDeadline: overrides.LAUNCH_OFFER_DEADLINE ?? config.launchOfferDeadline,
  })
}

/** A speaker's personal workspace on `plan` with one session holding `leadCount` leads. */
export async function speakerWithSession(plan: Plan = 'free', leadCount = 5) {
  const user = await createUser(`buyer-${randomBytes(4).toString('hex')}@example.com`)
  await getDb().update(workspaces).set({ plan }).where(eq(workspaces.id, user.id))
  const eventName = `Event ${randomBytes(3).toString('hex')}`
  const { sessionId } = await seedTalkAndSession(user.id, { eventName })
  await seedViewsAndLeads(sessionId, user.id, { scans: 0, visits: 0, leadCount })
  return { user, sessionId, eventName, cookie: await sessionCookie(user.id) }
}

/** Another session in the same workspace. */
export async function anotherSession(ownerId: string, leadCount = 4) {
  const { sessionId } = await seedTalkAndSession(ownerId, { eventName: `Other ${randomBytes(3).toString('hex')}` })
  await seedViewsAndLeads(sessionId, ownerId, { scans: 0, visits: 0, leadCount })
  return sessionId
}

export async function addMember(workspaceId: string, role: 'admin' | 'member') {
  const user = await createUser(`${role}-${randomBytes(4).toString('hex')}@example.com`)
  await getDb().insert(workspaceMembers).values({ workspaceId, userId: user.id, role })
  return { user, cookie: await sessionCookie(user.id) }
}

export const GB = { 'Accept-Language': 'en-GB' }

export function getCheckout(query: string, cookie?: string, headers: Record<string, string> = GB) {
  return call(checkoutLoader, makeRequest(`/billing/checkout?${query}`, { cookie, headers }))
}

export function postCheckout(query: string, form: Record<string, string>, cookie?: string, headers: Record<string, string> = GB) {
  return call(checkoutAction, makeRequest(`/billing/checkout${query ? `?${query}` : ''}`, { cookie, form, headers }))
}

export function getReturn(checkoutSessionId: string, cookie?: string) {
  return call(returnLoader, makeRequest(`/billing/return?session_id=${encodeURIComponent(checkoutSessionId)}`, { cookie }))
}

/** The Checkout Session id in the URL a POST redirected to (the fake's hosted page /c/pay/:id). */
export function checkoutIdOf(result: unknown) {
  const response = result as Response
  if (!(response instanceof Response) || response.status !== 303)
    throw new Error(`expected a 303 to Stripe, got ${JSON.stringify(result)}`)
  const location = response.headers.get('Location')!
  return { location, id: new URL(location).pathname.split('/').pop()! }
}

export async function isUnlocked(sessionId: string) {
  const [row] = await getDb().select({ unlocked: talkSessions.unlocked }).from(talkSessions).where(eq(talkSessions.id, sessionId))
  return row!.unlocked
}
