import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { LISTING_SKELETON_CARDS } from '~/lib/constants'
import type { TagCount } from '~/lib/text'
import { FilterPanel } from './filter-panel'
import { HighlightCards, type HighlightCard } from './highlight-cards'
import { Pagination, withParams } from '~/components/pagination'
import { PostCard, PostCardSkeleton, type CardPost } from './post-card'

export type ListingView = {
  q: string
  tags: string[]
  page: number
  totalPages: number
  posts: CardPost[]
  tagSummary: TagCount[]
  cards: HighlightCard[]
}

/** /resources and /news share one page shape; news has no search or topic panel (spec 000 §2). */
export function ListingPage({
  data,
  heading,
  basePath,
  gridHeading,
  searchable,
  banner,
}: {
  data: ListingView
  heading: string
  basePath: '/resources' | '/news'
  gridHeading: string
  searchable: boolean
  banner: ReactNode
}) {
  const location = useLocation()
  const navigation = useNavigation()
  // Three skeleton cards while this listing loads new results (JS navigations).
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  const filtering = Boolean(data.q) || data.tags.length > 0
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12">
      <div className="flex flex-col gap-4">
        <Link to="/" className="w-fit text-sm text-brand-300 hover:text-brand-100">
          <span aria-hidden="true">← </span>Back Home
        </Link>
        <h1 className="text-4xl font-bold text-white">{heading}</h1>
      </div>
      {searchable ? (
        <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row" preventScrollReset>
          <label htmlFor="listing-search" className="sr-only">
            Search articles
          </label>
          <input
            id="listing-search"
            type="search"
            name="q"
            defaultValue={data.q}
            key={data.q}
            placeholder="Search articles by topic, keyword, or content..."
            className="w-full rounded-md border border-white/15 bg-ink-900 px-4 py-3 text-slate-100 placeholder:text-slate-400 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40"
          />
          {data.tags.map((t) => (
            <input key={t} type="hidden" name="tag" value={t} />
          ))}
          <button type="submit" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-500">
            Search
          </button>
        </Form>
      ) : null}
      {searchable ? <FilterPanel tags={data.tagSummary} selected={data.tags} /> : null}
      <HighlightCards cards={data.cards} />
      <section aria-labelledby="listing-grid" aria-busy={loading || undefined}>
        <h2 id="listing-grid" className="mb-6 text-2xl font-bold text-white">
          {filtering ? 'Search Results' : gridHeading}
        </h2>
        {loading ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: LISTING_SKELETON_CARDS }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </div>
        ) : data.posts.length ? (
          <>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.posts.map((post) => (
                <PostCard key={post.id} post={post} basePath={basePath} />
              ))}
            </div>
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              hrefFor={(p) => withParams(location.search, { page: String(p) })}
            />
          </>
        ) : (
          <div className="rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
            <p className="text-xl font-semibold text-white">No articles found</p>
            <p className="mt-2 text-slate-300">
              {filtering
                ? "Try adjusting your search terms or filters to find what you're looking for."
                : 'No articles are available at the moment.'}
            </p>
            <Link
              to={basePath}
              className="mt-6 inline-flex rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-500"
            >
              Clear all filters
            </Link>
          </div>
        )}
      </section>
      {banner}
    </div>
  )
}

/** The subscribe banner: the configured mailing-list form, else the footer newsletter form. */
export function SubscribeBanner({ text, mailingListUrl }: { text: string; mailingListUrl: string | null }) {
  const external = Boolean(mailingListUrl)
  return (
    <aside className="flex flex-col items-start gap-4 rounded-xl border border-brand-400/30 bg-brand-700/20 p-8 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-lg font-medium text-white">{text}</p>
      <a
        href={mailingListUrl ?? '#newsletter'}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="shrink-0 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500"
      >
        Subscribe
        {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
    </aside>
  )
}
