import { and, asc, eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { consentTexts, leadConsents, leadErasures, leads } from '~/db/schema/leads'
import { contactNotes, contacts, leadEvents } from '~/db/schema/people'
import type { LeadEventPayload } from '~/jobs/payloads'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { CapturesSection, ConsentSection, PersonSummary } from '~/routes/app.leads_.$id/person-sections'
import { action, loader } from '~/routes/app.leads_.$id/route'
import type { PersonView } from '~/routes/app.leads_.$id/view.server'
import { loader as exportLoader } from '~/routes/app.leads_.$id_.export'
import { loader as vcardLoader } from '~/routes/app.leads_.$id_.vcard'
import { action as captureAction } from '~/routes/t.$code'
import { dataOf, locationOf } from './auth-utils'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// The lead detail page (issue 10 Deliver 2/3/9): the person, every capture and answer, consent
// records read-only, follow-up changes with their timeline entries and lead.updated jobs, the vCard
// and JSON downloads, deletion through eraseCaptures, the plan gate and 404s for another speaker.

async function signUp(session: { code: string; id: string }, form: Record<string, string | string[]>) {
  const token = issueSubmissionToken(session.id)
  const body = { submission: token, first_name: 'Grace', company: 'Navy', q_role: 'Engineering', ...form }
  const res = (await call(captureAction, makeRequest(`/t/${session.code}`, { form: body }), { code: session.code })) as Response
  expect(res.status).toBe(303)
}

async function personOf(ownerId: string, email: string) {
  const [row] = await getDb()
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  return row!
}

/** A pro speaker with one person captured at two sessions. */
async function seedPerson(overrides: Record<string, string | string[]> = {}) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const { session: first } = await createLiveSession(owner.id, { eventName: 'DevConf 2026' })
  const { session: second } = await createLiveSession(owner.id, { eventName: 'JSConf 2027' })
  const email = attendeeEmail()
  await signUp(first, { email, job_title: 'VP Engineering', q_interests: ['Slides', 'Workshop'], ...overrides })
  await signUp(second, { email, q_topic: 'Rust', q_role: 'Sales', marketing: 'yes' })
  const person = await personOf(owner.id, email)
  return { owner, cookie: await sessionCookie(owner.id), first, second, email, person }
}

const page = (id: string, cookie?: string, search = '') =>
  call(loader, makeRequest(`/app/leads/${id}${search}`, { cookie }), { id })
const post = (id: string, cookie: string, form: Record<string, string>) =>
  call(action, makeRequest(`/app/leads/${id}`, { cookie, form }), { id })

type View = PersonView

describe('/app/leads/{id}', () => {
  it('shows the person with every capture, every answer, the consents and the timeline', async () => {
    const { cookie, person, email } = await seedPerson()
    const view = (await page(person.id, cookie)) as View
    expect(view.person).toMatchObject({ email, name: 'Grace', company: 'Navy', jobTitle: 'VP Engineering', status: 'new' })
    expect(view.seenAt).toBe(2)
    expect(view.locked).toBe(0)
    expect(view.captures.map((c) => c.eventName)).toEqual(['DevConf 2026', 'JSConf 2027'])
    expect(view.captures[0]!.answers).toEqual([
      { questionId: 'topic', label: 'What should I talk about next?', kind: 'text', value: '' },
      { questionId: 'role', label: 'Your role', kind: 'single', value: 'Engineering' },
      { questionId: 'interests', label: 'Interested in', kind: 'multi', value: 'Slides, Workshop' },
    ])
    expect(view.captures[1]!.answers.map((a) => a.value)).toEqual(['Rust', 'Sales', ''])
    expect(view.consents).toHaveLength(2)
    expect(view.consents[0]).toMatchObject({
      notice: expect.stringContaining('Ada will email you the slides and may follow up about this talk.'),
      marketingConsent: true,
      marketingText: 'Send me Ada’s monthly newsletter too',
      session: 'Engines of Tomorrow · JSConf 2027',
    })
    expect(view.consents[1]).toMatchObject({ marketingConsent: false })
    expect(view.timeline.map((t) => ('title' in t ? t.title : t.body))).toEqual([
      'Left their details at Engines of Tomorrow · JSConf 2027',
      'Left their details at Engines of Tomorrow · DevConf 2026',
    ])
  })

  it('renders a rating as n/5', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id, {
      questions: [{ id: 'stars', kind: 'rating', label: 'How was it?', required: false, options: [] }],
    })
    const email = attendeeEmail()
    await signUp(session, { email, q_stars: '4' })
    const view = (await page((await personOf(owner.id, email)).id, await sessionCookie(owner.id))) as View
    expect(view.captures[0]!.answers).toEqual([{ questionId: 'stars', label: 'How was it?', kind: 'rating', value: '4/5' }])
  })

  it('saves status and deal value with timeline entries and lead.updated, and requires a value to mark won', async () => {
    const { cookie, person } = await seedPerson()
    const invalid = dataOf<{ result: { error: Record<string, string[]> } }>(
      await post(person.id, cookie, { intent: 'pipeline', status: 'won', dealValue: '', dealCurrency: 'EUR' }),
    )
    expect(invalid.status).toBe(400)
    expect(invalid.data.result.error.dealValue).toEqual(['Enter the deal value to mark this person as won'])
    const bad = dataOf<{ result: { error: Record<string, string[]> } }>(
      await post(person.id, cookie, { intent: 'pipeline', status: 'contacted', dealValue: '12abc', dealCurrency: 'EUR' }),
    )
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.dealValue).toEqual(['Enter an amount like 1500 or 1500.50.'])

    expect(
      locationOf(await post(person.id, cookie, { intent: 'pipeline', status: 'contacted', dealValue: '', dealCurrency: 'EUR' })),
    ).toBe(`/app/leads/${person.id}`)
    // An expected value while the deal is open…
    await post(person.id, cookie, { intent: 'pipeline', status: 'meeting', dealValue: '1,500', dealCurrency: 'EUR' })
    // …and won with its value.
    await post(person.id, cookie, { intent: 'pipeline', status: 'won', dealValue: '2500.50', dealCurrency: 'EUR' })
    expect(await personOf(person.ownerId, person.email)).toMatchObject({
      status: 'won',
      dealValueCents: 250050,
      dealCurrency: 'EUR',
    })

    const events = await getDb().select().from(leadEvents).where(eq(leadEvents.contactId, person.id)).orderBy(asc(leadEvents.id))
    expect(events.filter((e) => e.type === 'status').map((e) => e.data)).toEqual([
      { from: 'new', to: 'contacted' },
      { from: 'contacted', to: 'meeting' },
      { from: 'meeting', to: 'won' },
    ])
    expect(events.filter((e) => e.type === 'deal').map((e) => e.data)).toEqual([
      { from: null, to: { cents: 150000, currency: 'EUR' } },
      { from: { cents: 150000, currency: 'EUR' }, to: { cents: 250050, currency: 'EUR' } },
    ])
    expect(events.every((e) => e.type === 'captured' || e.actorId === person.ownerId)).toBe(true)
    const updates = (await getDb().select().from(jobs).where(eq(jobs.kind, 'lead.event'))).filter(
      (j) => (j.payload as LeadEventPayload).contactId === person.id && (j.payload as LeadEventPayload).event === 'lead.updated',
    )
    expect(updates).toHaveLength(5)

    const view = (await page(person.id, cookie)) as View
    expect(view.person).toMatchObject({ dealLabel: '€2,500.50', dealValue: '2500.50', dealCurrency: 'EUR', statusLabel: 'Won' })
    expect(view.timeline[0]).toMatchObject({ title: 'Deal value: €1,500 → €2,500.50' })
  })

  it('adds normalised tags, refuses too long or too many, and removes one', async () => {
    const { cookie, person } = await seedPerson()
    await post(person.id, cookie, { intent: 'add-tags', tags: '  Hot Lead , follow-up,hot lead ' })
    expect((await personOf(person.ownerId, person.email)).tags).toEqual(['hot lead', 'follow-up'])

    const tooLong = dataOf<{ result: { error: Record<string, string[]> } }>(
      await post(person.id, cookie, { intent: 'add-tags', tags: 'x'.repeat(41) }),
    )
    expect(tooLong.status).toBe(400)
    expect(tooLong.data.result.error.tags).toEqual(['A tag must be at most 40 characters'])
    const many = Array.from({ length: 19 }, (_, i) => `t${i}`).join(',')
    const tooMany = dataOf<{ result: { error: Record<string, string[]> } }>(
      await post(person.id, cookie, { intent: 'add-tags', tags: many }),
    )
    expect(tooMany.data.result.error.tags).toEqual(['A person can have at most 20 tags'])
    const empty = dataOf<{ result: { error: Record<string, string[]> } }>(
      await post(person.id, cookie, { intent: 'add-tags', tags: ' , ' }),
    )
    expect(empty.data.result.error.tags).toEqual(['Enter a tag'])

    await post(person.id, cookie, { intent: 'remove-tag', tag: 'HOT LEAD' })
    expect((await personOf(person.ownerId, person.email)).tags).toEqual(['follow-up'])
    const tagEvents = await getDb()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, person.id), eq(leadEvents.type, 'tags')))
      .orderBy(asc(leadEvents.id))
    expect(tagEvents.map((e) => e.data)).toEqual([
      { added: ['hot lead', 'follow-up'], removed: [] },
      { added: [], removed: ['hot lead'] },
    ])
  })

  it('adds, edits and deletes notes without telling webhooks', async () => {
    const { cookie, person } = await seedPerson()
    const empty = dataOf<{ result: { error: Record<string, string[]> } }>(
      await post(person.id, cookie, { intent: 'add-note', body: '   ' }),
    )
    expect(empty.status).toBe(400)
    expect(empty.data.result.error.body).toEqual(['Write the note'])
    await post(person.id, cookie, { intent: 'add-note', body: 'Wants a workshop in March' })
    const [note] = await getDb().select().from(contactNotes).where(eq(contactNotes.contactId, person.id))
    expect(note!.body).toBe('Wants a workshop in March')

    const editing = (await page(person.id, cookie, `?note=${note!.id}`)) as View
    expect(editing.editingNote).toBe(note!.id)
    await post(person.id, cookie, { intent: 'edit-note', noteId: note!.id, body: 'Workshop in April' })
    expect((await getDb().select().from(contactNotes).where(eq(contactNotes.id, note!.id)))[0]!.body).toBe('Workshop in April')
    const view = (await page(person.id, cookie)) as View
    expect(
      view.timeline.map((t) => (t.kind === 'note' ? `note: ${t.body}${t.edited ? ' (edited)' : ''}` : t.title)).slice(0, 2),
    ).toEqual(['Note edited', 'note: Workshop in April (edited)'])

    await post(person.id, cookie, { intent: 'delete-note', noteId: note!.id })
    expect(await getDb().select().from(contactNotes).where(eq(contactNotes.contactId, person.id))).toHaveLength(0)
    const noteEvents = await getDb()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, person.id), eq(leadEvents.type, 'note')))
      .orderBy(asc(leadEvents.id))
    expect(noteEvents.map((e) => e.data.action)).toEqual(['added', 'edited', 'deleted'])
    const updates = (await getDb().select().from(jobs).where(eq(jobs.kind, 'lead.event'))).filter(
      (j) => (j.payload as LeadEventPayload).contactId === person.id && (j.payload as LeadEventPayload).event === 'lead.updated',
    )
    expect(updates).toHaveLength(0)
  })

  it('leaves the consent records as they were after every action', async () => {
    const { cookie, person } = await seedPerson()
    const captureIds = (await getDb().select({ id: leads.id }).from(leads).where(eq(leads.contactId, person.id))).map((l) => l.id)
    const ledger = async () =>
      (await getDb().select().from(leadConsents).where(eq(leadConsents.ownerId, person.ownerId))).filter((c) =>
        captureIds.includes(c.leadId),
      )
    const before = await ledger()
    const texts = await getDb().select().from(consentTexts)
    await post(person.id, cookie, { intent: 'pipeline', status: 'won', dealValue: '10', dealCurrency: 'USD' })
    await post(person.id, cookie, { intent: 'add-tags', tags: 'a' })
    await post(person.id, cookie, { intent: 'add-note', body: 'n' })
    // Fields that look like consent changes are ignored: no action edits the ledger.
    await post(person.id, cookie, { intent: 'consent', marketingConsent: 'false' })
    expect(await ledger()).toEqual(before)
    await post(person.id, cookie, { intent: 'delete' })
    expect(await ledger()).toEqual(before)
    expect(await getDb().select().from(consentTexts)).toEqual(texts)
  })

  it('deletes the person through eraseCaptures: captures, notes and the person go, erasures are recorded', async () => {
    const { cookie, person } = await seedPerson()
    await post(person.id, cookie, { intent: 'add-note', body: 'gone soon' })
    const confirm = (await page(person.id, cookie, '?delete=1')) as View
    expect(confirm.confirmDelete).toBe(true)
    expect(confirm.deleteMessage).toContain('all 2 captures')
    expect(locationOf(await post(person.id, cookie, { intent: 'delete' }))).toBe('/app/leads')
    expect(await getDb().select().from(contacts).where(eq(contacts.id, person.id))).toHaveLength(0)
    expect(await getDb().select().from(leads).where(eq(leads.contactId, person.id))).toHaveLength(0)
    expect(await getDb().select().from(contactNotes).where(eq(contactNotes.contactId, person.id))).toHaveLength(0)
    const erasures = await getDb().select().from(leadErasures).where(eq(leadErasures.ownerId, person.ownerId))
    expect(erasures.map((e) => e.requestedBy)).toEqual(['speaker', 'speaker'])
    expect(((await page(person.id, cookie)) as Response).status).toBe(404)
  })

  it('answers 404 for another speaker’s person on every loader and action, changing nothing', async () => {
    const { person } = await seedPerson()
    const stranger = await sessionCookie((await createOwner(undefined, { plan: 'pro' })).id)
    const [note] = await getDb()
      .insert(contactNotes)
      .values({ contactId: person.id, ownerId: person.ownerId, body: 'private' })
      .returning()
    const statusOf = (r: unknown) => (r instanceof Response ? r.status : 200)
    expect(statusOf(await page(person.id, stranger))).toBe(404)
    expect(
      statusOf(await call(vcardLoader, makeRequest(`/app/leads/${person.id}/vcard`, { cookie: stranger }), { id: person.id })),
    ).toBe(404)
    expect(
      statusOf(await call(exportLoader, makeRequest(`/app/leads/${person.id}/export`, { cookie: stranger }), { id: person.id })),
    ).toBe(404)
    const forms: Record<string, string>[] = [
      { intent: 'pipeline', status: 'won', dealValue: '99', dealCurrency: 'USD' },
      { intent: 'add-tags', tags: 'mine' },
      { intent: 'remove-tag', tag: 'x' },
      { intent: 'add-note', body: 'hello' },
      { intent: 'edit-note', noteId: note!.id, body: 'changed' },
      { intent: 'delete-note', noteId: note!.id },
      { intent: 'delete' },
    ]
    for (const form of forms) expect(statusOf(await post(person.id, stranger, form)), form.intent).toBe(404)
    expect(await personOf(person.ownerId, person.email)).toMatchObject({ status: 'new', tags: [], dealValueCents: null })
    expect((await getDb().select().from(contactNotes).where(eq(contactNotes.contactId, person.id))).map((n) => n.body)).toEqual([
      'private',
    ])
    expect(statusOf(await page('not-a-uuid', stranger))).toBe(404)
    // Someone signed out is sent to sign in.
    const anonymous = (await page(person.id)) as Response
    expect(anonymous.status).toBe(302)
  })

  it('404s a person whose captures are all locked and counts a visible person’s locked captures', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const cookie = await sessionCookie(owner.id)
    const { session: busy } = await createLiveSession(owner.id)
    const { session: quiet } = await createLiveSession(owner.id)
    for (let i = 0; i < 3; i++) await signUp(busy, { email: attendeeEmail() })
    const lockedOnly = attendeeEmail()
    const mixed = attendeeEmail()
    await signUp(busy, { email: lockedOnly })
    // The locked capture is the newest, so the person row holds its details: none may show.
    await signUp(quiet, { email: mixed, company: 'Visible Inc', job_title: 'Engineer' })
    await signUp(busy, { email: mixed, company: 'Secret Corp', job_title: 'Secret Title', first_name: 'Secret Name' })
    expect((await personOf(owner.id, mixed)).company).toBe('Secret Corp')

    const hidden = await personOf(owner.id, lockedOnly)
    expect(((await page(hidden.id, cookie)) as Response).status).toBe(404)
    expect(
      ((await call(exportLoader, makeRequest(`/app/leads/${hidden.id}/export`, { cookie }), { id: hidden.id })) as Response)
        .status,
    ).toBe(404)
    expect(((await post(hidden.id, cookie, { intent: 'add-note', body: 'x' })) as Response).status).toBe(404)

    const visible = await personOf(owner.id, mixed)
    const view = (await page(visible.id, cookie)) as View
    expect(view.locked).toBe(1)
    expect(view.seenAt).toBe(1)
    expect(view.captures).toHaveLength(1)
    expect(JSON.stringify(view)).not.toMatch(/Secret/)
    expect(view.consents).toHaveLength(1)
    // The locked capture's own timeline entry is withheld with it.
    expect(view.timeline).toHaveLength(1)

    const exported = (await call(exportLoader, makeRequest(`/app/leads/${visible.id}/export`, { cookie }), {
      id: visible.id,
    })) as Response
    const text = await exported.text()
    expect(text).not.toMatch(/Secret/)
    expect(JSON.parse(text)).toMatchObject({
      capturesWithheldByPlan: 1,
      person: { firstName: 'Grace', company: 'Visible Inc', jobTitle: 'Engineer' },
      captures: [{ company: 'Visible Inc' }],
    })
    const card = await (
      (await call(vcardLoader, makeRequest(`/app/leads/${visible.id}/vcard`, { cookie }), { id: visible.id })) as Response
    ).text()
    expect(card).not.toMatch(/Secret/)
  })
})

describe('downloads', () => {
  it('gives a vCard of the person', async () => {
    const { cookie, person } = await seedPerson({ phone: '+44 20 7946 0000', linkedin: 'https://www.linkedin.com/in/grace' })
    const res = (await call(vcardLoader, makeRequest(`/app/leads/${person.id}/vcard`, { cookie }), { id: person.id })) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/vcard; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="grace.vcf"')
    const card = await res.text()
    expect(card).toContain('FN:Grace\r\n')
    expect(card).toContain(`EMAIL;TYPE=INTERNET:${person.email}\r\n`)
    expect(card).toContain('TITLE:VP Engineering\r\n')
    expect(card).toContain('TEL;TYPE=VOICE:+44 20 7946 0000\r\n')
    expect(card).toContain('URL:https://www.linkedin.com/in/grace\r\n')
  })

  it('exports everything held about the person as JSON', async () => {
    const { cookie, person, email } = await seedPerson()
    await post(person.id, cookie, { intent: 'add-note', body: 'Call back' })
    await post(person.id, cookie, { intent: 'add-tags', tags: 'vip' })
    await post(person.id, cookie, { intent: 'pipeline', status: 'won', dealValue: '100', dealCurrency: 'GBP' })
    const res = (await call(exportLoader, makeRequest(`/app/leads/${person.id}/export`, { cookie }), {
      id: person.id,
    })) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^attachment; filename="person-${person.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    )
    const body = JSON.parse(await res.text())
    expect(body).toMatchObject({
      format: 'lectern.person',
      person: { email, status: 'won', tags: ['vip'], deal: { amountMinor: 10000, currency: 'GBP' } },
      notes: [{ body: 'Call back' }],
      capturesWithheldByPlan: 0,
      crmSyncs: [],
      webhookDeliveries: [],
    })
    expect(body.captures).toHaveLength(2)
    expect(body.captures[0].answers).toContainEqual({
      question: 'Interested in',
      answer: 'Slides, Workshop',
      raw: ['Slides', 'Workshop'],
    })
    expect(body.consents).toHaveLength(2)
    expect(body.consents[0].notice).toContain('Ada will email you the slides and may follow up about this talk.')
    expect(body.timeline.map((e: { type: string }) => e.type).sort()).toEqual([
      'captured',
      'captured',
      'deal',
      'note',
      'status',
      'tags',
    ])
  })
})

describe('hostile attendee input', () => {
  it('renders names, answers and a javascript: LinkedIn value as inert text', async () => {
    const { cookie, person } = await seedPerson()
    const hostile = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'
    await getDb()
      .update(leads)
      .set({
        firstName: hostile,
        company: hostile,
        jobTitle: hostile,
        answers: { topic: hostile },
        linkedinUrl: 'javascript:window.__xss=1',
      })
      .where(eq(leads.contactId, person.id))
    const view = (await page(person.id, cookie)) as View
    const html = [
      createElement(PersonSummary, { view }),
      createElement(CapturesSection, { captures: view.captures }),
      createElement(ConsentSection, { consents: view.consents }),
    ]
      .map((el) => renderToStaticMarkup(el))
      .join('')
    expect(html).not.toMatch(/<img|<script|href="javascript:/i)
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;')
    expect(view.person.linkedinIsLink).toBe(false)
  })
})
