import { Link } from '@remix-run/react'
import { EVENT_STATUS_LABELS, EVENTS_PLAN_TEXT, type EventStatus } from '~/lib/events'

// Small pieces of the organiser's event screens.

const STATUS_CLASS: Record<EventStatus, string> = {
  draft: 'border-slate-400/50 text-slate-200',
  published: 'border-emerald-400/60 bg-emerald-950/60 text-emerald-200',
  archived: 'border-amber-400/50 text-amber-200',
}

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>
      {EVENT_STATUS_LABELS[status]}
    </span>
  )
}

/** A workspace whose plan has no events: what they are and where to get them. */
export function EventsPlanNotice() {
  return (
    <div role="status" className="mt-8 rounded-xl border border-brand-400/40 bg-ink-900/60 p-6">
      <h2 className="text-lg font-semibold text-white">Events need the Event Organiser plan</h2>
      <p className="mt-2 text-slate-300">{EVENTS_PLAN_TEXT}</p>
      <Link to="/pricing" className="mt-4 inline-block font-semibold text-brand-300 underline">
        See the Event Organiser plan on Pricing
      </Link>
    </div>
  )
}
