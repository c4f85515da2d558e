import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useNavigate, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { marketingMeta } from '~/components/marketing/meta'
import { useHydrated } from '~/components/use-hydrated'
import { IDEA_TAGS, ideaSections, ideasPage } from '~/content/ideas'
import type { IdeaTag } from '~/content/types'
import { SCROLL_TRACKING_OFFSET_PX } from '~/lib/constants'
import {
  countIdeas,
  filterIdeaSections,
  ideaFiltersSearch,
  IDEA_SEARCH_MAX,
  parseIdeaFilters,
  toggleTag,
} from '~/lib/ideas-filter'

// 100 Ways (spec 000 §2, §4). The filters live in the query string (?q=…&tag=…), so the server
// renders the filtered page without JavaScript; with JavaScript typing and chip clicks filter
// instantly and the URL follows along (no loader to re-run).

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate, formMethod }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate

const TOTAL = countIdeas(ideaSections)

export default function EventLeadCaptureIdeas() {
  const [searchParams, setSearchParams] = useSearchParams()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const fromUrl = parseIdeaFilters(searchParams)
  const [q, setQ] = useState(fromUrl.q)
  const tag = fromUrl.tag
  const sections = useMemo(() => filterIdeaSections(ideaSections, { q, tag }), [q, tag])
  const shown = countIdeas(sections)
  const active = useActiveSection(sections.map((s) => s.id))

  // Back/forward or a chip link: the box follows the URL, unless the URL is catching up with typing.
  const pushed = useRef(fromUrl.q)
  useEffect(() => {
    if (fromUrl.q !== pushed.current) {
      pushed.current = fromUrl.q
      setQ(fromUrl.q)
    }
  }, [fromUrl.q])

  const onSearch = (value: string) => {
    setQ(value)
    pushed.current = value.trim() ? value : ''
    setSearchParams(ideaFiltersSearch({ q: value, tag }), { replace: true, preventScrollReset: true })
  }
  const chipHref = (t: IdeaTag) => ideaFiltersSearch({ q, tag: toggleTag(tag, t) }) || '?'
  const onChip = (t: IdeaTag) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault()
    navigate(chipHref(t), { replace: true, preventScrollReset: true })
  }

  return (
    <>
      <section className="border-b border-white/10 bg-gradient-to-b from-brand-700/20 to-ink-950">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{ideasPage.title}</h1>
          <p className="mx-auto mt-6 max-w-3xl text-lg text-slate-300">{ideasPage.intro}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-10">
        <Form
          method="get"
          role="search"
          aria-label="Filter ideas"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => hydrated && e.preventDefault()}
        >
          <div className="flex-1">
            <label htmlFor="idea-search" className="mb-1 block text-sm font-medium text-slate-200">
              Search ideas
            </label>
            <input
              id="idea-search"
              type="search"
              name="q"
              value={q}
              maxLength={IDEA_SEARCH_MAX}
              onChange={(e) => onSearch(e.target.value)}
              placeholder={ideasPage.searchPlaceholder}
              className="w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40"
            />
          </div>
          {tag ? <input type="hidden" name="tag" value={tag} /> : null}
          {hydrated ? null : (
            <button type="submit" className={buttonClass.primary}>
              Search
            </button>
          )}
        </Form>

        <nav aria-label="Filter by role" className="mt-5">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={ideaFiltersSearch({ q, tag: null }) || '?'}
                replace
                preventScrollReset
                aria-current={tag === null ? 'true' : undefined}
                className={chipClass(tag === null)}
              >
                {ideasPage.allTagsLabel}
              </Link>
            </li>
            {IDEA_TAGS.map((t) => (
              <li key={t}>
                <a
                  href={chipHref(t)}
                  onClick={onChip(t)}
                  aria-current={tag === t ? 'true' : undefined}
                  className={chipClass(tag === t)}
                >
                  {t}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <p aria-live="polite" className="mt-5 text-sm text-slate-300">
          Showing {shown} of {TOTAL} ideas
          {tag ? ` for ${tag}` : ''}
          {q.trim() ? ` matching “${q.trim()}”` : ''}.
        </p>

        {sections.length === 0 ? (
          <div className="mt-10 rounded-xl border border-white/10 bg-ink-900/70 p-8 text-center">
            <p className="text-slate-200">{ideasPage.noResults}</p>
            <p className="mt-4">
              <Link
                to="?"
                replace
                onClick={() => {
                  pushed.current = ''
                  setQ('')
                }}
                className={buttonClass.secondary}
              >
                {ideasPage.clearFilters}
              </Link>
            </p>
          </div>
        ) : (
          <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
            <nav aria-label={ideasPage.sectionsNavLabel} className="lg:sticky lg:top-6 lg:self-start">
              <ul className="flex flex-wrap gap-2 lg:flex-col">
                {sections.map((s) => (
                  <li key={s.id}>
                    <a
                      href={`#${s.id}`}
                      aria-current={active === s.id ? 'true' : undefined}
                      className={`block rounded-md px-3 py-2 text-sm ${active === s.id ? 'bg-brand-500/20 font-semibold text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'}`}
                    >
                      {s.title} <span className="text-slate-400">({s.items.length})</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="space-y-14">
              {sections.map((s) => (
                <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-6">
                  <h2 id={`${s.id}-title`} className="text-2xl font-bold text-white">
                    {s.title}
                  </h2>
                  <ul className="mt-5 grid gap-4 sm:grid-cols-2">
                    {s.items.map((idea) => (
                      <li key={idea.title} className="flex flex-col rounded-xl border border-white/10 bg-ink-900/70 p-5">
                        <h3 className="font-semibold text-white">{idea.title}</h3>
                        <p className="mt-2 flex-1 text-sm text-slate-300">{idea.description}</p>
                        <p className="mt-3 w-fit rounded-full bg-brand-500/15 px-2.5 py-0.5 text-xs font-semibold text-brand-100">
                          {idea.tag}
                        </p>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </div>
        )}
      </div>
    </>
  )
}

function chipClass(selected: boolean) {
  return `inline-block rounded-full border px-3 py-1.5 text-sm ${selected ? 'border-brand-400 bg-brand-500 font-semibold text-white' : 'border-white/15 text-slate-200 hover:bg-white/10'}`
}

/**
 * The section the reader is in: the last one whose top has passed 100 px from the top of the
 * viewport (spec 000 §9 scroll-tracking offset); the first one before that.
 */
function useActiveSection(ids: string[]) {
  const key = ids.join(',')
  const [active, setActive] = useState<string | undefined>(ids[0])
  useEffect(() => {
    const list = key ? key.split(',') : []
    let frame = 0
    const update = () => {
      frame = 0
      let current = list[0]
      for (const id of list) {
        const el = document.getElementById(id)
        if (el && el.getBoundingClientRect().top - SCROLL_TRACKING_OFFSET_PX <= 0) current = id
      }
      setActive(current)
    }
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      if (frame) window.cancelAnimationFrame(frame)
    }
  }, [key])
  return active
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    '100 Ways to Capture Leads at Events',
    'One hundred practical ideas to capture leads on stage, at virtual events, on social media, by email and in your sales process. Filter by your role.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
