// The per-process store of rendered anonymous public pages (docs/decisions/0008-page-cache.md) and
// of data every anonymous page shares. server/page-cache.ts serves from it (keys:
// app/services/page-cache.server.ts); the models that change what these pages show call
// purgePageCache() after their write, which is why it sits below them. State lives on globalThis
// because the Express entry and the Remix build each bundle their own copy of this module.

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
