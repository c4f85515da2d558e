import { inflateSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { feedbackReportLinks } from '~/db/schema/feedback'
import { feedbackState, testimonialText, type FeedbackInput } from '~/lib/feedback'
import { storeFeedback } from '~/models/feedback.server'
import { PUBLIC_TESTIMONIALS, publicTestimonials, setTestimonialApproval } from '~/models/feedback-report.server'
import { createReportLink } from '~/models/feedback-report-links.server'
import { getPublicSession } from '~/models/lead-capture.server'
import { submitLead } from '~/models/lead-submit.server'
import { sha256Hex } from '~/platform/lead-tokens.server'
import { action as feedbackAction } from '~/routes/app.sessions.$id.feedback'
import { loader as reportLoader } from '~/routes/r.$token'
import { loader as pdfLoader } from '~/routes/r.$token[.]pdf'
import { browserKeyHash, newBrowserId } from '~/services/feedback-cookie.server'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'
import { call, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// The shareable report (issue 33 Deliver 5): a link with a 256-bit token stored hashed, no sign-in,
// revoked → 404, another workspace cannot make one; the page and its PDF (pdfkit) carry the talk, the
// date, the response rate, the distribution, the part-ratings and only the approved, permitted quotes.

const feedbackOn = { feedbackEnabled: true, startsAt: new Date('2027-03-10T10:00:00Z'), durationMinutes: 45 } as const
const state = feedbackState(
  { ...feedbackOn, feedbackOpens: 'start', feedbackOpensBeforeEndMinutes: 10, feedbackClosesAfterMinutes: 60 },
  new Date('2027-03-10T10:20:00Z'),
)

/** The text a PDF shows: every Flate stream inflated, the hex strings of its TJ/Tj operators decoded (WinAnsi ≈ Latin-1). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  const out: string[] = []
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let body: string
    try {
      body = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1')
    } catch {
      continue
    }
    const ops = /\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g
    for (let o = ops.exec(body); o; o = ops.exec(body)) {
      const hexes = o[1] !== undefined ? [...o[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [o[2]!]
      out.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''))
    }
  }
  return out.join('\n')
}

type Fx = Awaited<ReturnType<typeof setUp>>
let fx: Fx

async function setUp() {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const { session } = await createLiveSession(owner.id, feedbackOn)
  const ps = (await getPublicSession(session.code))!
  const scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
  const quote = async (followUp: string, approve: boolean, rating: number) => {
    const lead = await submitLead({
      session: ps,
      submissionId: crypto.randomUUID(),
      input: {
        firstName: 'Grace',
        email: attendeeEmail(),
        company: 'Navy',
        jobTitle: 'Admiral',
        phone: null,
        linkedinUrl: null,
        answers: { role: 'Engineering' },
        marketingConsent: false,
        shareWithSpeaker: false,
      },
      noticeText: 'Notice',
      marketingText: null,
    })
    const input: FeedbackInput = {
      rating,
      followUp,
      contentRating: 4,
      deliveryRating: 5,
      slidesRating: null,
      testimonial: true,
      nameParts: ['name', 'company'],
    }
    const stored = await storeFeedback({
      session: { id: session.id, workspaceId: owner.id },
      browserKeyHash: browserKeyHash(session.id, newBrowserId()),
      state,
      input,
      lead,
      testimonialText: testimonialText(ps.speakerName, input.nameParts),
    })
    if (approve) await setTestimonialApproval(scope, stored.responseId!, 'approved')
  }
  await quote('The checklist on slide twelve', true, 5)
  await quote('Not approved yet', false, 4)
  // A comment without permission to quote it.
  await storeFeedback({
    session: { id: session.id, workspaceId: owner.id },
    browserKeyHash: browserKeyHash(session.id, newBrowserId()),
    state,
    input: {
      rating: 2,
      followUp: 'Private remark',
      contentRating: null,
      deliveryRating: null,
      slidesRating: null,
      testimonial: false,
      nameParts: [],
    },
    lead: null,
    testimonialText: testimonialText(ps.speakerName, []),
  })
  await getDb().execute(
    sql`insert into session_counts (session_id, visitors) values (${session.id}, 6) on conflict (session_id) do update set visitors = excluded.visitors`,
  )
  const other = await createOwner(undefined, { plan: 'pro' })
  return {
    owner,
    session,
    scope,
    cookie: await cookieFor(owner.id, owner.id),
    other: { scope: { ownerId: other.id, userId: other.id, runnerId: null }, cookie: await cookieFor(other.id, other.id) },
  }
}

beforeAll(async () => {
  fx = await setUp()
})

const openReport = (token: string) => call(reportLoader, makeRequest(`/r/${token}`), { token })
const openPdf = (token: string) => call(pdfLoader, makeRequest(`/r/${token}.pdf`), { token }) as Promise<Response>

describe('the shareable report', () => {
  it('opens without signing in with the figures and only the approved, permitted comments; the token is stored hashed', async () => {
    const token = (await createReportLink(fx.scope, fx.session.id))!
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await getDb().select().from(feedbackReportLinks).where(eq(feedbackReportLinks.sessionId, fx.session.id))
    expect(rows.map((r) => r.tokenHash)).toContain(sha256Hex(token))
    expect(JSON.stringify(rows)).not.toContain(token)

    const report = (await openReport(token)) as Exclude<Awaited<ReturnType<typeof reportLoader>>, Response>
    expect(report).toMatchObject({ talkTitle: 'Engines of Tomorrow', eventName: 'DevConf 2026' })
    expect(report.figures).toMatchObject({ responses: 3, rate: '50%', mean: '3.7 of 5 (3 ratings)' })
    expect(report.figures.distribution.map((d) => d.count)).toEqual([1, 1, 0, 1, 0])
    expect(report.quotes).toEqual([expect.objectContaining({ quote: 'The checklist on slide twelve', author: 'Grace, Navy' })])

    const pdf = await openPdf(token)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(bytes)
    for (const shown of [
      'Engines of Tomorrow',
      'DevConf 2026',
      'Response rate: 50%',
      '5 stars',
      'Content: 4.0 of 5 (2 ratings)',
      'Delivery: 5.0 of 5 (2 ratings)',
      'The checklist on slide twelve',
      'Grace, Navy',
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(shown)
    expect(text).not.toContain('Not approved yet')
    expect(text).not.toContain('Private remark')
    expect(text).not.toContain('Admiral')
  })

  it('is made and revoked from the session’s feedback page; revoked (or replaced) → 404 for the page and the PDF', async () => {
    const first = (await createReportLink(fx.scope, fx.session.id))!
    const post = (intent: string, cookie = fx.cookie) =>
      call(feedbackAction, makeRequest(`/app/sessions/${fx.session.id}/feedback`, { cookie, form: { intent } }), {
        id: fx.session.id,
      }) as Promise<Response>
    // A new link replaces the first.
    expect((await post('report-create')).status).toBe(302)
    expect(((await openReport(first)) as Response).status).toBe(404)
    expect((await openPdf(first)).status).toBe(404)
    const second = (await createReportLink(fx.scope, fx.session.id))!
    expect((await openPdf(second)).status).toBe(200)
    expect((await post('report-revoke')).status).toBe(302)
    expect(((await openReport(second)) as Response).status).toBe(404)
    expect((await openPdf(second)).status).toBe(404)
    expect(((await openReport('x'.repeat(43))) as Response).status).toBe(404)
    expect(((await openReport('short')) as Response).status).toBe(404)
  })

  it('another workspace cannot make or revoke a link of this session', async () => {
    expect(await createReportLink(fx.other.scope, fx.session.id)).toBeNull()
    const res = (await call(
      feedbackAction,
      makeRequest(`/app/sessions/${fx.session.id}/feedback`, { cookie: fx.other.cookie, form: { intent: 'report-create' } }),
      { id: fx.session.id },
    )) as Response
    expect(res.status).toBe(404)
  })
})

describe('every approved comment is in the report', () => {
  it(`lists all of them on the page and in the PDF, past the public pages' ${PUBLIC_TESTIMONIALS}`, async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id, feedbackOn)
    const ps = (await getPublicSession(session.code))!
    const scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
    const total = PUBLIC_TESTIMONIALS + 3
    const comments = Array.from({ length: total }, (_, i) => `Comment number ${i + 1} of the room`)
    for (const followUp of comments) {
      const lead = await submitLead({
        session: ps,
        submissionId: crypto.randomUUID(),
        input: {
          firstName: 'Ada',
          email: attendeeEmail(),
          company: 'Engines',
          jobTitle: 'Analyst',
          phone: null,
          linkedinUrl: null,
          answers: { role: 'Engineering' },
          marketingConsent: false,
          shareWithSpeaker: false,
        },
        noticeText: 'Notice',
        marketingText: null,
      })
      const input: FeedbackInput = {
        rating: 5,
        followUp,
        contentRating: null,
        deliveryRating: null,
        slidesRating: null,
        testimonial: true,
        nameParts: ['name'],
      }
      const stored = await storeFeedback({
        session: { id: session.id, workspaceId: owner.id },
        browserKeyHash: browserKeyHash(session.id, newBrowserId()),
        state,
        input,
        lead,
        testimonialText: testimonialText(ps.speakerName, input.nameParts),
      })
      await setTestimonialApproval(scope, stored.responseId!, 'approved')
    }
    // The public pages keep their cap.
    expect(await publicTestimonials({ sessionId: session.id })).toHaveLength(PUBLIC_TESTIMONIALS)

    const token = (await createReportLink(scope, session.id))!
    const report = (await openReport(token)) as Exclude<Awaited<ReturnType<typeof reportLoader>>, Response>
    expect(report.quotes.map((q) => q.quote).sort()).toEqual([...comments].sort())
    const text = pdfText(Buffer.from(await (await openPdf(token)).arrayBuffer())).replace(/\s+/g, ' ')
    for (const comment of comments) expect(text).toContain(comment)
  })
})
