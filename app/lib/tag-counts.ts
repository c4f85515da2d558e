import type { TagCount } from './text'

/**
 * The tag summary (spec 000 §3) from counts the database already grouped by lower-cased,
 * trimmed tag: the same display rule and order as `tagSummary` in text.ts (capitalised, most
 * used first, ties by name in code-unit order), without loading every post's tags.
 */
export function tagSummaryFromCounts(rows: ReadonlyArray<{ tag: string; count: number }>): TagCount[] {
  const merged = new Map<string, number>()
  for (const row of rows) {
    const lower = row.tag.trim().toLowerCase()
    if (!lower) continue
    const tag = lower.charAt(0).toUpperCase() + lower.slice(1)
    merged.set(tag, (merged.get(tag) ?? 0) + Number(row.count))
  }
  return [...merged]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
}
