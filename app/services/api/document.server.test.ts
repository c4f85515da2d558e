import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { codesWithStatus } from '~/lib/api-errors'
import { buildApiDocument } from './document.server'
import { declaredErrorStatuses, defineOperation } from './operation.server'
import { API_OPERATIONS, compileOperations, matchOperation } from './registry.server'

// The OpenAPI document of /api/v1 as a real validator sees it (issue 30 Deliver 5 and 6), and the
// registry's rules: every status an operation can answer is declared, with the error shape.

const APP_URL = 'https://lectern.example'

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = buildApiDocument(API_OPERATIONS, APP_URL)
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
    expect(document.servers).toEqual([{ url: 'https://lectern.example/api/v1' }])
  })

  it('declares every status each operation can answer, errors with their codes', () => {
    const document = buildApiDocument(API_OPERATIONS, APP_URL)
    for (const operation of API_OPERATIONS) {
      const declared = document.paths![operation.path]![operation.method.toLowerCase() as 'get']!
      const statuses = Object.keys(declared.responses!).map(Number).sort()
      expect(statuses).toEqual([operation.response.status, ...declaredErrorStatuses(operation)].sort())
      for (const status of [400, 401, 403, 429, 500]) expect(statuses).toContain(status)
    }
    const schemas = document.components!.schemas!
    const codes = (status: number) =>
      (schemas[`Error${status}`] as { properties: { error: { properties: { code: { enum: string[] } } } } }).properties.error
        .properties.code.enum
    expect(codes(403)).toEqual(codesWithStatus(403))
    expect(codes(400)).toEqual(['bad_request'])
  })

  it('gives each operation a unique id and a scope from the list', () => {
    const ids = API_OPERATIONS.map((o) => o.operationId)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

const probe = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: `/${string}`, extra: object = {}) =>
  defineOperation({
    operationId: `${method}${path}`,
    method,
    path,
    tag: 'Test',
    summary: 'probe',
    scope: null,
    response: { status: 204, description: 'done' },
    handler: async () => undefined,
    ...extra,
  })

describe('the registry’s matcher', () => {
  const ops = compileOperations([
    probe('GET', '/leads'),
    probe('GET', '/leads/{id}', { params: z.object({ id: z.uuid() }) }),
    probe('PATCH', '/leads/{id}', { params: z.object({ id: z.uuid() }) }),
    probe('POST', '/sessions/{id}/go-live', { params: z.object({ id: z.string() }) }),
  ])

  it('finds an operation and its path parameters', () => {
    const found = matchOperation('PATCH', '/leads/a%20b', ops)
    expect(found.kind === 'found' && found.params).toEqual({ id: 'a b' })
    expect(matchOperation('HEAD', '/leads', ops).kind).toBe('found')
    expect(matchOperation('POST', '/sessions/x/go-live', ops).kind).toBe('found')
  })

  it('a path with other methods → 405 with them; anything else → none', () => {
    expect(matchOperation('DELETE', '/leads/x', ops)).toEqual({ kind: 'method', allow: ['GET', 'PATCH'] })
    expect(matchOperation('OPTIONS', '/leads', ops)).toEqual({ kind: 'method', allow: ['GET'] })
    expect(matchOperation('GET', '/leads/', ops).kind).toBe('none')
    expect(matchOperation('GET', '/leads/x/y', ops).kind).toBe('none')
    expect(matchOperation('GET', '/nothing', ops).kind).toBe('none')
    expect(matchOperation('GET', '/leads/%E0%A4%A', ops).kind).toBe('none')
  })

  it('declares 404 with path parameters and 409/413/415/422 with a body', () => {
    expect(declaredErrorStatuses(probe('GET', '/leads'))).toEqual([400, 401, 403, 429, 500])
    expect(declaredErrorStatuses(probe('GET', '/leads/{id}', { params: z.object({ id: z.string() }) }))).toEqual([
      400, 401, 403, 404, 429, 500,
    ])
    expect(declaredErrorStatuses(probe('PATCH', '/leads/{id}', { params: z.object({ id: z.string() }), errors: [409] }))).toEqual(
      [400, 401, 403, 404, 409, 413, 415, 422, 429, 500],
    )
  })
})
