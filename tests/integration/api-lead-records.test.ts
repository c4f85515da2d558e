import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import type { Scope } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { eraseCaptures } from '~/models/lead-events.server'
import { addNote, changePerson } from '~/models/lead-follow-up.server'
import { getLeadRecord, listLeadRecords, NO_LEAD_RECORD_FILTERS, type LeadRecordFilters } from '~/models/lead-records.server'
import { seedTalkAndSession } from './app-utils'
import { claimSpeaker } from './event-fixtures'
import { eventSignUp, liveEvent } from './event-recipients-utils'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'

// The API's people (issue 30, app/models/lead-records.server.ts), at the model: keyset pages newest
// first that every walk reads whole and once, the filters, and the app's rules — the plan gate, the
// recipients rule, erasure and another workspace's ids.

const own = (ownerId: string, runnerId: string | null = null): Scope => ({ ownerId, userId: ownerId, runnerId })

async function workspace(plan: Plan = 'pro') {
  const owner = await createOwner(undefined, { plan })
  const { session, talk } = await createLiveSession(owner.id, { eventName: 'JSConf Berlin' })
  return { owner, session, talk, scope: own(owner.id), plan }
}

async function page(scope: Scope, plan: Plan, filters: Partial<LeadRecordFilters> = {}, limit = 100, startingAfter?: string) {
  const result = await listLeadRecords({ scope, plan, filters: { ...NO_LEAD_RECORD_FILTERS, ...filters }, limit, startingAfter })
  if (!result.ok) throw new Error('cursor refused')
  return result
}

const emailsOf = async (...args: Parameters<typeof page>) => (await page(...args)).rows.map((r) => r.person.email)

/** People written straight to the table at chosen instants (microseconds included), with one capture each. */
async function seedPeople(ownerId: string, sessionId: string, instants: string[]) {
  const ids: string[] = []
  for (const at of instants) {
    const email = `p-${randomBytes(4).toString('hex')}@example.com`
    const [person] = await getDb()
      .insert(contacts)
      .values({ ownerId, email, firstName: 'P', createdAt: sql`${at}::timestamptz` as unknown as Date })
      .returning({ id: contacts.id })
    await getDb()
      .insert(leads)
      .values({
        sessionId,
        ownerId,
        contactId: person!.id,
        email,
        firstName: 'P',
        eraseTokenHash: randomBytes(16).toString('hex'),
      })
    ids.push(person!.id)
  }
  return ids
}

describe('the API’s people, page by page', () => {
  it('answers the newest first, each with its visible captures, their consent and the notes', async () => {
    const { owner, session, scope, plan } = await workspace()
    const { session: other } = await createLiveSession(owner.id, { eventName: 'Web Summit' })
    const grace = attendeeEmail()
    const alan = attendeeEmail()
    await signUp(session, { email: grace, company: 'Navy' })
    await signUp(other, { email: grace, company: 'US Navy', marketing: 'yes' })
    await signUp(session, { email: alan })
    const result = await page(scope, plan)
    expect(result.rows.map((r) => r.person.email)).toEqual([alan, grace])
    expect(result.hasMore).toBe(false)
    const record = result.rows[1]!
    expect(record.captures.map((c) => c.eventName)).toEqual(['JSConf Berlin', 'Web Summit'])
    expect(record.captures[1]).toMatchObject({ company: 'US Navy', marketingConsent: true, sessionId: other.id })
    expect(record.captures[1]!.consent).toMatchObject({
      marketingConsent: true,
      noticeHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(record.captures[1]!.consent!.marketingHash).toMatch(/^[0-9a-f]{64}$/)

    await addNote({ ...scope, contactId: record.person.id }, 'Call after the conference')
    const again = await getLeadRecord(scope, plan, record.person.id)
    expect(again!.notes.map((n) => n.body)).toEqual(['Call after the conference'])
  })

  it('walks every page once, microseconds apart included, while new people arrive', async () => {
    const { owner, session, scope, plan } = await workspace()
    // Four people within one millisecond: a cursor rounded to milliseconds would answer some twice.
    const instants = [
      ...Array.from({ length: 9 }, (_, i) => `2026-01-0${i + 1}T10:00:00.000000Z`),
      '2026-02-01T10:00:00.123100Z',
      '2026-02-01T10:00:00.123200Z',
      '2026-02-01T10:00:00.123300Z',
      '2026-02-01T10:00:00.123400Z',
    ]
    const seeded = await seedPeople(owner.id, session.id, instants)
    for (const limit of [1, 4]) {
      const seen: string[] = []
      let after: string | undefined
      for (let n = 0; ; n++) {
        const result = await page(scope, plan, {}, limit, after)
        seen.push(...result.rows.map((r) => r.person.id))
        // Someone signs up between two pages: they are newer than every page, so the walk never meets them.
        await signUp(session, { email: attendeeEmail() })
        if (!result.hasMore) break
        expect(result.rows).toHaveLength(limit)
        after = result.rows.at(-1)!.person.id
        expect(n).toBeLessThan(20)
      }
      const fromSeed = seen.filter((id) => seeded.includes(id))
      expect(fromSeed).toEqual([...seeded].reverse())
      expect(new Set(seen).size).toBe(seen.length)
    }
  })

  it('refuses a cursor that is not one of the workspace’s people', async () => {
    const a = await workspace()
    const b = await workspace()
    await signUp(b.session, { email: attendeeEmail() })
    const [theirs] = await getDb().select({ id: contacts.id }).from(contacts).where(eq(contacts.ownerId, b.owner.id))
    for (const cursor of [theirs!.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const result = await listLeadRecords({ ...a, filters: NO_LEAD_RECORD_FILTERS, limit: 10, startingAfter: cursor })
      expect(result).toEqual({ ok: false, reason: 'cursor' })
    }
  })

  it('filters on one visible capture (session, talk, event, event name) and on the person', async () => {
    const { owner, session, talk, scope, plan } = await workspace()
    const { session: summit } = await createLiveSession(owner.id, { eventName: 'Web Summit' })
    const [grace, alan, ada] = [attendeeEmail(), attendeeEmail(), attendeeEmail()]
    await signUp(session, { email: grace })
    await signUp(summit, { email: alan })
    await signUp(summit, { email: ada })
    const id = async (email: string) => (await getDb().select().from(contacts).where(eq(contacts.email, email)))[0]!
    const adaId = (await id(ada)).id
    await changePerson({ ...scope, contactId: adaId }, { status: 'contacted', tags: { add: ['VIP'] } })
    await getDb().update(contacts).set({ scoreBand: 'hot' }).where(eq(contacts.id, adaId))

    expect(await emailsOf(scope, plan, { session: session.id })).toEqual([grace])
    expect(await emailsOf(scope, plan, { talk: talk.id })).toEqual([grace])
    expect(await emailsOf(scope, plan, { eventName: 'Web Summit' })).toEqual([ada, alan])
    expect(await emailsOf(scope, plan, { session: session.id, eventName: 'Web Summit' })).toEqual([])
    expect(await emailsOf(scope, plan, { status: 'contacted' })).toEqual([ada])
    expect(await emailsOf(scope, plan, { tag: 'vip' })).toEqual([ada])
    expect(await emailsOf(scope, plan, { band: 'hot' })).toEqual([ada])
    expect(await emailsOf(scope, plan, { band: 'cold' })).toEqual([alan, grace])

    const created = (await id(alan)).createdAt
    expect(await emailsOf(scope, plan, { createdSince: created })).toEqual([ada, alan])
    // Ada changed after everyone was created; so does Grace once she signs up again.
    const since = new Date((await id(ada)).updatedAt.getTime())
    expect(await emailsOf(scope, plan, { updatedSince: since })).toEqual([ada])
    await new Promise((r) => setTimeout(r, 5))
    const later = new Date()
    await signUp(summit, { email: grace })
    expect(await emailsOf(scope, plan, { updatedSince: later })).toEqual([grace])
    // A note moves updated_at too: the note is part of the object the API answers.
    const afterNote = new Date()
    await addNote({ ...scope, contactId: (await id(alan)).id }, 'Met at the stand')
    expect(await emailsOf(scope, plan, { updatedSince: afterNote })).toEqual([alan])
  })

  it('filters on an organiser’s event by id', async () => {
    const fx = await liveEvent('organiser')
    // The organiser's own session, outside the event, under the same event name.
    const made = await seedTalkAndSession(fx.workspaceId, { eventName: fx.event.name }, fx.owner.id)
    await getDb().update(talkSessions).set({ status: 'live' }).where(eq(talkSessions.id, made.sessionId))
    const own = { id: made.sessionId, code: made.code }
    const inEvent = await eventSignUp(fx.speakers.ada)
    await signUp(own, { email: attendeeEmail() })
    const scope = { ownerId: fx.workspaceId, userId: fx.owner.id, runnerId: null }
    expect(await emailsOf(scope, 'organiser', { event: fx.event.id })).toEqual([inEvent.email])
    expect(await emailsOf(scope, 'organiser', { eventName: fx.event.name })).toHaveLength(2)
  })
})

describe('the app’s rules on the API’s people', () => {
  it('never reads a locked capture: a person seen only there is none, another shows only the visible one', async () => {
    const { owner, session, scope, plan } = await workspace('free')
    const { session: second } = await createLiveSession(owner.id, { eventName: 'Web Summit' })
    const first = [attendeeEmail(), attendeeEmail(), attendeeEmail()]
    for (const email of first) await signUp(session, { email })
    const locked = attendeeEmail()
    const both = attendeeEmail()
    await signUp(session, { email: locked, company: 'Hidden Ltd' })
    await signUp(session, { email: both, company: 'Secret Corp', job_title: 'Spy' })
    await signUp(second, { email: both, company: 'Open Inc' })
    const rows = (await page(scope, plan)).rows
    expect(rows.map((r) => r.person.email)).toEqual([both, ...first.reverse()])
    expect(rows[0]!.captures.map((c) => c.company)).toEqual(['Open Inc'])
    expect(JSON.stringify(rows)).not.toMatch(/Hidden Ltd|Secret Corp|Spy/)
    const [hidden] = await getDb().select().from(contacts).where(eq(contacts.email, locked))
    expect(await getLeadRecord(scope, plan, hidden!.id)).toBeNull()
    expect(await changePerson({ ...scope, contactId: hidden!.id }, { status: 'contacted' })).toBe('not-found')
    // Filters never find a person through a locked capture either.
    expect(await emailsOf(scope, plan, { session: session.id })).toEqual([...first])
  })

  it('an erased person is none, and another workspace’s person is none', async () => {
    const { owner, session, scope, plan } = await workspace()
    const other = await workspace()
    const email = attendeeEmail()
    await signUp(session, { email })
    const [person] = await getDb().select().from(contacts).where(eq(contacts.email, email))
    expect(await getLeadRecord(scope, plan, person!.id)).not.toBeNull()
    expect(await getLeadRecord(other.scope, plan, person!.id)).toBeNull()
    expect((await page(other.scope, plan)).rows).toEqual([])
    const captures = await getDb().select({ id: leads.id }).from(leads).where(eq(leads.contactId, person!.id))
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: captures.map((c) => c.id) }, 'attendee'))
    expect(await getLeadRecord(scope, plan, person!.id)).toBeNull()
    expect((await page(scope, plan)).rows).toEqual([])
  })

  it('gives the organiser only what was given to them, and the speaker only theirs', async () => {
    const fx = await liveEvent('speaker')
    const organiser = { ownerId: fx.workspaceId, userId: fx.owner.id, runnerId: null }
    const signed = await eventSignUp(fx.speakers.ada, { company: 'For Ada only' })
    expect((await page(organiser, 'organiser')).rows).toEqual([])
    expect(await getLeadRecord(organiser, 'organiser', signed.lead.contactId)).toBeNull()
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const speaker = { ownerId: fx.workspaceId, userId: ada.id, runnerId: ada.id }
    const theirs = await getLeadRecord(speaker, 'organiser', signed.lead.contactId)
    expect(theirs!.captures.map((c) => c.company)).toEqual(['For Ada only'])
    expect((await page(speaker, 'organiser')).rows.map((r) => r.person.email)).toEqual([signed.email])
    // Grace's session is not Ada's: Ada's scope does not open a person seen only there.
    const atGrace = await eventSignUp(fx.speakers.grace)
    expect(await getLeadRecord(speaker, 'organiser', atGrace.lead.contactId)).toBeNull()
  })
})

describe('changing a person through the API’s model', () => {
  it('sets status, deal and tags together, or nothing', async () => {
    const { session, scope, plan } = await workspace()
    const email = attendeeEmail()
    await signUp(session, { email })
    const [person] = await getDb().select().from(contacts).where(eq(contacts.email, email))
    const actor = { ...scope, contactId: person!.id }
    expect(await changePerson(actor, { status: 'won', tags: { add: ['hot'] } })).toMatchObject({ ok: false, field: 'status' })
    expect(await changePerson(actor, { tags: { add: ['a,b'] }, status: 'contacted' })).toMatchObject({ ok: false, field: 'tags' })
    const unchanged = await getLeadRecord(scope, plan, person!.id)
    expect(unchanged!.person).toMatchObject({ status: 'new', tags: [] })
    expect(
      await changePerson(actor, { status: 'won', deal: { cents: 150000, currency: 'EUR' }, tags: { set: ['Hot', 'vip'] } }),
    ).toEqual({
      ok: true,
      changed: true,
    })
    expect((await getLeadRecord(scope, plan, person!.id))!.person).toMatchObject({
      status: 'won',
      dealValueCents: 150000,
      dealCurrency: 'EUR',
      tags: ['hot', 'vip'],
    })
    expect(await changePerson(actor, { tags: { remove: ['vip'] } })).toEqual({ ok: true, changed: true })
    expect(await changePerson(actor, { tags: { remove: ['vip'] } })).toEqual({ ok: true, changed: false })
    const timeline = await getDb().execute<{ type: string }>(
      sql`select type from lead_events where contact_id = ${person!.id} and type in ('status', 'deal', 'tags') order by id`,
    )
    const types = (Array.isArray(timeline) ? timeline : (timeline as { rows: { type: string }[] }).rows).map((r) => r.type)
    expect(types).toEqual(['status', 'deal', 'tags', 'tags'])
  })

  it('only runs on the session’s own workspace', async () => {
    const { session, scope } = await workspace()
    const other = await workspace()
    const email = attendeeEmail()
    await signUp(session, { email })
    const [person] = await getDb()
      .select()
      .from(contacts)
      .where(and(eq(contacts.email, email), eq(contacts.ownerId, scope.ownerId)))
    expect(await changePerson({ ...other.scope, contactId: person!.id }, { status: 'lost' })).toBe('not-found')
    expect(await addNote({ ...other.scope, contactId: person!.id }, 'x')).toBe('not-found')
    const [row] = await getDb().select({ status: contacts.status }).from(contacts).where(eq(contacts.id, person!.id))
    expect(row!.status).toBe('new')
  })
})
