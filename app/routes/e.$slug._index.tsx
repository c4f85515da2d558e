import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EventEnded, EventLanguageLinks, EventNotFound, eventPageMeta } from '~/components/events/public-event'
import { Programme } from '~/components/events/programme'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { getConfig } from '~/config.server'
import { dictionary } from '~/lib/i18n/dictionaries'
import { LANGUAGE_PARAM } from '~/lib/i18n/languages'
import { formatEventDates, programmeView } from '~/lib/event-programme'
import { ownHeaders } from '~/lib/route-headers'
import { truncate } from '~/lib/text'
import { eventProgramme } from '~/models/event-pages.server'
import { listRooms, publicEventBySlug } from '~/models/events.server'
import type { loader as rootLoader } from '~/root'
import { RoomTestimonials } from '~/components/feedback/room-testimonials'
import { publicTestimonials } from '~/models/feedback-report.server'
import { eventPageLanguage, languageHeaders } from '~/services/attendee-language.server'

// An event's public page (issue 23 Deliver 1): its programme by day and room, each talk with its
// speaker, linking to the speaker's page under the event. Server-rendered, readable without
// JavaScript, cached like the other public pages (purged by purgeEventPages). A draft is not found;
// an archived event stays, saying it has ended. In the visitor's language (issue 31: ?lang=, the
// lectern-lang cookie, Accept-Language, the workspace's language; docs/languages.md): Lectern's
// words and the dates from the dictionaries and Intl, the organiser's and speakers' words as written.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const event = await publicEventBySlug(params.slug ?? '')
  if (!event) throw data('Event not found', { status: 404 })
  const served = eventPageLanguage(request, event.workspaceLanguage)
  const { language } = served
  const t = dictionary(language).event
  const [rooms, sessions, testimonials] = await Promise.all([
    listRooms(event.id),
    eventProgramme(event.id),
    publicTestimonials({ eventId: event.id }),
  ])
  const base = `/e/${event.slug}`
  // A language picked from the list stays picked on the speakers' pages (the address carries it).
  const keep = served.source === 'explicit' ? `?${LANGUAGE_PARAM}=${language}` : ''
  const dates = formatEventDates(event.startsOn, event.endsOn, language)
  const place = event.isOnline ? t.online : [event.venue, event.city].filter(Boolean).join(', ')
  return data(
    {
      pageLanguage: language,
      // The organiser's words are in the workspace's language: marked when the page is in another.
      writtenIn: event.workspaceLanguage !== language ? event.workspaceLanguage : undefined,
      path: base,
      event: { name: event.name, description: event.description, dates, place, archived: event.status === 'archived' },
      days: programmeView(
        sessions,
        rooms,
        event.timeZone,
        (s) => ({ href: s.speakerSlug ? `${base}/${encodeURIComponent(s.speakerSlug)}${keep}` : null }),
        language,
      ),
      testimonials: testimonials.map((q) => ({
        ...q,
        attribution: t.attribution({ author: q.author, talk: q.talkTitle, event: q.eventName }),
      })),
      text: {
        languages: dictionary(language).languages.label,
        programme: t.programme,
        zone: t.zone({ zone: event.timeZone.replace(/_/g, ' ') }),
        soon: t.soon,
        noRoom: t.noRoom,
        ended: t.ended,
        testimonials: t.testimonials,
        title: t.pageTitle({ event: event.name }),
      },
      canonical: `${getConfig().appUrl}${base}`,
      summary: truncate(event.description || t.summary({ event: event.name, dates, place }), 160),
    },
    { headers: languageHeaders(language) },
  )
}

export const headers = ownHeaders

export default function PublicEvent() {
  const { event, days, testimonials, text, path, pageLanguage, writtenIn } = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-12">
      <EventLanguageLinks path={path} language={pageLanguage} label={text.languages} />
      <header>
        <h1 className="text-4xl font-bold text-white">{event.name}</h1>
        <p className="mt-3 text-lg text-slate-200">
          {event.dates} · {event.place}
        </p>
        {event.archived ? <EventEnded text={text.ended} /> : null}
        {event.description ? (
          <p lang={writtenIn} className="mt-4 max-w-3xl whitespace-pre-line text-slate-300">
            {event.description}
          </p>
        ) : null}
      </header>
      <section aria-labelledby="programme" className="mt-10">
        <h2 id="programme" className="text-3xl font-semibold text-white">
          {text.programme}
        </h2>
        <p className="mt-2 text-sm text-slate-400">{text.zone}</p>
        {days.length === 0 ? (
          <p className="mt-6 text-slate-300">{text.soon}</p>
        ) : (
          <div className="mt-6">
            <Programme days={days} headingLevel={3} noRoomLabel={text.noRoom} />
          </div>
        )}
      </section>
      <RoomTestimonials testimonials={testimonials} title={text.testimonials} />
    </article>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: loaderData, matches }) => {
  if (!loaderData) return eventPageMeta(matches, null)
  const { event, canonical, summary, text } = loaderData
  return eventPageMeta(matches, {
    title: text.title,
    ogTitle: event.name,
    description: summary,
    canonical,
    type: 'website',
  })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />
}
