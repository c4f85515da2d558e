import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { accounts } from '~/db/schema/accounts'
import { talkSessions } from '~/db/schema/talks'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { NAME_NOT_ADDRESS } from '~/lib/public-name'
import { NAME_NEEDED } from '~/lib/speaker-name'
import { setDisplayName } from '~/models/accounts.server'
import { loader as homeLoader } from '~/routes/app._index'
import { action as nameAction, loader as nameLoader } from '~/routes/app.name'
import { action as sessionAction, loader as sessionLoader } from '~/routes/app.sessions.$id._index'
import { loader as newSessionLoader } from '~/routes/app.sessions.new'
import { OTHER_SPEAKER_NAMELESS } from '~/services/first-run.server'
import { seedTalkAndSession } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'
import { cookieFor } from './workspace-fixtures'

// Issue 29 Deliver 7: a new speaker is asked for the name attendees will see — on the first-run step
// of /app and the new-session page, and by the go-live button — before a session's page names
// them; going live without one is refused with the message by the field. Their own workspace,
// named by their account email at sign-up, takes a name at the same time.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T
type Reply = { error?: Record<string, string[] | null> | null }

async function newSpeaker() {
  const { user, cookie } = await signedInAs(`tour-${randomBytes(4).toString('hex')}@example.org`)
  return { user, cookie }
}
const sessionRow = async (id: string) => (await getDb().select().from(talkSessions).where(eq(talkSessions.id, id)))[0]!
const workspaceRow = async (id: string) => (await getDb().select().from(workspaces).where(eq(workspaces.id, id)))[0]!
const goLive = (cookie: string, id: string, form: Record<string, string> = {}) =>
  call(sessionAction, makeRequest(`/app/sessions/${id}`, { cookie, form: { intent: 'go-live', ...form } }), { id })

describe('going live without a name', () => {
  it('is refused with the message by the name field, and the session stays a draft', async () => {
    const { user, cookie } = await newSpeaker()
    const { sessionId } = await seedTalkAndSession(user.id)
    const page = dataOf<{ asksName: boolean }>(
      await call(sessionLoader, makeRequest(`/app/sessions/${sessionId}`, { cookie }), { id: sessionId }),
    )
    expect(page.asksName).toBe(true)

    for (const form of [{}, { displayName: '  ' }] as Record<string, string>[]) {
      const refused = await goLive(cookie, sessionId, form)
      expect(statusOf(refused)).toBe(400)
      expect(dataOf<{ goLiveName: Reply }>(refused).goLiveName.error?.displayName).toEqual([NAME_NEEDED])
    }
    const address = await goLive(cookie, sessionId, { displayName: user.email })
    expect(statusOf(address)).toBe(400)
    expect(dataOf<{ goLiveName: Reply }>(address).goLiveName.error?.displayName).toEqual([NAME_NOT_ADDRESS])
    expect((await sessionRow(sessionId)).status).toBe('draft')
    expect(await getDb().select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([])
  })

  it('goes live once the name is given by the button: saved as their name, and their workspace is named by it', async () => {
    const { user, cookie } = await newSpeaker()
    const { sessionId } = await seedTalkAndSession(user.id)
    expect((await workspaceRow(user.id)).name).toBe(user.email)

    expect(locationOf(await goLive(cookie, sessionId, { displayName: ' Ada Okafor ' }))).toBe(`/app/sessions/${sessionId}`)
    expect((await sessionRow(sessionId)).status).toBe('live')
    const [account] = await getDb().select().from(accounts).where(eq(accounts.userId, user.id))
    expect(account!.displayName).toBe('Ada Okafor')
    expect((await workspaceRow(user.id)).name).toBe('Ada Okafor')
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, user.id), eq(auditEvents.kind, 'workspace.renamed')))
    expect(audit).toMatchObject({ actorId: user.id, subject: 'Ada Okafor', data: { from: user.email, to: 'Ada Okafor' } })
    const after = dataOf<{ asksName: boolean }>(
      await call(sessionLoader, makeRequest(`/app/sessions/${sessionId}`, { cookie }), { id: sessionId }),
    )
    expect(after.asksName).toBe(false)
  })

  it("someone else's nameless session: the owner is told who must give the name (409), nothing changes", async () => {
    const owner = await newSpeaker()
    await setDisplayName(owner.user, 'Olive Owner')
    await getDb().update(workspaces).set({ plan: 'teams' }).where(eq(workspaces.id, owner.user.id))
    const member = await newSpeaker()
    await getDb().insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' })
    const talk = await seedTalkAndSession(owner.user.id)
    await getDb().update(talkSessions).set({ userId: member.user.id }).where(eq(talkSessions.id, talk.sessionId))

    const cookie = await cookieFor(owner.user.id, owner.user.id)
    const refused = await goLive(cookie, talk.sessionId, { displayName: 'Not Theirs' })
    expect(statusOf(refused)).toBe(409)
    expect(dataOf<{ error: string }>(refused).error).toBe(OTHER_SPEAKER_NAMELESS)
    expect((await sessionRow(talk.sessionId)).status).toBe('draft')
    expect(await getDb().select().from(accounts).where(eq(accounts.userId, member.user.id))).toEqual([])
  })

  it('a speaker with a directory profile has a name: going live asks nothing', async () => {
    const { user, cookie } = await newSpeaker()
    const { sessionId } = await seedTalkAndSession(user.id)
    await setDisplayName(user, 'Grace Hopper')
    expect(locationOf(await goLive(cookie, sessionId))).toBe(`/app/sessions/${sessionId}`)
  })
})

describe('the first-run step', () => {
  it('/app asks a new speaker for their name and a workspace name; the new-session page asks for the name first', async () => {
    const { user, cookie } = await newSpeaker()
    const home = dataOf<{ firstRun: { needs: { name: boolean; workspace: boolean }; contact: string } | null }>(
      await call(homeLoader, makeRequest('/app', { cookie })),
    )
    expect(home.firstRun).toMatchObject({ needs: { name: true, workspace: true }, contact: user.email })
    const fresh = dataOf<{ firstRun: { returnTo: string } | null }>(
      await call(newSessionLoader, makeRequest('/app/sessions/new?talk=x', { cookie })),
    )
    expect(fresh.firstRun?.returnTo).toBe('/app/sessions/new?talk=x')
  })

  it('refuses an empty name or an address by the field (400); saves both and returns where it was shown', async () => {
    const { user, cookie } = await newSpeaker()
    const post = (form: Record<string, string>) => call(nameAction, makeRequest('/app/name', { cookie, form }))
    const empty = await post({ returnTo: '/app/sessions/new' })
    expect(statusOf(empty)).toBe(400)
    expect(dataOf<{ result: Reply }>(empty).result.error?.displayName).toEqual([NAME_NEEDED])
    const addresses = await post({ displayName: user.email, workspaceName: user.email })
    expect(statusOf(addresses)).toBe(400)
    expect(dataOf<{ result: Reply }>(addresses).result.error).toMatchObject({
      displayName: [NAME_NOT_ADDRESS],
      workspaceName: [NAME_NOT_ADDRESS],
    })
    expect((await workspaceRow(user.id)).name).toBe(user.email)

    const saved = await post({ displayName: 'Ada Okafor', workspaceName: 'Okafor Talks', returnTo: '/app/sessions/new' })
    expect(locationOf(saved)).toBe('/app/sessions/new')
    const [account] = await getDb().select().from(accounts).where(eq(accounts.userId, user.id))
    expect(account!.displayName).toBe('Ada Okafor')
    expect((await workspaceRow(user.id)).name).toBe('Okafor Talks')
    // Nothing is asked any more: the step's page goes back, and the home shows no step.
    expect(locationOf(await call(nameLoader, makeRequest('/app/name', { cookie })))).toBe('/app')
    expect(dataOf<{ firstRun: unknown }>(await call(homeLoader, makeRequest('/app', { cookie }))).firstRun).toBeNull()
  })

  it('an existing speaker with a name whose workspace is still their address is asked for the workspace name alone', async () => {
    const { user, cookie } = await newSpeaker()
    // A name given before names also named the workspace (the account row written directly).
    await getDb().insert(accounts).values({ userId: user.id, displayName: 'Grace Hopper' })
    const home = dataOf<{ firstRun: { needs: { name: boolean; workspace: boolean }; name: string } | null }>(
      await call(homeLoader, makeRequest('/app', { cookie })),
    )
    expect(home.firstRun).toMatchObject({ needs: { name: false, workspace: true }, name: 'Grace Hopper' })
    const empty = await call(nameAction, makeRequest('/app/name', { cookie, form: { workspaceName: '' } }))
    expect(dataOf<{ result: Reply }>(empty).result.error?.workspaceName).toEqual(['Enter a name for the workspace'])
    expect(locationOf(await call(nameAction, makeRequest('/app/name', { cookie, form: { workspaceName: 'Hopper & Co' } })))).toBe(
      '/app',
    )
    expect((await workspaceRow(user.id)).name).toBe('Hopper & Co')
  })

  it('a returnTo off /app is not followed', async () => {
    const { cookie } = await newSpeaker()
    const saved = await call(
      nameAction,
      makeRequest('/app/name', { cookie, form: { displayName: 'Ada', returnTo: 'https://evil.example/' } }),
    )
    expect(locationOf(saved)).toBe('/app')
  })

  it('a workspace renamed by hand keeps its name when the name is given later', async () => {
    const { user } = await newSpeaker()
    await getDb().update(workspaces).set({ name: 'Chosen Name' }).where(eq(workspaces.id, user.id))
    await setDisplayName(user, 'Ada Okafor')
    expect((await workspaceRow(user.id)).name).toBe('Chosen Name')
  })
})
