import { describe, expect, it } from 'vitest'
import { dailySeries, totalsByName, windowStart } from './daily-series'

const today = new Date('2026-03-05T15:30:00Z')

describe('dailySeries', () => {
  it('covers 30 days ending today, oldest first, zero-filled', () => {
    const s = dailySeries([], today)
    expect(s).toHaveLength(30)
    expect(s[0]!.day).toBe('2026-02-04')
    expect(s.at(-1)!.day).toBe('2026-03-05')
    expect(s.every((p) => p.total === 0)).toBe(true)
  })

  it('sums counts per day and per name, ignoring days outside the window', () => {
    const s = dailySeries(
      [
        { day: '2026-03-05', name: 'ph_cta_clicked', count: 2 },
        { day: '2026-03-05', name: 'linkedin_referral', count: 1 },
        { day: '2026-02-04', name: 'ph_cta_clicked', count: 4 },
        { day: '2026-02-03', name: 'ph_cta_clicked', count: 99 },
      ],
      today,
    )
    expect(s.at(-1)).toEqual({ day: '2026-03-05', total: 3, byName: { ph_cta_clicked: 2, linkedin_referral: 1 } })
    expect(s[0]!.total).toBe(4)
    expect(totalsByName(s)).toEqual([
      { name: 'ph_cta_clicked', count: 6 },
      { name: 'linkedin_referral', count: 1 },
    ])
  })

  it('windowStart is midnight UTC of the first day', () => {
    expect(windowStart(today).toISOString()).toBe('2026-02-04T00:00:00.000Z')
  })
})
