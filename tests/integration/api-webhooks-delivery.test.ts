import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { and, eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { webhookDeliveries } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { workspaceMembers } from '~/db/schema/workspaces'
import { createApiKey, revokeApiKey } from '~/models/api-keys.server'
import { getPublicSession } from '~/models/lead-capture.server'
import { eraseCaptures } from '~/models/lead-events.server'
import { submitLead } from '~/models/lead-submit.server'
import { queuePing } from '~/models/webhook-deliveries.server'
import { createEndpoint, getEndpoint } from '~/models/webhooks.server'
import { JobWorker } from '~/services/jobs.server'
import type { OpenApiDocument } from './api-document'
import { apiClient, registryDocument } from './api-utils'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'

// What a subscription made through the API receives (issue 30 Deliver 4), end to end on a local
// receiver: each message signed so the standardwebhooks verifier accepts it with the secret POST
// /webhooks answered, its body what the document's webhooks section declares, and its data exactly
// what GET /leads/{id} (or the PATCH that changed it) answers; Settings → Webhooks' endpoints keep
// their own payload. Nothing is sent for a key that stopped (revoked, its creator no longer an
// admin), and an erasure reaches the copies kept in the delivery log.

type Message = {
  path: string
  body: string
  headers: Record<string, string>
  json: { type: string; data: Record<string, unknown> }
}
let receiver: http.Server
let port = 0
let received: Message[] = []
const document: OpenApiDocument = registryDocument()
const api = apiClient(document)
const base = getConfig()

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
      received.push({ path: req.url ?? '', body, headers, json: JSON.parse(body) as Message['json'] })
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
  resetConfig(
    parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: base.dataDir,
      SESSION_SECRET: base.SESSION_SECRET,
      APP_URL: 'http://localhost:3000',
      SEED_DEMO: 'false',
      ADMIN_EMAILS: base.adminEmails.join(','),
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    }),
  )
})
afterEach(async () => {
  await getDb().update(jobs).set({ status: 'failed' }).where(eq(jobs.status, 'pending'))
  received = []
})
afterAll(async () => {
  resetConfig(base)
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})

const worker = new JobWorker({ pollMs: 60_000 })
const drain = () => worker.drain()
const at = (path: string) => received.filter((m) => m.path === path)

/** The message as the document's webhooks section declares it (JSON Schema 2020-12, $refs into the document). */
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
ajv.addSchema(document, 'openapi')
function expectDeclared(message: Message) {
  const validate = ajv.getSchema(`openapi#/webhooks/${message.json.type}/post/requestBody/content/application~1json/schema`)
  expect(validate, `the document declares ${message.json.type}`).toBeDefined()
  expect(validate!(message.json), JSON.stringify(validate!.errors)).toBe(true)
}

async function subscribed(keyScopes = ['webhooks:write', 'leads:read', 'leads:write'] as const) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const { session } = await createLiveSession(owner.id)
  const { key, id: keyId } = (await createApiKey(owner.id, { name: 'Zapier', scopes: [...keyScopes] }, owner))!
  const made = await api.json('POST', '/webhooks', {
    key,
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/zap`, events: ['lead.created', 'lead.updated', 'lead.deleted'] }),
  })
  expect(made.res.status).toBe(201)
  const settings = (await createEndpoint(
    owner.id,
    { url: `http://127.0.0.1:${port}/crm`, description: '', events: ['lead.created', 'lead.updated', 'lead.deleted'] },
    null,
  ))!
  return { owner, session, key, keyId, subscription: made.body.id as string, secret: made.body.secret as string, settings }
}

describe('a subscription’s messages', () => {
  it('carry the Lead exactly as GET /leads/{id} and the PATCH that changed it answer; Settings’ endpoints keep their payload', async () => {
    const { session, key, secret } = await subscribed()
    const email = attendeeEmail()
    await signUp(session, { email, first_name: 'Grace', company: 'Navy', q_role: 'Engineering' })
    await drain()

    const [created] = at('/zap')
    const verified = new Webhook(secret).verify(created!.body, created!.headers) as Message['json']
    expect(verified.type).toBe('lead.created')
    expectDeclared(created!)
    const got = await api.json('GET', `/leads/${String(verified.data.id)}`, { key })
    expect(got.res.status).toBe(200)
    expect(verified.data).toEqual(got.body)
    expect(got.body).toMatchObject({ email, name: 'Grace', company: 'Navy', status: 'new' })
    // The app's own endpoint: the capture, in the webhook guide's shape, unchanged.
    expect(at('/crm')[0]!.json.data).toMatchObject({ email, firstName: 'Grace', personId: verified.data.id })

    const changed = await api.json('PATCH', `/leads/${String(verified.data.id)}`, {
      key,
      body: JSON.stringify({ status: 'contacted', add_tags: ['vip'] }),
    })
    expect(changed.res.status).toBe(200)
    await drain()
    const updates = at('/zap').filter((m) => m.json.type === 'lead.updated')
    expect(updates.length).toBeGreaterThanOrEqual(1)
    for (const m of updates) expectDeclared(m)
    // The last message is the lead as it is now: what the PATCH answered and a GET answers.
    expect(updates.at(-1)!.json.data).toEqual(changed.body)
    expect(updates.at(-1)!.json.data).toEqual((await api.json('GET', `/leads/${String(verified.data.id)}`, { key })).body)
    expect(changed.body).toMatchObject({ status: 'contacted', tags: ['vip'] })
  })

  it('carry the booking request (issue 33 Deliver 3): Lead.booking on a subscription, data.booking on an endpoint', async () => {
    const { session, key } = await subscribed()
    const booking = { organisation: 'Acme Events', role: 'Programme lead', timing: 'Next spring' }
    const input = {
      firstName: 'Bea',
      email: attendeeEmail(),
      company: null,
      jobTitle: null,
      phone: null,
      linkedinUrl: null,
      answers: {},
      marketingConsent: false,
      shareWithSpeaker: false,
    }
    const made = (await submitLead({
      session: (await getPublicSession(session.code))!,
      submissionId: crypto.randomUUID(),
      input,
      noticeText: 'Notice',
      marketingText: null,
      booking,
    }))!
    await drain()
    const [created] = at('/zap')
    expect(created!.json.type).toBe('lead.created')
    expectDeclared(created!)
    expect(created!.json.data.booking).toEqual({ ...booking, session_id: session.id, created_at: expect.any(String) })
    expect(created!.json.data).toEqual((await api.json('GET', `/leads/${made.contactId}`, { key })).body)
    const [own] = at('/crm')
    expect(own!.json.data).toMatchObject({ id: made.leadId, booking: { ...booking, sessionId: session.id } })
    // Without a booking request the field is there, null.
    await signUp(session, { email: attendeeEmail() })
    await drain()
    expect(at('/zap').at(-1)!.json.data.booking).toBeNull()
    expect(at('/crm').at(-1)!.json.data.booking).toBeNull()
  })

  it('stop while the key does not work: revoked, or its creator no longer an owner or admin', async () => {
    const { owner, session, keyId } = await subscribed()
    await revokeApiKey(owner.id, keyId, owner)
    await signUp(session, { email: attendeeEmail() })
    await drain()
    expect(at('/zap')).toEqual([])
    expect(at('/crm')).toHaveLength(1)

    // An admin of the workspace subscribes; demoted to member, their key and its subscription stop.
    const admin = await createOwner(undefined, { plan: 'pro' })
    const teamId = owner.id
    await getDb().insert(workspaceMembers).values({ workspaceId: teamId, userId: admin.id, role: 'admin' })
    const teamSession = session
    const { key } = (await createApiKey(teamId, { name: 'Make', scopes: ['webhooks:write', 'leads:read'] }, admin))!
    const made = await api.json('POST', '/webhooks', {
      key,
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/team`, events: ['lead.created'] }),
    })
    expect(made.res.status).toBe(201)
    await signUp(teamSession, { email: attendeeEmail() })
    await drain()
    expect(at('/team')).toHaveLength(1)
    await getDb()
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(and(eq(workspaceMembers.workspaceId, teamId), eq(workspaceMembers.userId, admin.id)))
    await signUp(teamSession, { email: attendeeEmail() })
    await drain()
    expect(at('/team')).toHaveLength(1)
  })

  it('lead.deleted names the lead and the capture; an erasure blanks the stored messages that carried the capture', async () => {
    const { owner, session, secret, subscription } = await subscribed()
    const { session: second } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    await signUp(session, { email })
    await drain()
    await signUp(second, { email })
    await drain()
    const [first, again] = at('/zap')
    expect(again!.json.data.id).toBe(first!.json.data.id)
    expect([first!.json.data.captures, again!.json.data.captures].map((c) => (c as unknown[]).length)).toEqual([1, 2])
    const [erased] = await getDb().select().from(leads).where(eq(leads.sessionId, second.id))
    received = []

    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: [erased!.id] }, 'speaker', owner.id))
    await drain()
    const [deleted] = at('/zap')
    expectDeclared(deleted!)
    expect(new Webhook(secret).verify(deleted!.body, deleted!.headers)).toEqual({
      type: 'lead.deleted',
      timestamp: expect.any(String),
      data: { id: erased!.contactId, capture_id: erased!.id, session_id: second.id, email, lead_deleted: false },
    })
    // The second lead.created carried the erased capture: its stored body is gone; the first did not.
    const log = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, subscription))
    const byType = (type: string) => log.filter((d) => d.eventType === type)
    const bodies = byType('lead.created').map((d) => d.payload)
    expect(bodies).toContainEqual({ erased: true })
    expect(bodies.filter((b) => b.erased === undefined)).toHaveLength(1)
    // Delivered, the lead.deleted keeps the ids but not the address.
    expect(byType('lead.deleted')[0]!.payload.data).toEqual({
      id: erased!.contactId,
      capture_id: erased!.id,
      session_id: second.id,
      lead_deleted: false,
    })

    // The last capture: the lead is gone.
    const [last] = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    received = []
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: [last!.id] }, 'speaker', owner.id))
    await drain()
    expect(at('/zap')[0]!.json.data).toMatchObject({ id: last!.contactId, lead_deleted: true })
  })

  it('a test ping names the subscription', async () => {
    const { owner, subscription, secret } = await subscribed()
    expect((await getEndpoint(owner.id, subscription))!.secret).toBe(secret)
    await queuePing(owner.id, subscription)
    await drain()
    const [ping] = at('/zap')
    expectDeclared(ping!)
    expect(ping!.json.data).toEqual({ subscription_id: subscription })
  })
})
