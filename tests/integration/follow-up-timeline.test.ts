import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { followUpRecipients } from '~/db/schema/follow-ups'
import { leads } from '~/db/schema/leads'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { recordClick, unsubscribeByToken } from '~/models/follow-up-links.server'
import { sendFollowUpNow } from '~/models/follow-up-sending.server'
import { eraseCaptures } from '~/models/lead-events.server'
import { followUpToken } from '~/platform/follow-up-tokens.server'
import { loader as followUpLoader } from '~/routes/app.follow-ups.$id'
import { loader as personLoader } from '~/routes/app.leads_.$id/route'
import type { PersonView } from '~/routes/app.leads_.$id/view.server'
import { createBatchTransport, senderFrom } from '~/services/follow-up-send.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { drainUntilFinished, sendingFixture } from './follow-up-utils'
import { createLiveSession, createOwner, signUp } from './lead-capture-utils'
import { call, makeRequest, sessionCookie, signedInAs } from './utils'

// Issue 32 Deliver 5: the person's timeline lists each follow-up they were a recipient of with its
// fate in words, linking to the follow-up only for a viewer whose follow-up pages open it; an erased
// person leaves nothing on anyone's timeline.

let worker: JobWorker | undefined
afterEach(async () => {
  await worker?.stop()
  worker = undefined
})

type Entry = PersonView['timeline'][number]
const followUpEntries = (view: PersonView) =>
  view.timeline.filter((e): e is Extract<Entry, { kind: 'follow-up' }> => e.kind === 'follow-up')

async function sentToTwo() {
  const fx = await sendingFixture(2)
  expect(await sendFollowUpNow(fx.scope, fx.followUp.id, fx.actor, (f) => senderFrom(f))).toBe('started')
  worker = new JobWorker({ registry: createJobRegistry({ batchTransport: createBatchTransport() }), pollMs: 50 })
  await drainUntilFinished(worker, fx.followUp.id)
  const rows = await getDb()
    .select()
    .from(followUpRecipients)
    .where(eq(followUpRecipients.followUpId, fx.followUp.id))
    .orderBy(followUpRecipients.email)
  return { ...fx, rows }
}

const personPage = async (cookie: string, id: string, search = '') =>
  (await call(personLoader, makeRequest(`/app/leads/${id}${search}`, { cookie }), { id })) as PersonView

describe('the person’s timeline and the follow-ups they received', () => {
  it('says what became of each, and links it for the owner who opens it', async () => {
    const fx = await sentToTwo()
    const [clicker, quiet] = fx.rows
    const token = followUpToken(clicker!.id)
    expect(await recordClick(token, 0)).not.toBeNull()
    expect(await unsubscribeByToken(token)).toMatchObject({ unsubscribed: true })
    const cookie = await sessionCookie(fx.owner.id)

    const view = await personPage(cookie, clicker!.contactId)
    const [entry] = followUpEntries(view)
    expect(followUpEntries(view)).toHaveLength(1)
    const [after] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.id, clicker!.id))
    const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    expect(entry).toMatchObject({
      title: 'Follow-up email: “The slides, as promised”',
      detail: `Sent ${utc(after!.sentAt!)} · clicked ${utc(after!.clickedAt!)} (first click) · unsubscribed through it`,
      href: `/app/follow-ups/${fx.followUp.id}`,
      at: after!.sentAt!.toISOString(),
    })
    // The unsubscribe's own ledger entry stands beside it.
    expect(view.timeline.map((e) => ('title' in e ? e.title : null))).toContain(
      'Consent withdrawn: unsubscribed from a follow-up',
    )
    // The link leads to a page that opens.
    const opened = (await call(followUpLoader, makeRequest(entry!.href!, { cookie }), { id: fx.followUp.id })) as {
      followUp: { id: string }
    }
    expect(opened.followUp.id).toBe(fx.followUp.id)

    const other = followUpEntries(await personPage(cookie, quiet!.contactId))
    expect(other).toEqual([expect.objectContaining({ detail: `Sent ${utc(quiet!.sentAt!)}` })])
  })

  it('lists it without a link for a member whose follow-up pages do not open it', async () => {
    const fx = await sentToTwo()
    const person = fx.rows[0]!
    const member = await signedInAs(`member-${randomBytes(4).toString('hex')}@example.com`)
    await getDb().insert(workspaceMembers).values({ workspaceId: fx.owner.id, userId: member.user.id, role: 'member' })
    // The member runs a session where the same person signed up too, so they see the person.
    const { session } = await createLiveSession(fx.owner.id, { userId: member.user.id })
    await getDb()
      .insert(leads)
      .values({
        sessionId: session.id,
        ownerId: fx.owner.id,
        contactId: person.contactId,
        email: person.email!,
        firstName: 'Person',
        eraseTokenHash: randomBytes(16).toString('hex'),
      })

    const inA = `?workspace=${fx.owner.id}`
    const [entry] = followUpEntries(await personPage(member.cookie, person.contactId, inA))
    expect(entry).toMatchObject({ title: 'Follow-up email: “The slides, as promised”', href: null })
    expect(entry!.detail).toMatch(/^Sent \d{4}-\d\d-\d\d \d\d:\d\d UTC$/)
    // The owner wrote it: the member's follow-up page answers 404, so the timeline does not link it.
    const page = (cookie: string) =>
      call(followUpLoader, makeRequest(`/app/follow-ups/${fx.followUp.id}${inA}`, { cookie }), { id: fx.followUp.id }).catch(
        (e: unknown) => e,
      )
    expect((await page(member.cookie)) as Response).toHaveProperty('status', 404)

    // With "Members see every lead" on, the member's follow-up pages open it: the timeline links it.
    await getDb().update(workspaces).set({ membersSeeAllLeads: true }).where(eq(workspaces.id, fx.owner.id))
    const [linked] = followUpEntries(await personPage(member.cookie, person.contactId, inA))
    expect(linked).toMatchObject({ href: `/app/follow-ups/${fx.followUp.id}` })
    expect(await page(member.cookie)).toMatchObject({ followUp: { id: fx.followUp.id } })
  })

  it('keeps nothing of an erased person: their row loses the address, and a new sign-up starts a clean timeline', async () => {
    const fx = await sentToTwo()
    const person = fx.rows[0]!
    const db = getDb()
    const captures = await db.select({ id: leads.id }).from(leads).where(eq(leads.contactId, person.contactId))
    await db.transaction((tx) => eraseCaptures(tx, { ownerId: fx.owner.id, leadIds: captures.map((c) => c.id) }, 'attendee'))
    const cookie = await sessionCookie(fx.owner.id)
    const gone = await call(personLoader, makeRequest(`/app/leads/${person.contactId}`, { cookie }), {
      id: person.contactId,
    }).catch((e: unknown) => e)
    expect((gone as Response).status).toBe(404)
    const [row] = await db.select().from(followUpRecipients).where(eq(followUpRecipients.id, person.id))
    expect(row).toMatchObject({ email: null, firstName: null })

    // The same address signs up again: a new person, whose timeline holds no follow-up of the erased one.
    await signUp(fx.session, { email: person.email! })
    const [again] = await db
      .select({ contactId: leads.contactId })
      .from(leads)
      .where(sql`${leads.ownerId} = ${fx.owner.id} and lower(${leads.email}) = lower(${person.email!})`)
    expect(again!.contactId).not.toBe(person.contactId)
    expect(followUpEntries(await personPage(cookie, again!.contactId))).toEqual([])
  })

  it('never shows another workspace’s follow-up to the same address', async () => {
    const fx = await sentToTwo()
    const person = fx.rows[0]!
    const other = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(other.id)
    await signUp(session, { email: person.email! })
    const [theirs] = await getDb()
      .select({ contactId: leads.contactId })
      .from(leads)
      .where(sql`${leads.ownerId} = ${other.id}`)
    expect(followUpEntries(await personPage(await sessionCookie(other.id), theirs!.contactId))).toEqual([])
  })
})
