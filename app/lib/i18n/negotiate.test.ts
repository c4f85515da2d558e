import { describe, expect, test } from 'vitest'
import { LANGUAGES, type Language } from './languages'
import { acceptLanguageKey, negotiateLanguage, parseAcceptLanguage } from './negotiate'

const ALL = LANGUAGES

type Row = {
  name: string
  explicit?: string | null
  cookie?: string | null
  header?: string | null
  fallback?: Language
  offered?: readonly Language[]
  expected: Language
  source: 'explicit' | 'cookie' | 'header' | 'default'
}

// Issue 31 Deliver 7: q-values, regional fallbacks, `*`, garbage, a cookie beating the header, an
// explicit choice beating both, and the session's offered languages bounding every step.
const TABLE: Row[] = [
  { name: 'no header, no choice: the workspace language', expected: 'en', source: 'default' },
  { name: 'the workspace language when it is not English', fallback: 'nl', expected: 'nl', source: 'default' },
  { name: 'a plain header', header: 'de', expected: 'de', source: 'header' },
  { name: 'a regional tag falls back to its language', header: 'pt-BR', expected: 'pt', source: 'header' },
  { name: 'regional tags in any case', header: 'FR-ca', expected: 'fr', source: 'header' },
  { name: 'q-values order the ranges', header: 'en;q=0.5, fr;q=0.9, de;q=0.7', expected: 'fr', source: 'header' },
  { name: 'equal q-values keep the header order', header: 'it;q=0.8, es;q=0.8', expected: 'it', source: 'header' },
  { name: 'a language we lack is passed over', header: 'ja, nl;q=0.3', expected: 'nl', source: 'header' },
  { name: 'a browser header', header: 'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', expected: 'de', source: 'header' },
  { name: 'q=0 refuses a language', header: 'fr;q=0, es;q=0.1', expected: 'es', source: 'header' },
  { name: 'q=0 on its own: the workspace language', header: 'de;q=0', fallback: 'en', expected: 'en', source: 'default' },
  { name: '`*` alone: the workspace language', header: '*', fallback: 'it', expected: 'it', source: 'header' },
  { name: '`*` after a language we lack', header: 'ja, *;q=0.5', expected: 'en', source: 'header' },
  { name: '`*` does not stand for a refused language', header: 'en;q=0, *', fallback: 'en', expected: 'de', source: 'header' },
  { name: 'garbage', header: ';;;,,,=q', expected: 'en', source: 'default' },
  { name: 'a malformed weight drops its range', header: 'de;q=2, fr;q=abc, nl;q=0.4', expected: 'nl', source: 'header' },
  { name: 'a tag with a bad shape', header: 'de_DE, 12-34, -, es', expected: 'es', source: 'header' },
  { name: 'control characters and unicode', header: 'd\u0000e, 日本語, fr', expected: 'fr', source: 'header' },
  { name: 'a very long header is read only so far', header: `${'x-aaaa,'.repeat(500)}de`, expected: 'en', source: 'default' },
  { name: 'the cookie beats the header', cookie: 'fr', header: 'de', expected: 'fr', source: 'cookie' },
  { name: 'a cookie we do not know is ignored', cookie: 'xx', header: 'de', expected: 'de', source: 'header' },
  {
    name: 'an explicit choice beats cookie and header',
    explicit: 'es',
    cookie: 'fr',
    header: 'de',
    expected: 'es',
    source: 'explicit',
  },
  { name: 'an explicit choice in capitals', explicit: 'NL', expected: 'nl', source: 'explicit' },
  { name: 'an explicit choice we do not know is ignored', explicit: 'klingon', header: 'it', expected: 'it', source: 'header' },
  {
    name: 'a fixed session ignores every choice',
    explicit: 'de',
    cookie: 'fr',
    header: 'es',
    offered: ['pt'],
    fallback: 'en',
    expected: 'pt',
    source: 'default',
  },
  {
    name: 'an explicit choice the session does not offer',
    explicit: 'de',
    header: 'fr',
    offered: ['en', 'fr'],
    expected: 'fr',
    source: 'header',
  },
  {
    name: 'a cookie the session does not offer',
    cookie: 'de',
    offered: ['en', 'nl'],
    fallback: 'nl',
    expected: 'nl',
    source: 'default',
  },
  { name: 'a header the session does not offer', header: 'de', offered: ['en'], expected: 'en', source: 'default' },
]

describe('negotiateLanguage', () => {
  test.each(TABLE)('$name', (row) => {
    const result = negotiateLanguage({
      explicit: row.explicit,
      cookie: row.cookie,
      acceptLanguage: row.header,
      fallback: row.fallback ?? 'en',
      offered: row.offered ?? ALL,
    })
    expect(result).toEqual({ language: row.expected, source: row.source })
  })

  test('never throws, whatever the header', () => {
    const nasty = ['*;q=', 'q=1', ';q=0.5', 'en;q=0.5;q=0.2', 'en;level=1', '\u2028', 'a'.repeat(10_000), ',', '*-DE', 'en--US']
    for (const header of nasty) {
      expect(() => negotiateLanguage({ acceptLanguage: header, fallback: 'en', offered: ALL })).not.toThrow()
    }
  })
})

describe('parseAcceptLanguage', () => {
  test('keeps the weights, best first', () => {
    expect(parseAcceptLanguage('en;q=0.5, de, fr;q=0.8')).toEqual([
      { tag: 'de', q: 1 },
      { tag: 'fr', q: 0.8 },
      { tag: 'en', q: 0.5 },
    ])
  })
  test('accepts white space around the weight', () => {
    expect(parseAcceptLanguage('de ; q = 0.3')).toEqual([{ tag: 'de', q: 0.3 }])
  })
})

describe('acceptLanguageKey', () => {
  test('headers that pick alike share a key', () => {
    expect(acceptLanguageKey('de-DE,de;q=0.9,ja;q=0.8')).toBe(acceptLanguageKey('de-AT, ko'))
  })
  test('headers that may pick apart do not', () => {
    expect(acceptLanguageKey('de, fr;q=0.5')).not.toBe(acceptLanguageKey('fr, de;q=0.5'))
    expect(acceptLanguageKey('de;q=0')).not.toBe(acceptLanguageKey('de'))
  })
  test('no header and garbage share the empty key', () => {
    expect(acceptLanguageKey(null)).toBe('')
    expect(acceptLanguageKey(';;=,')).toBe('')
  })
})
