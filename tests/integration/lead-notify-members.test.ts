import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { currentWorkspaceCookie } from '~/auth/workspace.server'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { LeadNotifyMode } from '~/lib/constants'
import type { WorkspaceRole } from '~/lib/permissions'
import { deletePerson } from '~/models/lead-follow-up.server'
import { loader as leadsLoader } from '~/routes/app.sessions.$id_.leads'
import { action as settingsAction, loader as settingsLoader } from '~/routes/app.settings'
import { runLeadDigests } from '~/services/lead-digest.server'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, signUp } from './lead-capture-utils'
import { call, createUser, makeRequest, sessionCookie } from './utils'

// Notifications are per member (issue 21 Deliver 9): every member who can see a capture — owner and
// admins always, a member at the sessions they run or when the workspace lets members see every
// lead — hears about it by their own mode; links in the emails open the right workspace (Deliver 5).

const HOUR = 60 * 60 * 1000

// runLeadDigests serves every workspace: what a test leaves owed is sent now, not in the next test.
afterEach(async () => {
  await runLeadDigests(new Date(Date.now() + 1000 * 24 * HOUR))
})

async function addMember(workspaceId: string, role: WorkspaceRole, leadNotify: LeadNotifyMode = 'instant') {
  const user = await createUser(`${role}-${attendeeEmail()}`)
  await getDb().insert(workspaceMembers).values({ workspaceId, userId: user.id, role, leadNotify })
  return user
}

/** A pro team: the owner runs S2, a member runs S1 (sessions of the owner's workspace). */
async function team(modes: { owner?: LeadNotifyMode; member?: LeadNotifyMode } = {}) {
  const owner = await createOwner(undefined, { plan: 'pro', leadNotify: modes.owner ?? 'instant' })
  const member = await addMember(owner.id, 'member', modes.member)
  const { session: s1 } = await createLiveSession(owner.id, { userId: member.id, eventName: 'Member Conf' })
  const { session: s2 } = await createLiveSession(owner.id, { eventName: 'Owner Conf' })
  return { owner, member, s1, s2 }
}

const notifications = async (email: string) => (await outboxTo(email)).filter((m) => m.subject.startsWith('New lead'))

describe('instant notifications per member', () => {
  it('reach every member on instant who can see the capture, one email each, linked to it', async () => {
    const { owner, member, s1, s2 } = await team()
    const admin = await addMember(owner.id, 'admin')
    await signUp(s1, { first_name: 'Ada' })
    // The member runs S1: the owner, the admin and the member hear about it.
    for (const person of [owner, member, admin]) {
      const mails = await notifications(person.email)
      expect(mails.map((m) => m.subject)).toEqual(['New lead: Ada at Engines of Tomorrow · Member Conf'])
      expect(mails[0]!.text).toContain(`/app/sessions/${s1.id}/leads?switch=${owner.id}`)
    }
    const [lead] = await getDb().select().from(leads).where(eq(leads.sessionId, s1.id))
    expect(new Set(lead!.notifiedMembers)).toEqual(new Set([owner.id, member.id, admin.id]))
    const queued = await getDb().select().from(jobs).where(eq(jobs.kind, 'email'))
    const aboutIt = queued.filter((j) => j.leadIds?.includes(lead!.id))
    // The attendee's confirmation and three notifications, every one linked to the capture.
    expect(aboutIt).toHaveLength(4)

    // S2 is the owner's: the member does not see it, so hears nothing.
    await signUp(s2, { first_name: 'Bea' })
    expect((await notifications(owner.email)).map((m) => m.subject)).toContain(
      'New lead: Bea at Engines of Tomorrow · Owner Conf',
    )
    expect((await notifications(admin.email)).map((m) => m.subject)).toContain(
      'New lead: Bea at Engines of Tomorrow · Owner Conf',
    )
    expect(await notifications(member.email)).toHaveLength(1)

    // "Members see every lead": now the member hears about S2 too.
    await getDb().update(workspaces).set({ membersSeeAllLeads: true }).where(eq(workspaces.id, owner.id))
    await signUp(s2, { first_name: 'Cy' })
    expect((await notifications(member.email)).map((m) => m.subject)).toContain(
      'New lead: Cy at Engines of Tomorrow · Owner Conf',
    )
  })

  it('a member on off, hourly or daily gets no instant email; a solo speaker gets exactly one as before', async () => {
    const { owner, member, s1 } = await team({ owner: 'off', member: 'daily' })
    await signUp(s1)
    expect(await outboxTo(owner.email)).toEqual([])
    expect(await outboxTo(member.email)).toEqual([])
    const [lead] = await getDb().select().from(leads).where(eq(leads.sessionId, s1.id))
    expect(lead).toMatchObject({ notifiedAt: null, notifiedMembers: null })

    const solo = await createOwner()
    const { session } = await createLiveSession(solo.id)
    await signUp(session)
    const mails = await outboxTo(solo.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toBe(solo.email)
  })
})

describe('digests per member', () => {
  it('a member on daily gets one digest listing only the captures they can see; the owner on off gets nothing', async () => {
    const { owner, member, s1, s2 } = await team({ owner: 'off', member: 'daily' })
    await signUp(s1, { first_name: 'Ada' })
    await signUp(s2, { first_name: 'Bea' })
    const now = new Date()
    expect(await runLeadDigests(now)).toBe(1)
    const digests = await outboxTo(member.email)
    expect(digests).toHaveLength(1)
    expect(digests[0]!.subject).toBe('1 new lead in your daily digest')
    expect(digests[0]!.text).toContain('Ada <')
    expect(digests[0]!.text).not.toContain('Bea')
    expect(digests[0]!.text).toContain(`/app/sessions/${s1.id}/leads?switch=${owner.id}`)
    expect(await outboxTo(owner.email)).toEqual([])
    // Nothing more is owed to the member: the next day's run has nothing for them.
    expect(await runLeadDigests(new Date(now.getTime() + 25 * HOUR))).toBe(0)
    await signUp(s1, { first_name: 'Cy' })
    expect(await runLeadDigests(new Date(now.getTime() + 26 * HOUR))).toBe(1)
    const next = (await outboxTo(member.email)).find((m) => m.text.includes('Cy <'))!
    expect(next.text).not.toContain('Ada <')

    // The owner switches to daily: their first digest has everything they can see and were not told.
    await getDb()
      .update(workspaceMembers)
      .set({ leadNotify: 'daily' })
      .where(and(eq(workspaceMembers.workspaceId, owner.id), eq(workspaceMembers.userId, owner.id)))
    expect(await runLeadDigests(new Date(now.getTime() + 27 * HOUR))).toBe(1)
    const [ownerDigest] = await outboxTo(owner.email)
    expect(ownerDigest!.subject).toBe('3 new leads in your daily digest')
  })

  it('instant and digest members of one workspace: each capture reaches each member once', async () => {
    const { owner, member, s1 } = await team({ owner: 'instant', member: 'hourly' })
    await signUp(s1, { first_name: 'Ada' })
    expect(await notifications(owner.email)).toHaveLength(1)
    expect(await runLeadDigests()).toBe(1)
    expect((await outboxTo(member.email))[0]!.text).toContain('Ada <')
    // The owner was told at once: switching to hourly does not repeat it.
    await getDb()
      .update(workspaceMembers)
      .set({ leadNotify: 'hourly' })
      .where(and(eq(workspaceMembers.workspaceId, owner.id), eq(workspaceMembers.userId, owner.id)))
    expect(await runLeadDigests()).toBe(0)
    expect(await outboxTo(owner.email)).toHaveLength(1)
  })

  it('a member who joins later is not sent the workspace’s earlier captures', async () => {
    const owner = await createOwner(undefined, { plan: 'pro', leadNotify: 'off' })
    const { session } = await createLiveSession(owner.id)
    await signUp(session, { first_name: 'Before' })
    const admin = await addMember(owner.id, 'admin', 'daily')
    await signUp(session, { first_name: 'After' })
    expect(await runLeadDigests()).toBe(1)
    const [digest] = await outboxTo(admin.email)
    expect(digest!.text).toContain('After <')
    expect(digest!.text).not.toContain('Before')
  })

  it('several runners at once: one digest per member, never two', async () => {
    const { owner, member, s1 } = await team({ owner: 'hourly', member: 'hourly' })
    await signUp(s1, { first_name: 'Ada' })
    await signUp(s1, { first_name: 'Bea' })
    const now = new Date()
    const sent = await Promise.all([runLeadDigests(now), runLeadDigests(now), runLeadDigests(now)])
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2)
    for (const person of [owner, member]) {
      const digests = await outboxTo(person.email)
      expect(digests.map((d) => d.subject)).toEqual(['2 new leads in your hourly digest'])
    }
    const rows = await getDb().select().from(leads).where(eq(leads.sessionId, s1.id))
    for (const row of rows) expect(new Set(row.notifiedMembers)).toEqual(new Set([owner.id, member.id]))
  })
})

describe('erasure reaches every member’s copy', () => {
  it('deletes each member’s instant email about the capture', async () => {
    const { owner, member, s1 } = await team()
    const email = attendeeEmail()
    await signUp(s1, { first_name: 'Zelda', email })
    await signUp(s1, { first_name: 'Otto' })
    expect(await notifications(owner.email)).toHaveLength(2)
    expect(await notifications(member.email)).toHaveLength(2)
    await erasePerson(owner.id, email)
    for (const person of [owner, member]) {
      const left = await notifications(person.email)
      expect(left.map((m) => m.subject)).toEqual(['New lead: Otto at Engines of Tomorrow · Member Conf'])
    }
  })

  it('cancels each member’s pending digest naming it; each gets the others again, without it', async () => {
    const { owner, member, s1 } = await team({ owner: 'hourly', member: 'daily' })
    const email = attendeeEmail()
    await signUp(s1, { first_name: 'Zelda', email })
    await signUp(s1, { first_name: 'Otto' })
    expect(await runLeadDigests()).toBe(2)
    expect(await outboxTo(owner.email)).toHaveLength(1)
    expect(await outboxTo(member.email)).toHaveLength(1)

    await erasePerson(owner.id, email)
    expect(await outboxTo(owner.email)).toEqual([])
    expect(await outboxTo(member.email)).toEqual([])
    const [otto] = await getDb().select().from(leads).where(eq(leads.sessionId, s1.id))
    expect(otto).toMatchObject({ firstName: 'Otto', notifiedMembers: null, notifiedAt: null })
    const memberships = await getDb().select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.id))
    expect(memberships.map((m) => m.lastDigestAt)).toEqual([null, null])

    expect(await runLeadDigests()).toBe(2)
    for (const person of [owner, member]) {
      const [digest] = await outboxTo(person.email)
      expect(digest!.text).toContain('Otto <')
      expect(digest!.text).not.toContain('Zelda')
    }
  })
})

describe('links in the emails open the right workspace', () => {
  it('a member whose browser is in another workspace lands on the session’s leads there; a non-member gets 404', async () => {
    const { owner, member, s1 } = await team()
    await signUp(s1, { first_name: 'Ada' })
    const [mail] = await notifications(member.email)
    const link = new URL(/(http\S+\/leads\?switch=\S+)/.exec(mail!.text)![1]!)
    expect(link.searchParams.get('switch')).toBe(owner.id)
    const path = `${link.pathname}${link.search}`

    // The member's browser was last in their own workspace.
    const session = await sessionCookie(member.id)
    const elsewhere = (await currentWorkspaceCookie(member.id)).split(';')[0]!
    const opened = (await call(leadsLoader, makeRequest(path, { cookie: `${session}; ${elsewhere}` }), { id: s1.id })) as Response
    expect(opened.status).toBe(302)
    expect(opened.headers.get('Location')).toBe(`/app/sessions/${s1.id}/leads`)
    const current = opened.headers.get('Set-Cookie')!.split(';')[0]!
    const page = await call(leadsLoader, makeRequest(opened.headers.get('Location')!, { cookie: `${session}; ${current}` }), {
      id: s1.id,
    })
    expect(page).toMatchObject({ session: { id: s1.id }, total: 1, leads: [{ firstName: 'Ada' }] })
    // Without the link's switch, the browser's workspace does not hold that session.
    const before = (await call(leadsLoader, makeRequest(link.pathname, { cookie: `${session}; ${elsewhere}` }), {
      id: s1.id,
    })) as Response
    expect(before.status).toBe(404)

    const stranger = await createOwner()
    const refused = (await call(leadsLoader, makeRequest(path, { cookie: await sessionCookie(stranger.id) }), {
      id: s1.id,
    })) as Response
    expect(refused.status).toBe(404)
  })
})

describe('Settings → new-lead emails', () => {
  it('saves the mode of the workspace the page showed, and says so to someone in more than one', async () => {
    const { owner, member } = await team()
    const cookie = await sessionCookie(member.id)
    const inTeam = `/app/settings?workspace=${owner.id}`
    const page = (await call(settingsLoader, makeRequest(inTeam, { cookie }))) as { notifyWorkspace: string | null }
    const [workspace] = await getDb().select().from(workspaces).where(eq(workspaces.id, owner.id))
    expect(page.notifyWorkspace).toBe(workspace!.name)
    const saved = (await call(settingsAction, makeRequest(inTeam, { cookie, form: { leadNotify: 'daily' } }))) as Response
    expect(saved.status).toBe(302)
    const rows = await getDb().select().from(workspaceMembers).where(eq(workspaceMembers.userId, member.id))
    expect(Object.fromEntries(rows.map((r) => [r.workspaceId, r.leadNotify]))).toEqual({
      [owner.id]: 'daily',
      [member.id]: 'instant',
    })
    // One workspace: the page stays as it was.
    const solo = await createOwner()
    const own = (await call(settingsLoader, makeRequest('/app/settings', { cookie: await sessionCookie(solo.id) }))) as {
      notifyWorkspace: string | null
    }
    expect(own.notifyWorkspace).toBeNull()
  })
})

async function erasePerson(workspaceId: string, email: string) {
  const [person] = await getDb()
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.ownerId, workspaceId), eq(contacts.email, email)))
  expect(await deletePerson({ ownerId: workspaceId, userId: workspaceId, runnerId: null, contactId: person!.id })).toEqual({
    erased: 1,
  })
}
