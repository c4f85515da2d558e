import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leadErasures, leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import type { LeadEventPayload } from '~/jobs/payloads'
import { eraseCaptures } from '~/models/lead-events.server'
import { action as listAction, loader as listLoader } from '~/routes/app.leads._index/route'
import { loader as exportLoader } from '~/routes/app.leads.export'
import { loader as detailLoader } from '~/routes/app.leads_.$id/route'
import { loader as sessionLeadsLoader } from '~/routes/app.sessions.$id_.leads'
import { action as eraseAction } from '~/routes/t.$code_.erase.$token'
import { runLeadDigests } from '~/services/lead-digest.server'
import { dispatchLeadEvent } from '~/services/lead-events.server'
import { runRetention } from '~/services/lead-retention.server'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, signUp } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// The free plan's paywall survives deletions: a capture is visible when fewer than the plan's number
// of the session's captures EVER MADE came before it. An erased capture (speaker delete, attendee
// link, retention) keeps its place in lead_erasures, so deleting the three visible leads of a free
// session shows none of the others — on the session page, the leads list and its export, a person's
// page, the digest, the webhook/CRM fan-out, bulk actions and the instant notification alike.

type SessionLeadsData = { leads: Array<{ email: string; firstName: string }>; total: number; locked: number }
type Session = { id: string; code: string }

const NAMES = ['One', 'Two', 'Three', 'Four', 'Five']

/** A session of `owner` with five captures named One … Five, in that order. */
async function fiveCaptures(ownerId: string, overrides: Partial<typeof talkSessions.$inferInsert> = {}) {
  const { session } = await createLiveSession(ownerId, overrides)
  const emails = NAMES.map((name) => `${name.toLowerCase()}-${attendeeEmail()}`)
  for (const [i, email] of emails.entries()) await signUp(session, { email, first_name: NAMES[i]! })
  const captures = await getDb()
    .select()
    .from(leads)
    .where(eq(leads.sessionId, session.id))
    .orderBy(asc(leads.createdAt), asc(leads.id))
  expect(captures.map((c) => c.email)).toEqual(emails)
  return { session, emails, captures }
}

async function sessionPage(sessionId: string, cookie: string) {
  const data = await call(sessionLeadsLoader, makeRequest(`/app/sessions/${sessionId}/leads`, { cookie }), { id: sessionId })
  return data as SessionLeadsData
}

async function peopleList(cookie: string) {
  return (await call(listLoader, makeRequest('/app/leads', { cookie }))) as Awaited<ReturnType<typeof listLoader>>
}

async function csvExport(cookie: string) {
  const res = (await call(exportLoader, makeRequest('/app/leads/export', { cookie }))) as Response
  expect(res.status).toBe(200)
  return res.text()
}

const detailStatus = async (contactId: string, cookie: string) => {
  const result = await call(detailLoader, makeRequest(`/app/leads/${contactId}`, { cookie }), { id: contactId })
  return result instanceof Response ? result.status : 200
}

/** Every read path sees nothing of these captures' people. */
async function expectWithheld(
  owner: { id: string },
  cookie: string,
  session: Session,
  withheld: { email: string; contactId: string; firstName: string }[],
) {
  const page = await sessionPage(session.id, cookie)
  const list = await peopleList(cookie)
  const csv = await csvExport(cookie)
  const serialized = JSON.stringify([page, list, csv])
  for (const capture of withheld) {
    expect(serialized).not.toContain(capture.email)
    expect(serialized).not.toContain(capture.firstName)
    expect(await detailStatus(capture.contactId, cookie)).toBe(404)
  }
  // Bulk actions refuse them like another speaker's ids.
  const res = (await call(
    listAction,
    makeRequest('/app/leads', { cookie, form: { intent: 'status', status: 'won', ids: withheld.map((c) => c.contactId) } }),
  )) as Response
  expect(res.status).toBe(404)
  const statuses = await getDb().select({ status: contacts.status }).from(contacts).where(eq(contacts.ownerId, owner.id))
  expect(statuses.every((s) => s.status === 'new')).toBe(true)
  return { page, list }
}

/** The lead.created job of a capture, dispatched: the `visible` every subscriber (webhooks, CRM) sees. */
async function dispatchedVisible(leadId: string) {
  const job = (await getDb().select().from(jobs).where(eq(jobs.kind, 'lead.event'))).find(
    (j) => (j.payload as LeadEventPayload).leadId === leadId && (j.payload as LeadEventPayload).event === 'lead.created',
  )!
  return (await dispatchLeadEvent(job.payload as LeadEventPayload, job.id)).visible
}

describe('deleting the visible leads of a free session reveals no locked one', () => {
  it('speaker deletes the three visible: none visible, two locked, on every read path', async () => {
    const owner = await createOwner(undefined, { plan: 'free', leadNotify: 'daily' })
    const cookie = await sessionCookie(owner.id)
    const { session, captures } = await fiveCaptures(owner.id)
    const before = await sessionPage(session.id, cookie)
    expect(before.leads.map((l) => l.firstName)).toEqual(['One', 'Two', 'Three'])

    // The workspace's bulk delete (the no-JS confirmation posts the ids comma-joined).
    const ids = captures.slice(0, 3).map((c) => c.contactId)
    const res = (await call(
      listAction,
      makeRequest('/app/leads', { cookie, form: { intent: 'delete', ids: ids.join(','), confirmed: '1' } }),
    )) as Response
    expect(res.status).toBe(302)
    expect(await getDb().select().from(leads).where(eq(leads.sessionId, session.id))).toHaveLength(2)

    const { page, list } = await expectWithheld(owner, cookie, session, captures.slice(3))
    expect(page).toMatchObject({ leads: [], total: 2, locked: 2 })
    expect(list.total).toBe(0)
    expect(list.locked.sessions).toEqual([expect.objectContaining({ id: session.id, total: 2, locked: 2 })])

    // The webhook and CRM fan-out hears of them as locked.
    for (const capture of captures.slice(3)) expect(await dispatchedVisible(capture.id)).toBe(false)

    // The digest counts them and shows none of their details.
    expect(await runLeadDigests()).toBe(1)
    const [digest] = await outboxTo(owner.email)
    expect(digest!.subject).toBe('2 new leads in your daily digest')
    expect(digest!.text).toContain('2 new leads are locked')
    for (const capture of captures.slice(3)) {
      for (const part of [digest!.text, digest!.html]) {
        expect(part).not.toContain(capture.email)
        expect(part).not.toContain(capture.firstName)
      }
    }
  })

  it('attendees erasing the three visible through their links: none visible, two locked', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const cookie = await sessionCookie(owner.id)
    const { session, captures } = await fiveCaptures(owner.id)
    for (const capture of captures.slice(0, 3)) {
      const [mail] = await outboxTo(capture.email)
      const [, code, token] = /\/t\/([^/]+)\/erase\/([A-Za-z0-9_-]{43})/.exec(mail!.text)!
      const res = (await call(eraseAction, makeRequest(`/t/${code}/erase/${token}`, { form: {} }), {
        code: code!,
        token: token!,
      })) as Response
      expect(res.status).toBeLessThan(400)
    }
    const erasures = await getDb().select().from(leadErasures).where(eq(leadErasures.sessionId, session.id))
    expect(erasures.map((e) => e.requestedBy)).toEqual(['attendee', 'attendee', 'attendee'])

    const { page, list } = await expectWithheld(owner, cookie, session, captures.slice(3))
    expect(page).toMatchObject({ leads: [], total: 2, locked: 2 })
    expect(list.total).toBe(0)
  })

  it('retention deleting the three oldest: none visible, two locked', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    await getDb().update(workspaces).set({ retentionMonths: 6 }).where(eq(workspaces.id, owner.id))
    const cookie = await sessionCookie(owner.id)
    const { session, captures } = await fiveCaptures(owner.id)
    const old = captures.slice(0, 3)
    for (const [i, capture] of old.entries())
      await getDb()
        .update(leads)
        .set({ createdAt: new Date(Date.UTC(2024, 0, 1 + i)) })
        .where(eq(leads.id, capture.id))

    expect(await runRetention({ now: new Date() })).toMatchObject({ erased: 3 })
    const erasures = await getDb().select().from(leadErasures).where(eq(leadErasures.sessionId, session.id))
    // Each erasure keeps the erased capture's time (its place in the order), not when it was erased.
    expect(erasures.map((e) => e.capturedAt?.toISOString()).sort()).toEqual(
      old.map((_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString()),
    )

    const { page } = await expectWithheld(owner, cookie, session, captures.slice(3))
    expect(page).toMatchObject({ leads: [], total: 2, locked: 2 })
  })

  it('deleting a locked capture reveals nothing and hides nothing', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const cookie = await sessionCookie(owner.id)
    const { session, captures } = await fiveCaptures(owner.id)
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: [captures[3]!.id] }, 'speaker', owner.id))
    const page = await sessionPage(session.id, cookie)
    expect(page.leads.map((l) => l.firstName)).toEqual(['One', 'Two', 'Three'])
    expect(page).toMatchObject({ total: 4, locked: 1 })

    // Deleting the second leaves the first and third visible: places, not a shifting window.
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: [captures[1]!.id] }, 'speaker', owner.id))
    const after = await sessionPage(session.id, cookie)
    expect(after.leads.map((l) => l.firstName)).toEqual(['One', 'Three'])
    expect(after).toMatchObject({ total: 3, locked: 1 })
    expect(JSON.stringify(after)).not.toContain(captures[4]!.email)
  })

  it('an erasure recorded without its capture time (before migration 0021) takes no place', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const cookie = await sessionCookie(owner.id)
    const { session } = await createLiveSession(owner.id)
    await getDb()
      .insert(leadErasures)
      .values(
        [1, 2, 3].map((i) => ({
          leadId: `00000000-0000-4000-8000-00000000000${i}`,
          sessionId: session.id,
          ownerId: owner.id,
          emailHash: `legacy-${i}`,
          requestedBy: 'speaker',
        })),
      )
    for (const name of NAMES.slice(0, 4)) await signUp(session, { first_name: name })
    const page = await sessionPage(session.id, cookie)
    expect(page.leads.map((l) => l.firstName)).toEqual(['One', 'Two', 'Three'])
    expect(page).toMatchObject({ total: 4, locked: 1 })
  })

  it('an unlocked session and a paid plan still show every remaining lead', async () => {
    const free = await createOwner(undefined, { plan: 'free' })
    const freeCookie = await sessionCookie(free.id)
    const { session, captures } = await fiveCaptures(free.id)
    await getDb().transaction((tx) =>
      eraseCaptures(tx, { ownerId: free.id, leadIds: captures.slice(0, 3).map((c) => c.id) }, 'speaker', free.id),
    )
    expect(await sessionPage(session.id, freeCookie)).toMatchObject({ leads: [], locked: 2 })
    await getDb().update(talkSessions).set({ unlocked: true }).where(eq(talkSessions.id, session.id))
    const unlocked = await sessionPage(session.id, freeCookie)
    expect(unlocked.leads.map((l) => l.firstName)).toEqual(['Four', 'Five'])
    expect(unlocked).toMatchObject({ total: 2, locked: 0 })
    expect((await peopleList(freeCookie)).total).toBe(2)
    for (const capture of captures.slice(3)) expect(await dispatchedVisible(capture.id)).toBe(true)

    const pro = await createOwner(undefined, { plan: 'pro' })
    const proCookie = await sessionCookie(pro.id)
    const paid = await fiveCaptures(pro.id)
    await getDb().transaction((tx) =>
      eraseCaptures(tx, { ownerId: pro.id, leadIds: paid.captures.slice(0, 3).map((c) => c.id) }, 'speaker', pro.id),
    )
    const page = await sessionPage(paid.session.id, proCookie)
    expect(page.leads.map((l) => l.firstName)).toEqual(['Four', 'Five'])
    expect(page).toMatchObject({ total: 2, locked: 0 })
    expect((await peopleList(proCookie)).total).toBe(2)
  })
})

describe('a capture made after deletions', () => {
  it('is locked when three or more captures, live or erased, came before it', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const cookie = await sessionCookie(owner.id)
    const { session } = await createLiveSession(owner.id)
    for (const name of ['One', 'Two', 'Three']) await signUp(session, { first_name: name })
    const first = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    await getDb().transaction((tx) =>
      eraseCaptures(tx, { ownerId: owner.id, leadIds: first.map((c) => c.id) }, 'speaker', owner.id),
    )

    await signUp(session, { first_name: 'Late', email: 'late@locked.example', company: 'Secret Co' })
    const [late] = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    const page = await sessionPage(session.id, cookie)
    expect(page).toMatchObject({ leads: [], total: 1, locked: 1 })
    expect(JSON.stringify(page)).not.toContain('late@locked.example')
    expect(await dispatchedVisible(late!.id)).toBe(false)
    // The instant notification announces it without any detail.
    const mail = (await outboxTo(owner.email)).find((m) => m.subject.endsWith('(locked)'))!
    expect(mail).toBeDefined()
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('Late')
      expect(part).not.toContain('late@locked.example')
      expect(part).not.toContain('Secret Co')
    }
  })

  it('is visible when fewer than three came before it, counting the erased ones', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const cookie = await sessionCookie(owner.id)
    const { session } = await createLiveSession(owner.id)
    for (const name of ['One', 'Two']) await signUp(session, { first_name: name })
    const [one] = await getDb()
      .select()
      .from(leads)
      .where(and(eq(leads.sessionId, session.id), eq(leads.firstName, 'One')))
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: [one!.id] }, 'speaker', owner.id))

    await signUp(session, { first_name: 'Third' })
    await signUp(session, { first_name: 'Fourth', email: 'fourth@locked.example' })
    const page = await sessionPage(session.id, cookie)
    expect(page.leads.map((l) => l.firstName)).toEqual(['Two', 'Third'])
    expect(page).toMatchObject({ total: 3, locked: 1 })
    const subjects = (await outboxTo(owner.email)).map((m) => m.subject)
    expect(subjects.filter((s) => s.endsWith('(locked)'))).toHaveLength(1)
    expect(subjects.filter((s) => s.startsWith('New lead: Third'))).toHaveLength(1)
  })
})
