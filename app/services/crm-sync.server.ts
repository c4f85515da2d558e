import { and, eq } from 'drizzle-orm'
import { MissingEncryptionKeyError } from '~/config.server'
import { getDb, type Db } from '~/db/client.server'
import { contacts } from '~/db/schema/people'
import type { CrmBackfillPayload, CrmSyncPayload } from '~/jobs/payloads'
import { type JobRow, enqueueJob } from '~/jobs/queue.server'
import { crmProperties, type CrmProvider } from '~/lib/crm-mapping'
import { CRM_NOT_IN_PLAN, hasCrmIntegration } from '~/lib/plans'
import { isUuid } from '~/lib/text'
import {
  claimBookingDeals,
  clearCrmConnectionError,
  recordBookingDeal,
  releaseBookingDeal,
  type BookingDealClaim,
  getCrmCredentials,
  listUnsyncedPeople,
  hasEnabledCrm,
  ownersWithEnabledCrm,
  loadCrmPerson,
  recordCrmSync,
  setCrmConnectionError,
} from '~/models/crm.server'
import { recordLeadEvent, type DispatchedLeadEvent } from '~/models/lead-events.server'
import { ownerPlan } from '~/models/leads.server'
import { SecretDecryptionError } from '~/platform/secrets.server'
import {
  archiveHubSpotContact,
  archiveHubSpotDeal,
  createHubSpotDeal,
  HubSpotError,
  upsertHubSpotContact,
} from './hubspot.server'

// Pushing people to a connected CRM (issue 10 Deliver 7 and 9). The lead.event subscriber queues one
// crm.sync job per event (dedupe key from the event's job id, so a retried dispatch queues nothing
// twice); the job reads the person as they are at send time — only captures the plan lets the
// speaker see — and creates or updates the contact by email, or archives it after an erasure.
// 429, 5xx and timeouts are retried by the job mechanism; a refused token, a missing scope or a
// refused property are final: recorded on the person and shown in Settings → Integrations.
// A plan without CRM integration (app/lib/plans.ts; a downgrade, say) pushes nothing: the job records
// why on the person, once, without a retry. Removing an erased person from the CRM still runs.

export const CRM_SYNC_MAX_ATTEMPTS = 10

const WITHHELD = 'Not sent: your plan locks every capture of this person.'
export const NOT_REMOVED_SCOPE = 'not removed: the token lacks the scope'
const UNREADABLE_TOKEN =
  'The stored HubSpot token cannot be read (ENCRYPTION_KEY is missing or was changed): paste the token again in Settings → Integrations.'

/**
 * The lead.event subscriber (app/services/lead-events.server.ts): one crm.sync job per event of an
 * owner with a connected CRM (read for every owner in the batch in one query).
 */
export async function crmSubscriber(events: DispatchedLeadEvent[], db: Db) {
  const provider: CrmProvider = 'hubspot'
  const connected = await ownersWithEnabledCrm([...new Set(events.map((e) => e.ownerId))], provider, db)
  for (const event of events) {
    if (!connected.has(event.ownerId)) continue
    const base = { provider, ownerId: event.ownerId, contactId: event.contactId }
    const dedupeKey = `crm:${event.jobId}:${provider}`
    // The erased capture's booking deals go with it (issue 33 Deliver 3), whether or not the person stays.
    for (const deal of event.deleted?.crmDeals?.filter((d) => d.provider === provider) ?? []) {
      await enqueueJob(
        'crm.sync',
        { ...base, action: 'archive-deal', externalId: deal.externalId },
        { dedupeKey: `${dedupeKey}:deal:${deal.externalId}` },
      )
    }
    if (event.event === 'lead.deleted' && event.deleted?.contactDeleted) {
      const record = event.deleted.crmRecords.find((r) => r.provider === provider)
      if (record) await enqueueJob('crm.sync', { ...base, action: 'archive', externalId: record.externalId }, { dedupeKey })
      continue
    }
    // lead.created, lead.updated, or one capture of several erased (the record is refreshed from the
    // rest). A capture the plan withholds never leaves.
    if (event.visible) await queueUpsert(db, base, dedupeKey)
  }
}

/** Queues a push of the person as they are now and marks them pending; false when they are not the owner's. */
async function queueUpsert(db: Db, base: Omit<CrmSyncPayload, 'action'>, dedupeKey?: string) {
  return db.transaction(async (tx) => {
    // Held until commit, so the person cannot vanish between the check and the pending row.
    const [person] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, base.contactId), eq(contacts.ownerId, base.ownerId)))
      .for('share')
    if (!person) return false
    const jobId = await enqueueJob('crm.sync', { ...base, action: 'upsert' }, { tx, dedupeKey })
    if (jobId) await recordCrmSync(tx, { ...base, state: 'pending' })
    return true
  })
}

export const CRM_BACKFILL_PAGE = 200

/**
 * Queues a push for each of the owner's people that the plan lets them see and that is neither in
 * HubSpot nor on its way (by id, a page at a time), then queues the next page. Every push is the
 * same crm.sync job as a new lead's; dedupe keys carry this job's id, so a retried page queues
 * nothing twice.
 */
export async function runCrmBackfill(payload: CrmBackfillPayload, job: Pick<JobRow, 'id'>, db: Db = getDb()) {
  const { ownerId, provider } = payload
  if (!(await hasEnabledCrm(ownerId, provider, db))) return { queued: 0, skipped: 'not connected' }
  if (!hasCrmIntegration(await ownerPlan(ownerId, db))) return { queued: 0, skipped: 'not in the plan' }
  const page = await listUnsyncedPeople(ownerId, provider, payload.after, CRM_BACKFILL_PAGE, db)
  let queued = 0
  for (const contactId of page) {
    if (await queueUpsert(db, { provider, ownerId, contactId }, `crm:backfill:${job.id}:${contactId}`)) queued++
  }
  if (page.length === CRM_BACKFILL_PAGE) {
    await enqueueJob('crm.backfill', { ...payload, after: page.at(-1)! }, { dedupeKey: `crm:backfill:${job.id}:next` })
  }
  return { queued, more: page.length === CRM_BACKFILL_PAGE }
}

/** "Send again" from Settings → Integrations (after fixing the token or the mapping). */
export async function requeueCrmSync(ownerId: string, contactId: string, provider: CrmProvider = 'hubspot', db: Db = getDb()) {
  if (!isUuid(contactId)) return 'not-found' as const
  const [person] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId)))
  if (!person) return 'not-found' as const
  if (!(await hasEnabledCrm(ownerId, provider, db))) return 'not-connected' as const
  if (!hasCrmIntegration(await ownerPlan(ownerId, db))) return 'not-in-plan' as const
  return (await queueUpsert(db, { provider, ownerId, contactId })) ? ('queued' as const) : ('not-found' as const)
}

/** The crm.sync job. */
export async function runCrmSync(payload: CrmSyncPayload, job: Pick<JobRow, 'attempts'>, db: Db = getDb()) {
  const { ownerId, contactId, provider } = payload
  const lastAttempt = job.attempts >= CRM_SYNC_MAX_ATTEMPTS
  const credentials = await getCrmCredentials(ownerId, provider, db)
  if (!credentials) return { outcome: 'skipped: not connected' }
  // An upsert reads the person first: nothing to send, or a plan that refuses it, needs no token.
  const person = payload.action === 'upsert' ? await loadCrmPerson(ownerId, contactId, db) : null
  if (person === 'gone') return { outcome: 'skipped: the person is gone' }
  if (person === 'withheld') {
    // Every capture locked by the plan (after a downgrade, say): not sent, and said so.
    await recordCrmSync(db, { ...payload, state: 'failed', lastError: WITHHELD })
    return { outcome: 'skipped: withheld by the plan' }
  }
  if (person && !hasCrmIntegration(await ownerPlan(ownerId, db))) {
    // Downgraded to a plan without CRM integration: final, recorded on the person, not retried.
    await recordCrmSync(db, { ...payload, state: 'failed', lastError: CRM_NOT_IN_PLAN })
    return { outcome: 'skipped: CRM integration is not in the plan' }
  }
  let token: string
  try {
    token = credentials.token()
  } catch (error) {
    if (!(error instanceof SecretDecryptionError || error instanceof MissingEncryptionKeyError)) throw error
    await setCrmConnectionError(ownerId, UNREADABLE_TOKEN, provider, db)
    if (payload.action === 'upsert') await recordFailure(db, payload, UNREADABLE_TOKEN, null)
    return { outcome: 'failed', error: UNREADABLE_TOKEN }
  }
  if (payload.action === 'archive') return archive(db, payload, token, lastAttempt)
  if (payload.action === 'archive-deal') return archiveDeal(db, payload, token, lastAttempt)
  if (!person) return { outcome: 'skipped: the person is gone' }

  let pushed: { id: string; created: boolean }
  try {
    pushed = await upsertHubSpotContact(token, person.email, crmProperties(person, credentials.fieldMap))
  } catch (error) {
    if (!(error instanceof HubSpotError)) throw error
    if (error.retryable && !lastAttempt) {
      await recordCrmSync(db, { ...payload, state: 'pending', lastError: error.message })
      throw error
    }
    await recordFailure(db, payload, error.message, error.status)
    if (!error.retryable) await setCrmConnectionError(ownerId, error.message, provider, db)
    if (error.retryable) throw error
    return { outcome: 'failed', status: error.status, error: error.message }
  }
  const outcome = pushed.created ? 'created' : 'updated'
  try {
    await db.transaction(async (tx) => {
      await recordCrmSync(tx, { ...payload, state: 'synced', externalId: pushed.id })
      await recordLeadEvent(tx, { ownerId, contactId, type: 'crm', data: { provider, outcome, externalId: pushed.id } })
    })
  } catch (error) {
    // Erased while the push was in flight: lead.deleted found no record id to remove, so remove it here.
    if ((await loadCrmPerson(ownerId, contactId, db)) !== 'gone') throw error
    await archiveHubSpotContact(token, pushed.id)
    return { outcome: 'removed: erased during the push', externalId: pushed.id }
  }
  await clearCrmConnectionError(ownerId, provider, db)
  const deals = await pushBookingDeals(db, payload, token, pushed.id, lastAttempt)
  return { outcome, externalId: pushed.id, ...(deals.length ? { deals } : {}) }
}

/** The deal's properties: its name, HubSpot's default pipeline and first stage, and what was asked. */
export function bookingDealProperties(booking: BookingDealClaim): Record<string, string> {
  const parts = [booking.role && `Role: ${booking.role}`, booking.timing && `When: ${booking.timing}`].filter(Boolean)
  return {
    dealname: `Booking: ${booking.organisation || 'a booking request'}`.slice(0, 250),
    pipeline: 'default',
    dealstage: 'appointmentscheduled',
    description: `Asked at ${booking.sessionLabel} (Lectern booking lead).${parts.length ? ` ${parts.join('. ')}.` : ''}`,
  }
}

/**
 * Each booking lead of the person without a deal becomes one HubSpot deal associated with the contact
 * (issue 33 Deliver 3), after the contact was pushed, so the contact push's gates hold for it too
 * (the plan, CRM in the plan, a capture given to the organiser). The deal id is stored on the booking
 * lead: a later push makes no second deal. A failure leaves the contact synced: a retryable one
 * throws (the job retries; the contact upsert is idempotent), a refused one (the token lacks
 * crm.objects.deals.write) is shown in Settings and on the person's timeline.
 */
async function pushBookingDeals(db: Db, payload: CrmSyncPayload, token: string, contactExternalId: string, lastAttempt: boolean) {
  const { ownerId, contactId, provider } = payload
  const done: string[] = []
  const claims = await claimBookingDeals(ownerId, contactId, db)
  for (const [i, booking] of claims.entries()) {
    let deal: { id: string }
    try {
      deal = await createHubSpotDeal(token, contactExternalId, bookingDealProperties(booking))
    } catch (error) {
      for (const left of claims.slice(i)) await releaseBookingDeal(ownerId, left.id, db)
      if (!(error instanceof HubSpotError)) throw error
      if (error.retryable && !lastAttempt) throw error
      await recordLeadEvent(db, {
        ownerId,
        contactId,
        type: 'crm',
        data: { provider, outcome: 'deal failed', httpStatus: error.status, error: error.message },
      })
      if (!error.retryable) await setCrmConnectionError(ownerId, error.message, provider, db)
      return done
    }
    const stored = await db.transaction(async (tx) => {
      const kept = await recordBookingDeal(tx, ownerId, booking.id, deal.id)
      if (kept)
        await recordLeadEvent(tx, {
          ownerId,
          contactId,
          type: 'crm',
          data: { provider, outcome: 'deal created', externalId: deal.id },
        })
      return kept
    })
    // Erased while the deal was being made (its row is gone), or another push whose claim had gone
    // stale stored one first: this deal must not stay.
    if (!stored) await archiveHubSpotDeal(token, deal.id)
    else done.push(deal.id)
  }
  return done
}

async function recordFailure(db: Db, payload: CrmSyncPayload, error: string, status: number | null) {
  await db.transaction(async (tx) => {
    await recordCrmSync(tx, { ...payload, state: 'failed', lastError: error })
    await recordLeadEvent(tx, {
      ownerId: payload.ownerId,
      contactId: payload.contactId,
      type: 'crm',
      data: { provider: payload.provider, outcome: 'failed', httpStatus: status, error },
    })
  })
}

/** After an erasure: the person is gone from Lectern (and its timeline), so the outcome is the job's result. */
async function archive(db: Db, payload: CrmSyncPayload & { action: 'archive' }, token: string, lastAttempt: boolean) {
  const { ownerId, provider, externalId } = payload
  try {
    const result = await archiveHubSpotContact(token, externalId)
    return { outcome: result === 'archived' ? 'removed' : 'removed: already gone', externalId }
  } catch (error) {
    if (!(error instanceof HubSpotError)) throw error
    if (error.retryable && !lastAttempt) throw error
    const reason = error.status === 403 ? NOT_REMOVED_SCOPE : `not removed: ${error.message}`
    // The speaker can remove it by hand: the record id says which one, without personal data.
    await setCrmConnectionError(
      ownerId,
      error.status === 403
        ? `HubSpot contact ${externalId} (an erased person) was ${NOT_REMOVED_SCOPE} crm.objects.contacts.write. Remove it in HubSpot by hand.`
        : `HubSpot contact ${externalId} (an erased person) was ${reason}`,
      provider,
      db,
    )
    if (error.retryable) throw error
    return { outcome: reason, status: error.status, externalId }
  }
}

/** After an erasure of a capture with a booking lead: its HubSpot deal is archived too. */
async function archiveDeal(db: Db, payload: CrmSyncPayload & { action: 'archive-deal' }, token: string, lastAttempt: boolean) {
  const { ownerId, provider, externalId } = payload
  try {
    const result = await archiveHubSpotDeal(token, externalId)
    return { outcome: result === 'archived' ? 'deal removed' : 'deal removed: already gone', externalId }
  } catch (error) {
    if (!(error instanceof HubSpotError)) throw error
    if (error.retryable && !lastAttempt) throw error
    // No personal data kept: the deal's id tells the speaker which one to remove by hand.
    await setCrmConnectionError(
      ownerId,
      `HubSpot deal ${externalId} (a booking lead of an erased capture) was not removed: ${error.message} Remove it in HubSpot by hand.`,
      provider,
      db,
    )
    if (error.retryable) throw error
    return { outcome: 'deal not removed', status: error.status, externalId }
  }
}
