import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookingLeads, feedbackConsents, feedbackResponses } from '~/db/schema/feedback'
import { jobs } from '~/db/schema/jobs'
import { consentTexts } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import type { LeadEventPayload } from '~/jobs/payloads'
import { consentTextHash } from '~/lib/consent-text'
import { feedbackState, testimonialText, type FeedbackInput } from '~/lib/feedback'
import { getPublicSession } from '~/models/lead-capture.server'
import { storeFeedback } from '~/models/feedback.server'
import { submitLead } from '~/models/lead-submit.server'
import { browserKeyHash, newBrowserId } from '~/services/feedback-cookie.server'
import { dispatchLeadEvent } from '~/services/lead-events.server'
import { attendeeEmail, createLiveSession, createOwner, outboxTo } from './lead-capture-utils'

// The models under issue 33's attendee side: one answer per browser per session (changed within 24 h,
// refused after, never a second), the testimonial wording in the append-only ledger, and the booking
// lead stored with the capture, making its person hot and telling the members on instant at once.

const STARTS = new Date('2027-03-10T10:00:00Z')
const DURING = new Date('2027-03-10T10:20:00Z')
const feedbackOn = { feedbackEnabled: true, startsAt: STARTS, durationMinutes: 45 } as const
const answer = (over: Partial<FeedbackInput> = {}): FeedbackInput => ({
  rating: 5,
  followUp: 'The checklist',
  contentRating: 4,
  deliveryRating: null,
  slidesRating: 5,
  testimonial: false,
  nameParts: [],
  ...over,
})

async function openSession() {
  const owner = await createOwner(undefined, { leadNotify: 'instant', plan: 'pro' })
  const { session } = await createLiveSession(owner.id, feedbackOn)
  const state = (now: Date) =>
    feedbackState(
      { ...feedbackOn, feedbackOpens: 'start', feedbackOpensBeforeEndMinutes: 10, feedbackClosesAfterMinutes: 60 },
      now,
    )
  return { owner, session, state }
}

const ledgerOf = (sessionId: string) =>
  getDb().select().from(feedbackConsents).where(eq(feedbackConsents.sessionId, sessionId)).orderBy(feedbackConsents.id)

describe('storeFeedback', () => {
  it('stores an answer without details, changes it within 24 h and refuses after; never a second one', async () => {
    const { session, state } = await openSession()
    const key = browserKeyHash(session.id, newBrowserId())
    const text = testimonialText('Ada Lovelace', ['name'])
    const base = { session, browserKeyHash: key, lead: null, testimonialText: text }

    const first = await storeFeedback({ ...base, state: state(DURING), input: answer(), now: DURING })
    expect(first.outcome).toBe('inserted')
    const later = new Date(DURING.getTime() + 60 * 60_000)
    // Still inside the window (it closes an hour after the end) and 24 h: an edit.
    const edit = await storeFeedback({
      ...base,
      state: state(later),
      input: answer({ rating: 2, followUp: 'More demos' }),
      now: later,
    })
    expect(edit).toEqual({ outcome: 'updated', responseId: first.responseId })

    const rows = await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.sessionId, session.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      rating: 2,
      followUp: 'More demos',
      leadId: null,
      contactId: null,
      testimonialPermission: false,
    })
    expect(rows[0]!.browserKeyHash).toBe(key)

    // A day after the first answer: refused, even with the window reopened for the test.
    const dayLater = new Date(DURING.getTime() + 24 * 60 * 60_000)
    const openAlways = { state: 'open', opensAt: STARTS, closesAt: new Date('2030-01-01') } as const
    expect(await storeFeedback({ ...base, state: openAlways, input: answer({ rating: 1 }), now: dayLater })).toEqual({
      outcome: 'expired',
      responseId: null,
    })
    // Outside the window: nothing stored.
    const otherBrowser = browserKeyHash(session.id, newBrowserId())
    expect(
      await storeFeedback({
        ...base,
        browserKeyHash: otherBrowser,
        state: state(new Date('2027-03-10T12:00:00Z')),
        input: answer(),
      }),
    ).toEqual({ outcome: 'closed', responseId: null })
    expect((await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.sessionId, session.id)))[0]!.rating).toBe(2)
    // Each stored answer has its ledger row with the box's wording, unticked here.
    const ledger = await ledgerOf(session.id)
    expect(ledger.map((r) => [r.testimonialConsent, r.testimonialHash])).toEqual([
      [false, consentTextHash(text)],
      [false, consentTextHash(text)],
    ])
  })

  it('records the testimonial permission with its exact wording and name parts; an edit of the words waits for approval again', async () => {
    const { session, state } = await openSession()
    const key = browserKeyHash(session.id, newBrowserId())
    const ps = (await getPublicSession(session.code))!
    const lead = await submitLead({
      session: ps,
      submissionId: crypto.randomUUID(),
      input: {
        firstName: 'Grace',
        email: attendeeEmail(),
        company: 'Navy',
        jobTitle: 'Rear Admiral',
        phone: null,
        linkedinUrl: null,
        answers: { role: 'Engineering' },
        marketingConsent: false,
        shareWithSpeaker: false,
      },
      noticeText: 'Notice',
      marketingText: null,
    })
    const text = testimonialText(ps.speakerName, ['name', 'company'])
    expect(text).toBe("You may quote this on Ada Lovelace's profile with my name and company")
    const quote = answer({ testimonial: true, nameParts: ['name', 'company'] })
    const first = await storeFeedback({
      session,
      browserKeyHash: key,
      state: state(DURING),
      input: quote,
      lead,
      testimonialText: text,
      now: DURING,
    })
    expect(first.outcome).toBe('inserted')
    const [row] = await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.id, first.responseId!))
    expect(row).toMatchObject({
      leadId: lead!.leadId,
      contactId: lead!.contactId,
      testimonialPermission: true,
      testimonialNameParts: ['name', 'company'],
      testimonialHash: consentTextHash(text),
      approval: 'pending',
      withdrawnAt: null,
    })
    const [stored] = await getDb()
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.hash, consentTextHash(text)))
    expect(stored!.text).toBe(text)
    expect(await ledgerOf(session.id)).toMatchObject([
      { responseId: first.responseId, leadId: lead!.leadId, testimonialConsent: true, nameParts: ['name', 'company'] },
    ])

    // The speaker approves (fb-report's screen); the author then changes the words: pending again.
    await getDb()
      .update(feedbackResponses)
      .set({ approval: 'approved', approvedAt: DURING })
      .where(eq(feedbackResponses.id, first.responseId!))
    const same = new Date(DURING.getTime() + 60_000)
    await storeFeedback({
      session,
      browserKeyHash: key,
      state: state(same),
      input: quote,
      lead: null,
      testimonialText: text,
      now: same,
    })
    expect((await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.id, first.responseId!)))[0]).toMatchObject({
      approval: 'approved',
      leadId: lead!.leadId,
    })
    await storeFeedback({
      session,
      browserKeyHash: key,
      state: state(same),
      input: { ...quote, followUp: 'Everything' },
      lead: null,
      testimonialText: text,
      now: same,
    })
    expect((await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.id, first.responseId!)))[0]).toMatchObject({
      approval: 'pending',
      approvedAt: null,
    })
    expect(await ledgerOf(session.id)).toHaveLength(3)
  })

  it('keeps the testimonial ledger append-only in the database itself', async () => {
    const { session, state } = await openSession()
    const key = browserKeyHash(session.id, newBrowserId())
    await storeFeedback({
      session,
      browserKeyHash: key,
      state: state(DURING),
      input: answer(),
      lead: null,
      testimonialText: 'Box',
      now: DURING,
    })
    await expect(
      getDb().update(feedbackConsents).set({ testimonialConsent: true }).where(eq(feedbackConsents.sessionId, session.id)),
    ).rejects.toThrow()
    await expect(getDb().delete(feedbackConsents).where(eq(feedbackConsents.sessionId, session.id))).rejects.toThrow()
    expect(await ledgerOf(session.id)).toHaveLength(1)
  })

  it('refuses a rating outside 1–5 in the database too', async () => {
    const { session, owner } = await openSession()
    await expect(
      getDb().insert(feedbackResponses).values({ sessionId: session.id, ownerId: owner.id, browserKeyHash: 'x', rating: 6 }),
    ).rejects.toThrow()
    await expect(
      getDb()
        .insert(feedbackResponses)
        .values({ sessionId: session.id, ownerId: owner.id, browserKeyHash: 'y', rating: 3, slidesRating: 0 }),
    ).rejects.toThrow()
  })
})

describe('submitLead with a booking', () => {
  it('stores the booking lead with the capture, queues the booking email at once and makes the person hot', async () => {
    const { owner, session } = await openSession()
    const ps = (await getPublicSession(session.code))!
    const email = attendeeEmail()
    const input = {
      firstName: 'Grace',
      email,
      company: null,
      jobTitle: null,
      phone: null,
      linkedinUrl: null,
      answers: { role: 'Engineering' },
      marketingConsent: false,
      shareWithSpeaker: false,
    }
    const booking = { organisation: 'Acme Corp', role: 'Head of Events', timing: 'Next spring' }
    const lead = await submitLead({
      session: ps,
      submissionId: crypto.randomUUID(),
      input,
      noticeText: 'Notice',
      marketingText: null,
      booking,
    })
    const [row] = await getDb().select().from(bookingLeads).where(eq(bookingLeads.leadId, lead!.leadId))
    expect(row).toMatchObject({ ownerId: owner.id, sessionId: session.id, contactId: lead!.contactId, ...booking })

    const mail = await outboxTo(owner.email)
    expect(mail.map((m) => m.subject).sort()).toEqual([
      'Booking lead: Acme Corp, from Engines of Tomorrow · DevConf 2026',
      'New lead: Grace at Engines of Tomorrow · DevConf 2026',
    ])
    expect(mail.find((m) => m.subject.startsWith('Booking'))!.text).toContain(`Grace (${email}) asked for a booking`)

    // Scoring runs on the lead.event job: a free-mail address and no weights would be cold.
    for (const job of await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'lead.event'), eq(jobs.status, 'pending')))) {
      await dispatchLeadEvent(job.payload as LeadEventPayload, job.id)
      await getDb().update(jobs).set({ status: 'done' }).where(eq(jobs.id, job.id))
    }
    const [person] = await getDb().select().from(contacts).where(eq(contacts.id, lead!.contactId))
    expect(person!.scoreBand).toBe('hot')
    expect(person!.scoreReasons).toContain('+8 Asked about booking the speaker (DevConf 2026)')

    // Asking again from the same address updates the one booking lead and tells the members again.
    await submitLead({
      session: ps,
      submissionId: crypto.randomUUID(),
      input,
      noticeText: 'Notice',
      marketingText: null,
      booking: { ...booking, timing: 'October' },
    })
    const rows = await getDb().select().from(bookingLeads).where(eq(bookingLeads.sessionId, session.id))
    expect(rows.map((r) => r.timing)).toEqual(['October'])
    expect((await outboxTo(owner.email)).filter((m) => m.subject.startsWith('Booking'))).toHaveLength(2)
  })

  it('announces a locked capture’s booking without its details on a free plan past the visible leads', async () => {
    const owner = await createOwner(undefined, { leadNotify: 'instant', plan: 'free' })
    const { session } = await createLiveSession(owner.id, feedbackOn)
    const ps = (await getPublicSession(session.code))!
    const input = (email: string) => ({
      firstName: 'Grace',
      email,
      company: null,
      jobTitle: null,
      phone: null,
      linkedinUrl: null,
      answers: { role: 'Engineering' },
      marketingConsent: false,
      shareWithSpeaker: false,
    })
    for (let i = 0; i < 3; i++) {
      await submitLead({
        session: ps,
        submissionId: crypto.randomUUID(),
        input: input(attendeeEmail()),
        noticeText: 'N',
        marketingText: null,
      })
    }
    await submitLead({
      session: ps,
      submissionId: crypto.randomUUID(),
      input: input(attendeeEmail()),
      noticeText: 'N',
      marketingText: null,
      booking: { organisation: 'Secret Org', role: '', timing: '' },
    })
    const booking = (await outboxTo(owner.email)).filter((m) => m.subject.startsWith('Booking'))
    expect(booking.map((m) => m.subject)).toEqual(['Booking lead at Engines of Tomorrow · DevConf 2026 (locked)'])
    expect(booking[0]!.text).not.toContain('Secret Org')
  })
})
