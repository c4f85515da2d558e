import { randomBytes } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { accounts } from '~/db/schema/accounts'
import { emailOutbox } from '~/db/schema/jobs'
import { workspaceMembers, workspaceNotices, workspaces } from '~/db/schema/workspaces'
import type { WorkspaceFrame } from '~/lib/workspace-frame'
import { createWorkspace } from '~/models/workspace-lifecycle.server'
import { loader as appLoader } from '~/routes/app'
import { action as dismissAction } from '~/routes/app.notices.dismiss'
import { action as memberAction } from '~/routes/app.team_.members.$userId'
import { action as workspaceAction } from '~/routes/app.team_.workspace/route'
import { call, makeRequest, signedInAs } from './utils'

// Ownership offers are announced (issue 29 Deliver 4): the offered admin gets an email (queued in
// the offer's transaction) and sees the offer on their next page; a declined offer tells the owner,
// a withdrawn one the admin, by email and by a notice on their next /app page in that workspace,
// shown until they dismiss it with a plain form.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

async function person(prefix: string, displayName: string) {
  const s = await signedInAs(`${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  await getDb().insert(accounts).values({ userId: s.user.id, displayName })
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}
type Person = Awaited<ReturnType<typeof person>>

let team: { id: string; name: string; owner: Person; admin: Person; admin2: Person }

beforeEach(async () => {
  const owner = await person('owner', 'Ada Lovelace')
  const [admin, admin2] = [await person('admin', 'Grace Hopper'), await person('admin2', 'Katherine Johnson')]
  const name = `Road Crew ${randomBytes(3).toString('hex')}`
  const id = await createWorkspace(owner, name)
  await getDb().update(workspaces).set({ plan: 'teams' }).where(eq(workspaces.id, id))
  for (const a of [admin, admin2]) await getDb().insert(workspaceMembers).values({ workspaceId: id, userId: a.id, role: 'admin' })
  team = { id, name, owner, admin, admin2 }
})

const post = (who: Person, form: Record<string, string>) =>
  call(workspaceAction, makeRequest(`/app/team/workspace?workspace=${team.id}`, { cookie: who.cookie, form }))
const frame = async (who: Person, workspaceId = team.id) =>
  dataOf<WorkspaceFrame>(await call(appLoader, makeRequest(`/app?workspace=${workspaceId}`, { cookie: who.cookie })))
const mailsTo = (who: Person) =>
  getDb().select().from(emailOutbox).where(eq(emailOutbox.to, who.email)).orderBy(asc(emailOutbox.createdAt))
const dismiss = (who: Person, form: Record<string, string>, workspaceId = team.id) =>
  call(dismissAction, makeRequest(`/app/notices/dismiss?workspace=${workspaceId}`, { cookie: who.cookie, form }))
const memberRequest = (who: Person, userId: string, form: Record<string, string>) =>
  makeRequest(`/app/team/members/${userId}?workspace=${team.id}`, { cookie: who.cookie, form })
const workspacePage = () => `http://localhost:3000/app/team/workspace?switch=${team.id}`

describe('the offer is announced to the admin', () => {
  it('an email queued with the offer, naming the owner and opening the workspace; the offer on their next page', async () => {
    // A refused offer (to a member, by an admin) queues nothing.
    expect(statusOf(await post(team.admin2, { intent: 'offer', toUserId: team.admin.id }))).toBe(403)
    expect(await mailsTo(team.admin)).toHaveLength(0)

    expect(statusOf(await post(team.owner, { intent: 'offer', toUserId: team.admin.id }))).toBe(302)
    const [mail, ...more] = await mailsTo(team.admin)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe(`Ada Lovelace offered you the ownership of ${team.name} on Lectern`)
    expect(mail!.text).toContain(`Ada Lovelace offered you the ownership of the workspace ${team.name} on Lectern.`)
    expect(mail!.text).toContain(workspacePage())
    expect(mail!.html).toContain(workspacePage().replaceAll('&', '&amp;'))
    expect(mail!.text).not.toContain(team.owner.email)

    // Their next page, in that workspace or their own, shows the offer with the way to answer it.
    for (const where of [team.id, team.admin.id])
      expect((await frame(team.admin, where)).offers).toEqual([{ id: team.id, name: team.name }])
    expect((await frame(team.admin2)).offers).toEqual([])
  })
})

describe('a declined offer tells the owner; a withdrawn one the admin', () => {
  it('declined: an email to the owner and a notice on their next page there, until dismissed (once)', async () => {
    await post(team.owner, { intent: 'offer', toUserId: team.admin.id })
    expect(statusOf(await post(team.admin, { intent: 'answer-offer', answer: 'decline' }))).toBe(302)

    const mails = await mailsTo(team.owner)
    expect(mails.map((m) => m.subject)).toEqual([`Grace Hopper declined the ownership of ${team.name}`])
    expect(mails[0]!.text).toContain('You are still its owner.')
    expect(mails[0]!.text).toContain(workspacePage())

    const seen = await frame(team.owner)
    expect(seen.notices).toEqual([
      {
        id: expect.any(String),
        text: `Grace Hopper declined the ownership of ${team.name}. You are still its owner; you can offer it to another admin under Transfer ownership.`,
        link: { to: '/app/team/workspace#ownership', label: 'Transfer ownership' },
      },
    ])
    // Only there, and only for them.
    expect((await frame(team.owner, team.owner.id)).notices).toEqual([])
    expect((await frame(team.admin)).notices).toEqual([])
    // It stays on the next page too, until dismissed; someone else's dismissal does nothing.
    expect((await frame(team.owner)).notices).toHaveLength(1)
    const id = seen.notices[0]!.id
    const other = await dismiss(team.admin, { id, returnTo: '/app' })
    expect(statusOf(other)).toBe(302)
    expect((await frame(team.owner)).notices).toHaveLength(1)

    const done = await dismiss(team.owner, { id, returnTo: '/app/team?tab=x' })
    expect(statusOf(done)).toBe(302)
    expect((done as Response).headers.get('Location')).toBe('/app/team?tab=x')
    expect((await frame(team.owner)).notices).toEqual([])
    // A second click changes nothing; a foreign return address goes to /app; a bad id is a 400.
    const again = await dismiss(team.owner, { id, returnTo: '//evil.example/x' })
    expect((again as Response).headers.get('Location')).toBe('/app')
    expect(statusOf(await dismiss(team.owner, { id: 'not-an-id' }))).toBe(400)
  })

  it('withdrawn: an email to the admin and a notice for them; a new offer or a transfer clears what earlier offers left', async () => {
    await post(team.owner, { intent: 'offer', toUserId: team.admin2.id })
    expect(statusOf(await post(team.owner, { intent: 'cancel-offer' }))).toBe(302)
    const mails = await mailsTo(team.admin2)
    expect(mails.map((m) => m.subject)).toEqual([
      `Ada Lovelace offered you the ownership of ${team.name} on Lectern`,
      `Ada Lovelace withdrew the offer of ${team.name}`,
    ])
    expect(mails[1]!.text).toContain('Nothing changes for you: you stay an admin.')
    expect(mails[1]!.text).toContain(workspacePage())
    const seen = await frame(team.admin2)
    expect(seen.offers).toEqual([])
    expect(seen.notices).toEqual([
      {
        id: expect.any(String),
        text: `Ada Lovelace withdrew the offer of the ownership of ${team.name}. Nothing changes for you: you stay an admin.`,
        link: null,
      },
    ])
    expect((await frame(team.owner)).notices).toEqual([])

    // A fresh offer makes the withdrawal old news; accepting it leaves the new owner nothing to read
    // and tells the owner who handed it on, by email and by a notice.
    await post(team.owner, { intent: 'offer', toUserId: team.admin2.id })
    expect((await frame(team.admin2)).notices).toEqual([])
    expect(statusOf(await post(team.admin2, { intent: 'answer-offer', answer: 'accept' }))).toBe(302)
    expect((await frame(team.admin2)).notices).toEqual([])
    expect((await frame(team.admin2)).current.label).toBe(`${team.name} (yours)`)
    const rows = await getDb().select().from(workspaceNotices).where(eq(workspaceNotices.workspaceId, team.id))
    expect(rows.map((r) => [r.userId, r.kind])).toEqual([[team.owner.id, 'ownership.accepted']])
    expect((await frame(team.owner)).notices).toEqual([
      {
        id: expect.any(String),
        text: `Katherine Johnson accepted the ownership of ${team.name}. They are its owner now; you are an admin.`,
        link: null,
      },
    ])
    const [handedOn] = (await mailsTo(team.owner)).slice(-1)
    expect(handedOn!.subject).toBe(`Katherine Johnson is now the owner of ${team.name}`)
    expect(handedOn!.text).toContain('you stay in the workspace as an admin, and you can leave it.')
    expect(handedOn!.text).toContain(workspacePage())
  })

  it('a role change away from admin withdraws the offer and tells the admin it was made to', async () => {
    await post(team.owner, { intent: 'offer', toUserId: team.admin.id })
    expect(
      statusOf(
        await call(memberAction, memberRequest(team.owner, team.admin.id, { intent: 'role', role: 'member' }), {
          userId: team.admin.id,
        }),
      ),
    ).toBe(302)
    expect((await frame(team.admin)).offers).toEqual([])
    expect((await frame(team.admin)).notices).toEqual([
      {
        id: expect.any(String),
        text: `Ada Lovelace changed your role in ${team.name}, which withdrew the offer of its ownership. Its owner stays the owner.`,
        link: null,
      },
    ])
    const [mail] = (await mailsTo(team.admin)).slice(-1)
    expect(mail!.subject).toBe(`The offer of ${team.name} was withdrawn`)
    expect(mail!.text).toContain(`Ada Lovelace changed your role in the workspace ${team.name} on Lectern to Member.`)
    // A role change of someone who was not offered the workspace announces nothing.
    const before = (await mailsTo(team.admin2)).length
    expect(
      statusOf(
        await call(memberAction, memberRequest(team.owner, team.admin2.id, { intent: 'role', role: 'member' }), {
          userId: team.admin2.id,
        }),
      ),
    ).toBe(302)
    expect(await mailsTo(team.admin2)).toHaveLength(before)
    expect((await frame(team.admin2)).notices).toEqual([])
  })
})
