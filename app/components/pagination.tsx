import { Link } from '@remix-run/react'

/** Numbered pagination, shown only when there is more than one page. Plain links: works without JS. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = 'Pagination',
}: {
  page: number
  totalPages: number
  hrefFor: (page: number) => string
  label?: string
}) {
  if (totalPages <= 1) return null
  const pages = visiblePages(page, totalPages)
  const base = 'inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-1.5 text-sm'
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${base} border-white/15 text-slate-200 hover:bg-white/10`} rel="prev">
          Previous
        </Link>
      ) : null}
      {pages.map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            className={`${base} ${p === page ? 'border-brand-400 bg-brand-600 font-semibold text-white' : 'border-white/15 text-slate-200 hover:bg-white/10'}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={`${base} border-white/15 text-slate-200 hover:bg-white/10`} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  )
}

// First, last, and two either side of the current page; gaps become "…".
function visiblePages(page: number, total: number): Array<number | null> {
  const wanted = new Set([1, total, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= total))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: Array<number | null> = []
  for (const p of sorted) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && p - last > 1) out.push(null)
    out.push(p)
  }
  return out
}

/** The current URL's search params with one changed (null removes it); page resets unless set. */
export function withParams(search: string, changes: Record<string, string | string[] | null>) {
  const params = new URLSearchParams(search)
  if (!('page' in changes)) params.delete('page')
  for (const [key, value] of Object.entries(changes)) {
    params.delete(key)
    if (value === null) continue
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v)
  }
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/** A page number from the query string: a positive integer, else 1. */
export function pageFrom(value: string | null) {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}
