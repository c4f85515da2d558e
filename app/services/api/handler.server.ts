import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { getConfig } from '~/config.server'
import { API_BASE_PATH, API_DOCUMENT_PATH, API_MAX_BODY_BYTES, API_RATE_WINDOW_MS, rateLimitHeaders } from '~/lib/api'
import { apiErrorBody, type ApiErrorStatus } from '~/lib/api-errors'
import { IDEMPOTENCY_HEADER, idempotencyFingerprintInput, isIdempotencyKey } from '~/lib/api-idempotency'
import { apiRateLimit } from '~/lib/plans'
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '~/models/api-idempotency.server'
import { hitRateLimit } from '~/models/rate-limit.server'
import { sha256Hex } from '~/platform/lead-tokens.server'
import { decryptSecret, encryptSecret } from '~/platform/secrets.server'
import { authenticateApiKey } from './auth.server'
import { apiDocument } from './document.server'
import { ApiError, declaredErrorStatuses, takesBody, type ApiContext, type ApiOperation } from './operation.server'
import { readApiBody, parseParams, parseQuery, parseBody } from './input.server'
import { API_OPERATIONS, compileOperations, matchOperation, type CompiledOperations } from './registry.server'

// The one wrapper of /api/v1 (issue 30 Deliver 3; docs/api.md): every request under it, known or not,
// is answered here with JSON, a Request-Id and no-store, in this order:
//   path and method (404 / 405) → key (401; 403 plan or creator's role) → rate limit (429) → scope (403)
//   → path parameters (404) → query (400) → body (400 / 413 / 415 / 422) → Idempotency-Key (replay / 409)
//   → the operation's handler, its answer shaped by its response schema.
// Anything unexpected is a 500 with the request id, logged like every failed request.

type Answer = { status: number; body: unknown; headers: Record<string, string> }

/** The wrapper over a list of operations: the registry's in production, a test's own in tests. */
export function createApiHandler(operations: readonly ApiOperation[] = API_OPERATIONS) {
  const compiled = compileOperations(operations)
  return (request: Request, requestId: string = randomUUID()) => handle(compiled, request, requestId)
}

/** Answers a request under /api/v1 from the registry (the route app/routes/api.v1.$.tsx). */
export const handleApiRequest = createApiHandler()

async function handle(compiled: CompiledOperations, request: Request, requestId: string): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname.slice(API_BASE_PATH.length) || '/'
  const base: Record<string, string> = { 'Request-Id': requestId }
  let operation: ApiOperation | undefined
  try {
    if (`${API_BASE_PATH}${path}` === API_DOCUMENT_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      parseQuery(undefined, url)
      return respond({ status: 200, body: apiDocument(), headers: { ...base, 'Cache-Control': 'public, max-age=300' } })
    }
    const match = matchOperation(request.method, path, compiled)
    if (match.kind === 'none') {
      throw new ApiError('not_found', `There is no ${request.method} ${url.pathname}. The operations are listed at /docs/api.`)
    }
    if (match.kind === 'method') {
      throw new ApiError(
        'method_not_allowed',
        `${url.pathname} does not take ${request.method}; it takes ${match.allow.join(', ')}.`,
        undefined,
        { Allow: match.allow.join(', ') },
      )
    }
    operation = match.operation
    const ctx = await authenticateApiKey(request, requestId)
    Object.assign(base, await countRequest(ctx))
    return respond(await run(operation, match.params, ctx, request, url, base), operation)
  } catch (error) {
    return respond(failure(error, request, requestId, base), operation)
  }
}

/** Counts the request against its key's window (one upsert: every instance agrees); 429 over the limit. */
async function countRequest(ctx: ApiContext) {
  const limit = apiRateLimit(ctx.workspace.plan) ?? 0
  const hit = await hitRateLimit(`api:${ctx.key.id}`, limit, API_RATE_WINDOW_MS)
  const headers = rateLimitHeaders({ limit, count: hit.count, resetMs: hit.retryAfterMs })
  if (!hit.allowed) {
    throw new ApiError(
      'rate_limited',
      `This key made more than ${limit} requests this minute. Try again in ${headers['Retry-After']} s.`,
      undefined,
      headers,
    )
  }
  return headers
}

async function run(
  operation: ApiOperation,
  rawParams: Record<string, string>,
  ctx: ApiContext,
  request: Request,
  url: URL,
  base: Record<string, string>,
): Promise<Answer> {
  if (operation.scope && !ctx.scopes.includes(operation.scope)) {
    throw new ApiError('forbidden', `This key does not have the ${operation.scope} scope this operation needs.`)
  }
  const params = parseParams(operation.params, rawParams)
  const query = parseQuery(operation.query, url)
  const raw = takesBody(operation) ? await readApiBody(request, operation.maxBodyBytes ?? API_MAX_BODY_BYTES) : undefined
  const body = takesBody(operation) ? parseBody(operation.body, raw) : undefined
  const execute = async (): Promise<Answer> => {
    const result = await operation.handler({ ctx, params, query, body, request } as Parameters<ApiOperation['handler']>[0])
    const shaped = operation.response.schema ? (operation.response.schema as z.ZodType).parse(result) : null
    return { status: operation.response.status, body: shaped, headers: base }
  }
  const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER)
  if (idempotencyKey === null || (operation.method !== 'POST' && operation.method !== 'PATCH')) return execute()
  if (!isIdempotencyKey(idempotencyKey)) {
    throw new ApiError(
      'bad_request',
      'Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, say).',
      IDEMPOTENCY_HEADER,
    )
  }
  const fingerprint = sha256Hex(idempotencyFingerprintInput(request.method, url, raw))
  const claim = await claimIdempotencyKey(ctx.key.id, idempotencyKey, fingerprint)
  if (claim.kind === 'reused') {
    throw new ApiError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used in the last 24 hours for another request (another path or body). Use a new key for a new request.',
      IDEMPOTENCY_HEADER,
    )
  }
  if (claim.kind === 'in-use') {
    throw new ApiError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still running. Retry in a moment.',
      IDEMPOTENCY_HEADER,
    )
  }
  // The kept answer of an operation whose answer holds a secret is encrypted, bound to this key and record.
  const secretContext = `api-idempotency:${ctx.key.id}:${idempotencyKey}`
  const keep = (text: string) => (operation.secretAnswer && text !== '' ? encryptSecret(text, secretContext) : text)
  if (claim.kind === 'replay') {
    const kept = operation.secretAnswer && claim.body !== '' ? decryptSecret(claim.body, secretContext) : claim.body
    return {
      status: claim.status,
      body: kept === '' ? null : JSON.parse(kept),
      headers: { ...base, 'Idempotent-Replayed': 'true' },
    }
  }
  let answer: Answer
  try {
    answer = await execute()
  } catch (error) {
    // A refusal is the answer to keep; a failure of ours lets go of the key, so a retry runs again.
    if (!(error instanceof ApiError)) {
      await releaseIdempotencyKey(ctx.key.id, idempotencyKey)
      throw error
    }
    const { status, body } = failure(error, request, ctx.requestId, base)
    await completeIdempotencyKey(ctx.key.id, idempotencyKey, status, keep(JSON.stringify(body)))
    throw error
  }
  await completeIdempotencyKey(
    ctx.key.id,
    idempotencyKey,
    answer.status,
    keep(answer.body === null ? '' : JSON.stringify(answer.body)),
  )
  return answer
}

function failure(error: unknown, request: Request, requestId: string, base: Record<string, string>): Answer {
  const appUrl = getConfig().appUrl
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: apiErrorBody(appUrl, error.code, error.message, error.param),
      headers: { ...base, ...error.headers },
    }
  }
  console.error(`[request ${requestId}] ${request.method} ${new URL(request.url).pathname} failed:`, error)
  return {
    status: 500,
    body: apiErrorBody(appUrl, 'internal_error', `Something went wrong on our side. Quote request ${requestId} to support.`),
    headers: base,
  }
}

function respond({ status, body, headers }: Answer, operation?: ApiOperation): Response {
  if (operation && status >= 400 && !declaredErrorStatuses(operation).includes(status as ApiErrorStatus)) {
    // The document promises every status an operation answers: this one is missing from it.
    console.error(`[api] ${operation.operationId} answered ${status}, which its OpenAPI declaration does not list.`)
  }
  const all = new Headers({ 'Cache-Control': 'no-store', ...headers })
  if (status === 204 || body === null) return new Response(null, { status, headers: all })
  all.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { status, headers: all })
}
