import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { getConfig } from '~/config.server'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { users } from '~/db/schema/accounts'
import { bookingLeads } from '~/db/schema/feedback'
import { webhookDeliveries, webhookEndpoints } from '~/db/schema/integrations'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions, talks } from '~/db/schema/talks'
import { webhookDisabledEmail } from '~/emails/webhooks'
import { enqueueEmail } from '~/jobs/email.server'
import type { JobRow } from '~/jobs/queue.server'
import { excerptWithout, finishedDeletionBody, isErasedPayload } from '~/lib/erasure'
import { urlHost, WEBHOOK_DISABLE_AFTER_MS, webhookRetryDelayMs } from '~/lib/webhooks'
import { recordLeadEvent, type DispatchedLeadEvent, type LeadEventSubscriber } from '~/models/lead-events.server'
import { givenToOrganiser, visibleLeadsFilter } from '~/models/leads.server'
import { queueDelivery, webhookDedupeKey } from '~/models/webhook-deliveries.server'
import { openWebhookSecret } from '~/models/webhooks.server'
import { apiSubscriptionSender } from './api/webhook-events.server'
import { safeFetch, type Resolver } from './safe-fetch.server'

// Signed webhooks (issue 10 Deliver 6, docs/webhooks.md). The lead.event fan-out hands each event to
// webhookSubscriber, which writes one delivery per subscribed endpoint with the payload built now and
// queues a webhook.deliver job for it. deliverWebhook sends one attempt through the SSRF guard, signed
// per Standard Webhooks by the `standardwebhooks` package, and records the outcome; the job's own
// schedule retries a failure for 24 hours. An endpoint that has failed for 24 hours is disabled and
// its owner emailed.

export type WebhookDeliverPayload = {
  deliveryId: string
  /** A test ping or a replay from Settings: one attempt, sent even to a disabled endpoint. */
  manual?: boolean
}

type Body = { type: string; change?: string; timestamp: string; data: Record<string, unknown> }

/**
 * The lead.event subscriber: one delivery per enabled endpoint of the owner that wants the event.
 * The endpoints of every owner in the batch are read in one query. Settings' endpoints get the
 * payloads of the webhook guide; subscriptions made through the API get the API's objects
 * (app/services/api/webhook-events.server.ts).
 * (A function declaration: lead-events.server.ts lists it while this module imports that one.)
 */
export async function webhookSubscriber(events: DispatchedLeadEvent[], db: Db): ReturnType<LeadEventSubscriber> {
  // The plan gate: a capture the speaker may not see never leaves Lectern.
  const sent = events.filter((e) => e.visible)
  if (sent.length === 0) return
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      ownerId: webhookEndpoints.ownerId,
      events: webhookEndpoints.events,
      apiKeyId: webhookEndpoints.apiKeyId,
    })
    .from(webhookEndpoints)
    .where(and(inIdList(webhookEndpoints.ownerId, [...new Set(sent.map((e) => e.ownerId))]), eq(webhookEndpoints.enabled, true)))
  if (endpoints.length === 0) return
  const subscriptions = await apiSubscriptionSender(endpoints)
  for (const event of sent) {
    const wanted = endpoints.filter((ep) => ep.ownerId === event.ownerId && ep.events.includes(event.event))
    const own = wanted.filter((ep) => ep.apiKeyId === null)
    if (own.length > 0) await deliverEvent(event, own, db)
    await subscriptions.deliver(event, wanted, db)
  }
}

/** Writes the event's deliveries to these endpoints, each with its webhook.deliver job. */
async function deliverEvent(event: DispatchedLeadEvent, endpoints: { id: string }[], db: Db) {
  const data = await eventData(event, db)
  if (!data) return
  const body: Body = { type: event.event, ...(event.change ? { change: event.change } : {}), timestamp: event.occurredAt, data }
  await db.transaction(async (tx) => {
    // The capture read above, held until commit: erased meanwhile → nothing is written; an erasure
    // starting now waits, then finds these deliveries and erases their bodies (lead-erasure.server.ts).
    if (event.event !== 'lead.deleted') {
      const [capture] = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(eq(leads.id, String(data.id)))
        .for('share')
      if (!capture) return
    }
    for (const endpoint of endpoints) {
      // A retried dispatch finds the job of its first run and adds nothing.
      await queueDelivery(tx, {
        endpointId: endpoint.id,
        ownerId: event.ownerId,
        contactId: event.contactId,
        eventType: event.event,
        payload: body,
        dedupeKey: webhookDedupeKey(event.jobId, endpoint.id),
      })
    }
  })
}

/** What a receiver gets about the person and capture, read from the database now. */
async function eventData(event: DispatchedLeadEvent, db: Db): Promise<Record<string, unknown> | null> {
  if (event.event === 'lead.deleted') {
    const deleted = event.deleted
    return {
      id: event.leadId,
      personId: event.contactId,
      email: deleted?.email ?? null,
      sessionId: deleted?.sessionId ?? null,
      personDeleted: deleted?.contactDeleted ?? false,
    }
  }
  // A change to the person (status, tags) names no capture: describe them by their latest visible one.
  const where = event.leadId
    ? and(eq(leads.id, event.leadId), eq(leads.ownerId, event.ownerId))
    : and(eq(leads.contactId, event.contactId), eq(leads.ownerId, event.ownerId), visibleLeadsFilter(), givenToOrganiser())
  const [row] = await db
    .select({
      lead: leads,
      person: contacts,
      session: talkSessions,
      talk: { id: talks.id, title: talks.title },
      booking: {
        organisation: bookingLeads.organisation,
        role: bookingLeads.role,
        timing: bookingLeads.timing,
        createdAt: bookingLeads.createdAt,
      },
    })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    // One per capture (booking_leads_lead_uq): the join adds no rows.
    .leftJoin(bookingLeads, and(eq(bookingLeads.leadId, leads.id), eq(bookingLeads.ownerId, leads.ownerId)))
    .where(where)
    .orderBy(desc(leads.createdAt))
    .limit(1)
  if (!row) return null
  const { lead, person, session, talk, booking } = row
  return {
    id: lead.id,
    personId: person.id,
    email: lead.email,
    firstName: lead.firstName,
    company: lead.company,
    jobTitle: lead.jobTitle,
    phone: lead.phone,
    linkedinUrl: lead.linkedinUrl,
    marketingConsent: lead.marketingConsent,
    answers: session.questions
      .filter((q) => lead.answers[q.id] !== undefined)
      .map((q) => ({ questionId: q.id, question: q.label, answer: lead.answers[q.id] })),
    capturedAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    session: {
      id: session.id,
      eventName: session.eventName,
      startsAt: session.startsAt.toISOString(),
      city: session.city,
      online: session.isOnline,
    },
    talk,
    status: person.status,
    deal: person.dealValueCents === null ? null : { valueCents: person.dealValueCents, currency: person.dealCurrency },
    tags: person.tags,
    score: person.score,
    scoreBand: person.scoreBand,
    // Issue 33 Deliver 3: the booking request left with this capture, or null.
    booking: booking
      ? {
          organisation: booking.organisation,
          role: booking.role,
          timing: booking.timing,
          sessionId: session.id,
          createdAt: booking.createdAt.toISOString(),
        }
      : null,
  }
}

/** The job kind's schedule: manual sends are one attempt; events retry for 24 hours. */
export function webhookRetryDelay(job: JobRow) {
  if ((job.payload as WebhookDeliverPayload).manual) return null
  return webhookRetryDelayMs(job.attempts, Date.now() - job.createdAt.getTime())
}

/**
 * The webhook.deliver job: one signed POST, its outcome recorded on the delivery, the endpoint and
 * the person's timeline. Throws when the attempt failed, so the worker schedules the next one.
 */
export async function deliverWebhook(
  { deliveryId, manual = false }: WebhookDeliverPayload,
  job: JobRow,
  deps: { resolve?: Resolver } = {},
) {
  const db = getDb()
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1)
  if (!row) return { skipped: 'gone' }
  const { delivery, endpoint } = row
  // Its capture was erased: there is nothing left to send (the log keeps status and timing).
  if (isErasedPayload(delivery.payload)) return { skipped: 'erased' }
  if (!endpoint.enabled && !manual) {
    const reduced = finishedDeletionBody(delivery.payload)
    await db
      .update(webhookDeliveries)
      .set({
        status: 'failed',
        lastError: 'Not sent: the endpoint is disabled',
        // Final like a given-up delivery: a lead.deleted keeps its ids, not the email.
        ...(reduced ? { payload: reduced } : {}),
      })
      .where(eq(webhookDeliveries.id, deliveryId))
    return { skipped: 'disabled' }
  }

  const body = JSON.stringify(delivery.payload)
  const now = new Date()
  let status: number | null = null
  let excerpt: string | null = null
  let error: string | null = null
  try {
    const signature = signatures(endpoint, deliveryId, now, body)
    const res = await safeFetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': `${getConfig().BRAND_NAME}-Webhooks/1.0`,
        'webhook-id': deliveryId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      resolve: deps.resolve,
    })
    status = res.status
    excerpt = res.excerpt
    if (status >= 300 && status < 400)
      error = `Redirect (HTTP ${status}) not followed${res.headers.location ? `: ${res.headers.location}` : ''}`
    else if (status < 200 || status >= 300) error = `HTTP ${status}`
  } catch (e) {
    error = e instanceof Error ? e.message : String(e)
  }
  const ok = error === null
  const final = ok || (manual ? true : webhookRetryDelay(job) === null)
  const attempt = delivery.attempts + 1
  // A lead.deleted has done its work once delivered or given up: the erased email goes from the log
  // (the ids stay, so a replay still names the record to delete).
  const reduced = final ? finishedDeletionBody(delivery.payload) : null
  const erasedEmail = reduced ? String((delivery.payload.data as { email?: unknown }).email ?? '') : null

  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? 'succeeded' : final ? 'failed' : 'pending',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: status,
        // Erased while this attempt was in flight: the answer may echo what was erased.
        responseExcerpt: sql`case when ${webhookDeliveries.payload}->>'erased' is null then ${excerpt}::text end`,
        lastError: error,
        lastAttemptAt: now,
        ...(ok ? { deliveredAt: now } : {}),
        ...(reduced ? { payload: reduced, responseExcerpt: excerptWithout(excerpt, erasedEmail) } : {}),
      })
      .where(eq(webhookDeliveries.id, deliveryId))
    if (ok) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, endpoint.id), isNotNull(webhookEndpoints.failingSince)))
    } else {
      await recordFailure(tx, endpoint, now, error!)
    }
    if (delivery.contactId) {
      // As the timeline reads it (app/lib/lead-timeline.ts): "Webhook lead.created to host: delivered (HTTP 200)".
      const entry = {
        endpointId: endpoint.id,
        host: urlHost(endpoint.url),
        event: delivery.eventType,
        deliveryId,
        status,
        ok,
        attempt,
        ...(error ? { error } : {}),
      }
      // The person may have been erased since; the timeline entry then has nowhere to go.
      const [person] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, delivery.contactId)).for('share')
      if (person) {
        // A Settings endpoint's data is a capture (its id); an API subscription's is the person, named by contactId.
        const data = endpoint.apiKeyId === null && typeof delivery.payload.data === 'object' ? delivery.payload.data : null
        const leadId = (data as { id?: string } | null)?.id ?? null
        await recordLeadEvent(tx, { ownerId: delivery.ownerId, contactId: person.id, leadId, type: 'webhook', data: entry })
      }
    }
  })
  if (!ok) throw new Error(error!)
  return { status, attempt }
}

/**
 * Space-separated Standard Webhooks signatures: the current secret's, and during the day after a
 * rotation the previous one's too. A current secret that cannot be decrypted (ENCRYPTION_KEY
 * changed) throws, and the attempt fails with that message; rotating the secret mends it.
 */
function signatures(endpoint: typeof webhookEndpoints.$inferSelect, deliveryId: string, now: Date, body: string) {
  const sign = (stored: string) => new Webhook(openWebhookSecret(endpoint.id, stored)).sign(deliveryId, now, body)
  const all = [sign(endpoint.secret)]
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    try {
      all.push(sign(endpoint.previousSecret))
    } catch {
      // An old secret that no longer opens is simply not used.
    }
  }
  return all.join(' ')
}

/** Marks the start of a run of failures; after 24 hours of them, disables the endpoint and emails its owner once. */
async function recordFailure(tx: Tx, endpoint: typeof webhookEndpoints.$inferSelect, now: Date, error: string) {
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpoint.id))
  const since = endpoint.failingSince ?? now
  const reason = `Disabled automatically on ${now.toUTCString()}: every delivery failed for 24 hours (last error: ${error.slice(0, 200)})`
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, endpoint.id),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.failingSince, new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS)),
      ),
    )
    .returning({ id: webhookEndpoints.id })
  if (!disabled) return
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, endpoint.ownerId))
  if (!owner) return
  const config = getConfig()
  await enqueueEmail(
    webhookDisabledEmail({
      to: owner.email,
      brand: config.BRAND_NAME,
      url: endpoint.url,
      failingSince: since,
      lastError: error,
      settingsUrl: `${config.appUrl}/app/settings/webhooks/${endpoint.id}`,
    }),
    tx,
  )
}
