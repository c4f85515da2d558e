import { toCsv, UTF8_BOM } from '~/lib/csv'
import {
  EVENT_COLUMNS,
  EVENT_FEEDBACK_COLUMNS,
  EVENT_SORT,
  FEEDBACK_SORT,
  SESSION_COLUMNS,
  SESSION_FEEDBACK_COLUMNS,
  SPEAKER_FEEDBACK_COLUMNS,
  SESSION_SORT,
  SPEAKER_COLUMNS,
  SPEAKER_SORT,
  type csvTable,
} from '~/lib/event-insights-columns'
import { addUp, byEvent, bySpeaker, eventTimeline } from '~/lib/event-insights'
import { parseSort, sortRows } from '~/lib/table-sort'
import { listInsightEvents, listInsightRooms, listRosterSpeakers, readInsightSessions } from '~/models/event-insights.server'
import { recordAudit, type AuditActor } from '~/models/audit.server'
import type { EventRow } from '~/models/events.server'

// The insights of an event and of the whole workspace (issue 23 Deliver 7): the model's grouped
// reads put together by the pure rules, each table in the order the page's query asks for. The
// pages and their CSV downloads call these, so a download has the rows the table showed, in order.

/** The speakers table's parameters are ?speakerSort=…&speakerDir=… (the sessions table has ?sort=…). */
export const SPEAKER_PREFIX = 'speaker'
/** The feedback tables' parameters (issue 33 Deliver 4): ?feedbackSort=… for sessions (one event) or events (all), ?speakerFeedbackSort=… for speakers. */
export const FEEDBACK_PREFIX = 'feedback'
export const SPEAKER_FEEDBACK_PREFIX = 'speakerFeedback'

/** One event: its totals, its sessions, its speakers (over this event), and with `timeline` the rooms' 15-minute series. */
export async function eventInsights(workspaceId: string, event: EventRow, params: URLSearchParams, { timeline = false } = {}) {
  const [read, rooms, roster] = await Promise.all([
    readInsightSessions(workspaceId, { eventId: event.id }, { timeline }),
    timeline ? listInsightRooms(event.id) : Promise.resolve([]),
    listRosterSpeakers(workspaceId),
  ])
  const { sessions, quarters } = read
  const here = new Set(sessions.map((s) => s.speakerId))
  const sessionSort = parseSort(params, SESSION_COLUMNS, SESSION_SORT)
  const speakerSort = parseSort(params, SPEAKER_COLUMNS, SPEAKER_SORT, SPEAKER_PREFIX)
  const feedbackSort = parseSort(params, SESSION_FEEDBACK_COLUMNS, FEEDBACK_SORT, FEEDBACK_PREFIX)
  const speakerFeedbackSort = parseSort(params, SPEAKER_FEEDBACK_COLUMNS, FEEDBACK_SORT, SPEAKER_FEEDBACK_PREFIX)
  const speakers = bySpeaker(
    sessions,
    roster.filter((s) => here.has(s.id)),
  )
  return {
    totals: addUp(sessions),
    sessionSort,
    sessions: sortRows(sessions, SESSION_COLUMNS, sessionSort),
    speakerSort,
    speakers: sortRows(speakers, SPEAKER_COLUMNS, speakerSort),
    feedbackSort,
    sessionFeedback: sortRows(sessions, SESSION_FEEDBACK_COLUMNS, feedbackSort),
    speakerFeedbackSort,
    speakerFeedback: sortRows(speakers, SPEAKER_FEEDBACK_COLUMNS, speakerFeedbackSort),
    timeline: timeline ? eventTimeline(quarters, rooms, event, sessions) : null,
  }
}

/** The workspace: every roster speaker across all their sessions and events, and every event with its totals. */
export async function workspaceInsights(workspaceId: string, params: URLSearchParams) {
  const [{ sessions }, roster, events] = await Promise.all([
    readInsightSessions(workspaceId, { allEvents: true }),
    listRosterSpeakers(workspaceId),
    listInsightEvents(workspaceId),
  ])
  const speakerSort = parseSort(params, SPEAKER_COLUMNS, SPEAKER_SORT, SPEAKER_PREFIX)
  const eventSort = parseSort(params, EVENT_COLUMNS, EVENT_SORT)
  const eventFeedbackSort = parseSort(params, EVENT_FEEDBACK_COLUMNS, FEEDBACK_SORT, FEEDBACK_PREFIX)
  const speakerFeedbackSort = parseSort(params, SPEAKER_FEEDBACK_COLUMNS, FEEDBACK_SORT, SPEAKER_FEEDBACK_PREFIX)
  const speakers = bySpeaker(sessions, roster)
  const perEvent = byEvent(sessions, events)
  return {
    totals: addUp(sessions),
    speakerSort,
    speakers: sortRows(speakers, SPEAKER_COLUMNS, speakerSort),
    eventSort,
    events: sortRows(perEvent, EVENT_COLUMNS, eventSort),
    speakerFeedbackSort,
    speakerFeedback: sortRows(speakers, SPEAKER_FEEDBACK_COLUMNS, speakerFeedbackSort),
    eventFeedbackSort,
    eventFeedback: sortRows(perEvent, EVENT_FEEDBACK_COLUMNS, eventFeedbackSort),
  }
}

/**
 * A table as a CSV download (UTF-8 with a BOM, formula-like cells neutralised: app/lib/csv.ts). The
 * figures are counts and totals, but the speakers' names are people's data, so each download is
 * written to the audit log as an export, with its rows, like every other export of the workspace.
 */
export async function insightsCsvResponse(
  scope: { ownerId: string; user: AuditActor },
  { subject, fileName, table }: { subject: string; fileName: string; table: ReturnType<typeof csvTable> },
) {
  const body = UTF8_BOM + toCsv(table.records, table.columns)
  await recordAudit({
    workspaceId: scope.ownerId,
    actor: scope.user,
    kind: 'export.made',
    subject,
    data: { format: 'csv', rows: table.records.length },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
