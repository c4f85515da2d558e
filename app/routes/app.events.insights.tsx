import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { InsightStats, TableSection } from '~/components/workspace/insights-parts'
import { ATTRIBUTION_NOTE } from '~/components/workspace/roi-parts'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { conversionNote } from '~/lib/conversion'
import { EVENT_COLUMNS, EVENT_FEEDBACK_COLUMNS, SPEAKER_COLUMNS, SPEAKER_FEEDBACK_COLUMNS } from '~/lib/event-insights-columns'
import { EVENT_STATUS_LABELS, type EventStatus } from '~/lib/events'
import { tableModel } from '~/lib/insights-table'
import { FEEDBACK_PREFIX, SPEAKER_FEEDBACK_PREFIX, SPEAKER_PREFIX, workspaceInsights } from '~/services/event-insights.server'
import { tableChart, totalStats } from '~/services/insights-view.server'

// GET /app/events/insights (issue 23 Deliver 7): every roster speaker across all their sessions and
// events, and every event with its totals, each table sorted by any column through plain links
// (?speakerSort=…&speakerDir=… and ?sort=…&dir=…) with a chart beside it and a CSV in its order.
// For the owner and admins. A static segment: it never reaches the event routes' $id.

const BASE = '/app/events/insights'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'events.manage')
  const query = new URL(request.url).searchParams
  const data = await workspaceInsights(scope.ownerId, query)
  const search = query.toString() ? `?${query.toString()}` : ''
  return {
    stats: totalStats(data.totals),
    floored: data.totals.conversion.floored,
    speakers: {
      table: tableModel(data.speakers, SPEAKER_COLUMNS, data.speakerSort, query, {
        prefix: SPEAKER_PREFIX,
        hash: 'speakers',
        rowKey: (s) => s.id,
      }),
      chart: tableChart(data.speakers, (s) => s.name, 'speakers'),
      csv: `${BASE}/speakers.csv${search}`,
    },
    events: {
      table: tableModel(data.events, EVENT_COLUMNS, data.eventSort, query, {
        hash: 'events',
        rowKey: (e) => e.id,
        href: (e) => `/app/events/${e.id}/insights`,
        text: {
          starts: (e) => (e.startsOn === e.endsOn ? e.startsOn : `${e.startsOn} to ${e.endsOn}`),
          status: (e) => EVENT_STATUS_LABELS[e.status as EventStatus] ?? e.status,
        },
      }),
      chart: tableChart(data.events, (e) => e.name, 'events'),
      csv: `${BASE}/events.csv${search}`,
    },
    // Feedback (issue 33 Deliver 4).
    speakerFeedback: tableModel(data.speakerFeedback, SPEAKER_FEEDBACK_COLUMNS, data.speakerFeedbackSort, query, {
      prefix: SPEAKER_FEEDBACK_PREFIX,
      hash: 'speaker-feedback',
      rowKey: (s) => s.id,
    }),
    eventFeedback: tableModel(data.eventFeedback, EVENT_FEEDBACK_COLUMNS, data.eventFeedbackSort, query, {
      prefix: FEEDBACK_PREFIX,
      hash: 'event-feedback',
      rowKey: (e) => e.id,
      href: (e) => `/app/events/${e.id}/insights#feedback`,
    }),
  }
}

export default function WorkspaceInsightsPage() {
  const { stats, floored, speakers, events, speakerFeedback, eventFeedback } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader
        title="Insights across your events"
        intro="Every speaker across all their sessions and events, and every event with its totals. Hot leads and the pipeline count only the leads given to you (the organiser)."
      />
      <section aria-labelledby="totals-title" className="mt-8">
        <h2 id="totals-title" className="text-lg font-semibold text-white">
          All events
        </h2>
        <InsightStats stats={stats} />
        <p className="mt-3 max-w-3xl text-sm text-slate-400">{ATTRIBUTION_NOTE}</p>
      </section>
      <TableSection
        id="speakers"
        level={2}
        title="Speakers"
        intro="Each speaker on your roster over all their sessions and events. Sort by any column with its heading."
        chart={speakers.chart}
        table={speakers.table}
        caption="Every roster speaker with the figures of all their sessions"
        csv={{ href: speakers.csv, label: 'Download speakers (CSV)' }}
        note={conversionNote({ floored })}
      />
      <TableSection
        id="events"
        level={2}
        title="Events"
        intro="Each event with the totals of its sessions; open one for its sessions, speakers and rooms."
        chart={events.chart}
        table={events.table}
        caption="Every event with its totals"
        csv={{ href: events.csv, label: 'Download events (CSV)' }}
      />
      <TableSection
        id="speaker-feedback"
        level={2}
        title="Feedback by speaker"
        intro="What the rooms thought of each roster speaker over all their sessions: responses, the response rate, how many gave each rating, the part-ratings' means, quotes waiting for approval and booking leads."
        chart={null}
        table={speakerFeedback}
        caption="Feedback on each roster speaker’s sessions"
        csv={{ href: speakers.csv, label: 'Download speakers with feedback (CSV)' }}
      />
      <TableSection
        id="event-feedback"
        level={2}
        title="Feedback by event"
        intro="Each event's feedback over its sessions; open one for each session's."
        chart={null}
        table={eventFeedback}
        caption="Feedback on each event’s sessions"
        csv={{ href: events.csv, label: 'Download events with feedback (CSV)' }}
      />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => workspaceMeta(matches, 'Insights across your events')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
