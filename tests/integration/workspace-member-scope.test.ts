import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { contacts, segments } from '~/db/schema/people'
import { workspaces } from '~/db/schema/workspaces'
import { action as leadsAction, loader as leadsLoader } from '~/routes/app.leads._index/route'
import { loader as exportLoader } from '~/routes/app.leads.export'
import { action as personAction, loader as personLoader } from '~/routes/app.leads_.$id/route'
import { loader as personExportLoader } from '~/routes/app.leads_.$id_.export'
import { loader as homeLoader } from '~/routes/app._index'
import { loader as sessionLoader } from '~/routes/app.sessions.$id._index'
import { loader as sessionLeadsLoader } from '~/routes/app.sessions.$id_.leads'
import { loader as talkRoiLoader } from '~/routes/app.talks.$id_.roi'
import { action as integrationsAction, loader as integrationsLoader } from '~/routes/app.settings_.integrations/route'
import { loader as webhooksLoader } from '~/routes/app.settings_.webhooks._index'
import { action as newWebhookAction, loader as newWebhookLoader } from '~/routes/app.settings_.webhooks.new'
import { loader as webhookGuideLoader } from '~/routes/app.settings_.webhooks.guide'
import { action as webhookAction } from '~/routes/app.settings_.webhooks.$id'
import { loader as settingsLoader } from '~/routes/app.settings'
import { call, makeRequest } from './utils'
import { twoWorkspaces } from './workspace-fixtures'

// Issue 21 Deliver 2: a member works the leads of the sessions they run — lists, filters, counts,
// exports, the person's page and bulk actions show only those — and opens only those sessions;
// talks are shared. With "Members see every lead" on they see every lead and read every session
// (issue 29 Deliver 1). Integrations and webhooks are for the owner and admins (403). The owner sees all.

type Fx = Awaited<ReturnType<typeof twoWorkspaces>>
let fx: Fx

beforeAll(async () => {
  fx = await twoWorkspaces()
})

async function body(result: unknown) {
  if (result instanceof Response) return { status: result.status, text: await result.text() }
  return { status: 200, text: JSON.stringify(result) }
}

const get = (cookie: string, path: string, fn: Parameters<typeof call>[0], params: Record<string, string> = {}) =>
  call(fn, makeRequest(path, { cookie }), params).then(body)

describe('what a member sees', () => {
  it("lists only the people seen at the member's sessions; the owner sees everyone", async () => {
    const member = await get(fx.cookies.memberA, '/app/leads', leadsLoader)
    expect(member.text).toContain(fx.A.people.memberOnly!.email)
    expect(member.text).toContain(fx.A.people.shared!.email)
    expect(member.text).not.toContain(fx.A.people.ownerOnly.email)
    expect(JSON.parse(member.text).total).toBe(2)
    // The filter choices: the member's session only.
    expect(member.text).toContain(fx.A.eventNames.member!)
    expect(member.text).not.toContain(fx.A.eventNames.owner)

    const owner = await get(fx.cookies.ownerA, '/app/leads', leadsLoader)
    expect(JSON.parse(owner.text).total).toBe(3)
    expect(owner.text).toContain(fx.A.people.ownerOnly.email)
  })

  it("a filter on the owner's session finds no one for the member", async () => {
    const filtered = await get(fx.cookies.memberA, `/app/leads?session=${fx.A.sessions.owner}`, leadsLoader)
    expect(JSON.parse(filtered.text).total).toBe(0)
    expect(JSON.parse(filtered.text).anyPeople).toBe(true)
  })

  it('applying a segment shows only what the member sees', async () => {
    await getDb()
      .update(contacts)
      .set({ tags: ['vip'] })
      .where(eq(contacts.ownerId, fx.A.id))
    const [segment] = await getDb().select().from(segments).where(eq(segments.id, fx.A.segmentId))
    const applied = await get(fx.cookies.memberA, `/app/leads?${segment!.query}`, leadsLoader)
    expect(JSON.parse(applied.text).total).toBe(2)
    expect(applied.text).not.toContain(fx.A.people.ownerOnly.email)
  })

  it('exports only those people, whatever the ids asked for', async () => {
    const all = await get(fx.cookies.memberA, '/app/leads/export', exportLoader)
    expect(all.status).toBe(200)
    expect(all.text).toContain(fx.A.people.memberOnly!.email)
    expect(all.text).not.toContain(fx.A.people.ownerOnly.email)
    const asked = await get(fx.cookies.memberA, `/app/leads/export?id=${fx.A.people.ownerOnly.id}`, exportLoader)
    expect(asked.text).not.toContain(fx.A.people.ownerOnly.email)
    expect(asked.text.trim().split('\n')).toHaveLength(1)
    const owner = await get(fx.cookies.ownerA, '/app/leads/export', exportLoader)
    expect(owner.text).toContain(fx.A.people.ownerOnly.email)
  })

  it("a person seen at both shows the member's capture only, and their timeline entry only", async () => {
    const id = fx.A.people.shared!.id
    const member = JSON.parse((await get(fx.cookies.memberA, `/app/leads/${id}`, personLoader, { id })).text)
    expect(member.captures.map((c: { eventName: string }) => c.eventName)).toEqual([fx.A.eventNames.member])
    expect(member.locked).toBe(0)
    const captured = (v: { timeline: { type: string }[] }) => v.timeline.filter((e) => e.type === 'captured').length
    expect(captured(member)).toBe(1)
    const owner = JSON.parse((await get(fx.cookies.ownerA, `/app/leads/${id}`, personLoader, { id })).text)
    expect(owner.captures).toHaveLength(2)
    expect(captured(owner)).toBe(2)

    const exported = JSON.parse((await get(fx.cookies.memberA, `/app/leads/${id}/export`, personExportLoader, { id })).text)
    expect(exported.captures).toHaveLength(1)
    expect(JSON.stringify(exported)).not.toContain(fx.A.eventNames.owner)
    expect(exported.webhookDeliveries).toBeNull()
  })

  it('bulk actions refuse (404) a person the member does not see, and work on theirs', async () => {
    const post = (ids: string[]) =>
      call(
        leadsAction,
        makeRequest('/app/leads', { cookie: fx.cookies.memberA, form: { intent: 'status', status: 'contacted', ids } }),
      )
    expect(((await post([fx.A.people.ownerOnly.id, fx.A.people.memberOnly!.id])) as Response).status).toBe(404)
    const ok = (await post([fx.A.people.memberOnly!.id])) as Response
    expect(ok.status).toBe(302)
    const [row] = await getDb().select().from(contacts).where(eq(contacts.id, fx.A.people.ownerOnly.id))
    expect(row!.status).toBe('new')
  })

  it("lists only the member's sessions; the owner lists both, and opens their own session's leads", async () => {
    const member = await get(fx.cookies.memberA, '/app', homeLoader)
    expect(member.text).toContain(fx.A.eventNames.member!)
    expect(member.text).not.toContain(fx.A.eventNames.owner)
    expect(member.text).toContain('Shared talk of A')
    const owner = await get(fx.cookies.ownerA, '/app', homeLoader)
    expect(owner.text).toContain(fx.A.eventNames.owner)
    expect(owner.text).toContain(fx.A.eventNames.member!)
    const id = fx.A.sessions.owner
    const leads = await get(fx.cookies.ownerA, `/app/sessions/${id}/leads`, sessionLeadsLoader, { id })
    expect(leads.status).toBe(200)
    expect(leads.text).toContain(fx.A.people.ownerOnly.email)
  })

  it("reads a shared talk's ROI over the member's sessions only", async () => {
    const id = fx.A.talkId
    const member = await get(fx.cookies.memberA, `/app/talks/${id}/roi`, talkRoiLoader, { id })
    expect(member.text).toContain(fx.A.eventNames.member!)
    expect(member.text).not.toContain(fx.A.eventNames.owner)
    const owner = await get(fx.cookies.ownerA, `/app/talks/${id}/roi`, talkRoiLoader, { id })
    expect(owner.text).toContain(fx.A.eventNames.owner)
  })

  it('with "Members see every lead" on, sees every person and reads every session, but lists only the sessions they run', async () => {
    await getDb().update(workspaces).set({ membersSeeAllLeads: true }).where(eq(workspaces.id, fx.A.id))
    try {
      const list = await get(fx.cookies.memberA, '/app/leads', leadsLoader)
      expect(JSON.parse(list.text).total).toBe(3)
      // "Your sessions" is the sessions one changes (issue 29 Deliver 1)…
      const home = await get(fx.cookies.memberA, '/app', homeLoader)
      expect(home.text).not.toContain(fx.A.eventNames.owner)
      // …while the owner's session, where the owner-only person came from, opens read-only, with its leads.
      const id = fx.A.sessions.owner
      const page = await get(fx.cookies.memberA, `/app/sessions/${id}`, sessionLoader, { id })
      expect(page.status).toBe(200)
      expect(JSON.parse(page.text)).toMatchObject({ canRun: false, canEdit: false })
      const leads = await get(fx.cookies.memberA, `/app/sessions/${id}/leads`, sessionLeadsLoader, { id })
      expect(leads.status).toBe(200)
      expect(leads.text).toContain(fx.A.people.ownerOnly.email)
      const talkRoi = await get(fx.cookies.memberA, `/app/talks/${fx.A.talkId}/roi`, talkRoiLoader, { id: fx.A.talkId })
      expect(talkRoi.text).toContain(fx.A.eventNames.owner)
    } finally {
      await getDb().update(workspaces).set({ membersSeeAllLeads: false }).where(eq(workspaces.id, fx.A.id))
    }
  })
})

describe('what a member may not do', () => {
  const forbidden: [string, () => Promise<unknown>][] = [
    [
      'integrations page',
      () => call(integrationsLoader, makeRequest('/app/settings/integrations', { cookie: fx.cookies.memberA })),
    ],
    [
      'integrations action',
      () =>
        call(
          integrationsAction,
          makeRequest('/app/settings/integrations', { cookie: fx.cookies.memberA, form: { intent: 'disconnect' } }),
        ),
    ],
    ['webhooks list', () => call(webhooksLoader, makeRequest('/app/settings/webhooks', { cookie: fx.cookies.memberA }))],
    ['new webhook page', () => call(newWebhookLoader, makeRequest('/app/settings/webhooks/new', { cookie: fx.cookies.memberA }))],
    [
      'new webhook action',
      () =>
        call(
          newWebhookAction,
          makeRequest('/app/settings/webhooks/new', {
            cookie: fx.cookies.memberA,
            form: { url: 'https://example.com/hook', description: '', events: 'lead.created' },
          }),
        ),
    ],
    [
      'webhook guide',
      () => call(webhookGuideLoader, makeRequest('/app/settings/webhooks/guide', { cookie: fx.cookies.memberA })),
    ],
    [
      'webhook action',
      () =>
        call(
          webhookAction,
          makeRequest(`/app/settings/webhooks/${fx.A.webhookId}`, { cookie: fx.cookies.memberA, form: { intent: 'delete' } }),
          {
            id: fx.A.webhookId,
          },
        ),
    ],
  ]
  for (const [label, request] of forbidden)
    it(`${label}: 403`, async () => {
      expect(((await request()) as Response).status).toBe(403)
    })

  it('settings do not link to integrations and webhooks for a member; they do for the owner', async () => {
    const member = JSON.parse((await get(fx.cookies.memberA, '/app/settings', settingsLoader)).text)
    expect(member).toMatchObject({ canManageWebhooks: false, canManageIntegrations: false })
    const owner = JSON.parse((await get(fx.cookies.ownerA, '/app/settings', settingsLoader)).text)
    expect(owner).toMatchObject({ canManageWebhooks: true, canManageIntegrations: true })
  })

  it("the owner's integrations and webhooks still answer", async () => {
    expect((await get(fx.cookies.ownerA, '/app/settings/integrations', integrationsLoader)).status).toBe(200)
    expect((await get(fx.cookies.ownerA, '/app/settings/webhooks', webhooksLoader)).status).toBe(200)
  })
})

describe("another workspace's ids in query strings and form fields", () => {
  it("a segment, a note or a delivery of B's is 404 from A's pages; B's people export nothing", async () => {
    const leadsPost = (form: Record<string, string>) =>
      call(leadsAction, makeRequest('/app/leads', { cookie: fx.cookies.ownerA, form })) as Promise<Response>
    expect((await leadsPost({ intent: 'rename-segment', segmentId: fx.B.segmentId, name: 'Mine now' })).status).toBe(404)
    expect((await leadsPost({ intent: 'delete-segment', segmentId: fx.B.segmentId, confirmed: '1' })).status).toBe(404)
    const renaming = JSON.parse((await get(fx.cookies.ownerA, `/app/leads?rename=${fx.B.segmentId}`, leadsLoader)).text)
    expect(renaming.renaming).toBeNull()

    const personId = fx.A.people.ownerOnly.id
    const edited = await call(
      personAction,
      makeRequest(`/app/leads/${personId}`, {
        cookie: fx.cookies.ownerA,
        form: { intent: 'edit-note', noteId: fx.B.people.ownerOnly.noteId, body: 'Mine now' },
      }),
      { id: personId },
    )
    expect((edited as Response).status).toBe(404)

    const replay = await call(
      webhookAction,
      makeRequest(`/app/settings/webhooks/${fx.A.webhookId}`, {
        cookie: fx.cookies.ownerA,
        form: { intent: 'replay', deliveryId: fx.B.deliveryId },
      }),
      { id: fx.A.webhookId },
    )
    expect((replay as Response).status).toBe(404)

    const exported = await get(fx.cookies.ownerA, `/app/leads/export?id=${fx.B.people.ownerOnly.id}`, exportLoader)
    for (const secret of fx.secretsOfB) expect(exported.text).not.toContain(secret)
  })

  it('?workspace= of a workspace the person is not in is 404', async () => {
    const result = await get(fx.cookies.ownerA, `/app/leads?workspace=${fx.B.id}`, leadsLoader)
    expect(result.status).toBe(404)
    for (const secret of fx.secretsOfB) expect(result.text).not.toContain(secret)
  })
})

describe("the owner's queries stay as cheap as before", () => {
  it('adds the runner condition only for a member who sees their own sessions’ leads', async () => {
    const { peopleWhere } = await import('~/models/lead-list.server')
    const { EMPTY_LEAD_FILTERS } = await import('~/lib/lead-filters')
    const sqlOf = (runnerId: string | null) =>
      getDb()
        .select({ id: contacts.id })
        .from(contacts)
        .where(peopleWhere({ ownerId: fx.A.id, userId: fx.users.ownerA.id, runnerId }, 'pro', EMPTY_LEAD_FILTERS))
        .toSQL().sql
    // The owner's default list counts from the contacts index alone: no EXISTS, no runner sub-select.
    expect(sqlOf(null)).not.toMatch(/exists|run_s/)
    expect(sqlOf(fx.users.memberA.id)).toMatch(/exists .*"run_s"/)
  })
})
