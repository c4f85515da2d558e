import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { workspaceMeta } from '~/components/workspace/workspace'
import { EVENT_RECIPIENT_LABELS } from '~/lib/events'
import { countEventExport } from '~/models/event-export.server'
import { ownerPlan } from '~/models/leads.server'
import { requireEvent } from '~/services/event-scope.server'

// /app/events/{id}/export: the organiser's lawful export of an event's leads (issue 23 Deliver 6),
// a tab of the event's pages. It says what a download holds and how many leads, and links the two
// downloads (…/export/csv and …/export/json), each written to the audit log with its row count.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const count = await countEventExport(scope.ownerId, event.id, await ownerPlan(scope.ownerId))
  return { event: { id: event.id, name: event.name, recipients: event.recipients }, count }
}

export default function EventExport() {
  const { event, count } = useLoaderData<typeof loader>()
  const base = `/app/events/${event.id}/export`
  return (
    <section aria-labelledby="export-heading" className="max-w-3xl">
      <h2 id="export-heading" className="text-2xl font-semibold text-white">
        Export leads
      </h2>
      <p className="mt-2 text-slate-300">
        The leads of this event that were given to you, the organiser, each with the attendee&apos;s details, the session, talk,
        speaker and room, the consent notice they saw word for word, its version (SHA-256) and time, their marketing consent, who
        received their details and their answer to the box sharing them with the speaker. Leads given only to a speaker are never
        in it.
      </p>
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-slate-200 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-white">Who receives attendees&apos; details</dt>
        <dd>{EVENT_RECIPIENT_LABELS[event.recipients]}</dd>
        <dt className="font-semibold text-white">Leads in the export</dt>
        <dd>{count === 1 ? '1 lead' : `${count.toLocaleString('en-US')} leads`}</dd>
      </dl>
      {event.recipients === 'speaker' ? (
        <p className="mt-4 text-slate-300">
          This event gives attendees&apos; details to its speakers only, so the organiser receives none: change it in the
          event&apos;s settings for sign-ups to come.
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-2">
        <a href={`${base}/csv`} className={buttonClass.primary} download>
          Download CSV
        </a>
        <a href={`${base}/json`} className={buttonClass.secondary} download>
          Download JSON
        </a>
      </div>
      <p className="mt-4 text-sm text-slate-400">
        Every download is written to the{' '}
        <Link to="/app/team/audit?kind=export.made" className="text-brand-300 underline">
          audit log
        </Link>{' '}
        with who made it and how many leads it held.
      </p>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Export leads')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
