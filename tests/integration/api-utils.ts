import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { workspaces } from '~/db/schema/workspaces'
import type { ApiScope } from '~/lib/api-keys'
import type { Plan } from '~/lib/plans'
import { createApiKey } from '~/models/api-keys.server'
import { buildApiDocument } from '~/services/api/document.server'
import { handleApiRequest } from '~/services/api/handler.server'
import { API_OPERATIONS } from '~/services/api/registry.server'
import { documentedJson, type OpenApiDocument } from './api-document'
import { createUser } from './utils'

// Helpers for tests of /api/v1 operations against a real database (issue 30; docs/api.md): a key of
// a new owner's workspace on a plan, and a call through the wrapper whose answer is checked against
// the document. For HTTP against the build, see api-http.test.ts.

/** A new person's own workspace on `plan`, and a key of theirs with these scopes. */
export async function ownerWithKey(scopes: ApiScope[], plan: Plan = 'pro') {
  const owner = await createUser(`api-${randomBytes(4).toString('hex')}@example.com`)
  await getDb().update(workspaces).set({ plan }).where(eq(workspaces.id, owner.id))
  const { key } = (await createApiKey(owner.id, { name: 'test', scopes }, owner))!
  return { owner, workspaceId: owner.id, key }
}

/** The registry's document as JSON (what /api/v1/openapi.json serves), for expectDocumented. */
export function registryDocument(): OpenApiDocument {
  return JSON.parse(JSON.stringify(buildApiDocument(API_OPERATIONS, 'http://localhost:3000'))) as OpenApiDocument
}

type CallInit = { key?: string; body?: string; headers?: Record<string, string> }

/**
 * Calls the wrapper (the registry's, or createApiHandler(ops)'s) as an HTTP client would; `json`
 * also reads the body and checks status, headers and body against `document`.
 */
export function apiClient(
  document: OpenApiDocument,
  handle: (request: Request, requestId?: string) => Promise<Response> = handleApiRequest,
) {
  const send = (method: string, path: string, init: CallInit = {}) => {
    const headers = new Headers(init.headers)
    if (init.key) headers.set('Authorization', `Bearer ${init.key}`)
    if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    const request = new Request(`http://localhost:3000/api/v1${path}`, { method, headers, body: init.body })
    return handle(request, `req-${randomBytes(4).toString('hex')}`)
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whichever field they assert
  const json = async <T = Record<string, any>>(method: string, path: string, init: CallInit = {}) => {
    const res = await send(method, path, init)
    const body = await documentedJson<T>(document, method, path.split('?')[0]!, res)
    return { res, body }
  }
  return { send, json }
}
