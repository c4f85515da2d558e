import { describe, expect, it } from 'vitest'
import { IDEA_TAGS, ideaSections } from '~/content/ideas'
import type { IdeaSection } from '~/content/types'
import { IDEA_CATALOGUE_SECTIONS } from './constants'
import { countIdeas, filterIdeaSections, ideaFiltersSearch, parseIdeaFilters, toggleTag } from './ideas-filter'

const sample: IdeaSection[] = [
  {
    id: 'stage',
    title: 'On Stage & At Events',
    items: [
      { title: 'QR on the last slide', description: 'Keep it up during Q&A.', tag: 'Speaker' },
      { title: 'Badge scan', description: 'Scan visitors at the stand.', tag: 'Exhibitor' },
    ],
  },
  {
    id: 'email',
    title: 'Email & Messaging',
    items: [{ title: 'Welcome sequence', description: 'Send the slides.', tag: 'Marketer' }],
  },
]

describe('the catalogue', () => {
  it('has five sections of 20 ideas, each with title, description and a listed tag', () => {
    expect(ideaSections.map((s) => s.id)).toEqual(['stage', 'virtual', 'social', 'email', 'sales'])
    expect(ideaSections).toHaveLength(IDEA_CATALOGUE_SECTIONS)
    expect(ideaSections.map((s) => s.title)).toEqual([
      'On Stage & At Events',
      'Virtual & Hybrid Events',
      'Social Media & Influencers',
      'Email & Messaging',
      'Sales & CRM',
    ])
    for (const section of ideaSections) {
      expect(section.items).toHaveLength(20)
      for (const idea of section.items) {
        expect(idea.title.trim()).not.toBe('')
        expect(idea.description.trim()).not.toBe('')
        expect(IDEA_TAGS).toContain(idea.tag)
      }
    }
    expect(countIdeas(ideaSections)).toBe(100)
    expect(new Set(ideaSections.flatMap((s) => s.items.map((i) => i.title))).size).toBe(100)
  })
})

describe('filterIdeaSections', () => {
  it('no filters keeps everything', () => {
    expect(filterIdeaSections(sample, { q: '', tag: null })).toEqual(sample)
  })

  it('search is case-insensitive over title, description and tag', () => {
    expect(countIdeas(filterIdeaSections(sample, { q: 'qr', tag: null }))).toBe(1)
    expect(countIdeas(filterIdeaSections(sample, { q: 'SLIDES', tag: null }))).toBe(1)
    expect(countIdeas(filterIdeaSections(sample, { q: 'exhibitor', tag: null }))).toBe(1)
  })

  it('every word must match', () => {
    expect(countIdeas(filterIdeaSections(sample, { q: 'badge stand', tag: null }))).toBe(1)
    expect(countIdeas(filterIdeaSections(sample, { q: 'badge slides', tag: null }))).toBe(0)
  })

  it('a tag keeps only its items and sections with none disappear', () => {
    const result = filterIdeaSections(sample, { q: '', tag: 'Marketer' })
    expect(result.map((s) => s.id)).toEqual(['email'])
  })

  it('search and tag combine', () => {
    expect(filterIdeaSections(sample, { q: 'badge', tag: 'Speaker' })).toEqual([])
    expect(countIdeas(filterIdeaSections(sample, { q: 'slide', tag: 'Speaker' }))).toBe(1)
  })

  it('works on the real catalogue: every tag chip finds something', () => {
    for (const tag of IDEA_TAGS) expect(countIdeas(filterIdeaSections(ideaSections, { q: '', tag }))).toBeGreaterThan(0)
  })
})

describe('parseIdeaFilters and toggleTag', () => {
  it('reads q and a known tag', () => {
    expect(parseIdeaFilters(new URLSearchParams('q=qr%20code&tag=Speaker'))).toEqual({ q: 'qr code', tag: 'Speaker' })
  })
  it('ignores an unknown tag', () => {
    expect(parseIdeaFilters(new URLSearchParams('tag=Hacker'))).toEqual({ q: '', tag: null })
  })
  it('clicking the selected tag clears it, another tag replaces it', () => {
    expect(toggleTag('Speaker', 'Speaker')).toBeNull()
    expect(toggleTag('Speaker', 'Founder')).toBe('Founder')
    expect(toggleTag(null, 'Founder')).toBe('Founder')
  })
  it('builds the query string', () => {
    expect(ideaFiltersSearch({ q: '', tag: null })).toBe('')
    expect(ideaFiltersSearch({ q: 'qr', tag: 'Social/Influencer' })).toBe('?q=qr&tag=Social%2FInfluencer')
  })
})
