import { BIO_PREVIEW_CHARS, CARD_MAX_TAGS, MAX_CARD_HASHTAGS } from './constants'

// Text shaping for cards and lists (spec 000 §2, §3; spec 001 §2). String-only — no DOM — so the
// same output renders on the server and in the browser.

/**
 * The first `max` characters plus "..." when the text is longer (spec: "bio cut to 120
 * characters with ellipsis"). Counts code points, so an emoji is never split in half, and drops
 * whitespace left dangling before the ellipsis.
 */
export function truncate(text: string, max: number = BIO_PREVIEW_CHARS): string {
  const chars = Array.from(text)
  if (chars.length <= max) return text
  return `${chars.slice(0, max).join('').trimEnd()}...`
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
}

// A tag is "<" + letter or "/" + letter …, with quoted attribute values that may contain ">".
const TAG = /<\/?[a-zA-Z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g
const BLOCK_BREAK = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|table|hr|section|article)\b[^>]*>/gi

/**
 * Plain text from the bio's stored HTML, for previews and meta descriptions. The HTML was
 * sanitized when saved; this only needs to be readable, not safe (React escapes the result).
 * Block ends become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab". Entities are decoded
 * last, so an encoded "&lt;b&gt;" stays visible text rather than becoming a tag to strip.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(BLOCK_BREAK, ' ')
      .replace(TAG, ''),
  )
    .replace(/\s+/g, ' ')
    .trim()
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? whole
    const hex = body[1] === 'x' || body[1] === 'X'
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10)
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    return valid ? String.fromCodePoint(code) : '\uFFFD'
  })
}

/**
 * Up to `max` hashtags from a speaker's talk tags: each tag split on spaces, lower-cased,
 * de-duplicated in first-seen order, "#" prefixed ("Panel Discussion" → #panel, #discussion).
 * A "#" the speaker typed is not doubled.
 */
export function hashtagsFromTalks(talks: ReadonlyArray<{ tag?: string | null }>, max: number = MAX_CARD_HASHTAGS): string[] {
  const seen = new Set<string>()
  for (const talk of talks) {
    for (const word of (talk.tag ?? '').split(/\s+/)) {
      const tag = word.replace(/^#+/, '').toLowerCase()
      if (tag) seen.add(tag)
    }
  }
  return [...seen].slice(0, max).map((tag) => `#${tag}`)
}

export type TagCount = { tag: string; count: number }

/**
 * The "Filter by Topic" list: each tag lower-cased then capitalised ("SEO", "seo" → "Seo"),
 * with the number of posts carrying it (a post counts once per tag), most used first, ties by
 * name. Pass published posts only. Names compare by code unit, not locale, so server and
 * browser agree on the order.
 */
export function tagSummary(posts: ReadonlyArray<{ tags: readonly string[] }>): TagCount[] {
  const counts = new Map<string, number>()
  for (const post of posts) {
    const own = new Set(post.tags.map(normaliseTag).filter(Boolean))
    for (const tag of own) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
}

function normaliseTag(tag: string): string {
  const lower = tag.trim().toLowerCase()
  return lower.charAt(0).toUpperCase() + lower.slice(1)
}

const US_LONG_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/**
 * "May 10, 2025". Always in UTC: formatting in the runtime's zone would let the server and the
 * browser print different days for the same timestamp (a hydration mismatch). "" for an
 * invalid date rather than throwing in the middle of a render.
 */
export function formatUsLongDate(date: Date | string | number): string {
  const value = date instanceof Date ? date : new Date(date)
  return Number.isNaN(value.getTime()) ? '' : US_LONG_DATE.format(value)
}

/** Card tags: the first `max`, and how many are left for the "+N more" label. */
export function cardTags(tags: readonly string[], max: number = CARD_MAX_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A route id that can be a row id; anything else is answered 404 before it reaches the database. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}

/** A LIKE/ILIKE pattern matching `text` anywhere: its %, _ and \ match themselves. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
