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

/**
 * The text a PDF shows: every Flate stream inflated; each font's ToUnicode CMap read (the embedded Inter faces write
 * glyph ids, Identity-H); the hex strings of the TJ/Tj operators decoded through the current font's CMap (Latin-1
 * for a font without one). Fragments on one baseline join without a break (a name split across faces stays whole).
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  const objects = new Map<string, { dict: string; stream: string | null }>()
  const header = /(\d+) 0 obj\s*/g
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const end = raw.indexOf('endobj', header.lastIndex)
    const streamAt = raw.indexOf('stream\n', header.lastIndex)
    if (streamAt === -1 || streamAt > end) {
      objects.set(m[1]!, { dict: raw.slice(header.lastIndex, end), stream: null })
      continue
    }
    const dict = raw.slice(header.lastIndex, streamAt)
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0)
    const start = streamAt + 'stream\n'.length
    let stream: string | null = null
    try {
      stream = inflateSync(Buffer.from(raw.slice(start, start + length), 'latin1')).toString('latin1')
    } catch {
      stream = null
    }
    objects.set(m[1]!, { dict, stream })
    header.lastIndex = raw.indexOf('endobj', start + length)
  }
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le')
  const cmaps = new Map<string, Map<number, string>>()
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(m[2]!)?.dict ?? '')
    const body = toUnicode && objects.get(toUnicode[1]!)?.stream
    if (!body || cmaps.has(m[1]!)) continue
    const map = new Map<number, string>()
    for (const r of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(r[1]!, 16)
      const to = parseInt(r[2]!, 16)
      if (r[3]!.startsWith('[')) [...r[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((u, i) => map.set(from + i, utf16(u[1]!)))
      else for (let g = from, u = parseInt(r[3]!.slice(1, -1), 16); g <= to; g++, u++) map.set(g, String.fromCodePoint(u))
    }
    for (const block of body.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const c of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(c[1]!, 16), utf16(c[2]!))
    cmaps.set(m[1]!, map)
  }
  let out = ''
  for (const { stream } of objects.values()) {
    if (!stream?.includes('BT')) continue
    let font = ''
    let lastY: string | null = null
    for (const o of stream.matchAll(/\/(F\d+) [\d.]+ Tf|[\d.-]+ ([\d.-]+) Tm|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (o[1]) font = o[1]
      else if (o[2]) {
        if (lastY !== null && o[2] !== lastY) out += '\n'
        lastY = o[2]
      } else {
        const hexes = o[3] !== undefined ? [...o[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [o[4]!]
        const cmap = cmaps.get(font)
        for (const h of hexes)
          out += cmap
            ? (h.match(/.{4}/g) ?? []).map((g) => cmap.get(parseInt(g, 16)) ?? '\ufffd').join('')
            : Buffer.from(h, 'hex').toString('latin1')
      }
    }
    out += '\n'
  }
  return out
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
    // Everything had a glyph: no fallback note.
    expect(text).not.toContain('cannot be shown in the PDF')
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

describe('names and comments outside Latin-1 in the PDF', () => {
  it('keeps Łukasz, Cyrillic and Greek (embedded Inter); a script no font covers is named with the web link', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id, feedbackOn)
    const ps = (await getPublicSession(session.code))!
    const scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
    const people = [
      { firstName: 'Łukasz', company: 'Żółw Sp.', followUp: 'Świetny wykład, dziękuję' },
      { firstName: 'Дмитрий', company: 'Яндекс', followUp: 'Спасибо за доклад' },
      { firstName: 'Zoë', company: 'Αθήνα Labs', followUp: 'Ευχαριστώ πολύ — 東京から' },
    ]
    for (const p of people) {
      const lead = await submitLead({
        session: ps,
        submissionId: crypto.randomUUID(),
        input: {
          firstName: p.firstName,
          email: attendeeEmail(),
          company: p.company,
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
        followUp: p.followUp,
        contentRating: null,
        deliveryRating: null,
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
      await setTestimonialApproval(scope, stored.responseId!, 'approved')
    }
    const token = (await createReportLink(scope, session.id))!
    const text = pdfText(Buffer.from(await (await openPdf(token)).arrayBuffer())).replace(/\s+/g, ' ')
    for (const shown of [
      '“Świetny wykład, dziękuję”',
      '— Łukasz, Żółw Sp.',
      '“Спасибо за доклад”',
      '— Дмитрий, Яндекс',
      '— Zoë, Αθήνα Labs',
      '“Ευχαριστώ πολύ — ”',
    ])
      expect(text).toContain(shown.replace(/\s+/g, ' '))
    // The two CJK characters (東京) and the kana (から) have no embedded glyph: they are counted, not silently lost.
    expect(text).not.toContain('東')
    expect(text).toContain('4 characters in this report cannot be shown in the PDF')
    expect(text).toContain(`/r/${token}`)
    expect(text).not.toContain('\ufffd')
  })
})
