import { z } from 'zod'
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi'
import { getConfig } from '~/config.server'
import { API_BASE_PATH, API_RATE_WINDOW_MS } from '~/lib/api'
import { API_ERRORS, apiErrorSchema, codesWithStatus } from '~/lib/api-errors'
import { IDEMPOTENCY_HEADER } from '~/lib/api-idempotency'
import { API_SCOPE_LABELS, API_SCOPES } from '~/lib/api-keys'
import { declaredErrorStatuses, takesBody, type ApiOperation } from './operation.server'
import { API_OPERATIONS } from './registry.server'
import { apiWebhooksDocument } from './webhook-events.server'

// The OpenAPI 3.1 document of /api/v1 (issue 30 Deliver 5), made from the registry: the zod schemas
// that validate each request and shape each answer are the ones described here (zod-openapi on zod's
// own JSON Schema output; docs/decisions/0017-openapi-from-zod.md). Served at /api/v1/openapi.json and
// rendered as /docs/api.

export const SECURITY_SCHEME = 'apiKey'

const RequestIdHeader = z.string().meta({ description: 'This answer’s id: quote it to support.' })
const rateHeaders = {
  'RateLimit-Limit': z.string().meta({ description: 'Requests this key may make a minute.' }),
  'RateLimit-Remaining': z.string().meta({ description: 'Requests left in this minute’s window.' }),
  'RateLimit-Reset': z.string().meta({ description: 'Seconds until the window resets.' }),
}

function successHeaders(operation: ApiOperation) {
  return z.object({
    'Request-Id': RequestIdHeader,
    ...rateHeaders,
    ...(operation.method === 'POST' || operation.method === 'PATCH'
      ? {
          'Idempotent-Replayed': z
            .literal('true')
            .optional()
            .meta({ description: 'Set when this is the kept answer to an Idempotency-Key.' }),
        }
      : {}),
  })
}

function errorHeaders(status: number) {
  // Refusals before the key is known (401, some 403) carry no rate-limit headers, so they are optional here.
  const optionalRate = Object.fromEntries(Object.entries(rateHeaders).map(([k, v]) => [k, v.optional()]))
  return z.object({
    'Request-Id': RequestIdHeader,
    ...optionalRate,
    ...(status === 429 ? { 'Retry-After': z.string().meta({ description: 'Seconds to wait before the next request.' }) } : {}),
    ...(status === 401 ? { 'WWW-Authenticate': z.string() } : {}),
  })
}

function describeErrors(status: number) {
  return codesWithStatus(status)
    .map((code) => `\`${code}\`: ${API_ERRORS[code].meaning}`)
    .join(' ')
}

const errorResponses = new Map<number, ZodOpenApiResponseObject>()

/** One response per error status, kept once in components.responses and referenced by every operation. */
function errorResponse(status: number) {
  let response = errorResponses.get(status)
  if (!response) {
    response = {
      id: `Error${status}Response`,
      description: describeErrors(status),
      headers: errorHeaders(status),
      content: { 'application/json': { schema: apiErrorSchema(status) } },
    }
    errorResponses.set(status, response)
  }
  return response
}

function operationObject(operation: ApiOperation): ZodOpenApiOperationObject {
  const idempotent = operation.method === 'POST' || operation.method === 'PATCH'
  const responses: ZodOpenApiOperationObject['responses'] = {
    [String(operation.response.status)]: {
      description: operation.response.description,
      headers: successHeaders(operation),
      ...(operation.response.schema ? { content: { 'application/json': { schema: operation.response.schema } } } : {}),
    },
  }
  for (const status of declaredErrorStatuses(operation)) responses[String(status) as `4${string}`] = errorResponse(status)
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: [{ [SECURITY_SCHEME]: operation.scope ? [operation.scope] : [] }],
    ...(operation.scope ? { 'x-scope': operation.scope } : {}),
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(idempotent
        ? {
            header: z.object({
              [IDEMPOTENCY_HEADER]: z
                .string()
                .min(1)
                .max(255)
                .optional()
                .meta({ description: 'Any unique string (a UUID): a retry with it gets the first answer again, for 24 hours.' }),
            }),
          }
        : {}),
    },
    ...(takesBody(operation) && operation.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: operation.body } } } }
      : {}),
    responses,
  }
}

/** The document for the operations given (the registry's by default), with the site's own address. */
export function buildApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS, appUrl = getConfig().appUrl) {
  const paths: ZodOpenApiPathsObject = {}
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {})
    item[operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'] = operationObject(operation)
  }
  const brand = getConfig().BRAND_NAME
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: `${brand} API`,
        version: '1',
        description: `The ${brand} REST API: your leads, talks, sessions and events as JSON, with keys from Settings → API. Version 1 changes only by addition; anything else becomes /v2, with six months of both. Limits: ${API_RATE_WINDOW_MS / 1000}-second windows per key, by plan.`,
      },
      servers: [{ url: `${appUrl}${API_BASE_PATH}` }],
      security: [{ [SECURITY_SCHEME]: [] }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: `An API key (lec_…) from Settings → API, as "Authorization: Bearer lec_…". Its scopes: ${API_SCOPES.map((s) => `${s} (${API_SCOPE_LABELS[s].label.toLowerCase()})`).join(', ')}.`,
          },
        },
      },
      paths,
      // What a subscription (POST /webhooks) receives: each message's headers and body.
      webhooks: apiWebhooksDocument(),
    },
    {
      // Answers may gain fields within v1 (the promise of docs/api.md): the document does not forbid
      // them. The wrapper still sends only what the schema lists.
      override: ({ jsonSchema, io }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties
      },
    },
  )
}

let cached: { appUrl: string; document: ReturnType<typeof buildApiDocument> } | undefined

/** The registry's document, made once per process (and per APP_URL, for tests that change it). */
export function apiDocument() {
  const appUrl = getConfig().appUrl
  if (cached?.appUrl !== appUrl) cached = { appUrl, document: buildApiDocument(API_OPERATIONS, appUrl) }
  return cached.document
}
