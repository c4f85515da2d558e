import { and, desc, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailSuppressions, followUpRecipients } from '~/db/schema/follow-ups'
import { jobs } from '~/db/schema/jobs'
import { leadConsents, leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import { loader as click } from '~/routes/c.$token.$n'
import { action as unsubscribe, loader as confirmation } from '~/routes/u.$token'
import { rescorePeople } from '~/services/lead-scoring.server'
import { sentFollowUp, type SentRecipient } from './follow-up-fixtures'
import { createLiveSession, createOwner, signUp } from './lead-capture-utils'
import { call, makeRequest } from './utils'

// The links of a sent follow-up (issue 32 Deliver 4 and 5) against a real database: /u/{token} GET
// changes nothing; POST (RFC 8058's body, no cookie, no Origin) suppresses the address, withdraws the
// consent in the ledger (the person's page and timeline, a lead.updated for webhooks and the CRM) and
// answers 200 with a page; an unknown token is 404. /c/{token}/{n} redirects only to the follow-up's
// stored links, counts one click per recipient and raises the person's score.

let ownerId: string
let grace: { contactId: string; email: string }

beforeEach(async () => {
  ownerId = (await createOwner(undefined, { plan: 'pro' })).id
  const { session } = await createLiveSession(ownerId)
  const email = `grace-${Math.random().toString(36).slice(2, 8)}@navy.example`
  await signUp(session, { email, marketing: 'yes', job_title: 'CTO' })
  const [lead] = await getDb().select({ contactId: leads.contactId }).from(leads).where(eq(leads.email, email))
  grace = { contactId: lead!.contactId, email }
})

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

/** RFC 8058's POST as a mail provider sends it: no cookie, no Origin, the one-click body. */
function oneClick(token: string) {
  return new Request(`http://localhost:3000/u/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })
}

async function person() {
  const [row] = await getDb()
    .select({ marketingConsent: contacts.marketingConsent, score: contacts.score, reasons: contacts.scoreReasons })
    .from(contacts)
    .where(eq(contacts.id, grace.contactId))
  return row!
}
const suppressions = () =>
  getDb()
    .select({ reason: emailSuppressions.reason })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.ownerId, ownerId), eq(emailSuppressions.email, grace.email)))
const consentLedger = () =>
  getDb()
    .select({ marketing: leadConsents.marketingConsent })
    .from(leadConsents)
    .innerJoin(leads, eq(leads.id, leadConsents.leadId))
    .where(eq(leads.contactId, grace.contactId))
    .orderBy(desc(leadConsents.createdAt), desc(leadConsents.id))

describe('/u/{token}: unsubscribe', () => {
  it('GET shows the confirmation and changes nothing', async () => {
    const { recipients } = await sentFollowUp(ownerId, [grace])
    const token = recipients[0]!.token
    for (let i = 0; i < 3; i++) {
      const res = await call(confirmation, makeRequest(`/u/${token}`), { token })
      expect(statusOf(res)).toBe(200)
      expect(dataOf(res)).toMatchObject({ senderName: 'Ada Lovelace via Lectern', unsubscribed: false })
    }
    expect(await suppressions()).toEqual([])
    expect((await person()).marketingConsent).toBe(true)
    expect((await consentLedger()).map((c) => c.marketing)).toEqual([true])
  })

  it('the one-click POST without cookie or Origin unsubscribes at once: suppressed, consent withdrawn in the ledger, on the timeline, a lead.updated queued', async () => {
    const { recipients, followUpId } = await sentFollowUp(ownerId, [grace])
    const token = recipients[0]!.token
    const res = await call(unsubscribe, oneClick(token), { token })
    expect(statusOf(res)).toBe(200)
    expect(dataOf(res)).toMatchObject({ done: true, senderName: 'Ada Lovelace via Lectern' })

    expect(await suppressions()).toEqual([{ reason: 'unsubscribed' }])
    expect((await person()).marketingConsent).toBe(false)
    expect((await consentLedger()).map((c) => c.marketing)).toEqual([false, true])
    const [row] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.id, recipients[0]!.id))
    expect(row!.unsubscribedAt).toBeInstanceOf(Date)
    const timeline = await getDb()
      .select({ type: leadEvents.type, data: leadEvents.data })
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, grace.contactId), eq(leadEvents.type, 'consent_withdrawn')))
    expect(timeline).toEqual([{ type: 'consent_withdrawn', data: { via: 'unsubscribe', followUpId } }])
    const queued = await getDb()
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, 'lead.event'), sql`${jobs.payload}->>'contactId' = ${grace.contactId}`))
    // The lead.updated that webhooks and the CRM push receive names the change.
    expect(queued.map((j) => j.payload)).toContainEqual(
      expect.objectContaining({ event: 'lead.updated', change: 'consent_withdrawn' }),
    )

    // The GET page now says it is done; a second POST changes nothing more.
    expect(dataOf(await call(confirmation, makeRequest(`/u/${token}`), { token }))).toMatchObject({ unsubscribed: true })
    expect(statusOf(await call(unsubscribe, oneClick(token), { token }))).toBe(200)
    expect((await consentLedger()).map((c) => c.marketing)).toEqual([false, true])
    expect(await suppressions()).toEqual([{ reason: 'unsubscribed' }])
  })

  it('speaks the attendee’s language (issue 31 negotiation): Accept-Language de, ?lang= and the 404', async () => {
    const { recipients } = await sentFollowUp(ownerId, [grace])
    const token = recipients[0]!.token
    const german = makeRequest(`/u/${token}`, { headers: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' } })
    const res = await call(confirmation, german, { token })
    expect(statusOf(res)).toBe(200)
    expect((res as { init?: { headers?: Record<string, string> } }).init?.headers).toMatchObject({
      'Content-Language': 'de',
      Vary: 'Accept-Language, Cookie',
    })
    expect(dataOf<{ t: Record<string, string> }>(res).t).toEqual({
      language: 'de',
      title: 'Abmelden',
      description: 'Keine E-Mails mehr von diesem Absender erhalten.',
      ask: 'Keine E-Mails mehr von Ada Lovelace via Lectern erhalten? Die Abmeldung gilt sofort.',
      button: 'Abmelden',
      done: null,
    })
    // The POST of the page's button says it is done in the language shown.
    const posted = await call(
      unsubscribe,
      new Request(`http://localhost:3000/u/${token}?lang=de`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      { token },
    )
    expect(dataOf<{ message: string }>(posted).message).toBe(
      'Sie sind abgemeldet: Ada Lovelace via Lectern wird Ihnen keine E-Mails mehr schicken.',
    )
    expect(dataOf<{ t: { done: string } }>(await call(confirmation, german.clone(), { token })).t.done).toBe(
      'Sie sind abgemeldet: Ada Lovelace via Lectern wird Ihnen keine E-Mails mehr schicken.',
    )
    // ?lang= wins over the header; English stays the default.
    const french = await call(confirmation, makeRequest(`/u/${token}?lang=fr`, { headers: { 'Accept-Language': 'de' } }), {
      token,
    })
    expect(dataOf<{ t: { title: string } }>(french).t.title).toBe('Se désabonner')
    expect(dataOf<{ t: { title: string } }>(await call(confirmation, makeRequest(`/u/${token}`), { token })).t.title).toBe(
      'Unsubscribe',
    )

    const unknown = (await call(confirmation, makeRequest(`/u/${'A'.repeat(32)}`, { headers: { 'Accept-Language': 'de' } }), {
      token: 'A'.repeat(32),
    })) as Response
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('Content-Language')).toBe('de')
    expect(await unknown.json()).toEqual({
      language: 'de',
      title: 'Link unbekannt',
      message:
        'Dieser Abmeldelink ist nicht bekannt. Wenn Sie ihn aus einer E-Mail kopiert haben, prüfen Sie, ob er vollständig ist.',
    })
  })

  it('an unknown or malformed token is 404 on GET and POST', async () => {
    for (const token of ['A'.repeat(32), 'short', '../../etc']) {
      expect(statusOf(await call(confirmation, makeRequest(`/u/${token}`), { token }))).toBe(404)
      expect(statusOf(await call(unsubscribe, oneClick(token), { token }))).toBe(404)
    }
  })
})

describe('/c/{token}/{n}: clicks', () => {
  const visit = (r: SentRecipient, n: string) => call(click, makeRequest(`/c/${r.token}/${n}`), { token: r.token, n })

  it('redirects to the nth stored link, counts the first click only, and raises the score once', async () => {
    // The sign-up's score, as its lead.event job would have stored it.
    await rescorePeople([{ ownerId, contactId: grace.contactId }])
    const before = await person()
    expect(before.reasons).not.toContain('+2 Clicked a follow-up')
    const { recipients } = await sentFollowUp(ownerId, [grace])
    const r = recipients[0]!
    const first = (await visit(r, '1')) as Response
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe('https://ada.example/workshop')
    const [row] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.id, r.id))
    expect(row!.clickedAt).toBeInstanceOf(Date)
    const after = await person()
    expect(after.score).toBe(before.score + 2)
    expect(after.reasons).toContain('+2 Clicked a follow-up')

    const again = (await visit(r, '0')) as Response
    expect(again.headers.get('Location')).toBe('https://ada.example/slides.pdf')
    const [same] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.id, r.id))
    expect(same!.clickedAt).toEqual(row!.clickedAt)
    expect((await person()).score).toBe(after.score)

    // A second follow-up clicked adds its own points.
    const second = await sentFollowUp(ownerId, [grace])
    await visit(second.recipients[0]!, '0')
    expect((await person()).reasons).toContain('+4 Clicked 2 follow-ups')
  })

  it('never redirects elsewhere: unknown index, a bad link stored, a URL in the path or an unknown token are 404', async () => {
    const { recipients } = await sentFollowUp(ownerId, [grace], { links: ['https://ada.example/a', 'javascript:alert(1)'] })
    const r = recipients[0]!
    for (const n of ['2', '-1', '1', 'https://evil.example', '0x0', '00']) {
      const res = (await visit(r, n)) as Response
      expect(res.status).toBe(404)
      expect(res.headers.get('Location')).toBeNull()
    }
    const unknown = (await call(click, makeRequest(`/c/${'B'.repeat(32)}/0`), { token: 'B'.repeat(32), n: '0' })) as Response
    expect(unknown.status).toBe(404)
    const [row] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.id, r.id))
    expect(row!.clickedAt).toBeNull()
  })
})
