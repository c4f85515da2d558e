import type { MetaDescriptor } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { rootInfo } from '~/components/meta'
import { buttonClass } from '~/components/forms'
import { LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES, type Language } from '~/lib/i18n/languages'
import { withBrandSuffix } from '~/lib/meta-title'

// Shared by the public event pages /e/{slug} and /e/{slug}/{speaker}: their meta tags, the line an
// archived event shows, the list of languages, and the not-found page (English: it has no event to
// negotiate for). No form library, nothing heavy: these pages stay
// far under the JavaScript budget.

export const EVENT_ENDED_TEXT = 'This event has ended. Its programme stays here for reference.'

/** The archived event's line, in the page's language (the loader passes the dictionary's words). */
export function EventEnded({ text = EVENT_ENDED_TEXT }: { text?: string }) {
  return (
    <p role="status" className="mt-4 rounded-lg border border-amber-400/40 bg-amber-950/40 px-4 py-3 text-amber-100">
      {text}
    </p>
  )
}

/**
 * The plain list of links to this page in each language (issue 31): no script, no form. Each
 * language is named in itself and marked with its lang; following one sets nothing (GET changes no
 * state), the address carries the choice.
 */
export function EventLanguageLinks({ path, language, label }: { path: string; language: Language; label: string }) {
  return (
    <nav aria-label={label} className="mb-6 text-sm">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {LANGUAGES.map((l) => (
          <li key={l}>
            <a
              href={`${path}?${LANGUAGE_PARAM}=${l}`}
              hrefLang={l}
              lang={l}
              aria-current={l === language ? 'true' : undefined}
              className={
                l === language
                  ? 'font-semibold text-white underline underline-offset-4'
                  : 'text-brand-200 underline-offset-4 hover:underline'
              }
            >
              {LANGUAGE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

type Match = { id: string; data: unknown }
type PageMeta = {
  title: string
  ogTitle: string
  description: string
  canonical: string
  type: 'website' | 'profile'
  image?: string | null
}

export function eventPageMeta(matches: readonly (Match | undefined)[], page: PageMeta | null): MetaDescriptor[] {
  const { brand, appUrl } = rootInfo(matches)
  if (!page) return [{ title: withBrandSuffix('Event Not Found', brand) }, { name: 'robots', content: 'noindex' }]
  const image = page.image ? new URL(page.image, appUrl || page.canonical).toString() : null
  return [
    { title: withBrandSuffix(page.title, brand) },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: withBrandSuffix(page.ogTitle, brand) },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.canonical },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
}

export function EventNotFound({ what = 'event' }: { what?: 'event' | 'speaker' }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-white">{what === 'event' ? 'Event Not Found' : 'Speaker Not Found'}</h1>
      <p className="mt-4 text-slate-300">
        {what === 'event'
          ? 'There is no published event at this address.'
          : 'This speaker does not speak at this event, or the event is not published.'}
      </p>
      <div className="mt-8">
        <Link to="/" className={buttonClass.primary}>
          Go to the home page
        </Link>
      </div>
    </>
  )
}
