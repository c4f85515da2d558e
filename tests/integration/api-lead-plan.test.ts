import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { contacts } from '~/db/schema/people'
import { workspaces } from '~/db/schema/workspaces'
import type { ApiContext, ApiOperation } from '~/services/api/operation.server'
import { LEAD_OPERATIONS } from '~/services/api/operations/leads.server'
import { apiClient, keyFor } from './api-calls'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'

// The plan gate behind the API's leads (issue 30; ARCHITECTURE decision 14). A free workspace has no
// API — its keys are refused by the wrapper — so no request reaches a locked lead; the operations
// still read through the models with the workspace's plan, which this test proves by running them
// with a free plan's context: a locked capture is never answered, a person seen only there is 404.

const op = (id: string) => LEAD_OPERATIONS.find((o) => o.operationId === id) as ApiOperation

function context(owner: { id: string; email: string }): ApiContext {
  const scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
  return {
    key: { id: 'direct', name: 'direct' },
    workspace: { id: owner.id, name: 'Free', plan: 'free', membersSeeAllLeads: false },
    actor: owner,
    role: 'owner',
    scopes: ['leads:read', 'leads:write'],
    scope,
    sessionsScope: { read: scope, change: scope },
    requestId: 'direct',
  }
}

const run = (id: string, ctx: ApiContext, input: { params?: unknown; query?: unknown; body?: unknown }) =>
  op(id).handler({ ctx, request: new Request('http://localhost:3000/api/v1'), ...input } as Parameters<
    ApiOperation['handler']
  >[0])

describe('locked leads and the API', () => {
  it('a free workspace’s key is refused; its operations never answer a locked capture', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const key = await keyFor(owner.id, owner, ['leads:read'])
    const { session } = await createLiveSession(owner.id)
    const { session: other } = await createLiveSession(owner.id, { eventName: 'Second' })
    const visible = [attendeeEmail(), attendeeEmail(), attendeeEmail()]
    for (const email of visible) await signUp(session, { email })
    const locked = attendeeEmail()
    const mixed = attendeeEmail()
    await signUp(session, { email: locked, company: 'Locked Ltd' })
    await signUp(session, { email: mixed, company: 'Hidden Inc' })
    await signUp(other, { email: mixed, company: 'Shown Inc' })
    await getDb().update(workspaces).set({ plan: 'free' }).where(eq(workspaces.id, owner.id))
    expect((await apiClient(key)('GET', '/leads')).status).toBe(403)

    const ctx = context(owner)
    const list = (await run('listLeads', ctx, { query: { limit: 100 } })) as { data: { email: string; captures: unknown[] }[] }
    expect(list.data.map((l) => l.email)).toEqual([mixed, ...[...visible].reverse()])
    expect(list.data[0]!.captures).toHaveLength(1)
    expect(JSON.stringify(list)).not.toMatch(/Locked Ltd|Hidden Inc/)
    const [person] = await getDb()
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerId, owner.id), eq(contacts.email, locked)))
    await expect(run('getLead', ctx, { params: { id: person!.id } })).rejects.toMatchObject({ status: 404 })
    await expect(run('updateLead', ctx, { params: { id: person!.id }, body: { status: 'lost' } })).rejects.toMatchObject({
      status: 404,
    })
    await expect(run('createLeadNote', ctx, { params: { id: person!.id }, body: { body: 'x' } })).rejects.toMatchObject({
      status: 404,
    })
  })
})
