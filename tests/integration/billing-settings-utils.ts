import { randomBytes } from 'node:crypto'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { workspaceMembers } from '~/db/schema/workspaces'
import { LOOKUP_KEYS } from '~/lib/billing'
import type { WorkspaceRole } from '~/lib/permissions'
import type { Currency } from '~/lib/pricing'
import { convergeSubscriptions, listSubscriptions, saveBillingCustomer, type SubscriptionRow } from '~/models/billing.server'
import { createWorkspace } from '~/models/workspace-lifecycle.server'
import { stripeClient } from '~/platform/stripe.server'
import { fulfilCheckout } from '~/services/billing.server'
import { startCheckout } from '~/services/stripe-hosted-pages.server'
import { syncCatalogue } from '~/services/billing-catalogue.server'
import { getToast } from '~/services/toast.server'
import type { FakeStripe } from '../fakes/stripe'
import { signedInAs } from './utils'

// Fixtures of tests/integration/billing-settings*.test.ts and billing-seats*.test.ts: a team
// workspace with an owner, an admin and a member, and subscriptions stored as Stripe last said them.

export type Person = { id: string; email: string; cookie: string }
export type Team = { id: string; owner: Person; admin: Person; member: Person }

export async function person(prefix: string): Promise<Person> {
  const s = await signedInAs(`${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}

export async function join(workspaceId: string, who: Person, role: WorkspaceRole) {
  await getDb().insert(workspaceMembers).values({ workspaceId, userId: who.id, role })
}

/** A team workspace: its owner, plus an admin and a member unless `alone`. */
export async function team({ alone = false } = {}): Promise<Team> {
  const [owner, admin, member] = await Promise.all([person('owner'), person('admin'), person('member')])
  const id = await createWorkspace(owner, `Acme ${randomBytes(3).toString('hex')}`)
  if (!alone) {
    await join(id, admin, 'admin')
    await join(id, member, 'member')
  }
  return { id, owner, admin, member }
}

export const inWorkspace = (path: string, workspaceId: string) =>
  `${path}${path.includes('?') ? '&' : '?'}workspace=${workspaceId}`

const DAY = 24 * 60 * 60 * 1000

/** Stores a subscription as a sync would (customer first), and recomputes the plan and seats from it. */
export async function storeSubscription(workspaceId: string, over: Partial<SubscriptionRow> = {}) {
  const customerId = over.stripeCustomerId ?? `cus_${randomBytes(6).toString('hex')}`
  await saveBillingCustomer(workspaceId, customerId)
  const now = Date.now()
  const row: SubscriptionRow = {
    id: `sub_${randomBytes(6).toString('hex')}`,
    workspaceId,
    stripeCustomerId: customerId,
    status: 'active',
    plan: 'teams',
    lookupKey: LOOKUP_KEYS.seatMonthly,
    interval: 'month',
    seats: 2,
    currency: 'GBP',
    unitAmount: 3900,
    currentPeriodStart: new Date(now - 10 * DAY),
    currentPeriodEnd: new Date(now + 20 * DAY),
    paidThrough: new Date(now + 20 * DAY),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    stripeCreatedAt: new Date(now - 10 * DAY),
    ...over,
  }
  await convergeSubscriptions(workspaceId, [row], new Date())
  return row
}

export const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
export const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

/** The catalogue's prices in the fake Stripe, as `npm run billing:sync` makes them. */
export async function seedCatalogue() {
  await syncCatalogue(stripeClient()!, { launchDeadline: getConfig().launchOfferDeadline })
}

/** The owner buys Professional / Teams with these seats through Checkout, pays, and the return page fulfils it. */
export async function subscribe(fake: FakeStripe, t: Team, seats: number, currency: Currency = 'GBP') {
  const url = await startCheckout({
    buyer: { workspaceId: t.id, workspaceName: 'Acme', userId: t.owner.id, email: t.owner.email },
    currency,
    purchase: { kind: 'plan', plan: 'pro', interval: 'monthly', seats },
    cancelPath: '/pricing',
  })
  const checkoutId = new URL(url).pathname.split('/').pop()!
  await fake.pay(checkoutId)
  await fulfilCheckout(checkoutId)
  const [sub] = await listSubscriptions(t.id)
  return sub!
}

/** The flash message a redirect carries (the toast cookie, read as the next page would). */
export async function toastOf(res: unknown) {
  const cookie = (res as Response).headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } }))).toast
}
