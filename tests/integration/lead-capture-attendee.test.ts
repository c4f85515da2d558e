import { gzipSync } from 'node:zlib'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { consentTexts, leadConsents, leads, leadSubmissions } from '~/db/schema/leads'
import { sessionViews, talkSessions } from '~/db/schema/talks'
import { consentNoticeText, consentTextHash } from '~/lib/consent-text'
import { LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE } from '~/lib/constants'
import { LEAD_MESSAGES } from '~/lib/lead-form'
import { hitLocalRateLimit } from '~/models/rate-limit.server'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action, loader } from '~/routes/t.$code'
import { loader as thanksLoader } from '~/routes/t.$code_.thanks.$submission'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, tokenFrom, validForm } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

// The attendee page /t/{code}: who sees what, scans vs visits, and the sign-up (idempotent, one
// lead per email, consent ledger, emails in the same transaction).

const get = (code: string, query = '', headers: Record<string, string> = {}) =>
  call(
    loader,
    makeRequest(`/t/${code}${query}`, { headers: { 'User-Agent': IPHONE, 'X-Lectern-Remote-Addr': '10.0.0.1', ...headers } }),
    { code },
  ) as Promise<Response>
const post = (code: string, form: Record<string, string | string[]>, headers: Record<string, string> = {}) =>
  call(
    action,
    makeRequest(`/t/${code}`, { form, headers: { 'User-Agent': IPHONE, 'X-Lectern-Remote-Addr': '10.0.0.1', ...headers } }),
    { code },
  ) as Promise<Response>

async function views(sessionId: string) {
  return getDb()
    .select({ kind: sessionViews.kind, visitor: sessionViews.visitor })
    .from(sessionViews)
    .where(eq(sessionViews.sessionId, sessionId))
}

describe('GET /t/{code}', () => {
  it('serves a live session as one small, complete document with the configured fields', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const res = await get(session.code)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const html = await res.text()
    expect(html.startsWith('<!doctype html>')).toBe(true)
    // No app bundle, no stylesheet link, no third-party origin; the icon is inline (no request, and
    // no /favicon.ico 404 on the attendee's phone).
    expect(html).not.toMatch(/<link(?! rel="icon" href="data:image\/svg\+xml,)|src="https?:|modulepreload|\/assets\//)
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg[^"]+" type="image\/svg\+xml"\/>/)
    expect(html).toContain('<h1>Engines of Tomorrow</h1>')
    expect(html).toContain('Ada Lovelace')
    expect(html).toContain('The slides')
    for (const label of [
      'First name',
      'Email',
      'Company',
      'Job title',
      'Phone',
      'LinkedIn profile',
      'Your role',
      'Interested in',
    ])
      expect(html).toContain(label)
    expect(html).toContain('Your details go to Ada Lovelace, who decides how they are used.')
    expect(html).toContain('href="/privacy-policy"')
    // The marketing box is separate and unticked.
    expect(html).toMatch(/<input type="checkbox" name="marketing" value="yes"\/>/)
    expect(tokenFrom(html)).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/)
  })

  it('stays within the 14 KB first-view budget with every field, three long questions and long texts, feedback open and the booking question', async () => {
    const owner = await createOwner()
    const long = (n: number) => 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil(n / 57)).slice(0, n)
    const options = Array.from({ length: 10 }, (_, i) => `Option ${i + 1}: ${long(60)}`)
    const { session } = await createLiveSession(owner.id, {
      headline: long(200),
      offerTitle: long(120),
      offerPromise: long(200),
      consentText: long(1000),
      marketingText: long(300),
      questions: [
        { id: 'a', kind: 'single', label: long(200), required: true, options },
        { id: 'b', kind: 'multi', label: long(200), required: false, options },
        { id: 'c', kind: 'rating', label: long(200), required: true, options: [] },
      ],
      // Issue 33: the feedback section (rating, both follow-ups, part ratings, the quote box) and the booking question.
      feedbackEnabled: true,
      startsAt: new Date(Date.now() - 10 * 60_000),
    })
    const html = await (await get(session.code)).text()
    expect(html).toContain('What will you use?')
    expect(html).toContain('Should Ada Lovelace speak at your company or event?')
    // Gzip as the server's compression sends it; nothing else is fetched for the first view.
    expect(gzipSync(html).length).toBeLessThanOrEqual(14 * 1024)
    expect(html).not.toMatch(/<link(?! rel="icon" href="data:)|<script[^>]+src=|<img/)
  })

  it('shows the headline when one is set, and the accent colour only if it is a #rrggbb colour', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id, { headline: 'Get my slides', accentColor: 'red;}body{display:none' })
    const html = await (await get(session.code)).text()
    expect(html).toContain('<h1>Get my slides</h1>')
    expect(html).not.toContain('display:none')
    expect(html).toContain('--a:#4f46e5')
  })

  it('counts a scan for ?qr=1, a visit for a plain GET, nothing for ?via=qr, a bot or a HEAD, with a hashed visitor', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    await get(session.code, '?qr=1')
    await get(session.code)
    await get(session.code, '?via=qr')
    await get(session.code, '', { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    await call(loader, makeRequest(`/t/${session.code}`, { method: 'HEAD', headers: { 'User-Agent': IPHONE } }), {
      code: session.code,
    })
    const rows = await views(session.id)
    expect(rows.map((r) => r.kind).sort()).toEqual(['scan', 'visit'])
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{32}$/)
    expect(rows[0]!.visitor).not.toContain('10.0.0.1')
    expect(rows[0]!.visitor).toBe(rows[1]!.visitor)
  })

  it('answers 404 for an unknown code and for a draft, except a preview for its owner', async () => {
    const owner = await createOwner()
    const other = await createOwner()
    const { session } = await createLiveSession(owner.id, { status: 'draft' })
    expect((await get('nope')).status).toBe(404)
    expect((await get(session.code)).status).toBe(404)
    expect((await get(session.code, '', { Cookie: await sessionCookie(other.id) })).status).toBe(404)
    const preview = await get(session.code, '', { Cookie: await sessionCookie(owner.id) })
    expect(preview.status).toBe(200)
    const html = await preview.text()
    expect(html).toContain('Preview: this session is a draft.')
    expect(html).toMatch(/<button class="btn" type="submit" disabled="">/)
    expect(await views(session.id)).toEqual([])
    // Nobody can sign up on a draft, its owner included.
    expect((await post(session.code, validForm(issueSubmissionToken(session.id)))).status).toBe(404)
  })

  it('forgives a code typed from a slide (upper case, hyphens, o for zero) with a redirect to the canonical page', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const typed = `${session.code.slice(0, 4)}-${session.code.slice(4)}`.toUpperCase().replace(/0/g, 'O')
    const res = await get(typed, '?qr=1')
    expect(res.status).toBe(301)
    expect(res.headers.get('Location')).toBe(`/t/${session.code}?qr=1`)
    expect(await views(session.id)).toHaveLength(0)
    expect((await get('zzzz-zzzz-zzzz-z')).status).toBe(404)
  })

  it('answers 410 with a clear page for a closed session, and takes no sign-ups', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id, { status: 'closed', closedAt: new Date() })
    const res = await get(session.code)
    expect(res.status).toBe(410)
    expect(await res.text()).toContain('This session has ended')
    expect((await post(session.code, validForm(issueSubmissionToken(session.id)))).status).toBe(410)
    expect(await views(session.id)).toEqual([])
  })
})

describe('POST /t/{code}', () => {
  it('stores the lead, its submission, the consent ledger row and both emails, then redirects to the thank-you page', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const token = tokenFrom(await (await get(session.code)).text())
    const id = token.split('.')[0]!
    const email = attendeeEmail()
    const res = await post(
      session.code,
      validForm(token, { email, marketing: 'yes', q_interests: ['Workshop', 'Slides'], linkedin: 'linkedin.com/in/grace' }),
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/t/${session.code}/thanks/${id}`)

    const [lead] = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    expect(lead).toMatchObject({
      email,
      firstName: 'Grace',
      company: 'Navy',
      linkedinUrl: 'https://linkedin.com/in/grace',
      answers: { role: 'Engineering', interests: ['Slides', 'Workshop'] },
      marketingConsent: true,
      ownerId: owner.id,
    })
    expect(lead!.notifiedAt).not.toBeNull()
    expect(lead!.eraseTokenHash).toMatch(/^[0-9a-f]{64}$/)
    const subs = await getDb().select().from(leadSubmissions).where(eq(leadSubmissions.leadId, lead!.id))
    expect(subs.map((s) => s.id)).toEqual([id])

    const [consent] = await getDb().select().from(leadConsents).where(eq(leadConsents.leadId, lead!.id))
    const notice = consentNoticeText({
      wording: session.consentText,
      speakerName: 'Ada Lovelace',
      brand: 'Lectern',
      // The controller's contact, on its own labelled line (issue 29 Deliver 7).
      contact: owner.email,
      privacyUrl: 'http://localhost:3000/privacy-policy',
    })
    expect(notice).toContain(`\nContact: ${owner.email}\n`)
    expect(consent).toMatchObject({
      submissionId: id,
      sessionId: session.id,
      marketingConsent: true,
      noticeHash: consentTextHash(notice),
      marketingHash: consentTextHash(session.marketingText),
    })
    const [text] = await getDb().select().from(consentTexts).where(eq(consentTexts.hash, consent!.noticeHash))
    expect(text!.text).toBe(notice)

    const attendeeMail = await outboxTo(email)
    expect(attendeeMail).toHaveLength(1)
    expect(attendeeMail[0]!.text).toContain(`/t/${session.code}/thanks/${id}`)
    expect(attendeeMail[0]!.text).toMatch(new RegExp(`/t/${session.code}/erase/[A-Za-z0-9_-]{43}`))
    const speakerMail = await outboxTo(owner.email)
    expect(speakerMail).toHaveLength(1)
    expect(speakerMail[0]!.subject).toBe('New lead: Grace at Engines of Tomorrow · DevConf 2026')
  })

  it('is idempotent: the same submission id again answers the same redirect and stores nothing more', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const token = issueSubmissionToken(session.id)
    const email = attendeeEmail()
    const first = await post(session.code, validForm(token, { email }))
    const [second, third] = await Promise.all([
      post(session.code, validForm(token, { email })),
      post(session.code, validForm(token, { email, first_name: 'Changed' })),
    ])
    for (const res of [second, third]) {
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe(first.headers.get('Location'))
    }
    const rows = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.firstName).toBe('Grace')
    expect(await getDb().select().from(leadConsents).where(eq(leadConsents.sessionId, session.id))).toHaveLength(1)
    expect(await outboxTo(email)).toHaveLength(1)
    expect(await outboxTo(owner.email)).toHaveLength(1)
  })

  it('updates the lead when the same email signs up again, keeping one lead and appending to the ledger', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    await post(session.code, validForm(issueSubmissionToken(session.id), { email, job_title: 'Admiral' }))
    const res = await post(
      session.code,
      validForm(issueSubmissionToken(session.id), {
        email: ` ${email.toUpperCase()} `,
        first_name: 'Grace H.',
        job_title: '',
        marketing: 'yes',
      }),
    )
    expect(res.status).toBe(303)
    const rows = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ firstName: 'Grace H.', jobTitle: 'Admiral', marketingConsent: true })
    const consents = await getDb().select().from(leadConsents).where(eq(leadConsents.leadId, rows[0]!.id))
    expect(consents.map((c) => c.marketingConsent).sort()).toEqual([false, true])
    expect(await getDb().select().from(leadSubmissions).where(eq(leadSubmissions.leadId, rows[0]!.id))).toHaveLength(2)
    // One confirmation and one notification per lead, not per submission.
    expect(await outboxTo(email)).toHaveLength(1)
    expect(await outboxTo(owner.email)).toHaveLength(1)
  })

  it('answers 400 with messages next to the fields and the values kept (escaped)', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const res = await post(
      session.code,
      validForm(issueSubmissionToken(session.id), {
        first_name: '<script>x</script>',
        email: 'not-an-email',
        q_role: '',
        phone: 'call me',
      }),
    )
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain(LEAD_MESSAGES.emailInvalid)
    expect(html).toContain(LEAD_MESSAGES.singleMissing)
    expect(html).toContain(LEAD_MESSAGES.phoneInvalid)
    expect(html).toContain('value="not-an-email"')
    expect(html).toContain('value="&lt;script&gt;x&lt;/script&gt;"')
    expect(html).not.toContain('<script>x')
    expect(html).toMatch(
      /id="f-email"[^>]*aria-invalid="true" aria-describedby="e-email"|aria-invalid="true" aria-describedby="e-email"[^>]*id="f-email"/,
    )
    expect(await getDb().select().from(leads).where(eq(leads.sessionId, session.id))).toEqual([])
  })

  it('refuses a form whose submission id was not issued for this session, keeping the values', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const { session: other } = await createLiveSession(owner.id)
    const res = await post(session.code, validForm(issueSubmissionToken(other.id), { email: 'kept@example.com' }))
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('This form had expired.')
    expect(html).toContain('value="kept@example.com"')
    expect(await getDb().select().from(leads).where(eq(leads.sessionId, session.id))).toEqual([])
  })

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const res = await post(session.code, validForm(issueSubmissionToken(session.id), { company_website: 'http://spam.example' }))
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Thank you')
    expect(await getDb().select().from(leads).where(eq(leads.sessionId, session.id))).toEqual([])
  })

  it('accepts 500 sign-ups from one address within a minute', async () => {
    const owner = await createOwner('venue@example.com', { plan: 'pro', leadNotify: 'off' })
    const { session } = await createLiveSession(owner.id, { questions: [] })
    const statuses: number[] = []
    for (let batch = 0; batch < 50; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(session.code, validForm(issueSubmissionToken(session.id), { email: `a${batch * 10 + i}@venue.example` })),
        ),
      )
      statuses.push(...results.map((r) => r.status))
    }
    expect(statuses.filter((s) => s === 303)).toHaveLength(500)
    const [{ count }] = (await getDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.sessionId, session.id))) as [{ count: number }]
    expect(Number(count)).toBe(500)
  }, 120_000)

  it('limits sign-ups per session (429, values kept), not per address', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const { session: other } = await createLiveSession(owner.id)
    for (let i = 0; i < LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE; i++)
      hitLocalRateLimit(`leads:session:${session.id}`, LEAD_SUBMISSIONS_PER_SESSION_PER_MINUTE, 60_000)
    const res = await post(session.code, validForm(issueSubmissionToken(session.id), { email: 'late@example.com' }))
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    const html = await res.text()
    expect(html).toContain('So many people are signing up right now')
    expect(html).toContain('value="late@example.com"')
    // Another session at the same venue address is unaffected.
    expect((await post(other.code, validForm(issueSubmissionToken(other.id)))).status).toBe(303)
  })

  it('keeps the consent ledger append-only in the database itself', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    await post(session.code, validForm(issueSubmissionToken(session.id)))
    await expect(
      getDb().update(leadConsents).set({ marketingConsent: true }).where(eq(leadConsents.sessionId, session.id)),
    ).rejects.toThrow()
    await expect(getDb().delete(leadConsents).where(eq(leadConsents.sessionId, session.id))).rejects.toThrow()
    await expect(getDb().delete(consentTexts)).rejects.toThrow()
    expect(await getDb().select().from(leadConsents).where(eq(leadConsents.sessionId, session.id))).toHaveLength(1)
  })
})

describe('GET /t/{code}/thanks/{submission}', () => {
  it('greets the attendee by name (escaped) and only on the session the submission belongs to', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const { session: other } = await createLiveSession(owner.id)
    const token = issueSubmissionToken(session.id)
    const id = token.split('.')[0]!
    await post(session.code, validForm(token, { first_name: '<img src=x onerror=alert(1)>' }))
    const res = (await call(thanksLoader, makeRequest(`/t/${session.code}/thanks/${id}`), {
      code: session.code,
      submission: id,
    })) as Response
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Thanks, &lt;img src=x onerror=alert(1)&gt;!')
    expect(html).toContain('href="https://ada.example/slides.pdf"')
    expect(html).toContain(`href="/t/${session.code}/card/${id}"`)
    const wrong = (await call(thanksLoader, makeRequest(`/t/${other.code}/thanks/${id}`), {
      code: other.code,
      submission: id,
    })) as Response
    expect(wrong.status).toBe(404)
    // Still there after the session closes: the email's link keeps delivering the offer.
    await getDb()
      .update(talkSessions)
      .set({ status: 'closed' })
      .where(and(eq(talkSessions.id, session.id)))
    expect(
      (
        (await call(thanksLoader, makeRequest(`/t/${session.code}/thanks/${id}`), {
          code: session.code,
          submission: id,
        })) as Response
      ).status,
    ).toBe(200)
  })
})
