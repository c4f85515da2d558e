import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { webhookDeliveries, webhookEndpoints } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '~/lib/webhooks'
import { queuePing } from '~/models/webhook-deliveries.server'
import { createEndpoint, getEndpoint, newDeliveryId } from '~/models/webhooks.server'
import { action as endpointAction, loader as endpointLoader } from '~/routes/app.settings_.webhooks.$id'
import { loader as listLoader } from '~/routes/app.settings_.webhooks._index'
import { loader as guideLoader } from '~/routes/app.settings_.webhooks.guide'
import { action as newAction } from '~/routes/app.settings_.webhooks.new'
import { call, makeRequest, signedInAs } from './utils'

// Settings → Webhooks (issue 10 Deliver 6): add, edit, enable/disable, rotate, ping, replay and
// delete, every one owner-scoped (another speaker's ids answer 404), bad input 400 by the field.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const fieldErrors = (r: unknown) => (r as { data: { result: { error: Record<string, string[]> } } }).data.result.error
let n = 0
const speaker = () => signedInAs(`hooks-${++n}-${Date.now()}@example.com`)
const form = (overrides: Record<string, string | string[]> = {}) => ({
  url: 'https://hooks.example.com/lectern',
  description: 'Zapier',
  events: ['lead.created', 'lead.deleted'],
  ...overrides,
})
const endpointPath = (id: string) => `/app/settings/webhooks/${id}`

describe('adding an endpoint', () => {
  it('stores it with an encrypted whsec_ secret and leads to its page', async () => {
    const { user, cookie } = await speaker()
    const res = (await call(newAction, makeRequest('/app/settings/webhooks/new', { cookie, form: form() }))) as Response
    expect(res.status).toBe(302)
    const id = /\/app\/settings\/webhooks\/([0-9a-f-]{36})$/.exec(res.headers.get('Location')!)![1]!
    const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
    expect(row).toMatchObject({
      ownerId: user.id,
      url: 'https://hooks.example.com/lectern',
      description: 'Zapier',
      events: ['lead.created', 'lead.deleted'],
      enabled: true,
    })
    expect(row!.secret).not.toContain('whsec_')
    expect((await getEndpoint(user.id, id))!.secret).toMatch(/^whsec_/)

    const page = (await call(endpointLoader, makeRequest(endpointPath(id), { cookie }), { id })) as { secret: string | null }
    expect(page.secret).toBeNull()
    const shown = (await call(endpointLoader, makeRequest(`${endpointPath(id)}?secret=show`, { cookie }), { id })) as {
      secret: string | null
    }
    expect(shown.secret).toMatch(/^whsec_/)
    const list = (await call(listLoader, makeRequest('/app/settings/webhooks', { cookie }))) as { endpoints: { id: string }[] }
    expect(list.endpoints.map((e) => e.id)).toEqual([id])

    // A secret that no longer decrypts (ENCRYPTION_KEY changed): the page still opens and says so.
    await getDb().update(webhookEndpoints).set({ secret: 'v1.AAAAAAAAAAA.AAAA.AAAA.AAAA' }).where(eq(webhookEndpoints.id, id))
    const unreadable = (await call(endpointLoader, makeRequest(`${endpointPath(id)}?secret=show`, { cookie }), { id })) as {
      secret: string | null
      secretUnreadable: boolean
    }
    expect(unreadable).toMatchObject({ secret: null, secretUnreadable: true })
  })

  it.each([
    [{ url: '' }, 'url', WEBHOOK_MESSAGES.urlMissing],
    [{ url: 'hooks.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    [{ url: 'ftp://hooks.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    [{ url: 'http://127.0.0.1:8080/in' }, 'url', '127.0.0.1 is a loopback address: webhooks only go to public addresses'],
    [
      { url: 'http://169.254.169.254/latest' },
      'url',
      '169.254.169.254 is a link-local address: webhooks only go to public addresses',
    ],
    [{ url: 'http://10.1.2.3/in' }, 'url', '10.1.2.3 is a private address: webhooks only go to public addresses'],
    [{ url: 'http://localhost:3000/in' }, 'url', 'localhost is a loopback address: webhooks only go to public addresses'],
    [{ events: [] }, 'events', WEBHOOK_MESSAGES.eventsMissing],
    [{ description: 'x'.repeat(201) }, 'description', WEBHOOK_MESSAGES.descriptionLong],
  ])('refuses %j with 400 and the message by the field', async (overrides, field, message) => {
    const { user, cookie } = await speaker()
    const res = await call(newAction, makeRequest('/app/settings/webhooks/new', { cookie, form: form(overrides) }))
    expect(statusOf(res)).toBe(400)
    expect(fieldErrors(res)[field]).toEqual([message])
    expect(await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, user.id))).toHaveLength(0)
  })

  it(`stops at ${WEBHOOK_LIMITS.endpoints} endpoints with a message`, async () => {
    const { user, cookie } = await speaker()
    for (let i = 0; i < WEBHOOK_LIMITS.endpoints; i++) {
      await createEndpoint(user.id, { url: `https://hooks.example.com/${i}`, description: '', events: ['lead.created'] }, null)
    }
    const res = await call(newAction, makeRequest('/app/settings/webhooks/new', { cookie, form: form() }))
    expect(statusOf(res)).toBe(409)
    expect((res as { data: { result: { error: Record<string, string[]> } } }).data.result.error['']).toEqual([
      WEBHOOK_MESSAGES.tooMany,
    ])
  })
})

describe('an endpoint page', () => {
  async function withEndpoint() {
    const owner = await speaker()
    const id = (await createEndpoint(
      owner.user.id,
      {
        url: 'https://hooks.example.com/a',
        description: '',
        events: ['lead.created'],
      },
      null,
    ))!
    return { ...owner, id }
  }
  const post = (id: string, cookie: string, fields: Record<string, string | string[]>) =>
    call(endpointAction, makeRequest(endpointPath(id), { cookie, form: fields }), { id })

  it('edits, disables, enables (clearing an automatic disable), rotates and deletes', async () => {
    const { user, cookie, id } = await withEndpoint()
    const row = async () => (await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]
    let res = (await post(id, cookie, {
      intent: 'save',
      ...form({ url: 'https://hooks.example.com/b', events: ['lead.updated'] }),
    })) as Response
    expect(res.status).toBe(302)
    expect(await row()).toMatchObject({ url: 'https://hooks.example.com/b', events: ['lead.updated'], description: 'Zapier' })

    const bad = await post(id, cookie, { intent: 'save', ...form({ url: 'http://192.168.1.2/' }) })
    expect(statusOf(bad)).toBe(400)
    expect(fieldErrors(bad).url).toEqual(['192.168.1.2 is a private address: webhooks only go to public addresses'])

    await post(id, cookie, { intent: 'disable' })
    expect((await row())!.enabled).toBe(false)
    await getDb()
      .update(webhookEndpoints)
      .set({ disabledReason: 'Disabled automatically', failingSince: new Date() })
      .where(eq(webhookEndpoints.id, id))
    await post(id, cookie, { intent: 'enable' })
    expect(await row()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null })

    const before = (await getEndpoint(user.id, id))!.secret
    res = (await post(id, cookie, { intent: 'rotate' })) as Response
    expect(res.headers.get('Location')).toBe(`${endpointPath(id)}?secret=show`)
    const after = (await getEndpoint(user.id, id))!.secret
    expect(after).toMatch(/^whsec_/)
    expect(after).not.toBe(before)

    res = (await post(id, cookie, { intent: 'delete' })) as Response
    expect(res.headers.get('Location')).toBe('/app/settings/webhooks')
    expect(await row()).toBeUndefined()
  })

  it('queues a ping and a replay through the delivery job', async () => {
    const { cookie, id } = await withEndpoint()
    await post(id, cookie, { intent: 'ping' })
    const [ping] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))
    expect(ping).toMatchObject({
      eventType: 'webhook.ping',
      status: 'pending',
      payload: { type: 'webhook.ping', data: { endpointId: id } },
    })
    await post(id, cookie, { intent: 'replay', deliveryId: ping!.id })
    const queued = await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.status, 'pending')))
    expect(queued.filter((j) => (j.payload as { deliveryId: string }).deliveryId === ping!.id)).toHaveLength(1)
    const page = (await call(endpointLoader, makeRequest(endpointPath(id), { cookie }), { id })) as {
      deliveries: { id: string; nextAttemptAt: string | null }[]
      total: number
    }
    expect(page.deliveries.map((d) => d.id)).toEqual([ping!.id])
    // Queued, not yet tried: the log says when it goes.
    const [job] = queued.filter((j) => (j.payload as { deliveryId: string }).deliveryId === ping!.id)
    expect(page.deliveries[0]!.nextAttemptAt).toBe(job!.runAt.toISOString())
  })

  it("answers 404 for another speaker's endpoint and delivery ids, on every intent", async () => {
    const { user, id } = await withEndpoint()
    const pingId = (await queuePing(user.id, id))!
    const other = await speaker()
    const theirs = (await createEndpoint(
      other.user.id,
      {
        url: 'https://hooks.example.com/c',
        description: '',
        events: ['lead.created'],
      },
      null,
    ))!
    expect(statusOf(await call(endpointLoader, makeRequest(endpointPath(id), { cookie: other.cookie }), { id }))).toBe(404)
    expect(
      statusOf(await call(endpointLoader, makeRequest('/app/settings/webhooks/nope', { cookie: other.cookie }), { id: 'nope' })),
    ).toBe(404)
    for (const fields of <Record<string, string | string[]>[]>[
      { intent: 'save', ...form() },
      { intent: 'save', url: '' },
      { intent: 'enable' },
      { intent: 'disable' },
      { intent: 'rotate' },
      { intent: 'ping' },
      { intent: 'replay', deliveryId: pingId },
      { intent: 'delete' },
    ]) {
      expect(statusOf(await post(id, other.cookie, fields)), String(fields.intent)).toBe(404)
    }
    // Their own endpoint with my delivery id, or a made-up one: 404 too.
    expect(statusOf(await post(theirs, other.cookie, { intent: 'replay', deliveryId: pingId }))).toBe(404)
    expect(statusOf(await post(theirs, other.cookie, { intent: 'replay', deliveryId: newDeliveryId() }))).toBe(404)
    expect(statusOf(await post(theirs, other.cookie, { intent: 'replay', deliveryId: 'msg_x' }))).toBe(404)
    expect(statusOf(await post(theirs, other.cookie, { intent: 'explode' }))).toBe(400)
    expect((await getEndpoint(user.id, id))!.enabled).toBe(true)
    expect(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).toHaveLength(1)
  })
})

describe('the webhook guide the list mentions (issue 20 §7d)', () => {
  it('renders the receiver guide for a signed-in speaker: events, headers, how to verify', async () => {
    const { cookie } = await speaker()
    const { html } = (await call(guideLoader, makeRequest('/app/settings/webhooks/guide', { cookie }))) as { html: string }
    for (const text of ['lead.created', 'lead.deleted', 'webhook-signature', 'wh.verify(rawBody', 'Rotate secret'])
      expect(html).toContain(text)
    expect(html).toContain('<h2>Headers and verifying signatures</h2>')
    expect(html).not.toContain('{brand}')
  })

  it('is for signed-in people only', async () => {
    const res = await call(guideLoader, makeRequest('/app/settings/webhooks/guide')).catch((e: unknown) => e)
    expect(res).toBeInstanceOf(Response)
    expect((res as Response).status).toBe(302)
  })
})
