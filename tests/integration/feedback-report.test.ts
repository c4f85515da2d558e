import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { feedbackResponses } from '~/db/schema/feedback'
import { talkSessions } from '~/db/schema/talks'
import { feedbackState, testimonialText, type FeedbackInput } from '~/lib/feedback'
import { storeFeedback } from '~/models/feedback.server'
import { publicTestimonials } from '~/models/feedback-report.server'
import { getPublicSession } from '~/models/lead-capture.server'
import { submitLead } from '~/models/lead-submit.server'
import { action as sessionFeedbackAction, loader as sessionFeedbackLoader } from '~/routes/app.sessions.$id.feedback'
import { loader as talkFeedbackLoader } from '~/routes/app.talks.$id_.feedback'
import { browserKeyHash, newBrowserId } from '~/services/feedback-cookie.server'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'
import { call, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// What the speaker sees (issue 33 Deliver 4): the response rate over unique visitors, the
// distribution, the part-ratings, comments newest first and searchable, testimonials to approve or
// hide (with the permitted name parts only) and booking leads — per session and per talk; another
// workspace's ids are 404.

const STARTS = new Date('2027-03-10T10:00:00Z')
const feedbackOn = { feedbackEnabled: true, startsAt: STARTS, durationMinutes: 45 } as const
const state = feedbackState(
  { ...feedbackOn, feedbackOpens: 'start', feedbackOpensBeforeEndMinutes: 10, feedbackClosesAfterMinutes: 60 },
  new Date('2027-03-10T10:20:00Z'),
)
const answer = (over: Partial<FeedbackInput> = {}): FeedbackInput => ({
  rating: 5,
  followUp: '',
  contentRating: null,
  deliveryRating: null,
  slidesRating: null,
  testimonial: false,
  nameParts: [],
  ...over,
})

type Fx = Awaited<ReturnType<typeof setUp>>
let fx: Fx

async function setUp() {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const { session, talk } = await createLiveSession(owner.id, feedbackOn)
  // A second delivery of the same talk.
  const [second] = await getDb()
    .insert(talkSessions)
    .values({ ...session, id: undefined, code: `${session.code.slice(0, -2)}zz`, eventName: 'NDC 2027' })
    .returning()
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
    booking: { organisation: 'Acme Corp', role: 'Head of Events', timing: 'Next spring' },
  })
  const store = (sessionId: string, input: FeedbackInput, at: string, withLead = false) =>
    storeFeedback({
      session: { id: sessionId, workspaceId: owner.id },
      browserKeyHash: browserKeyHash(sessionId, newBrowserId()),
      state,
      input,
      lead: withLead ? lead : null,
      testimonialText: testimonialText('Ada Lovelace', input.nameParts),
      now: new Date(at),
    })
  const quote = await store(
    session.id,
    answer({
      rating: 5,
      followUp: 'The checklist on slide 12',
      testimonial: true,
      nameParts: ['name', 'company'],
      contentRating: 5,
    }),
    '2027-03-10T10:30:00Z',
    true,
  )
  await store(
    session.id,
    answer({ rating: 4, followUp: 'Pairing rotas', contentRating: 4, deliveryRating: 3 }),
    '2027-03-10T10:31:00Z',
  )
  await store(session.id, answer({ rating: 2, followUp: 'More time for questions', slidesRating: 2 }), '2027-03-10T10:32:00Z')
  await store(session.id, answer({ rating: 5 }), '2027-03-10T10:33:00Z')
  await store(second!.id, answer({ rating: 3, followUp: 'Less jargon' }), '2027-03-11T10:30:00Z')
  // 8 unique visitors counted at the first session, 2 at the second.
  await getDb().execute(
    sql`insert into session_counts (session_id, visitors) values (${session.id}, 8), (${second!.id}, 2) on conflict (session_id) do update set visitors = excluded.visitors`,
  )
  const other = await createOwner(undefined, { plan: 'pro' })
  return {
    owner,
    session,
    second: second!,
    talk,
    quoteId: quote.responseId!,
    cookie: await cookieFor(owner.id, owner.id),
    otherCookie: await cookieFor(other.id, other.id),
  }
}

beforeAll(async () => {
  fx = await setUp()
})

type Loaded = Awaited<ReturnType<typeof sessionFeedbackLoader>>
async function sessionPage(cookie: string, id: string, q = '') {
  return call(sessionFeedbackLoader, makeRequest(`/app/sessions/${id}/feedback${q ? `?q=${q}` : ''}`, { cookie }), { id })
}

describe('the session feedback page', () => {
  it('shows the response rate, the distribution, the part-ratings, comments newest first and booking leads', async () => {
    const page = (await sessionPage(fx.cookie, fx.session.id)) as Loaded
    expect(page.figures.responses).toBe(4)
    expect(page.figures.rate).toBe('50%')
    expect(page.figures.visitors).toBe(8)
    expect(page.figures.distribution.map((d) => [d.rating, d.count])).toEqual([
      [5, 2],
      [4, 1],
      [3, 0],
      [2, 1],
      [1, 0],
    ])
    expect(page.figures.mean).toBe('4.0 of 5 (4 ratings)')
    expect(page.figures.parts).toEqual([
      { label: 'Content', text: '4.5 of 5 (2 ratings)' },
      { label: 'Delivery', text: '3.0 of 5 (1 rating)' },
      { label: 'Slides', text: '2.0 of 5 (1 rating)' },
    ])
    // The chart has one bar per rating, the largest for the most answers.
    expect(page.figures.chart.bars.map((b) => b.value)).toEqual([2, 1, 0, 1, 0])
    expect(page.comments.map((c) => c.comment)).toEqual(['More time for questions', 'Pairing rotas', 'The checklist on slide 12'])
    expect(page.bookings).toMatchObject([
      { organisation: 'Acme Corp', role: 'Head of Events', timing: 'Next spring', firstName: 'Grace' },
    ])
    expect(page.testimonials).toMatchObject([{ id: fx.quoteId, approval: 'pending', author: 'Grace, Navy' }])
    // The title was not permitted: it appears nowhere on the page's data.
    expect(JSON.stringify(page.testimonials)).not.toContain('Rear Admiral')
  })

  it('searches the comments', async () => {
    const page = (await sessionPage(fx.cookie, fx.session.id, 'QUEST')) as Loaded
    expect(page.comments.map((c) => c.comment)).toEqual(['More time for questions'])
    const none = (await sessionPage(fx.cookie, fx.session.id, '100%25')) as Loaded
    expect(none.comments).toEqual([])
  })

  it('adds every delivery of the talk together', async () => {
    const page = (await call(talkFeedbackLoader, makeRequest(`/app/talks/${fx.talk.id}/feedback`, { cookie: fx.cookie }), {
      id: fx.talk.id,
    })) as Awaited<ReturnType<typeof talkFeedbackLoader>>
    expect(page.figures.responses).toBe(5)
    expect(page.figures.rate).toBe('50%')
    expect(page.figures.distribution.find((d) => d.rating === 3)!.count).toBe(1)
    expect(page.comments[0]).toMatchObject({ comment: 'Less jargon', eventName: 'NDC 2027' })
  })

  it('answers 404 to another workspace for the session, the talk and the approval', async () => {
    expect(((await sessionPage(fx.otherCookie, fx.session.id)) as Response).status).toBe(404)
    const talk = (await call(talkFeedbackLoader, makeRequest(`/app/talks/${fx.talk.id}/feedback`, { cookie: fx.otherCookie }), {
      id: fx.talk.id,
    })) as Response
    expect(talk.status).toBe(404)
    const post = (await call(
      sessionFeedbackAction,
      makeRequest(`/app/sessions/${fx.session.id}/feedback`, {
        cookie: fx.otherCookie,
        form: { intent: 'approve', responseId: fx.quoteId },
      }),
      { id: fx.session.id },
    )) as Response
    expect(post.status).toBe(404)
    const [row] = await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.id, fx.quoteId))
    expect(row!.approval).toBe('pending')
  })

  it('approves and hides a testimonial: only an approved one appears on the public profile, with the permitted name parts', async () => {
    const approve = (intent: string) =>
      call(
        sessionFeedbackAction,
        makeRequest(`/app/sessions/${fx.session.id}/feedback`, { cookie: fx.cookie, form: { intent, responseId: fx.quoteId } }),
        { id: fx.session.id },
      ) as Promise<Response>
    expect(await publicTestimonials({ userId: fx.owner.id })).toEqual([])
    const res = await approve('approve')
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/app/sessions/${fx.session.id}/feedback`)
    const shown = await publicTestimonials({ userId: fx.owner.id })
    expect(shown).toMatchObject([{ id: fx.quoteId, quote: 'The checklist on slide 12', author: 'Grace, Navy' }])
    expect(JSON.stringify(shown)).not.toContain('Rear Admiral')
    await approve('hide')
    expect(await publicTestimonials({ userId: fx.owner.id })).toEqual([])
    expect((await approve('delete')).status).toBe(400)
  })
})
