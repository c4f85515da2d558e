import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '~/db/client.server'
import { bookingLeads } from '~/db/schema/feedback'
import { crmSyncs } from '~/db/schema/integrations'
import { leadErasures, leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import type { DeletedLeadSnapshot, LeadChange, LeadEventPayload } from '~/jobs/payloads'
import { enqueueJob } from '~/jobs/queue.server'
import type { OutsideEvent } from '~/lib/lead-events'
import { sessionLiveChannel } from '~/lib/live-display'
import { erasureEmailHash } from '~/platform/lead-tokens.server'
import { publish } from '~/platform/live-bus.server'
import { purgePageCacheEverywhere } from '~/platform/page-purge.server'
import { withdrawTestimonials } from './feedback.server'
import { eraseStoredCopies } from './lead-erasure.server'

// What happens to a person (issue 10): one row in lead_events per thing that happened (the
// timeline), and, for the changes the outside world hears about, one durable `lead.event` job in the
// same transaction. The job's handler (app/services/lead-events.server.ts) hands the event to each
// subscriber in turn: rescoring, webhooks, CRMs. A subscriber must be idempotent (the job is retried
// as a whole when one of them throws): queue follow-up jobs with a dedupe key built from the event's
// job id.

type Executor = Db | Tx

/** Timeline entry types. */
export type LeadEventType =
  'captured' | 'resubmitted' | 'erased' | 'status' | 'tags' | 'deal' | 'note' | 'email' | 'webhook' | 'crm' | (string & {})

/** A lead.event job as a subscriber sees it; `jobId` makes its own follow-up jobs idempotent. */
export type DispatchedLeadEvent = LeadEventPayload & {
  jobId: string
  /**
   * Whether the owner's plan lets them see the capture (app/lib/plans.ts). A locked capture is
   * withheld from every read path: subscribers that send data out must skip it. Always true for
   * lead.deleted (a deletion carries no more than the receiver already had).
   */
  visible: boolean
}

/** Gets the events of one claimed batch together (often one), in the order they were queued. */
export type LeadEventSubscriber = (events: DispatchedLeadEvent[], db: Db) => Promise<void>

/**
 * Records one timeline entry and, when `notify` names an outside event, queues its fan-out in the
 * same transaction.
 */
export async function recordLeadEvent(
  tx: Executor,
  entry: {
    ownerId: string
    contactId: string
    leadId?: string | null
    type: LeadEventType
    data?: Record<string, unknown>
    actorId?: string | null
    notify?: OutsideEvent
    deleted?: DeletedLeadSnapshot
    /** Names the kind of a lead.updated for receivers (LeadEventPayload.change). */
    change?: LeadChange
  },
) {
  const now = new Date()
  await Promise.all([
    tx.insert(leadEvents).values({
      ownerId: entry.ownerId,
      contactId: entry.contactId,
      leadId: entry.leadId ?? null,
      type: entry.type,
      data: entry.data ?? {},
      actorId: entry.actorId ?? null,
      createdAt: now,
    }),
    entry.notify
      ? enqueueJob(
          'lead.event',
          {
            event: entry.notify,
            ownerId: entry.ownerId,
            contactId: entry.contactId,
            leadId: entry.leadId ?? null,
            occurredAt: now.toISOString(),
            ...(entry.deleted ? { deleted: entry.deleted } : {}),
            ...(entry.change ? { change: entry.change } : {}),
          },
          { tx },
        )
      : null,
  ])
}

/**
 * recordLeadEvent for a single statement whose earlier CTEs produce the capture (the sign-up,
 * app/models/lead-capture.server.ts, which knows the person's and the capture's ids only inside the
 * statement): two CTEs writing the same timeline row and the same `lead.event` job. `source` names a
 * CTE with the columns contact_id, lead_id and inserted; `type` and `notify` are chosen per row from
 * `inserted` (a new capture, or the same email again).
 */
export function captureEventCtes(entry: {
  source: SQL
  ownerId: string
  type: { inserted: LeadEventType; updated: LeadEventType }
  notify: { inserted: OutsideEvent; updated: OutsideEvent }
  data: Record<string, unknown>
  now: Date
}): SQL {
  const at = entry.now.toISOString()
  const pick = (choice: { inserted: string; updated: string }) =>
    sql`case when s.inserted then ${choice.inserted}::text else ${choice.updated}::text end`
  return sql`
  lead_event_row as (
    insert into ${leadEvents} (owner_id, contact_id, lead_id, type, data, created_at)
    select ${entry.ownerId}::uuid, s.contact_id, s.lead_id, ${pick(entry.type)}, ${JSON.stringify(entry.data)}::jsonb, ${at}::timestamptz
    from ${entry.source} s
  ),
  lead_event_job as (
    insert into jobs (kind, payload, run_at)
    select 'lead.event',
      jsonb_build_object('event', ${pick(entry.notify)}, 'ownerId', ${entry.ownerId}::text, 'contactId', s.contact_id,
        'leadId', s.lead_id, 'occurredAt', ${at}::text),
      ${at}::timestamptz
    from ${entry.source} s
  )`
}

/**
 * Deletes captures (their submissions go with them), records each erasure with a keyed hash of the
 * email only and the capture's time (an erased capture keeps its place: deleting the visible leads
 * of a session never reveals locked ones), deletes a person left without captures (notes, timeline
 * and CRM sync rows go with it), and sends lead.deleted for each. Every other stored copy of the
 * captures' details goes in the same transaction (app/models/lead-erasure.server.ts: emails queued or sent,
 * webhook delivery bodies, the details copied onto a person who stays). The consent ledger keeps
 * its rows: they hold no personal data.
 * Returns the ids erased and their sessions; once the caller's transaction has committed it passes
 * them to erasuresCommitted.
 */
export async function eraseCaptures(
  tx: Tx,
  where: { ownerId: string; leadIds: string[] },
  requestedBy: 'attendee' | 'speaker' | 'retention',
  actorId: string | null = null,
): Promise<ErasedCaptures> {
  if (where.leadIds.length === 0) return NOTHING_ERASED
  // A testimonial goes with its capture (issue 33 Deliver 2): withdrawn, and recorded so in the ledger.
  await withdrawTestimonials(tx, where.ownerId, where.leadIds)
  // A booking lead's HubSpot deal (issue 33 Deliver 3) goes with its capture: read before the
  // delete cascades its row away.
  const deals = await tx
    .select({ leadId: bookingLeads.leadId, externalId: bookingLeads.hubspotDealId })
    .from(bookingLeads)
    .where(
      and(
        eq(bookingLeads.ownerId, where.ownerId),
        inArray(bookingLeads.leadId, where.leadIds),
        isNotNull(bookingLeads.hubspotDealId),
      ),
    )
  const erased = await tx
    .delete(leads)
    .where(and(eq(leads.ownerId, where.ownerId), inArray(leads.id, where.leadIds)))
    .returning({
      id: leads.id,
      sessionId: leads.sessionId,
      ownerId: leads.ownerId,
      email: leads.email,
      contactId: leads.contactId,
      createdAt: leads.createdAt,
      toOrganiser: leads.toOrganiser,
    })
  if (erased.length === 0) return NOTHING_ERASED
  await tx.insert(leadErasures).values(
    erased.map((e) => ({
      leadId: e.id,
      sessionId: e.sessionId,
      ownerId: e.ownerId,
      emailHash: erasureEmailHash(e.email),
      requestedBy,
      // The erased capture keeps its place in the session's visibility order (leads.server.ts).
      capturedAt: e.createdAt,
    })),
  )
  const contactIds = [...new Set(erased.map((e) => e.contactId))]
  const [remaining, crm] = await Promise.all([
    tx
      .select({ contactId: leads.contactId, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(inArray(leads.contactId, contactIds))
      .groupBy(leads.contactId),
    tx
      .select({ contactId: crmSyncs.contactId, provider: crmSyncs.provider, externalId: crmSyncs.externalId })
      .from(crmSyncs)
      .where(inArray(crmSyncs.contactId, contactIds)),
  ])
  const kept = new Set(remaining.filter((r) => Number(r.n) > 0).map((r) => r.contactId))
  for (const e of erased) {
    const contactDeleted = !kept.has(e.contactId)
    const crmRecords = contactDeleted
      ? crm
          .filter((c) => c.contactId === e.contactId && c.externalId)
          .map((c) => ({ provider: c.provider, externalId: c.externalId! }))
      : []
    const crmDeals = deals.filter((d) => d.leadId === e.id).map((d) => ({ provider: 'hubspot', externalId: d.externalId! }))
    await recordLeadEvent(tx, {
      ownerId: e.ownerId,
      contactId: e.contactId,
      leadId: e.id,
      type: 'erased',
      data: { sessionId: e.sessionId, requestedBy },
      actorId,
      // The workspace's webhooks and CRM never received a capture not given to the organiser (issue
      // 23): its deletion is not news to them — unless the person, by this email, is in the CRM.
      notify: e.toOrganiser || crmRecords.length > 0 || crmDeals.length > 0 ? 'lead.deleted' : undefined,
      deleted: { email: e.email, sessionId: e.sessionId, contactDeleted, crmRecords, ...(crmDeals.length ? { crmDeals } : {}) },
    })
  }
  const gone = contactIds.filter((id) => !kept.has(id))
  if (gone.length) await tx.delete(contacts).where(and(eq(contacts.ownerId, where.ownerId), inArray(contacts.id, gone)))
  await eraseStoredCopies(tx, {
    ownerId: where.ownerId,
    leadIds: erased.map((e) => e.id),
    contactIds,
    goneContactIds: gone,
  })
  return { ids: erased.map((e) => e.id), sessionIds: [...new Set(erased.map((e) => e.sessionId))] }
}

/** What an erasure removed: the captures' ids and the sessions they were made at. */
export type ErasedCaptures = { ids: string[]; sessionIds: string[] }
const NOTHING_ERASED: ErasedCaptures = { ids: [], sessionIds: [] }

/**
 * What must change at once after an erasure's transaction has committed (eraseCaptures runs inside
 * the caller's, so the caller calls this after it): the erased testimonials leave every public page
 * (the page cache of every process is purged) and each session's live display counts again, through
 * the bus as a sign-up does (issue 33 Deliver 6), rather than at its next 15 s recount. `sessionIds`
 * may name more sessions than had captures (a deleted session: its displays close).
 */
export async function erasuresCommitted(erased: ErasedCaptures) {
  if (erased.ids.length > 0) await purgePageCacheEverywhere()
  for (const sessionId of new Set(erased.sessionIds)) await publish(sessionLiveChannel(sessionId), { kind: 'erasure' })
}
