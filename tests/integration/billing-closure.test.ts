import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { billingCustomers, billingSubscriptions } from '~/db/schema/billing'
import { workspaces } from '~/db/schema/workspaces'
import { closeAccount } from '~/models/account-closure.server'
import { createWorkspace, deleteWorkspace } from '~/models/workspace-lifecycle.server'
import { createOwner } from './lead-capture-utils'

// A workspace whose subscription renews is not deleted, nor the account that owns it closed, until
// the subscription is canceled (issue 22): Stripe would go on charging for a workspace that is gone.

async function subscribe(workspaceId: string, over: Partial<typeof billingSubscriptions.$inferInsert> = {}) {
  const customer = `cus_closure_${workspaceId.slice(0, 8)}`
  await getDb().insert(billingCustomers).values({ workspaceId, stripeCustomerId: customer, currency: 'USD' })
  const now = Date.now()
  const id = `sub_closure_${workspaceId.slice(0, 8)}`
  await getDb()
    .insert(billingSubscriptions)
    .values({
      id,
      workspaceId,
      stripeCustomerId: customer,
      status: 'active',
      plan: 'teams',
      lookupKey: 'lectern_seat_monthly',
      interval: 'month',
      seats: 2,
      currency: 'USD',
      unitAmount: 4900,
      currentPeriodStart: new Date(now - 86_400_000),
      currentPeriodEnd: new Date(now + 29 * 86_400_000),
      paidThrough: new Date(now + 29 * 86_400_000),
      stripeCreatedAt: new Date(now - 86_400_000),
      ...over,
    })
  return id
}

const person = async (id: string) => {
  const [u] = await getDb().select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id))
  return u!
}

describe('a renewing subscription is canceled before its workspace goes', () => {
  it('refuses to delete a team workspace until the subscription is set to cancel', async () => {
    const owner = await createOwner()
    const actor = await person(owner.id)
    const id = await createWorkspace(actor, 'Paid Team')
    const sub = await subscribe(id)
    expect(await deleteWorkspace(id, actor, 'Paid Team')).toBe('subscribed')
    expect(await getDb().select().from(workspaces).where(eq(workspaces.id, id))).toHaveLength(1)
    await getDb().update(billingSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(billingSubscriptions.id, sub))
    expect(await deleteWorkspace(id, actor, 'Paid Team')).toBe('deleted')
  })

  it('refuses to close an account whose own workspace renews; a canceled one does not stop it', async () => {
    const owner = await createOwner()
    const sub = await subscribe(owner.id, { status: 'past_due' })
    expect(await closeAccount(owner.id)).toBe('subscribed')
    expect(await getDb().select().from(users).where(eq(users.id, owner.id))).toHaveLength(1)
    await getDb().update(billingSubscriptions).set({ status: 'canceled' }).where(eq(billingSubscriptions.id, sub))
    expect(await closeAccount(owner.id)).toBe('closed')
  })
})
