import { isLanguage, type Language } from './languages'

// Which language a visitor of the attendee's path is served (issue 31 Deliver 2; docs/languages.md).
// next-intl's order: an explicit choice (?lang=xx), then the remembered cookie, then Accept-Language
// (a hint that never overrides a choice: MDN), then the workspace's language — always among the
// languages the session offers. The header is parsed here by hand, strictly (RFC 9110 §12.5.4 and
// the BCP 47 tag shape): formatjs's matcher throws on `*` and malformed tags (next-intl wraps it in
// a try), and the lookup we need — a tag's primary language among seven — is a few lines with no
// dependency. Nothing here throws, whatever the header holds.

export type LanguageSource = 'explicit' | 'cookie' | 'header' | 'default'

export type NegotiationInput = {
  /** The ?lang= value of the address, as given (anything). */
  explicit?: string | null
  /** The remembered cookie's value, as given (anything). */
  cookie?: string | null
  /** The Accept-Language header, as sent (anything). */
  acceptLanguage?: string | null
  /** The workspace's language: served when nothing else matches (if the session offers it). */
  fallback: Language
  /** The languages this page may be shown in (a session that fixes one offers only that one). */
  offered: readonly Language[]
}

// Longer headers are not a browser's: read no further than this (a hint is never worth the CPU).
const MAX_HEADER = 1024
const MAX_RANGES = 32
const TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i
const QUALITY = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i

export type LanguageRange = { tag: string; q: number }

/**
 * The ranges of an Accept-Language header, best first (equal weights keep their order). Malformed
 * ranges and weights are skipped, never thrown on; `q=0` ranges are kept (they refuse a language).
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return []
  const ranges: LanguageRange[] = []
  for (const part of header.slice(0, MAX_HEADER).split(',').slice(0, MAX_RANGES)) {
    const [rawTag = '', ...params] = part.split(';').map((p) => p.trim())
    if (rawTag !== '*' && !TAG.test(rawTag)) continue
    let q = 1
    let valid = true
    for (const param of params) {
      if (QUALITY.test(param.replace(/\s+/g, ''))) q = Number(param.replace(/\s+/g, '').slice(2))
      else valid = false
    }
    if (valid) ranges.push({ tag: rawTag.toLowerCase(), q })
  }
  return ranges
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.q - a.r.q || a.i - b.i)
    .map(({ r }) => r)
}

/** The primary language of a tag ("pt-BR" → "pt"), or null when we have no dictionary for it. */
function primary(tag: string): Language | null {
  const lang = tag.split('-')[0]!
  return isLanguage(lang) ? lang : null
}

type CanonicalRange = { lang: Language | '*'; q: number }

/** The ranges that can change a match: languages we have (by primary subtag, best weight) and `*`. */
function canonicalRanges(header: string | null | undefined): CanonicalRange[] {
  const seen = new Set<string>()
  const ranges: CanonicalRange[] = []
  for (const range of parseAcceptLanguage(header)) {
    const lang = range.tag === '*' ? '*' : primary(range.tag)
    if (!lang || seen.has(lang)) continue
    seen.add(lang)
    ranges.push({ lang, q: range.q })
  }
  return ranges
}

/**
 * The first offered language the header accepts, or null. `q=0` refuses a language; `*` stands for
 * any language the header does not name (the fallback first).
 */
export function matchAcceptLanguage(
  header: string | null | undefined,
  offered: readonly Language[],
  fallback: Language,
): Language | null {
  const ranges = canonicalRanges(header)
  const named = new Set(ranges.map((r) => r.lang))
  for (const { lang, q } of ranges) {
    if (q === 0) continue
    if (lang !== '*') {
      if (offered.includes(lang)) return lang
      continue
    }
    const any = [fallback, ...offered].find((l) => offered.includes(l) && !named.has(l))
    if (any) return any
  }
  return null
}

/**
 * What of a header can change the match, as a short canonical string ("de;q=1,en;q=0.5"). A shared
 * page cache keys on it: two headers that pick alike share an entry, and no visitor gets another's
 * language.
 */
export function acceptLanguageKey(header: string | null | undefined): string {
  return canonicalRanges(header)
    .map((r) => `${r.lang};q=${r.q}`)
    .join(',')
}

export function negotiateLanguage(input: NegotiationInput): { language: Language; source: LanguageSource } {
  const { offered } = input
  const fallback = offered.includes(input.fallback) ? input.fallback : (offered[0] ?? input.fallback)
  const explicit = input.explicit?.trim().toLowerCase()
  if (isLanguage(explicit) && offered.includes(explicit)) return { language: explicit, source: 'explicit' }
  const cookie = input.cookie?.trim().toLowerCase()
  if (isLanguage(cookie) && offered.includes(cookie)) return { language: cookie, source: 'cookie' }
  const header = matchAcceptLanguage(input.acceptLanguage, offered, fallback)
  if (header) return { language: header, source: 'header' }
  return { language: fallback, source: 'default' }
}
