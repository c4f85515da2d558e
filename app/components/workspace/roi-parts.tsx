import type { ReactNode } from 'react'
import { CURRENCY_NOTE, formatPercent, formatTotals, type MoneyTotal } from '~/lib/roi'

// Pieces shared by the ROI pages of a session and of a talk.

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-white">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-400">{hint}</dd> : null}
    </div>
  )
}

export const percent = (value: number | null) => formatPercent(value)
export const money = (totals: readonly MoneyTotal[]) => formatTotals(totals)

/** The sentence about deal values that are not in the cost currency. */
export function OtherCurrencies({
  costCurrency,
  won,
  pipeline,
}: {
  costCurrency: string
  won: readonly MoneyTotal[]
  pipeline: readonly MoneyTotal[]
}) {
  if (!won.length && !pipeline.length) return null
  return (
    <p className="mt-4 rounded-md border border-amber-400/40 bg-amber-950/40 px-4 py-3 text-sm text-amber-100">
      {CURRENCY_NOTE(costCurrency)} {won.length ? <>Won in other currencies: {formatTotals(won)}. </> : null}
      {pipeline.length ? <>Pipeline in other currencies: {formatTotals(pipeline)}.</> : null}
    </p>
  )
}

export const ATTRIBUTION_NOTE =
  'Each person counts once: their deal is credited to the session where they were first captured (first touch), so totals never count anyone twice. People your plan does not show add to the lead count only, never to the money.'

/** A caption-led table of a chart's numbers, folded away under a summary so the page stays short. */
export function DataTable({
  summary,
  caption,
  head,
  rows,
}: {
  summary: string
  caption: string
  head: [string, string]
  rows: ReadonlyArray<{ key: string; label: string; count: number }>
}) {
  return (
    <details className="mt-3 text-sm text-slate-200">
      <summary className="cursor-pointer text-brand-300 underline">{summary}</summary>
      <table className="mt-2 w-full max-w-md text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-white/10 text-slate-300">
            <th scope="col" className="py-1 pr-4 font-medium">
              {head[0]}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-white/5">
              <th scope="row" className="py-1 pr-4 font-normal">
                {r.label}
              </th>
              <td className="py-1 text-right tabular-nums">{r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
