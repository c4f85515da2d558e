import { z } from 'zod'

// The conventions of /api/v1 that its operations share (issue 30; docs/api.md): where it lives, its
// limits, the rate-limit headers and the shape of a list. Operations build on these; nothing else
// restates them.

export const API_BASE_PATH = '/api/v1'
export const API_DOCUMENT_PATH = `${API_BASE_PATH}/openapi.json`
/** A JSON body larger than this is refused with 413 (an operation may declare less). */
export const API_MAX_BODY_BYTES = 64 * 1024
/** Rate limits are counted per key in fixed windows of a minute, in the database. */
export const API_RATE_WINDOW_MS = 60_000

/**
 * The rate-limit headers of an answer (IETF draft "RateLimit header fields"): the limit, what is left
 * in this window and the seconds until it resets. A refused request adds Retry-After with the same wait.
 */
export function rateLimitHeaders({ limit, count, resetMs }: { limit: number; count: number; resetMs: number }) {
  const reset = Math.max(1, Math.ceil(resetMs / 1000))
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, limit - count)),
    'RateLimit-Reset': String(reset),
  }
  if (count > limit) headers['Retry-After'] = String(reset)
  return headers
}

/** Lists: newest first, at most this many a page, `starting_after` the last id of the page before. */
export const API_PAGE_LIMIT_MAX = 100
export const API_PAGE_LIMIT_DEFAULT = 20

/** The query parameters every list takes; a list's own filters extend this object (strictly). */
export const PageQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_PAGE_LIMIT_MAX)
    .default(API_PAGE_LIMIT_DEFAULT)
    .meta({ description: `How many objects to answer, 1–${API_PAGE_LIMIT_MAX} (default ${API_PAGE_LIMIT_DEFAULT}).` }),
  starting_after: z
    .string()
    .optional()
    .meta({ description: 'The id of the last object of the page before: the next page starts after it.' }),
})

/** `{ "data": [...], "has_more": bool }`: the shape of every list. */
export function listSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      has_more: z.boolean().meta({ description: 'Whether another page follows: ask again with `starting_after`.' }),
    })
    .meta({ id })
}
