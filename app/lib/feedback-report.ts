import { combinedConversion, conversion, type Conversion } from './conversion'
import type { TestimonialNamePart } from './feedback'

// What the speaker sees of a session's feedback (issue 33 Deliver 4 and 5; docs/feedback.md): the
// response rate, the rating distribution (not just a mean), the three part-ratings, and how a
// testimonial names its author (only the parts they permitted). Pure: the speaker's pages, the
// organiser's insights, the shareable report and its PDF all read these.

export const RATINGS = [5, 4, 3, 2, 1] as const

/** What every page says about how its response rate is computed. */
export const RESPONSE_RATE_HINT = 'Responses ÷ unique visitors (QR scans + link visits)'

/** The hint under a response rate; why the answers stood in for the visitors when they did. */
export function responseRateHint(rate: Pick<Conversion, 'floored'>) {
  return rate.floored
    ? `${RESPONSE_RATE_HINT}. More answers than counted visitors (alike phones on one network count once), so each answer counts as a visitor.`
    : RESPONSE_RATE_HINT
}

/** One session's answers and its unique visitors (session_counts.visitors: QR scans + link visits). */
export type SessionResponses = { responses: number; visitors: number }

/**
 * THE response rate (issue 33; docs/feedback.md): responses ÷ people who opened the page, as a whole
 * percent (null when no one opened it). Every figure of it — the speaker's feedback pages, the shareable
 * report and its PDF, the organiser's insights — comes from here. Nobody answers without opening the
 * page, so the conversion's floor applies (app/lib/conversion.ts): never more than 100%. Over several
 * sessions (a talk, a speaker, an event) each session's floor is taken on its own and the people are
 * added up, so one session's uncounted visitors cannot lift another's rate.
 */
export function responseRate(responses: number, uniqueVisitors: number): Conversion
export function responseRate(sessions: ReadonlyArray<SessionResponses>): Conversion
export function responseRate(of: number | ReadonlyArray<SessionResponses>, uniqueVisitors = 0): Conversion {
  if (typeof of === 'number') return conversion(of, uniqueVisitors)
  return combinedConversion(of.map((s) => ({ leads: s.responses, visitors: s.visitors })))
}

export type RatingCounts = Partial<Record<number, number>>
export type DistributionRow = { rating: number; label: string; count: number; percent: number }

/** Every rating from 5 down to 1 with its count and its whole share of the answers (0 without any). */
export function ratingDistribution(counts: RatingCounts): DistributionRow[] {
  const total = RATINGS.reduce((n, r) => n + (counts[r] ?? 0), 0)
  return RATINGS.map((rating) => {
    const count = counts[rating] ?? 0
    return {
      rating,
      label: `${rating} ${rating === 1 ? 'star' : 'stars'}`,
      count,
      percent: total > 0 ? Math.round((count / total) * 100) : 0,
    }
  })
}

/** The mean of the ratings to one decimal, or null without answers. */
export function ratingMean(counts: RatingCounts): number | null {
  let n = 0
  let sum = 0
  for (const r of RATINGS) {
    n += counts[r] ?? 0
    sum += r * (counts[r] ?? 0)
  }
  return n > 0 ? Math.round((sum / n) * 10) / 10 : null
}

/** A mean as the pages show it: "4.3 of 5 (12 ratings)", or "No ratings yet". */
export function formatMean(mean: number | null, count: number): string {
  if (mean === null || count === 0) return 'No ratings yet'
  return `${mean.toFixed(1)} of 5 (${count} ${count === 1 ? 'rating' : 'ratings'})`
}

/**
 * The author of a testimonial as it is shown: their first name, then only the parts they ticked
 * ("Ana, CTO at Acme", "Ana, CTO", "Ana, Acme"). A part they did not permit is never shown, even
 * when the capture has it.
 */
export function quotedName(
  author: { firstName: string; jobTitle: string | null; company: string | null },
  parts: readonly TestimonialNamePart[],
): string {
  const name = author.firstName.trim()
  const title = parts.includes('title') ? author.jobTitle?.trim() || '' : ''
  const company = parts.includes('company') ? author.company?.trim() || '' : ''
  if (title && company) return `${name}, ${title} at ${company}`
  if (title || company) return `${name}, ${title || company}`
  return name
}
