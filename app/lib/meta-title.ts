import { META_TITLE_KEYWORDS, META_TITLE_MAX, META_TITLE_MIN, META_TITLE_WARN, META_TITLE_WORD_CUT_RATIO } from './constants'

// The post editor's SEO helper (spec 001 §5). Lengths are UTF-16 code units (`string.length`),
// the same unit as the input's `maxLength` and the character counter, so the three never disagree.

export const META_TITLE_ISSUES = {
  tooShort: 'Meta title is too short (under 30 characters)',
  tooLong: 'Meta title is too long (over 60 characters)',
  missingBrand: 'Missing brand name',
  noKeywords: 'Consider including relevant keywords',
  badCharacters: 'Contains potentially problematic characters',
  duplicateWords: 'Contains duplicate words',
} as const

export type MetaTitleCheck = { isValid: boolean; score: number; issues: string[] }
export type ScoreColor = 'green' | 'yellow' | 'red'
export type CounterColor = 'red' | 'yellow' | 'normal'

/**
 * "{title} | {brand}", at most META_TITLE_MAX characters. A title too long for the room left by
 * the suffix is cut; the cut moves back to the last space only when that space lies beyond 70% of
 * the room, so a long last word cannot eat most of the title. A space right after the room also
 * counts (the cut then already ends on a whole word). An empty title gives "" — a bare " | Brand"
 * is not a title. If the brand alone leaves no room, the title wins and the suffix is dropped.
 */
/** The brand suffix of every page and meta title (ARCHITECTURE decision 1): " | {brand}". */
export const brandSuffix = (brand: string) => ` | ${brand}`

/** "{title} | {brand}": the title of every page. */
export const withBrandSuffix = (title: string, brand: string) => `${title}${brandSuffix(brand)}`

export function generateMetaTitle(title: string, brand: string): string {
  const text = title.trim()
  if (!text) return ''
  const suffix = brandSuffix(brand)
  const room = META_TITLE_MAX - suffix.length
  if (room < 1) return cutAt(text, META_TITLE_MAX)
  if (text.length <= room) return text + suffix
  const boundary = text.slice(0, room + 1).lastIndexOf(' ')
  const end = boundary > room * META_TITLE_WORD_CUT_RATIO ? boundary : room
  return cutAt(text, end) + suffix
}

/** Score out of 100 with the spec's deductions, in the spec's order. Valid means no issues. */
export function scoreMetaTitle(metaTitle: string, brand: string): MetaTitleCheck {
  const issues: string[] = []
  let score = 100
  const deduct = (points: number, issue: string) => {
    score -= points
    issues.push(issue)
  }
  const words = wordsOf(metaTitle)

  if (metaTitle.length < META_TITLE_MIN) deduct(20, META_TITLE_ISSUES.tooShort)
  if (metaTitle.length > META_TITLE_MAX) deduct(15, META_TITLE_ISSUES.tooLong)
  // Case-insensitive substring: the brand may sit anywhere, not only in the suffix.
  const wantedBrand = brand.trim().toLowerCase()
  if (wantedBrand && !metaTitle.toLowerCase().includes(wantedBrand)) deduct(10, META_TITLE_ISSUES.missingBrand)
  if (!words.some(isKeyword)) deduct(15, META_TITLE_ISSUES.noKeywords)
  if (/[<>"]/.test(metaTitle)) deduct(10, META_TITLE_ISSUES.badCharacters)
  if (repeatedWordCount(words) > 1) deduct(5, META_TITLE_ISSUES.duplicateWords)

  return { isValid: issues.length === 0, score: Math.max(0, Math.min(100, score)), issues }
}

export function scoreColor(score: number): ScoreColor {
  if (score >= 80) return 'green'
  if (score >= 60) return 'yellow'
  return 'red'
}

export function counterColor(length: number): CounterColor {
  if (length > META_TITLE_MAX) return 'red'
  if (length > META_TITLE_WARN) return 'yellow'
  return 'normal'
}

// Words are runs of Unicode letters/digits (an inner apostrophe stays inside: "speaker's"), so
// punctuation and the " | " brand separator are never words.
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []
}

// Whole-word match, also accepting the plain plural ("events", "leads", "speakers"): substring
// matching would let "android" count as "roi" and "misleading" as "lead".
const KEYWORDS: ReadonlySet<string> = new Set(META_TITLE_KEYWORDS)
function isKeyword(word: string): boolean {
  return KEYWORDS.has(word) || (word.endsWith('s') && KEYWORDS.has(word.slice(0, -1)))
}

// "More than one repeated word": the number of distinct words that occur at least twice must
// exceed 1. One repeated word ("Lead… leads… Lead") is tolerated; two distinct ones are not.
function repeatedWordCount(words: string[]): number {
  const seen = new Map<string, number>()
  for (const word of words) seen.set(word, (seen.get(word) ?? 0) + 1)
  let repeated = 0
  for (const count of seen.values()) if (count > 1) repeated++
  return repeated
}

// Cut without splitting a surrogate pair (an emoji would otherwise end in a lone half).
function cutAt(text: string, end: number): string {
  const last = text.charCodeAt(end - 1)
  const safeEnd = last >= 0xd800 && last <= 0xdbff ? end - 1 : end
  return text.slice(0, safeEnd).trimEnd()
}
