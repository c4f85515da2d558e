import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leadConsents, leadErasures, leads, leadSubmissions } from '~/db/schema/leads'
import { erasureEmailHash, issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action } from '~/routes/t.$code'
import { loader as cardLoader } from '~/routes/t.$code_.card.$submission'
import { action as eraseAction, loader as eraseLoader } from '~/routes/t.$code_.erase.$token'
import { loader as offerLoader } from '~/routes/t.$code_.offer.$submission'
import { putObject } from '~/services/storage.server'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, validForm } from './lead-capture-utils'
import { call, makeRequest } from './utils'

// What an attendee gets after signing up: the offer (a gated, streamed file or a URL), the
// speaker's contact card, and the erasure link of the confirmation email.

async function signUp(session: { code: string; id: string }, overrides: Record<string, string> = {}) {
  const token = issueSubmissionToken(session.id)
  const email = overrides.email ?? attendeeEmail()
  const res = (await call(action, makeRequest(`/t/${session.code}`, { form: validForm(token, { email, ...overrides }) }), {
    code: session.code,
  })) as Response
  expect(res.status).toBe(303)
  const [mail] = await outboxTo(email)
  const eraseToken = /\/erase\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!
  return { submission: token.split('.')[0]!, email, eraseToken }
}

const getOffer = (code: string, submission: string) =>
  call(offerLoader, makeRequest(`/t/${code}/offer/${submission}`), { code, submission }) as Promise<Response>

describe('the offer', () => {
  it('streams an uploaded file only to someone with a submission id of that session', async () => {
    const owner = await createOwner()
    const body = Buffer.from('%PDF-1.4 the slides')
    const stored = await putObject({ key: `${Date.now()}-slides.pdf`, body, contentType: 'application/pdf' })
    const { session } = await createLiveSession(owner.id, {
      offerKind: 'file',
      offerUrl: null,
      offerFileKey: stored.key,
      offerFileName: 'Engines – slides.pdf',
      offerFileType: 'application/pdf',
      offerFileSize: body.length,
    })
    const { submission } = await signUp(session)
    const res = await getOffer(session.code, submission)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Engines _ slides.pdf"; filename*=UTF-8''Engines%20%E2%80%93%20slides.pdf`,
    )
    expect(res.headers.get('Content-Length')).toBe(String(body.length))
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body)

    expect((await getOffer(session.code, '00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const { session: other } = await createLiveSession(owner.id)
    const { submission: foreign } = await signUp(other)
    expect((await getOffer(session.code, foreign)).status).toBe(404)
  })

  it('redirects to a URL offer', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const { submission } = await signUp(session)
    const res = await getOffer(session.code, submission)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('https://ada.example/slides.pdf')
  })
})

describe('the contact card', () => {
  it('is the speaker’s profile as a vCard, escaped', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id, { eventName: 'DevConf; Day 2, Hall B' })
    const { submission } = await signUp(session)
    const res = (await call(cardLoader, makeRequest(`/t/${session.code}/card/${submission}`), {
      code: session.code,
      submission,
    })) as Response
    expect(res.status).toBe(200)
    const card = await res.text()
    expect(card).toContain('FN:Ada Lovelace\r\n')
    expect(card).toContain('EMAIL;TYPE=INTERNET:ada@speakers.example\r\n')
    expect(card).toContain('URL:https://ada.example\r\n')
    expect(card).toContain('NOTE:Met at DevConf\\; Day 2\\, Hall B: Engines of Tomorrow (via Lectern)\r\n')
  })
})

describe('erasure', () => {
  it('GET only asks; POST deletes the lead, keeps the ledger and records a keyed hash of the email', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const { email, eraseToken, submission } = await signUp(session)
    const [lead] = await getDb().select().from(leads).where(eq(leads.email, email))
    const params = { code: session.code, token: eraseToken }

    const page = (await call(eraseLoader, makeRequest(`/t/${session.code}/erase/${eraseToken}`), params)) as Response
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Erase my details')
    // The confirm form keeps the language it was shown in (issue 31): English without a choice.
    expect(html).toContain(`action="/t/${session.code}/erase/${eraseToken}?lang=en"`)
    expect(await getDb().select().from(leads).where(eq(leads.id, lead!.id))).toHaveLength(1)

    const res = (await call(
      eraseAction,
      makeRequest(`/t/${session.code}/erase/${eraseToken}`, { method: 'POST', form: {} }),
      params,
    )) as Response
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/t/${session.code}/erased?lang=en`)
    expect(await getDb().select().from(leads).where(eq(leads.id, lead!.id))).toEqual([])
    expect(await getDb().select().from(leadSubmissions).where(eq(leadSubmissions.id, submission))).toEqual([])
    expect(await getDb().select().from(leadConsents).where(eq(leadConsents.leadId, lead!.id))).toHaveLength(1)
    const [erasure] = await getDb().select().from(leadErasures).where(eq(leadErasures.leadId, lead!.id))
    expect(erasure).toMatchObject({
      sessionId: session.id,
      ownerId: owner.id,
      requestedBy: 'attendee',
      emailHash: erasureEmailHash(email),
    })
    expect(erasure!.emailHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(erasure)).not.toContain(email)

    // Twice, or with the token on another session: nothing to erase.
    const again = (await call(
      eraseAction,
      makeRequest(`/t/${session.code}/erase/${eraseToken}`, { method: 'POST', form: {} }),
      params,
    )) as Response
    expect(again.status).toBe(404)
  })

  it('a token only works on its own session', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const { session: other } = await createLiveSession(owner.id)
    const { eraseToken, email } = await signUp(session)
    const params = { code: other.code, token: eraseToken }
    expect(((await call(eraseLoader, makeRequest(`/t/${other.code}/erase/${eraseToken}`), params)) as Response).status).toBe(404)
    expect(
      (
        (await call(
          eraseAction,
          makeRequest(`/t/${other.code}/erase/${eraseToken}`, { method: 'POST', form: {} }),
          params,
        )) as Response
      ).status,
    ).toBe(404)
    expect(await getDb().select().from(leads).where(eq(leads.email, email))).toHaveLength(1)
  })
})
