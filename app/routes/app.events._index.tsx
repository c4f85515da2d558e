import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { EventsPlanNotice, EventStatusBadge } from '~/components/events/event-status'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { formatEventDates } from '~/lib/event-programme'
import { listEventsWithCounts } from '~/models/events.server'
import { hasEventsPlan } from '~/services/event-scope.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'events.manage')
  // Events made on the plan stay readable after it ends; new ones need it again.
  const events = await listEventsWithCounts(scope.ownerId)
  return {
    canCreate: hasEventsPlan(scope),
    events: events.map((e) => ({
      ...e,
      dates: formatEventDates(e.startsOn, e.endsOn),
      place: e.isOnline ? 'Online' : [e.venue, e.city].filter(Boolean).join(', '),
    })),
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export default function Events() {
  const { canCreate, events } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Events" intro="Your conferences: their programme, speakers and public pages.">
        {events.length ? (
          <Link to="/app/events/insights" className={buttonClass.secondary}>
            Insights across events
          </Link>
        ) : null}
        {canCreate ? (
          <Link to="/app/events/new" className={buttonClass.primary}>
            New event
          </Link>
        ) : null}
      </PageHeader>
      {canCreate ? null : <EventsPlanNotice />}
      {events.length === 0 ? (
        canCreate ? (
          <div className="mt-10 rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
            <h2 className="text-xl font-semibold text-white">No events yet</h2>
            <p className="mt-2 text-slate-300">
              Start with the event’s name, dates and venue. Then add its rooms and import its speakers from a CSV.
            </p>
            <Link to="/app/events/new" className={`${buttonClass.primary} mt-6`}>
              Create your first event
            </Link>
          </div>
        ) : null
      ) : (
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {events.map((e) => (
            <li key={e.id} className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
              <div className="flex items-start justify-between gap-3">
                <h2 className="text-lg font-semibold text-white">
                  <Link to={`/app/events/${e.id}`} className="underline-offset-4 hover:underline">
                    {e.name}
                  </Link>
                </h2>
                <EventStatusBadge status={e.status} />
              </div>
              <p className="mt-1 text-sm text-slate-300">
                {e.dates}
                {e.place ? ` · ${e.place}` : ''}
              </p>
              <p className="mt-2 text-sm text-slate-400">
                {plural(e.speakers, 'speaker', 'speakers')} · {plural(e.sessions, 'session', 'sessions')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Events')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
