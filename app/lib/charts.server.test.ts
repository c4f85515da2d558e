import { describe, expect, it } from 'vitest'
import { columnChart, groupedBarChart } from './charts.server'

describe('columnChart', () => {
  it.each([
    ['counts with a busiest slot', [0, 3, 1, 0], 4],
    ['all zero', [0, 0, 0], 0],
    ['one point', [5], 5],
  ])('%s', (_name, counts, total) => {
    const model = columnChart(counts.map((count, i) => ({ label: `p${i}`, count })))
    expect(model.bars).toHaveLength(counts.length)
    // Taller bars for larger counts, all standing on the baseline, inside the plot.
    for (const bar of model.bars) {
      expect(bar.y + bar.height).toBeCloseTo(model.plot.bottom, 0)
      expect(bar.x).toBeGreaterThanOrEqual(model.plot.left)
      expect(bar.x + bar.width).toBeLessThanOrEqual(model.plot.right + 0.1)
    }
    const heights = model.bars.map((b) => b.height)
    counts.forEach((c, i) => counts.forEach((d, j) => c > d && expect(heights[i]).toBeGreaterThan(heights[j]!)))
    expect(model.cumulative?.total).toBe(total)
    expect(model.yTicks.every((t) => Number.isInteger(Number(t.label)))).toBe(true)
  })

  it('labels every nth point and has no line without points', () => {
    const model = columnChart(
      Array.from({ length: 12 }, (_, i) => ({ label: `h${i}`, count: i })),
      { labelEvery: 4 },
    )
    expect(model.xTicks.map((t) => t.label)).toEqual(['h0', 'h4', 'h8'])
    expect(columnChart([]).cumulative).toBeNull()
  })
})

describe('groupedBarChart', () => {
  it('one bar per row and series, lengths in proportion', () => {
    const model = groupedBarChart(
      [
        { label: 'A', values: [100, 20] },
        { label: 'B', values: [50, 0] },
      ],
      2,
    )
    expect(model.rows.map((r) => r.label)).toEqual(['A', 'B'])
    expect(model.bars.map((b) => [b.label, b.series, b.value])).toEqual([
      ['A', 0, 100],
      ['A', 1, 20],
      ['B', 0, 50],
      ['B', 1, 0],
    ])
    const [a0, a1, b0, b1] = model.bars
    expect(a0!.width).toBeCloseTo(2 * b0!.width, 0)
    expect(a0!.width).toBeCloseTo(5 * a1!.width, 0)
    expect(b1!.width).toBe(0)
  })
})
