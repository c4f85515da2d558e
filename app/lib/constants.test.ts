import { describe, it, expect } from 'vitest'
import {
  ADMIN_POSTS_PAGE_SIZE,
  ADMIN_SPEAKERS_PAGE_SIZE,
  DIRECTORY_FILTERS,
  LAUNCH_OFFER_DEFAULT_DEADLINE,
  MAGIC_LINK_TTL_MS,
  META_TITLE_KEYWORDS,
  SESSION_MAX_AGE_MS,
  STARTUP_PLAN,
  SUGGESTED_TALK_TAGS,
  SVG_ICON_MAX_BYTES,
  IMAGE_MAX_BYTES,
} from './constants'

describe('constants', () => {
  it('keeps the spec page sizes and byte limits', () => {
    expect(ADMIN_POSTS_PAGE_SIZE).toBe(5)
    expect(ADMIN_SPEAKERS_PAGE_SIZE).toBe(10)
    expect(SVG_ICON_MAX_BYTES).toBe(1_048_576)
    expect(IMAGE_MAX_BYTES).toBe(5_242_880)
    expect(MAGIC_LINK_TTL_MS).toBe(900_000)
    expect(SESSION_MAX_AGE_MS).toBe(2_592_000_000)
  })

  // The spec states the startup plan's figures separately; they must agree with each other.
  it('startup plan figures are internally consistent', () => {
    const p = STARTUP_PLAN
    expect(p.seatPricePerMonth * p.validityMonths * p.seats).toBe(p.yearlyPrice)
    expect(p.standardSeatPricePerMonth * p.validityMonths * p.seats).toBe(p.standardYearlyPrice)
    expect(p.standardYearlyPrice - p.yearlyPrice).toBe(p.savedFirstYear)
    expect(Math.round((p.savedFirstYear / p.standardYearlyPrice) * 100)).toBe(p.discountPercent)
  })

  it('launch deadline is the last second of 6 June 2025, as an absolute instant', () => {
    expect(new Date(LAUNCH_OFFER_DEFAULT_DEADLINE).toISOString()).toBe('2025-06-06T23:59:59.000Z')
  })

  it('lists the 13 meta-title keywords and the 8 suggested talk tags', () => {
    expect(META_TITLE_KEYWORDS).toHaveLength(13)
    expect(new Set(META_TITLE_KEYWORDS).size).toBe(13)
    expect(SUGGESTED_TALK_TAGS).toHaveLength(8)
    expect(SUGGESTED_TALK_TAGS).toContain('Q&A Session')
  })

  it('directory filters carry the spec value lists', () => {
    const values = Object.fromEntries(DIRECTORY_FILTERS.map((f) => [f.label, f.options.map((o) => o.value)]))
    expect(values).toEqual({
      'Talk Topic': ['marketing', 'saas', 'leadership', 'innovation', 'digital-transformation'],
      Industry: ['saas', 'healthcare', 'fintech', 'ecommerce', 'consulting'],
      'Location/Region': ['north-america', 'europe', 'asia-pacific', 'global'],
      'Talk Type': ['keynote', 'panel', 'workshop', 'fireside'],
    })
    expect(new Set(DIRECTORY_FILTERS.map((f) => f.param)).size).toBe(DIRECTORY_FILTERS.length)
  })
})
