import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { apiKeys } from '~/db/schema/api'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { WorkspaceRole } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { removeMember } from '~/models/memberships.server'
import { createWorkspace } from '~/models/workspace-lifecycle.server'
import { action, loader } from '~/routes/app.settings_.api'
import { handleApiRequest } from '~/services/api/handler.server'
import { call, makeRequest, signedInAs } from './utils'

// Settings → API (issue 30 Deliver 1) against a real database: owner and admins create, list and
// revoke keys (a member gets 403, free and Solo the plan's sentence); the key is shown once and never
// stored in plain text; and a key stops with its creator (removed → 401, no longer admin → 403).

type Person = { id: string; email: string; cookie: string }
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

async function person(prefix: string): Promise<Person> {
  const s = await signedInAs(`${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}

let team: { id: string; owner: Person; admin: Person; member: Person }

async function setPlan(plan: Plan) {
  await getDb().update(workspaces).set({ plan }).where(eq(workspaces.id, team.id))
}

beforeEach(async () => {
  const [owner, admin, member] = await Promise.all(['owner', 'admin', 'member'].map((p) => person(p)))
  const id = await createWorkspace(owner!, `Acme ${randomBytes(3).toString('hex')}`)
  for (const [who, role] of [
    [admin!, 'admin'],
    [member!, 'member'],
  ] as const) {
    await getDb().insert(workspaceMembers).values({ workspaceId: id, userId: who.id, role })
  }
  team = { id, owner: owner!, admin: admin!, member: member! }
  await setPlan('pro')
})

const page = `/app/settings/api`
const inTeam = () => `${page}?workspace=${team.id}`
const post = (who: Person, form: Record<string, string | string[]>) =>
  call(action, makeRequest(inTeam(), { cookie: who.cookie, form }))
const view = (who: Person) => call(loader, makeRequest(inTeam(), { cookie: who.cookie }))

async function createKey(who: Person, form: Record<string, string | string[]> = {}) {
  const res = await post(who, { intent: 'create', name: 'Zapier', scopes: ['leads:read', 'sessions:read'], ...form })
  expect(statusOf(res)).toBe(200)
  return dataOf<{ created: { key: string; name: string } }>(res).created.key
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const me = (key: string) =>
  handleApiRequest(new Request('http://localhost:3000/api/v1/me', { headers: { Authorization: `Bearer ${key}` } }))

describe('Settings → API', () => {
  it('an owner and an admin create a key: lec_ + 43 characters, shown once in the answer, listed by its ends', async () => {
    const key = await createKey(team.owner)
    expect(key).toMatch(/^lec_[A-Za-z0-9_-]{43}$/)
    const adminKey = await createKey(team.admin, { name: 'Make', scopes: ['events:read'], expiresOn: inDays(30) })
    // At most three years ahead.
    expect(statusOf(await post(team.admin, { intent: 'create', name: 'x', scopes: 'leads:read', expiresOn: inDays(1200) }))).toBe(
      400,
    )
    const listed = dataOf<{ keys: Array<Record<string, unknown>> }>(await view(team.owner)).keys
    expect(listed.map((k) => [k.name, k.start, k.end, k.scopes, k.creatorEmail])).toEqual([
      ['Make', adminKey.slice(0, 8), adminKey.slice(-4), ['events:read'], team.admin.email],
      ['Zapier', key.slice(0, 8), key.slice(-4), ['leads:read', 'sessions:read'], team.owner.email],
    ])
    expect(JSON.stringify(listed)).not.toContain(key)
    const audit = await getDb()
      .select({ kind: auditEvents.kind, subject: auditEvents.subject, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, team.id), sql`${auditEvents.kind} like 'api_key.%'`))
    expect(audit).toHaveLength(2)
    expect(audit).toEqual(
      expect.arrayContaining([
        { kind: 'api_key.created', subject: 'Zapier', actor: team.owner.email },
        { kind: 'api_key.created', subject: 'Make', actor: team.admin.email },
      ]),
    )
  })

  it('refuses a member (403) and explains the plan to free and Solo', async () => {
    expect(statusOf(await view(team.member))).toBe(403)
    expect(statusOf(await post(team.member, { intent: 'create', name: 'x', scopes: 'leads:read' }))).toBe(403)
    for (const plan of ['free', 'solo'] as const) {
      await setPlan(plan)
      expect(dataOf<{ notInPlan: string }>(await view(team.owner)).notInPlan).toContain(
        'included in the Professional, Teams and Event Organiser plans',
      )
      const refused = await post(team.owner, { intent: 'create', name: 'x', scopes: 'leads:read' })
      expect(statusOf(refused)).toBe(403)
    }
    expect(await getDb().select().from(apiKeys).where(eq(apiKeys.workspaceId, team.id))).toHaveLength(0)
  })

  it('answers field errors by the field', async () => {
    const res = await post(team.owner, { intent: 'create', name: '', scopes: 'admin:all', expiresOn: '2000-01-01' })
    expect(statusOf(res)).toBe(400)
    const errors = dataOf<{ result: { error: Record<string, string[]> } }>(res).result.error
    expect(Object.keys(errors).sort()).toEqual(expect.arrayContaining(['expiresOn', 'name']))
  })

  it('never stores the key in plain text: no row of any table contains it', async () => {
    const key = await createKey(team.owner)
    expect((await me(key)).status).toBe(200)
    const secret = key.slice(4)
    const tables = await getDb().execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
    const names = (Array.isArray(tables) ? tables : (tables as { rows: { table_name: string }[] }).rows).map((t) => t.table_name)
    expect(names).toContain('api_keys')
    for (const name of names) {
      const found = await getDb().execute(
        sql`select 1 from ${sql.identifier(name)} t where t::text like ${`%${secret}%`} limit 1`,
      )
      const rows = Array.isArray(found) ? found : (found as { rows: unknown[] }).rows
      expect(rows, `table ${name} holds the key`).toHaveLength(0)
    }
  })

  it('revokes at once; another workspace’s key is a 404', async () => {
    const key = await createKey(team.owner)
    const [row] = await getDb().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.workspaceId, team.id))
    const outsider = await person('outsider')
    await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, outsider.id))
    const foreign = await call(
      action,
      makeRequest(`${page}?workspace=${outsider.id}`, { cookie: outsider.cookie, form: { intent: 'revoke', id: row!.id } }),
    )
    expect(statusOf(foreign)).toBe(404)
    expect((await me(key)).status).toBe(200)
    const revoked = await post(team.admin, { intent: 'revoke', id: row!.id })
    expect(statusOf(revoked)).toBe(302)
    const res = await me(key)
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This API key was revoked.')
    expect(dataOf<{ keys: unknown[] }>(await view(team.owner)).keys).toHaveLength(0)
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, team.id), eq(auditEvents.kind, 'api_key.revoked')))
    expect(audit?.actorEmail).toBe(team.admin.email)
  })
})

describe('a key stops with its creator', () => {
  async function setRole(who: Person, role: WorkspaceRole) {
    await getDb()
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, team.id), eq(workspaceMembers.userId, who.id)))
  }

  it('an admin who is removed: 401; who becomes a member: 403; an expired key: 401; a plan without the API: 403', async () => {
    const key = await createKey(team.admin)
    expect((await me(key)).status).toBe(200)
    await setRole(team.admin, 'member')
    const demoted = await me(key)
    expect(demoted.status).toBe(403)
    expect(((await demoted.json()) as { error: { code: string } }).error.code).toBe('forbidden')
    await setRole(team.admin, 'admin')
    expect((await me(key)).status).toBe(200)
    await setPlan('solo')
    const noPlan = await me(key)
    expect(noPlan.status).toBe(403)
    expect(((await noPlan.json()) as { error: { message: string } }).error.message).toContain(
      'Solo plan does not include the API',
    )
    await setPlan('teams')
    expect(await removeMember(team.id, team.owner, team.admin.id, team.owner.id)).toBe('removed')
    const removed = await me(key)
    expect(removed.status).toBe(401)
    expect(removed.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"')

    const ownerKey = await createKey(team.owner, { expiresOn: inDays(10) })
    expect((await me(ownerKey)).status).toBe(200)
    await getDb()
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.keyStart, ownerKey.slice(0, 8)))
    const expired = await me(ownerKey)
    expect(expired.status).toBe(401)
    expect(((await expired.json()) as { error: { message: string } }).error.message).toBe('This API key has expired.')
  })

  it('records the last use at most once a minute', async () => {
    const key = await createKey(team.owner)
    const lastUsed = async () =>
      (
        await getDb()
          .select({ at: apiKeys.lastUsedAt })
          .from(apiKeys)
          .where(eq(apiKeys.keyStart, key.slice(0, 8)))
      )[0]!.at
    expect(await lastUsed()).toBeNull()
    await me(key)
    const first = await lastUsed()
    expect(first).not.toBeNull()
    await me(key)
    expect((await lastUsed())!.getTime()).toBe(first!.getTime())
    await getDb()
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.keyStart, key.slice(0, 8)))
    await me(key)
    expect(Date.now() - (await lastUsed())!.getTime()).toBeLessThan(5_000)
  })
})
