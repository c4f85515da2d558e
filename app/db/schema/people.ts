import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { CONTACT_STATUSES, SCORE_BANDS } from '~/lib/lead-status'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'
import { workspaces } from './workspaces'

// ── Leads workspace (issue 10) ────────────────────────────────────────────────────────────────
export const contactStatusEnum = pgEnum('contact_status', CONTACT_STATUSES)
export const scoreBandEnum = pgEnum('score_band', SCORE_BANDS)

/**
 * One person of one speaker: every capture (lead) with the same email on the owner's sessions
 * belongs to it, merged automatically at capture time. Follow-up state lives here (status, deal,
 * tags, notes, score); the latest capture's details are copied here for listing and search.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed, as on leads.
    email: text('email').notNull(),
    // From the latest capture.
    firstName: text('first_name').notNull(),
    company: text('company'),
    jobTitle: text('job_title'),
    // The latest capture's marketing consent (the ledger keeps every one).
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    status: contactStatusEnum('status').notNull().default('new'),
    // Set when won, in minor units of dealCurrency.
    dealValueCents: bigint('deal_value_cents', { mode: 'number' }),
    dealCurrency: text('deal_currency'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // app/lib/lead-score.ts: points, band and the reasons shown.
    score: integer('score').notNull().default(0),
    scoreBand: scoreBandEnum('score_band').notNull().default('cold'),
    scoreReasons: jsonb('score_reasons').$type<string[]>().notNull().default([]),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_owner_email_uq').on(t.ownerId, t.email),
    index('contacts_owner_last_seen_idx').on(t.ownerId, t.lastSeenAt),
    index('contacts_owner_status_idx').on(t.ownerId, t.status),
    index('contacts_owner_band_idx').on(t.ownerId, t.scoreBand),
    index('contacts_tags_idx').using('gin', t.tags),
    // The leads list's other sorts (app/models/lead-list.server.ts): a page is read in index order;
    // the CSV export walks a speaker's people by id in batches (keyset).
    index('contacts_owner_id_idx').on(t.ownerId, t.id),
    index('contacts_owner_first_seen_idx').on(t.ownerId, t.firstSeenAt, t.id),
    index('contacts_owner_name_idx').on(t.ownerId, t.firstName, t.id),
    index('contacts_owner_score_idx').on(t.ownerId, t.score, t.id),
    // The API's leads list (issue 30, app/models/lead-records.server.ts): keyset pages newest first.
    index('contacts_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
  ],
)

/** A speaker's notes on a person (editable; the timeline shows them). */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_notes_contact_idx').on(t.contactId, t.createdAt)],
)

/**
 * What happened to a person, for the timeline and the fan-out to webhooks and CRMs
 * (app/models/lead-events.server.ts): captured, updated, status, tag, note, email, webhook and CRM
 * deliveries. Removed with the person; an erasure leaves only lead_erasures behind.
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    // The capture concerned, if any (no foreign key: the row may outlive a deleted capture).
    leadId: uuid('lead_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // The signed-in user who caused it; null for the attendee or the system.
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_contact_idx').on(t.contactId, t.createdAt)],
)

/** A saved filter of the leads list (its query string), by name. */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('segments_owner_name_uq').on(t.ownerId, t.name)],
)
