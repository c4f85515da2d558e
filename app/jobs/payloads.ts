import type { CrmProvider } from '~/lib/crm-mapping'
import type { OutsideEvent } from '~/lib/lead-events'

// What each kind of durable job carries: the contract between the code that queues a job (models,
// services) and its handler (app/services/job-kinds.server.ts). Adding a kind is two typed edits:
// its payload here, its handler in createJobRegistry.

export type Email = { to: string; subject: string; html: string; text: string; replyTo?: string }
/**
 * What an `email` job carries. `confirmation`: an attendee's confirmation of a sign-up on this
 * session, sent only within the limits that keep the form from being a relay (issue 20,
 * app/models/confirmation-budget.server.ts).
 */
export type EmailJob = Email & {
  confirmation?: { sessionId: string }
  /** A lead digest to this member (users.id): cancelled by an erasure, its other captures are owed to them again. */
  digest?: { userId: string }
}

/** What a deleted capture leaves for the subscribers (the rows are gone when they run). */
export type DeletedLeadSnapshot = {
  email: string
  sessionId: string
  /** True when it was the person's last capture, so the person is gone too. */
  contactDeleted: boolean
  /** The person's records in connected CRMs, read before the delete (for removal there). */
  crmRecords: { provider: string; externalId: string }[]
  /** The HubSpot deals made for this capture's booking lead (issue 33 Deliver 3), read before the delete. */
  crmDeals?: { provider: string; externalId: string }[]
}

export type LeadEventPayload = {
  event: OutsideEvent
  ownerId: string
  contactId: string
  leadId: string | null
  occurredAt: string
  /** Only on lead.deleted. */
  deleted?: DeletedLeadSnapshot
  /**
   * What kind of change a lead.updated is, when receivers are told (issue 32 Deliver 4: the person
   * unsubscribed, so their marketing consent was withdrawn). Absent on every other event.
   */
  change?: LeadChange
}

export type LeadChange = 'consent_withdrawn'

export type WebhookDeliverPayload = {
  deliveryId: string
  /** A test ping or a replay from Settings: one attempt, sent even to a disabled endpoint. */
  manual?: boolean
}

export type CrmSyncPayload = {
  provider: CrmProvider
  ownerId: string
  contactId: string
} & ({ action: 'upsert' } | { action: 'archive'; externalId: string } | { action: 'archive-deal'; externalId: string })

/** Sending the people captured before HubSpot was connected: one page of them per crm.backfill job. */
export type CrmBackfillPayload = { provider: CrmProvider; ownerId: string; after: string | null }

export type JobPayloads = {
  email: EmailJob
  'storage.delete': { key: string }
  'storage.sweep': { minAgeMs: number }
  /** A person's capture created, updated or deleted: rescoring, webhooks, CRMs (app/services/lead-events.server.ts). */
  'lead.event': LeadEventPayload
  /** One signed POST of a webhook delivery (app/services/webhooks.server.ts); retried for 24 hours. */
  'webhook.deliver': WebhookDeliverPayload
  /** Create, update or archive one person in a connected CRM (app/services/crm-sync.server.ts). */
  'crm.sync': CrmSyncPayload
  /** Queue crm.sync for one page of the people not yet in the CRM, then the next page. */
  'crm.backfill': CrmBackfillPayload
  /** Rescore a session's people after its question weights changed (app/services/lead-scoring.server.ts). */
  'leads.rescore': { ownerId: string; sessionId: string }
  /** Daily: delete captures older than each account's retention setting (app/services/lead-retention.server.ts). */
  'leads.retention': Record<string, never>
  /** Daily: delete finished jobs and webhook deliveries older than JOB_RETENTION_DAYS (app/services/queue-retention.server.ts). */
  'jobs.prune': { olderThanDays: number }
  /** Send one batch (≤ 100) of a follow-up through the provider (app/services/follow-up-send.server.ts). */
  'follow_up.batch': { followUpId: string; batch: number }
  /** Start a scheduled follow-up at its time (queued when it was scheduled). */
  'follow_up.start': { followUpId: string }
  /** Hourly: start any scheduled follow-up whose time has passed without its start job (a safety net). */
  'follow_up.sweep': Record<string, never>
  /**
   * Automatic follow-ups (Deliver 7): first sends whose session end + delay has come, and later
   * sign-ups whose delay has passed (app/services/follow-up-automatic.server.ts). Hourly, and queued
   * for each next due moment.
   */
  'follow_up.automatic': Record<string, never>
  /** A canceled plan's paid period ended: recompute the workspace's plan from our tables (app/models/billing.server.ts). */
  'billing.recheck': { workspaceId: string }
}
export type JobKind = keyof JobPayloads
