// Idempotency-Key on POST and PATCH (issue 30 Deliver 3; docs/api.md): the first answer to a key is
// kept 24 hours and replayed to every retry with that key; the same key with another request is a 409.
// These are the pure rules: which keys are accepted and what "the same request" means.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/**
 * A request that claimed a key and never answered (its process died) holds it this long; after that
 * a retry with the same request runs again instead of waiting for an answer that will never come.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000
export const IDEMPOTENCY_KEY_MAX = 255

/** Printable ASCII without spaces at the ends, 1–255 characters (a UUID is the usual choice). */
export function isIdempotencyKey(value: string) {
  return value.length >= 1 && value.length <= IDEMPOTENCY_KEY_MAX && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)
}

/** JSON with object keys sorted at every level: two bodies that differ only in key order are the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return ''
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * What must match for a retry to be "the same request": the method, the path, the query (sorted)
 * and the body as parsed JSON (whitespace and key order do not count). The server stores its hash.
 */
export function idempotencyFingerprintInput(method: string, url: URL, body: unknown) {
  const query = [...url.searchParams].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
  return [method.toUpperCase(), url.pathname, new URLSearchParams(query).toString(), canonicalJson(body)].join('\n')
}
