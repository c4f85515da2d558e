import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { workspaces } from '~/db/schema/workspaces'
import { action as accountAction, loader as accountLoader } from '~/routes/admin.accounts.$id'
import type { FakeStripe } from '../fakes/stripe'
import { checkout, startBillingFake, stopBilling } from './billing-utils'
import { call, makeRequest, signedInAs } from './utils'

// "Sync from Stripe" on the admin account page (issue 22 Deliver 8) against the local Stripe fake:
// a payment our tables never heard of (no webhook, no return page) is read from Stripe and the
// workspace's plan converges; a manual plan still wins, and removing it hands back to billing.

const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

let fake: FakeStripe
let admin: { id: string; cookie: string }
let owner: { id: string; email: string }

beforeAll(async () => {
  fake = await startBillingFake()
})
afterAll(async () => {
  stopBilling()
  await fake.close()
})
beforeEach(async () => {
  const a = await signedInAs('admin@example.com', 'admin')
  admin = { id: a.user.id, cookie: a.cookie }
  const o = await signedInAs(`owner-${Math.random().toString(36).slice(2)}@example.com`)
  owner = { id: o.user.id, email: o.user.email }
})

const path = () => `/admin/accounts/${owner.id}`
const post = (form: Record<string, string>) =>
  call(accountAction, makeRequest(path(), { cookie: admin.cookie, form }), { id: owner.id })
const billing = async () =>
  dataOf<{ workspaces: Array<{ id: string; billing: { source: string; syncUnavailable: string | null } | null }> }>(
    await call(accountLoader, makeRequest(path(), { cookie: admin.cookie }), { id: owner.id }),
  ).workspaces.find((w) => w.id === owner.id)!.billing!
const plan = async () => (await getDb().select().from(workspaces).where(eq(workspaces.id, owner.id)))[0]!

describe('admin: Sync from Stripe', () => {
  it('reads a payment our tables missed and converges the plan; a manual plan still wins until removed', async () => {
    await fake.pay(await checkout(owner, { kind: 'plan', plan: 'pro', interval: 'monthly', seats: 2 }, 'GBP'))
    // Paid in Stripe, unknown here: no webhook reached us and the buyer never came back.
    expect(await billing()).toMatchObject({ source: 'Free', syncUnavailable: null })

    const reads = fake.requests.length
    const synced = await post({ intent: 'sync', workspaceId: owner.id })
    expect(locationOf(synced)).toBe(path())
    expect(fake.requests.slice(reads).some((r) => r.method === 'GET' && r.path === '/v1/subscriptions')).toBe(true)
    expect(await plan()).toMatchObject({ plan: 'teams', seats: 2 })
    expect((await billing()).source).toMatch(/^From Stripe: Teams, 2 seats, active, renews .+$/)

    await post({ intent: 'set-workspace-plan', workspaceId: owner.id, plan: 'organiser' })
    await post({ intent: 'sync', workspaceId: owner.id })
    expect(await plan()).toMatchObject({ plan: 'organiser', manualPlan: 'organiser' })

    await post({ intent: 'remove-manual-plan', workspaceId: owner.id })
    expect(await plan()).toMatchObject({ plan: 'teams', seats: 2, manualPlan: null })
  })

  it('shows a Stripe error as a message and changes nothing', async () => {
    await fake.pay(await checkout(owner, { kind: 'plan', plan: 'solo', interval: 'monthly', seats: 1 }, 'USD'))
    // More failures than the client's retries: Stripe answers 500 throughout.
    fake.failNext(10)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failed = await post({ intent: 'sync', workspaceId: owner.id })
    logged.mockRestore()
    fake.failNext(0)
    expect((failed as { init?: { status?: number } }).init?.status).toBe(502)
    expect(dataOf<{ error: string }>(failed).error).toMatch(/^Stripe could not be read/)
    expect(await plan()).toMatchObject({ plan: 'free' })
  })
})
