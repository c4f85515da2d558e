import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { EventStatusBadge } from '~/components/events/event-status'
import { buttonClass } from '~/components/forms'
import { PageHeader } from '~/components/workspace/workspace'
import type { EventStatus } from '~/lib/events'

// The organiser's dashboard /app (issue 23 Deliver 9), drawn from app/models/organiser-dashboard.server.ts
// by the route's loader. Each part that is empty says what to do next and links to the page that does it.

export type DashboardView = {
  events: {
    id: string
    name: string
    status: EventStatus
    dates: string
    current: boolean
    sessions: number
    speakers: number
    unclaimed: number
    leadsToday: number
  }[]
  toClaim: {
    eventId: string
    eventName: string
    total: number
    notInvited: number
    listed: { id: string; name: string; email: string; invited: string | null }[]
  }[]
  live: {
    id: string
    talkTitle: string
    eventName: string
    speakerName: string | null
    roomName: string | null
    when: string
    leadsToday: number
  }[]
  liveTotal: number
  leadsToday: number
}

const eventPath = (id: string, rest = '') => `/app/events/${id}${rest}`
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function OrganiserDashboard({ view }: { view: DashboardView }) {
  const toClaim = view.toClaim.reduce((sum, e) => sum + e.total, 0)
  return (
    <>
      <PageHeader
        title="Dashboard"
        intro="Your events, the speakers still to claim their page, what is live now and today's leads."
      >
        <Link to="/app/events/new" className={buttonClass.primary}>
          New event
        </Link>
      </PageHeader>

      {view.events.length === 0 ? (
        <FirstEvent />
      ) : (
        <>
          <dl className="mt-8 grid gap-4 sm:grid-cols-3">
            <Figure label="Leads today" value={view.leadsToday} to="/app/leads">
              Given to you since midnight in each event&apos;s time zone.
            </Figure>
            <Figure label="Live now" value={view.liveTotal}>
              Sessions whose attendee page takes sign-ups.
            </Figure>
            <Figure label="Speakers to claim" value={toClaim}>
              Speakers of current and coming events without an account yet.
            </Figure>
          </dl>
          <EventsTable events={view.events} />
          <ToClaim toClaim={view.toClaim} anySpeakers={view.events.some((e) => e.current && e.speakers > 0)} />
          <LiveNow live={view.live} total={view.liveTotal} />
        </>
      )}
    </>
  )
}

function FirstEvent() {
  return (
    <section aria-labelledby="first-event" className="mt-8 rounded-xl border border-white/10 bg-ink-900/60 p-8">
      <h2 id="first-event" className="text-xl font-semibold text-white">
        Run your first event on Lectern
      </h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-300">
        <li>Create the event: its name, dates, time zone, venue and rooms.</li>
        <li>Import your speakers from a CSV: each gets a speaker page, a session and its QR code at once.</li>
        <li>Invite the speakers to claim their pages, and download every QR code and slide for the printer.</li>
      </ol>
      <Link to="/app/events/new" className={`${buttonClass.primary} mt-6`}>
        Create your first event
      </Link>
    </section>
  )
}

function Figure({ label, value, to, children }: { label: string; value: number; to?: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums text-white">
        {to ? (
          <Link to={to} className="underline-offset-4 hover:underline">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      <dd className="mt-1 text-sm text-slate-400">{children}</dd>
    </div>
  )
}

function EventsTable({ events }: { events: DashboardView['events'] }) {
  return (
    <section aria-labelledby="events-heading" className="mt-10">
      <h2 id="events-heading" className="text-xl font-semibold text-white">
        Events
      </h2>
      <div
        className="mt-4 overflow-x-auto rounded-xl border border-white/10"
        tabIndex={0}
        role="region"
        aria-label="Events table"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your events with their state, dates, sessions, speakers and leads today</caption>
          <thead className="bg-white/5 text-slate-200">
            <tr>
              <th scope="col" className="px-4 py-3">
                Event
              </th>
              <th scope="col" className="px-4 py-3">
                State
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Sessions
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Speakers
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Leads today
              </th>
              <th scope="col" className="px-4 py-3">
                For the printer
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} className="border-t border-white/10 align-top">
                <td className="px-4 py-3">
                  <Link to={eventPath(e.id)} className="font-semibold text-white underline-offset-2 hover:underline">
                    {e.name}
                  </Link>
                  <div className="text-slate-400">{e.dates}</div>
                  {e.sessions === 0 ? (
                    <p className="mt-1 text-slate-300">
                      No speakers yet.{' '}
                      <Link to={eventPath(e.id, '/speakers/import')} className="text-brand-300 underline">
                        Import your speakers from a CSV
                      </Link>
                      : each row makes a speaker page, a session and its QR code.
                    </p>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <EventStatusBadge status={e.status} />
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{e.sessions}</td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {e.speakers}
                  {e.unclaimed > 0 ? <div className="text-xs text-slate-400">{e.unclaimed} to claim</div> : null}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{e.leadsToday}</td>
                <td className="px-4 py-3">
                  {e.sessions > 0 ? (
                    <a href={eventPath(e.id, '/qr.zip')} download className="text-brand-300 underline">
                      QR codes and slides (ZIP)<span className="sr-only"> of {e.name}</span>
                    </a>
                  ) : (
                    <span className="text-slate-400">Nothing to print yet</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function ToClaim({ toClaim, anySpeakers }: { toClaim: DashboardView['toClaim']; anySpeakers: boolean }) {
  return (
    <section aria-labelledby="to-claim-heading" className="mt-10">
      <h2 id="to-claim-heading" className="text-xl font-semibold text-white">
        Speakers still to claim
      </h2>
      {toClaim.length === 0 ? (
        <p className="mt-2 text-slate-300">
          {anySpeakers
            ? 'Every speaker of your current and coming events has claimed their page.'
            : 'No speakers of a current or coming event yet. Import them from a CSV on the event, then invite them here.'}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {toClaim.map((e) => (
            <li key={e.eventId} className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
              <h3 className="font-semibold text-white">{e.eventName}</h3>
              <p className="mt-1 text-sm text-slate-300">
                {plural(e.total, 'speaker has', 'speakers have')} not claimed their page
                {e.notInvited > 0 ? `; ${e.notInvited} not invited yet` : ''}. Until they do, you run their sessions and their
                pages show what you imported.
              </p>
              <ul className="mt-3 divide-y divide-white/10 text-sm">
                {e.listed.map((s) => (
                  <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      <span className="text-white">{s.name}</span> <span className="text-slate-400">{s.email}</span>
                    </span>
                    <span className={s.invited ? 'text-slate-300' : 'text-amber-200'}>
                      {s.invited ? `Invited ${s.invited}` : 'Not invited yet'}
                    </span>
                  </li>
                ))}
              </ul>
              {e.total > e.listed.length ? (
                <p className="mt-1 text-sm text-slate-400">and {plural(e.total - e.listed.length, 'more')}</p>
              ) : null}
              <Link to={eventPath(e.eventId, '/invitations')} className={`${buttonClass.secondary} mt-3`}>
                {e.notInvited > 0 ? 'Send invitations' : 'See invitations'}
                <span className="sr-only"> for {e.eventName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function LiveNow({ live, total }: { live: DashboardView['live']; total: number }) {
  return (
    <section aria-labelledby="live-heading" className="mt-10">
      <h2 id="live-heading" className="text-xl font-semibold text-white">
        Live now
      </h2>
      {live.length === 0 ? (
        <p className="mt-2 max-w-2xl text-slate-300">
          No session is live. A session&apos;s attendee page takes sign-ups once it is live: open the session from its
          event&apos;s programme and choose Go live before the talk starts, so its QR code leads to a working page; close it after
          the talk.
        </p>
      ) : (
        <div
          className="mt-4 overflow-x-auto rounded-xl border border-white/10"
          tabIndex={0}
          role="region"
          aria-label="Live sessions table"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sessions live now, with their leads today</caption>
            <thead className="bg-white/5 text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Session
                </th>
                <th scope="col" className="px-4 py-3">
                  Speaker
                </th>
                <th scope="col" className="px-4 py-3">
                  Room
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Leads today
                </th>
              </tr>
            </thead>
            <tbody>
              {live.map((s) => (
                <tr key={s.id} className="border-t border-white/10 align-top">
                  <td className="px-4 py-3">
                    <Link to={`/app/sessions/${s.id}`} className="font-semibold text-white underline-offset-2 hover:underline">
                      {s.talkTitle}
                    </Link>
                    <div className="text-slate-400">
                      {s.eventName} · {s.when}
                    </div>
                  </td>
                  <td className="px-4 py-3">{s.speakerName ?? '—'}</td>
                  <td className="px-4 py-3">{s.roomName ?? '—'}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{s.leadsToday}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {total > live.length ? (
            <p className="border-t border-white/10 px-4 py-3 text-sm text-slate-400">
              {plural(total - live.length, 'more session')} live; each event&apos;s programme shows them all.
            </p>
          ) : null}
        </div>
      )}
    </section>
  )
}
