import type { ReactNode } from 'react'
import type { BarChartModel } from '~/lib/charts.server'
import type { InsightStat, RoomChart, TableModel } from '~/lib/insights-table'
import { ColumnChart, GroupedBarChart, Legend } from './roi-charts'
import { InsightsTable } from './insights-table'
import { Stat } from './roi-parts'

// The pieces of the insights pages (issue 23 Deliver 7): the totals, a sortable table with its chart
// and CSV link, and the rooms' leads per 15 minutes. Charts are SVG drawn on the server from the
// loader's geometry; each has a title and a description in words, and its numbers are in a table.

export function InsightStats({ stats }: { stats: readonly InsightStat[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4 xl:grid-cols-8">
      {stats.map((s) => (
        <Stat key={s.label} label={s.label} value={s.value} hint={s.hint} />
      ))}
    </dl>
  )
}

/** A heading at the page's level: h2 under an event layout that has its own h1, else h1. */
export function Heading({ level, id, children }: { level: 1 | 2 | 3; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const
  const size = level === 1 ? 'text-3xl font-bold' : 'text-lg font-semibold'
  return (
    <Tag id={id} className={`${size} text-white`}>
      {children}
    </Tag>
  )
}

/** A section with a chart of its first rows beside the whole table, and the table's CSV. */
export function TableSection({
  id,
  level,
  title,
  intro,
  chart,
  table,
  caption,
  csv,
  note,
}: {
  id: string
  level: 2 | 3
  title: string
  intro?: ReactNode
  chart: { model: BarChartModel; title: string; description: string } | null
  table: TableModel
  caption: string
  csv: { href: string; label: string }
  note?: ReactNode
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <Heading level={level} id={`${id}-title`}>
          {title}
        </Heading>
        <a href={csv.href} download className="text-sm font-semibold text-brand-200 underline">
          {csv.label}
        </a>
      </div>
      {intro ? <p className="mt-2 max-w-3xl text-sm text-slate-300">{intro}</p> : null}
      <div className="mt-4 grid gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 2xl:order-1">
          {table.rows.length ? (
            <InsightsTable model={table} caption={caption} />
          ) : (
            <p className="text-slate-300">Nothing to show yet.</p>
          )}
        </div>
        {chart ? (
          <figure className="min-w-0 rounded-xl border border-white/10 bg-ink-900/60 p-4 2xl:order-2">
            <GroupedBarChart model={chart.model} title={chart.title} description={chart.description} />
            <Legend
              items={[
                { swatch: 'bg-slate-400', label: 'Scans (grey, the upper bar)' },
                { swatch: 'bg-brand-400', label: 'Leads (blue, the lower bar)' },
              ]}
            />
            <figcaption className="mt-2 text-xs text-slate-400">{chart.title}, in the table’s order.</figcaption>
          </figure>
        ) : null}
      </div>
      {note ? <p className="mt-2 max-w-3xl text-sm text-slate-400">{note}</p> : null}
    </section>
  )
}

/** One room's leads per 15 minutes across the event's days, with its busy quarter hours in a table. */
export function RoomTimeline({ room, level, days }: { room: RoomChart; level: 3 | 4; days: string }) {
  const Tag = `h${level}` as const
  return (
    <figure className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
      <Tag className="font-semibold text-white">{room.roomName}</Tag>
      <ColumnChart
        model={room.model}
        title={`Leads per 15 minutes in ${room.roomName}`}
        description={`${room.summary} ${days}`}
      />
      <figcaption className="mt-2 text-sm text-slate-300">{room.summary}</figcaption>
      {room.busy.length ? (
        <details className="mt-2 text-sm text-slate-200">
          <summary className="cursor-pointer text-brand-300 underline">Quarter hours with leads in {room.roomName}</summary>
          <table className="mt-2 w-full max-w-md text-left">
            <caption className="sr-only">Leads per 15 minutes in {room.roomName}</caption>
            <thead>
              <tr className="border-b border-white/10 text-slate-300">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Quarter hour
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Leads
                </th>
              </tr>
            </thead>
            <tbody>
              {room.busy.map((b) => (
                <tr key={b.key} className="border-b border-white/5">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {b.label}
                  </th>
                  <td className="py-1 text-right tabular-nums">{b.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </figure>
  )
}
