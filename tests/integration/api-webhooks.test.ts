import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { apiIdempotencyKeys } from '~/db/schema/api'
import { webhookEndpoints } from '~/db/schema/integrations'
import { auditEvents, workspaceMembers } from '~/db/schema/workspaces'
import type { ApiScope } from '~/lib/api-keys'
import { createApiKey, revokeApiKey } from '~/models/api-keys.server'
import { createEndpoint, getEndpoint, listEndpoints } from '~/models/webhooks.server'
import { apiDocument } from '~/services/api/document.server'
import { handleApiRequest } from '~/services/api/handler.server'
import { loader as settingsList } from '~/routes/app.settings_.webhooks._index'
import { documentedJson, type OpenApiDocument } from './api-document'
import { createOwner } from './lead-capture-utils'
import { call as callRoute, makeRequest, signedInAs } from './utils'

// REST hooks (issue 30 Deliver 4) against a real database: POST /webhooks subscribes a URL with the
// app's own endpoint rules (the form's checks, the SSRF guard, WEBHOOK_ALLOWED_HOSTS, ten a
// workspace), answers its signing secret once (kept encrypted for Idempotency-Key replays), GET lists
// the workspace's subscriptions without secrets, DELETE unsubscribes; both are audited as the app's
// webhook.added / webhook.removed, naming the key. Every answer is checked against the document.

const document = () => apiDocument() as unknown as OpenApiDocument
const ALLOWED = '127.0.0.1:4567'
const base = getConfig()
let receiver: http.Server
let port = 0

beforeAll(async () => {
  receiver = http.createServer((_req, res) => res.end('ok'))
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
  resetConfig(
    parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: base.dataDir,
      SESSION_SECRET: base.SESSION_SECRET,
      APP_URL: base.appUrl,
      SEED_DEMO: 'false',
      ADMIN_EMAILS: base.adminEmails.join(','),
      WEBHOOK_ALLOWED_HOSTS: `${ALLOWED},127.0.0.1:${port}`,
    }),
  )
})
afterAll(async () => {
  resetConfig(base)
  await new Promise((resolve) => receiver.close(resolve))
})

const ALL: ApiScope[] = ['webhooks:write', 'leads:read']

async function workspaceWithKey(scopes: ApiScope[] = ALL, name = 'Zapier') {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const made = (await createApiKey(owner.id, { name, scopes }, owner))!
  return { owner, key: made.key, keyId: made.id }
}

async function call(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await handleApiRequest(
    new Request(`http://localhost:3000/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked against the document, then read freely
  const json = await documentedJson<Record<string, any>>(document(), method, path.split('?')[0]!, res)
  return { status: res.status, json, headers: res.headers }
}

const target = (path = '/zap') => `http://${ALLOWED}${path}`

describe('POST /webhooks', () => {
  it('subscribes a URL, answers its secret once, and audits it as the key’s creator via the key', async () => {
    const { owner, key, keyId } = await workspaceWithKey()
    const made = await call(key, 'POST', '/webhooks', { url: target(), events: ['lead.created', 'lead.created', 'lead.deleted'] })
    expect(made.status).toBe(201)
    expect(made.json).toMatchObject({
      url: target(),
      description: '',
      events: ['lead.created', 'lead.deleted'],
      enabled: true,
      disabled_reason: null,
    })
    expect(made.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    // The same endpoint as Settings → Webhooks: its secret, its events, and the key it was made with.
    const endpoint = (await getEndpoint(owner.id, made.json.id))!
    expect(endpoint.secret).toBe(made.json.secret)
    expect(endpoint.apiKeyId).toBe(keyId)
    expect((await listEndpoints(owner.id)).map((e) => [e.id, e.apiKeyName])).toEqual([[made.json.id, 'Zapier']])

    const listed = await call(key, 'GET', '/webhooks')
    expect(listed.status).toBe(200)
    expect(listed.json).toEqual({ data: [{ ...made.json, secret: undefined }], has_more: false })
    expect(JSON.stringify(listed.json)).not.toContain('whsec_')

    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.id), eq(auditEvents.kind, 'webhook.added')))
    expect(audit).toMatchObject({
      actorId: owner.id,
      actorEmail: owner.email,
      subject: target(),
      data: { events: ['lead.created', 'lead.deleted'], via: 'API key Zapier' },
    })
  })

  it('refuses what Settings → Webhooks refuses, naming the field, and private addresses unless allowed', async () => {
    const { key } = await workspaceWithKey()
    const refused = async (body: unknown, param: string, message?: RegExp) => {
      const res = await call(key, 'POST', '/webhooks', body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.json.error.param).toBe(param)
      if (message) expect(res.json.error.message).toMatch(message)
    }
    await refused({ events: ['lead.created'] }, 'url')
    await refused({ url: 'not a url', events: ['lead.created'] }, 'url', /Enter a full URL/)
    await refused({ url: 'ftp://hooks.example.com/x', events: ['lead.created'] }, 'url', /Enter a full URL/)
    await refused(
      { url: 'http://127.0.0.1:9/x', events: ['lead.created'] },
      'url',
      /127\.0\.0\.1 is .*webhooks only go to public addresses/,
    )
    await refused({ url: 'http://169.254.169.254/latest/meta-data', events: ['lead.created'] }, 'url', /public addresses/)
    await refused({ url: 'http://localhost:8080/x', events: ['lead.created'] }, 'url', /loopback/)
    await refused({ url: `https://hooks.example.com/${'a'.repeat(2000)}`, events: ['lead.created'] }, 'url', /under 2000/)
    await refused({ url: target(), events: [] }, 'events', /Choose at least one event/)
    await refused({ url: target(), events: ['lead.exploded'] }, 'events.0')
    await refused({ url: target(), events: ['lead.created'], secret: 'mine' }, 'secret', /Unknown field/)
    await refused({ url: target(), events: 'lead.created' }, 'events')
    // WEBHOOK_ALLOWED_HOSTS names host and port: another port of the same address stays refused.
    expect((await call(key, 'POST', '/webhooks', { url: target(), events: ['lead.created'] })).status).toBe(201)
    await refused({ url: 'http://127.0.0.1:4568/zap', events: ['lead.created'] }, 'url', /public addresses/)
    expect((await call(key, 'POST', '/webhooks', 'not json')).status).toBe(400)
  })

  it('needs webhooks:write, and leads:read for what the messages carry', async () => {
    const noWrite = await workspaceWithKey(['leads:read'])
    const a = await call(noWrite.key, 'POST', '/webhooks', { url: target(), events: ['lead.created'] })
    expect([a.status, a.json.error.code]).toEqual([403, 'forbidden'])
    expect((await call(noWrite.key, 'GET', '/webhooks')).status).toBe(403)
    const noRead = await workspaceWithKey(['webhooks:write'])
    const b = await call(noRead.key, 'POST', '/webhooks', { url: target(), events: ['lead.created'] })
    expect(b.status).toBe(403)
    expect(b.json.error.message).toContain('leads:read')
    expect(await listEndpoints(noRead.owner.id)).toEqual([])
  })

  it('counts toward the workspace’s ten endpoints (409 beyond, Settings’ own included)', async () => {
    const { owner, key } = await workspaceWithKey()
    for (let i = 0; i < 5; i++) {
      await createEndpoint(owner.id, { url: `https://hooks.example.com/${i}`, description: '', events: ['lead.created'] }, null)
    }
    for (let i = 0; i < 5; i++) {
      expect((await call(key, 'POST', '/webhooks', { url: target(`/${i}`), events: ['lead.updated'] })).status).toBe(201)
    }
    const full = await call(key, 'POST', '/webhooks', { url: target('/11'), events: ['lead.updated'] })
    expect([full.status, full.json.error.code]).toEqual([409, 'conflict'])
    expect(full.json.error.message).toContain('DELETE /webhooks/{id}')
    // The list is the API's subscriptions only, newest first, in pages.
    const first = await call(key, 'GET', '/webhooks?limit=3')
    expect(first.json.data.map((s: { url: string }) => s.url)).toEqual([target('/4'), target('/3'), target('/2')])
    expect(first.json.has_more).toBe(true)
    const next = await call(key, 'GET', `/webhooks?limit=3&starting_after=${first.json.data[2].id}`)
    expect(next.json).toMatchObject({ has_more: false, data: [{ url: target('/1') }, { url: target('/0') }] })
    const bad = await call(key, 'GET', `/webhooks?starting_after=${crypto.randomUUID()}`)
    expect([bad.status, bad.json.error.param]).toEqual([400, 'starting_after'])
    expect((await call(key, 'GET', '/webhooks?limit=101')).json.error.param).toBe('limit')
  })

  it('replays the first answer to an Idempotency-Key, secret included, and keeps that copy encrypted', async () => {
    const { owner, key, keyId } = await workspaceWithKey()
    const body = { url: target(), events: ['lead.created'] }
    const first = await call(key, 'POST', '/webhooks', body, { 'Idempotency-Key': 'zap-1' })
    const again = await call(key, 'POST', '/webhooks', body, { 'Idempotency-Key': 'zap-1' })
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.json).toEqual(first.json)
    expect(await listEndpoints(owner.id)).toHaveLength(1)
    const [kept] = await getDb().select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.apiKeyId, keyId))
    expect(kept!.body).not.toContain('whsec_')
    expect(kept!.body).not.toContain(first.json.secret.slice(6, 20))
    const other = await call(key, 'POST', '/webhooks', { ...body, events: ['lead.updated'] }, { 'Idempotency-Key': 'zap-1' })
    expect([other.status, other.json.error.code]).toEqual([409, 'idempotency_key_reused'])
  })
})

describe('DELETE /webhooks/{id}', () => {
  it('unsubscribes (204, audited via the key); another workspace’s id and Settings’ own endpoints are 404', async () => {
    const { owner, key } = await workspaceWithKey()
    const other = await workspaceWithKey()
    const mine = (await call(key, 'POST', '/webhooks', { url: target(), events: ['lead.created'] })).json.id as string
    const theirs = (await call(other.key, 'POST', '/webhooks', { url: target(), events: ['lead.created'] })).json.id as string
    const settings = (await createEndpoint(
      owner.id,
      { url: 'https://hooks.example.com/crm', description: '', events: ['lead.created'] },
      null,
    ))!

    for (const id of [theirs, settings, crypto.randomUUID(), 'not-an-id']) {
      const res = await call(key, 'DELETE', `/webhooks/${id}`)
      expect([res.status, res.json.error.code], id).toEqual([404, 'not_found'])
    }
    expect(await getEndpoint(other.owner.id, theirs)).not.toBeNull()
    expect(await getEndpoint(owner.id, settings)).not.toBeNull()

    const gone = await call(key, 'DELETE', `/webhooks/${mine}`)
    expect(gone.status).toBe(204)
    expect(gone.json).toBeNull()
    expect(await getEndpoint(owner.id, mine)).toBeNull()
    expect((await call(key, 'DELETE', `/webhooks/${mine}`)).status).toBe(404)
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.id), eq(auditEvents.kind, 'webhook.removed')))
    expect(audit).toMatchObject({ actorId: owner.id, subject: target(), data: { via: 'API key Zapier' } })
  })

  it('Settings → Webhooks lists a subscription with its key, and says when the key was revoked', async () => {
    const { owner, key, keyId } = await workspaceWithKey()
    const id = (await call(key, 'POST', '/webhooks', { url: target(), events: ['lead.created'] })).json.id as string
    const { cookie } = await signedInAs(owner.email)
    const listed = async () =>
      (
        (await callRoute(settingsList, makeRequest('/app/settings/webhooks', { cookie }))) as {
          endpoints: Array<{ id: string; apiKeyName: string | null; apiKeyRevoked: boolean }>
        }
      ).endpoints.find((e) => e.id === id)
    expect(await listed()).toMatchObject({ apiKeyName: 'Zapier', apiKeyRevoked: false })
    await revokeApiKey(owner.id, keyId, owner)
    expect(await listed()).toMatchObject({ apiKeyName: 'Zapier', apiKeyRevoked: true })
  })

  it('a revoked key, or one whose creator is no longer an admin, can no longer unsubscribe', async () => {
    const { owner, key, keyId } = await workspaceWithKey()
    const id = (await call(key, 'POST', '/webhooks', { url: target(), events: ['lead.created'] })).json.id as string
    await getDb().update(workspaceMembers).set({ role: 'member' }).where(eq(workspaceMembers.userId, owner.id))
    expect((await call(key, 'DELETE', `/webhooks/${id}`)).status).toBe(403)
    await getDb().update(workspaceMembers).set({ role: 'owner' }).where(eq(workspaceMembers.userId, owner.id))
    await revokeApiKey(owner.id, keyId, owner)
    expect((await call(key, 'DELETE', `/webhooks/${id}`)).status).toBe(401)
    const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
    expect(row).toBeDefined()
  })
})
