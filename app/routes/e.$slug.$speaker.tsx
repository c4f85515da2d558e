import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EventEnded, EventLanguageLinks, EventNotFound, eventPageMeta } from '~/components/events/public-event'
import { SpeakerAvatar } from '~/components/events/programme'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { getConfig } from '~/config.server'
import { formatEventDates, formatProgrammeDay, formatProgrammeTime, initials } from '~/lib/event-programme'
import { dictionary } from '~/lib/i18n/dictionaries'
import { LANGUAGE_PARAM } from '~/lib/i18n/languages'
import { ownHeaders } from '~/lib/route-headers'
import { truncate } from '~/lib/text'
import { publicEventSpeaker } from '~/models/event-pages.server'
import { listRooms, publicEventBySlug } from '~/models/events.server'
import type { loader as rootLoader } from '~/root'
import { eventPageLanguage, languageHeaders } from '~/services/attendee-language.server'

// A roster speaker's page under a public event (issue 23 Deliver 3): made by the import before
// anyone signs in, edited by the organiser and, once claimed, by the speaker (unlocked fields). Their
// talks at this event with day, time and room; the attendee page /t/{code} while a session is live.
// In the visitor's language like the event's page (issue 31; app/routes/e.$slug._index.tsx).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const event = await publicEventBySlug(params.slug ?? '')
  if (!event) throw data('Event not found', { status: 404 })
  const found = await publicEventSpeaker(event, params.speaker ?? '')
  if (!found) throw data('Speaker not found', { status: 404 })
  const served = eventPageLanguage(request, event.workspaceLanguage)
  const { language } = served
  const t = dictionary(language).event
  const { speaker, sessions } = found
  const rooms = new Map((await listRooms(event.id)).map((r) => [r.id, r.name]))
  const base = `/e/${event.slug}`
  const path = `${base}/${encodeURIComponent(speaker.slug)}`
  const keep = served.source === 'explicit' ? `?${LANGUAGE_PARAM}=${language}` : ''
  const role = [speaker.jobTitle, speaker.company].filter(Boolean).join(', ')
  return data(
    {
      pageLanguage: language,
      writtenIn: event.workspaceLanguage !== language ? event.workspaceLanguage : undefined,
      path,
      event: {
        name: event.name,
        href: `${base}${keep}`,
        dates: formatEventDates(event.startsOn, event.endsOn, language),
        place: event.isOnline ? t.online : [event.venue, event.city].filter(Boolean).join(', '),
        archived: event.status === 'archived',
      },
      speaker: { ...speaker, id: undefined, role, initials: initials(speaker.name) },
      talks: sessions.map((s) => ({
        id: s.id,
        title: s.talkTitle,
        day: formatProgrammeDay(s.startsAt, event.timeZone, language),
        time: formatProgrammeTime(s.startsAt, s.durationMinutes, event.timeZone, language),
        room: (s.roomId && rooms.get(s.roomId)) || null,
        // Only while the session is live does its attendee page take details (in its own languages).
        attendeePage: s.status === 'live' ? `/t/${s.code}${keep}` : null,
      })),
      text: {
        languages: dictionary(language).languages.label,
        back: t.back({ event: event.name }),
        speakingAt: t.speakingAt({ event: event.name }),
        about: t.about,
        talksAt: t.talksAt({ count: sessions.length, event: event.name }),
        attendeePage: t.attendeePage,
        ended: t.ended,
        title: t.speakerTitle({ speaker: speaker.name, event: event.name }),
      },
      canonical: `${getConfig().appUrl}${path}`,
      summary: truncate(speaker.bio || t.speakerSummary({ speaker: speaker.name, role, event: event.name }), 160),
    },
    { headers: languageHeaders(language) },
  )
}

export const headers = ownHeaders

export default function EventSpeaker() {
  const { event, speaker, talks, text, path, pageLanguage, writtenIn } = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-12">
      <EventLanguageLinks path={path} language={pageLanguage} label={text.languages} />
      <Link to={event.href} reloadDocument className="text-sm text-brand-200 underline-offset-4 hover:underline">
        {text.back}
      </Link>
      {event.archived ? <EventEnded text={text.ended} /> : null}
      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        <SpeakerAvatar name={speaker.name} photoUrl={speaker.photoUrl || null} initials={speaker.initials} size="lg" />
        <div>
          <h1 className="text-4xl font-bold text-white">
            <bdi>{speaker.name}</bdi>
          </h1>
          {speaker.role ? <p className="mt-2 text-lg text-slate-200">{speaker.role}</p> : null}
          <p className="mt-2 text-slate-300">
            {text.speakingAt} · {event.dates} · {event.place}
          </p>
        </div>
      </header>

      {speaker.bio ? (
        <section aria-labelledby="about" className="mt-10">
          <h2 id="about" className="text-2xl font-semibold text-white">
            {text.about}
          </h2>
          {/* Plain text: React escapes it; line breaks are kept. Written by the speaker, as written. */}
          <p lang={writtenIn} className="mt-3 whitespace-pre-line text-slate-200">
            {speaker.bio}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="talks" className="mt-10">
        <h2 id="talks" className="text-2xl font-semibold text-white">
          {text.talksAt}
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
                  {text.attendeePage}
                  <span className="sr-only">: {t.title}</span>
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
  const { speaker, canonical, summary, text } = loaderData
  return eventPageMeta(matches, {
    title: text.title,
    ogTitle: text.title,
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
