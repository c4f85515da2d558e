import { z } from 'zod'
import { formatBytes, readOptionalJson, RequestBodyError } from '~/services/request-body.server'
import { ApiError } from './operation.server'

// What a request to /api/v1 sends, checked against its operation's schemas (issue 30 Deliver 2 and 3):
// path parameters (no match → 404: no such object), the query (an unknown parameter or a bad value
// → 400 naming it: never ignored), the JSON body through the one request-body boundary (size → 413,
// type → 415, unreadable → 400; a bad or unknown field → 422 naming it).

const NO_QUERY = z.strictObject({})
const NO_BODY = z.strictObject({})

function issuePath(issue: z.core.$ZodIssue) {
  return issue.path.map(String).join('.')
}

/** The first problem of a failed parse as [param, sentence]; an unknown key is named as such. */
function firstProblem(error: z.ZodError, what: 'query parameter' | 'field'): [string | undefined, string] {
  const issue = error.issues[0]!
  if (issue.code === 'unrecognized_keys') {
    const name = [...issue.path.map(String), issue.keys[0]!].join('.')
    return [name, `Unknown ${what} "${name}".`]
  }
  const name = issuePath(issue)
  return name
    ? [name, `Invalid ${what} "${name}": ${issue.message}.`]
    : [undefined, `Invalid ${what === 'field' ? 'body' : 'query'}: ${issue.message}.`]
}

export function parseParams(schema: z.ZodObject | undefined, raw: Record<string, string>) {
  if (!schema) return undefined
  const parsed = schema.safeParse(raw)
  // An id that cannot exist names nothing: the same 404 as another workspace's id.
  if (!parsed.success) throw new ApiError('not_found', 'No such object in this workspace.')
  return parsed.data
}

/** The query as an object: a name given once is a string, given again an array (for schemas that take lists). */
export function parseQuery(schema: z.ZodObject | undefined, url: URL) {
  const raw: Record<string, string | string[]> = {}
  for (const [name, value] of url.searchParams) {
    const seen = raw[name]
    raw[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]
  }
  const parsed = (schema ?? NO_QUERY).safeParse(raw)
  if (!parsed.success) {
    const [param, message] = firstProblem(parsed.error, 'query parameter')
    throw new ApiError('bad_request', message, param)
  }
  return parsed.data
}

/** The body as parsed JSON; undefined when none was sent. */
export async function readApiBody(request: Request, maxBytes: number): Promise<unknown> {
  try {
    return await readOptionalJson(request, { maxBytes })
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error
    if (error.status === 413)
      throw new ApiError('payload_too_large', `The body is too large: the limit is ${formatBytes(maxBytes)}.`)
    if (error.status === 415)
      throw new ApiError('unsupported_media_type', 'Send the body as JSON, with Content-Type: application/json.', 'Content-Type')
    // Not JSON, or nested deeper than any body needs: the boundary's sentence.
    throw new ApiError('bad_request', error.reason)
  }
}

/** The body checked against the operation's schema; without one, only an empty object (or nothing) is accepted. */
export function parseBody(schema: z.ZodType | undefined, raw: unknown) {
  if (raw === undefined && !schema) return undefined
  if (raw === undefined) throw new ApiError('unprocessable_entity', 'This operation needs a JSON body.')
  const parsed = (schema ?? NO_BODY).safeParse(raw)
  if (!parsed.success) {
    const [param, message] = firstProblem(parsed.error, 'field')
    throw new ApiError('unprocessable_entity', message, param)
  }
  return parsed.data
}
