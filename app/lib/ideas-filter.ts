import { IDEA_TAGS } from '~/content/ideas'
import type { IdeaSection, IdeaTag } from '~/content/types'

// The 100 Ways filters (spec 000 §2, §4): free-text search plus at most one tag; clicking the
// selected tag again clears it; sections with no matching items disappear. Used by the loader
// (query params, no JavaScript needed) and by the page for instant filtering.

export type IdeaFilters = { q: string; tag: IdeaTag | null }

export const IDEA_SEARCH_MAX = 100

export function isIdeaTag(value: unknown): value is IdeaTag {
  return typeof value === 'string' && (IDEA_TAGS as readonly string[]).includes(value)
}

/** Filters from the query string (?q=…&tag=…); an unknown tag is ignored. */
export function parseIdeaFilters(params: URLSearchParams): IdeaFilters {
  const q = (params.get('q') ?? '').slice(0, IDEA_SEARCH_MAX)
  const tag = params.get('tag')
  return { q, tag: isIdeaTag(tag) ? tag : null }
}

/** The tag a chip selects: the chip's own tag, or none when it is already selected. */
export function toggleTag(current: IdeaTag | null, clicked: IdeaTag): IdeaTag | null {
  return current === clicked ? null : clicked
}

/** The query string for a filter state (empty parts left out), e.g. "?q=qr&tag=Speaker". */
export function ideaFiltersSearch({ q, tag }: IdeaFilters): string {
  const params = new URLSearchParams()
  if (q.trim()) params.set('q', q)
  if (tag) params.set('tag', tag)
  const s = params.toString()
  return s ? `?${s}` : ''
}

/**
 * Items whose title, description or tag contains every word of the search (case-insensitive)
 * and whose tag is the selected one; sections left empty are dropped.
 */
export function filterIdeaSections(sections: readonly IdeaSection[], { q, tag }: IdeaFilters): IdeaSection[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((idea) => {
        if (tag && idea.tag !== tag) return false
        const haystack = `${idea.title}\n${idea.description}\n${idea.tag}`.toLowerCase()
        return words.every((w) => haystack.includes(w))
      }),
    }))
    .filter((section) => section.items.length > 0)
}

export function countIdeas(sections: readonly IdeaSection[]): number {
  return sections.reduce((n, s) => n + s.items.length, 0)
}
