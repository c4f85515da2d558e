import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireAdmin } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { marketingMeta } from '~/components/marketing/meta'
import { ANALYTICS_DAYS, dailySeries, totalsByName, windowStart, type DayPoint } from '~/lib/daily-series'
import { countEventsPerDay } from '~/models/analytics-events.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const today = new Date()
  const rows = await countEventsPerDay(windowStart(today))
  const series = dailySeries(rows, today)
  return { series, totals: totalsByName(series) }
}

export default function AdminAnalytics() {
  const { series, totals } = useLoaderData<typeof loader>()
  const sum = series.reduce((n, p) => n + p.total, 0)
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold text-white">Analytics</h1>
        <p className="mt-2 text-slate-300">
          First-party events per day for the last {ANALYTICS_DAYS} days (UTC): {sum} in total. No cookies, no IP addresses.
        </p>

        <section aria-labelledby="chart-title" className="mt-8 rounded-xl border border-white/10 bg-ink-900/60 p-6">
          <h2 id="chart-title" className="text-xl font-semibold text-white">
            Events per day
          </h2>
          <BarChart series={series} />
        </section>

        <section aria-labelledby="totals-title" className="mt-8">
          <h2 id="totals-title" className="text-xl font-semibold text-white">
            Totals by event
          </h2>
          {totals.length === 0 ? (
            <p className="mt-3 text-slate-300">No events recorded in this period.</p>
          ) : (
            <table className="mt-3 w-full max-w-xl text-left text-sm">
              <thead className="text-slate-300">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Event
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Count
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {totals.map((t) => (
                  <tr key={t.name}>
                    <th scope="row" className="py-2 pr-4 font-mono font-normal text-slate-100">
                      {t.name}
                    </th>
                    <td className="py-2 text-right tabular-nums text-slate-100">{t.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="daily-title" className="mt-8">
          <h2 id="daily-title" className="text-xl font-semibold text-white">
            Daily counts
          </h2>
          <div
            className="mt-3 overflow-x-auto rounded-xl border border-white/10"
            role="region"
            aria-labelledby="daily-title"
            tabIndex={0}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Events per day, last {ANALYTICS_DAYS} days</caption>
              <thead className="bg-ink-900 text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Total
                  </th>
                  <th scope="col" className="px-3 py-2">
                    By event
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {[...series].reverse().map((p) => (
                  <tr key={p.day}>
                    <th scope="row" className="whitespace-nowrap px-3 py-2 font-normal text-slate-100">
                      {p.day}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums text-slate-100">{p.total}</td>
                    <td className="px-3 py-2 text-slate-300">
                      {Object.entries(p.byName)
                        .map(([name, n]) => `${name}: ${n}`)
                        .join(', ') || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  )
}

/** Server-rendered SVG bars; the table below carries the same numbers for screen readers. */
function BarChart({ series }: { series: readonly DayPoint[] }) {
  const width = 900
  const height = 240
  const pad = { top: 16, right: 8, bottom: 32, left: 40 }
  const max = Math.max(1, ...series.map((p) => p.total))
  const innerW = width - pad.left - pad.right
  const innerH = height - pad.top - pad.bottom
  const slot = innerW / series.length
  const barW = Math.max(2, slot * 0.7)
  const first = series[0]?.day ?? ''
  const last = series.at(-1)?.day ?? ''
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="chart-svg-title chart-svg-desc"
      className="mt-4 h-auto w-full"
    >
      <title id="chart-svg-title">Events per day</title>
      <desc id="chart-svg-desc">
        Bar chart of event counts per day from {first} to {last}; the busiest day had{' '}
        {max === 1 && series.every((p) => p.total === 0) ? 0 : max} events. The same numbers are in the Daily counts table.
      </desc>
      <line
        x1={pad.left}
        x2={width - pad.right}
        y1={pad.top + innerH}
        y2={pad.top + innerH}
        stroke="currentColor"
        className="text-slate-500"
      />
      <text x={pad.left - 6} y={pad.top + 4} textAnchor="end" className="fill-slate-300 text-[11px]">
        {max}
      </text>
      <text x={pad.left - 6} y={pad.top + innerH} textAnchor="end" className="fill-slate-300 text-[11px]">
        0
      </text>
      {series.map((p, i) => {
        const h = (p.total / max) * innerH
        const x = pad.left + i * slot + (slot - barW) / 2
        return (
          <g key={p.day}>
            <rect x={x} y={pad.top + innerH - h} width={barW} height={h} rx={2} className="fill-brand-400">
              <title>{`${p.day}: ${p.total}`}</title>
            </rect>
            {i % 5 === 0 || i === series.length - 1 ? (
              <text x={x + barW / 2} y={height - 10} textAnchor="middle" className="fill-slate-300 text-[11px]">
                {p.day.slice(5)}
              </text>
            ) : null}
          </g>
        )
      })}
    </svg>
  )
}

export const meta: MetaFunction = ({ matches }) => [
  ...marketingMeta(matches, 'Analytics', 'First-party event counts per day for the last 30 days.'),
  { name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
