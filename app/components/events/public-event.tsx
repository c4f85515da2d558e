import type { MetaDescriptor } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { rootInfo } from '~/components/meta'
import { buttonClass } from '~/components/forms'
import { withBrandSuffix } from '~/lib/meta-title'

// Shared by the public event pages /e/{slug} and /e/{slug}/{speaker}: their meta tags, the line an
// archived event shows, and the not-found page. No form library, nothing heavy: these pages stay
// far under the JavaScript budget.

export const EVENT_ENDED_TEXT = 'This event has ended. Its programme stays here for reference.'

export function EventEnded() {
  return (
    <p role="status" className="mt-4 rounded-lg border border-amber-400/40 bg-amber-950/40 px-4 py-3 text-amber-100">
      {EVENT_ENDED_TEXT}
    </p>
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
