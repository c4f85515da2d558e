import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { webhookDeliveries } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { LeadEventPayload } from '~/jobs/payloads'
import { closeAccount } from '~/models/account-closure.server'
import { eraseCaptures } from '~/models/lead-events.server'
import { deletePerson } from '~/models/lead-follow-up.server'
import { listDeliveries, replayDelivery } from '~/models/webhook-deliveries.server'
import { createEndpoint } from '~/models/webhooks.server'
import { action as eraseAction } from '~/routes/t.$code_.erase.$token'
import type { Transport } from '~/services/email.server'
import { JobWorker } from '~/services/jobs.server'
import { runLeadDigests } from '~/services/lead-digest.server'
import { runRetention } from '~/services/lead-retention.server'
import { webhookSubscriber } from '~/services/webhooks.server'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, signUp } from './lead-capture-utils'
import { call, makeRequest } from './utils'

// An erasure reaches every stored copy of the erased captures' details (docs/decisions/0014): the
// emails to and about them (sent or pending), the bodies of the webhook deliveries that carried
// them, the lead.deleted job and deliveries once they have done their work, and the details copied
// onto a person who stays. The three ways in — the attendee's link, the speaker's delete and
// retention — all go through eraseCaptures.

type Received = { body: string; payload: { type: string; data: Record<string, unknown> } }
let server: http.Server
let port = 0
let received: Received[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ body, payload: JSON.parse(body) as Received['payload'] })
      // A receiver that echoes what it got: the log's excerpt must not keep an erased address either.
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

const base = getConfig()
beforeAll(() =>
  resetConfig(
    parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: base.dataDir,
      SESSION_SECRET: base.SESSION_SECRET,
      APP_URL: base.appUrl,
      SEED_DEMO: 'false',
      ADMIN_EMAILS: base.adminEmails.join(','),
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    }),
  ),
)
afterEach(async () => {
  await getDb().update(jobs).set({ status: 'failed' }).where(eq(jobs.status, 'pending'))
  received = []
  down.clear()
})
afterAll(async () => {
  resetConfig(base)
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

// The email provider, down for some recipients: their messages stay queued (pending, retried later).
const down = new Set<string>()
const transport: Transport = {
  name: 'dev-mailbox',
  async send(email) {
    if (down.has(email.to)) throw new Error('provider unavailable')
    return {}
  },
}
const worker = new JobWorker({ pollMs: 60_000, transport })
const drain = () => worker.drain()
/** Every pending job due now (the next retry without waiting for it). */
const makeDue = () => getDb().update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'pending'))

const uniqueName = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`

async function eraseByLink(session: { code: string }, email: string) {
  const mails = await outboxTo(email)
  const link = mails.map((m) => /\/t\/([^/]+)\/erase\/([A-Za-z0-9_-]{43})/.exec(m.text)).find((m) => m?.[1] === session.code)
  const token = link![2]!
  const res = (await call(eraseAction, makeRequest(`/t/${session.code}/erase/${token}`, { method: 'POST', form: {} }), {
    code: session.code,
    token,
  })) as Response
  expect(res.status).toBe(303)
}

/** Rows of a table whose whole text (every column, JSON included) mentions this, case-insensitively. */
async function mentions(table: 'jobs' | 'webhook_deliveries' | 'contacts' | 'lead_events' | 'leads', text: string) {
  const result = await getDb().execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} t where strpos(lower(t::text), ${text.toLowerCase()}) > 0`,
  )
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[]
  return Number(rows[0]!.n)
}
const TABLES = ['jobs', 'webhook_deliveries', 'contacts', 'lead_events', 'leads'] as const
async function mentionsAnywhere(text: string) {
  const counts = await Promise.all(TABLES.map(async (t) => [t, await mentions(t, text)] as const))
  return Object.fromEntries(counts.filter(([, n]) => n > 0))
}

async function ownerWithEndpoint(options: { leadNotify?: 'instant' | 'hourly' } = {}) {
  const owner = await createOwner(undefined, { plan: 'pro', leadNotify: options.leadNotify ?? 'instant' })
  const endpointId = (await createEndpoint(
    owner.id,
    {
      url: `http://127.0.0.1:${port}/hooks`,
      description: 'CRM bridge',
      events: ['lead.created', 'lead.updated', 'lead.deleted'],
    },
    null,
  ))!
  return { owner, endpointId }
}

const deliveriesOf = (endpointId: string) =>
  getDb()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.createdAt))

describe('erasure reaches every stored copy', () => {
  it('attendee erases: their sent confirmation and the pending notification go, webhook bodies are erased, lead.deleted still delivers', async () => {
    const { owner, endpointId } = await ownerWithEndpoint()
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    const name = uniqueName('Zelda')
    const otherEmail = attendeeEmail()
    const otherName = uniqueName('Otto')
    await signUp(session, { email: otherEmail, first_name: otherName })
    // The speaker's mail provider is down: both notifications wait in the queue.
    down.add(owner.email)
    await signUp(session, { email, first_name: name, company: 'Navy', phone: '+44 20 7946 0000' })
    await drain()

    expect((await outboxTo(email)).map((m) => m.status)).toEqual(['sent'])
    const notifications = await outboxTo(owner.email)
    expect(notifications.map((m) => m.status)).toEqual(['pending', 'pending'])
    expect(notifications.filter((m) => m.text.includes(name))).toHaveLength(1)
    // Before: the details are stored in the queue and the delivery log (the search can find them).
    expect(await mentions('jobs', email)).toBeGreaterThan(0)
    expect(await mentions('jobs', name)).toBeGreaterThan(0)
    expect(await mentions('webhook_deliveries', name)).toBe(1)
    expect(received.map((r) => r.payload.type)).toEqual(['lead.created', 'lead.created'])

    await eraseByLink(session, email)

    // In the erasure's own transaction: nothing about them is left in the queue, and the one
    // notification about them is never sent.
    expect(await outboxTo(email)).toEqual([])
    const left = await outboxTo(owner.email)
    expect(left).toHaveLength(1)
    expect(left[0]!.text).toContain(otherName)
    expect(await mentions('jobs', name)).toBe(0)
    expect(await mentions('webhook_deliveries', name)).toBe(0)
    const [createdDelivery] = (await deliveriesOf(endpointId)).filter((d) => d.payload.erased)
    expect(createdDelivery).toMatchObject({
      eventType: 'lead.created',
      status: 'succeeded',
      payload: { erased: true },
      responseExcerpt: null,
    })
    expect(createdDelivery!.deliveredAt).toBeInstanceOf(Date)

    // lead.deleted still reaches the receiver with the email, then keeps only the ids.
    down.clear()
    await makeDue()
    await drain()
    const deleted = received.find((r) => r.payload.type === 'lead.deleted')
    expect(deleted?.payload.data).toMatchObject({ email, personDeleted: true })
    const rows = await deliveriesOf(endpointId)
    const deletion = rows.find((d) => d.eventType === 'lead.deleted')!
    expect(deletion.status).toBe('succeeded')
    expect(deletion.payload).toEqual({
      type: 'lead.deleted',
      timestamp: expect.any(String),
      data: {
        id: deleted!.payload.data.id,
        personId: deleted!.payload.data.personId,
        sessionId: session.id,
        personDeleted: true,
      },
    })
    expect(await mentionsAnywhere(email)).toEqual({})
    expect(await mentionsAnywhere(name)).toEqual({})

    // The other attendee is untouched: their confirmation, the speaker's notification (now sent) and their delivery.
    expect((await outboxTo(otherEmail)).map((m) => m.status)).toEqual(['sent'])
    expect((await outboxTo(owner.email)).map((m) => m.status)).toEqual(['sent'])
    expect(await mentions('webhook_deliveries', otherName)).toBe(1)

    // The log still lists all three; the erased one cannot be replayed, the deletion can (ids only).
    const log = await listDeliveries(owner.id, endpointId, 1)
    expect(log.rows.map((r) => [r.eventType, r.erased]).sort()).toEqual(
      [
        ['lead.created', false],
        ['lead.created', true],
        ['lead.deleted', false],
      ].sort(),
    )
    expect(await replayDelivery(owner.id, endpointId, createdDelivery!.id)).toBe(false)
    expect(await replayDelivery(owner.id, endpointId, deletion.id)).toBe(true)
    received = []
    await drain()
    expect(received[0]!.payload.data).toEqual(deletion.payload.data)
  })

  it('speaker deletes a person: a pending digest naming them is cancelled and sent again without them', async () => {
    const { owner } = await ownerWithEndpoint({ leadNotify: 'hourly' })
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    const name = uniqueName('Zelda')
    const otherName = uniqueName('Otto')
    await signUp(session, { email, first_name: name })
    await signUp(session, { first_name: otherName })
    await drain()
    down.add(owner.email)
    expect(await runLeadDigests(new Date())).toBe(1)
    await drain()
    const [digest] = await outboxTo(owner.email)
    expect(digest).toMatchObject({ status: 'pending' })
    expect(digest!.text).toContain(name)
    expect(digest!.text).toContain(otherName)

    const [person] = await getDb()
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerId, owner.id), eq(contacts.email, email)))
    expect(await deletePerson({ ownerId: owner.id, userId: owner.id, runnerId: null, contactId: person!.id })).toEqual({
      erased: 1,
    })

    expect(await outboxTo(owner.email)).toEqual([])
    const pending = await getDb()
      .select({ firstName: leads.firstName, notifiedAt: leads.notifiedAt })
      .from(leads)
      .where(eq(leads.ownerId, owner.id))
    expect(pending).toEqual([{ firstName: otherName, notifiedAt: null }])
    // Due again at once: the next tick sends a digest with the other attendee only.
    const [account] = await getDb()
      .select({ at: workspaceMembers.lastDigestAt })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, owner.id))
    expect(account!.at).toBeNull()
    down.clear()
    expect(await runLeadDigests(new Date())).toBe(1)
    await drain()
    const [again] = await outboxTo(owner.email)
    expect(again).toMatchObject({ status: 'sent' })
    expect(again!.text).toContain(otherName)
    expect(again!.text).not.toContain(name)
    expect(await mentionsAnywhere(email)).toEqual({})
    expect(await mentionsAnywhere(name)).toEqual({})
  })

  it('retention erases an old capture of a person who stays: its emails go, the person’s details come from the capture kept', async () => {
    const { owner, endpointId } = await ownerWithEndpoint()
    await getDb().update(workspaces).set({ retentionMonths: 6 }).where(eq(workspaces.id, owner.id))
    const { session: recent } = await createLiveSession(owner.id, { eventName: 'Recent Conf' })
    const { session: old } = await createLiveSession(owner.id, { eventName: 'Old Conf' })
    const email = attendeeEmail()
    const keptName = uniqueName('Grace')
    const erasedName = uniqueName('Gracie')
    await signUp(recent, { email, first_name: keptName, company: 'Navy' })
    // The later sign-up (so the person shows its details) on a session whose capture retention takes.
    await signUp(old, { email, first_name: erasedName, company: 'Acme Erased', q_role: 'Sales' })
    await getDb()
      .update(leads)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(leads.sessionId, old.id))
    await drain()
    const [before] = await getDb().select().from(contacts).where(eq(contacts.ownerId, owner.id))
    expect(before).toMatchObject({ firstName: erasedName, company: 'Acme Erased' })
    expect(await outboxTo(email)).toHaveLength(2)

    expect(await runRetention({ now: new Date() })).toMatchObject({ erased: 1 })

    const [after] = await getDb().select().from(contacts).where(eq(contacts.ownerId, owner.id))
    expect(after).toMatchObject({ id: before!.id, firstName: keptName, company: 'Navy' })
    // Their confirmation for the capture kept stays (same address); the erased one's is gone.
    const mails = await outboxTo(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(recent.code)
    await drain()
    const deleted = received.find((r) => r.payload.type === 'lead.deleted')
    expect(deleted?.payload.data).toMatchObject({ email, personDeleted: false })
    expect(await mentionsAnywhere(erasedName)).toEqual({})
    expect(await mentionsAnywhere('Acme Erased')).toEqual({})
    // The delivery of the capture kept still has its details.
    const kept = (await deliveriesOf(endpointId)).filter((d) => !d.payload.erased && d.eventType === 'lead.created')
    expect(kept.map((d) => (d.payload.data as { firstName: string }).firstName)).toEqual([keptName])
  })

  it('finished CRM pushes about the person keep their outcome, not the CRM’s answer quoting them', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    const otherEmail = attendeeEmail()
    await signUp(session, { email })
    await signUp(session, { email: otherEmail })
    const people = await getDb()
      .select({ id: contacts.id, email: contacts.email })
      .from(contacts)
      .where(eq(contacts.ownerId, owner.id))
    const push = (email: string, status: 'done' | 'failed' | 'pending') => ({
      kind: 'crm.sync',
      status,
      payload: { provider: 'hubspot', ownerId: owner.id, contactId: people.find((p) => p.email === email)!.id, action: 'upsert' },
      lastError: status === 'done' ? null : `HubSpot refused the contact: Email address ${email} is invalid`,
      result: status === 'done' ? { outcome: 'failed', status: 400, error: `Email address ${email} is invalid` } : null,
    })
    await getDb()
      .insert(jobs)
      .values([push(email, 'done'), push(email, 'failed'), push(otherEmail, 'done')])
    await eraseByLink(session, email)

    expect(await mentionsAnywhere(email)).toEqual({ jobs: 1 }) // the lead.deleted job, until it has run
    const scrubbed = await getDb()
      .select({ status: jobs.status, result: jobs.result, lastError: jobs.lastError })
      .from(jobs)
      .where(and(eq(jobs.kind, 'crm.sync'), sql`${jobs.payload}->>'ownerId' = ${owner.id}`))
    expect(scrubbed).toHaveLength(3)
    expect(scrubbed.filter((j) => j.lastError === null && !JSON.stringify(j.result).includes('invalid'))).toHaveLength(2)
    expect(scrubbed.find((j) => j.status === 'done' && j.result && 'outcome' in (j.result as object))).toBeDefined()
    expect(await mentions('jobs', otherEmail)).toBeGreaterThan(0)
    await drain()
    expect(await mentionsAnywhere(email)).toEqual({})
  })

  it('closing the account deletes the emails to and about its attendees, sent or queued, and no one else’s', async () => {
    const { owner } = await ownerWithEndpoint()
    const { session } = await createLiveSession(owner.id)
    const other = await createOwner(undefined, { plan: 'pro' })
    const { session: elsewhere } = await createLiveSession(other.id)
    const email = attendeeEmail()
    const name = uniqueName('Zelda')
    await signUp(session, { email, first_name: name })
    await signUp(elsewhere, { email, first_name: name })
    down.add(owner.email)
    await drain()
    expect((await outboxTo(owner.email)).map((m) => m.status)).toEqual(['pending'])
    expect(await outboxTo(email)).toHaveLength(2)

    expect(await closeAccount(owner.id)).toBe('closed')

    expect(await outboxTo(owner.email)).toEqual([])
    // The same attendee at another speaker's session keeps that speaker's emails.
    const left = await outboxTo(email)
    expect(left).toHaveLength(1)
    expect(left[0]!.text).toContain(elsewhere.code)
    expect(await mentions('webhook_deliveries', name)).toBe(0)
  })

  // Two connections at once: only Postgres has them (PGlite runs one transaction at a time).
  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'a fan-out that read the capture before an erasure committed writes no delivery with its details',
    async () => {
      const { owner, endpointId } = await ownerWithEndpoint()
      const { session } = await createLiveSession(owner.id)
      const email = attendeeEmail()
      await signUp(session, { email })
      const [capture] = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
      const [created] = await getDb()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'lead.event'), sql`${jobs.payload}->>'leadId' = ${capture!.id}`))
      let fanOut: Promise<unknown> | undefined
      await getDb().transaction(async (tx) => {
        await eraseCaptures(tx, { ownerId: owner.id, leadIds: [capture!.id] }, 'speaker', owner.id)
        // The webhook subscriber reads the capture (still committed) and would write its delivery now.
        fanOut = webhookSubscriber([{ ...(created!.payload as LeadEventPayload), jobId: created!.id, visible: true }], getDb())
        await new Promise((resolve) => setTimeout(resolve, 300))
      })
      await fanOut
      const written = await deliveriesOf(endpointId)
      expect(written.filter((d) => d.eventType === 'lead.created')).toEqual([])
      expect(await mentions('webhook_deliveries', email)).toBe(0)
    },
  )

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')('a digest running while a capture is erased leaves it out', async () => {
    const owner = await createOwner(undefined, { plan: 'pro', leadNotify: 'hourly' })
    const { session } = await createLiveSession(owner.id)
    const name = uniqueName('Zelda')
    const otherName = uniqueName('Otto')
    await signUp(session, { first_name: name })
    await signUp(session, { first_name: otherName })
    const [capture] = await getDb()
      .select()
      .from(leads)
      .where(and(eq(leads.sessionId, session.id), eq(leads.firstName, name)))
    let digest: Promise<number> | undefined
    await getDb().transaction(async (tx) => {
      await eraseCaptures(tx, { ownerId: owner.id, leadIds: [capture!.id] }, 'speaker', owner.id)
      // The digest still reads the capture as committed; it must not send its details.
      digest = runLeadDigests(new Date())
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    expect(await digest).toBe(1)
    const [mail] = await outboxTo(owner.email)
    expect(mail!.text).toContain(otherName)
    expect(mail!.text).not.toContain(name)
    expect(await mentions('jobs', name)).toBe(0)
  })

  it('the worker drops a lead.deleted snapshot when it gives up too', async () => {
    const { owner } = await ownerWithEndpoint()
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    await signUp(session, { email })
    await drain()
    // The fan-out fails for good: one attempt, and it throws.
    const { createJobRegistry } = await import('~/services/job-kinds.server')
    const registry = createJobRegistry({ transport })
    const failing = new JobWorker({
      pollMs: 60_000,
      maxAttempts: 1,
      registry: {
        ...registry,
        'lead.event': {
          ...registry['lead.event'],
          run: () => Promise.reject(new Error('fan-out failed')),
          runMany: undefined,
        },
      },
    })
    await eraseByLink(session, email)
    await failing.drain()
    const [job] = await getDb()
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'lead.event'),
          sql`${jobs.payload}->>'event' = 'lead.deleted' and ${jobs.payload}->>'ownerId' = ${owner.id}`,
        ),
      )
    expect(job).toMatchObject({ status: 'failed', lastError: 'fan-out failed' })
    expect(job!.finishedAt).toBeInstanceOf(Date)
    expect(job!.payload).not.toHaveProperty('deleted')
    expect(await mentionsAnywhere(email)).toEqual({})
  })
})
