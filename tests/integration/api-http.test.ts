import { randomBytes } from 'node:crypto'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '~/db/client.server'
import { documentedJson, type OpenApiDocument } from './api-document'
import { startBuiltServer, type BuiltServer } from './built-server'
import { withDatabase } from './global-setup'

// /api/v1 over HTTP against the production build (issue 30): what reaches the wire. Keys are made and
// revoked through Settings → API as a browser without JavaScript does; every API answer is JSON with
// a Request-Id and is checked against the served OpenAPI document; CORS stays closed; the rate limit
// is counted in the database, so on Postgres two server processes on one database share it.

const postgres = process.env.TEST_DB_DRIVER === 'postgres'
let server: BuiltServer
let second: BuiltServer | undefined
let dropDatabase: (() => Promise<void>) | undefined
let document: OpenApiDocument

beforeAll(async () => {
  let env: Record<string, string> = {}
  if (postgres) {
    const name = `lectern_api_${randomBytes(4).toString('hex')}`
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    env = { DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, name) }
    dropDatabase = async () => {
      const a = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
  }
  server = await startBuiltServer(env)
  // The second process starts once the first has migrated the database.
  if (postgres) second = await startBuiltServer(env)
  document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as OpenApiDocument
}, 120_000)

afterAll(async () => {
  await second?.stop()
  await server?.stop()
  await dropDatabase?.()
})

function page(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  if (init.method && init.method !== 'GET') headers.set('Origin', server.url)
  return fetch(`${server.url}${pathname}`, { redirect: 'manual', ...init, headers })
}

const api = (path: string, init: RequestInit & { key?: string; base?: string } = {}) => {
  const headers = new Headers(init.headers)
  if (init.key) headers.set('Authorization', `Bearer ${init.key}`)
  return fetch(`${init.base ?? server.url}/api/v1${path}`, { ...init, headers })
}

/** A person's own workspace on a plan, signed in. */
async function owner(plan: string) {
  const email = `api-${randomBytes(4).toString('hex')}@example.com`
  const made = await fetch(`${server.url}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email, plan }),
  })
  const { userId } = (await made.json()) as { userId: string }
  return { email, workspaceId: userId, cookie: await server.signIn(email) }
}

const settings = (workspaceId: string) => `/app/settings/api?workspace=${workspaceId}`

async function createKey(who: { workspaceId: string; cookie: string }, scopes = ['leads:read']) {
  const body = new URLSearchParams([['intent', 'create'], ['name', 'Zapier'], ...scopes.map((s) => ['scopes', s])])
  const res = await page(settings(who.workspaceId), { method: 'POST', cookie: who.cookie, body })
  expect(res.status).toBe(200)
  expect(res.headers.get('Cache-Control')).toBe('no-store')
  const html = await res.text()
  const key = /value="(lec_[A-Za-z0-9_-]{43})"/.exec(html)?.[1]
  expect(key).toBeDefined()
  return key!
}

describe('Settings → API over HTTP', () => {
  it('creates a key without JavaScript, shows it once, and the key answers GET /me', async () => {
    const pro = await owner('pro')
    const key = await createKey(pro, ['leads:read', 'events:read'])
    const again = await (await page(settings(pro.workspaceId), { cookie: pro.cookie })).text()
    expect(again).not.toContain(key)
    expect(again).toContain(`${key.slice(0, 8)}…${key.slice(-4)}`)
    const res = await api('/me', { key })
    expect(res.status).toBe(200)
    const me = await documentedJson(document, 'GET', '/me', res)
    expect(me).toEqual({
      workspace: { id: pro.workspaceId, name: pro.email },
      plan: 'pro',
      scopes: ['leads:read', 'events:read'],
    })
    expect(res.headers.get('Request-Id')).toBe(res.headers.get('X-Request-Id'))
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(res.headers.get('Cache-Control')).toBe('no-store')

    // Revoked through the form: the next call is refused.
    const html = await (await page(settings(pro.workspaceId), { cookie: pro.cookie })).text()
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(html)![1]!
    const revoked = await page(settings(pro.workspaceId), {
      method: 'POST',
      cookie: pro.cookie,
      body: new URLSearchParams({ intent: 'revoke', id }),
    })
    expect(revoked.status).toBe(302)
    const refused = await api('/me', { key })
    expect(refused.status).toBe(401)
    await documentedJson(document, 'GET', '/me', refused)
    // The key was never printed by the server.
    expect(server.output()).not.toContain(key.slice(4))
  })

  it('refuses a member (403) and tells a free workspace which plans have the API', async () => {
    const team = await owner('teams')
    const memberEmail = `api-member-${randomBytes(3).toString('hex')}@example.com`
    await fetch(`${server.url}/__e2e/workspace-member`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: memberEmail, workspaceId: team.workspaceId, role: 'member' }),
    })
    const member = await server.signIn(memberEmail)
    expect((await page(settings(team.workspaceId), { cookie: member })).status).toBe(403)
    const free = await owner('free')
    const html = await (await page(settings(free.workspaceId), { cookie: free.cookie })).text()
    expect(html).toContain(
      'Your Free plan does not include the API. It is included in the Professional, Teams and Event Organiser plans.',
    )
    const body = new URLSearchParams({ intent: 'create', name: 'x', scopes: 'leads:read' })
    expect((await page(settings(free.workspaceId), { method: 'POST', cookie: free.cookie, body })).status).toBe(403)
  })
})

describe('/api/v1 answers only JSON', () => {
  const expectApiError = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(res.headers.get('Request-Id')).toBeTruthy()
    const body = (await res.json()) as { error: { code: string; doc_url: string; param?: string } }
    expect(body.error.code).toBe(code)
    expect(body.error.doc_url).toMatch(new RegExp(`^${server.url}/docs/api#error-`))
    return body.error
  }

  it('unknown paths 404, other methods 405 with Allow, preflight refused without CORS headers', async () => {
    await expectApiError(await api('/nothing'), 404, 'not_found')
    await expectApiError(await api(''), 404, 'not_found')
    await expectApiError(await api('/me/'), 404, 'not_found')
    const post = await api('/me', { method: 'POST' })
    expect(post.headers.get('Allow')).toBe('GET')
    await expectApiError(post, 405, 'method_not_allowed')
    const preflight = await api('/me', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBeNull()
    await expectApiError(preflight, 405, 'method_not_allowed')
  })

  it('401 without a key or with a wrong one; 400 naming an unknown query parameter', async () => {
    const pro = await owner('pro')
    const key = await createKey(pro)
    for (const res of [
      await api('/me'),
      await api('/me', { key: `lec_${'x'.repeat(43)}` }),
      await api('/me', { headers: { Authorization: `Basic ${key}` } }),
    ]) {
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"')
      await expectApiError(res, 401, 'unauthorized')
    }
    const unknown = await api('/me?fields=all', { key })
    expect((await expectApiError(unknown, 400, 'bad_request')).param).toBe('fields')
    expect(unknown.headers.get('RateLimit-Limit')).toBe('600')
  })

  it('refusals before the app are JSON too: a cross-site POST (the cookie never reaches the API) and a bad address', async () => {
    await expectApiError(await api('/me', { method: 'POST', headers: { Origin: 'https://evil.example' } }), 403, 'forbidden')
    await expectApiError(await api('/me%00'), 400, 'bad_request')
    // A server-to-server POST (no Origin) reaches the wrapper.
    await expectApiError(await api('/me', { method: 'POST' }), 405, 'method_not_allowed')
  })

  it('serves a valid OpenAPI 3.1 document that names this site', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`)
    expect(res.status).toBe(200)
    const result = await new Validator().validate(document)
    expect(result.valid, JSON.stringify(result.errors)).toBe(true)
    expect((document.servers as Array<{ url: string }>)[0]!.url).toBe(`${server.url}/api/v1`)
  })
})

describe('rate limit over HTTP', () => {
  it(`600 requests a minute per Professional key${postgres ? ', counted across two server processes on one database' : ''}`, async () => {
    const pro = await owner('pro')
    const key = await createKey(pro)
    const bases = second ? [server.url, second.url] : [server.url]
    for (let i = 0; i < 600; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, j) => api('/me', { key, base: bases[(i + j) % bases.length] })),
      )
      for (const res of batch) expect(res.status).toBe(200)
    }
    for (const base of bases) {
      const res = await api('/me', { key, base })
      expect(res.status).toBe(429)
      expect(res.headers.get('RateLimit-Remaining')).toBe('0')
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
      await documentedJson(document, 'GET', '/me', res)
    }
  }, 120_000)
})

describe('/docs/api', () => {
  it('is rendered by the server from the document: every operation, and an anchor for every error code', async () => {
    const res = await fetch(`${server.url}/docs/api`)
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(html).toContain(`id="op-${String(operation.operationId)}"`)
        expect(html).toContain(`${method.toUpperCase()}</span>${path}`)
      }
    }
    for (const code of ['bad-request', 'unauthorized', 'forbidden', 'not-found', 'idempotency-key-reused', 'rate-limited']) {
      expect(html).toContain(`id="error-${code}"`)
    }
    expect(html).toContain(`curl ${server.url}/api/v1/me`)
    expect(html).toContain('Use with Zapier, Make and n8n')
    // Nothing from another origin.
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:\/\//)
  })
})
