import { rootInfo } from '~/components/meta'
import { withBrandSuffix } from '~/lib/meta-title'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Pagination } from '~/components/pagination'
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useRef } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { SpeakerCard, SpeakerCardSkeletons } from '~/components/speakers/speaker-card'
import { DIRECTORY_FILTERS } from '~/lib/constants'
import { directoryHref, hasDirectoryFilters, SEARCH_MAX_LENGTH, speakersFoundLine } from '~/lib/directory-query'
import { loadDirectory } from '~/services/directory.server'
import type { loader as rootLoader } from '~/root'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDirectory(new URL(request.url).searchParams)
}

export default function SpeakerDirectory() {
  const { params, total, speakers, page, pageCount } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const typingTimer = useRef<ReturnType<typeof setTimeout>>()
  const filtering = hasDirectoryFilters(params)
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/speakers'

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12">
      <header className="mb-8">
        <h1 className="text-4xl font-bold text-white">Speaker Directory</h1>
        <p className="mt-3 max-w-2xl text-slate-300">
          Find speakers by topic, industry, region and talk type, then contact them directly from their profile.
        </p>
      </header>

      <Form
        method="get"
        role="search"
        aria-label="Filter speakers"
        className="mb-6 grid gap-4 rounded-xl border border-white/10 bg-ink-900/60 p-4 sm:grid-cols-2 lg:grid-cols-6"
        onChange={(event) => {
          // With JavaScript the list follows the filters; typing waits for a pause.
          const form = event.currentTarget
          const isText = (event.target as HTMLElement).tagName === 'INPUT'
          clearTimeout(typingTimer.current)
          typingTimer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), isText ? 350 : 0)
        }}
      >
        <div className="lg:col-span-2">
          <label htmlFor="speaker-search" className="mb-1 block text-sm font-medium text-slate-200">
            Search by name, company or topic
          </label>
          <input
            id="speaker-search"
            type="search"
            name="q"
            defaultValue={params.q}
            maxLength={SEARCH_MAX_LENGTH}
            className="w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 placeholder:text-slate-400"
            placeholder="e.g. marketing"
          />
        </div>
        {DIRECTORY_FILTERS.map((filter) => (
          <div key={filter.param}>
            <label htmlFor={`filter-${filter.param}`} className="mb-1 block text-sm font-medium text-slate-200">
              {filter.label}
            </label>
            <select
              id={`filter-${filter.param}`}
              name={filter.param}
              defaultValue={params[filter.param] ?? ''}
              className="w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100"
            >
              <option value="">All</option>
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-6">
          <button type="submit" className={buttonClass.primary}>
            Apply Filters
          </button>
          {filtering ? (
            <Link to="/speakers" className={buttonClass.secondary}>
              Clear All Filters
            </Link>
          ) : null}
        </div>
      </Form>

      <p role="status" className="mb-6 text-sm text-slate-300">
        {speakersFoundLine(total)}
      </p>

      {loading ? (
        <SpeakerCardSkeletons />
      ) : speakers.length === 0 ? (
        filtering ? (
          <div className="rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
            <h2 className="text-2xl font-semibold text-white">No speakers match these filters</h2>
            <p className="mt-2 text-slate-300">Try another topic, region or search term.</p>
            <Link to="/speakers" className={`${buttonClass.secondary} mt-6`}>
              Clear All Filters
            </Link>
          </div>
        ) : (
          <div className="rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
            <p className="text-sm uppercase tracking-wide text-brand-200">No speakers yet</p>
            <h2 className="mt-2 text-2xl font-semibold text-white">More Speakers Coming Soon</h2>
            <p className="mt-2 text-slate-300">We're building out the full directory now.</p>
            <Link to="/signup" className={`${buttonClass.primary} mt-6`}>
              Get Early Access
            </Link>
          </div>
        )
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {speakers.map((s) => (
            <SpeakerCard key={s.slug} speaker={s} />
          ))}
        </ul>
      )}

      {loading ? null : <Pagination page={page} totalPages={pageCount} hrefFor={(n) => directoryHref(params, n)} />}

      <aside
        aria-labelledby="directory-promo"
        className="mt-16 rounded-2xl border border-brand-400/30 bg-gradient-to-br from-brand-900/40 to-ink-900 p-8 text-center"
      >
        <h2 id="directory-promo" className="text-2xl font-semibold text-white">
          Want to appear in the directory?
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-slate-300">
          A Pro or Teams plan is needed to be listed in the Speaker Directory, so event organisers can find and contact you.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/pricing" className={buttonClass.secondary}>
            See Plans
          </Link>
          <Link to="/signup" className={buttonClass.primary}>
            Get Started
          </Link>
        </div>
      </aside>
    </div>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const brand = rootInfo(matches).brand
  return [
    { title: withBrandSuffix('Speaker Directory', brand) },
    {
      name: 'description',
      content: 'Browse event speakers by topic, industry, region and talk type, and contact them directly.',
    },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpected={() => <ErrorPanel />} />
}

function ErrorPanel() {
  return (
    <>
      <h1 className="text-3xl font-bold text-white">Speaker Directory</h1>
      <p className="mt-4 text-slate-300">Failed to load speakers: please try again in a moment.</p>
    </>
  )
}
