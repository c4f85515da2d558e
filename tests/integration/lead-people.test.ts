import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leadErasures, leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import type { LeadEventPayload } from '~/jobs/payloads'
import { visibleLeadsFilter } from '~/models/leads.server'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action } from '~/routes/t.$code'
import { action as eraseAction } from '~/routes/t.$code_.erase.$token'
import { dispatchLeadEvent } from '~/services/lead-events.server'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, signUp, validForm } from './lead-capture-utils'
import { call, makeRequest } from './utils'

// One person, many captures (issue 10 Deliver 3): the same email on a speaker's sessions is one
// contact, merged at capture; every capture records a timeline entry and queues one lead.event job;
// erasing the last capture removes the person and sends lead.deleted.

async function eraseTokens(email: string) {
  return (await outboxTo(email)).map(
    (m) => /\/t\/([^/]+)\/erase\/([A-Za-z0-9_-]{43})/.exec(m.text)!.slice(1, 3) as [string, string],
  )
}

const leadEventJobs = async (contactId: string) =>
  (await getDb().select().from(jobs).where(eq(jobs.kind, 'lead.event')).orderBy(asc(jobs.createdAt))).filter(
    (j) => (j.payload as LeadEventPayload).contactId === contactId,
  )

describe('people across sessions', () => {
  it('merges the same email on two sessions into one contact with the latest details', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session: first } = await createLiveSession(owner.id)
    const { session: second } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    await signUp(first, { email, company: 'Navy', first_name: 'Grace' })
    await signUp(second, { email: email.toUpperCase(), company: '', first_name: 'Grace H.' })

    const people = await getDb().select().from(contacts).where(eq(contacts.ownerId, owner.id))
    expect(people).toHaveLength(1)
    expect(people[0]).toMatchObject({ email, firstName: 'Grace H.', company: 'Navy', status: 'new' })
    const captures = await getDb().select().from(leads).where(eq(leads.contactId, people[0]!.id))
    expect(captures.map((c) => c.sessionId).sort()).toEqual([first.id, second.id].sort())

    const timeline = await getDb().select().from(leadEvents).where(eq(leadEvents.contactId, people[0]!.id))
    expect(timeline.map((e) => e.type)).toEqual(['captured', 'captured'])
    const queued = await leadEventJobs(people[0]!.id)
    expect(queued.map((j) => (j.payload as LeadEventPayload).event)).toEqual(['lead.created', 'lead.created'])

    // The same email on the same session again is an update of that capture.
    await signUp(first, { email, company: 'US Navy' })
    expect(await getDb().select().from(leads).where(eq(leads.contactId, people[0]!.id))).toHaveLength(2)
    expect((await leadEventJobs(people[0]!.id)).map((j) => (j.payload as LeadEventPayload).event)).toEqual([
      'lead.created',
      'lead.created',
      'lead.updated',
    ])
  })

  it('records the capture’s timeline entry and lead.event once, however often its submission is repeated', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    const token = issueSubmissionToken(session.id)
    const post = (form: Record<string, string>) =>
      call(action, makeRequest(`/t/${session.code}`, { form: validForm(token, form) }), {
        code: session.code,
      }) as Promise<Response>
    const answers = await Promise.all([post({ email }), post({ email, first_name: 'Changed' }), post({ email })])
    expect(answers.map((r) => r.status)).toEqual([303, 303, 303])

    const [person] = await getDb()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, owner.id), eq(contacts.email, email)))
    const [lead] = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    // The one stored attempt's values, wholly: not a mix of two.
    expect([person!.firstName, lead!.firstName]).toEqual([lead!.firstName, lead!.firstName])
    const timeline = await getDb().select().from(leadEvents).where(eq(leadEvents.contactId, person!.id))
    expect(timeline).toEqual([
      expect.objectContaining({
        ownerId: owner.id,
        leadId: lead!.id,
        type: 'captured',
        data: { sessionId: session.id },
        actorId: null,
      }),
    ])
    const queued = await leadEventJobs(person!.id)
    expect(queued).toHaveLength(1)
    expect(queued[0]!.payload).toEqual({
      event: 'lead.created',
      ownerId: owner.id,
      contactId: person!.id,
      leadId: lead!.id,
      occurredAt: timeline[0]!.createdAt.toISOString(),
    })
    expect(queued[0]).toMatchObject({ status: 'pending', dedupeKey: null })
  })

  it('keeps another speaker’s capture of the same email as their own person', async () => {
    const a = await createOwner()
    const b = await createOwner()
    const email = attendeeEmail()
    await signUp((await createLiveSession(a.id)).session, { email })
    await signUp((await createLiveSession(b.id)).session, { email })
    const rows = await getDb().select().from(contacts).where(eq(contacts.email, email))
    expect(rows.map((r) => r.ownerId).sort()).toEqual([a.id, b.id].sort())
  })

  it('erases one capture, then the person with the last one, sending lead.deleted each time', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session: first } = await createLiveSession(owner.id)
    const { session: second } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    await signUp(first, { email })
    await signUp(second, { email })
    const [person] = await getDb()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, owner.id), eq(contacts.email, email)))
    const links = await eraseTokens(email)
    expect(links).toHaveLength(2)

    const erase = ([code, token]: [string, string]) =>
      call(eraseAction, makeRequest(`/t/${code}/erase/${token}`, { form: {} }), { code, token })
    await erase(links[0]!)
    expect(await getDb().select().from(contacts).where(eq(contacts.id, person!.id))).toHaveLength(1)
    let deleted = (await leadEventJobs(person!.id)).filter((j) => (j.payload as LeadEventPayload).event === 'lead.deleted')
    expect(deleted.map((j) => (j.payload as LeadEventPayload).deleted?.contactDeleted)).toEqual([false])

    await erase(links[1]!)
    expect(await getDb().select().from(contacts).where(eq(contacts.id, person!.id))).toHaveLength(0)
    expect(await getDb().select().from(leads).where(eq(leads.contactId, person!.id))).toHaveLength(0)
    expect(await getDb().select().from(leadErasures).where(eq(leadErasures.ownerId, owner.id))).toHaveLength(2)
    deleted = (await leadEventJobs(person!.id)).filter((j) => (j.payload as LeadEventPayload).event === 'lead.deleted')
    expect(deleted.map((j) => (j.payload as LeadEventPayload).deleted)).toEqual([
      expect.objectContaining({ contactDeleted: false, email }),
      expect.objectContaining({ contactDeleted: true, email, crmRecords: [] }),
    ])
  })
})

describe('the plan gate across sessions', () => {
  it('lets a free plan see the first three captures of each session; an unlock shows all', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const { session } = await createLiveSession(owner.id)
    for (let i = 0; i < 5; i++) await signUp(session, { email: attendeeEmail() })
    const visible = () =>
      getDb()
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.sessionId, session.id), visibleLeadsFilter()))
    const all = await getDb()
      .select()
      .from(leads)
      .where(eq(leads.sessionId, session.id))
      .orderBy(asc(leads.createdAt), asc(leads.id))
    expect((await visible()).map((r) => r.id).sort()).toEqual(
      all
        .slice(0, 3)
        .map((r) => r.id)
        .sort(),
    )

    const [jobOfFourth] = (await leadEventJobs(all[3]!.contactId)).slice(-1)
    const dispatched = await dispatchLeadEvent(jobOfFourth!.payload as LeadEventPayload, jobOfFourth!.id)
    expect(dispatched.visible).toBe(false)

    const { talkSessions } = await import('~/db/schema/talks')
    await getDb().update(talkSessions).set({ unlocked: true }).where(eq(talkSessions.id, session.id))
    expect(await visible()).toHaveLength(5)
  })
})
