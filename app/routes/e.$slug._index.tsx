import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EventEnded, EventNotFound, eventPageMeta } from '~/components/events/public-event'
import { Programme } from '~/components/events/programme'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { getConfig } from '~/config.server'
import { formatEventDates, programmeView } from '~/lib/event-programme'
import { truncate } from '~/lib/text'
import { eventProgramme } from '~/models/event-pages.server'
import { listRooms, publicEventBySlug } from '~/models/events.server'
import type { loader as rootLoader } from '~/root'
import { RoomTestimonials } from '~/components/feedback/room-testimonials'
import { publicTestimonials } from '~/models/feedback-report.server'

// An event's public page (issue 23 Deliver 1): its programme by day and room, each talk with its
// speaker, linking to the speaker's page under the event. Server-rendered, readable without
// JavaScript, cached like the other public pages (purged by purgeEventPages). A draft is not found;
// an archived event stays, saying it has ended.

export async function loader({ params }: LoaderFunctionArgs) {
  const event = await publicEventBySlug(params.slug ?? '')
  if (!event) throw data('Event not found', { status: 404 })
  const [rooms, sessions, testimonials] = await Promise.all([
    listRooms(event.id),
    eventProgramme(event.id),
    publicTestimonials({ eventId: event.id }),
  ])
  const base = `/e/${event.slug}`
  const dates = formatEventDates(event.startsOn, event.endsOn)
  const place = event.isOnline ? 'Online' : [event.venue, event.city].filter(Boolean).join(', ')
  return {
    event: { name: event.name, description: event.description, dates, place, archived: event.status === 'archived' },
    zone: event.timeZone.replace(/_/g, ' '),
    days: programmeView(sessions, rooms, event.timeZone, (s) => ({
      href: s.speakerSlug ? `${base}/${encodeURIComponent(s.speakerSlug)}` : null,
    })),
    testimonials,
    canonical: `${getConfig().appUrl}${base}`,
    summary: truncate(event.description || `The programme of ${event.name}: ${dates}, ${place}.`, 160),
  }
}

export default function PublicEvent() {
  const { event, zone, days, testimonials } = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-bold text-white">{event.name}</h1>
        <p className="mt-3 text-lg text-slate-200">
          {event.dates} · {event.place}
        </p>
        {event.archived ? <EventEnded /> : null}
        {event.description ? <p className="mt-4 max-w-3xl whitespace-pre-line text-slate-300">{event.description}</p> : null}
      </header>
      <section aria-labelledby="programme" className="mt-10">
        <h2 id="programme" className="text-3xl font-semibold text-white">
          Programme
        </h2>
        <p className="mt-2 text-sm text-slate-400">Times are local to the event ({zone}).</p>
        {days.length === 0 ? (
          <p className="mt-6 text-slate-300">The programme will be announced soon.</p>
        ) : (
          <div className="mt-6">
            <Programme days={days} headingLevel={3} noRoomLabel="Room to be announced" />
          </div>
        )}
      </section>
      <RoomTestimonials testimonials={testimonials} title="What the audience said" />
    </article>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: loaderData, matches }) => {
  if (!loaderData) return eventPageMeta(matches, null)
  const { event, canonical, summary } = loaderData
  return eventPageMeta(matches, {
    title: `${event.name} – Programme`,
    ogTitle: event.name,
    description: summary,
    canonical,
    type: 'website',
  })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />
}
