import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { bookingLeads, feedbackConsents, feedbackResponses } from '~/db/schema/feedback'
import { consentTexts } from '~/db/schema/leads'
import { consentTextHash, normalizeConsentText } from '~/lib/consent-text'
import { feedbackAnswerRule, type FeedbackInput, type FeedbackState } from '~/lib/feedback'
import type { Language } from '~/lib/i18n/languages'
import { sessionLiveChannel } from '~/lib/live-display'
import { publish } from '~/platform/live-bus.server'

// Feedback given on the attendee page (issue 33 Deliver 1–2): one answer per browser per session,
// changed from the same browser within FEEDBACK_EDIT_HOURS, with the testimonial box's wording in the
// ledger each time it is stored. The browser is known only by a per-session hash of its cookie
// (app/services/feedback-cookie.server.ts). What the speaker sees of it is fb-report's (issue 33 Deliver 4).

export type BrowserFeedback = typeof feedbackResponses.$inferSelect

/** The answer this browser gave at this session, if any (to fill the form again and to say until when it can change). */
export async function getBrowserFeedback(sessionId: string, browserKeyHash: string): Promise<BrowserFeedback | null> {
  const [row] = await getDb()
    .select()
    .from(feedbackResponses)
    .where(and(eq(feedbackResponses.sessionId, sessionId), eq(feedbackResponses.browserKeyHash, browserKeyHash)))
    .limit(1)
  return row ?? null
}

export type StoreFeedbackInput = {
  session: { id: string; workspaceId: string }
  browserKeyHash: string
  /** The session's window now (app/lib/feedback.ts feedbackState): a closed one stores nothing. */
  state: FeedbackState
  input: FeedbackInput
  /** The capture and person when details were left with the answer. */
  lead: { leadId: string; contactId: string } | null
  /** The testimonial box exactly as the page showed it with the parts chosen (testimonialText). */
  testimonialText: string
  /** The language the page showed it in (the ledger keeps it with the words). */
  language?: Language
  now?: Date
}

export type StoreFeedbackResult =
  { outcome: 'inserted' | 'updated'; responseId: string } | { outcome: 'closed' | 'expired'; responseId: null }

/**
 * Stores one answer: a new one, or the browser's earlier one changed (within the edit time), never a
 * second. The ledger (feedback_consents) gets a row each time with the box's wording, ticked or not.
 * A changed comment goes back to the speaker for approval; details given once stay linked.
 */
export async function storeFeedback(args: StoreFeedbackInput): Promise<StoreFeedbackResult> {
  const result = await writeFeedback(args)
  // Committed: the session's live display counts it (issue 33 Deliver 6; a changed answer is not a new one).
  if (result.outcome === 'inserted') await publish(sessionLiveChannel(args.session.id), { kind: 'feedback' })
  return result
}

async function writeFeedback(args: StoreFeedbackInput): Promise<StoreFeedbackResult> {
  const { session, browserKeyHash, state, input, lead, testimonialText } = args
  const now = args.now ?? new Date()
  const hash = consentTextHash(testimonialText)
  const values = {
    rating: input.rating,
    followUp: input.followUp,
    contentRating: input.contentRating,
    deliveryRating: input.deliveryRating,
    slidesRating: input.slidesRating,
    testimonialPermission: input.testimonial,
    testimonialNameParts: input.nameParts,
    testimonialHash: input.testimonial ? hash : null,
  }
  const result = await getDb().transaction(async (tx): Promise<StoreFeedbackResult> => {
    const [existing] = await tx
      .select({ id: feedbackResponses.id, createdAt: feedbackResponses.createdAt, leadId: feedbackResponses.leadId })
      .from(feedbackResponses)
      .where(and(eq(feedbackResponses.sessionId, session.id), eq(feedbackResponses.browserKeyHash, browserKeyHash)))
      .for('update')
      .limit(1)
    const rule = feedbackAnswerRule(state, existing ?? null, now)
    if (rule === 'closed' || rule === 'expired') return { outcome: rule, responseId: null }

    await tx
      .insert(consentTexts)
      .values({ hash, text: normalizeConsentText(testimonialText) })
      .onConflictDoNothing()
    let responseId: string
    if (rule === 'insert') {
      const [row] = await tx
        .insert(feedbackResponses)
        .values({
          ...values,
          sessionId: session.id,
          ownerId: session.workspaceId,
          browserKeyHash,
          leadId: lead?.leadId ?? null,
          contactId: lead?.contactId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: feedbackResponses.id })
      // A double tap's twin came first (the row lock cannot hold a row not yet there): that one stands.
      if (!row) {
        const [twin] = await tx
          .select({ id: feedbackResponses.id })
          .from(feedbackResponses)
          .where(and(eq(feedbackResponses.sessionId, session.id), eq(feedbackResponses.browserKeyHash, browserKeyHash)))
        return { outcome: 'updated', responseId: twin!.id }
      }
      responseId = row.id
    } else {
      responseId = existing!.id
      const same = sql`(${feedbackResponses.followUp} = ${input.followUp}::text and ${feedbackResponses.testimonialPermission} = ${input.testimonial}::boolean)`
      await tx
        .update(feedbackResponses)
        .set({
          ...values,
          ...(lead ? { leadId: lead.leadId, contactId: lead.contactId } : {}),
          // The speaker approved the words they read: new words, or a new permission, wait for them again.
          approval: sql`case when ${same} then ${feedbackResponses.approval} else 'pending'::testimonial_approval end`,
          approvedAt: sql`case when ${same} then ${feedbackResponses.approvedAt} end`,
          // Giving permission again after withdrawing it is a new permission.
          withdrawnAt: input.testimonial ? null : sql`${feedbackResponses.withdrawnAt}`,
          updatedAt: now,
        })
        .where(and(eq(feedbackResponses.id, existing!.id), eq(feedbackResponses.ownerId, session.workspaceId)))
    }
    await tx.insert(feedbackConsents).values({
      responseId,
      sessionId: session.id,
      ownerId: session.workspaceId,
      leadId: lead?.leadId ?? existing?.leadId ?? null,
      testimonialHash: hash,
      testimonialConsent: input.testimonial,
      nameParts: input.nameParts,
      language: args.language ?? 'en',
      createdAt: now,
    })
    return { outcome: rule === 'insert' ? 'inserted' : 'updated', responseId }
  })
  // Committed: the session's live display counts again (issue 33 Deliver 6).
  if (result.outcome === 'inserted') await publish(sessionLiveChannel(session.id), { kind: 'feedback' })
  return result
}

/** A capture's booking lead, if it has one (the thank-you page, tests). */
export async function getBookingLead(ownerId: string, leadId: string) {
  const [row] = await getDb()
    .select()
    .from(bookingLeads)
    .where(and(eq(bookingLeads.leadId, leadId), eq(bookingLeads.ownerId, ownerId)))
    .limit(1)
  return row ?? null
}

/**
 * The author withdraws their testimonial permission (the link in their confirmation email), or an
 * erasure takes it with the capture: the quote shows nowhere from now on, and the ledger records the
 * withdrawal (a row with the same wording, not consented). Runs in the caller's transaction; the
 * caller purges every process's page cache once it has committed. The number withdrawn.
 */
export async function withdrawTestimonials(tx: Tx, ownerId: string, leadIds: string[], now = new Date()) {
  if (leadIds.length === 0) return 0
  const withdrawn = await tx
    .update(feedbackResponses)
    .set({ withdrawnAt: now, updatedAt: now })
    .where(
      and(
        eq(feedbackResponses.ownerId, ownerId),
        inArray(feedbackResponses.leadId, leadIds),
        eq(feedbackResponses.testimonialPermission, true),
        isNull(feedbackResponses.withdrawnAt),
      ),
    )
    .returning({
      id: feedbackResponses.id,
      sessionId: feedbackResponses.sessionId,
      leadId: feedbackResponses.leadId,
      hash: feedbackResponses.testimonialHash,
    })
  const ledger = withdrawn.flatMap((r) =>
    r.hash
      ? [
          {
            responseId: r.id,
            sessionId: r.sessionId,
            ownerId,
            leadId: r.leadId,
            testimonialHash: r.hash,
            testimonialConsent: false,
            nameParts: [],
            createdAt: now,
          },
        ]
      : [],
  )
  if (ledger.length > 0) await tx.insert(feedbackConsents).values(ledger)
  return withdrawn.length
}
