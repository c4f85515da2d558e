import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { OwnerLeave } from '~/lib/owner-leave'
import type { WorkspaceRole } from '~/lib/permissions'
import { createWorkspace } from '~/models/workspace-lifecycle.server'
import { loader as memberLoader } from '~/routes/app.team_.members.$userId'
import { action as workspaceAction, loader as workspaceLoader } from '~/routes/app.team_.workspace/route'
import { call, makeRequest, signedInAs } from './utils'

// The owner is told why they cannot leave (issue 29 Deliver 2): on the workspace page and on their
// own member page, in every kind of workspace, with the same words the server refuses a forged
// leave with — a personal workspace turned team included (before, it said nothing at all).

const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)

async function person(prefix: string) {
  const s = await signedInAs(`${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}
type Person = Awaited<ReturnType<typeof person>>

async function join(workspaceId: string, who: Person, role: WorkspaceRole) {
  await getDb().insert(workspaceMembers).values({ workspaceId, userId: who.id, role })
}

const teamPlan = (id: string) => getDb().update(workspaces).set({ plan: 'teams' }).where(eq(workspaces.id, id))

type Pages = { workspacePage: OwnerLeave | null; memberPage: OwnerLeave | null; canLeave: boolean }

async function ownerPages(owner: Person, workspaceId: string): Promise<Pages> {
  const page = dataOf<{ ownerLeave: OwnerLeave | null; canLeave: boolean }>(
    await call(workspaceLoader, makeRequest(`/app/team/workspace?workspace=${workspaceId}`, { cookie: owner.cookie })),
  )
  const own = dataOf<{ ownerLeave: OwnerLeave | null }>(
    await call(memberLoader, makeRequest(`/app/team/members/${owner.id}?workspace=${workspaceId}`, { cookie: owner.cookie }), {
      userId: owner.id,
    }),
  )
  return { workspacePage: page.ownerLeave, memberPage: own.ownerLeave, canLeave: page.canLeave }
}

/** A forged leave (the page shows the owner no Leave button): 403 and the page's own sentence. */
async function forgedLeave(owner: Person, workspaceId: string) {
  const res = await call(
    workspaceAction,
    makeRequest(`/app/team/workspace?workspace=${workspaceId}`, { cookie: owner.cookie, form: { intent: 'leave' } }),
  )
  const body = dataOf<{ leave?: { error?: Record<string, string[]> } }>(res)
  return { status: statusOf(res), errors: Object.values(body.leave?.error ?? {}).flat() }
}

const CANNOT = /^As the owner you cannot leave: a workspace always has an owner\./

describe('the owner reads why they cannot leave', () => {
  it('a personal workspace turned team, with an admin: both pages say so and point to the transfer; a forged leave gets the same words', async () => {
    const owner = await person('own')
    const [admin, member] = [await person('adm'), await person('mem')]
    await teamPlan(owner.id)
    await join(owner.id, admin, 'admin')
    await join(owner.id, member, 'member')

    const pages = await ownerPages(owner, owner.id)
    expect(pages.canLeave).toBe(false)
    expect(pages.workspacePage).toEqual({
      text: 'As the owner you cannot leave: a workspace always has an owner. To hand it on, offer the ownership to one of its admins; once they accept, you are an admin and can leave.',
      handOn: 'offer',
    })
    expect(pages.memberPage).toEqual(pages.workspacePage)
    expect(await forgedLeave(owner, owner.id)).toEqual({ status: 403, errors: [pages.workspacePage!.text] })
    // An admin is not told this (they can leave), nor does the owner read it on someone else's page.
    const adminView = dataOf<{ ownerLeave: unknown; canLeave: boolean }>(
      await call(workspaceLoader, makeRequest(`/app/team/workspace?workspace=${owner.id}`, { cookie: admin.cookie })),
    )
    expect(adminView).toMatchObject({ ownerLeave: null, canLeave: true })
    const othersPage = dataOf<{ ownerLeave: unknown }>(
      await call(memberLoader, makeRequest(`/app/team/members/${admin.id}?workspace=${owner.id}`, { cookie: owner.cookie }), {
        userId: admin.id,
      }),
    )
    expect(othersPage.ownerLeave).toBeNull()
  })

  it('a team workspace with members but no admin: make someone an admin first', async () => {
    const owner = await person('own')
    const id = await createWorkspace(owner, `Crew ${randomBytes(3).toString('hex')}`)
    await teamPlan(id)
    await join(id, await person('mem'), 'member')
    const pages = await ownerPages(owner, id)
    expect(pages.workspacePage?.handOn).toBe('make-admin')
    expect(pages.workspacePage?.text).toMatch(CANNOT)
    expect(pages.workspacePage?.text).toContain('make someone an admin first')
    expect(pages.memberPage).toEqual(pages.workspacePage)
    expect(await forgedLeave(owner, id)).toEqual({ status: 403, errors: [pages.workspacePage!.text] })
  })

  it('alone: the personal workspace stays theirs and goes only with the account; an owner-only team workspace stays theirs too', async () => {
    const owner = await person('solo')
    const personal = await ownerPages(owner, owner.id)
    expect(personal.workspacePage).toEqual({
      text: 'This is your own workspace: it stays yours, and goes only with your account (Settings → Close your account).',
      handOn: null,
    })
    expect(personal.memberPage).toEqual(personal.workspacePage)
    expect(await forgedLeave(owner, owner.id)).toEqual({ status: 403, errors: [personal.workspacePage!.text] })

    const id = await createWorkspace(owner, `Solo team ${randomBytes(3).toString('hex')}`)
    const team = await ownerPages(owner, id)
    expect(team.workspacePage?.text).toBe(
      'You are the only person in this workspace, so it stays yours: it goes only when you delete it or close your account.',
    )
    expect(team.memberPage).toEqual(team.workspacePage)
  })
})
