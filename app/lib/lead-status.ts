// The follow-up pipeline of a person (issue 10 Deliver 2) and the score bands (Deliver 4): the
// values (the database enums of app/db/schema/people.ts use them), their labels and order, in one
// place for the list, the detail page, exports and filters.

export const CONTACT_STATUSES = ['new', 'contacted', 'meeting', 'won', 'lost'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  meeting: 'Meeting',
  won: 'Won',
  lost: 'Lost',
}

/** Open deals count towards the pipeline; won and lost are closed. */
export const OPEN_STATUSES: readonly ContactStatus[] = ['new', 'contacted', 'meeting']

export const SCORE_BANDS = ['hot', 'warm', 'cold'] as const
export type ScoreBand = (typeof SCORE_BANDS)[number]

export const SCORE_BAND_LABELS: Record<ScoreBand, string> = { hot: 'Hot', warm: 'Warm', cold: 'Cold' }

export function isContactStatus(value: unknown): value is ContactStatus {
  return typeof value === 'string' && (CONTACT_STATUSES as readonly string[]).includes(value)
}

export function isScoreBand(value: unknown): value is ScoreBand {
  return typeof value === 'string' && (SCORE_BANDS as readonly string[]).includes(value)
}
