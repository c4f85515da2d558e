import { rootInfo } from '~/components/meta'
import { withBrandSuffix } from '~/lib/meta-title'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { getSessionUser } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { useModalHref } from '~/components/modal'
import { useNonce } from '~/components/nonce'
import { RoomTestimonials } from '~/components/feedback/room-testimonials'
import { PinIcon } from '~/components/speakers/speaker-card'
import { getConfig } from '~/config.server'
import { notListedMessage } from '~/lib/plans'
import { htmlToText, truncate } from '~/lib/text'
import { embeddableVideoSrc } from '~/lib/video-embed'
import { publicTestimonials } from '~/models/feedback-report.server'
import { getPublishedSpeakerBySlug } from '~/models/speakers.server'
import type { loader as rootLoader } from '~/root'
import bioCss from '~/components/bio-editor/bio-content.css?url'
import { CONTACT_MODAL } from './contact'
import { contactSpeakerAction, ContactSpeakerSchema } from './contact.server'
import { ContactSpeakerModal } from './contact-modal'

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug?.trim()
  if (!slug) throw data('No speaker slug provided', { status: 400 })
  let found: Awaited<ReturnType<typeof getPublishedSpeakerBySlug>>
  try {
    found = await getPublishedSpeakerBySlug(slug)
  } catch (error) {
    console.error(error)
    throw data('Failed to load speaker profile', { status: 500 })
  }
  if (!found) throw data('Speaker not found', { status: 404 })
  const { speaker, listed, ownerId } = found
  // A profile the directory does not list (its owner's plan is not Professional or Teams) is not
  // found for the public; its owner and administrators still see it, unindexed (docs/billing.md).
  let notListed: string | null = null
  if (!listed) {
    const viewer = await getSessionUser(request)
    if (viewer && viewer.id === ownerId) notListed = notListedMessage('owner')
    else if (viewer?.role === 'admin') notListed = notListedMessage('admin')
    else throw data('Speaker not found', { status: 404 })
  }
  const url = new URL(request.url)
  return {
    notListed,
    speaker: { ...speaker, createdAt: undefined },
    videoSrc: embeddableVideoSrc(speaker.videoEmbedUrl),
    modal: url.searchParams.get('modal'),
    sent: url.searchParams.get('sent') === '1',
    canonical: `${getConfig().appUrl}/speakers/${encodeURIComponent(speaker.slug)}`,
    // The form's hints from the server's schema, so the page ships no validation library.
    contactConstraint: getZodConstraint(ContactSpeakerSchema),
    // Approved quotes from the sessions the profile's account runs (issue 33 Deliver 2).
    testimonials: ownerId ? await publicTestimonials({ userId: ownerId }) : [],
  }
}

// The Contact Speaker form posts here (contact.server.ts); the modal types its fetcher from it.
export const action = contactSpeakerAction

export default function SpeakerProfile() {
  const { notListed, speaker, videoSrc, modal, sent, canonical, contactConstraint, testimonials } = useLoaderData<typeof loader>()
  const contactHref = useModalHref(CONTACT_MODAL)
  const nonce = useNonce()
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: speaker.name,
    jobTitle: speaker.jobTitle,
    worksFor: { '@type': 'Organization', name: speaker.company },
    homeLocation: { '@type': 'Place', name: speaker.location },
    url: canonical,
    ...(speaker.profileImageUrl ? { image: speaker.profileImageUrl } : {}),
    sameAs: [speaker.linkedinUrl, speaker.websiteUrl].filter(Boolean),
  }).replace(/</g, '\\u003c')
  const links = [
    { href: speaker.linkedinUrl, label: 'LinkedIn' },
    { href: speaker.websiteUrl, label: 'Website' },
    { href: speaker.newsletterUrl, label: 'Newsletter' },
  ].filter((l) => l.href)

  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-12">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Link to="/speakers" className="text-sm text-brand-200 underline-offset-4 hover:underline">
        ← Back to Speaker Directory
      </Link>
      {notListed ? (
        <p role="status" className="mt-6 rounded-lg border border-amber-400/40 bg-amber-950/40 px-4 py-3 text-sm text-amber-100">
          {notListed}{' '}
          <Link to="/pricing" className="font-medium underline">
            See the plans
          </Link>
        </p>
      ) : null}
      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        {speaker.profileImageUrl ? (
          <img
            src={speaker.profileImageUrl}
            alt={speaker.name}
            width={160}
            height={160}
            className="h-40 w-40 rounded-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-40 w-40 items-center justify-center rounded-full bg-brand-600 text-6xl font-bold text-white"
          >
            {Array.from(speaker.name)[0]?.toUpperCase()}
          </div>
        )}
        <div className="flex flex-col gap-2">
          <h1 className="text-4xl font-bold text-white">{speaker.name}</h1>
          <p className="text-lg text-slate-200">
            {speaker.jobTitle} at {speaker.company}
          </p>
          <p className="text-slate-300">
            <PinIcon />
            {speaker.location}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Link to={contactHref} preventScrollReset className={buttonClass.primary}>
              Contact Speaker
            </Link>
            {links.map((l) => (
              <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer nofollow" className={buttonClass.secondary}>
                {l.label}
              </a>
            ))}
          </div>
        </div>
      </header>

      {videoSrc ? (
        <section aria-labelledby="featured-video" className="mt-12">
          <h2 id="featured-video" className="mb-4 text-2xl font-semibold text-white">
            Featured Video
          </h2>
          <div className="aspect-video overflow-hidden rounded-xl border border-white/10">
            <iframe
              src={videoSrc}
              title={`Featured video of ${speaker.name}`}
              className="h-full w-full"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              loading="lazy"
            />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="about" className="mt-12">
        <h2 id="about" className="mb-4 text-2xl font-semibold text-white">
          About
        </h2>
        {/* Sanitized with DOMPurify when it was saved (app/services/sanitize.server.ts). */}
        <div className="bio-content" dangerouslySetInnerHTML={{ __html: speaker.bio }} />
      </section>

      <RoomTestimonials testimonials={testimonials} />

      {speaker.signatureTalks.length ? (
        <section aria-labelledby="talks" className="mt-12">
          <h2 id="talks" className="mb-4 text-2xl font-semibold text-white">
            Signature Talks
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {speaker.signatureTalks.map((talk, i) => (
              <li key={i} className="rounded-xl border border-white/10 bg-ink-900 p-5">
                <h3 className="text-lg font-semibold text-white">{talk.title}</h3>
                <p className="mt-2 text-slate-300">{talk.description}</p>
                {talk.tag ? <p className="mt-3 text-sm text-brand-200">#{talk.tag.replace(/^#+/, '')}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {speaker.eventAppearances.length ? (
        <section aria-labelledby="events" className="mt-12">
          <h2 id="events" className="mb-4 text-2xl font-semibold text-white">
            Previous Speaking Engagements
          </h2>
          <ul className="flex flex-col gap-3">
            {speaker.eventAppearances.map((event, i) => (
              <li
                key={i}
                className="flex items-center justify-between gap-4 rounded-lg border border-white/10 bg-ink-900 px-4 py-3"
              >
                <span className="text-slate-100">{event.name}</span>
                <a
                  href={event.url}
                  target="_blank"
                  rel="noopener nofollow noreferrer"
                  className="text-sm text-brand-200 underline"
                >
                  Visit<span className="sr-only"> {event.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="mt-12">
        <Link to="/speakers" className="text-brand-200 underline-offset-4 hover:underline">
          Back to Speaker Directory
        </Link>
      </p>

      {modal === CONTACT_MODAL ? (
        <ContactSpeakerModal slug={speaker.slug} speakerName={speaker.name} sentWithoutJs={sent} constraint={contactConstraint} />
      ) : null}
    </article>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: loaderData, matches }) => {
  const { brand, appUrl } = rootInfo(matches)
  if (!loaderData) return [{ title: withBrandSuffix('Speaker Not Found', brand) }]
  const { speaker, canonical, notListed } = loaderData
  const title = withBrandSuffix(`${speaker.name} – ${speaker.jobTitle} at ${speaker.company}`, brand)
  const description = truncate(htmlToText(speaker.bio), 160)
  const image = speaker.profileImageUrl ? new URL(speaker.profileImageUrl, appUrl || canonical).toString() : undefined
  return [
    { title },
    // Only its owner and administrators see an unlisted profile: never indexed.
    ...(notListed ? [{ name: 'robots', content: 'noindex' }] : []),
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'profile' },
    { property: 'og:title', content: withBrandSuffix(speaker.name, brand) },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
}

const NOT_FOUND_TEXT: Record<number, string> = {
  400: 'No speaker slug provided',
  404: 'The requested speaker profile could not be found.',
  500: 'Failed to load speaker profile',
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <GeneralErrorBoundary
      statusHandlers={Object.fromEntries([400, 404, 500].map((s) => [s, () => <SpeakerNotFound status={s} />]))}
      unexpected={() => <SpeakerNotFound status={status} />}
    />
  )
}

function SpeakerNotFound({ status }: { status: number }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-white">Speaker Not Found</h1>
      <p className="mt-4 text-slate-300">{NOT_FOUND_TEXT[status] ?? NOT_FOUND_TEXT[500]}</p>
      <div className="mt-8">
        <Link to="/speakers" className={buttonClass.primary}>
          Back to Speaker Directory
        </Link>
      </div>
    </>
  )
}
