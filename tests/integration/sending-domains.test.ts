import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { sendingDomains } from '~/db/schema/mail-provider'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { Plan } from '~/lib/plans'
import { verifiedSendingAddress } from '~/models/sending-domains.server'
import { createWorkspace } from '~/models/workspace-lifecycle.server'
import { action, loader } from '~/routes/app.settings_.sending-domain'
import { startFakeResend, type FakeResend } from '../fakes/resend'
import { call, makeRequest, signedInAs } from './utils'

// Settings → Sending domain (issue 32 Deliver 6) with the real resend SDK against the fake's Domains
// API: add → the SPF and DKIM records, Check = verify + get (pending until the records are in DNS,
// then verified), remove; audited; plan-gated (Solo refused with the plan's sentence); a member gets
// 403; verifiedSendingAddress answers the address only while verified and the plan allows it.

type Person = { id: string; email: string; cookie: string }
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

let fake: FakeResend
let team: { id: string; owner: Person; member: Person }

const configWith = (extra: Record<string, string>) =>
  parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: getConfig().dataDir,
    SESSION_SECRET: 'test-session-secret',
    ADMIN_EMAILS: 'admin@example.com',
    APP_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ...extra,
  })

beforeAll(async () => {
  fake = await startFakeResend()
  resetConfig(configWith({ RESEND_API_KEY: 're_test_fake', RESEND_BASE_URL: fake.url }))
})

afterAll(async () => {
  await fake.close()
})

async function person(prefix: string): Promise<Person> {
  const s = await signedInAs(`${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}

async function setPlan(plan: Plan) {
  await getDb().update(workspaces).set({ plan }).where(eq(workspaces.id, team.id))
}

beforeEach(async () => {
  const [owner, member] = await Promise.all([person('owner'), person('member')])
  const id = await createWorkspace(owner, `Acme ${randomBytes(3).toString('hex')}`)
  await getDb().insert(workspaceMembers).values({ workspaceId: id, userId: member.id, role: 'member' })
  team = { id, owner, member }
  await setPlan('pro')
})

const page = () => `/app/settings/sending-domain?workspace=${team.id}`
const post = (who: Person, form: Record<string, string>) => call(action, makeRequest(page(), { cookie: who.cookie, form }))
const view = (who: Person) => call(loader, makeRequest(page(), { cookie: who.cookie }))
type View = {
  notInPlan: string | null
  hasProvider: boolean
  domain: {
    fromAddress: string
    domain: string
    status: string
    records: Array<{ record: string; type: string; status: string }>
  } | null
}
const fakeDomains = async () => (await (await fetch(`${fake.url}/__fake/domains`)).json()) as Array<{ id: string; name: string }>
const dnsReady = (name: string) => fetch(`${fake.url}/__fake/domains/${name}/dns`, { method: 'POST' })

describe('Settings → Sending domain', () => {
  it('add shows the SPF and DKIM records; Check is pending until DNS has them, then verified; remove forgets it at Resend', async () => {
    const name = `acme-${randomBytes(3).toString('hex')}.example`
    const added = await post(team.owner, { intent: 'add', fromAddress: ` Talks@${name.toUpperCase()} ` })
    expect(statusOf(added)).toBe(302)
    let shown = dataOf<View>(await view(team.owner))
    expect(shown.domain).toMatchObject({ fromAddress: `talks@${name}`, domain: name, status: 'not_started' })
    expect(shown.domain!.records.map((r) => `${r.record} ${r.type}`)).toEqual(['SPF MX', 'SPF TXT', 'DKIM TXT'])
    expect((await fakeDomains()).map((d) => d.name)).toContain(name)
    expect(await verifiedSendingAddress(team.id)).toBeNull()

    expect(statusOf(await post(team.owner, { intent: 'check' }))).toBe(302)
    shown = dataOf<View>(await view(team.owner))
    expect(shown.domain!.status).toBe('pending')
    expect(await verifiedSendingAddress(team.id)).toBeNull()

    await dnsReady(name)
    expect(statusOf(await post(team.owner, { intent: 'check' }))).toBe(302)
    shown = dataOf<View>(await view(team.owner))
    expect(shown.domain!.status).toBe('verified')
    expect(shown.domain!.records.every((r) => r.status === 'verified')).toBe(true)
    expect(await verifiedSendingAddress(team.id)).toBe(`talks@${name}`)

    // A plan without sending domains falls back to the default sender at once.
    await setPlan('solo')
    expect(await verifiedSendingAddress(team.id)).toBeNull()
    await setPlan('teams')
    expect(await verifiedSendingAddress(team.id)).toBe(`talks@${name}`)

    expect(statusOf(await post(team.owner, { intent: 'remove' }))).toBe(302)
    expect(dataOf<View>(await view(team.owner)).domain).toBeNull()
    expect((await fakeDomains()).map((d) => d.name)).not.toContain(name)
    expect(await verifiedSendingAddress(team.id)).toBeNull()

    const audit = await getDb()
      .select({ kind: auditEvents.kind, subject: auditEvents.subject, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, team.id))
    expect(audit.filter((a) => a.kind.startsWith('sending_domain.'))).toEqual(
      expect.arrayContaining([
        { kind: 'sending_domain.added', subject: name, actor: team.owner.email },
        { kind: 'sending_domain.removed', subject: name, actor: team.owner.email },
      ]),
    )
  })

  it('refuses a bad address by the field (400), a second domain (409), and Resend’s refusal by the field (422)', async () => {
    const bad = await post(team.owner, { intent: 'add', fromAddress: 'not an address' })
    expect(statusOf(bad)).toBe(400)
    expect(JSON.stringify(dataOf(bad))).toContain('Enter the address follow-ups should come from')

    const name = `taken-${randomBytes(3).toString('hex')}.example`
    expect(statusOf(await post(team.owner, { intent: 'add', fromAddress: `a@${name}` }))).toBe(302)
    const second = await post(team.owner, { intent: 'add', fromAddress: `b@other-${name}` })
    expect(statusOf(second)).toBe(409)
    expect(await getDb().select().from(sendingDomains).where(eq(sendingDomains.workspaceId, team.id))).toHaveLength(1)

    // Another workspace asks for the same domain: Resend refuses, the page says so by the field.
    const other = await person('other')
    const otherId = await createWorkspace(other, 'Other')
    await getDb().update(workspaces).set({ plan: 'organiser' }).where(eq(workspaces.id, otherId))
    const refused = await call(
      action,
      makeRequest(`/app/settings/sending-domain?workspace=${otherId}`, {
        cookie: other.cookie,
        form: { intent: 'add', fromAddress: `c@${name}` },
      }),
    )
    expect(statusOf(refused)).toBe(422)
    expect(JSON.stringify(dataOf(refused))).toContain(`Resend refused it: The domain ${name} is registered already.`)
    expect(await getDb().select().from(sendingDomains).where(eq(sendingDomains.workspaceId, otherId))).toHaveLength(0)
  })

  it('Solo is refused with the plan’s sentence and nothing reaches Resend; a member gets 403; check and remove without a domain are 404', async () => {
    await setPlan('solo')
    expect(dataOf<View>(await view(team.owner)).notInPlan).toBe(
      'Your Solo plan does not include a sending domain. It is included in the Professional, Teams and Event Organiser plans.',
    )
    const before = (await fakeDomains()).length
    const refused = await post(team.owner, { intent: 'add', fromAddress: 'x@solo.example' })
    expect(statusOf(refused)).toBe(403)
    expect((await fakeDomains()).length).toBe(before)

    expect(statusOf(await view(team.member))).toBe(403)
    expect(statusOf(await post(team.member, { intent: 'add', fromAddress: 'x@member.example' }))).toBe(403)

    await setPlan('pro')
    expect(statusOf(await post(team.owner, { intent: 'check' }))).toBe(404)
    expect(statusOf(await post(team.owner, { intent: 'remove' }))).toBe(404)
  })

  it('without RESEND_API_KEY the page says sending domains need the provider and adding is refused', async () => {
    const saved = getConfig()
    resetConfig(configWith({}))
    try {
      const shown = dataOf<View>(await view(team.owner))
      expect(shown.hasProvider).toBe(false)
      const refused = await post(team.owner, { intent: 'add', fromAddress: 'x@none.example' })
      expect(statusOf(refused)).toBe(409)
      expect(JSON.stringify(dataOf(refused))).toContain('Sending domains need the Resend email provider')
    } finally {
      resetConfig(saved)
    }
  })
})
