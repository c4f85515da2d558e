import { randomUUID } from 'node:crypto'

// The hostile client of issue 11 aimed at /api/v1 (issue 30 Deliver 6), built from the served
// OpenAPI document, so a new operation is fuzzed with no edit here: for every path and method,
// malformed JSON, bodies of the wrong type or size, every body field with a value of the wrong type,
// bad values for every query parameter, odd headers and methods. Every answer must be a 4xx (or, for
// values a schema may accept, any answer below 500) as JSON in the API's error shape — never a 5xx,
// never HTML. tests/fuzz/api.test.ts runs it against the production build.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document walked by its keys
type Json = Record<string, any>

export type ApiCase = {
  operation: string
  variant: string
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** True: the request is malformed for sure, so the answer must be a 4xx; false: anything below 500. */
  refused: boolean
}

export type ApiOutcome = ApiCase & { status?: number; contentType?: string | null; code?: string; error?: string }

const JSON_TYPE = { 'Content-Type': 'application/json' }
const HUGE = 'a'.repeat(8000)

function resolve(document: Json, node: Json | undefined): Json | undefined {
  if (!node || typeof node.$ref !== 'string') return node
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json>((n, part) => n[part.replace(/~1/g, '/').replace(/~0/g, '~')], document)
}

const types = (schema: Json | undefined): string[] =>
  !schema ? [] : Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []

/** Values no schema of this kind accepts (only for kinds known for sure; a union or `any` gets none). */
function wrongValues(schema: Json | undefined): unknown[] {
  const kinds = types(schema)
  if (kinds.length !== 1 || schema!.anyOf || schema!.oneOf) return []
  const [kind] = kinds
  if (Array.isArray(schema!.enum)) return ['not-one-of-them', 7]
  if (kind === 'string') return [12345, {}, ['x']]
  if (kind === 'integer') return ['12', 1.5, true]
  if (kind === 'number') return ['12', true]
  if (kind === 'boolean') return ['true', 1]
  if (kind === 'array') return [{}, 'x']
  if (kind === 'object') return [[], 1]
  return []
}

/** Query values that cannot pass a parameter of this kind; plus values any kind must survive. */
function badQueryValues(schema: Json | undefined): { value: string; refused: boolean }[] {
  const kind = types(schema)[0]
  const certain: string[] = []
  if (Array.isArray(schema?.enum)) certain.push('not-one-of-them', '')
  else if (kind === 'integer' || kind === 'number')
    certain.push('abc', '1.5e999', '-99999999999999999999', 'NaN', ...(kind === 'integer' ? ['1.5'] : []))
  else if (kind === 'boolean') certain.push('maybe')
  else if (schema?.format === 'date-time') certain.push('yesterday', '2026-13-45T99:99:99Z')
  else if (schema?.format === 'uuid') certain.push("1' OR '1'='1", 'not-a-uuid')
  return [
    ...certain.map((value) => ({ value, refused: true })),
    // A free string may be accepted: it must still never break the server.
    // (A number parameter reads JavaScript's number syntax: 0x10 is 16.)
    ...[HUGE, '\u0000', '%', ' ', '0x10', '..%2F..%2Fetc%2Fpasswd', '{"$gt":""}'].map((value) => ({ value, refused: false })),
  ]
}

const query = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')

/** Every case for every operation of the document; `ids` gives real ids per first path segment. */
export function apiCases(document: Json, ids: Record<string, string[]>): ApiCase[] {
  const cases: ApiCase[] = []
  for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    const resource = template.split('/')[1]!
    const fill = (id: string) => template.replace(/\{[^}]+\}/g, encodeURIComponent(id))
    const real = ids[resource]?.[0] ?? randomUUID()
    const path = `/api/v1${fill(real)}`
    const methods = Object.keys(item).map((m) => m.toUpperCase())
    for (const method of ['PUT', 'OPTIONS'].filter((m) => !methods.includes(m))) {
      cases.push({ operation: template, variant: `method ${method}`, method, path, refused: true })
    }
    for (const [lower, operation] of Object.entries(item)) {
      const method = lower.toUpperCase()
      const name = String(operation.operationId)
      const add = (variant: string, c: Partial<ApiCase>) =>
        cases.push({ operation: name, variant, method, path, refused: true, ...c })
      // (Not `..`: a client resolves it away before sending.)
      if (template.includes('{')) {
        for (const id of [randomUUID(), 'not-an-id', "1' OR '1'='1", '%FF%FE', '...', HUGE.slice(0, 2000)]) {
          add(`path id ${id.slice(0, 12)}`, {
            path: `/api/v1${template.replace(/\{[^}]+\}/g, id.startsWith('%') ? id : encodeURIComponent(id))}`,
          })
        }
      }
      // The query: unknown, repeated, and each parameter's bad values.
      const parameters = ((operation.parameters ?? []) as Json[]).map((p) => resolve(document, p)!)
      add('unknown query parameter', { path: `${path}?fuzz=1` })
      add('invalid UTF-8 in the query', { path: `${path}?%FF%FE=%C0%AF` })
      for (const p of parameters.filter((p) => p.in === 'query')) {
        add(`query ${p.name} twice`, {
          path: `${path}?${query([
            [p.name, '1'],
            [p.name, '2'],
          ])}`,
        })
        for (const { value, refused } of badQueryValues(p.schema)) {
          add(`query ${p.name}=${value.slice(0, 16)}`, { path: `${path}?${query([[p.name, value]])}`, refused })
        }
      }
      // The body of operations that take one.
      if (method !== 'POST' && method !== 'PATCH') continue
      const schema = resolve(document, operation.requestBody?.content?.['application/json']?.schema)
      const example: Json = (schema?.examples?.[0] as Json | undefined) ?? {}
      const json = (variant: string, body: string | Uint8Array, extra: Partial<ApiCase> = {}) =>
        add(variant, { headers: JSON_TYPE, body, ...extra })
      for (const [variant, body] of [
        ['truncated JSON', '{"a":'],
        ['not JSON', 'hello'],
        ['JSON with a trailing comma', '{"a":1,}'],
        ['single-quoted JSON', "{'a':1}"],
        ['null', 'null'],
        ['an array', '[]'],
        ['a string', '"x"'],
        ['a number', '42'],
        ['deep nesting', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
        ['deep objects', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
        ['unknown field', JSON.stringify({ ...example, fuzz_unknown: true })],
        ['prototype keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
      ] as const) {
        json(variant, body)
      }
      // A byte-order mark is dropped by the UTF-8 decoder: what follows decides.
      json('a BOM and JSON', '\uFEFF{}', { refused: false })
      json('invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))
      json('64 KB and more', JSON.stringify({ ...example, fuzz: 'a'.repeat(70 * 1024) }))
      json('2 MB', JSON.stringify({ fuzz: 'a'.repeat(2 * 1024 * 1024) }))
      add('text/plain', { headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(example) })
      add('a form', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' })
      add('JSON as multipart', { headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x--' })
      add('no body, declared JSON', { headers: JSON_TYPE, body: '', refused: schema?.required?.length > 0 })
      add('Idempotency-Key not ASCII', {
        headers: { ...JSON_TYPE, 'Idempotency-Key': 'clé' },
        body: JSON.stringify(example),
      })
      add('Idempotency-Key too long', { headers: { ...JSON_TYPE, 'Idempotency-Key': 'k'.repeat(300) }, body: '{}' })
      // Each field with values of the wrong type, and strings with control characters.
      for (const [field, property] of Object.entries((schema?.properties ?? {}) as Record<string, Json>)) {
        const resolved = resolve(document, property)
        for (const value of wrongValues(resolved)) {
          json(`${field} as ${JSON.stringify(value)}`, JSON.stringify({ ...example, [field]: value }))
        }
        json(`${field} as null`, JSON.stringify({ ...example, [field]: null }), { refused: !types(resolved).includes('null') })
        if (types(resolved).includes('string') && !resolved?.enum) {
          json(`${field} with control characters`, JSON.stringify({ ...example, [field]: '\u0000\u0007\u001b[31m' }), {
            refused: false,
          })
        }
        const items = resolve(document, resolved?.items as Json | undefined)
        for (const value of wrongValues(items)) {
          json(`${field}[0] as ${JSON.stringify(value)}`, JSON.stringify({ ...example, [field]: [value] }))
        }
      }
    }
  }
  return cases
}

/** Sends the cases, a few at a time, spreading them over the keys (each has its own rate limit). */
export async function runApiCases(base: string, keys: string[], cases: ApiCase[], concurrency = 4) {
  const outcomes: ApiOutcome[] = new Array(cases.length)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cases.length) {
        const i = next++
        const c = cases[i]!
        const headers = new Headers(c.headers)
        headers.set('Authorization', `Bearer ${keys[i % keys.length]}`)
        try {
          const res = await fetch(base + c.path, {
            method: c.method,
            headers,
            body: c.body as BodyInit | undefined,
            signal: AbortSignal.timeout(20_000),
          })
          const text = await res.text()
          let code: string | undefined
          try {
            code = (JSON.parse(text) as { error?: { code?: string } }).error?.code
          } catch {
            code = undefined
          }
          outcomes[i] = { ...c, status: res.status, contentType: res.headers.get('Content-Type'), code }
        } catch (error) {
          outcomes[i] = { ...c, error: error instanceof Error ? error.message : String(error) }
        }
      }
    }),
  )
  return outcomes
}

/** What is wrong with an answer, or null: a 5xx, no answer, not JSON, no error code, or a refusal that was let through. */
export function apiProblem(o: ApiOutcome): string | null {
  if (o.error) return `no answer (${o.error})`
  if (o.status! >= 500) return `HTTP ${o.status}`
  if (!/^application\/json/.test(o.contentType ?? '')) return `answered ${o.contentType ?? 'no Content-Type'}`
  if (o.refused && (o.status! < 400 || o.status! >= 500)) return `HTTP ${o.status} to a malformed request`
  if (o.status! >= 400 && !o.code) return 'an error without error.code'
  return null
}

export const describeApiOutcome = (o: ApiOutcome) =>
  `${(apiProblem(o) ?? 'ok').padEnd(28)} ${o.method} ${o.path.slice(0, 80)} [${o.variant}] (${o.operation})`
