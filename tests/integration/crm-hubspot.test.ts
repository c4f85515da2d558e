import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { crmConnections, crmSyncs } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import { workspaces } from '~/db/schema/workspaces'
import { CRM_NOT_IN_PLAN, crmNotInPlanMessage } from '~/lib/plans'
import { crmSyncStatus } from '~/models/crm.server'
import { recordLeadEvent } from '~/models/lead-events.server'
import { encryptSecret } from '~/platform/secrets.server'
import { loader as personLoader } from '~/routes/app.leads_.$id/route'
import { action as integrationsAction, loader as integrationsLoader } from '~/routes/app.settings_.integrations/route'
import { action as eraseAction } from '~/routes/t.$code_.erase.$token'
import { CRM_BACKFILL_PAGE, NOT_REMOVED_SCOPE } from '~/services/crm-sync.server'
import { JobWorker } from '~/services/jobs.server'
import { READ, startFakeHubSpot, type FakeHubSpot } from '../fakes/hubspot'
import { seedViewsAndLeads } from './app-utils'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, signUp } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// HubSpot (issue 10 Deliver 7, 9 and 10) against a local fake of its contacts API: connect with a
// verified token stored encrypted, exactly one create per person and updates after, the plan gate,
// retries, a refused token surfaced in Settings, erasure archiving the contact, and 404 for ids
// that are not the speaker's.

let fake: FakeHubSpot
const PATH = '/app/settings/integrations'
const token = () => `pat-na1-${randomUUID()}`

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
/** Runs every due job, retries included (no backoff in tests). */
async function runJobs() {
  worker ??= new JobWorker({ baseDelayMs: 0, maxDelayMs: 0 })
  await worker.drain()
}

async function connect(ownerId: string, value: string) {
  const cookie = await sessionCookie(ownerId)
  return (await call(integrationsAction, makeRequest(PATH, { cookie, form: { intent: 'connect', token: value } }))) as Response
}

async function connectedOwner(plan: 'free' | 'pro' = 'pro') {
  const owner = await createOwner(undefined, { plan })
  const secret = token()
  fake.addToken(secret)
  expect((await connect(owner.id, secret)).status).toBe(302)
  const { session } = await createLiveSession(owner.id)
  return { owner, secret, session }
}

const personOf = async (ownerId: string, email: string) =>
  (
    await getDb()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  )[0]!

const syncOf = async (contactId: string) => (await getDb().select().from(crmSyncs).where(eq(crmSyncs.contactId, contactId)))[0]

describe('connecting HubSpot', () => {
  it('verifies the token with HubSpot, then stores it encrypted with a hint', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const secret = token()
    fake.addToken(secret)
    const res = await connect(owner.id, secret)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(PATH)
    expect(fake.requests.map((r) => [r.method, r.path, r.token])).toEqual([['GET', '/crm/v3/objects/contacts', secret]])

    const [row] = await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))
    expect(row!.tokenHint).toBe(secret.slice(-4))
    expect(row!.tokenCiphertext).toMatch(/^v1\./)
    // The plaintext appears nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(JSON.stringify(row)).not.toContain(secret.slice(8))
    expect(row!.fieldMap).toMatchObject({ firstName: 'firstname', company: 'company', jobTitle: 'jobtitle', phone: 'phone' })
  })

  it.each([
    ['an unknown token', () => token(), [], /HubSpot refused this token \(401\)/],
    [
      'a token without the read scope',
      () => token(),
      ['crm.objects.contacts.write'],
      /lacks the scope crm\.objects\.contacts\.read/,
    ],
    ['something that is not a token', () => 'hunter2', null, /starts with pat-/],
  ])('refuses %s with a message next to the field, storing nothing', async (_, make, scopes, message) => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const value = make()
    if (scopes?.length) fake.addToken(value, scopes)
    const res = (await connect(owner.id, value)) as unknown as {
      init: { status: number }
      data: { result: { error: Record<string, string[]>; initialValue?: Record<string, unknown> } }
    }
    expect(res.init.status).toBe(400)
    expect(res.data.result.error.token?.[0]).toMatch(message)
    expect(JSON.stringify(res.data)).not.toContain(value)
    expect(await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))).toHaveLength(0)
    if (!scopes) expect(fake.requests).toHaveLength(0)
  })

  it.each(['free', 'solo'] as const)(
    'refuses a %s plan (no CRM integration) next to the field, asking HubSpot nothing and storing nothing',
    async (plan) => {
      const owner = await createOwner(undefined, { plan })
      const secret = token()
      fake.addToken(secret)
      const res = (await connect(owner.id, secret)) as unknown as {
        init: { status: number }
        data: { result: { error: Record<string, string[]> } }
      }
      expect(res.init.status).toBe(403)
      expect(res.data.result.error.token).toEqual([crmNotInPlanMessage(plan)])
      expect(res.data.result.error.token![0]).toMatch(/included in the Professional, Teams and Event Organiser plans/)
      expect(JSON.stringify(res.data)).not.toContain(secret)
      expect(fake.requests).toHaveLength(0)
      expect(await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))).toHaveLength(0)

      // The page says so instead of the connect form.
      const cookie = await sessionCookie(owner.id)
      const page = (await call(integrationsLoader, makeRequest(PATH, { cookie }))) as Awaited<
        ReturnType<typeof integrationsLoader>
      >
      expect(page).toMatchObject({ notInPlan: crmNotInPlanMessage(plan), hubspot: null })
      // Nor can the other actions be posted by hand.
      const backfill = (await call(integrationsAction, makeRequest(PATH, { cookie, form: { intent: 'backfill' } }))) as Response
      expect(backfill.status).toBe(302)
      expect(await getDb().select().from(jobs).where(eq(jobs.kind, 'crm.backfill'))).not.toContainEqual(
        expect.objectContaining({ payload: expect.objectContaining({ ownerId: owner.id }) }),
      )
      const mapping = (await call(
        integrationsAction,
        makeRequest(PATH, { cookie, form: { intent: 'mapping', firstName: 'firstname' } }),
      )) as unknown as { init: { status: number } }
      expect(mapping.init.status).toBe(403)
    },
  )

  it('validates the field mapping as HubSpot internal names', async () => {
    const { owner } = await connectedOwner()
    const cookie = await sessionCookie(owner.id)
    const post = (form: Record<string, string>) =>
      call(integrationsAction, makeRequest(PATH, { cookie, form: { intent: 'mapping', ...form } })) as Promise<unknown>
    const bad = (await post({ firstName: 'First Name', company: 'company', jobTitle: 'company' })) as {
      init: { status: number }
      data: { result: { error: Record<string, string[]> } }
    }
    expect(bad.init.status).toBe(400)
    expect(bad.data.result.error.firstName?.[0]).toMatch(/internal name/)
    expect(bad.data.result.error.jobTitle).toEqual(['company already receives Company'])

    const good = (await post({
      firstName: 'firstname',
      status: 'lectern_status',
      'answers[0].label': 'Your role',
      'answers[0].property': 'lectern_role',
    })) as Response
    expect(good.status).toBe(302)
    const [row] = await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))
    expect(row!.fieldMap).toEqual({ firstName: 'firstname', status: 'lectern_status', 'answer:Your role': 'lectern_role' })
  })
})

describe('pushing people', () => {
  it('creates the contact once, then updates it on a resubmission and a status change', async () => {
    const { owner, secret, session } = await connectedOwner()
    fake.addProperties('lectern_status', 'lectern_role')
    const cookie = await sessionCookie(owner.id)
    await call(
      integrationsAction,
      makeRequest(PATH, {
        cookie,
        form: {
          intent: 'mapping',
          firstName: 'firstname',
          company: 'company',
          status: 'lectern_status',
          'answers[0].label': 'Your role',
          'answers[0].property': 'lectern_role',
        },
      }),
    )
    const email = attendeeEmail()
    await signUp(session, { email, first_name: 'Grace', company: 'Navy' })
    const person = await personOf(owner.id, email)
    await runJobs()

    expect(fake.creates(email)).toHaveLength(1)
    expect(fake.creates(email)[0]!.token).toBe(secret)
    const created = fake.byEmail(email)!
    expect(created.properties).toEqual({
      email,
      firstname: 'Grace',
      company: 'Navy',
      lectern_status: 'new',
      lectern_role: 'Engineering',
    })
    expect(await syncOf(person.id)).toMatchObject({ state: 'synced', externalId: created.id, lastError: null })
    const timeline = await getDb()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, person.id), eq(leadEvents.type, 'crm')))
    expect(timeline.map((e) => e.data)).toEqual([{ provider: 'hubspot', outcome: 'created', externalId: created.id }])
    expect((await crmSyncStatus(owner.id, person.id)).map((s) => `${s.provider}: ${s.text}`)).toEqual([
      'hubspot: synced just now',
    ])
    const detail = (await call(personLoader, makeRequest(`/app/leads/${person.id}`, { cookie }), { id: person.id })) as {
      crm: unknown
    }
    expect(detail.crm).toEqual([{ provider: 'hubspot', state: 'synced', text: 'synced just now' }])

    // The attendee submits again with another company; then the speaker moves them on.
    await signUp(session, { email, company: 'US Navy' })
    await runJobs()
    await getDb().transaction(async (tx) => {
      await tx.update(contacts).set({ status: 'meeting' }).where(eq(contacts.id, person.id))
      await recordLeadEvent(tx, {
        ownerId: owner.id,
        contactId: person.id,
        type: 'status',
        data: { to: 'meeting' },
        notify: 'lead.updated',
      })
    })
    await runJobs()

    expect(fake.creates(email)).toHaveLength(1)
    expect(fake.updates(email)).toHaveLength(2)
    expect(fake.contacts.size).toBe(1)
    expect(fake.byEmail(email)!.properties).toMatchObject({ company: 'US Navy', lectern_status: 'meeting' })
  })

  it('after a downgrade to a plan without CRM integration, a capture sends nothing and says why, once', async () => {
    const { owner, session } = await connectedOwner('pro')
    await getDb().update(workspaces).set({ plan: 'free' }).where(eq(workspaces.id, owner.id))
    fake.reset()
    const emails = [attendeeEmail(), attendeeEmail(), attendeeEmail(), attendeeEmail()]
    for (const email of emails) await signUp(session, { email })
    await runJobs()
    expect(emails.map((e) => fake.creates(e).length)).toEqual([0, 0, 0, 0])
    expect(fake.requests).toHaveLength(0)
    // The three the free plan shows: recorded as not sent, with the reason, after one attempt each.
    for (const email of emails.slice(0, 3)) {
      expect(await syncOf((await personOf(owner.id, email)).id)).toMatchObject({ state: 'failed', lastError: CRM_NOT_IN_PLAN })
    }
    const pushes = (await getDb().select().from(jobs).where(eq(jobs.kind, 'crm.sync'))).filter(
      (j) => (j.payload as { ownerId: string }).ownerId === owner.id,
    )
    expect(pushes.map((j) => [j.status, j.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ])
    // The capture the plan withholds is not even queued.
    const fourth = await personOf(owner.id, emails[3]!)
    expect(await syncOf(fourth.id)).toBeUndefined()
    expect(JSON.stringify(fake.requests)).not.toContain(emails[3])

    // The connection stays listed with Disconnect; the page says why nothing is sent; "Send again" is refused.
    const cookie = await sessionCookie(owner.id)
    const page = (await call(integrationsLoader, makeRequest(PATH, { cookie }))) as Awaited<ReturnType<typeof integrationsLoader>>
    expect(page.notInPlan).toBe(crmNotInPlanMessage('free'))
    expect(page.hubspot).not.toBeNull()
    const first = await personOf(owner.id, emails[0]!)
    const again = (await call(
      integrationsAction,
      makeRequest(PATH, { cookie, form: { intent: 'resync', contactId: first.id } }),
    )) as Response
    expect(again.status).toBe(302)
    expect(await syncOf(first.id)).toMatchObject({ state: 'failed', lastError: CRM_NOT_IN_PLAN })
    const disconnect = (await call(
      integrationsAction,
      makeRequest(PATH, { cookie, form: { intent: 'disconnect', confirmed: '1' } }),
    )) as Response
    expect(disconnect.status).toBe(302)
    expect(await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))).toHaveLength(0)
  })

  it('after a downgrade, sends nothing more about a person the plan now locks and hides their sync', async () => {
    const { owner, session } = await connectedOwner('pro')
    const emails = [attendeeEmail(), attendeeEmail(), attendeeEmail(), attendeeEmail()]
    for (const email of emails) await signUp(session, { email })
    await runJobs()
    expect(emails.map((e) => fake.creates(e).length)).toEqual([1, 1, 1, 1])

    await getDb().update(workspaces).set({ plan: 'free' }).where(eq(workspaces.id, owner.id))
    const fourth = await personOf(owner.id, emails[3]!)
    await getDb().transaction(async (tx) => {
      await recordLeadEvent(tx, { ownerId: owner.id, contactId: fourth.id, type: 'status', notify: 'lead.updated' })
    })
    await runJobs()
    expect(fake.updates(emails[3]!)).toHaveLength(0)
    expect(await syncOf(fourth.id)).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/plan locks/) })
    const cookie = await sessionCookie(owner.id)
    const page = (await call(integrationsLoader, makeRequest(PATH, { cookie }))) as Awaited<ReturnType<typeof integrationsLoader>>
    expect(page.syncs.map((s) => s.email).sort()).toEqual(emails.slice(0, 3).sort())
  })

  it('sends nothing when HubSpot is not connected, and nothing after a disconnect', async () => {
    const { owner, session } = await connectedOwner()
    const cookie = await sessionCookie(owner.id)
    const first = (await call(integrationsAction, makeRequest(PATH, { cookie, form: { intent: 'disconnect' } }))) as {
      data: { confirm?: boolean }
    }
    expect(first.data.confirm).toBe(true)
    expect(await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))).toHaveLength(1)
    const res = (await call(
      integrationsAction,
      makeRequest(PATH, { cookie, form: { intent: 'disconnect', confirmed: '1' } }),
    )) as Response
    expect(res.status).toBe(302)
    expect(await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))).toHaveLength(0)
    await signUp(session)
    await runJobs()
    expect(fake.requests.filter((r) => r.method !== 'GET')).toHaveLength(0)
  })

  it('retries 429 and 5xx answers, then syncs', async () => {
    const { owner, session } = await connectedOwner()
    fake.failNext(2, 429)
    const email = attendeeEmail()
    await signUp(session, { email })
    await runJobs()
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(2)
    expect(fake.creates(email)).toHaveLength(1)
    const person = await personOf(owner.id, email)
    expect(await syncOf(person.id)).toMatchObject({ state: 'synced', lastError: null })

    fake.failNext(1, 503)
    await signUp(session, { email, company: 'Later' })
    await runJobs()
    expect(fake.updates(email)).toHaveLength(1)
  })

  it('records a refused token (401) once, shows it in Settings, and does not retry', async () => {
    const { owner, secret, session } = await connectedOwner()
    fake.revokeToken(secret)
    const email = attendeeEmail()
    await signUp(session, { email })
    await runJobs()

    const person = await personOf(owner.id, email)
    expect(await syncOf(person.id)).toMatchObject({
      state: 'failed',
      lastError: expect.stringMatching(/refused the access token \(401\)/),
    })
    const crmJobs = (await getDb().select().from(jobs).where(eq(jobs.kind, 'crm.sync'))).filter(
      (j) => (j.payload as { contactId: string }).contactId === person.id,
    )
    expect(crmJobs.map((j) => [j.status, j.attempts])).toEqual([['done', 1]])
    expect(fake.requests.filter((r) => r.status === 401)).toHaveLength(1)

    const cookie = await sessionCookie(owner.id)
    const page = (await call(integrationsLoader, makeRequest(PATH, { cookie }))) as Awaited<ReturnType<typeof integrationsLoader>>
    expect(page.hubspot?.lastError).toMatch(/HubSpot refused the access token \(401\)/)
    expect(page.syncs).toEqual([
      expect.objectContaining({ email, state: 'failed', text: expect.stringMatching(/^failed: HubSpot refused/) }),
    ])

    // A new token clears the problem; "Send again" delivers.
    const fresh = token()
    fake.addToken(fresh)
    expect((await connect(owner.id, fresh)).status).toBe(302)
    const again = (await call(
      integrationsAction,
      makeRequest(PATH, { cookie, form: { intent: 'resync', contactId: person.id } }),
    )) as Response
    expect(again.status).toBe(302)
    await runJobs()
    expect(fake.creates(email)).toHaveLength(1)
    expect(await syncOf(person.id)).toMatchObject({ state: 'synced' })
  })

  it('says so when the stored token cannot be read (another ENCRYPTION_KEY), without calling HubSpot', async () => {
    const { owner, session } = await connectedOwner()
    await getDb()
      .update(crmConnections)
      .set({ tokenCiphertext: encryptSecret('pat-na1-x', `crm:hubspot:${owner.id}`, randomBytes(32)) })
      .where(eq(crmConnections.ownerId, owner.id))
    const email = attendeeEmail()
    await signUp(session, { email })
    const before = fake.requests.length
    await runJobs()
    expect(fake.requests.length).toBe(before)
    const person = await personOf(owner.id, email)
    expect(await syncOf(person.id)).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/cannot be read/) })
    const [row] = await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))
    expect(row!.lastError).toMatch(/ENCRYPTION_KEY is missing or was changed/)
  })

  it('records a property HubSpot does not have as the reason', async () => {
    const { owner, session } = await connectedOwner()
    const cookie = await sessionCookie(owner.id)
    await call(
      integrationsAction,
      makeRequest(PATH, { cookie, form: { intent: 'mapping', firstName: 'firstname', tags: 'lectern_tags' } }),
    )
    const email = attendeeEmail()
    await signUp(session, { email })
    const person = await personOf(owner.id, email)
    await getDb()
      .update(contacts)
      .set({ tags: ['vip'] })
      .where(eq(contacts.id, person.id))
    await runJobs()
    expect(await syncOf(person.id)).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('Property \\"lectern_tags\\" does not exist'),
    })
  })
})

describe('leads captured before connecting', () => {
  it('sends the visible people not yet in HubSpot, a page at a time, once', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id)
    const emails = [attendeeEmail(), attendeeEmail(), attendeeEmail(), attendeeEmail()]
    for (const email of emails) await signUp(session, { email })
    // Many more on an unlocked session, written directly: more than one backfill page.
    const { session: big } = await createLiveSession(owner.id, { unlocked: true })
    await seedViewsAndLeads(big.id, owner.id, { scans: 0, visits: 0, leadCount: CRM_BACKFILL_PAGE + 5 })
    await runJobs()
    expect(fake.requests).toHaveLength(0)

    const secret = token()
    fake.addToken(secret)
    expect((await connect(owner.id, secret)).status).toBe(302)
    const cookie = await sessionCookie(owner.id)
    const send = () => call(integrationsAction, makeRequest(PATH, { cookie, form: { intent: 'backfill' } })) as Promise<Response>
    expect((await send()).status).toBe(302)
    await runJobs()

    expect(emails.map((e) => fake.creates(e).length)).toEqual([1, 1, 1, 1])
    expect(fake.contacts.size).toBe(4 + CRM_BACKFILL_PAGE + 5)
    const pages = await getDb().select().from(jobs).where(eq(jobs.kind, 'crm.backfill'))
    expect(pages.filter((j) => (j.payload as { ownerId: string }).ownerId === owner.id)).toHaveLength(2)

    // Again: everyone is in HubSpot already, nothing is sent.
    const before = fake.requests.length
    await send()
    await runJobs()
    expect(fake.requests.length).toBe(before)
  })

  it('sends nothing from a backfill queued before a downgrade', async () => {
    const { owner, session } = await connectedOwner('pro')
    await getDb().update(workspaces).set({ plan: 'solo' }).where(eq(workspaces.id, owner.id))
    await signUp(session)
    await runJobs()
    fake.reset()
    // Queued while the plan still included CRM integration (as the action did), run after the downgrade.
    await getDb()
      .insert(jobs)
      // Due a second ago: Postgres' now() has microseconds, so a default run_at can fall after a claim
      // made within the same millisecond by the JavaScript clock.
      .values({
        kind: 'crm.backfill',
        payload: { provider: 'hubspot', ownerId: owner.id, after: null },
        runAt: new Date(Date.now() - 1000),
      })
    await runJobs()
    expect(fake.requests).toHaveLength(0)
    const [page] = (await getDb().select().from(jobs).where(eq(jobs.kind, 'crm.backfill'))).filter(
      (j) => (j.payload as { ownerId: string }).ownerId === owner.id,
    )
    expect(page).toMatchObject({ status: 'done', result: { queued: 0, skipped: 'not in the plan' } })
  })
})

describe('erasure', () => {
  async function syncedPerson() {
    const setup = await connectedOwner()
    const email = attendeeEmail()
    await signUp(setup.session, { email })
    await runJobs()
    const [mail] = await outboxTo(email)
    const [, code, eraseToken] = /\/t\/([^/]+)\/erase\/([A-Za-z0-9_-]{43})/.exec(mail!.text)!
    const erase = () =>
      call(eraseAction, makeRequest(`/t/${code}/erase/${eraseToken}`, { form: {} }), { code: code!, token: eraseToken! })
    return { ...setup, email, externalId: fake.byEmail(email)!.id, erase }
  }

  it('archives the HubSpot contact when the person is erased', async () => {
    const { owner, email, externalId, erase } = await syncedPerson()
    await erase()
    expect(
      await getDb()
        .select()
        .from(leads)
        .where(and(eq(leads.ownerId, owner.id), eq(leads.email, email))),
    ).toHaveLength(0)
    await runJobs()
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/crm/v3/objects/contacts/${externalId}`,
    ])
    expect(fake.byEmail(email)).toBeUndefined()
  })

  it('records "not removed" when the token lacks the scope', async () => {
    const { owner, secret, externalId, erase } = await syncedPerson()
    fake.addToken(secret, [READ])
    await erase()
    await runJobs()
    const [job] = (await getDb().select().from(jobs).where(eq(jobs.kind, 'crm.sync'))).filter(
      (j) =>
        (j.payload as { action: string; ownerId: string }).action === 'archive' &&
        (j.payload as { ownerId: string }).ownerId === owner.id,
    )
    expect(job).toMatchObject({ status: 'done', result: expect.objectContaining({ outcome: NOT_REMOVED_SCOPE, externalId }) })
    const [row] = await getDb().select().from(crmConnections).where(eq(crmConnections.ownerId, owner.id))
    expect(row!.lastError).toContain(`HubSpot contact ${externalId} (an erased person) was ${NOT_REMOVED_SCOPE}`)
    expect(fake.contacts.has(externalId)).toBe(true)
  })
})

describe('another speaker', () => {
  it('gets 404 for ids that are not theirs and sees none of their syncs', async () => {
    const { owner, session } = await connectedOwner()
    const email = attendeeEmail()
    await signUp(session, { email })
    await runJobs()
    const person = await personOf(owner.id, email)

    const other = await createOwner(undefined, { plan: 'pro' })
    fake.addToken('pat-na1-other')
    await connect(other.id, 'pat-na1-other')
    const cookie = await sessionCookie(other.id)
    for (const contactId of [person.id, randomUUID(), 'not-a-uuid']) {
      const res = (await call(
        integrationsAction,
        makeRequest(PATH, { cookie, form: { intent: 'resync', contactId } }),
      )) as Response
      expect(res.status).toBe(404)
    }
    expect(await crmSyncStatus(other.id, person.id)).toEqual([])
    const page = (await call(integrationsLoader, makeRequest(PATH, { cookie }))) as Awaited<ReturnType<typeof integrationsLoader>>
    expect(page.syncs).toEqual([])
  })
})
