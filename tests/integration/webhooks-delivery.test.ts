import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, asc, eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { webhookDeliveries, webhookEndpoints } from '~/db/schema/integrations'
import { emailOutbox, jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import type { LeadEventPayload } from '~/jobs/payloads'
import { describeLeadEvent } from '~/lib/lead-timeline'
import { eraseCaptures, recordLeadEvent } from '~/models/lead-events.server'
import { queuePing, replayDelivery } from '~/models/webhook-deliveries.server'
import { createEndpoint, getEndpoint, rotateEndpointSecret } from '~/models/webhooks.server'
import { JobWorker } from '~/services/jobs.server'
import { dispatchLeadEvent } from '~/services/lead-events.server'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'

// Signed webhooks end to end (issue 10 Deliver 6): a capture fans out to a local receiver on
// 127.0.0.1 (let through by WEBHOOK_ALLOWED_HOSTS), signed so that the standardwebhooks verifier
// accepts it; failures are retried, replays and pings take the same path, 24 hours of failures
// disable the endpoint, and nothing locked by the plan or aimed at a private address goes out.

type Received = {
  id: string
  body: string
  headers: Record<string, string>
  payload: { type: string; data: Record<string, unknown> }
}
let server: http.Server
let port = 0
let received: Received[] = []
// What the receiver answers next (status codes); 200 once the list is empty.
let answers: number[] = []
let redirectTo = ''

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (req.url === '/redirect') {
        res.writeHead(307, { Location: redirectTo })
        return res.end()
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
      received.push({ id: headers['webhook-id']!, body, headers, payload: JSON.parse(body) as Received['payload'] })
      const status = answers.shift() ?? 200
      res.writeHead(status, { 'Content-Type': 'text/plain' })
      res.end(status === 200 ? 'thanks' : 'receiver is down')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

const base = getConfig()
beforeAll(() => resetConfig(parseConfig({ ...envOf(base), WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}` })))
afterEach(async () => {
  // Each test starts with an empty queue: retries left by one are not sent during the next.
  await getDb().update(jobs).set({ status: 'failed' }).where(eq(jobs.status, 'pending'))
  received = []
  answers = []
})
afterAll(async () => {
  resetConfig(base)
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function envOf(config: ReturnType<typeof getConfig>) {
  return {
    NODE_ENV: 'test' as const,
    DATA_DIR: config.dataDir,
    SESSION_SECRET: config.SESSION_SECRET,
    APP_URL: config.appUrl,
    SEED_DEMO: 'false',
    ADMIN_EMAILS: config.adminEmails.join(','),
  }
}

const worker = new JobWorker({ pollMs: 60_000 })
/** Runs every due job (lead.event fan-out, then the deliveries it queued). */
const drain = () => worker.drain()
/** Makes every pending job due now (the next retry without waiting for it). */
const makeDue = () => getDb().update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'pending'))

async function setup(plan: 'pro' | 'free' = 'pro', path = '/hooks') {
  const owner = await createOwner(undefined, { plan })
  const { session, talk } = await createLiveSession(owner.id)
  const endpointId = (await createEndpoint(
    owner.id,
    {
      url: `http://127.0.0.1:${port}${path}`,
      description: 'CRM bridge',
      events: ['lead.created', 'lead.updated', 'lead.deleted'],
    },
    null,
  ))!
  const endpoint = (await getEndpoint(owner.id, endpointId))!
  return { owner, session, talk, endpointId, secret: endpoint.secret! }
}

const deliveriesOf = (endpointId: string) =>
  getDb()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.createdAt))
const endpointRow = async (id: string) => (await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!

describe('webhook delivery', () => {
  it('signs lead.created so the standardwebhooks verifier accepts it, with the person and capture', async () => {
    const { secret, session, talk, endpointId } = await setup()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const email = attendeeEmail()
    await signUp(session, { email, first_name: 'Grace', company: 'Navy', q_role: 'Engineering', q_topic: 'Compilers' })
    await drain()

    expect(received).toHaveLength(1)
    const [message] = received
    const verified = new Webhook(secret).verify(message!.body, message!.headers) as Received['payload']
    expect(message!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    const [delivery] = await deliveriesOf(endpointId)
    expect(message!.id).toBe(delivery!.id)
    expect(verified.type).toBe('lead.created')
    expect(verified.data).toMatchObject({
      email,
      firstName: 'Grace',
      company: 'Navy',
      marketingConsent: false,
      answers: [
        { questionId: 'topic', question: 'What should I talk about next?', answer: 'Compilers' },
        { questionId: 'role', question: 'Your role', answer: 'Engineering' },
      ],
      session: { id: session.id, eventName: 'DevConf 2026' },
      talk: { id: talk.id, title: 'Engines of Tomorrow' },
      status: 'new',
      tags: [],
    })
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(message!.body, message!.headers)).toThrow()
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200, responseExcerpt: 'thanks' })

    const timeline = await getDb()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, delivery!.contactId!), eq(leadEvents.type, 'webhook')))
    expect(timeline.map((e) => e.data)).toEqual([
      expect.objectContaining({
        endpointId,
        host: `127.0.0.1:${port}`,
        status: 200,
        ok: true,
        attempt: 1,
        event: 'lead.created',
      }),
    ])
  })

  it('retries an endpoint that fails, then delivers once it recovers, with the same webhook-id', async () => {
    const { session, endpointId, secret } = await setup()
    answers = [500, 503]
    await signUp(session)
    await drain()
    let [delivery] = await deliveriesOf(endpointId)
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, lastError: 'HTTP 500' })
    const [job] = await getDb()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `webhook:${(await leadEventJob(delivery!.contactId!)).id}:${endpointId}`))
    expect(job!.status).toBe('pending')
    // First retry after about 30 s, not at once.
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(20_000)
    expect((await endpointRow(endpointId)).failingSince).toBeInstanceOf(Date)

    await makeDue()
    await drain()
    await makeDue()
    await drain()
    ;[delivery] = await deliveriesOf(endpointId)
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, lastError: null })
    expect(received.map((r) => r.id)).toEqual([delivery!.id, delivery!.id, delivery!.id])
    for (const r of received) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow()
    expect((await endpointRow(endpointId)).failingSince).toBeNull()
    const timeline = await getDb()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, delivery!.contactId!), eq(leadEvents.type, 'webhook')))
      .orderBy(asc(leadEvents.id))
    expect(timeline.map((e) => [e.data.ok, e.data.status, e.data.attempt, e.data.error ?? null])).toEqual([
      [false, 500, 1, 'HTTP 500'],
      [false, 503, 2, 'HTTP 503'],
      [true, 200, 3, null],
    ])
    expect(timeline.map((e) => describeLeadEvent(e.type, e.data, null).title)).toEqual([
      `Webhook lead.created to 127.0.0.1:${port}: failed (HTTP 500)`,
      `Webhook lead.created to 127.0.0.1:${port}: failed (HTTP 503)`,
      `Webhook lead.created to 127.0.0.1:${port}: delivered (HTTP 200)`,
    ])
    // Nothing more is queued: a fourth request never comes.
    await makeDue()
    await drain()
    expect(received).toHaveLength(3)
  })

  it('sends nothing twice when the fan-out job is retried', async () => {
    const { session, endpointId } = await setup()
    await signUp(session)
    const [person] = await getDb().select().from(contacts).where(eq(contacts.ownerId, session.userId))
    const job = await leadEventJob(person!.id)
    await dispatchLeadEvent(job.payload as LeadEventPayload, job.id)
    await dispatchLeadEvent(job.payload as LeadEventPayload, job.id)
    expect(await deliveriesOf(endpointId)).toHaveLength(1)
  })

  it('replays a delivery with the same id and body, and sends a test ping on request', async () => {
    const { owner, session, endpointId, secret } = await setup()
    await signUp(session)
    await drain()
    const [delivery] = await deliveriesOf(endpointId)
    expect(await replayDelivery(owner.id, endpointId, delivery!.id)).toBe(true)
    await drain()
    expect(received.map((r) => r.id)).toEqual([delivery!.id, delivery!.id])
    expect(received[1]!.body).toBe(received[0]!.body)
    expect((await deliveriesOf(endpointId))[0]).toMatchObject({ status: 'succeeded', attempts: 2 })

    const pingId = (await queuePing(owner.id, endpointId))!
    await drain()
    expect(received).toHaveLength(3)
    const ping = new Webhook(secret).verify(received[2]!.body, received[2]!.headers) as Received['payload']
    expect(ping).toMatchObject({ type: 'webhook.ping', data: { endpointId } })
    expect(received[2]!.id).toBe(pingId)

    // Not the owner: nothing.
    const other = await createOwner()
    expect(await replayDelivery(other.id, endpointId, delivery!.id)).toBe(false)
    expect(await queuePing(other.id, endpointId)).toBeNull()
  })

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const { owner, session, endpointId, secret: old } = await setup()
    expect(await rotateEndpointSecret(owner.id, endpointId)).toBe(true)
    const fresh = (await getEndpoint(owner.id, endpointId))!.secret!
    expect(fresh).not.toBe(old)
    await signUp(session)
    await drain()
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/)
    for (const s of [old, fresh]) expect(() => new Webhook(s).verify(received[0]!.body, received[0]!.headers)).not.toThrow()

    await getDb()
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpointId))
    await signUp(session)
    await drain()
    expect(received[1]!.headers['webhook-signature']).toMatch(/^v1,\S+$/)
    expect(() => new Webhook(fresh).verify(received[1]!.body, received[1]!.headers)).not.toThrow()
    expect(() => new Webhook(old).verify(received[1]!.body, received[1]!.headers)).toThrow()
  })

  it('records a secret that cannot be decrypted as the attempt’s error; rotating mends it', async () => {
    const { owner, session, endpointId } = await setup()
    // As if ENCRYPTION_KEY had changed: the stored value no longer opens.
    await getDb()
      .update(webhookEndpoints)
      .set({ secret: 'v1.AAAAAAAAAAA.AAAA.AAAA.AAAA' })
      .where(eq(webhookEndpoints.id, endpointId))
    await signUp(session)
    await drain()
    const [delivery] = await deliveriesOf(endpointId)
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null })
    expect(delivery!.lastError).toMatch(/^Cannot decrypt the stored secret/)
    expect(received).toHaveLength(0)

    expect((await getEndpoint(owner.id, endpointId))!.secret).toBeNull()
    await rotateEndpointSecret(owner.id, endpointId)
    const secret = (await getEndpoint(owner.id, endpointId))!.secret!
    await makeDue()
    await drain()
    expect(received).toHaveLength(1)
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,\S+$/)
    expect(() => new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).not.toThrow()
    expect((await deliveriesOf(endpointId))[0]).toMatchObject({ status: 'succeeded', attempts: 2 })
  })

  it('gives up after 24 hours of retries and marks the delivery failed', async () => {
    const { session, endpointId } = await setup()
    answers = [500, 500]
    await signUp(session)
    await drain()
    // The retry window has passed: the next failure is the last.
    await getDb()
      .update(jobs)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000 - 1000), runAt: new Date() })
      .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.status, 'pending')))
    await drain()
    const [delivery] = await deliveriesOf(endpointId)
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2, lastError: 'HTTP 500' })
    const deliverJobs = await getDb().select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))
    expect(deliverJobs.filter((j) => j.status === 'pending')).toHaveLength(0)
  })

  it('disables an endpoint that has failed for 24 hours and emails the speaker, once', async () => {
    const { owner, session, endpointId } = await setup()
    await getDb()
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 24 * 3600_000 - 60_000) })
      .where(eq(webhookEndpoints.id, endpointId))
    answers = [502]
    await signUp(session)
    await drain()
    const endpoint = await endpointRow(endpointId)
    expect(endpoint.enabled).toBe(false)
    expect(endpoint.disabledReason).toMatch(
      /^Disabled automatically on .+: every delivery failed for 24 hours \(last error: HTTP 502\)$/,
    )
    const disabledMails = async () =>
      (await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, owner.email))).filter((m) =>
        m.subject.startsWith('Webhook'),
      )
    const mails = await disabledMails()
    expect(mails.map((m) => m.subject)).toEqual([`Webhook endpoint disabled: http://127.0.0.1:${port}/hooks`])
    expect(mails[0]!.text).toContain(`/app/settings/webhooks/${endpointId}`)

    // Its queued retry is not sent while it is disabled, and new events skip it.
    await makeDue()
    await drain()
    await signUp(session)
    await drain()
    expect(received).toHaveLength(1)
    const deliveries = await deliveriesOf(endpointId)
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0]).toMatchObject({ status: 'failed', lastError: 'Not sent: the endpoint is disabled' })
    expect(await disabledMails()).toHaveLength(1)
  })

  it('delivers lead.deleted when captures are erased', async () => {
    const { owner, session, endpointId, secret } = await setup()
    const email = attendeeEmail()
    await signUp(session, { email })
    await drain()
    const [capture] = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    await getDb().transaction((tx) => eraseCaptures(tx, { ownerId: owner.id, leadIds: [capture!.id] }, 'speaker', owner.id))
    await drain()
    expect(received.map((r) => r.payload.type)).toEqual(['lead.created', 'lead.deleted'])
    const deleted = new Webhook(secret).verify(received[1]!.body, received[1]!.headers) as Received['payload']
    expect(deleted.data).toEqual({
      id: capture!.id,
      personId: capture!.contactId,
      email,
      sessionId: session.id,
      personDeleted: true,
    })
    expect((await deliveriesOf(endpointId)).map((d) => d.status)).toEqual(['succeeded', 'succeeded'])
  })

  it('describes a change to the person (no capture named) by their latest visible capture', async () => {
    const { owner, session, endpointId, secret } = await setup()
    await signUp(session)
    await drain()
    const [person] = await getDb().select().from(contacts).where(eq(contacts.ownerId, owner.id))
    await getDb().transaction(async (tx) => {
      await tx
        .update(contacts)
        .set({ status: 'won', dealValueCents: 120_000, dealCurrency: 'EUR' })
        .where(eq(contacts.id, person!.id))
      await recordLeadEvent(tx, { ownerId: owner.id, contactId: person!.id, type: 'status', data: {}, notify: 'lead.updated' })
    })
    await drain()
    const updated = new Webhook(secret).verify(received[1]!.body, received[1]!.headers) as Received['payload']
    expect(updated).toMatchObject({
      type: 'lead.updated',
      data: { personId: person!.id, email: person!.email, status: 'won', deal: { valueCents: 120_000, currency: 'EUR' } },
    })
    expect(await deliveriesOf(endpointId)).toHaveLength(2)
  })

  it('sends nothing about captures the plan withholds (free plan: the 4th of a session)', async () => {
    const { session, endpointId } = await setup('free')
    for (let i = 0; i < 4; i++) await signUp(session)
    await drain()
    expect(received).toHaveLength(3)
    expect(await deliveriesOf(endpointId)).toHaveLength(3)
    // A change to the person whose only capture is locked sends nothing either.
    const captures = await getDb().select().from(leads).where(eq(leads.sessionId, session.id)).orderBy(asc(leads.createdAt))
    const locked = captures[3]!
    await recordLeadEvent(getDb(), {
      ownerId: session.userId,
      contactId: locked.contactId,
      type: 'status',
      data: {},
      notify: 'lead.updated',
    })
    await drain()
    expect(received).toHaveLength(3)
  })

  it('sends nothing about a locked capture after the visible ones were deleted (erased captures keep their place)', async () => {
    const { owner, session } = await setup('free')
    for (let i = 0; i < 4; i++) await signUp(session, { first_name: `Person ${i + 1}` })
    await drain()
    expect(received.map((r) => r.payload.type)).toEqual(['lead.created', 'lead.created', 'lead.created'])
    const captures = await getDb().select().from(leads).where(eq(leads.sessionId, session.id)).orderBy(asc(leads.createdAt))
    await getDb().transaction((tx) =>
      eraseCaptures(tx, { ownerId: owner.id, leadIds: captures.slice(0, 3).map((c) => c.id) }, 'speaker', owner.id),
    )
    const locked = captures[3]!
    await recordLeadEvent(getDb(), {
      ownerId: owner.id,
      contactId: locked.contactId,
      type: 'status',
      data: {},
      notify: 'lead.updated',
    })
    await drain()
    expect(received.map((r) => r.payload.type)).toEqual([...Array(3).fill('lead.created'), ...Array(3).fill('lead.deleted')])
    for (const r of received) {
      expect(r.body).not.toContain(locked.email)
      expect(r.body).not.toContain('Person 4')
    }
  })

  it('refuses private addresses and redirects at send time, recording why', async () => {
    const { session, endpointId, owner } = await setup()
    await getDb()
      .update(webhookEndpoints)
      .set({ url: 'http://169.254.169.254/latest/meta-data/' })
      .where(eq(webhookEndpoints.id, endpointId))
    const redirecting = (await createEndpoint(
      owner.id,
      {
        url: `http://127.0.0.1:${port}/redirect`,
        description: '',
        events: ['lead.created'],
      },
      null,
    ))!
    redirectTo = `http://127.0.0.1:${port}/hooks`
    await signUp(session)
    await drain()
    expect((await deliveriesOf(endpointId))[0]).toMatchObject({
      status: 'pending',
      responseStatus: null,
      lastError: '169.254.169.254 is a link-local address',
    })
    expect((await deliveriesOf(redirecting))[0]).toMatchObject({
      status: 'pending',
      responseStatus: 307,
      lastError: `Redirect (HTTP 307) not followed: ${redirectTo}`,
    })
    // The redirect target was never asked.
    expect(received).toHaveLength(0)
  })
})

async function leadEventJob(contactId: string) {
  const rows = await getDb().select().from(jobs).where(eq(jobs.kind, 'lead.event')).orderBy(asc(jobs.createdAt))
  return rows.filter((j) => (j.payload as LeadEventPayload).contactId === contactId)[0]!
}
