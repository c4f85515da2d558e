import { and, desc, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookingLeads, feedbackResponses } from '~/db/schema/feedback'
import { leads } from '~/db/schema/leads'
import { sessionCounts, talks, talkSessions } from '~/db/schema/talks'
import type { Conversion } from '~/lib/conversion'
import type { TestimonialNamePart } from '~/lib/feedback'
import type { TestimonialApproval } from '~/lib/feedback-values'
import { quotedName, responseRate, type RatingCounts } from '~/lib/feedback-report'
import type { Scope } from '~/lib/permissions'
import { likePattern } from '~/lib/text'
import { purgePageCacheEverywhere } from '~/platform/page-purge.server'
import { withdrawTestimonials } from './feedback.server'
import { runnerCondition, runnerSessions, visibleLeadsFilter } from './leads.server'

// What the speaker sees of the feedback (issue 33 Deliver 4; docs/feedback.md "What the speaker
// sees"): per session or per talk (every delivery), the workspace and, for a member, the sessions
// they run in every WHERE clause. Testimonials and booking leads carry a capture's details, so they
// also pass the recipients rule and the plan gate (app/models/leads.server.ts), like every lead read.

/** Which feedback a view covers: one session, or every delivery of one talk. */
export type FeedbackScope = { sessionId: string } | { talkId: string }

function sessionsOf(scope: Scope, of: FeedbackScope): SQL {
  return and(
    eq(talkSessions.workspaceId, scope.ownerId),
    'sessionId' in of ? eq(talkSessions.id, of.sessionId) : eq(talkSessions.talkId, of.talkId),
    runnerSessions(scope),
  )!
}

export type PartSummary = { mean: number | null; count: number }
export type FeedbackOverview = {
  responses: number
  /** Responses ÷ unique visitors over the sessions in scope (responseRate, app/lib/feedback-report.ts). */
  rate: Conversion
  counts: RatingCounts
  parts: { content: PartSummary; delivery: PartSummary; slides: PartSummary }
}

const partMean = (column: SQLWrapper) => sql<number | null>`round(avg(${column})::numeric, 1)::float8`
const partCount = (column: SQLWrapper) => sql<number>`count(${column})::int`

/** The figures of the feedback the scope sees: counts by rating, the part-ratings and the response rate. */
export async function feedbackOverview(scope: Scope, of: FeedbackScope): Promise<FeedbackOverview> {
  const db = getDb()
  const where = sessionsOf(scope, of)
  const [perSession, byRating, [parts]] = await Promise.all([
    db
      .select({
        // Qualified by hand: in a one-table select Drizzle writes a bare "id", which the sub-select would take as its own.
        responses: sql<number>`(select count(*)::int from ${feedbackResponses} f where f.session_id = "talk_sessions"."id")`,
        visitors: sql<number>`coalesce((select c.visitors from ${sessionCounts} c where c.session_id = "talk_sessions"."id"), 0)::int`,
      })
      .from(talkSessions)
      .where(where),
    db
      .select({ rating: feedbackResponses.rating, n: sql<number>`count(*)::int` })
      .from(feedbackResponses)
      .innerJoin(talkSessions, eq(talkSessions.id, feedbackResponses.sessionId))
      .where(and(where, eq(feedbackResponses.ownerId, scope.ownerId)))
      .groupBy(feedbackResponses.rating),
    db
      .select({
        contentMean: partMean(feedbackResponses.contentRating),
        contentCount: partCount(feedbackResponses.contentRating),
        deliveryMean: partMean(feedbackResponses.deliveryRating),
        deliveryCount: partCount(feedbackResponses.deliveryRating),
        slidesMean: partMean(feedbackResponses.slidesRating),
        slidesCount: partCount(feedbackResponses.slidesRating),
      })
      .from(feedbackResponses)
      .innerJoin(talkSessions, eq(talkSessions.id, feedbackResponses.sessionId))
      .where(and(where, eq(feedbackResponses.ownerId, scope.ownerId))),
  ])
  const counts: RatingCounts = {}
  for (const row of byRating) counts[row.rating] = row.n
  const responses = perSession.reduce((n, s) => n + s.responses, 0)
  return {
    responses,
    rate: responseRate(perSession),
    counts,
    parts: {
      content: { mean: parts?.contentMean ?? null, count: parts?.contentCount ?? 0 },
      delivery: { mean: parts?.deliveryMean ?? null, count: parts?.deliveryCount ?? 0 },
      slides: { mean: parts?.slidesMean ?? null, count: parts?.slidesCount ?? 0 },
    },
  }
}

export const COMMENTS_PAGE = 100

/** The answers to the follow-up question, newest first, those containing `q` when given. */
export async function listFeedbackComments(scope: Scope, of: FeedbackScope, q: string | null) {
  const text = q?.trim()
  return getDb()
    .select({
      id: feedbackResponses.id,
      rating: feedbackResponses.rating,
      comment: feedbackResponses.followUp,
      createdAt: feedbackResponses.createdAt,
      eventName: talkSessions.eventName,
    })
    .from(feedbackResponses)
    .innerJoin(talkSessions, eq(talkSessions.id, feedbackResponses.sessionId))
    .where(
      and(
        sessionsOf(scope, of),
        eq(feedbackResponses.ownerId, scope.ownerId),
        ne(feedbackResponses.followUp, ''),
        text ? ilike(feedbackResponses.followUp, likePattern(text)) : undefined,
      ),
    )
    .orderBy(desc(feedbackResponses.createdAt), desc(feedbackResponses.id))
    .limit(COMMENTS_PAGE)
}

/** A testimonial as shown: the words, and its author named with the parts they permitted only. */
function testimonialColumns() {
  return {
    id: feedbackResponses.id,
    quote: feedbackResponses.followUp,
    rating: feedbackResponses.rating,
    nameParts: feedbackResponses.testimonialNameParts,
    firstName: leads.firstName,
    jobTitle: leads.jobTitle,
    company: leads.company,
    createdAt: feedbackResponses.createdAt,
  }
}
type TestimonialRow = {
  nameParts: string[]
  firstName: string
  jobTitle: string | null
  company: string | null
}
function named<T extends TestimonialRow>({ nameParts, firstName, jobTitle, company, ...rest }: T) {
  return { ...rest, author: quotedName({ firstName, jobTitle, company }, nameParts as TestimonialNamePart[]) }
}

/** A testimonial still permitted: ticked, not withdrawn, with words, its capture still there. */
export const permitted = () =>
  and(
    eq(feedbackResponses.testimonialPermission, true),
    isNull(feedbackResponses.withdrawnAt),
    ne(feedbackResponses.followUp, ''),
  )

/** The testimonials of the scope's sessions, those waiting for approval first, then newest first. */
export async function listTestimonials(scope: Scope, of: FeedbackScope) {
  const rows = await getDb()
    .select({ ...testimonialColumns(), approval: feedbackResponses.approval, eventName: talkSessions.eventName })
    .from(feedbackResponses)
    .innerJoin(talkSessions, eq(talkSessions.id, feedbackResponses.sessionId))
    .innerJoin(leads, eq(leads.id, feedbackResponses.leadId))
    .where(
      and(
        sessionsOf(scope, of),
        eq(feedbackResponses.ownerId, scope.ownerId),
        eq(leads.ownerId, scope.ownerId),
        permitted(),
        runnerCondition(scope),
        visibleLeadsFilter(),
      ),
    )
    .orderBy(
      sql`case when ${feedbackResponses.approval} = 'pending' then 0 else 1 end`,
      desc(feedbackResponses.createdAt),
      desc(feedbackResponses.id),
    )
  return rows.map(named)
}

/**
 * The speaker approves or hides a testimonial of a session the scope changes (the route passes the
 * change scope). False when there is none such (another workspace's, withdrawn, not permitted). The
 * public pages that show approved ones are purged in every process (the live bus).
 */
export async function setTestimonialApproval(
  scope: Scope,
  responseId: string,
  approval: Exclude<TestimonialApproval, 'pending'>,
  now = new Date(),
): Promise<boolean> {
  const runner = runnerSessions(scope)
  const changed = await getDb()
    .update(feedbackResponses)
    .set({ approval, approvedAt: approval === 'approved' ? now : null, updatedAt: now })
    .where(
      and(
        eq(feedbackResponses.id, responseId),
        eq(feedbackResponses.ownerId, scope.ownerId),
        permitted(),
        isNotNull(feedbackResponses.leadId),
        runner
          ? inArray(
              feedbackResponses.sessionId,
              getDb()
                .select({ id: talkSessions.id })
                .from(talkSessions)
                .where(and(eq(talkSessions.workspaceId, scope.ownerId), runner)),
            )
          : undefined,
      ),
    )
    .returning({ id: feedbackResponses.id })
  if (changed.length === 0) return false
  await purgePageCacheEverywhere()
  return true
}

/** Booking leads ("Should {speaker} speak at your company or event?") of the scope's sessions, newest first. */
export async function listBookingLeads(scope: Scope, of: FeedbackScope) {
  return getDb()
    .select({
      id: bookingLeads.id,
      contactId: bookingLeads.contactId,
      organisation: bookingLeads.organisation,
      role: bookingLeads.role,
      timing: bookingLeads.timing,
      createdAt: bookingLeads.createdAt,
      firstName: leads.firstName,
      email: leads.email,
      eventName: talkSessions.eventName,
    })
    .from(bookingLeads)
    .innerJoin(talkSessions, eq(talkSessions.id, bookingLeads.sessionId))
    .innerJoin(leads, eq(leads.id, bookingLeads.leadId))
    .where(
      and(
        sessionsOf(scope, of),
        eq(bookingLeads.ownerId, scope.ownerId),
        eq(leads.ownerId, scope.ownerId),
        runnerCondition(scope),
        visibleLeadsFilter(),
      ),
    )
    .orderBy(desc(bookingLeads.createdAt), desc(bookingLeads.id))
}

/**
 * A public page (the speaker's profile, the event page) shows the newest approved quotes up to this
 * many: those pages are read by anyone, cached and meant to stay short, and a few recent quotes say
 * what a dozen more would. The shareable report (reportTestimonials) lists every one: it is the
 * record the organiser or agent asked for, and a capped list would hide approved comments from it.
 */
export const PUBLIC_TESTIMONIALS = 12

/**
 * Approved testimonials for a public page (issue 33 Deliver 2): of the sessions a speaker's account
 * runs (their profile) or of an event's sessions (its page). Only what the author permitted, never a
 * withdrawn one or one whose capture is gone or locked by the plan.
 */
export function publicTestimonials(of: { userId: string } | { eventId: string } | { sessionId: string }) {
  return approvedTestimonials(of, PUBLIC_TESTIMONIALS)
}

/** Every approved, permitted testimonial of a session, newest approval first: the shareable report (web and PDF). */
export function reportTestimonials(sessionId: string) {
  return approvedTestimonials({ sessionId }, null)
}

async function approvedTestimonials(of: { userId: string } | { eventId: string } | { sessionId: string }, limit: number | null) {
  const query = getDb()
    .select({ ...testimonialColumns(), talkTitle: talks.title, eventName: talkSessions.eventName })
    .from(feedbackResponses)
    .innerJoin(talkSessions, eq(talkSessions.id, feedbackResponses.sessionId))
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .innerJoin(leads, eq(leads.id, feedbackResponses.leadId))
    .where(
      and(
        'userId' in of
          ? eq(talkSessions.userId, of.userId)
          : 'eventId' in of
            ? eq(talkSessions.eventId, of.eventId)
            : eq(talkSessions.id, of.sessionId),
        eq(leads.ownerId, feedbackResponses.ownerId),
        eq(feedbackResponses.approval, 'approved'),
        permitted(),
        visibleLeadsFilter(),
      ),
    )
    .orderBy(desc(feedbackResponses.approvedAt), desc(feedbackResponses.id))
  const rows = limit === null ? await query : await query.limit(limit)
  return rows.map(named)
}
export type PublicTestimonial = Awaited<ReturnType<typeof approvedTestimonials>>[number]

/** The capture carries a testimonial its author can still withdraw (the erase page offers it). */
export async function hasTestimonial(leadId: string) {
  const [row] = await getDb()
    .select({ id: feedbackResponses.id })
    .from(feedbackResponses)
    .where(
      and(
        eq(feedbackResponses.leadId, leadId),
        eq(feedbackResponses.testimonialPermission, true),
        isNull(feedbackResponses.withdrawnAt),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * The author withdraws the testimonial of their capture (the link in their confirmation email, which
 * the route has checked): recorded in the ledger, then gone from every public page — this process's
 * cache at once, the others' through the live bus. False when there was none to withdraw.
 */
export async function withdrawTestimonialOfLead(leadId: string): Promise<boolean> {
  const withdrawn = await getDb().transaction(async (tx) => {
    const [lead] = await tx.select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, leadId)).limit(1)
    return lead ? withdrawTestimonials(tx, lead.ownerId, [leadId]) : 0
  })
  if (withdrawn === 0) return false
  await purgePageCacheEverywhere()
  return true
}
