import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { talks, talkSessions } from '~/db/schema/talks'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { WorkspaceRole } from '~/lib/permissions'
import { encodeShortCode } from '~/lib/short-link'
import { storageKey } from '~/services/storage.server'
import { closeAccount } from '~/models/account-closure.server'
import { getPublicSession } from '~/models/lead-capture.server'
import { changeMemberRole, leaveWorkspace, removeMember } from '~/models/memberships.server'
import { answerOwnershipOffer, cancelOwnershipOffer, offerOwnership } from '~/models/ownership.server'
import { createWorkspace } from '~/models/workspace-lifecycle.server'
import { loader as appLoader } from '~/routes/app'
import { loader as sessionsLoader } from '~/routes/app._index'
import { action as memberAction, loader as memberLoader } from '~/routes/app.team_.members.$userId'
import { action as workspaceAction, loader as workspacePageLoader } from '~/routes/app.team_.workspace/route'
import { action as newWorkspaceAction } from '~/routes/app.workspaces.new'
import { signUp } from './lead-capture-utils'
import { call, makeRequest, signedInAs } from './utils'

// Members and the workspace itself (issue 21 Deliver 2 and 6): role changes, removal (access ends at
// once; the work stays, reassigned), leaving, the ownership transfer and deleting a team workspace.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

type Person = { id: string; email: string; cookie: string }
type Team = { id: string; name: string; owner: Person; admin: Person; admin2: Person; member: Person; member2: Person }

async function person(prefix: string): Promise<Person> {
  const s = await signedInAs(`${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}

async function join(workspaceId: string, who: Person, role: WorkspaceRole) {
  await getDb().insert(workspaceMembers).values({ workspaceId, userId: who.id, role })
}

let team: Team

beforeEach(async () => {
  const [owner, admin, admin2, member, member2] = await Promise.all(
    ['owner', 'admin', 'admin2', 'member', 'member2'].map((p) => person(p)),
  )
  const name = `Acme ${randomBytes(3).toString('hex')}`
  const id = await createWorkspace(owner!, name)
  await getDb().update(workspaces).set({ plan: 'teams' }).where(eq(workspaces.id, id))
  await join(id, admin!, 'admin')
  await join(id, admin2!, 'admin')
  await join(id, member!, 'member')
  await join(id, member2!, 'member')
  team = { id, name, owner: owner!, admin: admin!, admin2: admin2!, member: member!, member2: member2! }
})

const inTeam = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${team.id}`
const memberPage = (target: Person) => `/app/team/members/${target.id}`
const postMember = (actor: Person, target: Person, form: Record<string, string>) =>
  call(memberAction, makeRequest(inTeam(memberPage(target)), { cookie: actor.cookie, form }), { userId: target.id })
const postWorkspace = (actor: Person, form: Record<string, string>, workspaceId = team.id) =>
  call(workspaceAction, makeRequest(`/app/team/workspace?workspace=${workspaceId}`, { cookie: actor.cookie, form }))

async function roleOf(who: Person, workspaceId = team.id) {
  const [row] = await getDb()
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, who.id)))
  return row?.role ?? null
}

async function audit(kind: string, workspaceId = team.id) {
  return getDb()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.kind, kind)))
}

/** A talk and a live session in the team, created and run by `runner`. */
async function seedWork(runner: Person, offerFileKey: string | null = null) {
  const [talk] = await getDb().insert(talks).values({ workspaceId: team.id, userId: runner.id, title: 'Team talk' }).returning()
  const [session] = await getDb()
    .insert(talkSessions)
    .values({
      workspaceId: team.id,
      userId: runner.id,
      talkId: talk!.id,
      code: encodeShortCode(randomBytes(9)),
      status: 'live',
      eventName: 'TeamConf',
      startsAt: new Date('2026-11-24T10:00:00Z'),
      timeZone: 'UTC',
      offerKind: offerFileKey ? 'file' : 'none',
      offerFileKey,
      fields: { company: true, jobTitle: false, phone: false, linkedin: false },
      questions: [],
      consentText: 'Notice',
      wentLiveAt: new Date(),
    })
    .returning()
  return { talk: talk!, session: session! }
}

describe('changing a role', () => {
  const cases: Array<[actor: keyof Team, target: keyof Team, to: WorkspaceRole, expected: string]> = [
    ['owner', 'admin', 'member', 'changed'],
    ['owner', 'member', 'admin', 'changed'],
    ['admin', 'member', 'admin', 'changed'],
    ['admin', 'admin2', 'member', 'changed'],
    ['admin', 'member', 'member', 'unchanged'],
    // Nobody grants ownership: it moves only by a confirmed transfer.
    ['owner', 'admin', 'owner', 'forbidden'],
    ['admin', 'member', 'owner', 'forbidden'],
    // The owner's role is not anyone's to change.
    ['admin', 'owner', 'member', 'forbidden'],
    ['admin', 'owner', 'admin', 'forbidden'],
    // Members manage nobody.
    ['member', 'member2', 'admin', 'forbidden'],
    ['member', 'admin', 'member', 'forbidden'],
    ['member', 'member2', 'member', 'forbidden'],
    // Nobody changes their own role.
    ['owner', 'owner', 'admin', 'self'],
    ['admin', 'admin', 'member', 'self'],
  ]
  for (const [actor, target, to, expected] of cases) {
    it(`${actor} → ${target} as ${to}: ${expected}`, async () => {
      const a = team[actor] as Person
      const t = team[target] as Person
      const before = await roleOf(t)
      expect(await changeMemberRole(team.id, a, t.id, to)).toBe(expected)
      expect(await roleOf(t)).toBe(expected === 'changed' ? to : before)
      const rows = await audit('member.role_changed')
      expect(rows).toHaveLength(expected === 'changed' ? 1 : 0)
      if (expected === 'changed') {
        expect(rows[0]).toMatchObject({ actorId: a.id, actorEmail: a.email, subject: t.email, data: { from: before, to } })
      }
    })
  }

  it('over HTTP: an admin saves a role (303 with a toast); a member is refused with 403; a role above theirs is 403 by the field', async () => {
    const ok = (await postMember(team.admin, team.member, { intent: 'role', role: 'admin' })) as Response
    expect(ok.status).toBe(302)
    expect(ok.headers.get('Location')).toBe(memberPage(team.member))
    expect(await roleOf(team.member)).toBe('admin')
    expect(statusOf(await postMember(team.member2, team.admin2, { intent: 'role', role: 'member' }))).toBe(403)
    const refused = await postMember(team.admin, team.owner, { intent: 'role', role: 'member' })
    expect(statusOf(refused)).toBe(403)
    expect(dataOf<{ role: { error: Record<string, string[]> } }>(refused).role.error.role?.[0]).toMatch(/can’t/)
    expect(statusOf(await postMember(team.admin, team.member2, { intent: 'role', role: 'owner' }))).toBe(400)
    expect(await roleOf(team.owner)).toBe('owner')
  })

  it('the member page: 404 for someone of another workspace; members see it without management forms', async () => {
    const outsider = await person('outsider')
    expect(
      statusOf(
        await call(memberLoader, makeRequest(inTeam(memberPage(outsider)), { cookie: team.admin.cookie }), {
          userId: outsider.id,
        }),
      ),
    ).toBe(404)
    expect(statusOf(await postMember(team.admin, outsider, { intent: 'remove', reassignTo: team.admin.id }))).toBe(404)
    expect(
      statusOf(
        await call(memberLoader, makeRequest(inTeam('/app/team/members/nope'), { cookie: team.admin.cookie }), {
          userId: 'nope',
        }),
      ),
    ).toBe(404)
    const asMember = dataOf<{ roles: unknown[]; reassignees: unknown[]; member: { email: string } }>(
      await call(memberLoader, makeRequest(inTeam(memberPage(team.member2)), { cookie: team.member.cookie }), {
        userId: team.member2.id,
      }),
    )
    expect(asMember.member.email).toBe(team.member2.email)
    expect(asMember.roles).toEqual([])
    expect(asMember.reassignees).toEqual([])
    const asAdmin = dataOf<{ roles: Array<{ value: string }>; reassignees: Array<{ value: string }> }>(
      await call(memberLoader, makeRequest(inTeam(memberPage(team.member2)), { cookie: team.admin.cookie }), {
        userId: team.member2.id,
      }),
    )
    expect(asAdmin.roles.map((r) => r.value)).toEqual(['admin', 'member'])
    expect(asAdmin.reassignees.map((r) => r.value)).not.toContain(team.member2.id)
    // The owner's page offers an admin nothing to change.
    const ownerPage = dataOf<{ roles: unknown[] }>(
      await call(memberLoader, makeRequest(inTeam(memberPage(team.owner)), { cookie: team.admin.cookie }), {
        userId: team.owner.id,
      }),
    )
    expect(ownerPage.roles).toEqual([])
  })
})

describe('removing a member', () => {
  it("ends the removed person's access at once: the same cookie with ?workspace= is 404, without it they are back in their own workspace", async () => {
    // The member has the team open, as the current workspace of their browser.
    const switched = (await call(
      sessionsLoader,
      makeRequest(`/app?switch=${team.id}`, { cookie: team.member.cookie }),
    )) as Response
    const workspaceCookie = switched.headers.get('Set-Cookie')!.split(';')[0]!
    const cookie = `${team.member.cookie}; ${workspaceCookie}`
    const before = dataOf<{ current: { id: string } }>(await call(appLoader, makeRequest('/app', { cookie })))
    expect(before.current.id).toBe(team.id)
    expect(statusOf(await call(sessionsLoader, makeRequest(inTeam('/app'), { cookie })))).toBe(200)

    const res = (await postMember(team.admin, team.member, { intent: 'remove', reassignTo: team.admin.id })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/app/team')

    expect(statusOf(await call(sessionsLoader, makeRequest(inTeam('/app'), { cookie })))).toBe(404)
    const after = dataOf<{ current: { id: string }; workspaces: Array<{ id: string }> }>(
      await call(appLoader, makeRequest('/app', { cookie })),
    )
    expect(after.current.id).toBe(team.member.id)
    expect(after.workspaces.map((w) => w.id)).toEqual([team.member.id])
    expect(await roleOf(team.member)).toBeNull()
    const [row] = await audit('member.removed')
    expect(row).toMatchObject({
      actorId: team.admin.id,
      subject: team.member.email,
      data: { reassignedTo: team.admin.email, role: 'member' },
    })
  })

  it('hands their talks and sessions to the chosen member: the code and attendee page keep working and new sign-ups land in the workspace', async () => {
    const { talk, session } = await seedWork(team.member)
    const res = await postMember(team.owner, team.member, { intent: 'remove', reassignTo: team.admin2.id })
    expect(statusOf(res)).toBe(302)
    const [movedSession] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id))
    expect(movedSession).toMatchObject({ userId: team.admin2.id, code: session.code, workspaceId: team.id, status: 'live' })
    const [movedTalk] = await getDb().select().from(talks).where(eq(talks.id, talk.id))
    expect(movedTalk!.userId).toBe(team.admin2.id)
    const publicSession = await getPublicSession(session.code)
    expect(publicSession?.id).toBe(session.id)
    await signUp(session)
    const captured = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    expect(captured).toHaveLength(1)
    expect(captured[0]!.ownerId).toBe(team.id)
    expect((await audit('member.removed'))[0]!.data).toMatchObject({ reassignedTo: team.admin2.email, talks: 1, sessions: 1 })
  })

  it('the reassignee must stay in the workspace: the removed person or an outsider is a 400 by the field and nothing changes', async () => {
    const { session } = await seedWork(team.member)
    const outsider = await person('outsider')
    for (const reassignTo of [team.member.id, outsider.id]) {
      const res = await postMember(team.admin, team.member, { intent: 'remove', reassignTo })
      expect(statusOf(res)).toBe(400)
      expect(dataOf<{ remove: { error: Record<string, string[]> } }>(res).remove.error.reassignTo).toEqual([
        'Choose someone who stays in the workspace',
      ])
    }
    expect(statusOf(await postMember(team.admin, team.member, { intent: 'remove', reassignTo: 'x' }))).toBe(400)
    expect(await roleOf(team.member)).toBe('member')
    expect((await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id)))[0]!.userId).toBe(team.member.id)
  })

  it('the owner can be neither removed nor leave; a member cannot remove anyone; an admin cannot remove themselves', async () => {
    expect(statusOf(await postMember(team.admin, team.owner, { intent: 'remove', reassignTo: team.admin.id }))).toBe(403)
    expect(statusOf(await postMember(team.member, team.member2, { intent: 'remove', reassignTo: team.member.id }))).toBe(403)
    expect(await removeMember(team.id, team.admin, team.admin.id, team.owner.id)).toBe('self')
    const leave = await postWorkspace(team.owner, { intent: 'leave' })
    expect(statusOf(leave)).toBe(403)
    expect(await roleOf(team.owner)).toBe('owner')
    expect(await roleOf(team.member2)).toBe('member')
    expect(await audit('member.removed')).toHaveLength(0)
  })
})

describe('leaving', () => {
  it('a member leaves: their work goes to the owner, and they are back in their own workspace', async () => {
    const { session } = await seedWork(team.member)
    const res = (await postWorkspace(team.member, { intent: 'leave' })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/app')
    expect(await roleOf(team.member)).toBeNull()
    expect((await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id)))[0]!.userId).toBe(team.owner.id)
    expect(await getPublicSession(session.code)).not.toBeNull()
    expect((await audit('member.left'))[0]).toMatchObject({
      actorId: team.member.id,
      data: { reassignedTo: team.owner.email, sessions: 1 },
    })
    expect(statusOf(await call(sessionsLoader, makeRequest(inTeam('/app'), { cookie: team.member.cookie })))).toBe(404)
  })
})

describe('transferring ownership', () => {
  const owners = async () =>
    (
      await getDb()
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, team.id), eq(workspaceMembers.role, 'owner')))
    ).map((r) => r.userId)
  const offeredTo = async () => (await getDb().select().from(workspaces).where(eq(workspaces.id, team.id)))[0]!.transferToUserId

  it('the owner offers it to an admin; only that admin can confirm; after it there is exactly one owner and the old one is an admin', async () => {
    expect(statusOf(await postWorkspace(team.owner, { intent: 'offer', toUserId: team.member.id }))).toBe(400)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'offer', toUserId: team.admin2.id }))).toBe(403)
    expect(statusOf(await postWorkspace(team.owner, { intent: 'offer', toUserId: team.admin.id }))).toBe(302)
    expect(await offeredTo()).toBe(team.admin.id)
    expect((await audit('ownership.offered'))[0]).toMatchObject({ actorId: team.owner.id, subject: team.admin.email })

    // The offered admin sees the banner; nobody else can answer in their place.
    const page = dataOf<{ offerFrom: string | null }>(
      await call(workspacePageLoader, makeRequest(inTeam('/app/team/workspace'), { cookie: team.admin.cookie })),
    )
    expect(page.offerFrom).toBe(team.owner.email)
    expect(statusOf(await postWorkspace(team.admin2, { intent: 'answer-offer', answer: 'accept' }))).toBe(409)
    expect(statusOf(await postWorkspace(team.owner, { intent: 'answer-offer', answer: 'accept' }))).toBe(409)
    expect(await owners()).toEqual([team.owner.id])

    expect(statusOf(await postWorkspace(team.admin, { intent: 'answer-offer', answer: 'accept' }))).toBe(302)
    expect(await owners()).toEqual([team.admin.id])
    expect(await roleOf(team.owner)).toBe('admin')
    expect(await offeredTo()).toBeNull()
    expect((await audit('ownership.transferred'))[0]).toMatchObject({
      actorId: team.admin.id,
      data: { from: team.owner.email, to: team.admin.email },
    })
    // The old owner can leave now; accepting twice does nothing.
    expect(await answerOwnershipOffer(team.id, team.admin, true)).toBe('not-offered')
    expect(statusOf(await postWorkspace(team.owner, { intent: 'leave' }))).toBe(302)
    expect(await owners()).toEqual([team.admin.id])
  })

  it('the offered admin declines; the owner cancels; demoting the admin withdraws the offer', async () => {
    await offerOwnership(team.id, team.owner, team.admin.id)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'answer-offer', answer: 'decline' }))).toBe(302)
    expect(await offeredTo()).toBeNull()
    expect(await owners()).toEqual([team.owner.id])
    expect(await audit('ownership.declined')).toHaveLength(1)

    await offerOwnership(team.id, team.owner, team.admin2.id)
    expect(statusOf(await postWorkspace(team.admin2, { intent: 'cancel-offer' }))).toBe(403)
    expect(statusOf(await postWorkspace(team.owner, { intent: 'cancel-offer' }))).toBe(302)
    expect(await offeredTo()).toBeNull()
    expect(await audit('ownership.cancelled')).toHaveLength(1)
    expect(statusOf(await postWorkspace(team.admin2, { intent: 'answer-offer', answer: 'accept' }))).toBe(409)

    await offerOwnership(team.id, team.owner, team.admin2.id)
    expect(await changeMemberRole(team.id, team.owner, team.admin2.id, 'member')).toBe('changed')
    expect(await offeredTo()).toBeNull()
    expect(await answerOwnershipOffer(team.id, team.admin2, true)).toBe('not-offered')
    expect(await owners()).toEqual([team.owner.id])
  })

  it('closing the account of someone who owns a team workspace with other members is refused until they hand it over', async () => {
    const { session } = await seedWork(team.owner)
    expect(await closeAccount(team.owner.id)).toBe('owns-team')
    expect(await owners()).toEqual([team.owner.id])
    await offerOwnership(team.id, team.owner, team.admin.id)
    expect(await answerOwnershipOffer(team.id, team.admin, true)).toBe('accepted')
    expect(await closeAccount(team.owner.id)).toBe('closed')
    // What they ran in the team stays there, with its new owner.
    const [kept] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id))
    expect(kept).toMatchObject({ userId: team.admin.id, code: session.code })
  })
})

describe('the workspace itself', () => {
  it('a new workspace: its creator is the owner, it is free and becomes current', async () => {
    const creator = await person('creator')
    const res = (await call(
      newWorkspaceAction,
      makeRequest('/app/workspaces/new', { cookie: creator.cookie, form: { name: '  Road   Crew ' } }),
    )) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/app/team/workspace')
    const [made] = await getDb().select().from(workspaces).where(eq(workspaces.name, 'Road Crew'))
    expect(made).toMatchObject({ personal: false, plan: 'free' })
    expect(res.headers.get('Set-Cookie')).toMatch(/lectern_workspace=/)
    const cookie = `${creator.cookie}; ${
      res.headers
        .get('Set-Cookie')!
        .split(', ')
        .find((c) => c.startsWith('lectern_workspace='))!
        .split(';')[0]
    }`
    expect(
      dataOf<{ current: { id: string; role: string } }>(await call(appLoader, makeRequest('/app', { cookie }))).current,
    ).toMatchObject({ id: made!.id, role: 'owner' })
    expect(await audit('workspace.created', made!.id)).toHaveLength(1)
    const empty = await call(
      newWorkspaceAction,
      makeRequest('/app/workspaces/new', { cookie: creator.cookie, form: { name: '   ' } }),
    )
    expect(statusOf(empty)).toBe(400)
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(empty).result.error.name).toEqual([
      'Enter a name for the workspace',
    ])
  })

  it('rename and "Members see every lead" are for admins: a member gets 403; each change is audited', async () => {
    expect(statusOf(await postWorkspace(team.member, { intent: 'rename', name: 'Mine now' }))).toBe(403)
    expect(statusOf(await postWorkspace(team.member, { intent: 'see-all-leads', membersSeeAllLeads: 'on' }))).toBe(403)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'rename', name: '' }))).toBe(400)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'rename', name: 'Acme Events' }))).toBe(302)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'see-all-leads', membersSeeAllLeads: 'on' }))).toBe(302)
    const [row] = await getDb().select().from(workspaces).where(eq(workspaces.id, team.id))
    expect(row).toMatchObject({ name: 'Acme Events', membersSeeAllLeads: true })
    expect((await audit('workspace.renamed'))[0]!.data).toEqual({ from: team.name, to: 'Acme Events' })
    expect((await audit('workspace.settings_changed'))[0]!.data).toEqual({ membersSeeAllLeads: true })
    // Unticked (the box sends nothing) turns it off.
    expect(statusOf(await postWorkspace(team.owner, { intent: 'see-all-leads' }))).toBe(302)
    expect((await getDb().select().from(workspaces).where(eq(workspaces.id, team.id)))[0]!.membersSeeAllLeads).toBe(false)
  })

  it('the language of attendee pages (issue 31) is for admins: a member gets 403, a bad value 400, each change audited', async () => {
    expect(statusOf(await postWorkspace(team.member, { intent: 'language', language: 'de' }))).toBe(403)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'language', language: 'xx' }))).toBe(400)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'language', language: 'pt' }))).toBe(302)
    expect((await getDb().select().from(workspaces).where(eq(workspaces.id, team.id)))[0]!.language).toBe('pt')
    expect((await audit('workspace.settings_changed'))[0]!.data).toEqual({ language: 'pt' })
    await postWorkspace(team.owner, { intent: 'language', language: 'en' })
  })

  it('deleting a team workspace: the typed name must match (400, nothing deleted); then everything goes, files after commit, the audit row stays', async () => {
    const offerFileKey = storageKey('offer.pdf')
    const { session } = await seedWork(team.member, offerFileKey)
    await signUp(session)
    expect(statusOf(await postWorkspace(team.admin, { intent: 'delete', confirmName: team.name }))).toBe(403)
    for (const confirmName of [undefined, '', 'acme', team.name.toUpperCase()]) {
      const res = await postWorkspace(
        team.owner,
        confirmName === undefined ? { intent: 'delete' } : { intent: 'delete', confirmName },
      )
      expect(statusOf(res)).toBe(400)
      expect(dataOf<{ delete: { error: Record<string, string[]> } }>(res).delete.error.confirmName).toEqual([
        'Type the workspace’s name to confirm',
      ])
    }
    expect(await getDb().select().from(workspaces).where(eq(workspaces.id, team.id))).toHaveLength(1)
    expect(await getDb().select().from(leads).where(eq(leads.ownerId, team.id))).toHaveLength(1)

    const res = (await postWorkspace(team.owner, { intent: 'delete', confirmName: ` ${team.name} ` })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/app')
    expect(await getDb().select().from(workspaces).where(eq(workspaces.id, team.id))).toHaveLength(0)
    expect(await getDb().select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, team.id))).toHaveLength(0)
    expect(await getDb().select().from(talkSessions).where(eq(talkSessions.workspaceId, team.id))).toHaveLength(0)
    expect(await getDb().select().from(leads).where(eq(leads.ownerId, team.id))).toHaveLength(0)
    expect(await getPublicSession(session.code)).toBeNull()
    const released = await getDb()
      .select({ key: sql<string>`${jobs.payload}->>'key'` })
      .from(jobs)
      .where(eq(jobs.kind, 'storage.delete'))
    expect(released.map((r) => r.key)).toContain(offerFileKey)
    expect((await audit('workspace.deleted'))[0]).toMatchObject({ actorId: team.owner.id, subject: team.name })
    // Everyone lands back in their own workspace.
    const after = dataOf<{ current: { id: string } }>(await call(appLoader, makeRequest('/app', { cookie: team.member.cookie })))
    expect(after.current.id).toBe(team.member.id)
  })

  it('a personal workspace is not deleted this way', async () => {
    const res = await postWorkspace(team.owner, { intent: 'delete', confirmName: team.owner.email }, team.owner.id)
    expect(statusOf(res)).toBe(400)
    expect(await getDb().select().from(workspaces).where(eq(workspaces.id, team.owner.id))).toHaveLength(1)
  })
})

describe('at the same moment (the workspace lock decides one after the other)', () => {
  /** Every talk and session of the team is run by someone still in it. */
  async function strandedWork() {
    const rows = await getDb().execute<{ n: number }>(
      sql`select count(*)::int as n from (select user_id from talks where workspace_id = ${team.id} union all select user_id from talk_sessions where workspace_id = ${team.id}) w where not exists (select 1 from workspace_members m where m.workspace_id = ${team.id} and m.user_id = w.user_id)`,
    )
    const list = Array.isArray(rows) ? rows : (rows as { rows: Array<{ n: number }> }).rows
    return Number(list[0]!.n)
  }

  it('two admins removing each other: exactly one goes, and nothing is left with someone who is gone', async () => {
    await seedWork(team.admin)
    await seedWork(team.admin2)
    const outcomes = await Promise.all([
      removeMember(team.id, team.admin, team.admin2.id, team.admin.id),
      removeMember(team.id, team.admin2, team.admin.id, team.admin2.id),
    ])
    expect(outcomes.filter((o) => o === 'removed')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'forbidden')).toHaveLength(1)
    expect([await roleOf(team.admin), await roleOf(team.admin2)].filter(Boolean)).toHaveLength(1)
    expect(await strandedWork()).toBe(0)
  })

  it('removing a member to an admin who leaves at that moment never hands the work to someone gone', async () => {
    await seedWork(team.member)
    const [removed, left] = await Promise.all([
      removeMember(team.id, team.owner, team.member.id, team.admin.id),
      leaveWorkspace(team.id, team.admin),
    ])
    expect(left).toBe('left')
    expect(['removed', 'bad-reassignee']).toContain(removed)
    expect(await strandedWork()).toBe(0)
  })

  it('an accept racing a cancel and a second accept: one outcome, exactly one owner', async () => {
    await offerOwnership(team.id, team.owner, team.admin.id)
    const outcomes = await Promise.all([
      answerOwnershipOffer(team.id, team.admin, true),
      cancelOwnershipOffer(team.id, team.owner),
      answerOwnershipOffer(team.id, team.admin, true),
    ])
    const owners = await getDb()
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, team.id), eq(workspaceMembers.role, 'owner')))
    expect(owners).toHaveLength(1)
    const accepted = outcomes.filter((o) => o === 'accepted').length
    expect(accepted).toBeLessThanOrEqual(1)
    expect(owners[0]!.userId).toBe(accepted ? team.admin.id : team.owner.id)
    expect(outcomes[1]).toBe(accepted ? 'forbidden' : 'cancelled')
  })
})
