import { describe, it, expect } from 'vitest'
import {
  brandSuffix,
  counterColor,
  generateMetaTitle,
  META_TITLE_ISSUES as I,
  scoreColor,
  scoreMetaTitle,
  withBrandSuffix,
} from './meta-title'

const BRAND = 'Lectern'
// " | Lectern" is 10 characters, leaving 50 for the title; 70% of 50 = 35.

describe('generateMetaTitle', () => {
  it('appends the brand suffix to the trimmed title', () => {
    expect(generateMetaTitle('  Event Lead Capture  ', BRAND)).toBe('Event Lead Capture | Lectern')
  })

  it('keeps a title that exactly fills the room (60 in total)', () => {
    const title = 'x'.repeat(50)
    expect(generateMetaTitle(title, BRAND)).toBe(`${title} | Lectern`)
    expect(generateMetaTitle(title, BRAND)).toHaveLength(60)
  })

  it('cuts at the last space when it lies beyond 70% of the room', () => {
    const title = `${'a'.repeat(36)} ${'b'.repeat(30)}` // space at index 36 > 35
    expect(generateMetaTitle(title, BRAND)).toBe(`${'a'.repeat(36)} | Lectern`)
  })

  it('hard-cuts when the last space is at or before 70% of the room', () => {
    const title = `${'a'.repeat(35)} ${'b'.repeat(30)}` // space at index 35, not > 35
    const result = generateMetaTitle(title, BRAND)
    expect(result).toBe(`${'a'.repeat(35)} ${'b'.repeat(14)} | Lectern`)
    expect(result).toHaveLength(60)
  })

  it('keeps the last whole word when the cut falls right before a space', () => {
    const title = `${'a'.repeat(20)} ${'b'.repeat(29)} tail` // "b…" ends exactly at 50
    expect(generateMetaTitle(title, BRAND)).toBe(`${'a'.repeat(20)} ${'b'.repeat(29)} | Lectern`)
  })

  it('never exceeds 60 characters for any title length', () => {
    for (let n = 1; n <= 120; n++) {
      const title = Array.from({ length: n }, (_, i) => (i % 7 === 6 ? ' ' : 'w')).join('')
      const result = generateMetaTitle(title, BRAND)
      expect(result.length).toBeLessThanOrEqual(60)
      expect(result.endsWith(' | Lectern')).toBe(true)
    }
  })

  it('uses the configured brand for the room', () => {
    const brand = 'A Much Longer Brand Name' // suffix 27 → room 33
    const result = generateMetaTitle('y'.repeat(40), brand)
    expect(result).toBe(`${'y'.repeat(33)} | ${brand}`)
  })

  it('does not leave half an emoji at the cut', () => {
    const title = `${'a'.repeat(49)}😀tail` // the emoji straddles index 50
    expect(generateMetaTitle(title, BRAND)).toBe(`${'a'.repeat(49)} | Lectern`)
  })

  it('gives an empty string for an empty title', () => {
    expect(generateMetaTitle('   ', BRAND)).toBe('')
  })
})

describe('scoreMetaTitle', () => {
  // Pads a keyword+brand title to an exact length with distinct filler words.
  const ofLength = (n: number) => {
    const core = 'Lead Capture | Lectern'
    return `${'z'.repeat(n - core.length - 1)} ${core}`
  }

  it.each([
    [29, 80, [I.tooShort]],
    [30, 100, []],
    [50, 100, []],
    [51, 100, []],
    [60, 100, []],
    [61, 85, [I.tooLong]],
  ])('length %i scores %i', (length, score, issues) => {
    const title = ofLength(length)
    expect(title).toHaveLength(length)
    expect(scoreMetaTitle(title, BRAND)).toEqual({ isValid: issues.length === 0, score, issues })
  })

  it.each([
    ['Event Lead Capture for Busy Speakers | Acme', 90, [I.missingBrand]],
    ['Event Lead Capture for Busy Speakers | lectern', 100, []],
    ['The Quiet Art of Doing Nothing At All | Lectern', 85, [I.noKeywords]],
    ['Android heroics misleading them all | Lectern', 85, [I.noKeywords]],
    ['Webinars that convert to pipeline fast | Lectern', 100, []],
    ['Event "Lead" Capture for Busy Speakers | Lectern', 90, [I.badCharacters]],
    ['Event <Lead> Capture for Busy Speakers | Lectern', 90, [I.badCharacters]],
    // One repeated word ("lead") is tolerated …
    ['Lead capture: lead magnets for busy speakers | Lectern', 100, []],
    // … two distinct repeated words are not ("lead", "event").
    ['Lead event tips: lead and event capture now | Lectern', 95, [I.duplicateWords]],
    // The brand counts as a word like any other.
    ['Lectern lead tips for lead capture on stage | Lectern', 95, [I.duplicateWords]],
  ])('%j → %i', (title, score, issues) => {
    expect(scoreMetaTitle(title, BRAND)).toEqual({ isValid: issues.length === 0, score, issues })
  })

  it('sums deductions in the spec order', () => {
    expect(scoreMetaTitle('Hi <there> hi you you', BRAND)).toEqual({
      isValid: false,
      score: 40,
      issues: [I.tooShort, I.missingBrand, I.noKeywords, I.badCharacters, I.duplicateWords],
    })
  })

  it('scores a generated title as valid when the title has a keyword', () => {
    const generated = generateMetaTitle('Ten proven ways to capture more leads at your next event', BRAND)
    expect(scoreMetaTitle(generated, BRAND).isValid).toBe(true)
  })
})

describe('colours', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
    [0, 'red'],
  ] as const)('score %i → %s', (score, colour) => {
    expect(scoreColor(score)).toBe(colour)
  })

  it.each([
    [0, 'normal'],
    [50, 'normal'],
    [51, 'yellow'],
    [60, 'yellow'],
    [61, 'red'],
  ] as const)('length %i → %s', (length, colour) => {
    expect(counterColor(length)).toBe(colour)
  })
})

describe('withBrandSuffix', () => {
  it('is the one " | {brand}" rule that page titles and generated meta titles share', () => {
    expect(withBrandSuffix('Pricing', 'Lectern')).toBe('Pricing | Lectern')
    expect(generateMetaTitle('Pricing', 'Acme').endsWith(brandSuffix('Acme'))).toBe(true)
  })
})
