import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { TESTIMONIAL_APPROVALS } from '~/lib/feedback-values'
import { createdAt, updatedAt } from './columns'
import { consentTexts, leads } from './leads'
import { contacts } from './people'
import { talkSessions } from './talks'
import { workspaces } from './workspaces'

// ── In the room (issue 33): feedback on the attendee page, the testimonials it may carry, and the
// booking leads ("Should {speaker} speak at your company or event?"). The session's feedback
// settings are columns of talk_sessions (talks.ts); the rules are app/lib/feedback.ts.

/** The speaker's decision on a testimonial: none yet, shown, or hidden. */
export const testimonialApprovalEnum = pgEnum('testimonial_approval', TESTIMONIAL_APPROVALS)

/**
 * One answer per browser per session (editable for FEEDBACK_EDIT_HOURS after it was first given).
 * The browser is known by a strictly necessary first-party cookie holding a random id; only a
 * per-session hash of it is stored (browserKeyHash), so answers at two sessions cannot be linked.
 */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    // The workspace (controller), denormalised like leads.owner_id so every read filters on one column.
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    browserKeyHash: text('browser_key_hash').notNull(),
    rating: smallint('rating').notNull(),
    // The answer to the follow-up question the rating chose (app/lib/feedback.ts followUpQuestion).
    followUp: text('follow_up').notNull().default(''),
    contentRating: smallint('content_rating'),
    deliveryRating: smallint('delivery_rating'),
    slidesRating: smallint('slides_rating'),
    // Set when the attendee left their details with it (the capture and its person); erasing the
    // capture unlinks the answer, which then stays anonymous.
    leadId: uuid('lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    // "You may quote this on {speaker}'s profile with my name …": ticked, with which parts of the
    // name (name, title, company) and the wording shown (the ledger: feedback_consents).
    testimonialPermission: boolean('testimonial_permission').notNull().default(false),
    testimonialNameParts: text('testimonial_name_parts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    testimonialHash: text('testimonial_hash').references(() => consentTexts.hash),
    approval: testimonialApprovalEnum('approval').notNull().default('pending'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    // The author withdrew the permission (their link, or an erasure): the quote shows nowhere.
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('feedback_responses_session_browser_uq').on(t.sessionId, t.browserKeyHash),
    index('feedback_responses_owner_session_created_idx').on(t.ownerId, t.sessionId, t.createdAt),
    index('feedback_responses_lead_idx').on(t.leadId),
    index('feedback_responses_contact_idx').on(t.contactId),
    check('feedback_responses_rating_ck', sql`${t.rating} between 1 and 5`),
    check(
      'feedback_responses_parts_ck',
      sql`coalesce(${t.contentRating}, 1) between 1 and 5 and coalesce(${t.deliveryRating}, 1) between 1 and 5 and coalesce(${t.slidesRating}, 1) between 1 and 5`,
    ),
  ],
)

/**
 * The testimonial part of the consent ledger: one row each time an answer was stored with the box
 * shown, ticked or not, with the exact wording (consent_texts) and the name parts. Append-only, no
 * personal data, no foreign keys (it outlives the answer and the capture, like lead_consents).
 */
export const feedbackConsents = pgTable(
  'feedback_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    responseId: uuid('response_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    leadId: uuid('lead_id'),
    testimonialHash: text('testimonial_hash')
      .notNull()
      .references(() => consentTexts.hash),
    testimonialConsent: boolean('testimonial_consent').notNull(),
    nameParts: text('name_parts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The language the box was shown in (issue 31: the ledger records the language and the exact words).
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_consents_response_idx').on(t.responseId), index('feedback_consents_session_idx').on(t.sessionId)],
)

/**
 * A booking lead: someone in the room asked the speaker to speak at their company or event. Always
 * with their details (the capture and person it belongs to: erased with them); it makes the person
 * hot (app/lib/lead-score.ts). One per capture: asking again updates it.
 */
export const bookingLeads = pgTable(
  'booking_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references((): AnyPgColumn => leads.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references((): AnyPgColumn => contacts.id, { onDelete: 'cascade' }),
    organisation: text('organisation').notNull(),
    role: text('role').notNull(),
    // When, in the attendee's words ("Next spring", "October 2027").
    timing: text('timing').notNull(),
    // The HubSpot deal made for it (issue 33 Deliver 3; app/services/crm-sync.server.ts): set once, so
    // a booking lead becomes one deal however often the person is pushed. claimed_at marks a push
    // creating it right now (another push leaves it alone until the claim is a minute old).
    hubspotDealId: text('hubspot_deal_id'),
    hubspotDealClaimedAt: timestamp('hubspot_deal_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_leads_lead_uq').on(t.leadId),
    index('booking_leads_owner_created_idx').on(t.ownerId, t.createdAt),
    index('booking_leads_session_idx').on(t.sessionId),
    index('booking_leads_contact_idx').on(t.contactId),
  ],
)

/**
 * A shareable feedback report of one session (issue 33 Deliver 5) for the event's organiser or the
 * speaker's agent: no sign-in, an unguessable token (256 bits) of which only the SHA-256 is kept.
 * Revoked (or replaced by a new link) → the address answers 404.
 */
export const feedbackReportLinks = pgTable(
  'feedback_report_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('feedback_report_links_session_idx').on(t.sessionId)],
)
