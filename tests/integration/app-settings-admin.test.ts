import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { accounts, users } from '~/db/schema/accounts'
import { talkSessions } from '~/db/schema/talks'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { action as accountAction, loader as accountLoader } from '~/routes/admin.accounts.$id'
import { action as accountsAction, loader as accountsLoader } from '~/routes/admin.accounts._index'
import { getPublicSession } from '~/models/lead-capture.server'
import { answerOwnershipOffer, offerOwnership } from '~/models/ownership.server'
import { action as settingsAction, loader as settingsLoader } from '~/routes/app.settings'
import { loader as newSessionLoader } from '~/routes/app.sessions.new'
import { seedTalkAndSession, seedViewsAndLeads } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

let speaker: { id: string; cookie: string }
let admin: { id: string; cookie: string }

beforeEach(async () => {
  const s = await signedInAs(`speaker-${Math.random().toString(36).slice(2)}@example.com`)
  speaker = { id: s.user.id, cookie: s.cookie }
  const a = await signedInAs('admin@example.com', 'admin')
  admin = { id: a.user.id, cookie: a.cookie }
})

describe('settings', () => {
  it('shows the defaults (free, instant) and what the plan allows', async () => {
    const page = dataOf<{ leadNotify: string; plan: string; allows: string[] }>(
      await call(settingsLoader, makeRequest('/app/settings', { cookie: speaker.cookie })),
    )
    expect(page).toMatchObject({ leadNotify: 'instant', plan: 'Free' })
    expect(page.allows[0]).toBe('1 live session at a time')
  })

  it('stores the notification mode; anything else is a 400 with a message', async () => {
    const bad = await call(
      settingsAction,
      makeRequest('/app/settings', { cookie: speaker.cookie, form: { leadNotify: 'weekly' } }),
    )
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(bad).result.error.leadNotify).toEqual([
      'Choose how to hear about new leads',
    ])
    const ok = await call(settingsAction, makeRequest('/app/settings', { cookie: speaker.cookie, form: { leadNotify: 'daily' } }))
    expect(locationOf(ok)).toBe('/app/settings')
    const [row] = await getDb().select().from(workspaceMembers).where(eq(workspaceMembers.userId, speaker.id))
    expect(row).toMatchObject({ leadNotify: 'daily', workspaceId: speaker.id, role: 'owner' })
    const [workspace] = await getDb().select().from(workspaces).where(eq(workspaces.id, speaker.id))
    expect(workspace!.plan).toBe('free')
  })
})

describe('settings: the name attendees see', () => {
  const save = (displayName: string) =>
    call(settingsAction, makeRequest('/app/settings', { cookie: speaker.cookie, form: { intent: 'display-name', displayName } }))

  it('is no name until one is set, never the account email; the new-session page asks for it first', async () => {
    const page = dataOf<{ displayName: string | null; nameFallback: string | null }>(
      await call(settingsLoader, makeRequest('/app/settings', { cookie: speaker.cookie })),
    )
    expect(page).toMatchObject({ displayName: null, nameFallback: null })
    const { sessionId } = await seedTalkAndSession(speaker.id)
    const [session] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, sessionId))
    const [user] = await getDb().select().from(users).where(eq(users.id, speaker.id))
    expect(await getPublicSession(session!.code)).toMatchObject({ speakerName: 'the speaker', speakerNamed: false })
    expect(JSON.stringify(await getPublicSession(session!.code))).not.toContain(`"speakerName":"${user!.email}"`)
    const fresh = dataOf<{ firstRun: { step: { needs: { name: boolean } } } | null }>(
      await call(newSessionLoader, makeRequest('/app/sessions/new', { cookie: speaker.cookie })),
    )
    expect(fresh.firstRun?.step.needs.name).toBe(true)
  })

  it('stores a name (trimmed) that the talk page, consent text and new sessions use; empty goes back to no name', async () => {
    const { sessionId } = await seedTalkAndSession(speaker.id)
    const [session] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, sessionId))
    expect(locationOf(await save('  Grace Hopper  '))).toBe('/app/settings')
    const [row] = await getDb().select().from(accounts).where(eq(accounts.userId, speaker.id))
    expect(row).toMatchObject({ displayName: 'Grace Hopper' })
    expect((await getPublicSession(session!.code))?.speakerName).toBe('Grace Hopper')
    const fresh = dataOf<{ firstRun: unknown; defaults: { consentText: string } }>(
      await call(newSessionLoader, makeRequest('/app/sessions/new', { cookie: speaker.cookie })),
    )
    expect(fresh.firstRun).toBeNull()
    expect(fresh.defaults.consentText).toContain('Grace Hopper')

    expect(locationOf(await save(''))).toBe('/app/settings')
    const [cleared] = await getDb().select().from(accounts).where(eq(accounts.userId, speaker.id))
    expect(cleared!.displayName).toBeNull()
    const [user] = await getDb().select().from(users).where(eq(users.id, speaker.id))
    expect((await getPublicSession(session!.code))?.speakerName).toBe('the speaker')
    expect((await getPublicSession(session!.code))?.speakerName).not.toBe(user!.email)
  })

  it('refuses an email address as the name with a 400 and the message by the field', async () => {
    const bad = await save('grace@example.com')
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ displayName: { error: Record<string, string[]> } }>(bad).displayName.error.displayName).toEqual([
      'Enter a name, not an email address',
    ])
    expect(await getDb().select().from(accounts).where(eq(accounts.userId, speaker.id))).toEqual([])
  })

  it('refuses a name over 80 characters with a 400 and a message, storing nothing', async () => {
    const bad = await save('x'.repeat(81))
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ displayName: { error: Record<string, string[]> } }>(bad).displayName.error.displayName).toEqual([
      'Use 80 characters or fewer',
    ])
    expect(await getDb().select().from(accounts).where(eq(accounts.userId, speaker.id))).toEqual([])
  })
})

describe('admin accounts', () => {
  it('lists accounts with role, plan, sessions and leads, 10 a page', async () => {
    const { sessionId } = await seedTalkAndSession(speaker.id)
    await seedViewsAndLeads(sessionId, speaker.id, { scans: 0, visits: 0, leadCount: 2 })
    for (let i = 0; i < 11; i++)
      await getDb()
        .insert(users)
        .values({ email: `filler-${i}-${Math.random().toString(36).slice(2)}@example.com` })
    const first = dataOf<{
      accounts: Array<{ id: string; email: string; plan: string; sessions: number; leads: number }>
      pageCount: number
      total: number
    }>(await call(accountsLoader, makeRequest('/admin/accounts', { cookie: admin.cookie })))
    expect(first.accounts).toHaveLength(10)
    expect(first.pageCount).toBe(Math.ceil(first.total / 10))
    const all = [...first.accounts]
    for (let p = 2; p <= first.pageCount; p++) {
      all.push(
        ...dataOf<typeof first>(await call(accountsLoader, makeRequest(`/admin/accounts?page=${p}`, { cookie: admin.cookie })))
          .accounts,
      )
    }
    expect(all.find((a) => a.id === speaker.id)).toMatchObject({ plan: 'free', sessions: 1, leads: 2 })
  })

  it('sets a plan; a speaker cannot (403) and a bad plan is a 400', async () => {
    const form = { intent: 'set-plan', userId: speaker.id, plan: 'teams' }
    expect(statusOf(await call(accountsAction, makeRequest('/admin/accounts', { cookie: speaker.cookie, form })))).toBe(403)
    expect(
      statusOf(
        await call(accountsAction, makeRequest('/admin/accounts', { cookie: admin.cookie, form: { ...form, plan: 'gold' } })),
      ),
    ).toBe(400)
    expect(locationOf(await call(accountsAction, makeRequest('/admin/accounts', { cookie: admin.cookie, form })))).toBe(
      '/admin/accounts',
    )
    const [row] = await getDb().select().from(workspaces).where(eq(workspaces.id, speaker.id))
    expect(row!.plan).toBe('teams')
  })

  it('calls a workspace personal on its owner’s page only, also after it was handed on', async () => {
    const ada = (await signedInAs(`ada-${Math.random().toString(36).slice(2)}@example.com`)).user
    const grace = (await signedInAs(`grace-${Math.random().toString(36).slice(2)}@example.com`)).user
    const person = async (id: string) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!
    await getDb().insert(workspaceMembers).values({ workspaceId: ada.id, userId: grace.id, role: 'admin' })
    const labels = async (id: string) =>
      dataOf<{ workspaces: Array<{ id: string; label: string }> }>(
        await call(accountLoader, makeRequest(`/admin/accounts/${id}`, { cookie: admin.cookie }), { id }),
      ).workspaces.map((w) => [w.id, w.label])
    const adaName = (await person(ada.id)).email
    expect(await labels(ada.id)).toEqual([[ada.id, `${adaName} (personal)`]])
    expect(await labels(grace.id)).toContainEqual([ada.id, adaName])

    expect(await offerOwnership(ada.id, await person(ada.id), grace.id)).toBe('offered')
    expect(await answerOwnershipOffer(ada.id, await person(grace.id), true)).toBe('accepted')
    // Ada is an admin of it now: not hers to call personal; it closes with Grace's account.
    expect(await labels(ada.id)).toEqual([[ada.id, adaName]])
    expect(await labels(grace.id)).toContainEqual([ada.id, `${adaName} (personal)`])
  })

  it('marks a session unlocked and locks it again; a session of another account is a 404', async () => {
    const { sessionId } = await seedTalkAndSession(speaker.id)
    const path = `/admin/accounts/${speaker.id}`
    const page = dataOf<{ sessions: Array<{ id: string; unlocked: boolean }> }>(
      await call(accountLoader, makeRequest(path, { cookie: admin.cookie }), { id: speaker.id }),
    )
    expect(page.sessions).toEqual([expect.objectContaining({ id: sessionId, unlocked: false })])
    await call(accountAction, makeRequest(path, { cookie: admin.cookie, form: { intent: 'unlock', sessionId } }), {
      id: speaker.id,
    })
    expect((await getDb().select().from(talkSessions).where(eq(talkSessions.id, sessionId)))[0]!.unlocked).toBe(true)
    await call(accountAction, makeRequest(path, { cookie: admin.cookie, form: { intent: 'lock', sessionId } }), {
      id: speaker.id,
    })
    expect((await getDb().select().from(talkSessions).where(eq(talkSessions.id, sessionId)))[0]!.unlocked).toBe(false)

    const elsewhere = `/admin/accounts/${admin.id}`
    expect(
      statusOf(
        await call(accountAction, makeRequest(elsewhere, { cookie: admin.cookie, form: { intent: 'unlock', sessionId } }), {
          id: admin.id,
        }),
      ),
    ).toBe(404)
    expect(
      statusOf(
        await call(accountAction, makeRequest(path, { cookie: speaker.cookie, form: { intent: 'unlock', sessionId } }), {
          id: speaker.id,
        }),
      ),
    ).toBe(403)
    expect(
      statusOf(await call(accountLoader, makeRequest('/admin/accounts/nope', { cookie: admin.cookie }), { id: 'nope' })),
    ).toBe(404)
  })

  it('sets the plan of a workspace the account owns (a team one too), recorded in its audit log; others are a 404', async () => {
    const [team] = await getDb().insert(workspaces).values({ name: 'Ada & Co' }).returning()
    await getDb().insert(workspaceMembers).values({ workspaceId: team!.id, userId: speaker.id, role: 'owner' })
    const path = `/admin/accounts/${speaker.id}`
    const page = dataOf<{ workspaces: Array<{ id: string; role: string; plan: string; members: number }> }>(
      await call(accountLoader, makeRequest(path, { cookie: admin.cookie }), { id: speaker.id }),
    )
    expect(page.workspaces.map((w) => [w.id, w.role, w.plan, w.members])).toEqual([
      [speaker.id, 'owner', 'free', 1],
      [team!.id, 'owner', 'free', 1],
    ])
    const set = (workspaceId: string, cookie = admin.cookie, plan = 'teams') =>
      call(accountAction, makeRequest(path, { cookie, form: { intent: 'set-workspace-plan', workspaceId, plan } }), {
        id: speaker.id,
      })
    expect(locationOf(await set(team!.id))).toBe(path)
    expect((await getDb().select().from(workspaces).where(eq(workspaces.id, team!.id)))[0]!.plan).toBe('teams')
    expect((await getDb().select().from(workspaces).where(eq(workspaces.id, speaker.id)))[0]!.plan).toBe('free')
    const [audit] = await getDb().select().from(auditEvents).where(eq(auditEvents.workspaceId, team!.id))
    expect(audit).toMatchObject({ kind: 'plan.changed', actorId: admin.id, data: { from: 'free', to: 'teams' } })
    // The admin's own workspace is not this account's: 404, unchanged.
    expect(statusOf(await set(admin.id))).toBe(404)
    expect(statusOf(await set(team!.id, admin.cookie, 'gold'))).toBe(400)
    expect(statusOf(await set(team!.id, speaker.cookie))).toBe(403)
  })
})
