import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getConfig, resetConfig, type Config } from '~/config.server'
import { getDb } from '~/db/client.server'
import { billingSubscriptions } from '~/db/schema/billing'
import { workspaceInvitations } from '~/db/schema/invitations'
import { auditEvents, workspaces } from '~/db/schema/workspaces'
import { SEAT_MESSAGES } from '~/lib/billing'
import { seatRefusal } from '~/lib/invitations'
import { action as memberAction } from '~/routes/app.team_.members.$userId'
import { action as teamAction, loader as teamLoader } from '~/routes/app.team._index/route'
import { action as workspaceAction } from '~/routes/app.team_.workspace/route'
import { action as billingAction, loader as billingLoader } from '~/routes/app.settings_.billing/route'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import {
  dataOf,
  inWorkspace,
  join,
  person,
  seedCatalogue,
  statusOf,
  subscribe,
  team,
  toastOf,
  type Person,
  type Team,
} from './billing-settings-utils'
import { call, makeRequest } from './utils'

// Seats (issue 22 Deliver 1): "adding a member beyond the paid seats asks to add a seat (prorated),
// removing one lowers the seats at the next renewal", up to the Teams limit of 5; against the local
// fake of Stripe's API. The seats in our tables follow what Stripe then says (changeSeats converges).

let fake: FakeStripe
let base: Config
beforeAll(async () => {
  fake = await startFakeStripe()
  base = getConfig()
  resetConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE_URL: fake.url })
  await seedCatalogue()
})
afterAll(async () => {
  resetConfig(base)
  await fake.close()
})

let t: Team
beforeEach(async () => {
  t = await team()
})

type TeamPage = Awaited<ReturnType<typeof teamLoader>>
const teamPage = async (who: Person) =>
  dataOf<TeamPage>(await call(teamLoader, makeRequest(inWorkspace('/app/team', t.id), { cookie: who.cookie })))
const invite = (who: Person, email: string, intent = 'invite') =>
  call(
    teamAction,
    makeRequest(inWorkspace('/app/team?index', t.id), { cookie: who.cookie, form: { intent, email, role: 'member' } }),
  )

/** The subscription updates the fake received, as (quantity, proration behaviour). */
const updates = (subId: string) =>
  fake.requests
    .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`)
    .map((r) => {
      const body = r.body as { items?: { quantity?: string }[]; proration_behavior?: string }
      return { quantity: Number(body.items?.[0]?.quantity), proration: body.proration_behavior }
    })

async function stored(subId: string) {
  const [sub] = await getDb().select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subId))
  const [ws] = await getDb()
    .select({ plan: workspaces.plan, seats: workspaces.seats })
    .from(workspaces)
    .where(eq(workspaces.id, t.id))
  return { subscription: sub!.seats, workspace: ws!.seats, plan: ws!.plan }
}

const seatAudits = () =>
  getDb()
    .select({ data: auditEvents.data, actor: auditEvents.actorEmail })
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, t.id), eq(auditEvents.kind, 'seats.changed')))

describe('a member beyond the paid seats', () => {
  it('the owner is asked to add a seat (prorated, with its price); an admin is told to ask the owner', async () => {
    await subscribe(fake, t, 3)
    const owner = await teamPage(t.owner)
    expect(owner.manage?.seats.offer).toEqual({ canAdd: true, text: SEAT_MESSAGES.addSeat('£39 per seat a month') })
    const admin = await teamPage(t.admin)
    expect(admin.manage?.seats.offer).toEqual({ canAdd: false, text: SEAT_MESSAGES.askOwner })
  })

  it('adding a seat updates the subscription (quantity + 1, always_invoice), then invites; our seats follow', async () => {
    const sub = await subscribe(fake, t, 3)
    const res = await invite(t.owner, 'newcomer@example.com', 'add-seat')
    expect(statusOf(res)).toBe(302)
    expect((await toastOf(res))?.description).toMatch(
      /^A seat was added \(4 seats now\), prorated for the rest of this period\. Invitation sent to newcomer@example\.com\./,
    )
    expect(updates(sub.id)).toEqual([{ quantity: 4, proration: 'always_invoice' }])
    expect(await stored(sub.id)).toEqual({ subscription: 4, workspace: 4, plan: 'teams' })
    const invited = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, t.id))
    expect(invited.map((i) => i.email)).toEqual(['newcomer@example.com'])
    expect(await seatAudits()).toEqual([{ data: { from: 3, to: 4, when: 'now', reason: 'invitation' }, actor: t.owner.email }])
  })

  it('buys nothing for an invitation that would be refused anyway (already a member), nor when a seat is free', async () => {
    const sub = await subscribe(fake, t, 3)
    const res = await invite(t.owner, t.member.email, 'add-seat')
    expect(statusOf(res)).toBe(409)
    expect(updates(sub.id)).toEqual([])

    const roomy = await team()
    t = roomy
    const sub4 = await subscribe(fake, t, 4)
    expect((await teamPage(t.owner)).manage?.seats.offer).toBeNull()
    expect(statusOf(await invite(t.owner, 'fits@example.com', 'add-seat'))).toBe(302)
    expect(updates(sub4.id)).toEqual([])
  })

  it("only the owner adds seats: an admin's add-seat is 403 and nothing changes in Stripe", async () => {
    const sub = await subscribe(fake, t, 3)
    expect(statusOf(await invite(t.admin, 'x@example.com', 'add-seat'))).toBe(403)
    expect(updates(sub.id)).toEqual([])
  })

  it('at 5 seats the Teams limit says so as before, with no seat to add', async () => {
    await join(t.id, await person('fourth'), 'member')
    await join(t.id, await person('fifth'), 'member')
    const sub = await subscribe(fake, t, 5)
    const page = await teamPage(t.owner)
    expect(page.manage?.seats.offer).toBeNull()
    expect(page.manage?.seats.refusal).toBe(seatRefusal('teams', 5, 5, 0))
    const res = await invite(t.owner, 'sixth@example.com', 'add-seat')
    expect(statusOf(res)).toBe(409)
    expect(JSON.stringify(dataOf(res))).toContain(SEAT_MESSAGES.atLimit)
    expect(statusOf(await invite(t.owner, 'sixth@example.com'))).toBe(409)
    expect(updates(sub.id)).toEqual([])
  })
})

describe('a member removed or gone', () => {
  const remove = (target: Person) =>
    call(
      memberAction,
      makeRequest(inWorkspace(`/app/team/members/${target.id}`, t.id), {
        cookie: t.owner.cookie,
        form: { intent: 'remove', reassignTo: t.owner.id },
      }),
      { userId: target.id },
    )

  it('removing one lowers the seats at the next renewal (quantity − 1, no proration); our seats follow', async () => {
    const sub = await subscribe(fake, t, 3)
    const res = await remove(t.member)
    expect(statusOf(res)).toBe(302)
    expect((await toastOf(res))?.description).toBe(`Removed from the workspace. ${SEAT_MESSAGES.lowered(2)}`)
    expect(updates(sub.id)).toEqual([{ quantity: 2, proration: 'none' }])
    expect(await stored(sub.id)).toEqual({ subscription: 2, workspace: 2, plan: 'teams' })
    expect(await seatAudits()).toEqual([
      { data: { from: 3, to: 2, when: 'renewal', reason: 'member.removed' }, actor: t.owner.email },
    ])
  })

  it('leaving lowers them too; down to one seat is Professional', async () => {
    const sub = await subscribe(fake, t, 2)
    await getDb().delete(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, t.id))
    // Two members on two seats: the admin leaves.
    await call(
      memberAction,
      makeRequest(inWorkspace(`/app/team/members/${t.member.id}`, t.id), {
        cookie: t.owner.cookie,
        form: { intent: 'remove', reassignTo: t.owner.id },
      }),
      { userId: t.member.id },
    )
    expect(updates(sub.id)).toEqual([])
    const res = await call(
      workspaceAction,
      makeRequest(inWorkspace('/app/team/workspace', t.id), { cookie: t.admin.cookie, form: { intent: 'leave' } }),
    )
    expect(statusOf(res)).toBe(302)
    expect(updates(sub.id)).toEqual([{ quantity: 1, proration: 'none' }])
    expect(await stored(sub.id)).toEqual({ subscription: 1, workspace: 1, plan: 'pro' })
  })

  it('a Stripe failure keeps the removal; the owner is told and lowers the seats from Settings → Billing', async () => {
    const sub = await subscribe(fake, t, 3)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    fake.failNext(5, 500)
    const res = await remove(t.member)
    const errors = logged.mock.calls.length
    logged.mockRestore()
    expect(statusOf(res)).toBe(302)
    expect(errors).toBeGreaterThan(0)
    expect(await toastOf(res)).toEqual({ type: 'info', description: `Removed from the workspace. ${SEAT_MESSAGES.lowerFailed}` })
    expect(updates(sub.id).length).toBe(0)
    expect(await stored(sub.id)).toMatchObject({ subscription: 3, workspace: 3 })
    // The member is gone all the same.
    const page = dataOf<Awaited<ReturnType<typeof billingLoader>>>(
      await call(billingLoader, makeRequest(inWorkspace('/app/settings/billing', t.id), { cookie: t.owner.cookie })),
    )
    expect(page.seats).toMatchObject({ paid: 3, members: 2 })
    expect(page.lowerTo).toBe(2)
    const lowered = await call(
      billingAction,
      makeRequest(inWorkspace('/app/settings/billing', t.id), {
        cookie: t.owner.cookie,
        form: { intent: 'lower-seats', seats: '2' },
      }),
    )
    expect(statusOf(lowered)).toBe(302)
    expect(updates(sub.id)).toEqual([{ quantity: 2, proration: 'none' }])
    expect(await stored(sub.id)).toMatchObject({ subscription: 2, workspace: 2 })
  })

  it('never lowers below the seats in use, by a crafted POST either', async () => {
    const sub = await subscribe(fake, t, 4)
    const res = await call(
      billingAction,
      makeRequest(inWorkspace('/app/settings/billing', t.id), {
        cookie: t.owner.cookie,
        form: { intent: 'lower-seats', seats: '2' },
      }),
    )
    expect(statusOf(res)).toBe(400)
    expect(updates(sub.id)).toEqual([])
  })
})

describe('the billing portal', () => {
  it("the owner's button answers 303 to the fake's portal, returning to this workspace's billing page", async () => {
    await subscribe(fake, t, 3)
    const res = await call(
      billingAction,
      makeRequest(inWorkspace('/app/settings/billing', t.id), { cookie: t.owner.cookie, form: { intent: 'portal' } }),
    )
    expect(res).toBeInstanceOf(Response)
    const location = (res as Response).headers.get('Location')!
    expect((res as Response).status).toBe(303)
    expect(location.startsWith(`${fake.url}/p/session/`)).toBe(true)
    const created = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!
    expect((created.body as { return_url: string }).return_url).toBe(`http://localhost:3000/app/settings/billing?switch=${t.id}`)
  })
})
