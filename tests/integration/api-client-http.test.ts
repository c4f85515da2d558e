import http from 'node:http'
import type { AddressInfo } from 'node:net'
import createClient from 'openapi-fetch'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { paths, webhooks } from '../api-client/schema'
import { documentedJson, type OpenApiDocument } from './api-document'
import { startBuiltServer, type BuiltServer } from './built-server'

// The generated client against the production build (issue 30 Deliver 6): openapi-fetch with the
// types openapi-typescript made from the document (tests/api-client/schema.ts, kept current by
// api-client.test.ts), so a drift of the document breaks this file's typecheck. It walks the REST
// hook a Zapier trigger makes — test the connection, subscribe a receiver (Deliver 4), an attendee
// signs up on the attendee page, the server's own job worker sends the signed message, whose typed
// data equals what GET /leads/{id} answers — then unsubscribes. Every answer is checked against the
// served document too.

type LeadCreated = webhooks['lead.created']['post']['requestBody']['content']['application/json']
type Message = { body: string; headers: Record<string, string> }

let server: BuiltServer
let receiver: http.Server
let document: OpenApiDocument
let port = 0
const messages: Message[] = []

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      messages.push({ body, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])) })
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
  server = await startBuiltServer({ WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}` })
  document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as OpenApiDocument
}, 120_000)

afterAll(async () => {
  await server?.stop()
  receiver?.closeAllConnections()
  await new Promise((resolve) => receiver?.close(resolve))
})

function page(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  if (init.method && init.method !== 'GET') headers.set('Origin', server.url)
  return fetch(`${server.url}${pathname}`, { redirect: 'manual', ...init, headers })
}

/** A Professional workspace with a live session, and a key made in Settings → API as a browser without JavaScript does. */
async function workspaceWithKey() {
  const email = `client-http-${crypto.randomUUID().slice(0, 8)}@example.com`
  const made = await page('/__e2e/lead-session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, plan: 'pro' }),
  })
  const { userId, code } = (await made.json()) as { userId: string; code: string }
  const cookie = await server.signIn(email)
  const form = new URLSearchParams([
    ['intent', 'create'],
    ['name', 'Zapier'],
    ['scopes', 'webhooks:write'],
    ['scopes', 'leads:read'],
  ])
  const html = await (await page(`/app/settings/api?workspace=${userId}`, { method: 'POST', cookie, body: form })).text()
  return { workspaceId: userId, code, key: /value="(lec_[A-Za-z0-9_-]{43})"/.exec(html)![1]! }
}

/** The typed client, each answer also checked against the served document. */
function client(key: string) {
  return createClient<paths>({
    baseUrl: `${server.url}/api/v1`,
    headers: { Authorization: `Bearer ${key}` },
    fetch: async (request: Request) => {
      const res = await fetch(request)
      await documentedJson(document, request.method, new URL(request.url).pathname.slice('/api/v1'.length), res.clone())
      return res
    },
  })
}

async function nextMessage(timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  const message = messages.shift()
  if (!message) throw new Error('no webhook message arrived')
  return message
}

describe('the generated client against the build', () => {
  it('subscribes a REST hook, receives a signed lead.created whose data is GET /leads/{id}, and unsubscribes', async () => {
    const { workspaceId, code, key } = await workspaceWithKey()
    const api = client(key)

    const me = await api.GET('/me')
    expect(me.data).toEqual({
      workspace: { id: workspaceId, name: expect.any(String) },
      plan: 'pro',
      scopes: ['leads:read', 'webhooks:write'],
    })

    const target = `http://127.0.0.1:${port}/zap`
    const subscribed = await api.POST('/webhooks', {
      body: { url: target, events: ['lead.created'], description: 'Zap: new lead → CRM' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(subscribed.response.status).toBe(201)
    const { id, secret } = subscribed.data!
    expect(secret).toMatch(/^whsec_/)
    const listed = await api.GET('/webhooks', { params: { query: { limit: 10 } } })
    expect(listed.data!.data.map((s) => [s.id, s.events, s.enabled])).toEqual([[id, ['lead.created'], true]])

    // An attendee signs up on the attendee page.
    const form = await (await page(`/t/${code}`)).text()
    const submission = /name="submission" value="([^"]+)"/.exec(form)![1]!
    const signedUp = await page(`/t/${code}`, {
      method: 'POST',
      body: new URLSearchParams({ submission, first_name: 'Grace', email: 'grace-client@example.com', q_role: 'Engineering' }),
    })
    expect(signedUp.status).toBe(303)

    const message = await nextMessage()
    const event = new Webhook(secret).verify(message.body, message.headers) as LeadCreated
    expect(event.type).toBe('lead.created')
    const lead = await api.GET('/leads/{id}', { params: { path: { id: event.data.id } } })
    expect(lead.response.status).toBe(200)
    expect(event.data).toEqual(lead.data)
    expect(event.data.email).toBe('grace-client@example.com')
    expect(event.data.captures[0]!.answers).toEqual([
      { question_id: 'role', question: 'Your role', kind: 'single', value: 'Engineering' },
    ])

    const gone = await api.DELETE('/webhooks/{id}', { params: { path: { id } } })
    expect(gone.response.status).toBe(204)
    const again = await api.DELETE('/webhooks/{id}', { params: { path: { id } } })
    expect(again.response.status).toBe(404)
    expect(again.error?.error.code).toBe('not_found')
    expect((await api.GET('/webhooks')).data!.data).toEqual([])
  })
})
