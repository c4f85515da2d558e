import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ConfirmationSkipReason } from '~/lib/confirmation-limits'
import { createdAt, updatedAt } from './columns'
import { contacts } from './people'
import { talkSessions } from './talks'
import { workspaces } from './workspaces'

// ── Lead capture (issue 9; issue 10 builds the leads workspace on it): an attendee's capture, its
// submission ids, and the consent and erasure records that outlive it.

/** An attendee's details left on a session page. One per (session, email): a resubmission updates it. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    // The workspace (controller); denormalised so every workspace-scoped read filters on one column.
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The person (owner + email) this capture belongs to: one person, many captures (issue 10).
    contactId: uuid('contact_id')
      .notNull()
      .references((): AnyPgColumn => contacts.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    company: text('company'),
    jobTitle: text('job_title'),
    phone: text('phone'),
    linkedinUrl: text('linkedin_url'),
    // Custom question id → answer (string, string[] or a 1–5 number).
    answers: jsonb('answers').$type<Record<string, string | string[] | number>>().notNull().default({}),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    // SHA-256 of the attendee's erasure token (the link in their confirmation email).
    eraseTokenHash: text('erase_token_hash').notNull().unique(),
    // When the first member was told about this lead (instantly or in a digest); null: nobody yet.
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    // The members (users.id) told about it, each by their own mode (issue 21 Deliver 9): a member's
    // digest takes the captures they can see that are not marked here, so each is in one digest per
    // member. Null: nobody yet (no bytes on the row for the many captures of a speaker on "off").
    notifiedMembers: uuid('notified_members').array(),
    // Why the attendee's confirmation email was not sent — a limit that keeps the form from being an
    // email relay (app/lib/confirmation-limits.ts); null: queued or sent.
    confirmationSkipped: text('confirmation_skipped').$type<ConfirmationSkipReason>(),
    // Who received the details (issue 23 Deliver 5; app/models/leads.server.ts runnerCondition): the
    // workspace's owner and admins ("the organiser"), and the member running the session ("the
    // speaker"). Both true outside events; an event decides, and the attendee's tick box.
    toOrganiser: boolean('to_organiser').notNull().default(true),
    toSpeaker: boolean('to_speaker').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leads_session_email_uq').on(t.sessionId, t.email),
    // Does this workspace hold captures its organiser did not receive? (the leads list's person filter)
    index('leads_withheld_idx')
      .on(t.ownerId)
      .where(sql`not to_organiser`),
    index('leads_session_created_idx').on(t.sessionId, t.createdAt),
    index('leads_owner_created_idx').on(t.ownerId, t.createdAt),
    index('leads_owner_email_idx').on(t.ownerId, t.email),
    index('leads_contact_created_idx').on(t.contactId, t.createdAt),
    // The leads list's session, talk and event filters (one owner's captures at a few sessions).
    index('leads_owner_session_idx').on(t.ownerId, t.sessionId),
  ],
)

/** Server-issued submission ids: a repeated POST of one id finds its lead instead of adding one. */
export const leadSubmissions = pgTable('lead_submissions', {
  id: uuid('id').primaryKey(),
  leadId: uuid('lead_id')
    .notNull()
    .references(() => leads.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').notNull(),
  createdAt: createdAt(),
})

/** Consent wordings, stored once each and referenced by their SHA-256. Append-only. */
export const consentTexts = pgTable('consent_texts', {
  hash: text('hash').primaryKey(),
  text: text('text').notNull(),
  createdAt: createdAt(),
})

/**
 * The consent ledger: one row per submission, append-only (no screen or action edits it). Holds no
 * personal data itself, so it outlives the lead's erasure; the lead and session ids are kept
 * without foreign keys for the same reason.
 */
export const leadConsents = pgTable(
  'lead_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: uuid('lead_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    // Null on a withdrawal (no submission made it).
    submissionId: uuid('submission_id'),
    noticeHash: text('notice_hash')
      .notNull()
      .references(() => consentTexts.hash),
    marketingHash: text('marketing_hash').references(() => consentTexts.hash),
    marketingConsent: boolean('marketing_consent').notNull(),
    // Issue 23: who received the details ('organiser', 'speaker'; null before events existed), the
    // wording of the unticked box that shares them with a second recipient, and whether it was ticked.
    recipients: text('recipients').array(),
    shareHash: text('share_hash').references(() => consentTexts.hash),
    shareConsent: boolean('share_consent'),
    // Issue 32: a withdrawal of marketing consent, appended (never an edit) with the capture's latest
    // wordings and marketing_consent false — how it was withdrawn ('unsubscribe': the link in a
    // follow-up) and, for an unsubscribe, the follow-up. Null on a submission's row.
    withdrawnVia: text('withdrawn_via'),
    followUpId: uuid('follow_up_id'),
    // Issue 31: the language the attendee was shown the notice in (null: before languages, English).
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [index('lead_consents_lead_idx').on(t.leadId), index('lead_consents_session_idx').on(t.sessionId)],
)

/** Erasures, recorded without the erased personal data (a keyed hash of the email only). */
export const leadErasures = pgTable(
  'lead_erasures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: uuid('lead_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    emailHash: text('email_hash').notNull(),
    // 'attendee' (the link in the confirmation email), 'speaker', or 'retention' (the speaker's setting).
    requestedBy: text('requested_by').notNull(),
    // When the erased capture was made (its leads.created_at): an erased capture keeps its place in
    // the session's visibility order, so deleting visible leads never reveals locked ones
    // (app/models/leads.server.ts). Null for erasures recorded before it was kept (and not found in
    // the consent ledger by migration 0022): those do not count.
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_erasures_owner_idx').on(t.ownerId, t.createdAt),
    index('lead_erasures_session_captured_idx').on(t.sessionId, t.capturedAt, t.leadId),
  ],
)
