import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

// An event's programme by day and room (issue 23 Deliver 1), as the public page /e/{slug} and the
// organiser's overview show it: plain headings and lists, readable without JavaScript. The days come
// grouped and formatted from the server (app/lib/event-programme.ts).

export type ProgrammeEntry = {
  id: string
  time: string
  talkTitle: string
  speakerName: string | null
  jobTitle: string | null
  company: string | null
  photoUrl: string | null
  initials: string
  /** Where the entry links to: the speaker's page under the event, or the organiser's session page. */
  href: string | null
  /** Extra words after the talk (the organiser's session status). */
  note?: ReactNode
}

export type ProgrammeDayView = {
  day: string
  label: string
  rooms: { id: string | null; name: string | null; sessions: ProgrammeEntry[] }[]
}

export function SpeakerAvatar({
  name,
  photoUrl,
  initials,
  size = 'sm',
}: {
  name: string
  photoUrl: string | null
  initials: string
  size?: 'sm' | 'lg'
}) {
  const box = size === 'lg' ? 'h-32 w-32 text-4xl' : 'h-12 w-12 text-base'
  const px = size === 'lg' ? 128 : 48
  if (photoUrl)
    // In the programme the name is written beside the photo: the photo says nothing more there.
    return (
      <img
        src={photoUrl}
        alt={size === 'lg' ? name : ''}
        width={px}
        height={px}
        loading="lazy"
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white`}
    >
      {initials}
    </span>
  )
}

export function Programme({
  days,
  headingLevel = 2,
  noRoomLabel,
}: {
  days: ProgrammeDayView[]
  headingLevel?: 2 | 3
  noRoomLabel: string
}) {
  const DayHeading = headingLevel === 2 ? 'h2' : 'h3'
  const RoomHeading = headingLevel === 2 ? 'h3' : 'h4'
  return (
    <div className="flex flex-col gap-10">
      {days.map((day) => (
        <section key={day.day} aria-labelledby={`day-${day.day}`}>
          <DayHeading id={`day-${day.day}`} className="text-2xl font-semibold text-white">
            {day.label}
          </DayHeading>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            {day.rooms.map((room) => (
              <section
                key={room.id ?? 'none'}
                aria-label={`${room.name ?? noRoomLabel}, ${day.label}`}
                className="rounded-xl border border-white/10 bg-ink-900/60 p-5"
              >
                <RoomHeading className="text-lg font-semibold text-brand-200">{room.name ?? noRoomLabel}</RoomHeading>
                <ol className="mt-3 flex flex-col divide-y divide-white/10">
                  {room.sessions.map((s) => (
                    <li key={s.id} className="flex gap-4 py-3">
                      <span className="w-28 shrink-0 pt-1 font-mono text-sm text-slate-300">{s.time}</span>
                      <SpeakerAvatar name={s.speakerName ?? ''} photoUrl={s.photoUrl} initials={s.initials} />
                      <div className="min-w-0">
                        <p className="font-semibold text-white">
                          {s.href ? (
                            <Link to={s.href} className="underline-offset-4 hover:underline">
                              {s.talkTitle}
                            </Link>
                          ) : (
                            s.talkTitle
                          )}
                        </p>
                        {s.speakerName ? (
                          <p className="text-sm text-slate-200">
                            {/* A name in a right-to-left script (محمد) keeps its place beside the job title. */}
                            <bdi>{s.speakerName}</bdi>
                            {s.jobTitle || s.company ? (
                              <span className="text-slate-400">
                                {' · '}
                                {[s.jobTitle, s.company].filter(Boolean).join(', ')}
                              </span>
                            ) : null}
                          </p>
                        ) : null}
                        {s.note ? <p className="mt-1 text-xs text-slate-400">{s.note}</p> : null}
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
