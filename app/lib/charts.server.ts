import { scaleBand, scaleLinear } from 'd3-scale'
import { line } from 'd3-shape'

// Geometry of the ROI charts, computed on the server with d3-scale / d3-shape: the loader sends
// plain numbers and path strings, app/components/workspace/roi-charts.tsx draws them as SVG, and no
// d3 code reaches the browser (this is a .server module).

export type Tick = { at: number; label: string }
export type Bar = { x: number; y: number; width: number; height: number; value: number; label: string; series: number }

export type ColumnChartModel = {
  width: number
  height: number
  plot: { left: number; top: number; right: number; bottom: number }
  bars: Bar[]
  xTicks: Tick[]
  yTicks: Tick[]
  /** The running total as a line on its own scale (right axis). */
  cumulative: { path: string; ticks: Tick[]; total: number } | null
}

const WIDTH = 720
const HEIGHT = 260

/** Whole-number ticks (counts of people are never fractional). */
function countTicks(scale: ReturnType<typeof scaleLinear<number, number>>, wanted = 4): Tick[] {
  return scale
    .ticks(wanted)
    .filter((t) => Number.isInteger(t))
    .map((t) => ({ at: round(scale(t)), label: String(t) }))
}

const round = (n: number) => Math.round(n * 10) / 10

/**
 * Vertical bars over time (one per point) with a line of the running total; every `labelEvery`-th
 * point is labelled on the x axis so labels never overlap.
 */
export function columnChart(
  points: ReadonlyArray<{ label: string; count: number }>,
  { labelEvery = Math.max(1, Math.ceil(points.length / 12)), cumulative = true } = {},
): ColumnChartModel {
  const plot = { left: 44, top: 16, right: WIDTH - (cumulative ? 48 : 16), bottom: HEIGHT - 36 }
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([plot.left, plot.right])
    .paddingInner(0.2)
    .paddingOuter(0.1)
  const max = Math.max(1, ...points.map((p) => p.count))
  const y = scaleLinear().domain([0, max]).nice().range([plot.bottom, plot.top])
  const bars = points.map((p, i) => ({
    x: round(x(i)!),
    y: round(y(p.count)),
    width: round(x.bandwidth()),
    height: round(plot.bottom - y(p.count)),
    value: p.count,
    label: p.label,
    series: 0,
  }))
  const xTicks = points.flatMap((p, i) =>
    i % labelEvery === 0 ? [{ at: round(x(i)! + x.bandwidth() / 2), label: p.label }] : [],
  )
  let running = 0
  const totals = points.map((p) => (running += p.count))
  const total = running
  const yc = scaleLinear()
    .domain([0, Math.max(1, total)])
    .nice()
    .range([plot.bottom, plot.top])
  const path =
    line<number>()
      .x((_, i) => round(x(i)! + x.bandwidth() / 2))
      .y((v) => round(yc(v)))(totals) ?? ''
  return {
    width: WIDTH,
    height: HEIGHT,
    plot,
    bars,
    xTicks,
    yTicks: countTicks(y),
    cumulative: cumulative && points.length > 0 ? { path, ticks: countTicks(yc), total } : null,
  }
}

export type BarChartModel = {
  width: number
  height: number
  plot: { left: number; top: number; right: number; bottom: number }
  rows: Array<{ label: string; y: number }>
  bars: Bar[]
  xTicks: Tick[]
}

/**
 * Horizontal bars, one group per row (a delivery of the talk) with one bar per series (scans,
 * leads), for comparing deliveries side by side.
 */
export function groupedBarChart(
  rows: ReadonlyArray<{ label: string; values: readonly number[] }>,
  seriesCount: number,
): BarChartModel {
  const rowHeight = 18 * seriesCount + 16
  const plot = { left: 190, top: 8, right: WIDTH - 48, bottom: 8 + rowHeight * rows.length }
  const y = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range([plot.top, plot.bottom])
    .paddingInner(0.25)
  const inner = scaleBand<number>()
    .domain(Array.from({ length: seriesCount }, (_, i) => i))
    .range([0, y.bandwidth()])
    .paddingInner(0.1)
  const max = Math.max(1, ...rows.flatMap((r) => r.values))
  const x = scaleLinear().domain([0, max]).nice().range([plot.left, plot.right])
  return {
    width: WIDTH,
    height: plot.bottom + 28,
    plot,
    rows: rows.map((r, i) => ({ label: r.label, y: round(y(i)! + y.bandwidth() / 2) })),
    bars: rows.flatMap((r, i) =>
      r.values.map((value, s) => ({
        x: plot.left,
        y: round(y(i)! + inner(s)!),
        width: round(x(value) - plot.left),
        height: round(inner.bandwidth()),
        value,
        label: r.label,
        series: s,
      })),
    ),
    xTicks: countTicks(x, 5),
  }
}
