import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { getDb } from '~/db/client.server'
import { apiIdempotencyKeys } from '~/db/schema/api'
import { rateLimits } from '~/db/schema/limits'
import { PageQuerySchema } from '~/lib/api'
import type { ApiScope } from '~/lib/api-keys'
import { buildApiDocument } from '~/services/api/document.server'
import { createApiHandler } from '~/services/api/handler.server'
import { ApiError, defineOperation } from '~/services/api/operation.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import type { JobRow } from '~/jobs/queue.server'
import { getMe } from '~/services/api/operations/me.server'
import { type OpenApiDocument } from './api-document'
import { apiClient, ownerWithKey } from './api-utils'

// The /api/v1 wrapper against a real database (issue 30 Deliver 3), with operations of the test's
// own beside the registry's GET /me: scopes, query and body checks, Idempotency-Key (replay, another
// body → 409, two at once → one runs), a failure of ours (500, the key let go) and the rate limit.
// Every answer is checked against the document made from the same operations.

let runs = 0
// A create waits here while a test holds it open (two requests at once, deterministically).
let gate: Promise<void> = Promise.resolve()
const Thing = z.object({ id: z.string(), name: z.string(), run: z.number() }).meta({ id: 'TestThing' })

const ops = [
  getMe,
  defineOperation({
    operationId: 'listThings',
    method: 'GET',
    path: '/things',
    tag: 'Test',
    summary: 'list',
    scope: 'leads:read',
    query: PageQuerySchema.extend({ status: z.enum(['new', 'won']).optional() }),
    response: { status: 200, description: 'ok', schema: z.object({ data: z.array(Thing), has_more: z.boolean() }) },
    handler: async ({ query }) => ({
      data: [{ id: 'a', name: `limit ${query.limit}`, run: 0, secret: 'dropped' }],
      has_more: false,
    }),
  }),
  defineOperation({
    operationId: 'createThing',
    method: 'POST',
    path: '/things',
    tag: 'Test',
    summary: 'create',
    scope: 'leads:write',
    body: z.strictObject({ name: z.string().min(1), tags: z.array(z.string().max(5)).optional() }),
    maxBodyBytes: 1024,
    response: { status: 201, description: 'made', schema: Thing },
    handler: async ({ body }) => {
      runs++
      await gate
      if (body.name === 'taken') throw new ApiError('conflict', 'Taken.')
      return { id: randomBytes(4).toString('hex'), name: body.name, run: runs }
    },
    errors: [409],
  }),
  defineOperation({
    operationId: 'getThing',
    method: 'GET',
    path: '/things/{id}',
    tag: 'Test',
    summary: 'one',
    scope: 'leads:read',
    params: z.object({ id: z.uuid() }),
    response: { status: 200, description: 'one', schema: Thing },
    handler: async ({ params }) => {
      if (params.id.startsWith('0')) throw new Error('database went away')
      throw new ApiError('not_found', 'No such thing.')
    },
  }),
  defineOperation({
    operationId: 'undeclared',
    method: 'GET',
    path: '/undeclared',
    tag: 'Test',
    summary: 'answers a status it does not declare',
    scope: null,
    response: { status: 204, description: 'never' },
    handler: async () => {
      throw new ApiError('conflict', 'Not declared.')
    },
  }),
]
const handle = createApiHandler(ops)
const document = JSON.parse(JSON.stringify(buildApiDocument(ops, 'http://localhost:3000'))) as OpenApiDocument

let workspaceId: string
async function keyWith(scopes: ApiScope[], plan: 'pro' | 'teams' = 'pro') {
  const made = await ownerWithKey(scopes, plan)
  workspaceId = made.workspaceId
  return made.key
}

let key: string
beforeEach(async () => {
  runs = 0
  key = await keyWith(['leads:read', 'leads:write'])
})

const client = apiClient(document, handle)
const send = (method: string, path: string, init: Parameters<typeof client.send>[2] = {}) =>
  client.send(method, path, { key, ...init })
const json = (method: string, path: string, init: Parameters<typeof client.send>[2] = {}) =>
  client.json(method, path, { key, ...init })

describe('scopes, query and body', () => {
  it('shapes the answer by its schema, and refuses a scope the key lacks (403)', async () => {
    const ok = await json('GET', '/things?limit=5')
    expect(ok.res.status).toBe(200)
    expect(ok.body).toEqual({ data: [{ id: 'a', name: 'limit 5', run: 0 }], has_more: false })
    expect(ok.res.headers.get('Request-Id')).toMatch(/^req-/)
    const readOnly = await keyWith(['leads:read'])
    const refused = await json('POST', '/things', { key: readOnly, body: '{"name":"x"}' })
    expect(refused.res.status).toBe(403)
    expect(refused.body.error.message).toContain('leads:write')
    const me = await json('GET', '/me', { key: readOnly })
    expect(me.body).toEqual({ workspace: { id: workspaceId, name: expect.any(String) }, plan: 'pro', scopes: ['leads:read'] })
  })

  it('names the query parameter at fault: unknown, repeated or a bad value (400)', async () => {
    for (const [query, param] of [
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['status=lost', 'status'],
      ['stauts=new', 'stauts'],
      ['limit=1&limit=2', 'limit'],
    ]) {
      const { res, body } = await json('GET', `/things?${query}`)
      expect(res.status, query).toBe(400)
      expect(body.error).toMatchObject({ code: 'bad_request', param })
    }
    expect((await json('GET', '/me?verbose=1')).body.error.param).toBe('verbose')
  })

  it('answers a bad body with 400 / 413 / 415 / 422, never 500', async () => {
    const cases: Array<[Parameters<typeof send>[2], number, string | undefined]> = [
      [{ body: '{"name": ' }, 400, undefined],
      [{ body: `{"name":"x","tags":${'['.repeat(300)}${']'.repeat(300)}}` }, 400, undefined],
      [{ body: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, 415, 'Content-Type'],
      [{ body: JSON.stringify({ name: 'x'.repeat(2000) }) }, 413, undefined],
      [{ body: '{}' }, 422, 'name'],
      [{ body: '{"name":"x","colour":"red"}' }, 422, 'colour'],
      [{ body: '{"name":"x","tags":["ok","toolong"]}' }, 422, 'tags.1'],
      [{ body: '[1,2]' }, 422, undefined],
    ]
    for (const [init, status, param] of cases) {
      const { res, body } = await json('POST', '/things', init)
      expect(res.status, init!.body).toBe(status)
      expect(body.error.param).toBe(param)
    }
    expect(runs).toBe(0)
  })

  it('another id is a 404; a failure of ours is a 500 with the request id, logged', async () => {
    expect((await json('GET', '/things/not-a-uuid')).res.status).toBe(404)
    expect((await json('GET', `/things/${'1'.repeat(8)}-1111-4111-8111-111111111111`)).res.status).toBe(404)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failed = await json('GET', '/things/00000000-1111-4111-8111-111111111111')
    expect(failed.res.status).toBe(500)
    expect(failed.body.error.message).toContain(failed.res.headers.get('Request-Id'))
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
  })
})

describe('the declared statuses', () => {
  it('logs an error when an operation answers a status its declaration does not list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await send('GET', '/undeclared')).status).toBe(409)
    expect(logged).toHaveBeenCalledWith('[api] undeclared answered 409, which its OpenAPI declaration does not list.')
    logged.mockRestore()
  })
})

describe('Idempotency-Key', () => {
  const create = (idem: string, body = '{"name":"Ada"}') =>
    json('POST', '/things', { body, headers: { 'Idempotency-Key': idem } })

  it('replays the first answer to the same request, and refuses the key with another body (409)', async () => {
    const first = await create('k-1')
    expect(first.res.status).toBe(201)
    const again = await create('k-1', '{ "name" : "Ada" }')
    expect(again.res.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.res.headers.get('Idempotent-Replayed')).toBe('true')
    expect(runs).toBe(1)
    const other = await create('k-1', '{"name":"Bob"}')
    expect(other.res.status).toBe(409)
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' })
    // Another key of the same workspace has its own Idempotency-Keys.
    expect(
      (
        await json('POST', '/things', {
          body: '{"name":"Bob"}',
          headers: { 'Idempotency-Key': 'k-1' },
          key: await keyWith(['leads:write']),
        })
      ).res.status,
    ).toBe(201)
    expect((await create('  ')).res.status).toBe(400)
  })

  it('runs one of two requests sent at once with one key; the other is told it is in use', async () => {
    let release = () => {}
    gate = new Promise((r) => (release = r))
    const first = create('k-2')
    // The first has claimed the key and is running (held at the gate) when the second arrives.
    for (let i = 0; i < 200 && runs === 0; i++) await new Promise((r) => setTimeout(r, 10))
    expect(runs).toBe(1)
    const second = await create('k-2')
    expect(second.res.status).toBe(409)
    expect(second.body.error.code).toBe('idempotency_key_in_use')
    release()
    gate = Promise.resolve()
    expect((await first).res.status).toBe(201)
    expect(runs).toBe(1)
    expect((await create('k-2')).res.headers.get('Idempotent-Replayed')).toBe('true')
  })

  it('keeps a refusal as the answer; the record expires after 24 hours', async () => {
    expect((await create('k-3', '{"name":"taken"}')).res.status).toBe(409)
    expect((await create('k-3', '{"name":"taken"}')).res.headers.get('Idempotent-Replayed')).toBe('true')
    expect(runs).toBe(1)
    await getDb()
      .update(apiIdempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiIdempotencyKeys.key, 'k-3'))
    const fresh = await create('k-3', '{"name":"Ada"}')
    expect(fresh.res.status).toBe(201)
    expect(fresh.res.headers.get('Idempotent-Replayed')).toBeNull()
  })
})

describe('the daily jobs.prune', () => {
  it('deletes expired idempotency records and rate-limit windows that ended, and keeps the rest', async () => {
    await json('POST', '/things', { body: '{"name":"old"}', headers: { 'Idempotency-Key': 'prune-old' } })
    await json('POST', '/things', { body: '{"name":"new"}', headers: { 'Idempotency-Key': 'prune-new' } })
    await getDb()
      .update(apiIdempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiIdempotencyKeys.key, 'prune-old'))
    await getDb()
      .insert(rateLimits)
      .values({ key: 'api:ended', count: 3, windowStart: new Date(Date.now() - 25 * 3_600_000) })
    const prune = createJobRegistry()['jobs.prune']
    const result = await prune.run({ olderThanDays: 30 }, {} as JobRow)
    expect(result).toMatchObject({ idempotency: 1, rateLimits: 1 })
    const kept = await getDb().select({ key: apiIdempotencyKeys.key }).from(apiIdempotencyKeys)
    expect(kept.map((k) => k.key)).toContain('prune-new')
    expect(kept.map((k) => k.key)).not.toContain('prune-old')
    expect(await getDb().select().from(rateLimits).where(eq(rateLimits.key, 'api:ended'))).toHaveLength(0)
  })
})

describe('rate limit', () => {
  it('Professional: 600 a minute per key, then 429 with Retry-After; the headers count down', async () => {
    let last: Response | undefined
    for (let i = 1; i <= 600; i++) {
      last = await send('GET', '/me')
      expect(last.status).toBe(200)
      if (i === 1) expect(last.headers.get('RateLimit-Remaining')).toBe('599')
    }
    expect(last!.headers.get('RateLimit-Limit')).toBe('600')
    expect(last!.headers.get('RateLimit-Remaining')).toBe('0')
    const { res, body } = await json('GET', '/me')
    expect(res.status).toBe(429)
    expect(body.error.code).toBe('rate_limited')
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(res.headers.get('Retry-After')).toBe(res.headers.get('RateLimit-Reset'))
    // Per key: another key of another workspace is not affected.
    expect((await send('GET', '/me', { key: await keyWith(['leads:read'], 'teams') })).headers.get('RateLimit-Limit')).toBe(
      '1200',
    )
  }, 120_000)
})
