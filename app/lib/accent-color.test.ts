import { describe, expect, it } from 'vitest'
import { contrastRatio, DARK_TEXT, DEFAULT_ACCENT, safeAccent, textOnAccent } from './accent-color'

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
})
