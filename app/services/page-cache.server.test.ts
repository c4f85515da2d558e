import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  configurePageCache,
  getCachedPage,
  pageCacheGeneration,
  pageCacheStats,
  purgePageCache,
  replaceCompressedCopies,
  sharedPageData,
  storeCachedPage,
  PAGE_CACHE_DEFAULTS,
  type CachedPage,
} from '~/platform/page-store.server'
import { inlineScriptHashes, pageCacheKey } from './page-cache.server'

const req = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`http://localhost:3000${path}`, { method, headers })

function page(body: string, storedAt = Date.now()): CachedPage {
  const buf = Buffer.from(body)
  return { status: 200, headers: [], body: buf, gzip: buf, br: buf, etag: 'W/"x"', scriptHashes: [], storedAt }
}

describe('pageCacheKey: which requests may share a cached page', () => {
  it('keys an event page on the language a visitor would be served (issue 31), and the language cookie is not personal', () => {
    const key = (headers: Record<string, string>) => pageCacheKey(req('/e/devconf', headers))
    expect(key({ 'Accept-Language': 'de-DE,de;q=0.9' })).not.toBe(key({ 'Accept-Language': 'fr-FR' }))
    expect(key({ 'Accept-Language': 'de-DE,ja;q=0.5' })).toBe(key({ 'Accept-Language': 'de-AT' }))
    expect(key({ Cookie: 'lectern-lang=fr' })).not.toBeNull()
    expect(key({ Cookie: 'lectern-lang=fr' })).not.toBe(key({ Cookie: 'lectern-lang=de' }))
    expect(pageCacheKey(req('/e/devconf?lang=de'))).not.toBe(pageCacheKey(req('/e/devconf?lang=fr')))
    // Pages outside the attendee's path do not split by language.
    expect(pageCacheKey(req('/speakers', { Cookie: 'lectern-lang=fr' }))).toBe(pageCacheKey(req('/speakers')))
  })

  it.each([
    ['/', true],
    ['/pricing', true],
    ['/compare', true],
    ['/speakers', true],
    ['/speakers/ada-okafor-speaker', true],
    ['/resources', true],
    ['/resources/how-to-capture-leads', true],
    ['/news', true],
    ['/news/launch', true],
    ['/event-lead-capture-ideas', true],
    ['/resources?q=lead&page=2', true],
    // Never: personal, per-visit or form pages.
    ['/t/ABC123', false],
    ['/app', false],
    ['/app/leads', false],
    ['/admin/inbox', false],
    ['/resources/admin', false],
    ['/speakers/admin', false],
    ['/login', false],
    ['/signup', false],
    ['/auth/callback', false],
    ['/contact', false],
    ['/cookie-settings', false],
    ['/newsletter/confirm', false],
    ['/pricing.data', false],
    ['/pricing/', false],
    ['/speakers/ada-okafor-speaker?modal=contact-speaker&sent=1', false],
    ['/speakers/ada-okafor-speaker?modal=contact-speaker', true],
  ])('%s → cacheable %s', (path, cacheable) => {
    expect(pageCacheKey(req(path)) !== null).toBe(cacheable)
  })

  it.each([
    ['/speakers?fbclid=IwAR0abc', '/speakers'],
    ['/?utm_source=linkedin&utm_medium=social&utm_campaign=talk', '/'],
    ['/resources?q=lead&utm_source=newsletter&page=2', '/resources?q=lead&page=2'],
    ['/pricing?gclid=abc&msclkid=def&li_fat_id=ghi&mc_cid=1&mc_eid=2', '/pricing'],
  ])('leaves campaign and click-id parameters out of the key: %s → %s', (path, same) => {
    expect(pageCacheKey(req(path))).toBe(pageCacheKey(req(same)))
  })

  it('keeps every other parameter in the key (a page may read it)', () => {
    expect(pageCacheKey(req('/speakers?utm=1'))).not.toBe(pageCacheKey(req('/speakers')))
    expect(pageCacheKey(req('/speakers?q=utm_source'))).not.toBe(pageCacheKey(req('/speakers')))
    expect(pageCacheKey(req('/speakers?menu=open&utm_source=x'))).toBe(pageCacheKey(req('/speakers?menu=open')))
    expect(pageCacheKey(req('/speakers?menu=open'))).not.toBe(pageCacheKey(req('/speakers')))
  })

  it('still refuses a form result that comes with a campaign parameter', () => {
    expect(pageCacheKey(req('/speakers/ada?modal=contact-speaker&sent=1&utm_source=x'))).toBeNull()
  })

  it('only for GET and HEAD', () => {
    expect(pageCacheKey(req('/pricing', {}, 'POST'))).toBeNull()
    expect(pageCacheKey(req('/pricing', {}, 'HEAD'))).not.toBeNull()
  })

  it.each([
    ['lectern_session=abc'],
    ['lectern_toast=abc'],
    ['lectern_magic_link=abc'],
    ['_ga=GA1.2.3'],
    ['preferred-currency=EUR; lectern_session=abc'],
  ])('is bypassed with a personal or unknown cookie: %s', (cookie) => {
    expect(pageCacheKey(req('/pricing', { Cookie: cookie }))).toBeNull()
  })

  it('is bypassed with credentials', () => {
    expect(pageCacheKey(req('/pricing', { Authorization: 'Bearer x' }))).toBeNull()
  })

  it('tells apart path and query, currency (Accept-Language, then cookie) and consent', () => {
    const keys = [
      pageCacheKey(req('/pricing')),
      pageCacheKey(req('/pricing?modal=terms')),
      pageCacheKey(req('/compare')),
      pageCacheKey(req('/pricing', { 'Accept-Language': 'en-GB' })),
      pageCacheKey(req('/pricing', { 'Accept-Language': 'de-DE' })),
      pageCacheKey(req('/pricing', { Cookie: 'preferred-currency=GBP' })),
      pageCacheKey(req('/pricing', { Cookie: 'lectern-consent=widgets' })),
      pageCacheKey(req('/pricing', { Cookie: 'lectern-consent=none' })),
    ]
    expect(new Set(keys).size).toBe(keys.length - 1) // en-GB header and GBP cookie are the same variant
    expect(keys[3]).toBe(keys[5])
    expect(pageCacheKey(req('/pricing', { 'Accept-Language': 'en-US' }))).toBe(keys[0])
    expect(pageCacheKey(req('/pricing', { 'Accept-Language': 'fr', Cookie: 'preferred-currency=USD' }))).toBe(keys[0])
  })
})

describe('inlineScriptHashes', () => {
  it('hashes inline scripts exactly as written and skips external ones', () => {
    const a = 'window.__x = {"a":"</div>"};'
    const html = `<head><script nonce="">${a}</script><script type="module" src="/assets/a.js"></script></head><body><script>\nimport "/b.js";</script></body>`
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
    expect(inlineScriptHashes(html)).toEqual([sha(a), sha('\nimport "/b.js";')])
  })
})

describe('the store', () => {
  beforeEach(() => {
    configurePageCache({ ...PAGE_CACHE_DEFAULTS })
    purgePageCache()
  })

  it('serves a stored page until the TTL passes', () => {
    storeCachedPage('k', page('a', 1_000), pageCacheGeneration())
    expect(getCachedPage('k', 1_000 + PAGE_CACHE_DEFAULTS.ttlMs - 1)?.body.toString()).toBe('a')
    expect(getCachedPage('k', 1_000 + PAGE_CACHE_DEFAULTS.ttlMs)).toBeNull()
  })

  it('empties on purge, and a render begun before the purge is not stored', () => {
    const before = pageCacheGeneration()
    storeCachedPage('k', page('a'), before)
    purgePageCache()
    expect(getCachedPage('k')).toBeNull()
    expect(storeCachedPage('late', page('stale'), before)).toBe(false)
    expect(getCachedPage('late')).toBeNull()
  })

  it('keeps at most maxEntries, dropping the least recently used', () => {
    configurePageCache({ maxEntries: 2 })
    const g = pageCacheGeneration()
    storeCachedPage('a', page('a'), g)
    storeCachedPage('b', page('b'), g)
    getCachedPage('a')
    storeCachedPage('c', page('c'), g)
    expect(getCachedPage('b')).toBeNull()
    expect(getCachedPage('a')).not.toBeNull()
    expect(getCachedPage('c')).not.toBeNull()
  })

  it('drops pages with a query before pages without one, however recently those were used', () => {
    configurePageCache({ maxEntries: 3 })
    const g = pageCacheGeneration()
    const key = (path: string) => `${path}\nUSD\nundecided`
    storeCachedPage(key('/'), page('home'), g)
    storeCachedPage(key('/speakers/ada'), page('ada'), g)
    storeCachedPage(key('/resources?q=one'), page('1'), g)
    for (const q of ['two', 'three', 'four']) expect(storeCachedPage(key(`/resources?q=${q}`), page(q), g)).toBe(true)
    expect(getCachedPage(key('/'))).not.toBeNull()
    expect(getCachedPage(key('/speakers/ada'))).not.toBeNull()
    expect(getCachedPage(key('/resources?q=three'))).toBeNull()
    expect(getCachedPage(key('/resources?q=four'))).not.toBeNull()
    // Pages without a query still push out the least recently used of their own kind when nothing else is left.
    storeCachedPage(key('/pricing'), page('pricing'), g)
    storeCachedPage(key('/compare'), page('compare'), g)
    expect(getCachedPage(key('/resources?q=four'))).toBeNull()
    expect(getCachedPage(key('/'))).toBeNull()
    expect(pageCacheStats().entries).toBe(3)
    // A page with a query is not kept when only pages without one are left.
    expect(storeCachedPage(key('/resources?q=five'), page('5'), g)).toBe(false)
    expect(getCachedPage(key('/resources?q=five'))).toBeNull()
    expect(pageCacheStats().entries).toBe(3)
  })

  it('keeps at most maxBytes', () => {
    configurePageCache({ maxBytes: 30 })
    const g = pageCacheGeneration()
    storeCachedPage('a', page('12345'), g) // 15 bytes (three encodings)
    storeCachedPage('b', page('12345'), g)
    storeCachedPage('c', page('12345'), g)
    expect(pageCacheStats().entries).toBe(2)
    expect(pageCacheStats().bytes).toBeLessThanOrEqual(30)
    expect(storeCachedPage('huge', page('x'.repeat(40)), g)).toBe(false)
  })
})

describe('replaceCompressedCopies', () => {
  beforeEach(() => {
    configurePageCache({ ...PAGE_CACHE_DEFAULTS })
    purgePageCache()
  })

  it('swaps the copies of the stored page and counts their bytes', () => {
    const entry = page('12345')
    storeCachedPage('k', entry, pageCacheGeneration())
    expect(pageCacheStats().bytes).toBe(15)
    expect(replaceCompressedCopies('k', entry, { br: Buffer.from('1'), gzip: Buffer.from('12') })).toBe(true)
    expect(getCachedPage('k')?.br.toString()).toBe('1')
    expect(pageCacheStats().bytes).toBe(8)
  })

  it('sets only the copy given and keeps the other (a first gzip visitor after a brotli miss)', () => {
    const entry = { ...page('12345'), gzip: Buffer.alloc(0) }
    storeCachedPage('k', entry, pageCacheGeneration())
    expect(pageCacheStats().bytes).toBe(10)
    expect(replaceCompressedCopies('k', entry, { gzip: Buffer.from('123') })).toBe(true)
    expect(getCachedPage('k')?.br.toString()).toBe('12345')
    expect(getCachedPage('k')?.gzip.toString()).toBe('123')
    expect(pageCacheStats().bytes).toBe(13)
  })

  it('stores nothing for a page that has left the cache or been replaced', () => {
    const old = page('old')
    storeCachedPage('k', old, pageCacheGeneration())
    storeCachedPage('k', page('new'), pageCacheGeneration())
    expect(replaceCompressedCopies('k', old, { br: Buffer.from('x'), gzip: Buffer.from('x') })).toBe(false)
    expect(getCachedPage('k')?.br.toString()).toBe('new')
    purgePageCache()
    expect(replaceCompressedCopies('k', old, { br: Buffer.from('x'), gzip: Buffer.from('x') })).toBe(false)
    expect(pageCacheStats()).toMatchObject({ entries: 0, bytes: 0 })
  })
})

describe('sharedPageData: query results every anonymous page shares', () => {
  beforeEach(() => {
    configurePageCache({ ...PAGE_CACHE_DEFAULTS })
    purgePageCache()
  })

  const counter = () => {
    let loads = 0
    return { load: async () => ++loads, loads: () => loads }
  }

  it('loads once per key and keeps the value until the TTL passes', async () => {
    const a = counter()
    const b = counter()
    let now = 1_000
    const clock = () => now
    expect(await sharedPageData('a', a.load, clock)).toBe(1)
    expect(await sharedPageData('a', a.load, clock)).toBe(1)
    expect(await sharedPageData('b', b.load, clock)).toBe(1)
    expect([a.loads(), b.loads()]).toEqual([1, 1])
    now += PAGE_CACHE_DEFAULTS.ttlMs - 1
    expect(await sharedPageData('a', a.load, clock)).toBe(1)
    now += 1
    expect(await sharedPageData('a', a.load, clock)).toBe(2)
  })

  it('is dropped by the purge that follows a write', async () => {
    const a = counter()
    await sharedPageData('a', a.load)
    purgePageCache()
    expect(await sharedPageData('a', a.load)).toBe(2)
    expect(await sharedPageData('a', a.load)).toBe(2)
  })

  it('does not keep a value whose load began before a purge', async () => {
    let release = () => {}
    const slow = sharedPageData('a', () => new Promise<string>((resolve) => (release = () => resolve('stale'))))
    purgePageCache()
    release()
    expect(await slow).toBe('stale')
    expect(await sharedPageData('a', async () => 'fresh')).toBe('fresh')
  })

  it('keeps nothing when the page cache is off (TTL 0)', async () => {
    configurePageCache({ ttlMs: 0 })
    const a = counter()
    await sharedPageData('a', a.load)
    expect(await sharedPageData('a', a.load)).toBe(2)
  })
})
