import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leadErasures, leads } from '~/db/schema/leads'
import { contacts, leadEvents, segments } from '~/db/schema/people'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action, loader } from '~/routes/app.leads._index/route'
import { loader as exportLoader } from '~/routes/app.leads.export'
import { action as captureAction } from '~/routes/t.$code'
import { attendeeEmail, createLiveSession, createOwner, validForm } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// The leads list (issue 10 Deliver 1–3, 5): one row per person, the plan gate on every read path,
// filters, segments, bulk actions and the streamed CSV export; another speaker's ids are a 404.

type Session = { id: string; code: string; talkId: string; eventName: string }

async function capture(session: Session, form: Record<string, string | string[]> = {}) {
  const token = issueSubmissionToken(session.id)
  const res = (await call(captureAction, makeRequest(`/t/${session.code}`, { form: validForm(token, form) }), {
    code: session.code,
  })) as Response
  expect(res.status).toBe(303)
}

async function speaker(plan: 'free' | 'pro' = 'pro') {
  const owner = await createOwner(undefined, { plan })
  return { owner, cookie: await sessionCookie(owner.id) }
}

async function liveSession(ownerId: string, eventName = 'DevConf 2026'): Promise<Session> {
  const { session } = await createLiveSession(ownerId, { eventName })
  return { id: session.id, code: session.code, talkId: session.talkId, eventName }
}

type ListData = Awaited<ReturnType<typeof loader>>

async function list(cookie: string, query = ''): Promise<ListData> {
  const result = await call(loader, makeRequest(`/app/leads${query ? `?${query}` : ''}`, { cookie }))
  // A query that is not canonical (empty fields of the GET form, a tag in capitals) is redirected once.
  if (result instanceof Response) {
    expect(result.status).toBe(302)
    const next = new URL(result.headers.get('Location')!, 'http://localhost').search.slice(1)
    expect(next).not.toBe(query)
    return list(cookie, next)
  }
  return result
}

async function post(cookie: string, form: Record<string, string | string[]>) {
  return call(action, makeRequest('/app/leads', { cookie, form }))
}

async function exportCsv(cookie: string, query = '') {
  const res = (await call(exportLoader, makeRequest(`/app/leads/export${query ? `?${query}` : ''}`, { cookie }))) as Response
  expect(res.status).toBe(200)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) }
}

const contactOf = async (ownerId: string, email: string) =>
  (
    await getDb()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  )[0]!

describe('the leads list', () => {
  it('shows one row per person with the number of talks, and filters on visible captures', async () => {
    const { owner, cookie } = await speaker()
    const berlin = await liveSession(owner.id, 'JSConf Berlin')
    const lisbon = await liveSession(owner.id, 'Web Summit Lisbon')
    const grace = attendeeEmail()
    const alan = attendeeEmail()
    await capture(berlin, { email: grace, first_name: 'Grace', company: 'Navy' })
    await capture(lisbon, { email: grace, first_name: 'Grace', company: 'US Navy', marketing: 'yes' })
    await capture(berlin, { email: alan, first_name: 'Alan', company: 'Bletchley' })

    const all = await list(cookie)
    expect(all.total).toBe(2)
    const row = all.rows.find((r) => r.email === grace)!
    expect(row).toMatchObject({ captures: 2, company: 'US Navy', latestEvent: 'Web Summit Lisbon', marketingConsent: true })

    expect((await list(cookie, `event=${encodeURIComponent('Web Summit Lisbon')}`)).rows.map((r) => r.email)).toEqual([grace])
    expect((await list(cookie, `session=${berlin.id}`)).total).toBe(2)
    expect((await list(cookie, `talk=${lisbon.talkId}`)).rows.map((r) => r.email)).toEqual([grace])
    expect((await list(cookie, 'q=bletch')).rows.map((r) => r.email)).toEqual([alan])
    expect((await list(cookie, `q=${encodeURIComponent(grace.slice(0, 9).toUpperCase())}`)).rows.map((r) => r.email)).toEqual([
      grace,
    ])
    expect((await list(cookie, 'q=100%25')).total).toBe(0)
    expect((await list(cookie, 'consent=yes')).rows.map((r) => r.email)).toEqual([grace])
    expect((await list(cookie, 'consent=no')).rows.map((r) => r.email)).toEqual([alan])
    const today = new Date().toISOString().slice(0, 10)
    expect((await list(cookie, `from=${today}&to=${today}`)).total).toBe(2)
    expect((await list(cookie, 'to=2001-01-01')).total).toBe(0)
    expect((await list(cookie, 'sort=name')).rows.map((r) => r.firstName)).toEqual(['Alan', 'Grace'])
    const formGet = (await call(
      loader,
      makeRequest('/app/leads?q=alan&session=&talk=&event=&from=&to=&status=&band=&tag=&consent=&sort=last', { cookie }),
    )) as Response
    expect(formGet.headers.get('Location')).toBe('/app/leads?q=alan')

    await getDb()
      .update(contacts)
      .set({ status: 'won', scoreBand: 'hot', score: 80, tags: ['vip'] })
      .where(eq(contacts.email, grace))
    expect((await list(cookie, 'status=won')).rows.map((r) => r.email)).toEqual([grace])
    expect((await list(cookie, 'band=hot')).rows.map((r) => r.email)).toEqual([grace])
    expect((await list(cookie, 'tag=VIP')).rows.map((r) => r.email)).toEqual([grace])
    expect((await list(cookie, 'sort=score')).rows[0]!.email).toBe(grace)
    expect(all.options.tags).toEqual([])
    expect((await list(cookie)).options.tags).toEqual(['vip'])
  })

  it('withholds locked captures on the free plan: the list, the counts and the CSV', async () => {
    const { owner, cookie } = await speaker('free')
    const session = await liveSession(owner.id)
    const emails = [attendeeEmail(), attendeeEmail(), attendeeEmail(), attendeeEmail()]
    for (const [i, email] of emails.entries()) await capture(session, { email, first_name: `Person ${i + 1}` })

    const data = await list(cookie)
    expect(data.total).toBe(3)
    expect(data.rows.map((r) => r.email)).not.toContain(emails[3])
    expect(data.locked.sessions).toEqual([expect.objectContaining({ id: session.id, total: 4, locked: 1 })])
    expect((await list(cookie, `q=${encodeURIComponent(emails[3]!)}`)).total).toBe(0)

    const { text } = await exportCsv(cookie)
    expect(text).not.toContain(emails[3])
    for (const email of emails.slice(0, 3)) expect(text).toContain(email)

    // The locked person cannot be acted on either.
    const locked = await contactOf(owner.id, emails[3]!)
    const res = (await post(cookie, { intent: 'status', status: 'won', ids: [locked.id] })) as Response
    expect(res.status).toBe(404)
    expect((await contactOf(owner.id, emails[3]!)).status).toBe('new')
  })

  it('exports a UTF-8 CSV with a BOM, consent columns and neutralised formulas, one row per person', async () => {
    const { owner, cookie } = await speaker()
    const a = await liveSession(owner.id, 'Alpha')
    const b = await liveSession(owner.id, 'Beta')
    const email = attendeeEmail()
    await capture(a, { email, first_name: '=HYPERLINK("evil","win")', company: '+cmd', marketing: 'yes' })
    await capture(b, { email, first_name: '=HYPERLINK("evil","win")', company: '+cmd', marketing: 'yes' })
    await capture(a, { email: attendeeEmail(), first_name: 'Zoë' })

    const { res, bytes, text } = await exportCsv(cookie)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toContain('Email,First name,Company')
    expect(lines[0]).toContain('Marketing consent,Consent notice (SHA-256),Marketing wording (SHA-256),Consent recorded at (UTC)')
    expect(lines).toHaveLength(3)
    const row = lines.find((l) => l.includes(email))!
    // A formula without a web address (the attendee form refuses links in names, app/lib/links-in-text.ts).
    expect(row).toContain(`"'=HYPERLINK(""evil"",""win"")"`)
    expect(row).toContain("'+cmd")
    expect(row).toMatch(/,2,/)
    expect(row).toMatch(/Alpha; Beta|Beta; Alpha/)
    expect(row).toMatch(/,yes,[0-9a-f]{64},[0-9a-f]{64},\d{4}-/)
    expect(text).toContain('Zoë')

    // A selection exports only those people; another speaker's id matches nothing.
    const other = await speaker()
    const otherSession = await liveSession(other.owner.id)
    const foreign = attendeeEmail()
    await capture(otherSession, { email: foreign })
    const mine = await contactOf(owner.id, email)
    const theirs = await contactOf(other.owner.id, foreign)
    const selected = await exportCsv(cookie, `id=${mine.id}&id=${theirs.id}`)
    expect(selected.text.trimEnd().split('\r\n')).toHaveLength(2)
    expect(selected.text).not.toContain(foreign)
    const bad = (await call(exportLoader, makeRequest('/app/leads/export?id=nope', { cookie }))) as Response
    expect(bad.status).toBe(400)
  })
})

describe('bulk actions', () => {
  async function setup() {
    const { owner, cookie } = await speaker()
    const session = await liveSession(owner.id)
    const emails = [attendeeEmail(), attendeeEmail()]
    for (const email of emails) await capture(session, { email })
    const people = await Promise.all(emails.map((e) => contactOf(owner.id, e)))
    return { owner, cookie, session, people }
  }

  it('sets the status with one timeline entry and one lead.updated per person', async () => {
    const { owner, cookie, people } = await setup()
    const res = (await post(cookie, {
      intent: 'status',
      status: 'contacted',
      ids: people.map((p) => p.id),
      back: 'status=new',
    })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/app/leads?status=new')
    for (const p of people) {
      expect((await contactOf(owner.id, p.email)).status).toBe('contacted')
      const events = await getDb()
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.contactId, p.id), eq(leadEvents.type, 'status')))
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({ actorId: owner.id, data: { from: 'new', to: 'contacted', bulk: true } })
    }
    const updated = (await getDb().select().from(jobs).where(eq(jobs.kind, 'lead.event'))).filter(
      (j) =>
        (j.payload as { event: string; contactId: string }).event === 'lead.updated' &&
        people.some((p) => p.id === (j.payload as { contactId: string }).contactId),
    )
    expect(updated).toHaveLength(2)
    // The same status again changes nothing and records nothing.
    await post(cookie, { intent: 'status', status: 'contacted', ids: people.map((p) => p.id) })
    const events = await getDb().select().from(leadEvents).where(eq(leadEvents.type, 'status'))
    expect(events.filter((e) => people.some((p) => p.id === e.contactId))).toHaveLength(2)
  })

  it('adds and removes a tag, normalised', async () => {
    const { owner, cookie, people } = await setup()
    await post(cookie, { intent: 'add-tag', tag: '  Follow  Up ', ids: [people[0]!.id] })
    expect((await contactOf(owner.id, people[0]!.email)).tags).toEqual(['follow up'])
    await post(cookie, { intent: 'add-tag', tag: 'follow up', ids: people.map((p) => p.id) })
    expect((await contactOf(owner.id, people[0]!.email)).tags).toEqual(['follow up'])
    expect((await contactOf(owner.id, people[1]!.email)).tags).toEqual(['follow up'])
    await post(cookie, { intent: 'remove-tag', tag: 'FOLLOW UP', ids: [people[0]!.id] })
    expect((await contactOf(owner.id, people[0]!.email)).tags).toEqual([])
    const tagEvents = await getDb().select().from(leadEvents).where(eq(leadEvents.type, 'tags'))
    expect(tagEvents.filter((e) => e.contactId === people[0]!.id).map((e) => e.data)).toEqual([
      { added: ['follow up'], bulk: true },
      { removed: ['follow up'], bulk: true },
    ])
  })

  it('answers 400 with a message for no selection, a bad status or an empty tag', async () => {
    const { cookie, people } = await setup()
    const cases: [Record<string, string | string[]>, string][] = [
      [{ intent: 'status', status: 'won' }, 'Select at least one person first.'],
      [{ intent: 'status', status: 'archived', ids: [people[0]!.id] }, 'Choose a status.'],
      [{ intent: 'add-tag', tag: '   ', ids: [people[0]!.id] }, 'Enter a tag'],
      [{ intent: 'add-tag', tag: 'x'.repeat(41), ids: [people[0]!.id] }, 'A tag must be at most 40 characters'],
      [{ intent: 'explode', ids: [people[0]!.id] }, 'Unknown action.'],
    ]
    for (const [form, message] of cases) {
      const res = (await post(cookie, form)) as { init: { status: number }; data: { error: string } }
      expect(res.init.status).toBe(400)
      expect(res.data.error).toBe(message)
    }
  })

  it('marks people won only when each has a deal value, and keeps to 20 tags a person', async () => {
    const { owner, cookie, people } = await setup()
    const ids = people.map((p) => p.id)
    const refused = (await post(cookie, { intent: 'status', status: 'won', ids })) as {
      init: { status: number }
      data: { error: string }
    }
    expect(refused.init.status).toBe(400)
    expect(refused.data.error).toBe('Won needs a deal value: set it on the person’s page. Some of the people selected have none.')
    expect((await contactOf(owner.id, people[0]!.email)).status).toBe('new')
    await getDb().update(contacts).set({ dealValueCents: 500_00, dealCurrency: 'EUR' }).where(eq(contacts.ownerId, owner.id))
    expect(((await post(cookie, { intent: 'status', status: 'won', ids })) as Response).status).toBe(302)
    expect((await contactOf(owner.id, people[1]!.email)).status).toBe('won')

    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`)
    await getDb().update(contacts).set({ tags: twenty }).where(eq(contacts.id, people[0]!.id))
    const full = (await post(cookie, { intent: 'add-tag', tag: 'one more', ids })) as { data: { error: string } }
    expect(full.data.error).toBe('A person can have at most 20 tags')
    expect((await contactOf(owner.id, people[1]!.email)).tags).toEqual([])
  })

  it('refuses another speaker’s ids with a 404 and changes nothing, even mixed with own ids', async () => {
    const { owner, cookie, people } = await setup()
    const other = await setup()
    const mixed = [people[0]!.id, other.people[0]!.id]
    const forms: Record<string, string | string[]>[] = [
      { intent: 'status', status: 'won', ids: mixed },
      { intent: 'add-tag', tag: 'x', ids: mixed },
      { intent: 'remove-tag', tag: 'x', ids: mixed },
      { intent: 'delete', confirmed: '1', ids: mixed },
      { intent: 'delete', confirmed: '1', ids: [other.people[0]!.id] },
    ]
    for (const form of forms) {
      const res = (await post(cookie, form)) as Response
      expect(res.status).toBe(404)
    }
    expect((await contactOf(owner.id, people[0]!.email)).status).toBe('new')
    expect((await contactOf(owner.id, people[0]!.email)).tags).toEqual([])
    expect(await contactOf(other.owner.id, other.people[0]!.email)).toBeDefined()
  })

  it('deletes through eraseCaptures after a confirmation step, recording each erasure', async () => {
    const { owner, cookie, people } = await setup()
    const second = await liveSession(owner.id, 'Second')
    await capture(second, { email: people[0]!.email })
    const ask = (await post(cookie, { intent: 'delete', ids: [people[0]!.id] })) as { data: { form: string; ids: string[] } }
    expect(ask.data).toEqual({ form: 'confirm-delete', ids: [people[0]!.id] })
    expect(await contactOf(owner.id, people[0]!.email)).toBeDefined()

    // The no-JS confirmation posts the ids comma-joined.
    const res = (await post(cookie, { intent: 'delete', ids: people[0]!.id, confirmed: '1' })) as Response
    expect(res.status).toBe(302)
    expect(await getDb().select().from(contacts).where(eq(contacts.id, people[0]!.id))).toEqual([])
    expect(await getDb().select().from(leads).where(eq(leads.contactId, people[0]!.id))).toEqual([])
    const erasures = await getDb().select().from(leadErasures).where(eq(leadErasures.ownerId, owner.id))
    expect(erasures).toHaveLength(2)
    expect(erasures.every((e) => e.requestedBy === 'speaker')).toBe(true)
    expect(await contactOf(owner.id, people[1]!.email)).toBeDefined()
  })

  it('sends the selection to the export as a document redirect', async () => {
    const { cookie, people } = await setup()
    const res = (await post(cookie, { intent: 'export', ids: people.map((p) => p.id) })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('X-Remix-Reload-Document')).toBe('true')
    expect(res.headers.get('Location')).toBe(`/app/leads/export?id=${people[0]!.id}&id=${people[1]!.id}`)
  })
})

describe('segments', () => {
  it('saves, lists, renames and deletes a segment with field messages', async () => {
    const { owner, cookie } = await speaker()
    const saved = (await post(cookie, {
      intent: 'save-segment',
      name: '  Hot   leads ',
      query: 'band=hot&junk=1&sort=last',
    })) as Response
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/app/leads?band=hot')
    const [segment] = await getDb().select().from(segments).where(eq(segments.ownerId, owner.id))
    expect(segment).toMatchObject({ name: 'Hot leads', query: 'band=hot' })
    expect((await list(cookie)).segments).toEqual([{ id: segment!.id, name: 'Hot leads', query: 'band=hot' }])

    const errors: [Record<string, string>, string][] = [
      [{ intent: 'save-segment', name: '   ', query: '' }, 'Enter a name for the segment.'],
      [{ intent: 'save-segment', name: 'x'.repeat(61), query: '' }, 'Use at most 60 characters.'],
      [{ intent: 'save-segment', name: 'Hot leads', query: 'status=won' }, 'You already have a segment with this name.'],
      [{ intent: 'rename-segment', segmentId: segment!.id, name: '' }, 'Enter a name for the segment.'],
    ]
    for (const [form, message] of errors) {
      const res = (await post(cookie, form)) as { init: { status: number }; data: { errors: { name: string[] } } }
      expect(res.init.status).toBe(400)
      expect(res.data.errors.name).toEqual([message])
    }

    await post(cookie, { intent: 'save-segment', name: 'Won', query: 'status=won' })
    const taken = (await post(cookie, { intent: 'rename-segment', segmentId: segment!.id, name: 'Won' })) as {
      data: { errors: { name: string[] } }
    }
    expect(taken.data.errors.name).toEqual(['You already have a segment with this name.'])
    const renamed = (await post(cookie, { intent: 'rename-segment', segmentId: segment!.id, name: 'Hottest' })) as Response
    expect(renamed.status).toBe(302)
    expect((await list(cookie, `rename=${segment!.id}`)).renaming).toMatchObject({ name: 'Hottest' })

    const ask = (await post(cookie, { intent: 'delete-segment', segmentId: segment!.id, name: 'Hottest' })) as { data: unknown }
    expect(ask.data).toEqual({ form: 'delete-segment', segmentId: segment!.id, name: 'Hottest' })
    const gone = (await post(cookie, { intent: 'delete-segment', segmentId: segment!.id, confirmed: '1' })) as Response
    expect(gone.status).toBe(302)
    expect((await list(cookie)).segments.map((s) => s.name)).toEqual(['Won'])
  })

  it('answers 404 for another speaker’s segment and leaves it alone', async () => {
    const a = await speaker()
    const b = await speaker()
    await post(b.cookie, { intent: 'save-segment', name: 'Mine', query: 'status=won' })
    const [theirs] = await getDb().select().from(segments).where(eq(segments.ownerId, b.owner.id))
    const rename = (await post(a.cookie, { intent: 'rename-segment', segmentId: theirs!.id, name: 'Stolen' })) as Response
    expect(rename.status).toBe(404)
    const del = (await post(a.cookie, { intent: 'delete-segment', segmentId: theirs!.id, confirmed: '1' })) as Response
    expect(del.status).toBe(404)
    expect((await list(a.cookie, `rename=${theirs!.id}`)).renaming).toBeNull()
    expect(await getDb().select().from(segments).where(eq(segments.id, theirs!.id))).toEqual([
      expect.objectContaining({ name: 'Mine' }),
    ])
  })
})
