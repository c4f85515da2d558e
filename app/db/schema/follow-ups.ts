import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { FOLLOW_UP_SOURCES, FOLLOW_UP_STATUSES, RECIPIENT_STATUSES, SUPPRESSION_REASONS } from '~/lib/follow-ups'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'
import { talkSessions } from './talks'
import { workspaces } from './workspaces'

// ── Follow-up emails (issue 32, ARCHITECTURE decision 23; docs/follow-up.md) ────────────────────
export const followUpSourceEnum = pgEnum('follow_up_source', FOLLOW_UP_SOURCES)
export const followUpStatusEnum = pgEnum('follow_up_status', FOLLOW_UP_STATUSES)
export const followUpRecipientStatusEnum = pgEnum('follow_up_recipient_status', RECIPIENT_STATUSES)
export const suppressionReasonEnum = pgEnum('email_suppression_reason', SUPPRESSION_REASONS)

/**
 * One email written to a scope's people (a session, a talk, an event or a saved segment). Its
 * recipients are never typed: they are the recipients rule's answer (app/lib/follow-up-recipients.ts),
 * frozen into follow_up_recipients when sending starts.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The member who wrote it (their name signs it); kept when they leave.
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Whether its author saw only the sessions they run (Scope.runnerId) when it was made: the
    // recipients rule then takes only the captures given to them (runnerCondition).
    runnerId: uuid('runner_id').references(() => users.id, { onDelete: 'set null' }),
    source: followUpSourceEnum('source').notNull(),
    // The session, talk, event or segment id (no foreign key: the source may be deleted later, the
    // follow-up and its counts stay).
    sourceId: uuid('source_id').notNull(),
    subject: text('subject').notNull().default(''),
    // Sanitised when saved (app/services/sanitize.server.ts), like every user HTML.
    bodyHtml: text('body_html').notNull().default(''),
    status: followUpStatusEnum('status').notNull().default('draft'),
    // Why it is cancelled or partly sent, in words for the owner.
    statusReason: text('status_reason'),
    // When it goes (UTC), and the zone its time was given in (shown back in that zone).
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    timeZone: text('time_zone'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    // Frozen when sending starts; sent grows as batches go (the stats read the recipient rows).
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    batchCount: integer('batch_count').notNull().default(0),
    // Sender identity: the display name ("{name} via Lectern") and the address replies go to.
    fromName: text('from_name').notNull().default(''),
    replyTo: text('reply_to'),
    // The From header, fixed when sending starts (a verified sending domain's address or MAIL_FROM's),
    // so every retry of a batch sends the identical message its Idempotency-Key promised.
    fromHeader: text('from_header'),
    // An automatic follow-up (Deliver 7): sent delayHours after the session ends, then to each
    // later sign-up delayHours after it; paused stops both.
    automatic: boolean('automatic').notNull().default(false),
    autoSessionId: uuid('auto_session_id').references(() => talkSessions.id, { onDelete: 'cascade' }),
    delayHours: integer('delay_hours'),
    paused: boolean('paused').notNull().default(false),
    // The body's links in order, as sent: /c/{token}/{n} redirects to links[n] (filled at send time).
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('follow_ups_owner_created_idx').on(t.ownerId, t.createdAt),
    // The scheduler's pick-up: scheduled ones whose time has come.
    index('follow_ups_due_idx')
      .on(t.scheduledAt)
      .where(sql`status = 'scheduled'`),
    // One automatic follow-up per session.
    uniqueIndex('follow_ups_auto_session_uq')
      .on(t.autoSessionId)
      .where(sql`automatic`),
  ],
)

/**
 * Who a follow-up went to, frozen when sending starts: one row per person (unique per follow-up and
 * contact — one person of three talks gets one email). The address and name are copies for the
 * send; erasure nulls them and the row (and so the counts) stays.
 */
export const followUpRecipients = pgTable(
  'follow_up_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followUpId: uuid('follow_up_id')
      .notNull()
      .references(() => followUps.id, { onDelete: 'cascade' }),
    // Denormalised so every read filters on the workspace.
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // No foreign key: an erased person's row stays (with no address) so the counts stay.
    contactId: uuid('contact_id').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    batch: integer('batch').notNull(),
    status: followUpRecipientStatusEnum('status').notNull().default('queued'),
    providerMessageId: text('provider_message_id'),
    // SHA-256 (hex) of the per-recipient token in the unsubscribe and click links, written by the batch
    // job before it sends (null until then). The token (256 bits: an HMAC of the row's id under a
    // server key, app/platform/follow-up-tokens.server.ts) is never stored; it exists only inside
    // the message, and a retried batch rebuilds the very same message.
    tokenHash: text('token_hash').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true, mode: 'date' }),
    complainedAt: timestamp('complained_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    // The first click (unique clicks are counted per recipient).
    clickedAt: timestamp('clicked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('follow_up_recipients_follow_up_contact_uq').on(t.followUpId, t.contactId),
    // A batch job reads its rows; the stats count per follow-up.
    index('follow_up_recipients_batch_idx').on(t.followUpId, t.batch),
    // The person's timeline and lawful export: the follow-ups they received.
    index('follow_up_recipients_contact_idx').on(t.ownerId, t.contactId),
    index('follow_up_recipients_provider_idx')
      .on(t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    // The complaint rate counts a workspace's last 1,000 sends (complaintFigures in
    // app/models/sending-pauses.server.ts): read newest first from here, only rows already sent.
    index('follow_up_recipients_owner_sent_idx')
      .on(t.ownerId, t.sentAt)
      .where(sql`sent_at is not null`),
    // The same over the whole server (Admin → Accounts).
    index('follow_up_recipients_sent_idx')
      .on(t.sentAt)
      .where(sql`sent_at is not null`),
  ],
)

/**
 * Addresses a workspace never mails again. Stored lower-cased in the clear (not a keyed hash) so the
 * recipients rule joins them to contacts.email in SQL on an index; erasing a person removes their
 * rows here with the rest of their data (a new sign-up is a new, proven address).
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: suppressionReasonEnum('reason').notNull(),
    // The follow-up whose message bounced, drew the complaint or carried the unsubscribe link.
    followUpId: uuid('follow_up_id').references(() => followUps.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_suppressions_owner_email_reason_uq').on(t.ownerId, t.email, t.reason)],
)

/**
 * The pace of provider calls (issue 32 Deliver 3): per key ('server', or a workspace id) the earliest
 * time the next call may go. A batch reserves its slot with one UPSERT, so every process of every
 * instance on one database keeps the same pace; a 429's Retry-After pushes the server's slot on.
 */
export const sendRates = pgTable('send_rates', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull(),
})
