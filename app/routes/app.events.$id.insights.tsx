import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useMatches } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Heading, InsightStats, RoomTimeline, TableSection } from '~/components/workspace/insights-parts'
import { ATTRIBUTION_NOTE } from '~/components/workspace/roi-parts'
import { workspaceMeta } from '~/components/workspace/workspace'
import { conversionNote } from '~/lib/conversion'
import { RESPONSE_RATE_HINT } from '~/lib/feedback-report'
import {
  SESSION_COLUMNS,
  SESSION_FEEDBACK_COLUMNS,
  SPEAKER_COLUMNS,
  SPEAKER_FEEDBACK_COLUMNS,
} from '~/lib/event-insights-columns'
import { tableModel } from '~/lib/insights-table'
import { formatSessionTime } from '~/lib/time-zone'
import { requireEvent } from '~/services/event-scope.server'
import { eventInsights, FEEDBACK_PREFIX, SPEAKER_FEEDBACK_PREFIX, SPEAKER_PREFIX } from '~/services/event-insights.server'
import { roomCharts, tableChart, timelineDays, totalStats } from '~/services/insights-view.server'

// GET /app/events/{id}/insights (issue 23 Deliver 7): an event's totals, its sessions and its
// speakers in tables sorted by any column through plain links (?sort=leads&dir=desc for sessions,
// ?speakerSort=…&speakerDir=… for speakers), a chart beside each, a CSV of each in the same order,
// and each room's leads per 15 minutes across the event's days. For the owner and admins.

/** The event layout (app.events.$id.tsx) heads the page with the event's name when it is there. */
const LAYOUT_ID = 'routes/app.events.$id'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const query = new URL(request.url).searchParams
  const data = await eventInsights(scope.ownerId, event, query, { timeline: true })
  const base = `/app/events/${event.id}/insights`
  const search = query.toString() ? `?${query.toString()}` : ''
  const clock = (at: Date) => formatSessionTime(at, event.timeZone).replace(` (${event.timeZone})`, '')
  return {
    event: { id: event.id, name: event.name, timeZone: event.timeZone, recipients: event.recipients },
    stats: totalStats(data.totals),
    floored: data.totals.conversion.floored,
    sessions: {
      table: tableModel(data.sessions, SESSION_COLUMNS, data.sessionSort, query, {
        hash: 'sessions',
        rowKey: (s) => s.id,
        href: (s) => `/app/sessions/${s.id}`,
        text: { starts: (s) => clock(s.startsAt) },
      }),
      chart: tableChart(data.sessions, (s) => s.talkTitle, 'sessions'),
      csv: `${base}/sessions.csv${search}`,
    },
    speakers: {
      table: tableModel(data.speakers, SPEAKER_COLUMNS, data.speakerSort, query, {
        prefix: SPEAKER_PREFIX,
        hash: 'speakers',
        rowKey: (s) => s.id,
      }),
      chart: tableChart(data.speakers, (s) => s.name, 'speakers'),
      csv: `${base}/speakers.csv${search}`,
    },
    // Feedback (issue 33 Deliver 4): each session links to its Feedback page (comments, quotes, booking leads).
    sessionFeedback: tableModel(data.sessionFeedback, SESSION_FEEDBACK_COLUMNS, data.feedbackSort, query, {
      prefix: FEEDBACK_PREFIX,
      hash: 'feedback',
      rowKey: (s) => s.id,
      href: (s) => `/app/sessions/${s.id}/feedback`,
    }),
    speakerFeedback: tableModel(data.speakerFeedback, SPEAKER_FEEDBACK_COLUMNS, data.speakerFeedbackSort, query, {
      prefix: SPEAKER_FEEDBACK_PREFIX,
      hash: 'speaker-feedback',
      rowKey: (s) => s.id,
    }),
    timeline: data.timeline && {
      rooms: roomCharts(data.timeline),
      days: timelineDays(data.timeline),
      quietDays: data.timeline.quietDays,
      beforeEvent: data.timeline.beforeEvent,
      afterEvent: data.timeline.afterEvent,
    },
  }
}

export default function EventInsightsPage() {
  const { event, stats, floored, sessions, speakers, sessionFeedback, speakerFeedback, timeline } = useLoaderData<typeof loader>()
  // Under the event layout its h1 names the event; on its own the page heads itself.
  const inLayout = useMatches().some((m) => m.id === LAYOUT_ID)
  const top = inLayout ? 2 : 1
  const section = inLayout ? 3 : 2
  return (
    <>
      <Heading level={top}>{inLayout ? 'Insights' : `Insights: ${event.name}`}</Heading>
      <p className="mt-2 max-w-3xl text-slate-300">
        Scans, visits, leads and conversion count every capture. Hot leads and the pipeline count only the leads given to you (the
        organiser): a person whose details went to the speaker alone adds to the lead count only.{' '}
        <Link to="/app/events/insights" className="text-brand-300 underline">
          Every speaker across all your events
        </Link>
      </p>

      <section aria-labelledby="totals-title" className="mt-8">
        <Heading level={section} id="totals-title">
          Event totals
        </Heading>
        <InsightStats stats={stats} />
        <p className="mt-3 max-w-3xl text-sm text-slate-400">{ATTRIBUTION_NOTE}</p>
      </section>

      <TableSection
        id="sessions"
        level={section}
        title="Sessions"
        intro="Sort by any column with its heading; the CSV comes in the table's order."
        chart={sessions.chart}
        table={sessions.table}
        caption="Every session of the event with its figures"
        csv={{ href: sessions.csv, label: 'Download sessions (CSV)' }}
        note={conversionNote({ floored })}
      />

      <TableSection
        id="speakers"
        level={section}
        title="Speakers"
        intro="Each speaker over their sessions at this event."
        chart={speakers.chart}
        table={speakers.table}
        caption="Every speaker of the event with the figures of their sessions here"
        csv={{ href: speakers.csv, label: 'Download speakers (CSV)' }}
      />

      <TableSection
        id="feedback"
        level={section}
        title="Feedback by session"
        intro={`What the room thought: responses, the response rate (${RESPONSE_RATE_HINT.toLowerCase()}), how many gave each rating, the part-ratings' means, quotes waiting for the speaker's approval and booking leads. Open a session for its comments.`}
        chart={null}
        table={sessionFeedback}
        caption="Feedback on each session of the event"
        csv={{ href: sessions.csv, label: 'Download sessions with feedback (CSV)' }}
      />

      <TableSection
        id="speaker-feedback"
        level={section}
        title="Feedback by speaker"
        intro="Each speaker's feedback over their sessions at this event."
        chart={null}
        table={speakerFeedback}
        caption="Feedback on each speaker’s sessions at this event"
        csv={{ href: speakers.csv, label: 'Download speakers with feedback (CSV)' }}
      />

      {timeline ? (
        <section id="timeline" aria-labelledby="timeline-title" className="mt-10">
          <Heading level={section} id="timeline-title">
            Leads per 15 minutes, by room
          </Heading>
          <p className="mt-2 max-w-3xl text-sm text-slate-300">
            Across the event’s days in its time zone ({event.timeZone}), so each room’s peak shows. {timeline.days}
            {timeline.quietDays.length ? ` No sessions or leads on ${timeline.quietDays.join(', ')}.` : ''}
            {timeline.beforeEvent || timeline.afterEvent
              ? ` Outside the event’s days: ${timeline.beforeEvent} before, ${timeline.afterEvent} after.`
              : ''}
          </p>
          {timeline.rooms.length ? (
            <div className="mt-4 grid gap-6 xl:grid-cols-2">
              {timeline.rooms.map((room) => (
                <RoomTimeline key={room.key} room={room} level={section === 2 ? 3 : 4} days={timeline.days} />
              ))}
            </div>
          ) : (
            <p className="mt-4 text-slate-300">No sessions yet: import the programme to see each room’s leads here.</p>
          )}
        </section>
      ) : null}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  workspaceMeta(matches, data ? `Insights: ${data.event.name}` : 'Insights')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
