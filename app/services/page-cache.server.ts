import { createHash } from 'node:crypto'
import { CONSENT_COOKIE, readConsent } from '~/services/consent.server'
import { getCurrency } from '~/services/currency.server'
import { PREFERRED_CURRENCY_COOKIE } from '~/lib/constants'

// The per-process cache of rendered anonymous public pages (docs/decisions/0008-page-cache.md).
// server/page-cache.ts serves from it; the models that change what these pages show call
// purgePageCache() after their write. State lives on globalThis because the Express entry and the
// Remix build each bundle their own copy of this module.

/** The public pages that may be cached: exact paths and the slug pages under them. Nothing else. */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/pricing$/,
  /^\/compare$/,
  /^\/event-lead-capture-ideas$/,
  /^\/speakers$/,
  /^\/resources$/,
  /^\/news$/,
  /^\/speakers\/(?!admin$)[a-z0-9-]+$/,
  /^\/resources\/(?!admin$)[a-z0-9-]+$/,
  /^\/news\/[a-z0-9-]+$/,
]

/** Query flags that show the result of a form post (post/redirect/get without JavaScript): never shared. */
const FORM_RESULT_PARAMS = ['sent', 'subscribed', 'applied', 'created']

/** Cookies that only choose among the anonymous variants (and are part of the key). Any other cookie is personal. */
const KEYED_COOKIES = new Set([CONSENT_COOKIE, PREFERRED_CURRENCY_COOKIE])

export const PAGE_CACHE_DEFAULTS = { ttlMs: 60_000, maxEntries: 500, maxBytes: 64 * 1024 * 1024 }

export type CachedPage = {
  status: number
  headers: Array<[string, string]>
  body: Buffer
  /** Compressed copies; empty until a visitor has asked for that encoding. */
  gzip: Buffer
  br: Buffer
  etag: string
  /** CSP sources ('sha256-…') of the page's inline scripts: the cached bytes carry no nonce. */
  scriptHashes: string[]
  storedAt: number
}

type State = {
  entries: Map<string, CachedPage>
  /** sharedPageData(): query results every anonymous page shares, kept like the pages. */
  data: Map<string, { value: unknown; storedAt: number }>
  bytes: number
  generation: number
  options: typeof PAGE_CACHE_DEFAULTS
}
const holder = globalThis as unknown as { __lecternPageCache?: State }
function state(): State {
  holder.__lecternPageCache ??= {
    entries: new Map(),
    data: new Map(),
    bytes: 0,
    generation: 0,
    options: { ...PAGE_CACHE_DEFAULTS },
  }
  return holder.__lecternPageCache
}

export function configurePageCache(options: Partial<typeof PAGE_CACHE_DEFAULTS>) {
  Object.assign(state().options, options)
}

export function isCacheablePath(pathname: string) {
  return CACHEABLE_PATHS.some((re) => re.test(pathname))
}

function cookieNames(header: string | null) {
  if (!header) return []
  return header
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean)
}

/**
 * Credentials, or any cookie other than the consent and currency choices (session, flash, pending
 * sign-in, unknown ones): the answer is for this visitor alone, and no shared cache may keep it.
 */
export function isPersonalRequest(request: Request) {
  if (request.headers.has('Authorization')) return true
  return cookieNames(request.headers.get('Cookie')).some((name) => !KEYED_COOKIES.has(name))
}

// Campaign and click-id parameters that ads, social networks and mail tools append to links. No page
// reads them (they are for the visitor's analytics, which reads the address bar), so they do not
// change a page: a click from a social post (a new `fbclid` every time) is a hit, not a render and
// one more entry pushing real pages out of the cache.
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
])
const isTrackingParam = (name: string) => name.startsWith('utm_') || TRACKING_PARAMS.has(name)

/** The address without campaign and click-id parameters: what a cached page is keyed and rendered by. */
export function withoutTrackingParams(url: URL) {
  const names = [...url.searchParams.keys()]
  if (!names.some(isTrackingParam)) return url
  const clean = new URL(url)
  for (const name of names) if (isTrackingParam(name)) clean.searchParams.delete(name)
  return clean
}

/**
 * The cache key of an anonymous GET of a cacheable page, or null when the request must be rendered
 * for this visitor alone: another method, a path outside the list, a form result in the query
 * (`?sent=1`), credentials, or any cookie other than the consent and currency choices (session,
 * flash, pending sign-in, unknown ones). Campaign and click-id parameters are not part of it.
 */
export function pageCacheKey(request: Request): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const url = withoutTrackingParams(new URL(request.url))
  if (!isCacheablePath(url.pathname)) return null
  if (FORM_RESULT_PARAMS.some((name) => url.searchParams.has(name))) return null
  if (isPersonalRequest(request)) return null
  const consent = readConsent(request)
  return [
    url.pathname + url.search,
    getCurrency(request),
    consent.decided ? (consent.widgets ? 'widgets' : 'none') : 'undecided',
  ].join('\n')
}

/** SHA-256 CSP sources of every inline <script> (those without src) in an HTML document. */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${match[1]}`)) continue
    hashes.add(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

export function pageEtag(body: Buffer) {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`
}

export function getCachedPage(key: string, now = Date.now()): CachedPage | null {
  const { entries, options } = state()
  const entry = entries.get(key)
  if (!entry) return null
  if (now - entry.storedAt >= options.ttlMs) {
    deleteEntry(key)
    return null
  }
  // Least recently used goes first: re-insert to move this key to the end.
  entries.delete(key)
  entries.set(key, entry)
  return entry
}

function size(entry: CachedPage) {
  return entry.body.length + entry.gzip.length + entry.br.length
}

function deleteEntry(key: string) {
  const s = state()
  const entry = s.entries.get(key)
  if (!entry) return
  s.bytes -= size(entry)
  s.entries.delete(key)
}

/**
 * Sets a stored page's compressed copies (server/page-cache.ts makes a copy the first time a visitor
 * asks for that encoding, and smaller ones at the best levels once the page is served twice); a copy
 * not given stays as it is. False when the page has left the cache meanwhile (purged, expired,
 * replaced): nothing is stored then.
 */
export function replaceCompressedCopies(key: string, entry: CachedPage, copies: { br?: Buffer; gzip?: Buffer }) {
  const s = state()
  if (s.entries.get(key) !== entry) return false
  s.bytes -= size(entry)
  if (copies.br) entry.br = copies.br
  if (copies.gzip) entry.gzip = copies.gzip
  s.bytes += size(entry)
  return true
}

/** The purge generation: a render that started before a purge must not store its (stale) page. */
export function pageCacheGeneration() {
  return state().generation
}

export function storeCachedPage(key: string, entry: CachedPage, generation: number) {
  const s = state()
  if (generation !== s.generation || s.options.ttlMs <= 0) return false
  if (size(entry) > s.options.maxBytes) return false
  deleteEntry(key)
  s.entries.set(key, entry)
  s.bytes += size(entry)
  // Least recently used first out, pages with a query before pages without: searches and filters
  // that never repeat (or a flood of made-up query strings) push out each other, not the site's
  // pages and profiles.
  // (A page with a query that arrives when only pages without one are left is not kept.)
  const full = () => s.entries.size > s.options.maxEntries || s.bytes > s.options.maxBytes
  for (const oldest of s.entries.keys()) {
    if (!full()) break
    if (hasQuery(oldest)) deleteEntry(oldest)
  }
  for (const oldest of s.entries.keys()) {
    if (!full()) break
    deleteEntry(oldest)
  }
  return s.entries.get(key) === entry
}

// A key's first line is the path and query (pageCacheKey).
function hasQuery(key: string) {
  const end = key.indexOf('\n')
  return (end === -1 ? key : key.slice(0, end)).includes('?')
}

/**
 * Drops every cached page. Called after each write that changes a public page (posts, comments,
 * speakers, featured sections); pages link to each other (listings, cards, counts), so a write
 * anywhere empties the lot — writes are rare, renders are cheap enough once.
 */
export function purgePageCache() {
  const s = state()
  s.entries.clear()
  s.data.clear()
  s.bytes = 0
  s.generation++
}

/**
 * Data that a public page shows to every visitor alike and that changes only on a write that purges
 * this cache (the featured cards of a listing): loaded once and kept until the next purge, at most
 * the TTL (other processes' writes). A render the page cache cannot save — a search that does not
 * repeat — then skips that query. Only for data without anything personal in it or in its key; off
 * with the cache (TTL 0). A load that began before a purge is not kept, as for pages.
 */
export async function sharedPageData<T>(key: string, load: () => Promise<T>, now = Date.now): Promise<T> {
  const s = state()
  const kept = s.data.get(key)
  if (kept && now() - kept.storedAt < s.options.ttlMs) return kept.value as T
  const generation = s.generation
  const value = await load()
  if (s.options.ttlMs > 0 && generation === s.generation) s.data.set(key, { value, storedAt: now() })
  return value
}

export function pageCacheStats() {
  const s = state()
  return { entries: s.entries.size, bytes: s.bytes, generation: s.generation }
}
