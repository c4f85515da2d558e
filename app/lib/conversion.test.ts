import { describe, expect, it } from 'vitest'
import {
  combinedConversion,
  conversion,
  conversionHint,
  conversionNote,
  CONVERSION_FLOOR_NOTE,
  CONVERSION_HINT,
} from './conversion'

// Unique visitors are counted over both doors (QR scans and link visits) by the workspace's query;
// these rows name which door the people came through to show that the door does not matter.
describe('conversion = leads ÷ people who opened the page', () => {
  it.each([
    // name, leads, unique visitors, percent, people, floored
    ['zero visitors, zero leads: nothing to divide by', 0, 0, null, 0, false],
    ['visitors but no leads yet', 0, 12, 0, 12, false],
    ['QR only: 40 scanners, 10 leads', 10, 40, 25, 40, false],
    ['typed link only: 3 visitors, 3 leads (was 300%+ when divided by scans)', 3, 3, 100, 3, false],
    ['typed link only: 4 leads, 0 scans, 9 visitors', 4, 9, 44, 9, false],
    ['mixed: 8 scanners + 3 typers = 11 visitors, 2 leads', 2, 11, 18, 11, false],
    ['mixed: the issue’s 133% (4 leads, 3 scans) with 6 visitors in all', 4, 6, 67, 6, false],
    ['venue Wi-Fi: 30 leads, their phones hashed to 12 visitors → the leads stand in', 30, 12, 100, 30, true],
    ['leads with no view recorded', 5, 0, 100, 5, true],
    ['rounding never passes 100: 199 of 200', 199, 200, 100, 200, false],
    ['rounding: 1 of 3', 1, 3, 33, 3, false],
  ] as const)('%s', (_name, leads, visitors, percent, people, floored) => {
    expect(conversion(leads, visitors)).toEqual({ percent, people, floored })
  })

  it('never exceeds 100% for any counts', () => {
    for (let leads = 0; leads <= 40; leads++) {
      for (let visitors = 0; visitors <= 40; visitors++) {
        const { percent } = conversion(leads, visitors)
        if (percent !== null) expect(percent).toBeLessThanOrEqual(100)
        expect(percent === null).toBe(leads === 0 && visitors === 0)
      }
    }
  })
})

describe('combinedConversion (a talk across its sessions)', () => {
  it.each([
    ['no sessions', [], { percent: null, people: 0, floored: false }],
    ['zero visitors everywhere', [{ leads: 0, visitors: 0 }], { percent: null, people: 0, floored: false }],
    [
      'a QR-only and a typed-link-only session',
      [
        { leads: 10, visitors: 40 },
        { leads: 3, visitors: 3 },
      ],
      // 13 ÷ 43
      { percent: 30, people: 43, floored: false },
    ],
    [
      // Summing raw counts would give 20 ÷ 20 = 100% and hide the first session's 50%; the floor is per session.
      'one session’s undercount does not lift another',
      [
        { leads: 5, visitors: 10 },
        { leads: 15, visitors: 10 },
      ],
      // 20 ÷ (10 + 15)
      { percent: 80, people: 25, floored: true },
    ],
  ] as const)('%s', (_name, sessions, expected) => {
    expect(combinedConversion(sessions)).toEqual(expected)
  })
})

describe('conversionHint', () => {
  it('says how the figure is computed, and why when the leads stood in for visitors', () => {
    expect(CONVERSION_HINT).toBe('Leads ÷ unique visitors (QR scans + link visits)')
    expect(conversionHint(conversion(2, 11))).toBe(CONVERSION_HINT)
    expect(conversionHint(conversion(0, 0))).toBe(CONVERSION_HINT)
    expect(conversionHint(conversion(30, 12))).toBe(`${CONVERSION_HINT}. ${CONVERSION_FLOOR_NOTE}`)
  })
})

describe('conversionNote', () => {
  it('names the figure for a table’s footnote', () => {
    expect(conversionNote({ floored: false })).toBe('Conversion: Leads ÷ unique visitors (QR scans + link visits).')
    expect(conversionNote({ floored: true })).toBe(`Conversion: ${CONVERSION_HINT}. ${CONVERSION_FLOOR_NOTE}`)
  })
})
