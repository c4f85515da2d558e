import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { GetLoadContextFunction } from '@remix-run/express'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import {
  configurePageCache,
  getCachedPage,
  pageCacheGeneration,
  replaceCompressedCopies,
  storeCachedPage,
  type CachedPage,
} from '../app/platform/page-store.server'
import {
  inlineScriptHashes,
  isCacheablePath,
  isPersonalRequest,
  pageCacheKey,
  pageEtag,
  withoutTrackingParams,
} from '../app/services/page-cache.server'

// Serves anonymous public pages from the per-process page cache (rules: app/services/page-cache.server.ts,
// store: app/platform/page-store.server.ts, docs/decisions/0008-page-cache.md). Pages on the list are rendered here rather than by the
// Express adapter so the whole document can be hashed, compressed once and kept; their CSP allows
// the inline scripts by hash instead of a nonce, so the same bytes can be served to everyone.

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

// A miss is compressed only in the encoding its visitor asked for, at levels that cost well under a
// millisecond (brotli 11 takes ~35 ms of CPU on a 45 KB listing, more than the render itself); the
// other copy is made when a visitor first asks for it. A page that is served again is compressed once
// more, both ways, at the best levels in the background, and its later hits send those bytes. A search
// that never repeats (every visitor typing another term) so pays for one cheap copy only.
const FAST = { brotli: 5, gzip: 6 }
const BEST = { brotli: 11, gzip: 9 }
type Encoding = 'br' | 'gzip'
const compressAs = (body: Buffer, encoding: Encoding, levels: typeof FAST) =>
  encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli } })
    : gzip(body, { level: levels.gzip })

/** The encoding to send: brotli before gzip, else the body as it is. */
function wantedEncoding(req: Request): Encoding | null {
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity')
  return encoding === 'br' || encoding === 'gzip' ? encoding : null
}

// Response headers that describe one response, not the page.
const NOT_STORED = new Set(['set-cookie', 'content-length', 'content-encoding', 'etag', 'cache-control', 'date', 'vary'])

type Options = {
  build: ServerBuild
  mode: string
  ttlSeconds: number
  getLoadContext: GetLoadContextFunction
}

export function pageCache({ build, mode, ttlSeconds, getLoadContext }: Options) {
  configurePageCache({ ttlMs: ttlSeconds * 1000 })
  const handle = createRequestHandler(build, mode)
  // Concurrent misses of one key wait for a single render instead of rendering fifty times.
  const inflight = new Map<string, Promise<CachedPage | null>>()
  // Stored pages whose copies are still the fast ones (see FAST above).
  const fastCompressed = new WeakSet<CachedPage>()

  const recompress = async (key: string, page: CachedPage) => {
    try {
      const [br, gz] = await Promise.all([compressAs(page.body, 'br', BEST), compressAs(page.body, 'gzip', BEST)])
      replaceCompressedCopies(key, page, { br, gzip: gz })
    } catch (error) {
      // The fast copies stay in use; nothing is lost but bytes on the wire.
      console.error('Page cache: recompressing a page failed', error)
    }
  }

  const render = async (req: Request, res: Response, request: globalThis.Request) => {
    // Rendered without a nonce: the inline scripts are allowed by their hashes. A stored page is
    // everyone's, so it carries no request id either.
    const context = { ...(await getLoadContext(req, res)), cspNonce: '', requestId: '' }
    const response = await handle(request, context)
    const body = Buffer.from(await response.arrayBuffer())
    const headers = [...response.headers].filter(([name]) => !NOT_STORED.has(name.toLowerCase()))
    const html = (response.headers.get('Content-Type') ?? '').startsWith('text/html')
    const page: CachedPage = {
      status: response.status,
      headers,
      body,
      gzip: Buffer.alloc(0),
      br: Buffer.alloc(0),
      etag: pageEtag(body),
      scriptHashes: html ? inlineScriptHashes(body.toString('utf8')) : [],
      storedAt: Date.now(),
    }
    const setCookies = response.headers.getSetCookie()
    const shareable = response.status === 200 && html && setCookies.length === 0
    const encoding = wantedEncoding(req)
    if (shareable) {
      if (encoding) page[encoding] = await compressAs(body, encoding, FAST)
      fastCompressed.add(page)
    }
    return { page, shareable, setCookies }
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || !isCacheablePath(req.path)) return next()
    try {
      const request = toFetchRequest(req)
      const key = pageCacheKey(request)
      if (!key) {
        // Rendered for this visitor alone: never stored by anyone. A personal request (session, flash,
        // other cookies) is marked by the app itself (app/entry.server.tsx), so only the anonymous
        // rest (a form result in the query) is marked here; both would send the header twice.
        if (!isPersonalRequest(request)) res.setHeader('Cache-Control', 'private, no-store')
        res.setHeader('X-Page-Cache', 'bypass')
        return next()
      }
      const hit = getCachedPage(key)
      if (hit) {
        if (fastCompressed.delete(hit)) void recompress(key, hit)
        return await send(req, res, key, hit, 'hit')
      }

      const waiting = inflight.get(key)
      const shared = waiting ? await waiting : null
      if (shared) return await send(req, res, key, shared, 'hit')

      const generation = pageCacheGeneration()
      const rendering = render(req, res, request)
      const stored = rendering.then((r) => (r.shareable && storeCachedPage(key, r.page, generation) ? r.page : null))
      if (!waiting)
        inflight.set(
          key,
          stored.catch(() => null),
        )
      try {
        const { page, shareable, setCookies } = await rendering
        await stored
        for (const cookie of setCookies) res.append('Set-Cookie', cookie)
        return await send(req, res, key, page, shareable ? 'miss' : 'uncacheable')
      } finally {
        if (!waiting) inflight.delete(key)
      }
    } catch (error) {
      next(error)
    }
  }

  async function send(req: Request, res: Response, key: string, page: CachedPage, outcome: string) {
    res.status(page.status)
    for (const [name, value] of page.headers) res.append(name, value)
    // server/security.ts set a nonce policy for this response; these bytes carry no nonce, so the
    // page's own inline scripts are allowed by hash instead (everything else in the policy stays).
    const policy = String(res.getHeader('Content-Security-Policy') ?? '')
    res.setHeader('Content-Security-Policy', policy.replace(/'nonce-[^']*'/, page.scriptHashes.join(' ')))
    res.setHeader('X-Page-Cache', outcome)
    if (outcome === 'uncacheable') {
      res.setHeader('Cache-Control', 'no-store')
      return res.end(page.body)
    }
    // Browsers revalidate every time (max-age=0) and get a 304 while unchanged; a shared cache may
    // keep the anonymous variant for the TTL. Personal responses are `private, no-store` (above).
    res.setHeader('Cache-Control', `public, max-age=0, must-revalidate, s-maxage=${ttlSeconds}`)
    res.setHeader('Vary', 'Accept-Encoding, Accept-Language, Cookie')
    res.setHeader('ETag', page.etag)
    if (req.fresh) return res.status(304).end()
    const encoding = wantedEncoding(req)
    let body = page.body
    if (encoding) {
      // The first visitor to ask for this encoding (a miss makes only its own visitor's copy).
      if (page[encoding].length === 0) {
        const copy = await compressAs(page.body, encoding, FAST)
        if (page[encoding].length === 0) replaceCompressedCopies(key, page, { [encoding]: copy })
        body = page[encoding].length > 0 ? page[encoding] : copy
      } else body = page[encoding]
      res.setHeader('Content-Encoding', encoding)
    }
    res.setHeader('Content-Length', String(body.length))
    res.end(body)
  }
}

// The request as the page is keyed and rendered: without campaign and click-id parameters, so a
// stored page never carries one visitor's `utm_…`/`fbclid` in its links.
function toFetchRequest(req: Request) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const url = withoutTrackingParams(new URL(`${req.protocol}://${req.get('Host')}${req.originalUrl}`))
  return new globalThis.Request(url, { method: 'GET', headers })
}
