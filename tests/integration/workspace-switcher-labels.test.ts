import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { accounts } from '~/db/schema/accounts'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { WorkspaceFrame } from '~/lib/workspace-frame'
import { answerOwnershipOffer, offerOwnership } from '~/models/ownership.server'
import { loader as appLoader } from '~/routes/app'
import { loader as workspacePageLoader } from '~/routes/app.team_.workspace/route'
import { call, makeRequest, signedInAs } from './utils'

// The switcher names workspaces truly (issue 29 Deliver 3): "(yours)" only for the one the viewer
// owns, any other with its owner's name (their display name, not their address) beside it. Before,
// every member of a personal workspace turned team read "X (your workspace)", the new owner after
// a transfer too.

const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

async function person(prefix: string, displayName?: string) {
  const s = await signedInAs(`${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  if (displayName) await getDb().insert(accounts).values({ userId: s.user.id, displayName })
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}

async function frame(who: { cookie: string }, workspaceId: string) {
  return dataOf<WorkspaceFrame>(await call(appLoader, makeRequest(`/app?workspace=${workspaceId}`, { cookie: who.cookie })))
}
const labelOf = (f: WorkspaceFrame, id: string) => f.workspaces.find((w) => w.id === id)?.label

describe('the switcher labels each workspace for the person viewing it', () => {
  it('owner "(yours)", member the name with the owner’s display name; after a transfer both flip', async () => {
    const ada = await person('ada', 'Ada Lovelace')
    const grace = await person('grace')
    // Ada's personal workspace turned team; Grace is an admin there and has her own.
    const name = `Ada Talks ${randomBytes(3).toString('hex')}`
    await getDb().update(workspaces).set({ name, plan: 'teams' }).where(eq(workspaces.id, ada.id))
    await getDb().insert(workspaceMembers).values({ workspaceId: ada.id, userId: grace.id, role: 'admin' })

    const adaSees = await frame(ada, ada.id)
    expect(adaSees.current.label).toBe(`${name} (yours)`)
    expect(labelOf(adaSees, ada.id)).toBe(`${name} (yours)`)

    const graceSees = await frame(grace, ada.id)
    expect(graceSees.current.label).toBe(`${name} (owner: Ada Lovelace)`)
    expect(labelOf(graceSees, ada.id)).toBe(`${name} (owner: Ada Lovelace)`)
    expect(labelOf(graceSees, grace.id)).toBe(`${grace.email} (yours)`)
    expect(JSON.stringify(graceSees.workspaces)).not.toContain(ada.email)
    expect(JSON.stringify([adaSees, graceSees])).not.toContain('your workspace')
    // The workspace page names it the same way.
    const page = dataOf<{ workspace: { label: string } }>(
      await call(workspacePageLoader, makeRequest(`/app/team/workspace?workspace=${ada.id}`, { cookie: grace.cookie })),
    )
    expect(page.workspace.label).toBe(`${name} (owner: Ada Lovelace)`)

    // Ada hands it to Grace: now it is Grace's, and Grace has no display name, so her address names her.
    expect(await offerOwnership(ada.id, ada, grace.id)).toBe('offered')
    expect(await answerOwnershipOffer(ada.id, grace, true)).toBe('accepted')
    expect((await frame(grace, ada.id)).current.label).toBe(`${name} (yours)`)
    const adaAfter = await frame(ada, ada.id)
    expect(adaAfter.current.label).toBe(`${name} (owner: ${grace.email})`)
    expect(adaAfter.current.roleLabel).toBe('Admin')
    const pageAfter = dataOf<{ workspace: { label: string } }>(
      await call(workspacePageLoader, makeRequest(`/app/team/workspace?workspace=${ada.id}`, { cookie: grace.cookie })),
    )
    expect(pageAfter.workspace.label).toBe(`${name} (yours)`)
  })
})
