import { z } from 'zod'

// The one error shape of /api/v1 (issue 30 Deliver 3; docs/api.md): `{ "error": { "code", "message",
// "param"?, "doc_url" } }`. Each code has one HTTP status and one section of /docs/api, whose anchor
// doc_url points at. The Express layer (server/security.ts) answers its early refusals with it too.

export const API_DOCS_PATH = '/docs/api'

export const API_ERRORS = {
  bad_request: {
    status: 400,
    title: 'Bad request',
    meaning: 'A query parameter, header or the JSON itself is wrong; `param` names which.',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    meaning: 'No key, an unknown key, or one that was revoked, expired or whose creator left the workspace.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    meaning: "The key lacks the operation's scope, its creator's role no longer allows it, or the plan has no API.",
  },
  not_found: { status: 404, title: 'Not found', meaning: 'No such path, or no such object in this workspace.' },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    meaning: 'The path exists; the `Allow` header lists its methods.',
  },
  conflict: { status: 409, title: 'Conflict', meaning: 'The object is not in a state that allows this.' },
  idempotency_key_in_use: {
    status: 409,
    title: 'Idempotency key in use',
    meaning: 'A request with this Idempotency-Key is still running: retry in a moment.',
  },
  idempotency_key_reused: {
    status: 409,
    title: 'Idempotency key reused',
    meaning: 'This Idempotency-Key was used within 24 hours for another request (another path or body).',
  },
  payload_too_large: { status: 413, title: 'Payload too large', meaning: 'The body is over the limit of the operation.' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', meaning: 'Send bodies as application/json.' },
  unprocessable_entity: {
    status: 422,
    title: 'Unprocessable entity',
    meaning: 'A field of the body is invalid; `param` names it.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    meaning: "Over the key's requests a minute; wait the seconds `Retry-After` says.",
  },
  internal_error: {
    status: 500,
    title: 'Internal error',
    meaning: 'Our fault: quote the Request-Id header to support.',
  },
} as const satisfies Record<string, { status: number; title: string; meaning: string }>

export type ApiErrorCode = keyof typeof API_ERRORS
export type ApiErrorStatus = (typeof API_ERRORS)[ApiErrorCode]['status']

export const API_ERROR_CODES = Object.keys(API_ERRORS) as ApiErrorCode[]

/** The section of /docs/api that explains a code. */
export function errorAnchor(code: ApiErrorCode) {
  return `error-${code.replace(/_/g, '-')}`
}

export type ApiErrorBody = { error: { code: ApiErrorCode; message: string; param?: string; doc_url: string } }

/** The body of an error answer; `appUrl` is the site's own address (config APP_URL), never a request header. */
export function apiErrorBody(appUrl: string, code: ApiErrorCode, message: string, param?: string): ApiErrorBody {
  const docUrl = `${appUrl.replace(/\/$/, '')}${API_DOCS_PATH}#${errorAnchor(code)}`
  return { error: { code, message, ...(param === undefined ? {} : { param }), doc_url: docUrl } }
}

/** Codes by status, for the document: every status an operation can answer lists the codes it may carry. */
export function codesWithStatus(status: number): ApiErrorCode[] {
  return API_ERROR_CODES.filter((code) => API_ERRORS[code].status === status)
}

const errorSchemas = new Map<number, ReturnType<typeof makeErrorSchema>>()

/** The error object as the OpenAPI document declares it: one schema per status, its codes listed. */
export function apiErrorSchema(status: number) {
  let schema = errorSchemas.get(status)
  if (!schema) errorSchemas.set(status, (schema = makeErrorSchema(status)))
  return schema
}

function makeErrorSchema(status: number) {
  const codes = codesWithStatus(status)
  return z
    .object({
      error: z.object({
        code: z.enum(codes as [ApiErrorCode, ...ApiErrorCode[]]).meta({ description: 'What went wrong, for code to branch on.' }),
        message: z.string().meta({ description: 'What went wrong and what to do, for a person.' }),
        param: z
          .string()
          .optional()
          .meta({ description: 'The query parameter, header or body field at fault (`tags.0`, `Idempotency-Key`).' }),
        doc_url: z.url().meta({ description: 'The section of the API reference about this code.' }),
      }),
    })
    .meta({ id: `Error${status}`, description: API_ERRORS[codes[0]!].title })
}
