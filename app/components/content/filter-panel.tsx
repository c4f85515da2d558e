import { Link, useLocation } from '@remix-run/react'
import { FILTER_PANEL_VISIBLE_TAGS } from '~/lib/constants'
import type { TagCount } from '~/lib/text'
import { withParams } from '~/components/pagination'

/**
 * "Filter by Topic": the first 5 tags, the rest behind a disclosure ("Show {n} more tags" /
 * "Show less"). Each tag is a link that toggles it in the query string; selected tags combine
 * with AND on the server. A <details> element needs no JavaScript to open.
 */
export function FilterPanel({ tags, selected }: { tags: TagCount[]; selected: string[] }) {
  const location = useLocation()
  if (tags.length === 0) return null
  const selectedKeys = new Set(selected.map((t) => t.toLowerCase()))
  const first = tags.slice(0, FILTER_PANEL_VISIBLE_TAGS)
  const rest = tags.slice(FILTER_PANEL_VISIBLE_TAGS)
  // Keep the disclosure open when a hidden tag is selected, so the choice stays visible.
  const restOpen = rest.some((t) => selectedKeys.has(t.tag.toLowerCase()))
  const href = (tag: string) => {
    const key = tag.toLowerCase()
    const next = selectedKeys.has(key) ? selected.filter((s) => s.toLowerCase() !== key) : [...selected, key]
    return withParams(location.search, { tag: next })
  }
  const chip = (t: TagCount) => {
    const on = selectedKeys.has(t.tag.toLowerCase())
    return (
      <li key={t.tag}>
        <Link
          to={href(t.tag)}
          preventScrollReset
          className={`inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm ${on ? 'border-brand-300 bg-brand-600 text-white' : 'border-white/15 text-slate-200 hover:bg-white/10'}`}
        >
          {on ? <span aria-hidden="true">✓</span> : null}
          {t.tag} <span className={on ? 'text-white' : 'text-slate-400'}>({t.count})</span>
          {on ? <span className="sr-only">, selected</span> : null}
        </Link>
      </li>
    )
  }
  return (
    <section aria-labelledby="filter-by-topic" className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <h2 id="filter-by-topic" className="mb-3 text-lg font-semibold text-white">
        Filter by Topic
      </h2>
      <ul className="flex flex-wrap gap-2">{first.map(chip)}</ul>
      {rest.length ? (
        <details className="group mt-3" open={restOpen || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-brand-300 hover:text-brand-100">
            <span className="group-open:hidden">Show {rest.length} more tags</span>
            <span className="hidden group-open:inline">Show less</span>
          </summary>
          <ul className="mt-3 flex flex-wrap gap-2">{rest.map(chip)}</ul>
        </details>
      ) : null}
    </section>
  )
}
