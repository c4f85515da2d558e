import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getConfig, resetConfig, type Config } from '~/config.server'
import { getDb } from '~/db/client.server'
import { billingCustomers, sessionUnlocks } from '~/db/schema/billing'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { SYNC_UNAVAILABLE } from '~/lib/billing-admin'
import { convergeSubscriptions, type SubscriptionRow } from '~/models/billing.server'
import { refreshSessionUnlocked } from '~/models/session-unlocks.server'
import { action as accountAction, loader as accountLoader } from '~/routes/admin.accounts.$id'
import { loader as accountsLoader } from '~/routes/admin.accounts._index'
import { seedTalkAndSession } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'

// The site admin's account page with billing (issue 22 Deliver 8), from rows seeded directly:
// where each workspace's plan comes from, a manual plan over billing and removing it, the sync
// button's absence and its reasons, and sessions unlocked by a purchase apart from the admin's flag.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

type Page = {
  workspaces: Array<{
    id: string
    billing: {
      plan: string
      manualPlan: string | null
      source: string
      customer: { id: string; dashboardUrl: string } | null
      subscriptions: Array<{ id: string; status: string; amount: string }>
      unlocks: Array<{ sessionId: string; status: string; amount: string }>
      syncUnavailable: string | null
    } | null
  }>
  sessions: Array<{ id: string; unlocked: boolean; adminUnlocked: boolean; paid: boolean; unlockText: string }>
}

let base: Config
let speaker: { id: string; cookie: string }
let admin: { id: string; cookie: string }
const path = () => `/admin/accounts/${speaker.id}`
const page = async () =>
  dataOf<Page>(await call(accountLoader, makeRequest(path(), { cookie: admin.cookie }), { id: speaker.id }))
const personal = async () => (await page()).workspaces.find((w) => w.id === speaker.id)!.billing!
const post = (form: Record<string, string>, cookie = admin.cookie) =>
  call(accountAction, makeRequest(path(), { cookie, form }), { id: speaker.id })

function subscription(workspaceId: string, over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: `sub_${Math.random().toString(36).slice(2)}`,
    workspaceId,
    stripeCustomerId: `cus_${workspaceId.slice(0, 8)}`,
    status: 'active',
    plan: 'teams',
    lookupKey: 'lectern_seat_yearly',
    interval: 'year',
    seats: 3,
    currency: 'USD',
    unitAmount: 46_800,
    currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
    currentPeriodEnd: new Date('2027-11-01T00:00:00Z'),
    paidThrough: new Date('2027-11-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    stripeCreatedAt: new Date('2026-11-01T00:00:00Z'),
    ...over,
  }
}

/** Stores a subscription as a sync would (the customer first: converging needs it). */
async function seedSubscription(workspaceId: string, over: Partial<SubscriptionRow> = {}) {
  const row = subscription(workspaceId, over)
  await getDb().insert(billingCustomers).values({ workspaceId, stripeCustomerId: row.stripeCustomerId }).onConflictDoNothing()
  return convergeSubscriptions(workspaceId, [row], new Date())
}

beforeEach(async () => {
  base = getConfig()
  const s = await signedInAs(`speaker-${Math.random().toString(36).slice(2)}@example.com`)
  speaker = { id: s.user.id, cookie: s.cookie }
  const a = await signedInAs('admin@example.com', 'admin')
  admin = { id: a.user.id, cookie: a.cookie }
})

afterEach(() => resetConfig(base))

describe('admin account page: where the plan comes from', () => {
  it('shows Free, then the Stripe subscription with its customer link, then a manual plan over it', async () => {
    expect((await personal()).source).toBe('Free')
    await seedSubscription(speaker.id)
    const stripe = await personal()
    expect(stripe.source).toBe('From Stripe: Teams, 3 seats, active, renews on November 1, 2027')
    expect(stripe.customer).toEqual({
      id: `cus_${speaker.id.slice(0, 8)}`,
      currency: null,
      dashboardUrl: `https://dashboard.stripe.com/customers/cus_${speaker.id.slice(0, 8)}`,
    })
    expect(stripe.subscriptions).toEqual([
      expect.objectContaining({ status: 'active', amount: '$1,404 a year ($468 per seat × 3)' }),
    ])

    expect(locationOf(await post({ intent: 'set-workspace-plan', workspaceId: speaker.id, plan: 'organiser' }))).toBe(path())
    const manual = await personal()
    expect(manual.source).toBe('Manual plan (set by an admin): Event Organiser — overrides billing')
    expect(manual.manualPlan).toBe('organiser')
    expect((await getDb().select().from(workspaces).where(eq(workspaces.id, speaker.id)))[0]).toMatchObject({
      plan: 'organiser',
      manualPlan: 'organiser',
    })
    // The accounts list marks it.
    const list = dataOf<{ accounts: Array<{ id: string; plan: string; manualPlan: string | null }> }>(
      await call(accountsLoader, makeRequest('/admin/accounts', { cookie: admin.cookie })),
    )
    expect(list.accounts.find((a) => a.id === speaker.id)).toMatchObject({ plan: 'organiser', manualPlan: 'organiser' })
  })

  it('"Remove manual plan" returns to the subscription’s plan, or to Free without one', async () => {
    await post({ intent: 'set-workspace-plan', workspaceId: speaker.id, plan: 'organiser' })
    expect(locationOf(await post({ intent: 'remove-manual-plan', workspaceId: speaker.id }))).toBe(path())
    expect(await personal()).toMatchObject({ plan: 'free', manualPlan: null, source: 'Free' })

    await seedSubscription(speaker.id, { plan: 'pro', seats: 1 })
    await post({ intent: 'set-workspace-plan', workspaceId: speaker.id, plan: 'organiser' })
    expect((await personal()).plan).toBe('organiser')
    await post({ intent: 'remove-manual-plan', workspaceId: speaker.id })
    const back = await personal()
    expect(back).toMatchObject({ plan: 'pro', manualPlan: null })
    expect(back.source).toBe('From Stripe: Professional, 1 seat, active, renews on November 1, 2027')
    const [row] = await getDb().select().from(workspaces).where(eq(workspaces.id, speaker.id))
    expect(row).toMatchObject({ plan: 'pro', seats: 1, manualPlan: null })
  })

  it('shows billing only for workspaces the account owns, and acts only on those', async () => {
    const [team] = await getDb().insert(workspaces).values({ name: 'Other team' }).returning()
    await getDb().insert(workspaceMembers).values({ workspaceId: team!.id, userId: speaker.id, role: 'member' })
    const shown = (await page()).workspaces.find((w) => w.id === team!.id)!
    expect(shown.billing).toBeNull()
    expect(statusOf(await post({ intent: 'remove-manual-plan', workspaceId: team!.id }))).toBe(404)
    expect(statusOf(await post({ intent: 'sync', workspaceId: team!.id }))).toBe(404)
    expect(statusOf(await post({ intent: 'sync', workspaceId: 'nope' }))).toBe(400)
  })

  it('answers non-admins as the admin guard does: a redirect for the page, 403 for every action', async () => {
    const asSpeaker = await call(accountLoader, makeRequest(path(), { cookie: speaker.cookie }), { id: speaker.id })
    expect(statusOf(asSpeaker)).toBe(302)
    for (const intent of ['remove-manual-plan', 'sync']) {
      expect(statusOf(await post({ intent, workspaceId: speaker.id }, speaker.cookie))).toBe(403)
    }
    const signedOut = await call(accountAction, makeRequest(path(), { form: { intent: 'sync', workspaceId: speaker.id } }), {
      id: speaker.id,
    })
    expect(locationOf(signedOut)).toMatch(/^\/resources\/admin\/login\?return_to=/)
  })
})

describe('admin account page: Sync from Stripe', () => {
  it('is not offered without Stripe settings, and a posted sync says why (409, nothing changed)', async () => {
    await getDb().insert(billingCustomers).values({ workspaceId: speaker.id, stripeCustomerId: 'cus_nostripe' })
    expect((await personal()).syncUnavailable).toBe(SYNC_UNAVAILABLE.notConfigured)
    const refused = await post({ intent: 'sync', workspaceId: speaker.id })
    expect(statusOf(refused)).toBe(409)
    expect(dataOf<{ error: string }>(refused).error).toBe(SYNC_UNAVAILABLE.notConfigured)
  })

  it('is not offered for a workspace without a Stripe customer', async () => {
    resetConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_admin' })
    expect((await personal()).syncUnavailable).toBe(SYNC_UNAVAILABLE.noCustomer)
    const refused = await post({ intent: 'sync', workspaceId: speaker.id })
    expect(statusOf(refused)).toBe(409)
    expect(dataOf<{ error: string }>(refused).error).toBe(SYNC_UNAVAILABLE.noCustomer)
  })

  it('turns a Stripe that cannot be reached into a message (502), never a 500', async () => {
    // Nothing listens on port 9 of this machine: the SDK fails to connect.
    resetConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_admin', STRIPE_API_BASE_URL: 'http://127.0.0.1:9' })
    await getDb().insert(billingCustomers).values({ workspaceId: speaker.id, stripeCustomerId: 'cus_unreachable' })
    expect((await personal()).syncUnavailable).toBeNull()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failed = await post({ intent: 'sync', workspaceId: speaker.id })
    expect(statusOf(failed)).toBe(502)
    expect(dataOf<{ error: string }>(failed).error).toMatch(/^Stripe could not be read .*Nothing changed; try again later\.$/)
    expect(logged).toHaveBeenCalledWith('Sync from Stripe failed', expect.anything())
    logged.mockRestore()
  })
})

describe('admin account page: sessions unlocked by a purchase', () => {
  it('says "Unlocked (paid)"; the admin’s flag is apart, and "Lock again" leaves a paid session open', async () => {
    const { sessionId } = await seedTalkAndSession(speaker.id)
    await getDb()
      .insert(sessionUnlocks)
      .values({
        checkoutSessionId: `cs_${sessionId.slice(0, 8)}`,
        workspaceId: speaker.id,
        sessionId,
        status: 'paid',
        amount: 4900,
        currency: 'GBP',
        paidAt: new Date('2026-11-20T00:00:00Z'),
        readAt: new Date(),
      })
    await refreshSessionUnlocked(getDb(), sessionId)
    const before = await page()
    expect(before.sessions).toEqual([
      expect.objectContaining({ id: sessionId, unlocked: true, adminUnlocked: false, paid: true, unlockText: 'Unlocked (paid)' }),
    ])
    expect(before.workspaces.find((w) => w.id === speaker.id)!.billing!.unlocks).toEqual([
      expect.objectContaining({ sessionId, status: 'paid', amount: '£49' }),
    ])

    await post({ intent: 'unlock', sessionId })
    expect((await page()).sessions[0]).toMatchObject({ adminUnlocked: true, unlockText: 'Unlocked (paid, and by an admin)' })
    await post({ intent: 'lock', sessionId })
    const [row] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, sessionId))
    expect(row).toMatchObject({ adminUnlocked: false, unlocked: true })
    expect((await page()).sessions[0]!.unlockText).toBe('Unlocked (paid)')
  })
})
