import type { ReactNode } from 'react'

// A table of leads that fits its box, a laptop's or a phone's, without sideways scrolling (issue 20
// Deliver 6). The first column names the row (a row header); every other column says from which
// width of the table's box it is a column of its own. Narrower than that, its value moves into the
// row's details: a <details> disclosure under the row header (native, so it works without
// JavaScript and is announced by screen readers as expandable). Widths are container queries on
// the table's box, not the window, so a sidebar beside the table is taken into account. A value is
// rendered in both places and CSS shows one of them; `display: none` keeps the hidden copy out of
// the accessibility tree and the tab order.

/** From this width of the table's box a column is a column of its own (Tailwind's container sizes). */
export type ColumnFrom = 'always' | '@md' | '@lg' | '@xl' | '@2xl' | '@3xl' | '@4xl' | '@5xl' | 'details'

// Literal class names, so Tailwind finds them: the column's cells, and its entry in the details.
const COLUMN_CLASS: Record<ColumnFrom, string> = {
  always: '',
  '@md': 'hidden @md:table-cell',
  '@lg': 'hidden @lg:table-cell',
  '@xl': 'hidden @xl:table-cell',
  '@2xl': 'hidden @2xl:table-cell',
  '@3xl': 'hidden @3xl:table-cell',
  '@4xl': 'hidden @4xl:table-cell',
  '@5xl': 'hidden @5xl:table-cell',
  details: 'hidden',
}
type Collapsing = Exclude<ColumnFrom, 'always'>
const DETAIL_CLASS: Record<Collapsing, string> = {
  '@md': '@md:hidden',
  '@lg': '@lg:hidden',
  '@xl': '@xl:hidden',
  '@2xl': '@2xl:hidden',
  '@3xl': '@3xl:hidden',
  '@4xl': '@4xl:hidden',
  '@5xl': '@5xl:hidden',
  details: '',
}
const ORDER: Collapsing[] = ['@md', '@lg', '@xl', '@2xl', '@3xl', '@4xl', '@5xl', 'details']

export type CollapsingColumn<Row> = {
  id: string
  label: string
  from: ColumnFrom
  cell: (row: Row) => ReactNode
  /**
   * Values that may be one long unbroken word (emails, tags, German company names) may break
   * anywhere rather than push the table wider. Only those: elsewhere it would let the table squeeze
   * short words ("DevConf") into broken pieces.
   */
  breakAnywhere?: boolean
  /** False leaves the row's value out of its details (an empty answer says nothing). */
  hasValue?: (row: Row) => boolean
  /** Extra classes of the column's cells (alignment, wrapping). */
  className?: string
}

const wrapping = (anywhere?: boolean) => (anywhere ? '[overflow-wrap:anywhere]' : 'break-words')

/** A UTC minute as "2026-11-27 18:24 UTC", date and time each kept on one line. */
export function UtcMinute({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{iso.slice(0, 10)}</span>{' '}
      <span className="whitespace-nowrap">{iso.slice(11, 16)} UTC</span>
    </time>
  )
}

export function CollapsingTable<Row>({
  label,
  caption,
  rows,
  rowKey,
  rowName,
  leading,
  primary,
  columns,
}: {
  /** The scroll region's name. */
  label: string
  caption: string
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** Who the row is about, for the details' accessible name ("Details of Grace"). */
  rowName: (row: Row) => string
  /** A narrow first column before the row header (the people list's checkboxes). */
  leading?: { header: ReactNode; cell: (row: Row) => ReactNode }
  /** The row header; `className` sets its share of the width (the details live in it). */
  primary: { label: string; cell: (row: Row) => ReactNode; className?: string }
  columns: readonly CollapsingColumn<Row>[]
}) {
  const own = columns.filter((c) => c.from !== 'details')
  const collapsing = columns.flatMap((c) => (c.from === 'always' ? [] : [{ ...c, from: c.from }]))
  // From the widest column's width on, every column is one of its own and the details hold nothing.
  const widest = collapsing.reduce<Collapsing | null>(
    (w, c) => (!w || ORDER.indexOf(c.from) > ORDER.indexOf(w) ? c.from : w),
    null,
  )
  return (
    <div className="@container overflow-x-auto rounded-xl border border-white/10" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-white/5 text-slate-200">
          <tr>
            {leading ? (
              <th scope="col" className="w-8 px-3 py-2">
                {leading.header}
              </th>
            ) : null}
            <th scope="col" className={`px-3 py-2 ${primary.className ?? ''}`}>
              {primary.label}
            </th>
            {own.map((c) => (
              <th key={c.id} scope="col" className={`${COLUMN_CLASS[c.from]} px-3 py-2 ${c.className ?? ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10 text-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top">
              {leading ? <td className="px-3 py-2">{leading.cell(row)}</td> : null}
              {/* Names and emails may break anywhere; so may the details, which live in this cell. */}
              <th scope="row" className={`px-3 py-2 ${wrapping(true)} font-normal`}>
                {primary.cell(row)}
                {widest === null ? null : (
                  <details className={`mt-1 ${DETAIL_CLASS[widest]}`}>
                    <summary className="inline-block cursor-pointer py-1 text-sm font-medium text-brand-300 underline-offset-2 hover:underline">
                      Details<span className="sr-only"> of {rowName(row)}</span>
                    </summary>
                    <dl className="mt-2 grid gap-2 border-l border-white/15 pl-3 text-sm">
                      {collapsing
                        .filter((c) => c.hasValue?.(row) ?? true)
                        .map((c) => (
                          <div key={c.id} className={DETAIL_CLASS[c.from]}>
                            <dt className="text-xs text-slate-400">{c.label}</dt>
                            <dd className="text-slate-200">{c.cell(row)}</dd>
                          </div>
                        ))}
                    </dl>
                  </details>
                )}
              </th>
              {own.map((c) => (
                <td key={c.id} className={`${COLUMN_CLASS[c.from]} px-3 py-2 ${wrapping(c.breakAnywhere)} ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
