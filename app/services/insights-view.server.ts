import { columnChart, groupedBarChart } from '~/lib/charts.server'
import { conversionHint } from '~/lib/conversion'
import { roomTimelineSummary, type EventTimeline, type InsightFigures, type InsightTotals } from '~/lib/event-insights'
import { formatMean, ratingMean, responseRateHint } from '~/lib/feedback-report'
import type { InsightStat, RoomChart } from '~/lib/insights-table'
import { formatPercent, formatTotals } from '~/lib/roi'

// What the insights pages draw, computed on the server (issue 23 Deliver 7): the totals as stats,
// the bar chart beside a table (its first rows, in the table's order), and each room's leads per
// 15 minutes. Plain strings and geometry go to the browser; no chart code does.

/** Rows in a table's chart: enough to compare, few enough to read. */
export const CHART_ROWS = 10

const count = new Intl.NumberFormat('en-US')

/** The totals of an event (or of every event) as the stat cards show them. */
export function totalStats(totals: InsightTotals): InsightStat[] {
  return [
    { label: 'Sessions', value: count.format(totals.sessions) },
    { label: 'Scans', value: count.format(totals.scans), hint: 'QR code opens' },
    { label: 'Visits', value: count.format(totals.visits), hint: 'Link opens' },
    { label: 'Unique visitors', value: count.format(totals.visitors), hint: 'Added up over the sessions' },
    { label: 'Leads', value: count.format(totals.leads), hint: 'Every capture' },
    { label: 'Conversion', value: formatPercent(totals.conversion.percent), hint: conversionHint(totals.conversion) },
    { label: 'Hot leads', value: count.format(totals.hotLeads), hint: 'Given to you, scored hot' },
    {
      label: 'Pipeline / won',
      value: `${formatTotals(totals.pipeline)} / ${formatTotals(totals.won)}`,
      hint: 'Per currency, first touch',
    },
    // The room's feedback (issue 33 Deliver 4): every answer counts, like every capture.
    { label: 'Feedback responses', value: count.format(totals.feedback.responses), hint: 'Answers to the feedback question' },
    { label: 'Response rate', value: formatPercent(totals.responseRate.percent), hint: responseRateHint(totals.responseRate) },
    {
      label: 'Mean rating',
      value: formatMean(ratingMean(totals.feedback.counts), totals.feedback.responses),
      hint: 'Of 5; the distribution is in the feedback tables',
    },
    { label: 'Booking leads', value: count.format(totals.feedback.bookingLeads), hint: 'Asked the speaker to speak again' },
  ]
}

/** Scans and leads of a table's first rows as grouped bars, described in words. */
export function tableChart<T extends InsightFigures>(rows: readonly T[], label: (row: T) => string, what: string) {
  const shown = rows.slice(0, CHART_ROWS)
  if (shown.length === 0) return null
  const title = `Scans and leads of the first ${shown.length === 1 ? '' : `${shown.length} `}${what}`
  return {
    model: groupedBarChart(
      shown.map((r) => ({ label: label(r), values: [r.scans, r.leads] })),
      2,
    ),
    title,
    description: `${shown.map((r) => `${label(r)}: ${r.scans} scans, ${r.leads} leads`).join('; ')}. The table has every figure.`,
  }
}

/** Each room's chart of leads per 15 minutes, its summary, and its quarter hours with leads. */
export function roomCharts(timeline: EventTimeline): RoomChart[] {
  return timeline.rooms.map((room) => ({
    key: room.roomId ?? 'none',
    roomName: room.roomName,
    summary: roomTimelineSummary(room),
    model: columnChart(
      room.points.map((p) => ({ label: p.tick, count: p.count })),
      { labelEvery: timeline.labelEvery, cumulative: false },
    ),
    busy: room.points.filter((p) => p.count > 0).map((p) => ({ key: p.key, label: p.label, count: p.count })),
  }))
}

/** The days a timeline covers, in words (part of each room chart's description). */
export function timelineDays(timeline: EventTimeline) {
  const drawn = timeline.days.map((d) => `${d.label} ${d.from}–${d.to}`).join(', ')
  return drawn ? `Drawn: ${drawn} (the event's time zone).` : ''
}
