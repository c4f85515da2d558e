import type { CsvColumn } from './csv'
import { partMean, type EventInsight, type InsightSession, type InsightTotals, type SpeakerInsight } from './event-insights'
import { PART_RATINGS } from './feedback'
import { ratingMean } from './feedback-report'
import { isMoneyCurrency, minorUnits } from './money'
import type { MoneyTotal } from './roi'
import { currencyOrder, type SortColumn, type TableSort } from './table-sort'
import { utcToZonedLocal } from './time-zone'

// The columns of the insights tables (issue 23 Deliver 7): one list per table says each column's
// label, how it sorts and its value; the page's headers, its sort links and the CSV downloads all
// read it, so a download has the table's columns in the table's order.

const figureColumns = <T extends InsightTotals | InsightSession>(): SortColumn<T>[] => [
  { key: 'scans', label: 'Scans', kind: 'number', value: (r) => r.scans },
  { key: 'visits', label: 'Visits', kind: 'number', value: (r) => r.visits },
  { key: 'visitors', label: 'Unique visitors', kind: 'number', value: (r) => r.visitors },
  { key: 'leads', label: 'Leads', kind: 'number', value: (r) => r.leads },
  { key: 'conversion', label: 'Conversion', kind: 'number', value: (r) => r.conversion.percent },
  { key: 'hot', label: 'Hot leads', kind: 'number', value: (r) => r.hotLeads },
  { key: 'pipeline', label: 'Pipeline', kind: 'money', value: (r) => r.pipeline },
  { key: 'won', label: 'Won', kind: 'money', value: (r) => r.won },
]

export const SESSION_COLUMNS: SortColumn<InsightSession>[] = [
  { key: 'talk', label: 'Talk', kind: 'text', value: (r) => r.talkTitle },
  { key: 'speaker', label: 'Speaker', kind: 'text', value: (r) => r.speakerName ?? '' },
  { key: 'room', label: 'Room', kind: 'text', value: (r) => r.roomName ?? '' },
  { key: 'starts', label: 'Starts', kind: 'number', value: (r) => r.startsAt.getTime() },
  ...figureColumns<InsightSession>(),
]
/** The programme's order: a session table opens by time. */
export const SESSION_SORT: TableSort = { sort: 'starts', dir: 'asc' }

export const SPEAKER_COLUMNS: SortColumn<SpeakerInsight>[] = [
  { key: 'name', label: 'Speaker', kind: 'text', value: (r) => r.name },
  { key: 'company', label: 'Company', kind: 'text', value: (r) => r.company },
  { key: 'events', label: 'Events', kind: 'number', value: (r) => r.events },
  { key: 'sessions', label: 'Sessions', kind: 'number', value: (r) => r.sessions },
  ...figureColumns<SpeakerInsight>(),
]
export const SPEAKER_SORT: TableSort = { sort: 'leads', dir: 'desc' }

export const EVENT_COLUMNS: SortColumn<EventInsight>[] = [
  { key: 'name', label: 'Event', kind: 'text', value: (r) => r.name },
  { key: 'starts', label: 'Starts on', kind: 'text', value: (r) => r.startsOn },
  { key: 'status', label: 'Status', kind: 'text', value: (r) => r.status },
  { key: 'speakers', label: 'Speakers', kind: 'number', value: (r) => r.speakers },
  { key: 'sessions', label: 'Sessions', kind: 'number', value: (r) => r.sessions },
  ...figureColumns<EventInsight>(),
]
export const EVENT_SORT: TableSort = { sort: 'starts', dir: 'desc' }

/**
 * The feedback columns (issue 33 Deliver 4) the CSVs add after the table's own: responses, the
 * response rate (responseRate, the speaker's page's rule), the answers per rating 1..5, the mean, the
 * three part-ratings' means, booking leads and testimonials awaiting approval. Empty means: no ratings.
 */
export function feedbackColumns<T extends InsightTotals | InsightSession>(): SortColumn<T>[] {
  return [
    { key: 'responses', label: 'Feedback responses', kind: 'number', value: (r) => r.feedback.responses },
    { key: 'responseRate', label: 'Response rate (%)', kind: 'number', value: (r) => r.responseRate.percent },
    ...[1, 2, 3, 4, 5].map((n): SortColumn<T> => ({
      key: `rating${n}`,
      label: `Rated ${n}`,
      kind: 'number',
      value: (r) => r.feedback.counts[n] ?? 0,
    })),
    { key: 'ratingMean', label: 'Mean rating', kind: 'number', value: (r) => ratingMean(r.feedback.counts) },
    ...PART_RATINGS.map(({ key, label }): SortColumn<T> => ({
      key: `${key}Mean`,
      label: `${label} (mean)`,
      kind: 'number',
      value: (r) => partMean(r.feedback.parts[key]),
    })),
    { key: 'bookingLeads', label: 'Booking leads', kind: 'number', value: (r) => r.feedback.bookingLeads },
    {
      key: 'awaitingApproval',
      label: 'Testimonials awaiting approval',
      kind: 'number',
      value: (r) => r.feedback.awaitingApproval,
    },
  ]
}

// The pages' feedback tables: who, then the feedback columns (the CSVs carry the same after the figures').
export const SESSION_FEEDBACK_COLUMNS: SortColumn<InsightSession>[] = [
  SESSION_COLUMNS[0]!,
  SESSION_COLUMNS[1]!,
  ...feedbackColumns<InsightSession>(),
]
export const SPEAKER_FEEDBACK_COLUMNS: SortColumn<SpeakerInsight>[] = [
  SPEAKER_COLUMNS[0]!,
  { key: 'sessions', label: 'Sessions', kind: 'number', value: (r) => r.sessions },
  ...feedbackColumns<SpeakerInsight>(),
]
export const EVENT_FEEDBACK_COLUMNS: SortColumn<EventInsight>[] = [
  EVENT_COLUMNS[0]!,
  { key: 'sessions', label: 'Sessions', kind: 'number', value: (r) => r.sessions },
  ...feedbackColumns<EventInsight>(),
]
/** Most responses first. */
export const FEEDBACK_SORT: TableSort = { sort: 'responses', dir: 'desc' }

/** The CSVs' columns: the table's, then the feedback's (existing columns keep their places). */
export const SESSION_CSV_COLUMNS = [...SESSION_COLUMNS, ...feedbackColumns<InsightSession>()]
export const SPEAKER_CSV_COLUMNS = [...SPEAKER_COLUMNS, ...feedbackColumns<SpeakerInsight>()]
export const EVENT_CSV_COLUMNS = [...EVENT_COLUMNS, ...feedbackColumns<EventInsight>()]

// ── CSV ─────────────────────────────────────────────────────────────────────────────────────────

export type CsvRecord = Record<string, string | number | null>

/** An amount as a plain decimal number in major units ("1500.5"), for a spreadsheet to add up. */
export function majorAmount(cents: number, currency: string) {
  const unit = isMoneyCurrency(currency) ? minorUnits(currency) : 100
  return cents / unit
}

/**
 * A table as CSV columns and records: every column of the table, the money columns split into one
 * column per currency ("Pipeline (EUR)"), since amounts in different currencies are never added.
 * `time` turns a session's start into the event's wall clock.
 */
export function csvTable<T>(
  rows: readonly T[],
  columns: ReadonlyArray<SortColumn<T>>,
  { time }: { time?: (at: number) => string } = {},
): { columns: CsvColumn<CsvRecord>[]; records: CsvRecord[] } {
  const money = columns.filter((c) => c.kind === 'money')
  const currencies = currencyOrder(rows.flatMap((r) => money.map((c) => c.value(r) as readonly MoneyTotal[])))
  const out: CsvColumn<CsvRecord>[] = columns.flatMap((c) =>
    c.kind === 'money'
      ? currencies.map((currency) => ({ key: `${c.key}:${currency}`, label: `${c.label} (${currency})` }))
      : [{ key: c.key, label: c.key === 'conversion' ? 'Conversion (%)' : c.label }],
  )
  const records = rows.map((row) => {
    const record: CsvRecord = {}
    for (const c of columns) {
      const value = c.value(row)
      if (c.kind === 'money') {
        for (const currency of currencies) {
          const found = (value as readonly MoneyTotal[]).find((t) => t.currency === currency)
          record[`${c.key}:${currency}`] = found ? majorAmount(found.cents, currency) : 0
        }
      } else if (c.key === 'starts' && typeof value === 'number' && time) {
        record[c.key] = time(value)
      } else {
        record[c.key] = value as string | number | null
      }
    }
    return record
  })
  return { columns: out, records }
}

/** A session's start as the event's wall clock, "2027-03-10 09:00". */
export function eventClock(timeZone: string) {
  return (at: number) => utcToZonedLocal(new Date(at), timeZone).replace('T', ' ')
}
