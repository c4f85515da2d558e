import { and } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { leads } from '~/db/schema/leads'
import type { LeadEventPayload } from '~/jobs/payloads'
import type { DispatchedLeadEvent, LeadEventSubscriber } from '~/models/lead-events.server'
import { givenToOrganiser, visibleLeadsFilter } from '~/models/leads.server'
import { crmSubscriber } from './crm-sync.server'
import { rescoreOnLeadEvent } from './lead-scoring.server'
import { webhookSubscriber } from './webhooks.server'

// The `lead.event` job's handler: the events recorded with their change
// (app/models/lead-events.server.ts) handed to every subscriber.

// Run in this order for every lead.event job. Each issue-10 capability adds its own here.
const subscribers: LeadEventSubscriber[] = [rescoreOnLeadEvent, webhookSubscriber, crmSubscriber]

/**
 * The lead.event jobs of one claimed batch: works out once which of their captures the plan lets
 * the owner see, then hands the events to every subscriber together. Returns each job's result.
 */
export async function dispatchLeadEvents(batch: { payload: LeadEventPayload; jobId: string }[], db: Db = getDb()) {
  const checked = batch.flatMap(({ payload }) => (payload.event !== 'lead.deleted' && payload.leadId ? [payload.leadId] : []))
  const visible = await visibleCaptureIds(checked, db)
  const events: DispatchedLeadEvent[] = batch.map(({ payload, jobId }) => ({
    ...payload,
    jobId,
    visible: payload.event === 'lead.deleted' || !payload.leadId || visible.has(payload.leadId),
  }))
  for (const subscriber of subscribers) await subscriber(events, db)
  return new Map(events.map((e) => [e.jobId, { subscribers: subscribers.length, visible: e.visible }]))
}

/** One lead.event job on its own (a retry, or a batch that failed). */
export async function dispatchLeadEvent(payload: LeadEventPayload, jobId: string, db: Db = getDb()) {
  const results = await dispatchLeadEvents([{ payload, jobId }], db)
  return results.get(jobId)!
}

/**
 * Which of these captures are within their session's visible leads (the earliest captured first,
 * up to the plan's number, all when the plan or an unlock allows) and were given to the workspace's
 * organiser (issue 23: the workspace's webhooks and CRM are the organiser's). A capture that no
 * longer exists is not.
 */
async function visibleCaptureIds(leadIds: string[], db: Db) {
  if (leadIds.length === 0) return new Set<string>()
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(inIdList(leads.id, leadIds), visibleLeadsFilter(), givenToOrganiser()))
  return new Set(rows.map((r) => r.id))
}
