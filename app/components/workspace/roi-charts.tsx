import { useId, type ReactNode } from 'react'
import type { BarChartModel, ColumnChartModel } from '~/lib/charts.server'

// Draws the chart geometry the loaders compute (app/lib/charts.server.ts) as SVG: no d3 and no
// JavaScript needed to read them. Each chart is an image with a title and a description, and the
// same numbers are always in a table next to it. Colours are checked on the workspace's dark
// background: bars brand-400 (6.3:1), the running total amber-300, scans slate-400, text slate-300.

/** Grouped bars: series 0 (scans) grey, series 1 (leads) blue. */
export const SERIES_CLASS = ['fill-slate-400', 'fill-brand-400'] as const

type ChartProps = { title: string; description: string }

/** The chart as an image named by its title and described in words (screen readers read those). */
function ChartFrame({
  width,
  height,
  title,
  description,
  children,
}: ChartProps & { width: number; height: number; children: ReactNode }) {
  const id = useId()
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  )
}

export function ColumnChart({ model, title, description }: ChartProps & { model: ColumnChartModel }) {
  const { plot } = model
  return (
    <ChartFrame width={model.width} height={model.height} title={title} description={description}>
      <g className="fill-slate-300 text-[11px]" aria-hidden="true">
        {model.yTicks.map((t) => (
          <g key={`y${t.label}`}>
            <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} className="stroke-white/10" />
            <text x={plot.left - 6} y={t.at} dy="0.32em" textAnchor="end">
              {t.label}
            </text>
          </g>
        ))}
        {model.cumulative?.ticks.map((t) => (
          <text key={`c${t.label}`} x={plot.right + 6} y={t.at} dy="0.32em" className="fill-amber-300">
            {t.label}
          </text>
        ))}
        {model.xTicks.map((t) => (
          <text key={`x${t.at}`} x={t.at} y={plot.bottom + 16} textAnchor="middle">
            {t.label}
          </text>
        ))}
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="stroke-slate-400" />
      </g>
      <g aria-hidden="true">
        {model.bars.map((b) => (
          <rect key={`${b.label}-${b.x}`} x={b.x} y={b.y} width={b.width} height={b.height} className="fill-brand-400" />
        ))}
        {model.cumulative ? (
          <path d={model.cumulative.path} fill="none" strokeWidth={2} strokeLinejoin="round" className="stroke-amber-300" />
        ) : null}
      </g>
    </ChartFrame>
  )
}

export function GroupedBarChart({ model, title, description }: ChartProps & { model: BarChartModel }) {
  const { plot } = model
  return (
    <ChartFrame width={model.width} height={model.height} title={title} description={description}>
      <g className="fill-slate-300 text-[11px]" aria-hidden="true">
        {model.xTicks.map((t) => (
          <g key={`x${t.label}`}>
            <line x1={t.at} x2={t.at} y1={plot.top} y2={plot.bottom} className="stroke-white/10" />
            <text x={t.at} y={plot.bottom + 16} textAnchor="middle">
              {t.label}
            </text>
          </g>
        ))}
        {model.rows.map((r) => (
          <text key={`${r.label}-${r.y}`} x={plot.left - 8} y={r.y} dy="0.32em" textAnchor="end" className="text-[12px]">
            {r.label.length > 30 ? `${r.label.slice(0, 29)}…` : r.label}
          </text>
        ))}
      </g>
      <g aria-hidden="true">
        {model.bars.map((b) => (
          <g key={`${b.label}-${b.y}`}>
            <rect x={b.x} y={b.y} width={Math.max(b.width, 1)} height={b.height} className={SERIES_CLASS[b.series]} />
            <text x={b.x + b.width + 4} y={b.y + b.height / 2} dy="0.32em" className="fill-slate-200 text-[11px]">
              {b.value}
            </text>
          </g>
        ))}
      </g>
    </ChartFrame>
  )
}

/** A legend in words (the chart's colours explained without relying on them alone). */
export function Legend({ items }: { items: Array<{ swatch: string; label: ReactNode }> }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-4 text-sm text-slate-300">
      {items.map((item, i) => (
        <li key={i} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  )
}
