import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_PARAM, LANGUAGES, type Language } from '~/lib/i18n/languages'
import { negotiateLanguage, type LanguageSource } from '~/lib/i18n/negotiate'
import { offeredLanguages, type LocalizableSession } from '~/lib/i18n/session-language'
import { cookiesAreSecure } from '~/platform/signed-cookie.server'

// The attendee's language from a request (issue 31 Deliver 2; the order and its reasons are in
// app/lib/i18n/negotiate.ts and docs/languages.md): ?lang=, then the remembered cookie, then
// Accept-Language, then the fallback, among the languages offered.

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export function languageCookie(request: Request): string | null {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === LANGUAGE_COOKIE) return rest.join('=')
  }
  return null
}

export type ServedLanguage = { language: Language; source: LanguageSource }

export function requestLanguage(
  request: Request,
  { offered = LANGUAGES, fallback = 'en' }: { offered?: readonly Language[]; fallback?: Language } = {},
): ServedLanguage {
  return negotiateLanguage({
    explicit: new URL(request.url).searchParams.get(LANGUAGE_PARAM),
    cookie: languageCookie(request),
    acceptLanguage: request.headers.get('Accept-Language'),
    fallback,
    offered,
  })
}

/**
 * The headers of a page whose language was negotiated: what it is in (Content-Language), and that
 * the answer depends on the header and the cookie (Vary), so no cache between us and the visitor
 * hands one visitor's language to another.
 */
export function languageHeaders(language: Language): Record<string, string> {
  return { 'Content-Language': language, Vary: 'Accept-Language, Cookie' }
}

/**
 * The remembered choice, set by the sign-up POST when the page was shown in a language the
 * attendee chose from its list — never by a GET (ARCHITECTURE: GET changes no state). Not a secret.
 */
export function rememberLanguageCookie(language: Language): string {
  const secure = cookiesAreSecure() ? '; Secure' : ''
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`
}

/** A session's fallback: the workspace's language when the session offers it. */
function sessionFallback(session: LocalizableSession): Language {
  return isLanguage(session.workspaceLanguage) ? session.workspaceLanguage : 'en'
}

/**
 * The language of a session's page: negotiated among the languages it offers. A posted form names
 * the language it was shown in (its hidden field), which wins so that errors, the ledger and the
 * thank-you page are in the language the attendee read.
 */
export function sessionLanguage(
  request: Request,
  session: LocalizableSession,
  posted?: { language?: string | null; chosen?: boolean },
): ServedLanguage & { offered: Language[] } {
  const offered = offeredLanguages(session)
  const fallback = sessionFallback(session)
  if (posted?.language && isLanguage(posted.language) && offered.includes(posted.language))
    return { language: posted.language, source: posted.chosen ? 'explicit' : 'default', offered }
  return { ...requestLanguage(request, { offered, fallback }), offered }
}

/**
 * The language of an event's public pages /e/{slug} and /e/{slug}/{speaker}: the same order, among
 * all seven languages. Everything Lectern writes there is in every dictionary, and the pages carry
 * none of a session's required wordings (its consent notice lives on /t/{code}), so no language is
 * held back; the organiser's and speakers' own words (the event, talks, bios, rooms) stay as
 * written. A session fixed to one language restricts its attendee page, not the event's pages.
 */
export function eventPageLanguage(request: Request, workspaceLanguage: string | null | undefined): ServedLanguage {
  return requestLanguage(request, { offered: LANGUAGES, fallback: isLanguage(workspaceLanguage) ? workspaceLanguage : 'en' })
}
