import { normalizeTag, TAG_MAX_LENGTH } from './lead-follow-up'
import { isContactStatus, isScoreBand, type ContactStatus, type ScoreBand } from './lead-status'
import { parsePage } from './page-param'
import { isUuid } from './text'

// The leads list's filters (issue 10 Deliver 1) as they travel in the query string: the GET form of
// /app/leads, the CSV export link and a saved segment all carry the same text. Parsing is lenient
// (an odd value reads as "no filter", never an error page); serialising is canonical (fixed order,
// defaults left out), so the same filter always has the same query string.

export const LEAD_SORTS = ['last', 'first', 'name', 'score'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]

export const LEAD_SORT_LABELS: Record<LeadSort, string> = {
  last: 'Last seen (newest first)',
  first: 'First seen (oldest first)',
  name: 'Name (A–Z)',
  score: 'Score (highest first)',
}

export const DEFAULT_LEAD_SORT: LeadSort = 'last'

export type MarketingConsentFilter = 'yes' | 'no'

export type LeadFilters = {
  q: string
  session: string | null
  talk: string | null
  event: string
  /** Captured on or after this UTC day (YYYY-MM-DD). */
  from: string | null
  /** Captured on or before this UTC day (YYYY-MM-DD). */
  to: string | null
  status: ContactStatus | null
  band: ScoreBand | null
  tag: string
  consent: MarketingConsentFilter | null
  /** Only people who asked for a booking at a capture shown (issue 33 Deliver 3). */
  booking: boolean
  sort: LeadSort
}

export const EMPTY_LEAD_FILTERS: LeadFilters = {
  q: '',
  session: null,
  talk: null,
  event: '',
  from: null,
  to: null,
  status: null,
  band: null,
  tag: '',
  consent: null,
  booking: false,
  sort: DEFAULT_LEAD_SORT,
}

/** The built-in "Booking leads" segment: people who asked the speaker to speak at their company or event. */
export const BOOKING_LEADS_QUERY = 'booking=yes'

export const SEARCH_MAX = 100
export const EVENT_MAX = 200

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day as YYYY-MM-DD, else null. */
export function parseDay(value: string | null | undefined): string | null {
  const m = DAY.exec((value ?? '').trim())
  if (!m) return null
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return date.toISOString().slice(0, 10) === m[0] && date.getUTCFullYear() >= 2000 ? m[0] : null
}

function text(value: string | null, max: number) {
  return (
    (value ?? '')
      // eslint-disable-next-line no-control-regex -- query strings are not read through readForm's cleaning
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, max)
  )
}

/** The filters of a query string; anything unknown or malformed is left out. */
export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  const session = params.get('session')?.trim() ?? ''
  const talk = params.get('talk')?.trim() ?? ''
  const status = params.get('status')
  const band = params.get('band')
  const consent = params.get('consent')
  const sort = params.get('sort')
  let from = parseDay(params.get('from'))
  let to = parseDay(params.get('to'))
  // A range typed backwards means the same days.
  if (from && to && from > to) [from, to] = [to, from]
  return {
    q: text(params.get('q'), SEARCH_MAX),
    session: isUuid(session) ? session.toLowerCase() : null,
    talk: isUuid(talk) ? talk.toLowerCase() : null,
    event: text(params.get('event'), EVENT_MAX),
    from,
    to,
    status: isContactStatus(status) ? status : null,
    band: isScoreBand(band) ? band : null,
    tag: normalizeTag(params.get('tag') ?? '').slice(0, TAG_MAX_LENGTH),
    consent: consent === 'yes' || consent === 'no' ? consent : null,
    booking: params.get('booking') === 'yes',
    sort: (LEAD_SORTS as readonly string[]).includes(sort ?? '') ? (sort as LeadSort) : DEFAULT_LEAD_SORT,
  }
}

/** The page number of the list (the same rule as every other list). */
export function parseLeadPage(params: URLSearchParams) {
  return parsePage(params.get('page'))
}

/** Canonical query string (no leading "?") of the filters: fixed order, defaults left out. */
export function serializeLeadFilters(filters: LeadFilters, extra: { page?: number } = {}): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.session) params.set('session', filters.session)
  if (filters.talk) params.set('talk', filters.talk)
  if (filters.event) params.set('event', filters.event)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.status) params.set('status', filters.status)
  if (filters.band) params.set('band', filters.band)
  if (filters.tag) params.set('tag', filters.tag)
  if (filters.consent) params.set('consent', filters.consent)
  if (filters.booking) params.set('booking', 'yes')
  if (filters.sort !== DEFAULT_LEAD_SORT) params.set('sort', filters.sort)
  if (extra.page && extra.page > 1) params.set('page', String(extra.page))
  return params.toString()
}

/** True when any filter narrows the list (the sort does not). */
export function hasLeadFilters(filters: LeadFilters) {
  return serializeLeadFilters({ ...filters, sort: DEFAULT_LEAD_SORT }) !== ''
}

/** A saved segment's query, re-read and re-written so only known filters are stored. */
export function canonicalSegmentQuery(query: string) {
  return serializeLeadFilters(parseLeadFilters(new URLSearchParams(query.replace(/^\?/, ''))))
}
