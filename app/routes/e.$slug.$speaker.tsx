import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EventEnded, EventNotFound, eventPageMeta } from '~/components/events/public-event'
import { SpeakerAvatar } from '~/components/events/programme'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { getConfig } from '~/config.server'
import { formatEventDates, formatProgrammeDay, formatProgrammeTime, initials } from '~/lib/event-programme'
import { truncate } from '~/lib/text'
import { publicEventSpeaker } from '~/models/event-pages.server'
import { listRooms, publicEventBySlug } from '~/models/events.server'
import type { loader as rootLoader } from '~/root'

// A roster speaker's page under a public event (issue 23 Deliver 3): made by the import before
// anyone signs in, edited by the organiser and, once claimed, by the speaker (unlocked fields). Their
// talks at this event with day, time and room; the attendee page /t/{code} while a session is live.

export async function loader({ params }: LoaderFunctionArgs) {
  const event = await publicEventBySlug(params.slug ?? '')
  if (!event) throw data('Event not found', { status: 404 })
  const found = await publicEventSpeaker(event, params.speaker ?? '')
  if (!found) throw data('Speaker not found', { status: 404 })
  const { speaker, sessions } = found
  const rooms = new Map((await listRooms(event.id)).map((r) => [r.id, r.name]))
  const base = `/e/${event.slug}`
  const role = [speaker.jobTitle, speaker.company].filter(Boolean).join(', ')
  return {
    event: {
      name: event.name,
      href: base,
      dates: formatEventDates(event.startsOn, event.endsOn),
      place: event.isOnline ? 'Online' : [event.venue, event.city].filter(Boolean).join(', '),
      archived: event.status === 'archived',
    },
    speaker: { ...speaker, id: undefined, role, initials: initials(speaker.name) },
    talks: sessions.map((s) => ({
      id: s.id,
      title: s.talkTitle,
      day: formatProgrammeDay(s.startsAt, event.timeZone),
      time: formatProgrammeTime(s.startsAt, s.durationMinutes, event.timeZone),
      room: (s.roomId && rooms.get(s.roomId)) || null,
      // Only while the session is live does its attendee page take details.
      attendeePage: s.status === 'live' ? `/t/${s.code}` : null,
    })),
    canonical: `${getConfig().appUrl}${base}/${encodeURIComponent(speaker.slug)}`,
    summary: truncate(speaker.bio || `${speaker.name}${role ? `, ${role},` : ''} speaks at ${event.name}.`, 160),
  }
}

export default function EventSpeaker() {
  const { event, speaker, talks } = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-12">
      <Link to={event.href} className="text-sm text-brand-200 underline-offset-4 hover:underline">
        ← {event.name} programme
      </Link>
      {event.archived ? <EventEnded /> : null}
      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        <SpeakerAvatar name={speaker.name} photoUrl={speaker.photoUrl || null} initials={speaker.initials} size="lg" />
        <div>
          <h1 className="text-4xl font-bold text-white">{speaker.name}</h1>
          {speaker.role ? <p className="mt-2 text-lg text-slate-200">{speaker.role}</p> : null}
          <p className="mt-2 text-slate-300">
            Speaking at {event.name} · {event.dates} · {event.place}
          </p>
        </div>
      </header>

      {speaker.bio ? (
        <section aria-labelledby="about" className="mt-10">
          <h2 id="about" className="text-2xl font-semibold text-white">
            About
          </h2>
          {/* Plain text: React escapes it; line breaks are kept. */}
          <p className="mt-3 whitespace-pre-line text-slate-200">{speaker.bio}</p>
        </section>
      ) : null}

      <section aria-labelledby="talks" className="mt-10">
        <h2 id="talks" className="text-2xl font-semibold text-white">
          {talks.length === 1 ? 'Talk' : 'Talks'} at {event.name}
        </h2>
        <ul className="mt-4 flex flex-col gap-4">
          {talks.map((t) => (
            <li key={t.id} className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
              <h3 className="text-lg font-semibold text-white">{t.title}</h3>
              <p className="mt-1 text-slate-300">
                {t.day} · {t.time}
                {t.room ? ` · ${t.room}` : ''}
              </p>
              {t.attendeePage ? (
                <a href={t.attendeePage} className={`${buttonClass.primary} mt-4`}>
                  Open the talk’s attendee page<span className="sr-only">: {t.title}</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: loaderData, matches }) => {
  if (!loaderData) return eventPageMeta(matches, null)
  const { speaker, event, canonical, summary } = loaderData
  return eventPageMeta(matches, {
    title: `${speaker.name} at ${event.name}`,
    ogTitle: `${speaker.name} at ${event.name}`,
    description: summary,
    canonical,
    type: 'profile',
    image: speaker.photoUrl || null,
  })
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: ({ error }) => <EventNotFound what={error.data === 'Speaker not found' ? 'speaker' : 'event'} /> }}
    />
  )
}
