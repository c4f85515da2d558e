import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'
import { workspaces } from './workspaces'

// ── What Lectern keeps of the mail provider (issue 32 Deliver 5 and 6; docs/follow-up.md): a
// workspace's own sending domain registered with Resend's Domains API, the delivery ids of Resend's
// webhook messages (each processed once), and a workspace's follow-ups paused for complaints.

/** One DNS record Resend asks for (SPF, DKIM…), as its Domains API last described it. */
export type SendingDomainRecord = {
  record: string
  name: string
  type: string
  value: string
  ttl: string
  status: string
  priority?: number
}

/**
 * A workspace's sending domain (Settings → Sending domain). `fromAddress` is the address follow-ups
 * use once Resend says the domain is verified; `status` and `records` are Resend's last answer.
 */
export const sendingDomains = pgTable('sending_domains', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  fromAddress: text('from_address').notNull(),
  domain: text('domain').notNull(),
  resendDomainId: text('resend_domain_id').notNull().unique(),
  status: text('status').notNull(),
  records: jsonb('records').$type<SendingDomainRecord[]>().notNull().default([]),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Resend's webhook deliveries by their svix-id, written in the transaction that records the delivery's
 * event: a redelivery of one already recorded does nothing, and a failed one leaves no row (svix
 * retries it). `claimedAt` and `processedAt` are that transaction's time.
 */
export const resendWebhookEvents = pgTable(
  'resend_webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('resend_webhook_events_created_idx').on(t.createdAt)],
)

/**
 * A workspace whose follow-ups may not start or continue (its complaint rate passed the limit over
 * its last sends). The reason is shown to its owner and to site admins; an admin lifts it.
 */
export const sendingPauses = pgTable('sending_pauses', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  // The figures it was paused on: complaints among the last `sends` messages.
  complaints: integer('complaints').notNull(),
  sends: integer('sends').notNull(),
  pausedAt: createdAt(),
})
