import { randomBytes, randomUUID } from 'node:crypto'
import express, { type NextFunction, type Request, type Response } from 'express'
import { API_BASE_PATH } from '../app/lib/api'
import { apiErrorBody, type ApiErrorCode } from '../app/lib/api-errors'

export type SecurityOptions = {
  isProduction: boolean
  isDev: boolean
  appUrl: string
  extraScriptOrigins: string[]
  extraFrameOrigins: string[]
  /** The storage public URL as a CSP source (config.server storageImageSource), when not on 'self'. */
  storageImageSource?: string | null
  /** Where our forms may send the browser on: Stripe's Checkout and Customer Portal (a POST that redirects there). */
  formActionOrigins?: string[]
}

// Hosts whose embeds the pages show (demo video, speaker videos); the bio sanitizer allows the same set.
const EMBED_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.loom.com',
]

function origin(url: string) {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

const DEFAULT_REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** Per-request CSP nonce and the security headers every response carries. */
export function securityHeaders(options: SecurityOptions) {
  const scriptOrigins = options.extraScriptOrigins.map(origin).filter(Boolean)
  const frameOrigins = [...EMBED_ORIGINS, ...options.extraFrameOrigins.map(origin).filter(Boolean)]
  const formOrigins = (options.formActionOrigins ?? []).map(origin).filter(Boolean)
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    const csp = [
      `default-src 'self'`,
      `script-src 'self' 'nonce-${nonce}' ${scriptOrigins.join(' ')}`.trim(),
      `style-src 'self' 'unsafe-inline'`,
      // https images anywhere (bios may show them); http only from the configured bucket.
      `img-src 'self' data: blob: https:${options.storageImageSource ? ` ${options.storageImageSource}` : ''}`,
      `font-src 'self' data:`,
      `connect-src 'self'${options.isDev ? ' ws: wss:' : ''} ${scriptOrigins.join(' ')}`.trim(),
      `frame-src 'self' ${frameOrigins.join(' ')}`,
      `media-src 'self' https:`,
      `object-src 'none'`,
      `base-uri 'none'`,
      `form-action 'self'${formOrigins.length ? ` ${formOrigins.join(' ')}` : ''}`,
      `frame-ancestors 'self'`,
    ].join('; ')
    res.setHeader('Content-Security-Policy', csp)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    // The default only: a route that names its own policy (invite, offer, /u, /d, /c…) must be the one
    // policy sent. Remix's adapter appends a route's headers, so a value set here first would be joined
    // to it ("strict-origin-when-cross-origin, no-referrer"); set just before the head goes out instead.
    beforeHeaders(res, () => {
      if (!res.hasHeader('Referrer-Policy')) res.setHeader('Referrer-Policy', DEFAULT_REFERRER_POLICY)
    })
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
    if (options.isProduction) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    next()
  }
}

export function isApiPath(path: string) {
  return path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`)
}

/**
 * /api/v1 answers only in its own shape (issue 30: JSON, never a page): mark its requests, so the
 * refusals below answer there with its error body and Request-Id, as the API's own wrapper does.
 */
export function apiRefusals(appUrl: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path)) res.locals.apiAppUrl = appUrl
    next()
  }
}

/** A refusal before the app: plain text, or the API's error shape under /api/v1. */
function refuse(res: Response, status: number, text: string, code: ApiErrorCode) {
  const appUrl = res.locals?.apiAppUrl as string | undefined
  if (!appUrl) return res.status(status).type('text/plain').send(text)
  res.setHeader('Request-Id', String(res.locals.requestId ?? ''))
  res.setHeader('Cache-Control', 'no-store')
  return res
    .status(status)
    .type('application/json')
    .send(JSON.stringify(apiErrorBody(appUrl, code, text)))
}

/**
 * RFC 8058 one-click unsubscribe (app/routes/u.$token.tsx; docs/follow-up.md "Unsubscribes"): mail
 * providers POST it from their own servers, or from a webmail page on their origin, without our
 * cookies. The unguessable token in the path is the whole authority and the route reads no session,
 * so a cross-site POST can do nothing a holder of the link could not: it is let through.
 */
const TOKEN_AUTHORISED_POSTS = /^\/u\/[A-Za-z0-9_-]{16,128}\/?$/

/**
 * Every state-changing request must come from our own pages: the Origin (or, failing that,
 * Sec-Fetch-Site) has to match this site. Non-browser clients send neither and carry no ambient cookies.
 * The API's server-to-server calls send neither too, and pass; a browser's cross-site call is refused
 * here as well (the API never reads the session cookie, so this is a second wall, not the only one).
 */
export function sameOriginPosts(appUrl: string) {
  const allowed = origin(appUrl)
  const crossSite = (res: Response) => refuse(res, 403, 'Cross-site request refused.', 'forbidden')
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    if (req.method === 'POST' && TOKEN_AUTHORISED_POSTS.test(req.path)) {
      // Remix refuses (500) a document action whose Origin is not this host; here the origin means
      // nothing, so the route never sees it.
      delete req.headers.origin
      return next()
    }
    const requestOrigin = req.get('Origin')
    const hostOrigin = `${req.protocol}://${req.get('Host')}`
    if (requestOrigin && requestOrigin !== 'null') {
      if (requestOrigin === allowed || requestOrigin === hostOrigin) return next()
      return crossSite(res)
    }
    const site = req.get('Sec-Fetch-Site')
    if (site && site !== 'same-origin' && site !== 'none') return crossSite(res)
    if (requestOrigin === 'null') return crossSite(res)
    next()
  }
}

const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/**
 * Every response carries X-Request-Id; the same id is in the log line of a 5xx and on the error page,
 * so a person's report finds its stack. Behind a trusted proxy its well-formed id is kept.
 */
export function requestId({ trustProxy }: { trustProxy: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const forwarded = trustProxy ? req.get('X-Request-Id') : undefined
    const id = forwarded && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID()
    res.locals.requestId = id
    res.setHeader('X-Request-Id', id)
    next()
  }
}

/**
 * A route without an action answers a POST (PUT, DELETE…) with Remix's 405; that answer must name the
 * methods it does take. Routes that answer 405 themselves set their own Allow.
 */
export function allowOn405(_req: Request, res: Response, next: NextFunction) {
  beforeHeaders(res, (status) => {
    if (status === 405 && !res.getHeader('Allow')) res.setHeader('Allow', 'GET, HEAD')
  })
  next()
}

const DRAIN_TIMEOUT_MS = 10_000

/**
 * A request answered before its body was read (413, 415, 405, a redirect…) leaves the rest of the body
 * in the socket: the parser would take it for the next request and reset the connection, and a client
 * still sending would see its write fail instead of the answer. So such a response says
 * `Connection: close`, and its end waits while the rest of the body is read and thrown away — up to
 * maxDrainBytes and 10 s; beyond that the connection is simply closed.
 */
export function closeUnreadBodies(maxDrainBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    beforeHeaders(res, () => {
      if (!req.complete) res.setHeader('Connection', 'close')
    })
    const end = res.end
    res.end = function (this: Response, ...args: unknown[]) {
      if (req.complete || req.destroyed || Number(req.get('Content-Length') ?? 0) > maxDrainBytes) {
        return (end as (...a: unknown[]) => Response).apply(this, args)
      }
      let drained = 0
      let done = false
      const finish = () => {
        if (done) return
        done = true
        clearTimeout(timer)
        ;(end as (...a: unknown[]) => Response).apply(res, args)
      }
      const timer = setTimeout(finish, DRAIN_TIMEOUT_MS)
      // Whoever was reading the body (the route's stream) is gone; read the rest into nothing.
      req.removeAllListeners('data')
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length
        if (drained > maxDrainBytes) finish()
      })
      req.once('end', finish)
      req.once('error', finish)
      req.once('close', finish)
      req.resume()
      return res
    } as Response['end']
    next()
  }
}

function beforeHeaders(res: Response, hook: (status: number) => void) {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    hook(typeof args[0] === 'number' ? args[0] : res.statusCode)
    return writeHead.apply(this, args)
  } as Response['writeHead']
}

// Percent-encoded or raw control characters other than tab, LF and CR (NUL above all: Postgres refuses it).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const URL_CONTROL_CHARACTERS = /%(?:0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF])|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/**
 * Path and query values reach loaders and the database: one rule here, for every route, instead of
 * each loader cleaning its params. Browsers never send these characters in an address. A path whose
 * %-escapes do not decode (`/x/%FF`) is refused here too: Express's router would throw on it and
 * answer its own HTML error page, under /api/v1 as well.
 */
export function refuseControlCharactersInUrl(req: Request, res: Response, next: NextFunction) {
  if (URL_CONTROL_CHARACTERS.test(req.originalUrl)) {
    return refuse(res, 400, 'The address contains characters that are not allowed.', 'bad_request')
  }
  try {
    decodeURIComponent(req.path)
  } catch {
    return refuse(res, 400, 'The address contains a %-escape that is not valid UTF-8.', 'bad_request')
  }
  next()
}

/** Refuses a declared body above the largest any route accepts; chunked bodies are counted by the route's reader. */
export function bodyCeiling(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.get('Content-Length') ?? 0)
    if (length > maxBytes) {
      res.set('Connection', 'close')
      return refuse(res, 413, 'The request is too large.', 'payload_too_large')
    }
    next()
  }
}

// Spec 001 §7: uploads are cached for 3600 s.
const UPLOAD_MAX_AGE_MS = 3_600_000

/**
 * Serves DATA_DIR/uploads. Keys carry a timestamp, so an hour of caching is safe. SVG icons get a
 * CSP that forbids scripts and every fetch (ARCHITECTURE decision 12): opened directly, a hostile
 * SVG can run nothing.
 */
export function uploadsStatic(dir: string) {
  return express.static(dir, {
    index: false,
    dotfiles: 'deny',
    redirect: false,
    maxAge: UPLOAD_MAX_AGE_MS,
    setHeaders(res, filePath) {
      res.setHeader('X-Content-Type-Options', 'nosniff')
      if (filePath.toLowerCase().endsWith('.svg')) {
        res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      }
    },
  })
}
