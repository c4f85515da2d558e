import { z } from 'zod'
import { groupedBarChart } from '~/lib/charts.server'
import { PART_RATINGS } from '~/lib/feedback'
import { formatMean, ratingDistribution, ratingMean, responseRateHint } from '~/lib/feedback-report'
import type { Scope } from '~/lib/permissions'
import { formatPercent } from '~/lib/roi'
import {
  feedbackOverview,
  listBookingLeads,
  listFeedbackComments,
  listTestimonials,
  setTestimonialApproval,
  type FeedbackOverview,
  type FeedbackScope,
} from '~/models/feedback-report.server'
import { redirectWithToast } from './toast.server'

// The figures of a feedback view as its pages render them (issue 33 Deliver 4): the speaker's
// session and talk pages and the shareable report read the same shape, so the numbers agree.

/** The rate, the distribution as chart geometry and as table rows, the mean and the part-ratings. */
export function feedbackFigures(overview: FeedbackOverview) {
  const distribution = ratingDistribution(overview.counts)
  const mean = ratingMean(overview.counts)
  return {
    responses: overview.responses,
    rate: formatPercent(overview.rate.percent),
    rateHint: responseRateHint(overview.rate),
    visitors: overview.rate.people,
    mean: formatMean(mean, overview.responses),
    distribution,
    chart: groupedBarChart(
      distribution.map((d) => ({ label: d.label, values: [d.count] })),
      1,
    ),
    parts: PART_RATINGS.map(({ key, label }) => ({
      label,
      text: formatMean(overview.parts[key].mean, overview.parts[key].count),
    })),
  }
}
export type FeedbackFigures = ReturnType<typeof feedbackFigures>

/** Everything the speaker's feedback page shows for a session or a talk. */
export async function loadFeedbackView(scope: Scope, of: FeedbackScope, q: string | null) {
  const [overview, comments, testimonials, bookings] = await Promise.all([
    feedbackOverview(scope, of),
    listFeedbackComments(scope, of, q),
    listTestimonials(scope, of),
    listBookingLeads(scope, of),
  ])
  const date = (d: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(d)
  return {
    figures: feedbackFigures(overview),
    q: q ?? '',
    comments: comments.map((c) => ({ ...c, createdAt: date(c.createdAt) })),
    testimonials: testimonials.map((t) => ({ ...t, createdAt: date(t.createdAt) })),
    bookings: bookings.map((b) => ({ ...b, createdAt: date(b.createdAt) })),
  }
}
export type FeedbackView = Awaited<ReturnType<typeof loadFeedbackView>>

const ApprovalSchema = z.object({ intent: z.enum(['approve', 'hide']), responseId: z.string().uuid() })

/**
 * The approve / hide POST of a feedback page (a plain form: works without JavaScript). The change
 * scope decides: a member approves only on the sessions they run. Unknown testimonial → 404.
 */
export async function testimonialApprovalAction(form: FormData, changeScope: Scope, back: string) {
  const parsed = ApprovalSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return Response.json({ error: 'Unknown action.' }, { status: 400 })
  const approval = parsed.data.intent === 'approve' ? 'approved' : 'hidden'
  if (!(await setTestimonialApproval(changeScope, parsed.data.responseId, approval)))
    throw new Response('Testimonial not found', { status: 404 })
  return redirectWithToast(back, {
    type: 'success',
    description:
      approval === 'approved'
        ? 'Approved: the quote now appears on your profile and the event page.'
        : 'Hidden: the quote appears nowhere.',
  })
}
