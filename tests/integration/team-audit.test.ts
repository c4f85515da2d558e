import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { contacts } from '~/db/schema/people'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { AUDIT_PAGE_SIZE } from '~/lib/audit'
import { AUDIT_RETENTION_DAYS, type AuditKind } from '~/lib/permissions'
import { WEBHOOK_LIMITS } from '~/lib/webhooks'
import { auditEventBatches, pruneAuditEvents, recordAudit } from '~/models/audit.server'
import { createEndpoint } from '~/models/webhooks.server'
import { action as accountsAction } from '~/routes/admin.accounts._index'
import { loader as leadsExport } from '~/routes/app.leads.export'
import { loader as personExport } from '~/routes/app.leads_.$id_.export'
import { loader as vcardLoader } from '~/routes/app.leads_.$id_.vcard'
import { action as settingsAction } from '~/routes/app.settings'
import { action as integrationsAction } from '~/routes/app.settings_.integrations/route'
import { action as endpointAction } from '~/routes/app.settings_.webhooks.$id'
import { action as newWebhookAction } from '~/routes/app.settings_.webhooks.new'
import { loader as teamPage } from '~/routes/app.team._index/route'
import { loader as auditPage } from '~/routes/app.team_.audit._index'
import { loader as auditExport } from '~/routes/app.team_.audit.export'
import { createJobRegistry } from '~/services/job-kinds.server'
import { startFakeHubSpot, type FakeHubSpot } from '../fakes/hubspot'
import { seedTalkAndSession, seedViewsAndLeads } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'

// The workspace audit log (issue 21 Deliver 7): every hook writes exactly one row with who, what and
// the data; the page and the CSV filter by kind and person, only for the owner and admins, and never
// show another workspace's rows; the daily prune keeps a year and more (AUDIT_RETENTION_DAYS).

const DAY_MS = 24 * 60 * 60 * 1000
const email = (who: string) => `${who}-${randomBytes(4).toString('hex')}@example.com`
const owner = async () => {
  const { user, cookie } = await signedInAs(email('owner'))
  return { id: user.id, email: user.email, cookie }
}
const rowsOf = (workspaceId: string) =>
  getDb().select().from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)).orderBy(asc(auditEvents.id))
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T
const bodyOf = async (r: unknown) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (r as Response).arrayBuffer())

/** A second person in `workspaceId` with this role, signed in. */
async function memberOf(workspaceId: string, role: 'admin' | 'member') {
  const { user, cookie } = await signedInAs(email(role))
  await getDb().insert(workspaceMembers).values({ workspaceId, userId: user.id, role })
  return { id: user.id, email: user.email, cookie }
}

describe('each change writes one row, with the actor from the scope', () => {
  let fake: FakeHubSpot
  beforeAll(async () => {
    fake = await startFakeHubSpot()
    resetConfig({ ...getConfig(), HUBSPOT_API_BASE_URL: fake.url })
  })
  afterAll(async () => {
    await fake.close()
  })

  it('webhook added and removed, with its URL and events; a refused add writes none', async () => {
    const me = await owner()
    const form = { url: 'https://hooks.example.com/in', description: '', events: ['lead.created', 'lead.deleted'] }
    const res = (await call(newWebhookAction, makeRequest('/app/settings/webhooks/new', { cookie: me.cookie, form }))) as Response
    expect(res.status).toBe(302)
    const id = res.headers.get('Location')!.split('/').pop()!
    expect(await rowsOf(me.id)).toMatchObject([
      {
        kind: 'webhook.added',
        actorId: me.id,
        actorEmail: me.email,
        subject: 'https://hooks.example.com/in',
        data: { events: ['lead.created', 'lead.deleted'] },
      },
    ])
    const del = await call(
      endpointAction,
      makeRequest(`/app/settings/webhooks/${id}`, { cookie: me.cookie, form: { intent: 'delete' } }),
      {
        id,
      },
    )
    expect(statusOf(del)).toBe(302)
    expect((await rowsOf(me.id)).map((r) => [r.kind, r.subject, r.actorEmail])).toEqual([
      ['webhook.added', 'https://hooks.example.com/in', me.email],
      ['webhook.removed', 'https://hooks.example.com/in', me.email],
    ])

    // Over the limit the transaction adds nothing, and so records nothing.
    const full = await owner()
    for (let i = 0; i < WEBHOOK_LIMITS.endpoints; i++)
      await createEndpoint(full.id, { url: `https://hooks.example.com/${i}`, description: '', events: ['lead.created'] }, null)
    const before = (await rowsOf(full.id)).length
    const refused = await call(newWebhookAction, makeRequest('/app/settings/webhooks/new', { cookie: full.cookie, form }))
    expect(statusOf(refused)).toBe(409)
    expect(await rowsOf(full.id)).toHaveLength(before)
  })

  it('integration connected (again, with a new token) and disconnected', async () => {
    const me = await owner()
    await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, me.id))
    const post = (form: Record<string, string>) =>
      call(integrationsAction, makeRequest('/app/settings/integrations', { cookie: me.cookie, form }))
    const token = `pat-na1-${randomUUID()}`
    fake.addToken(token)
    expect(statusOf(await post({ intent: 'connect', token }))).toBe(302)
    expect(statusOf(await post({ intent: 'connect', token }))).toBe(302)
    // The first post of a disconnect only asks; the confirmed one disconnects.
    await post({ intent: 'disconnect' })
    expect(statusOf(await post({ intent: 'disconnect', confirmed: '1' }))).toBe(302)
    expect(statusOf(await post({ intent: 'disconnect', confirmed: '1' }))).toBe(302)
    expect((await rowsOf(me.id)).map((r) => [r.kind, r.subject, r.actorEmail, r.data])).toEqual([
      ['integration.connected', 'HubSpot', me.email, {}],
      ['integration.connected', 'HubSpot', me.email, { tokenReplaced: true }],
      ['integration.disconnected', 'HubSpot', me.email, {}],
    ])
  })

  it('retention changed, from and to months; saving the same value is no change', async () => {
    const me = await owner()
    const save = (retentionMonths: string) =>
      call(settingsAction, makeRequest('/app/settings', { cookie: me.cookie, form: { intent: 'retention', retentionMonths } }))
    await save('24')
    await save('24')
    await save('')
    expect((await rowsOf(me.id)).map((r) => [r.kind, r.actorEmail, r.data])).toEqual([
      ['retention.changed', me.email, { from: null, to: 24 }],
      ['retention.changed', me.email, { from: 24, to: null }],
    ])
  })

  it('plan changed by the site admin, in the workspace whose plan it is', async () => {
    const me = await owner()
    const admin = await signedInAs(email('site-admin'), 'admin')
    const setPlan = (plan: string) =>
      call(
        accountsAction,
        makeRequest('/admin/accounts', { cookie: admin.cookie, form: { intent: 'set-plan', userId: me.id, plan } }),
      )
    expect(statusOf(await setPlan('teams'))).toBe(302)
    expect(statusOf(await setPlan('teams'))).toBe(302)
    expect((await rowsOf(me.id)).map((r) => [r.kind, r.actorId, r.actorEmail, r.data])).toEqual([
      ['plan.changed', admin.user.id, admin.user.email, { from: 'free', to: 'teams', by: 'site admin' }],
    ])
    expect(await rowsOf(admin.user.id)).toEqual([])
  })

  it('exports: the list CSV with its filter or selection and the rows streamed, a person’s JSON and vCard', async () => {
    const me = await owner()
    const { sessionId } = await seedTalkAndSession(me.id)
    await seedViewsAndLeads(sessionId, me.id, { scans: 0, visits: 0, leadCount: 3 })
    const people = await getDb().select().from(contacts).where(eq(contacts.ownerId, me.id)).orderBy(asc(contacts.firstName))
    const download = async (path: string) => {
      const res = (await call(leadsExport, makeRequest(path, { cookie: me.cookie }))) as Response
      expect(res.status).toBe(200)
      // Nothing is recorded before the stream has ended: the count is what went out.
      const lines = (await bodyOf(res)).trimEnd().split('\r\n')
      return lines.length - 1
    }
    expect(await download('/app/leads/export')).toBe(3)
    expect(await download('/app/leads/export?q=lead+0')).toBe(1)
    expect(await download(`/app/leads/export?id=${people[0]!.id}&id=${people[1]!.id}`)).toBe(2)
    const json = (await call(personExport, makeRequest(`/app/leads/${people[2]!.id}/export`, { cookie: me.cookie }), {
      id: people[2]!.id,
    })) as Response
    expect(json.status).toBe(200)
    const card = (await call(vcardLoader, makeRequest(`/app/leads/${people[2]!.id}/vcard`, { cookie: me.cookie }), {
      id: people[2]!.id,
    })) as Response
    expect(card.status).toBe(200)
    expect((await rowsOf(me.id)).map((r) => [r.kind, r.actorEmail, r.subject, r.data])).toEqual([
      ['export.made', me.email, 'Leads CSV', { format: 'csv', rows: 3 }],
      ['export.made', me.email, 'Leads CSV', { format: 'csv', rows: 1, filter: 'q=lead+0' }],
      ['export.made', me.email, 'Leads CSV', { format: 'csv', rows: 2, selected: 2 }],
      ['export.made', me.email, 'Person JSON', { format: 'json', rows: 1, contactId: people[2]!.id }],
      ['export.made', me.email, 'vCard', { format: 'vcard', rows: 1, contactId: people[2]!.id }],
    ])
    // No attendee's email is copied into the log (an erasure must reach every copy).
    const logged = JSON.stringify(await rowsOf(me.id))
    for (const person of people) expect(logged).not.toContain(person.email)
  })

  it('a download the client leaves early records the rows sent so far', async () => {
    const me = await owner()
    const { sessionId } = await seedTalkAndSession(me.id)
    await seedViewsAndLeads(sessionId, me.id, { scans: 0, visits: 0, leadCount: 2 })
    const res = (await call(leadsExport, makeRequest('/app/leads/export', { cookie: me.cookie }))) as Response
    const reader = res.body!.getReader()
    await reader.read() // BOM and header only
    await reader.cancel()
    expect((await rowsOf(me.id)).map((r) => r.data)).toEqual([{ format: 'csv', rows: 0, complete: false }])
  })
})

describe('reading the log', () => {
  /** A workspace with an admin and a member, and rows of several kinds and people. */
  async function seeded() {
    const me = await owner()
    const admin = await memberOf(me.id, 'admin')
    const member = await memberOf(me.id, 'member')
    const write = (kind: AuditKind, actor: { id: string; email: string } | null, subject: string, data = {}) =>
      recordAudit({ workspaceId: me.id, actor, kind, subject, data })
    await write('member.invited', me, 'grace@example.org', { role: 'admin' })
    await write('member.role_changed', admin, member.email, { from: 'member', to: 'admin' })
    await write('webhook.added', admin, '=cmd|"/c calc"!A1', { events: ['lead.created'] })
    await write('export.made', me, 'Leads CSV', { format: 'csv', rows: 1234 })
    await write('plan.changed', null, '', { from: 'free', to: 'teams' })
    // Another workspace's rows, with the same people in them, never appear.
    const other = await owner()
    await recordAudit({ workspaceId: other.id, actor: me, kind: 'webhook.added', subject: 'https://other.example/in' })
    return { me, admin, member, other }
  }
  type Page = {
    total: number
    totalPages: number
    rows: { who: string; what: string; subject: string; details: string; at: string }[]
  }
  const page = async (query: string, cookie: string) =>
    dataOf<Page>(await call(auditPage, makeRequest(`/app/team/audit${query}`, { cookie })))

  it('lists the workspace’s rows newest first, in words, for the owner and an admin', async () => {
    const { me, admin, member } = await seeded()
    const mine = await page('', me.cookie)
    expect(mine.total).toBe(5)
    expect(mine.rows.map((r) => [r.who, r.what, r.subject, r.details])).toEqual([
      ['System', 'Plan changed', '', 'plan: Free → Teams'],
      [me.email, 'Export made', 'Leads CSV', '1,234 rows, CSV'],
      [admin.email, 'Webhook added', '=cmd|"/c calc"!A1', 'events: lead.created'],
      [admin.email, 'Role changed', member.email, 'role: member → admin'],
      [me.email, 'Invited', 'grace@example.org', 'role: admin'],
    ])
    const asAdmin = await page(`?workspace=${me.id}`, admin.cookie)
    expect(asAdmin.total).toBe(5)
  })

  it('filters by kind and by person (who acted or whom it concerned, any case, part of an address)', async () => {
    const { me, admin, member } = await seeded()
    expect((await page('?kind=webhook.added', me.cookie)).rows.map((r) => r.subject)).toEqual(['=cmd|"/c calc"!A1'])
    const byAdmin = await page(`?person=${encodeURIComponent(admin.email.toUpperCase())}`, me.cookie)
    expect(byAdmin.rows.map((r) => r.what)).toEqual(['Webhook added', 'Role changed'])
    const aboutMember = await page(`?person=${encodeURIComponent(member.email.split('@')[0]!)}`, me.cookie)
    expect(aboutMember.rows.map((r) => r.what)).toEqual(['Role changed'])
    expect((await page('?kind=member.role_changed&person=grace', me.cookie)).total).toBe(0)
    expect((await page('?person=grace', me.cookie)).rows.map((r) => r.what)).toEqual(['Invited'])
    // % and _ are letters here, not wildcards.
    expect((await page('?person=%25', me.cookie)).total).toBe(0)
  })

  it('answers the short address of a filter, and pages 50 at a time', async () => {
    const me = await owner()
    const redirect = (await call(
      auditPage,
      makeRequest('/app/team/audit?kind=&person=&page=1', { cookie: me.cookie }),
    )) as Response
    expect(redirect.headers.get('Location')).toBe('/app/team/audit')
    await getDb()
      .insert(auditEvents)
      .values(
        Array.from({ length: AUDIT_PAGE_SIZE + 3 }, (_, i) => ({
          workspaceId: me.id,
          actorEmail: me.email,
          kind: 'export.made',
          subject: `n${i}`,
          createdAt: new Date(Date.now() - i * 60_000),
        })),
      )
    const first = await page('', me.cookie)
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 3, totalPages: 2 })
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE)
    expect(first.rows[0]!.subject).toBe('n0')
    expect((await page('?page=2', me.cookie)).rows.map((r) => r.subject)).toEqual(['n50', 'n51', 'n52'])
  })

  it('downloads the filter as CSV (header, words, neutralised cells) and records that download', async () => {
    const { me, admin, other } = await seeded()
    const res = (await call(
      auditExport,
      makeRequest(`/app/team/audit/export?person=${encodeURIComponent(admin.email)}`, { cookie: me.cookie }),
    )) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = await bodyOf(res)
    expect(text.startsWith('\uFEFFWhen (UTC),Who,What,Subject,Details,Kind,Data (JSON)\r\n')).toBe(true)
    const lines = text.trimEnd().split('\r\n').slice(1)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain(`,${admin.email},Webhook added,"'=cmd|""/c calc""!A1",events: lead.created,webhook.added,`)
    expect(lines[1]).toContain(`,Role changed,`)
    expect(lines[1]).toContain('role: member → admin')
    expect(text).not.toContain(other.email)
    const [recorded] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, me.id), eq(auditEvents.subject, 'Audit log CSV')))
    expect(recorded).toMatchObject({
      kind: 'export.made',
      actorEmail: me.email,
      data: { format: 'csv', rows: 2, filter: `person=${encodeURIComponent(admin.email)}` },
    })
  })

  it('is refused (403) to a member, page and CSV', async () => {
    const { me, member } = await seeded()
    const tries = [
      () => call(auditPage, makeRequest(`/app/team/audit?workspace=${me.id}`, { cookie: member.cookie })),
      () => call(auditExport, makeRequest(`/app/team/audit/export?workspace=${me.id}`, { cookie: member.cookie })),
    ]
    for (const attempt of tries) {
      const res = (await attempt()) as Response
      expect(res.status).toBe(403)
      expect(await res.text()).toBe("Only the workspace's owner and admins can read the audit log.")
    }
  })

  it('is linked from the Team page for the owner and admins only', async () => {
    const { me, admin, member } = await seeded()
    const links = async (cookie: string) =>
      dataOf<{ canViewAudit: boolean }>(await call(teamPage, makeRequest(`/app/team?workspace=${me.id}`, { cookie })))
        .canViewAudit
    expect([await links(me.cookie), await links(admin.cookie), await links(member.cookie)]).toEqual([true, true, false])
  })

  it('never shows another workspace’s rows, even to someone who is in both', async () => {
    const { me, other } = await seeded()
    // In their own workspace, the owner of the other one sees only its row.
    const theirs = await page('', other.cookie)
    expect(theirs.rows.map((r) => r.subject)).toEqual(['https://other.example/in'])
    await getDb().insert(workspaceMembers).values({ workspaceId: me.id, userId: other.id, role: 'admin' })
    expect((await page(`?workspace=${me.id}`, other.cookie)).rows.map((r) => r.subject)).not.toContain('https://other.example/in')
    expect((await page(`?workspace=${other.id}`, me.cookie)) as unknown as Response).toMatchObject({ status: 404 })
  })

  it('reads every row in keyset batches, without skipping or repeating rows of the same instant', async () => {
    const me = await owner()
    const at = new Date()
    await getDb()
      .insert(auditEvents)
      .values(Array.from({ length: 7 }, (_, i) => ({ workspaceId: me.id, kind: 'export.made', subject: `s${i}`, createdAt: at })))
    const seen: string[] = []
    for await (const batch of auditEventBatches(me.id, { kind: null, person: '' }, 2)) seen.push(...batch.map((r) => r.subject))
    expect(seen).toEqual(['s6', 's5', 's4', 's3', 's2', 's1', 's0'])
  })
})

describe('the daily prune', () => {
  it(`removes rows older than ${AUDIT_RETENTION_DAYS} days and keeps younger ones (a year and more)`, async () => {
    const me = await owner()
    const now = Date.now()
    const aged = (days: number, subject: string) => ({
      workspaceId: me.id,
      kind: 'export.made',
      subject,
      createdAt: new Date(now - days * DAY_MS),
    })
    await getDb()
      .insert(auditEvents)
      .values([aged(401, 'old-1'), aged(401, 'old-2'), aged(399, 'kept'), aged(366, 'a year ago'), aged(0, 'today')])
    // Through the job itself, as the worker runs it every day.
    const registry = createJobRegistry()
    const result = await registry['jobs.prune'].run({ olderThanDays: 30 }, {} as never)
    expect(result).toMatchObject({ audit: expect.any(Number) })
    expect((await rowsOf(me.id)).map((r) => r.subject).sort()).toEqual(['a year ago', 'kept', 'today'])
    expect(await pruneAuditEvents({ now: new Date(now), batch: 1 })).toBe(0)
  })

  it('deletes in batches until none is left', async () => {
    const me = await owner()
    const old = new Date(Date.now() - (AUDIT_RETENTION_DAYS + 5) * DAY_MS)
    await getDb()
      .insert(auditEvents)
      .values(
        Array.from({ length: 5 }, (_, i) => ({ workspaceId: me.id, kind: 'export.made', subject: `o${i}`, createdAt: old })),
      )
    expect(await pruneAuditEvents({ batch: 2 })).toBeGreaterThanOrEqual(5)
    expect(
      await getDb()
        .select()
        .from(auditEvents)
        .where(inArray(auditEvents.subject, ['o0', 'o1', 'o2', 'o3', 'o4'])),
    ).toEqual([])
  })
})
