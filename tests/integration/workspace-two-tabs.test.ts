import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { talks } from '~/db/schema/talks'
import { action as newTalkAction } from '~/routes/app.talks.new'
import { action as leadsAction } from '~/routes/app.leads._index/route'
import { call, makeRequest } from './utils'
import { cookieFor, twoWorkspaces } from './workspace-fixtures'

// Issue 21 Deliver 5: two tabs on two workspaces stay correct. Tab 1 showed workspace A; tab 2 then
// switched the browser's current workspace (the cookie) to another one. A form of tab 1 posts with
// `?workspace=A` (WorkspaceForm), so it writes into A whatever the cookie says; a `?workspace=` the
// person is not a member of is a 404 that writes nothing.

type Fx = Awaited<ReturnType<typeof twoWorkspaces>>
let fx: Fx
/** The member of A with their own personal workspace as the current one (the other tab's switch). */
let switchedAway: string

beforeAll(async () => {
  fx = await twoWorkspaces()
  switchedAway = await cookieFor(fx.users.memberA.id, fx.users.memberA.id)
})

const talksOf = (workspaceId: string) => getDb().select().from(talks).where(eq(talks.workspaceId, workspaceId))

describe('a form writes where its page showed', () => {
  it("writes into the form's workspace, not the cookie's", async () => {
    const before = (await talksOf(fx.A.id)).length
    const result = (await call(
      newTalkAction,
      makeRequest(`/app/talks/new?workspace=${fx.A.id}`, {
        cookie: switchedAway,
        form: { title: 'Written from tab 1', abstract: '', tag: '' },
      }),
    )) as Response
    expect(result.status).toBe(302)
    const inA = await talksOf(fx.A.id)
    expect(inA).toHaveLength(before + 1)
    expect(inA.find((t) => t.title === 'Written from tab 1')?.userId).toBe(fx.users.memberA.id)
    expect((await talksOf(fx.users.memberA.id)).some((t) => t.title === 'Written from tab 1')).toBe(false)
  })

  it("without ?workspace= the cookie's workspace is the one written (the check above can fail)", async () => {
    await call(
      newTalkAction,
      makeRequest('/app/talks/new', { cookie: switchedAway, form: { title: 'Written from tab 2', abstract: '', tag: '' } }),
    )
    expect((await talksOf(fx.users.memberA.id)).some((t) => t.title === 'Written from tab 2')).toBe(true)
    expect((await talksOf(fx.A.id)).some((t) => t.title === 'Written from tab 2')).toBe(false)
  })

  it('a workspace the person is not in: 404, nothing written', async () => {
    const beforeB = (await talksOf(fx.B.id)).length
    const beforeOwn = (await talksOf(fx.users.memberA.id)).length
    const result = (await call(
      newTalkAction,
      makeRequest(`/app/talks/new?workspace=${fx.B.id}`, {
        cookie: switchedAway,
        form: { title: 'Into B', abstract: '', tag: '' },
      }),
    )) as Response
    expect(result.status).toBe(404)
    expect(await talksOf(fx.B.id)).toHaveLength(beforeB)
    expect(await talksOf(fx.users.memberA.id)).toHaveLength(beforeOwn)
    // Not a workspace id at all: the same answer.
    const junk = (await call(
      newTalkAction,
      makeRequest('/app/talks/new?workspace=not-a-workspace', { cookie: switchedAway, form: { title: 'Into nowhere' } }),
    )) as Response
    expect(junk.status).toBe(404)
  })

  it("a bulk action of tab 1 reaches A's people, with the member's scope there", async () => {
    const ids = [fx.A.people.memberOnly!.id]
    const form = { intent: 'add-tag', tag: 'tab-one', ids }
    const inA = (await call(
      leadsAction,
      makeRequest(`/app/leads?workspace=${fx.A.id}`, { cookie: switchedAway, form }),
    )) as Response
    expect(inA.status).toBe(302)
    // The same form without the workspace lands in the member's own workspace, where that person is not.
    const elsewhere = (await call(leadsAction, makeRequest('/app/leads', { cookie: switchedAway, form }))) as Response
    expect(elsewhere.status).toBe(404)
    // And the member's scope still holds in A: the owner's person is not theirs to tag.
    const notTheirs = (await call(
      leadsAction,
      makeRequest(`/app/leads?workspace=${fx.A.id}`, {
        cookie: switchedAway,
        form: { ...form, ids: [fx.A.people.ownerOnly.id] },
      }),
    )) as Response
    expect(notTheirs.status).toBe(404)
  })
})
