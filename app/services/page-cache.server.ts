import { createHash } from 'node:crypto'
import { PREFERRED_CURRENCY_COOKIE } from '~/lib/constants'
import { LANGUAGE_COOKIE } from '~/lib/i18n/languages'
import { acceptLanguageKey } from '~/lib/i18n/negotiate'
import { languageCookie } from '~/services/attendee-language.server'
import { CONSENT_COOKIE, readConsent } from '~/services/consent.server'
import { getCurrency } from '~/services/currency.server'

// Which requests may be answered from the per-process cache of rendered anonymous public pages
// (docs/decisions/0008-page-cache.md), and under which key. The store itself, which the models purge
// after their writes, is app/platform/page-store.server.ts; server/page-cache.ts serves from it.

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
  // An event's public page and its speakers' pages (issue 23): purged by purgeEventPages().
  /^\/e\/[a-z0-9-]+$/,
  /^\/e\/[a-z0-9-]+\/[^/]+$/,
]

/** Query flags that show the result of a form post (post/redirect/get without JavaScript): never shared. */
const FORM_RESULT_PARAMS = ['sent', 'subscribed', 'applied', 'created']

/** Cookies that only choose among the anonymous variants (and are part of the key). Any other cookie is personal. */
const KEYED_COOKIES = new Set([CONSENT_COOKIE, PREFERRED_CURRENCY_COOKIE, LANGUAGE_COOKIE])

/**
 * Pages of the attendee's path whose language is negotiated (issue 31; ARCHITECTURE decision 26):
 * their key holds what the negotiation reads — the ?lang= choice (in the address), the remembered
 * cookie and the Accept-Language ranges that can change the match — so one visitor's language never
 * reaches another. The server answers them with Vary: Accept-Language, Cookie (server/page-cache.ts).
 */
const LANGUAGE_PATHS = [/^\/e\//]

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
  const language = LANGUAGE_PATHS.some((re) => re.test(url.pathname))
    ? [
        `lang-cookie=${languageCookie(request) ?? ''}`,
        `accept-language=${acceptLanguageKey(request.headers.get('Accept-Language'))}`,
      ]
    : []
  return [
    url.pathname + url.search,
    getCurrency(request),
    consent.decided ? (consent.widgets ? 'widgets' : 'none') : 'undecided',
    ...language,
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
