import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { leads } from '~/db/schema/leads'
import { feedbackState, testimonialText } from '~/lib/feedback'
import { storeFeedback } from '~/models/feedback.server'
import { setTestimonialApproval } from '~/models/feedback-report.server'
import { getPublicSession } from '~/models/lead-capture.server'
import { submitLead } from '~/models/lead-submit.server'
import { sha256Hex } from '~/platform/lead-tokens.server'
import { browserKeyHash, newBrowserId } from '~/services/feedback-cookie.server'
import { makeEvent } from './event-fixtures'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'

// Fixtures for the testimonial tests (issue 33 Deliver 2): an approved quote on a speaker's profile
// and their event's page, with a known erasure token for the author's "Withdraw my quote only".

export const STARTS = new Date('2027-03-10T10:00:00Z')
export const feedbackOn = { feedbackEnabled: true, startsAt: STARTS, durationMinutes: 45 } as const
export const open = feedbackState(
  { ...feedbackOn, feedbackOpens: 'start', feedbackOpensBeforeEndMinutes: 10, feedbackClosesAfterMinutes: 60 },
  new Date('2027-03-10T10:20:00Z'),
)

/**
 * Grace's feedback at a live session with feedback on, a quote permitted with her name and title,
 * still pending approval (the session's runner or its workspace approves it).
 */
export async function pendingQuote(session: { code: string; id: string; workspaceId: string }, quote: string) {
  const ps = (await getPublicSession(session.code))!
  const lead = (await submitLead({
    session: ps,
    submissionId: crypto.randomUUID(),
    input: {
      firstName: 'Grace',
      email: attendeeEmail(),
      company: 'US Navy',
      jobTitle: 'Rear Admiral',
      phone: null,
      linkedinUrl: null,
      answers: { role: 'Engineering' },
      marketingConsent: false,
      shareWithSpeaker: false,
    },
    noticeText: 'Notice',
    marketingText: null,
  }))!
  const stored = await storeFeedback({
    session: { id: session.id, workspaceId: session.workspaceId },
    browserKeyHash: browserKeyHash(session.id, newBrowserId()),
    state: open,
    input: {
      rating: 5,
      followUp: quote,
      contentRating: null,
      deliveryRating: null,
      slidesRating: null,
      testimonial: true,
      nameParts: ['name', 'title'],
    },
    lead,
    testimonialText: testimonialText(ps.speakerName, ['name', 'title']),
  })
  return { lead, responseId: stored.responseId! }
}

/** A speaker with a profile, a session at their event, and Grace's approved quote (name and title permitted). */
export async function approvedQuote(quote: string) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const [profile] = await getDb().select().from(speakers).where(eq(speakers.userId, owner.id))
  const event = await makeEvent(owner.id)
  const { session } = await createLiveSession(owner.id, { ...feedbackOn, eventId: event.id })
  const { lead, responseId } = await pendingQuote(session, quote)
  const scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
  expect(await setTestimonialApproval(scope, responseId, 'approved')).toBe(true)
  // The erasure token is only in the confirmation email: give the capture a known one.
  const token = randomBytes(32).toString('base64url')
  await getDb()
    .update(leads)
    .set({ eraseTokenHash: sha256Hex(token) })
    .where(eq(leads.id, lead.leadId))
  return { owner, profile: profile!, event, session, lead, token, responseId }
}
