import { Link } from '@remix-run/react'
import type { TableModel } from '~/lib/insights-table'

// A sortable insights table (issue 23 Deliver 7): each header is a link to the page sorted by that
// column (the server sorts; no JavaScript), the sorted one says so with aria-sort and an arrow. The
// first cell is the row's header, linked where the row has a page of its own.

export function InsightsTable({ model, caption, minWidth = '64rem' }: { model: TableModel; caption: string; minWidth?: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm text-slate-200" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-white/10 text-slate-300">
            {model.headers.map((h) => (
              <th key={h.key} scope="col" aria-sort={h.sort} className={`py-2 pr-3 font-medium ${h.numeric ? 'text-right' : ''}`}>
                <Link to={h.href} preventScrollReset className="text-brand-200 underline decoration-dotted underline-offset-4">
                  {h.label}
                  <span aria-hidden="true">{h.sort === 'ascending' ? ' ▲' : h.sort === 'descending' ? ' ▼' : ''}</span>
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => (
            <tr key={row.key} className="border-b border-white/5 align-top">
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="py-2 pr-3 font-semibold">
                    {row.href ? (
                      <Link to={row.href} className="text-brand-300 underline">
                        {cell}
                      </Link>
                    ) : (
                      cell
                    )}
                  </th>
                ) : (
                  <td key={i} className={`py-2 pr-3 ${model.headers[i]?.numeric ? 'text-right tabular-nums' : ''}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
