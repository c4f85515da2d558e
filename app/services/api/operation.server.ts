import type { z } from 'zod'
import { API_ERRORS, type ApiErrorCode, type ApiErrorStatus } from '~/lib/api-errors'
import type { ApiScope } from '~/lib/api-keys'
import type { Scope, WorkspaceRole } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'

// One operation of /api/v1 (issue 30; docs/api.md "Adding an endpoint"): everything the wrapper
// (handler.server.ts) needs to route, authorise, validate and answer it, and everything the document
// (document.server.ts) needs to describe it, in one object. Add an endpoint by writing one with
// defineOperation in app/services/api/operations/ and listing it in registry.server.ts.

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** Who is asking: the key, and the workspace and person it acts for, as they are at this request. */
export type ApiContext = {
  key: { id: string; name: string }
  workspace: { id: string; name: string; plan: Plan; membersSeeAllLeads: boolean }
  /** The key's creator: the person the app's rules see (and the audit log records) behind each call. */
  actor: { id: string; email: string }
  /** The creator's role in the workspace now. */
  role: WorkspaceRole
  /** The key's scopes cut to what that role allows now. */
  scopes: ApiScope[]
  /** The scope the app's models take for leads (app/lib/permissions.ts Scope): never more than the creator sees. */
  scope: Scope
  /** The same for sessions, as the app's sessionsScope(scope, 'read' | 'change') gives them. */
  sessionsScope: { read: Scope; change: Scope }
  requestId: string
}

type AnyObject = z.ZodObject
type Out<T> = T extends z.ZodType ? z.output<T> : undefined

export type OperationSpec<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  /** Stable and unique: the generated clients' method names. */
  operationId: string
  method: ApiMethod
  /** Below /api/v1, with `{name}` for path parameters: `/leads/{id}`. */
  path: `/${string}`
  summary: string
  description?: string
  /** The document's group (one per resource: Leads, Sessions…). */
  tag: string
  /** The scope a key needs; null for any working key (GET /me). */
  scope: ApiScope | null
  /** Path parameters by name. A value that does not parse is a 404: no such object. */
  params?: P
  /** Query parameters: a strict object (z.strictObject), so an unknown one is a 400 naming it. */
  query?: Q
  /** The JSON body: a strict object, so an unknown field is a 422 naming it. */
  body?: B
  /** Body limit in bytes (default API_MAX_BODY_BYTES). */
  maxBodyBytes?: number
  /**
   * The answer holds a secret (a webhook subscription's signing secret): the copy kept for
   * Idempotency-Key replays is encrypted like the app's other secrets (ENCRYPTION_KEY).
   */
  secretAnswer?: boolean
  /** The success answer. `schema` shapes it: fields it does not list are dropped before sending. */
  response: { status: 200 | 201; description: string; schema: R } | { status: 204; description: string; schema?: undefined }
  /**
   * Errors the handler itself may answer, beyond those the wrapper declares for every operation
   * (400, 401, 403, 429, 500; 404 with path parameters; 409, 413, 415, 422 with a body).
   */
  errors?: readonly ApiErrorStatus[]
  handler: (input: {
    ctx: ApiContext
    params: Out<P>
    query: Out<Q>
    body: Out<B>
    request: Request
  }) => Promise<R extends z.ZodType ? z.input<R> : void>
}

export type ApiOperation = OperationSpec<
  AnyObject | undefined,
  AnyObject | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined
>

/** Types an operation from its schemas (params, query, body and response infer the handler's types). */
export function defineOperation<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(spec: OperationSpec<P, Q, B, R>): ApiOperation {
  return spec as unknown as ApiOperation
}

/** A refusal with the API's error shape: thrown by handlers and by the wrapper alike. */
export class ApiError extends Error {
  readonly status: ApiErrorStatus
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = API_ERRORS[code].status
  }
}

/** Takes a JSON body: a declared one, or POST/PATCH without one (which still may carry `{}`). */
export function takesBody(operation: Pick<ApiOperation, 'method' | 'body'>) {
  return operation.body !== undefined || operation.method === 'POST' || operation.method === 'PATCH'
}

/**
 * Every error status an operation can answer: the ones every operation can (400 for an unknown
 * query parameter, 401, 403, 429, 500), 404 with path parameters, 409 / 413 / 415 / 422 with a body
 * (Idempotency-Key, size, type, fields), and what its handler declares. The document lists these;
 * the wrapper logs an error when an answer falls outside them.
 */
export function declaredErrorStatuses(operation: ApiOperation): ApiErrorStatus[] {
  const statuses = new Set<ApiErrorStatus>([400, 401, 403, 429, 500])
  if (operation.params) statuses.add(404)
  if (takesBody(operation)) for (const s of [409, 413, 415, 422] as const) statuses.add(s)
  for (const s of operation.errors ?? []) statuses.add(s)
  return [...statuses].sort((a, b) => a - b)
}
