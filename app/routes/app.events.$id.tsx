import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { EventStatusBadge } from '~/components/events/event-status'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { workspaceMeta } from '~/components/workspace/workspace'
import { getConfig } from '~/config.server'
import { formatEventDates } from '~/lib/event-programme'
import { composeLink } from '~/lib/follow-up-compose'
import { requireEvent } from '~/services/event-scope.server'

// The frame of one event's organiser pages (/app/events/{id}/…): its name, dates, status, public
// link and the tabs. Each tab is its own route rendered in the <Outlet />; each guards itself too.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event } = await requireEvent(request, params.id)
  return {
    event: {
      id: event.id,
      name: event.name,
      slug: event.slug,
      status: event.status,
      timeZone: event.timeZone,
      dates: formatEventDates(event.startsOn, event.endsOn),
      place: event.isOnline ? 'Online' : [event.venue, event.city].filter(Boolean).join(', '),
    },
    publicUrl: `${getConfig().appUrl}/e/${event.slug}`,
  }
}

const TABS = [
  { to: '', label: 'Overview', end: true },
  { to: '/speakers', label: 'Speakers' },
  { to: '/invitations', label: 'Invitations' },
  { to: '/insights', label: 'Insights' },
  { to: '/export', label: 'Export' },
  { to: '/settings', label: 'Settings' },
] as const

export default function EventLayout() {
  const { event, publicUrl } = useLoaderData<typeof loader>()
  const base = `/app/events/${event.id}`
  return (
    <>
      <p className="text-sm">
        <Link to="/app/events" className="text-brand-300 underline-offset-4 hover:underline">
          ← Events
        </Link>
      </p>
      <header className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold text-white">{event.name}</h1>
            <EventStatusBadge status={event.status} />
          </div>
          <p className="mt-2 text-slate-300">
            {event.dates}
            {event.place ? ` · ${event.place}` : ''} · {event.timeZone.replace(/_/g, ' ')}
          </p>
          <p className="mt-1 text-sm text-slate-400">
            Public page:{' '}
            {event.status === 'draft' ? (
              <>
                <span className="font-mono">{publicUrl}</span> (shown once you publish the event)
              </>
            ) : (
              <a href={publicUrl} className="font-mono text-brand-300 underline">
                {publicUrl}
              </a>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link
            to={composeLink('event', event.id)}
            className="rounded-md border border-white/15 px-3 py-2 text-sm font-semibold text-white hover:bg-white/5"
          >
            Write a follow-up to its leads
          </Link>
          {/* Every session's QR code (SVG and PNG) and slide in one ZIP, named for the printer (Deliver 8). */}
          <a
            href={`${base}/qr.zip`}
            download
            className="rounded-md border border-white/15 px-3 py-2 text-sm font-semibold text-white hover:bg-white/5"
          >
            Download every QR code and slide (ZIP)
          </a>
        </div>
      </header>
      <nav aria-label="Event" className="mt-6 border-b border-white/10">
        <ul className="flex flex-wrap gap-1 text-sm">
          {TABS.map((tab) => (
            <li key={tab.label}>
              <NavLink
                to={`${base}${tab.to}`}
                end={'end' in tab ? tab.end : false}
                className={({ isActive }) =>
                  `-mb-px inline-block border-b-2 px-3 py-2 ${isActive ? 'border-brand-400 font-semibold text-white' : 'border-transparent text-slate-300 hover:text-white'}`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => workspaceMeta(matches, data?.event.name ?? 'Event')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
