import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { ApiScope } from '~/lib/api-keys'
import { createApiKey } from '~/models/api-keys.server'
import { apiDocument } from '~/services/api/document.server'
import { handleApiRequest } from '~/services/api/handler.server'
import { documentedJson, type OpenApiDocument } from './api-document'

// The resources' API tests (issue 30 Deliver 2): requests through the registry's own wrapper (what
// the route app/routes/api.v1.$.tsx answers with), every answer checked against the served document.

/** The registry's document, as a client reads it (JSON). */
export const apiDoc = () => JSON.parse(JSON.stringify(apiDocument())) as OpenApiDocument

/** A key of the workspace made by `actor` (an owner or admin there) with these scopes. */
export async function keyFor(workspaceId: string, actor: { id: string; email: string }, scopes: ApiScope[]) {
  const made = await createApiKey(workspaceId, { name: `test ${randomBytes(2).toString('hex')}`, scopes }, actor)
  expect(made).not.toBeNull()
  return made!.key
}

type Init = { body?: unknown; headers?: Record<string, string> }
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the document, then read freely
export type Json = Record<string, any>

/** A client for one key: `call` answers the status, the documented body and the headers. */
export function apiClient(key: string, document: OpenApiDocument = apiDoc()) {
  return async function call(method: string, path: string, init: Init = {}) {
    const headers = new Headers({ Authorization: `Bearer ${key}`, ...init.headers })
    const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    if (body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    const res = await handleApiRequest(new Request(`http://localhost:3000/api/v1${path}`, { method, headers, body }))
    const json = await documentedJson<Json>(document, method, path.split('?')[0]!, res)
    return { status: res.status, body: json, headers: res.headers }
  }
}

/** Every page of a list, following has_more with starting_after (`between` runs after each page). */
export async function walk(call: ReturnType<typeof apiClient>, path: string, between: () => Promise<unknown> = async () => {}) {
  const seen: Json[] = []
  let after: string | undefined
  for (let pages = 0; pages < 200; pages++) {
    const join = path.includes('?') ? '&' : '?'
    const res = await call('GET', after ? `${path}${join}starting_after=${after}` : path)
    expect(res.status).toBe(200)
    seen.push(...(res.body.data as Json[]))
    await between()
    if (!res.body.has_more) return seen
    after = seen.at(-1)!.id
  }
  throw new Error('the walk did not end')
}
