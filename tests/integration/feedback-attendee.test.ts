import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookingLeads, feedbackConsents, feedbackResponses } from '~/db/schema/feedback'
import { consentTexts, leads } from '~/db/schema/leads'
import { consentTextHash } from '~/lib/consent-text'
import { FEEDBACK_FIELDS as F, FEEDBACK_MESSAGES } from '~/lib/feedback'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action, loader } from '~/routes/t.$code'
import { loader as feedbackThanks } from '~/routes/t.$code_.feedback'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, tokenFrom } from './lead-capture-utils'
import { call, makeRequest } from './utils'

// The attendee page with feedback on (issue 33 Deliver 1–3): feedback without details and with them,
// one answer per browser per session (the cookie, edits within 24 h, refused after), the testimonial
// permission with its exact wording in the ledger, and the booking lead.

const get = (code: string, cookie?: string) => call(loader, makeRequest(`/t/${code}`, { cookie }), { code }) as Promise<Response>
const post = (code: string, form: Record<string, string>, cookie?: string) =>
  call(action, makeRequest(`/t/${code}`, { form, cookie }), { code }) as Promise<Response>
const cookieOf = (res: Response) => /^(lectern_feedback=[^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1]

async function openSession(overrides: Parameters<typeof createLiveSession>[1] = {}) {
  const owner = await createOwner(undefined, { leadNotify: 'instant', plan: 'pro' })
  const { session } = await createLiveSession(owner.id, {
    feedbackEnabled: true,
    startsAt: new Date(Date.now() - 10 * 60_000),
    durationMinutes: 45,
    ...overrides,
  })
  return { owner, session }
}
const answersOf = (sessionId: string) =>
  getDb().select().from(feedbackResponses).where(eq(feedbackResponses.sessionId, sessionId))

describe('the attendee page with feedback', () => {
  it('shows the section while the window is open: both follow-ups with their ratings, the box, the booking question, details optional', async () => {
    const { session } = await openSession()
    const res = await get(session.code)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('How was the talk? 1 (low) to 5 (high)')
    expect(html).toContain('If you rated it 1, 2 or 3: What would have made it better?')
    expect(html).toContain('If you rated it 4 or 5: What will you use?')
    for (const part of ['Content', 'Delivery', 'Slides']) expect(html).toContain(`${part}, 1 to 5 (optional)`)
    expect(html).toContain('You may quote this on Ada Lovelace&#x27;s profile with my name')
    expect(html).toContain('Should Ada Lovelace speak at your company or event?')
    expect(html).toMatch(/Feedback is open until \d+ \w+ \d{4}, \d\d:\d\d \(Europe\/London\)\./)
    // No required details: feedback goes without them.
    expect(html).not.toMatch(/id="f-first_name"[^>]*required|required[^>]*id="f-first_name"/)
  })

  it('says when outside the window, with no fields; nothing at all when feedback is off', async () => {
    const { session: before } = await openSession({ startsAt: new Date(Date.now() + 2 * 60 * 60_000) })
    const early = await (await get(before.code)).text()
    expect(early).toMatch(/Feedback on this talk opens on \d+ \w+ \d{4}, \d\d:\d\d \(Europe\/London\)\./)
    expect(early).not.toContain(F.rating)
    const { session: after } = await openSession({ startsAt: new Date(Date.now() - 5 * 60 * 60_000) })
    expect(await (await get(after.code)).text()).toMatch(/Feedback on this talk closed on /)
    const { session: off } = await openSession({ feedbackEnabled: false })
    const plain = await (await get(off.code)).text()
    expect(plain).not.toContain('Feedback')
    expect(plain).toContain('Send my details')
  })

  it('takes feedback without any details: stored with no capture, a cookie that only a hash of is kept, a thank-you page', async () => {
    const { session } = await openSession()
    const token = tokenFrom(await (await get(session.code)).text())
    const res = await post(session.code, { submission: token, [F.rating]: '2', [F.better]: 'More demos', [F.slides]: '3' })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/t/${session.code}/feedback`)
    const cookie = cookieOf(res)!
    expect(res.headers.get('Set-Cookie')).toMatch(/Path=\/t; .*HttpOnly; SameSite=Lax/)
    const [row, ...more] = await answersOf(session.id)
    expect(more).toHaveLength(0)
    expect(row).toMatchObject({
      rating: 2,
      followUp: 'More demos',
      slidesRating: 3,
      contentRating: null,
      leadId: null,
      contactId: null,
    })
    expect(row!.browserKeyHash).toMatch(/^[0-9a-f]{64}$/)
    expect(decodeURIComponent(cookie)).not.toContain(row!.browserKeyHash)
    expect(await getDb().select().from(leads).where(eq(leads.sessionId, session.id))).toHaveLength(0)

    const thanks = (await call(feedbackThanks, makeRequest(`/t/${session.code}/feedback`, { cookie }), {
      code: session.code,
    })) as Response
    expect(thanks.status).toBe(200)
    expect(await thanks.text()).toMatch(/You can change it from this browser until \d+ \w+ \d{4}, \d\d:\d\d \(Europe\/London\)\./)
  })

  it('lets the same browser change its answer within 24 h — one answer — and refuses after', async () => {
    const { session } = await openSession()
    const first = await post(session.code, {
      submission: issueSubmissionToken(session.id),
      [F.rating]: '5',
      [F.use]: 'The checklist',
    })
    const cookie = cookieOf(first)!
    // The page shows the answer to change, and until when.
    const page = await (await get(session.code, cookie)).text()
    expect(page).toMatch(/You gave feedback from this browser; you can change it until /)
    expect(page).toMatch(/name="fb_rating" checked="" value="5"/)
    expect(page).toContain('The checklist</textarea>')

    const edit = await post(session.code, { submission: tokenFrom(page), [F.rating]: '4', [F.use]: 'The template' }, cookie)
    expect(edit.status).toBe(303)
    expect((await answersOf(session.id)).map((r) => [r.rating, r.followUp])).toEqual([[4, 'The template']])
    // Another browser (no cookie) is another answer.
    await post(session.code, { submission: issueSubmissionToken(session.id), [F.rating]: '1' })
    expect(await answersOf(session.id)).toHaveLength(2)

    // A day after the first answer: the page says so and a post is refused, nothing changed.
    const mine = (await answersOf(session.id)).find((r) => r.rating === 4)!
    await getDb()
      .update(feedbackResponses)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(feedbackResponses.id, mine.id))
    const later = await (await get(session.code, cookie)).text()
    expect(later).toContain('You gave feedback on this talk from this browser on ')
    expect(later).not.toContain(`name="${F.rating}"`)
    const refused = await post(session.code, { submission: issueSubmissionToken(session.id), [F.rating]: '1' }, cookie)
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain(FEEDBACK_MESSAGES.editExpired)
    expect((await answersOf(session.id)).find((r) => r.id === mine.id)!.rating).toBe(4)
  })

  it('answers 400 with the message by the field: nothing sent, a rating out of range, a quote or booking without details', async () => {
    const { session } = await openSession()
    const cases: Array<[Record<string, string>, string, string]> = [
      [{}, F.rating, FEEDBACK_MESSAGES.nothingToSend],
      [{ [F.rating]: '9' }, F.rating, FEEDBACK_MESSAGES.ratingMissing],
      [{ [F.rating]: '5', [F.testimonial]: 'yes' }, F.testimonial, FEEDBACK_MESSAGES.quoteNeedsName],
      [{ [F.organisation]: 'Acme' }, F.organisation, FEEDBACK_MESSAGES.bookingNeedsDetails],
    ]
    for (const [form, field, message] of cases) {
      const res = await post(session.code, { submission: issueSubmissionToken(session.id), ...form })
      expect(res.status).toBe(400)
      const html = await res.text()
      expect(html).toContain(`id="e-${field}">${message.replace(/'/g, '&#x27;').replace(/“/g, '“')}`)
    }
    expect(await answersOf(session.id)).toHaveLength(0)
  })

  it('stores feedback with details: linked to the capture, the testimonial permission with its exact wording in the ledger', async () => {
    const { session } = await openSession()
    const email = attendeeEmail()
    const token = issueSubmissionToken(session.id)
    const res = await post(session.code, {
      submission: token,
      first_name: 'Grace',
      email,
      company: 'Navy',
      job_title: 'Rear Admiral',
      q_role: 'Engineering',
      [F.rating]: '5',
      [F.use]: 'Everything',
      [F.testimonial]: 'yes',
      [F.quoteTitle]: 'yes',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/t/${session.code}/thanks/${token.split('.')[0]}`)
    expect(cookieOf(res)).toBeTruthy()
    const [lead] = await getDb().select().from(leads).where(eq(leads.email, email))
    const [answer] = await answersOf(session.id)
    const wording = "You may quote this on Ada Lovelace's profile with my name and title"
    expect(answer).toMatchObject({
      leadId: lead!.id,
      contactId: lead!.contactId,
      testimonialPermission: true,
      testimonialNameParts: ['name', 'title'],
      testimonialHash: consentTextHash(wording),
      approval: 'pending',
    })
    expect(
      (
        await getDb()
          .select()
          .from(consentTexts)
          .where(eq(consentTexts.hash, consentTextHash(wording)))
      )[0]!.text,
    ).toBe(wording)
    expect(await getDb().select().from(feedbackConsents).where(eq(feedbackConsents.responseId, answer!.id))).toMatchObject([
      { testimonialConsent: true, nameParts: ['name', 'title'], leadId: lead!.id },
    ])
  })

  it('stores a booking lead with the details and tells the members on instant at once', async () => {
    const { owner, session } = await openSession()
    const email = attendeeEmail()
    const res = await post(session.code, {
      submission: issueSubmissionToken(session.id),
      first_name: 'Grace',
      email,
      q_role: 'Engineering',
      [F.organisation]: 'Acme Corp',
      [F.role]: 'Head of Events',
      [F.timing]: 'Next spring',
    })
    expect(res.status).toBe(303)
    const [lead] = await getDb().select().from(leads).where(eq(leads.email, email))
    expect(
      await getDb()
        .select()
        .from(bookingLeads)
        .where(and(eq(bookingLeads.leadId, lead!.id), eq(bookingLeads.ownerId, owner.id))),
    ).toMatchObject([{ organisation: 'Acme Corp', role: 'Head of Events', timing: 'Next spring', contactId: lead!.contactId }])
    expect((await outboxTo(owner.email)).map((m) => m.subject)).toContain(
      'Booking lead: Acme Corp, from Engines of Tomorrow · DevConf 2026',
    )
    // No rating given: no feedback answer, and no feedback cookie.
    expect(await answersOf(session.id)).toHaveLength(0)
    expect(cookieOf(res)).toBeUndefined()
  })

  it('refuses feedback alone once the window has closed since the page was loaded', async () => {
    const { session } = await openSession({ startsAt: new Date(Date.now() - 5 * 60 * 60_000) })
    const res = await post(session.code, { submission: issueSubmissionToken(session.id), [F.rating]: '5' })
    expect(res.status).toBe(409)
    expect(await res.text()).toMatch(/Feedback on this talk closed on /)
    expect(await answersOf(session.id)).toHaveLength(0)
  })
})
