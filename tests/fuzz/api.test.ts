import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_SCOPES } from '~/lib/api-keys'
import { startBuiltServer, type BuiltServer } from '../integration/built-server'
import { apiCases, apiProblem, describeApiOutcome, runApiCases, type ApiOutcome } from './api'

// Issue 30 Deliver 6: the fuzz suite covers /api/v1 from its served OpenAPI document (tests/fuzz/api.ts
// builds the cases), so a new operation is fuzzed with no edit. Keys with every scope of a workspace
// on the Event Organiser plan are made through Settings → API as a browser would; real ids come from
// the document's own lists. Any 5xx, non-JSON answer, error without a code, or malformed request let
// through fails the run, and so does a status the operation does not declare (the wrapper logs it).

let server: BuiltServer
let outcomes: ApiOutcome[]
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the served document, walked by its keys
let document: Record<string, any>

async function keysOfAnOrganiser(base: string, count: number) {
  const email = `fuzz-api-${randomBytes(4).toString('hex')}@example.com`
  const made = await fetch(`${base}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, plan: 'organiser' }),
  })
  const { userId, sessionId } = (await made.json()) as { userId: string; sessionId: string }
  const cookie = await server.signIn(email)
  const keys: string[] = []
  for (let i = 0; i < count; i++) {
    const body = new URLSearchParams([['intent', 'create'], ['name', `fuzz ${i}`], ...API_SCOPES.map((s) => ['scopes', s])])
    const res = await fetch(`${base}/app/settings/api?workspace=${userId}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: base },
      body,
      redirect: 'manual',
    })
    const key = /value="(lec_[A-Za-z0-9_-]{43})"/.exec(await res.text())?.[1]
    if (!key) throw new Error(`no key made (HTTP ${res.status})`)
    keys.push(key)
  }
  return { keys, sessionId }
}

/** Real ids of the workspace, by the first segment of the lists that answer them (`/sessions` → sessions). */
async function realIds(base: string, key: string, sessionId: string) {
  const ids: Record<string, string[]> = { sessions: [sessionId] }
  for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    if (template.includes('{') || !item.get) continue
    const res = await fetch(`${base}/api/v1${template}`, { headers: { Authorization: `Bearer ${key}` } })
    const body = (await res.json()) as { data?: Array<{ id?: string }> }
    const found = (body.data ?? []).flatMap((o) => (typeof o.id === 'string' ? [o.id] : []))
    const resource = template.split('/')[1]!
    ids[resource] = [...(ids[resource] ?? []), ...found]
  }
  return ids
}

beforeAll(async () => {
  server = await startBuiltServer()
  document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as typeof document
  // Four keys: each has its own 1,200 requests a minute, more than a quarter of the cases.
  const { keys, sessionId } = await keysOfAnOrganiser(server.url, 4)
  const ids = await realIds(server.url, keys[0]!, sessionId)
  outcomes = await runApiCases(server.url, keys, apiCases(document, ids))
}, 300_000)

afterAll(async () => {
  await server?.stop()
})

describe('fuzzing /api/v1 from its document', () => {
  it('sends every operation of the document its malformed requests', () => {
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((o) => o.operationId),
    )
    expect(operations.length).toBeGreaterThanOrEqual(4)
    expect(outcomes.length).toBeGreaterThan(300)
    for (const id of operations) {
      expect(outcomes.filter((o) => o.operation === id).length, id).toBeGreaterThanOrEqual(2)
    }
    const bodies = outcomes.filter((o) => o.variant === 'truncated JSON')
    expect(bodies.length).toBeGreaterThanOrEqual(1)
  })

  it('answers every one with JSON in the error shape, a 4xx for what is malformed, never a 5xx', () => {
    expect(outcomes.filter((o) => apiProblem(o) !== null).map(describeApiOutcome)).toEqual([])
  })

  it('answers each kind of malformed body with its status', () => {
    const statuses = (variant: string) => new Set(outcomes.filter((o) => o.variant === variant).map((o) => o.status))
    expect(statuses('truncated JSON')).toEqual(new Set([400]))
    expect(statuses('deep nesting')).toEqual(new Set([400]))
    expect(statuses('text/plain')).toEqual(new Set([415]))
    expect(statuses('64 KB and more')).toEqual(new Set([413]))
    expect(statuses('2 MB')).toEqual(new Set([413]))
    expect(statuses('unknown field')).toEqual(new Set([422]))
    expect(statuses('unknown query parameter')).toEqual(new Set([400]))
    expect(statuses('method PUT')).toEqual(new Set([405]))
  })

  it('logged no failure and no undeclared status, and stays healthy', async () => {
    // handleError's line for a failed request; the wrapper's for an answer its operation does not declare.
    expect(server.output()).not.toMatch(/\[request [^\]]*\] (GET|POST|PATCH|DELETE)/)
    expect(server.output()).not.toContain('which its OpenAPI declaration does not list')
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
