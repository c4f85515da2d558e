import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { bookingLeads } from '~/db/schema/feedback'
import { crmConnections, crmSyncs } from '~/db/schema/integrations'
import { leadEvents } from '~/db/schema/people'
import { getPublicSession } from '~/models/lead-capture.server'
import { eraseCaptures } from '~/models/lead-events.server'
import { submitLead } from '~/models/lead-submit.server'
import { action as integrationsAction } from '~/routes/app.settings_.integrations/route'
import { requeueCrmSync } from '~/services/crm-sync.server'
import { JobWorker } from '~/services/jobs.server'
import { DEALS_WRITE, READ, startFakeHubSpot, WRITE, type FakeHubSpot } from '../fakes/hubspot'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// Booking leads as HubSpot deals (issue 33 Deliver 3) against the local fake of HubSpot's CRM v3 API:
// a booking lead makes one deal associated with the person's contact — once, however often the person
// is pushed again — its id stored on the booking lead; a token without the deals scope still sends the
// contact and says why the deal is missing; erasing the capture archives its deal.

let fake: FakeHubSpot
beforeAll(async () => {
  fake = await startFakeHubSpot()
  resetConfig({ ...getConfig(), HUBSPOT_API_BASE_URL: fake.url })
})
afterAll(async () => {
  await fake.close()
})
beforeEach(() => fake.reset())

let worker: JobWorker | undefined
afterEach(async () => {
  await worker?.stop()
  worker = undefined
})
async function runJobs() {
  worker ??= new JobWorker({ baseDelayMs: 0, maxDelayMs: 0 })
  await worker.drain()
}

async function connectedOwner(scopes = [READ, WRITE, DEALS_WRITE]) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const secret = `pat-na1-${randomUUID()}`
  fake.addToken(secret, scopes)
  const cookie = await sessionCookie(owner.id)
  const res = (await call(
    integrationsAction,
    makeRequest('/app/settings/integrations', { cookie, form: { intent: 'connect', token: secret } }),
  )) as Response
  expect(res.status).toBe(302)
  const { session } = await createLiveSession(owner.id, { eventName: 'DevConf 2026' })
  return { owner, session, secret }
}

const BOOKING = { organisation: 'Acme Events', role: 'Programme lead', timing: 'Next spring' }

async function submit(code: string, email: string, booking: typeof BOOKING | null) {
  const made = await submitLead({
    session: (await getPublicSession(code))!,
    submissionId: randomUUID(),
    input: {
      firstName: 'Bea',
      email,
      company: 'Acme',
      jobTitle: null,
      phone: null,
      linkedinUrl: null,
      answers: {},
      marketingConsent: false,
      shareWithSpeaker: false,
    },
    noticeText: 'Notice',
    marketingText: null,
    booking,
  })
  return made!
}

const bookingOf = async (leadId: string) => (await getDb().select().from(bookingLeads).where(eq(bookingLeads.leadId, leadId)))[0]
const dealCalls = () => fake.requests.filter((r) => r.path === '/crm/v3/objects/deals' && r.method === 'POST')

describe('booking leads as HubSpot deals', () => {
  it('makes one deal per booking lead, associated with the contact, and never a second one', async () => {
    const { owner, session } = await connectedOwner()
    const email = attendeeEmail()
    const made = await submit(session.code, email, BOOKING)
    await runJobs()

    const contact = fake.byEmail(email)!
    expect(contact).toBeDefined()
    expect([...fake.deals.values()]).toEqual([
      {
        id: expect.any(String),
        contactIds: [contact.id],
        createdAt: expect.any(String),
        properties: {
          dealname: 'Booking: Acme Events',
          pipeline: 'default',
          dealstage: 'appointmentscheduled',
          description:
            'Asked at Engines of Tomorrow · DevConf 2026 (Lectern booking lead). Role: Programme lead. When: Next spring.',
        },
      },
    ])
    const [deal] = [...fake.deals.values()]
    expect((await bookingOf(made.leadId))!.hubspotDealId).toBe(deal!.id)
    const timeline = await getDb()
      .select({ data: leadEvents.data })
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, made.contactId), eq(leadEvents.type, 'crm')))
    expect(timeline.map((t) => t.data)).toContainEqual({ provider: 'hubspot', outcome: 'deal created', externalId: deal!.id })

    // Asking again at the same session updates the one booking lead: the contact is pushed again, no new deal.
    await submit(session.code, email, { ...BOOKING, timing: 'October' })
    await runJobs()
    expect(fake.updates(email).length).toBeGreaterThanOrEqual(1)
    expect(dealCalls()).toHaveLength(1)
    // "Send again" from Settings: still one.
    expect(await requeueCrmSync(owner.id, made.contactId)).toBe('queued')
    await runJobs()
    expect(dealCalls()).toHaveLength(1)

    // A booking at another session is another booking lead: a second deal on the same contact.
    const { session: second } = await createLiveSession(owner.id, { eventName: 'JSConf 2027' })
    await submit(second.code, email, { ...BOOKING, organisation: 'Beta Summit' })
    await runJobs()
    expect([...fake.deals.values()].map((d) => [d.properties.dealname, d.contactIds])).toEqual([
      ['Booking: Acme Events', [contact.id]],
      ['Booking: Beta Summit', [contact.id]],
    ])
    // A person who asked for no booking makes no deal.
    await submit(session.code, attendeeEmail(), null)
    await runJobs()
    expect(fake.deals.size).toBe(2)
  })

  it('without the deals scope the contact is still sent and the missing scope is shown; with it, Send again makes the deal', async () => {
    const { owner, session, secret } = await connectedOwner([READ, WRITE])
    const email = attendeeEmail()
    const made = await submit(session.code, email, BOOKING)
    await runJobs()
    expect(fake.byEmail(email)).toBeDefined()
    expect(fake.deals.size).toBe(0)
    const [sync] = await getDb().select().from(crmSyncs).where(eq(crmSyncs.contactId, made.contactId))
    expect(sync).toMatchObject({ state: 'synced' })
    const [connection] = await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))
    expect(connection!.lastError).toContain(DEALS_WRITE)
    // Released, so a later push can make it.
    expect(await bookingOf(made.leadId)).toMatchObject({ hubspotDealId: null, hubspotDealClaimedAt: null })

    fake.addToken(secret, [READ, WRITE, DEALS_WRITE])
    expect(await requeueCrmSync(owner.id, made.contactId)).toBe('queued')
    await runJobs()
    expect(fake.deals.size).toBe(1)
    expect((await bookingOf(made.leadId))!.hubspotDealId).toBe([...fake.deals.keys()][0])
  })

  it('retries a deal HubSpot failed to make (5xx) without a second contact or deal', async () => {
    const { session } = await connectedOwner()
    const email = attendeeEmail()
    await submit(session.code, email, BOOKING)
    // The contact upsert passes; the deal call fails once, and the job's retry makes it.
    fake.failNext(1, 503, '/crm/v3/objects/deals')
    await runJobs()
    expect(fake.creates(email)).toHaveLength(1)
    expect(dealCalls().map((r) => r.status)).toEqual([503, 201])
    expect(fake.deals.size).toBe(1)
  })

  it('erasing the capture archives its deal in HubSpot', async () => {
    const { owner, session } = await connectedOwner()
    const email = attendeeEmail()
    const made = await submit(session.code, email, BOOKING)
    await runJobs()
    expect(fake.deals.size).toBe(1)
    const dealId = [...fake.deals.keys()][0]!

    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: [made.leadId] }, 'speaker'))
    await runJobs()
    expect(fake.deals.size).toBe(0)
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === `/crm/v3/objects/deals/${dealId}` && r.status === 204),
    ).toBe(true)
    // Their last capture: the contact goes too, as before.
    expect(fake.byEmail(email)).toBeUndefined()
  })
})
