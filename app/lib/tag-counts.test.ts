import { describe, expect, it } from 'vitest'
import { tagSummaryFromCounts } from './tag-counts'
import { tagSummary } from './text'

describe('tagSummaryFromCounts', () => {
  it('matches tagSummary for the same posts', () => {
    const posts = [
      { tags: ['SEO', 'marketing'] },
      { tags: ['seo', ' Events '] },
      { tags: ['events', 'Marketing', 'zeta'] },
      { tags: ['alpha'] },
    ]
    const counts = new Map<string, number>()
    for (const p of posts)
      for (const t of new Set(p.tags.map((x) => x.trim().toLowerCase()))) counts.set(t, (counts.get(t) ?? 0) + 1)
    const rows = [...counts].map(([tag, count]) => ({ tag, count }))
    expect(tagSummaryFromCounts(rows)).toEqual(tagSummary(posts))
  })

  it('capitalises, orders by count then name, drops empty tags', () => {
    expect(
      tagSummaryFromCounts([
        { tag: 'b', count: 2 },
        { tag: 'a', count: 2 },
        { tag: 'lead generation', count: 5 },
        { tag: '', count: 9 },
      ]),
    ).toEqual([
      { tag: 'Lead generation', count: 5 },
      { tag: 'A', count: 2 },
      { tag: 'B', count: 2 },
    ])
  })
})
