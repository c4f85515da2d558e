import { describe, expect, it } from 'vitest'
import {
  accentKeepsTextReadable,
  contrastRatio,
  DARK_TEXT,
  DEFAULT_ACCENT,
  isHexColor,
  safeAccent,
  textOnAccent,
} from './accent-color'

describe('accent colour', () => {
  it.each([
    ['#4F46E5', '#4f46e5'],
    ['#fff', DEFAULT_ACCENT],
    ['red', DEFAULT_ACCENT],
    ['#000000;}body{display:none', DEFAULT_ACCENT],
    [null, DEFAULT_ACCENT],
  ])('safeAccent(%j) = %s', (input, output) => {
    expect(safeAccent(input)).toBe(output)
  })

  it.each([
    ['#4f46e5', '#ffffff'],
    ['#000000', '#ffffff'],
    ['#facc15', DARK_TEXT],
    ['#ffffff', DARK_TEXT],
  ])('text on %s is %s', (accent, text) => {
    expect(textOnAccent(accent)).toBe(text)
  })

  it('the chosen text always reads at 4.5:1 or better on saturated accents', () => {
    for (const accent of ['#4f46e5', '#dc2626', '#16a34a', '#0ea5e9', '#f97316', '#facc15', '#111827', '#e5e7eb']) {
      expect(contrastRatio(accent, textOnAccent(accent))).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('measures WCAG contrast (black on white is 21:1, equal colours 1:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#777777')).toBe(1)
  })

  // The speaker's form: a colour passes when the text textOnAccent picks reads at 4.5:1 or better.
  it.each([
    [DEFAULT_ACCENT, true],
    ['#000000', true],
    ['#ffffff', true],
    ['#facc15', true],
    ['#1d4ed8', true],
    ['#767676', true],
    ['#7a7a7a', false],
    ['#808080', false],
    ['red', false],
    ['#fff', false],
    ['#12345g', false],
  ])('%s keeps the button text readable: %s', (hex, readable) => {
    expect(accentKeepsTextReadable(hex)).toBe(readable)
  })

  it.each([
    ['#a1b2c3', true],
    ['#A1B2C3', true],
    ['a1b2c3', false],
    ['#a1b2c', false],
    ['#a1b2c3 ', false],
  ])('isHexColor(%j) → %s', (v, ok) => expect(isHexColor(v)).toBe(ok))
})
