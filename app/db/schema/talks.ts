import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { SessionTranslations } from '~/lib/i18n/session-translations'
import { users } from './accounts'
import { FEEDBACK_OPENS } from '~/lib/feedback-values'
import { createdAt, updatedAt } from './columns'
import { eventRooms, eventSpeakers, events } from './events'
import { workspaces } from './workspaces'

// ── Talks and their sessions (issue 9): a session is one delivery of a talk, with its attendee page
// /t/{code}; its views and running figures. The captures left there are in leads.ts.

export const talkSessionStatusEnum = pgEnum('talk_session_status', ['draft', 'live', 'closed'])
export const offerKindEnum = pgEnum('offer_kind', ['none', 'file', 'url'])
export const sessionViewKindEnum = pgEnum('session_view_kind', ['scan', 'visit'])
// When a session's feedback opens (issue 33 Deliver 1; the window's rule is app/lib/feedback.ts).
export const feedbackOpensEnum = pgEnum('feedback_opens', FEEDBACK_OPENS)

/** A reusable signature talk. */
export const talks = pgTable(
  'talks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Who created it; handed to another member when they leave (app/models/workspaces.server.ts).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    tag: text('tag').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('talks_workspace_created_idx').on(t.workspaceId, t.createdAt), index('talks_user_idx').on(t.userId)],
)

export type SessionFieldSwitches = { company: boolean; jobTitle: boolean; phone: boolean; linkedin: boolean }
export type SessionQuestionKind = 'text' | 'single' | 'multi' | 'rating'
export type SessionQuestion = {
  id: string
  kind: SessionQuestionKind
  label: string
  required: boolean
  options: string[]
  /**
   * Scoring weights the speaker sets (issue 10 Deliver 4; rules in app/lib/lead-score.ts): points per
   * option label (single, multi), per star "1"–"5" (rating), or "answered" (text). Missing = 0.
   */
  weights?: Record<string, number>
}

/** One delivery of a talk at an event, with its landing page /t/{code}. */
export const talkSessions = pgTable(
  'talk_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The member who runs it (a member sees the leads of the sessions they run); handed to another
    // member when they leave or are removed, so the attendee page and QR code keep working.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talkId: uuid('talk_id')
      .notNull()
      .references(() => talks.id, { onDelete: 'restrict' }),
    // Unguessable short code of the public page /t/{code}.
    code: text('code').notNull().unique(),
    status: talkSessionStatusEnum('status').notNull().default('draft'),
    eventName: text('event_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    // IANA zone the speaker entered the time in (shown back in that zone).
    timeZone: text('time_zone').notNull(),
    // City, or null when isOnline.
    city: text('city'),
    isOnline: boolean('is_online').notNull().default(false),
    audienceSize: integer('audience_size'),
    // Landing page; an empty headline shows the talk title.
    headline: text('headline').notNull().default(''),
    offerTitle: text('offer_title').notNull().default(''),
    offerPromise: text('offer_promise').notNull().default(''),
    // The speaker's thank-you message on the thank-you page (issue 31 Deliver 3: translatable); '' for none.
    thanksMessage: text('thanks_message').notNull().default(''),
    offerKind: offerKindEnum('offer_kind').notNull().default('none'),
    offerUrl: text('offer_url'),
    // Storage key of an uploaded offer file (≤ 25 MB), with the name and type to serve it as.
    offerFileKey: text('offer_file_key'),
    offerFileName: text('offer_file_name'),
    offerFileType: text('offer_file_type'),
    offerFileSize: integer('offer_file_size'),
    fields: jsonb('fields')
      .$type<SessionFieldSwitches>()
      .notNull()
      .default({ company: true, jobTitle: true, phone: false, linkedin: false }),
    // Up to three custom questions.
    questions: jsonb('questions').$type<SessionQuestion[]>().notNull().default([]),
    accentColor: text('accent_color').notNull().default('#4f46e5'),
    // The notice shown above the submit button, and the label of the optional marketing tick box.
    consentText: text('consent_text').notNull(),
    marketingText: text('marketing_text').notNull().default(''),
    // Issue 31: the one language the page is shown in (null: it follows the attendee, among the
    // languages it has wording for), and the speaker's words in other languages (docs/languages.md).
    language: text('language'),
    translations: jsonb('translations').$type<SessionTranslations>().notNull().default({}),
    // Every lead of the session is visible on any plan: set by an admin, or while a paid unlock
    // stands (app/models/session-unlocks.server.ts keeps it = adminUnlocked OR a paid session_unlocks row).
    unlocked: boolean('unlocked').notNull().default(false),
    adminUnlocked: boolean('admin_unlocked').notNull().default(false),
    // The cost of the engagement (issue 10 ROI), entered by the speaker in minor units of costCurrency.
    costFeeCents: bigint('cost_fee_cents', { mode: 'number' }),
    costTravelCents: bigint('cost_travel_cents', { mode: 'number' }),
    costCurrency: text('cost_currency'),
    wentLiveAt: timestamp('went_live_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    // Issue 23: a session of an organiser's event (null for a speaker's own sessions), its room, its
    // length, the roster speaker giving it, and the fields the organiser locked against the speaker.
    eventId: uuid('event_id').references((): AnyPgColumn => events.id, { onDelete: 'restrict' }),
    roomId: uuid('room_id').references((): AnyPgColumn => eventRooms.id, { onDelete: 'set null' }),
    durationMinutes: integer('duration_minutes'),
    speakerId: uuid('speaker_id').references((): AnyPgColumn => eventSpeakers.id, { onDelete: 'set null' }),
    lockedFields: text('locked_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Issue 33: feedback on the attendee page, turned on by the speaker; it opens at the start or a
    // number of minutes before the end (start + duration, or DEFAULT_SESSION_MINUTES without one)
    // and closes a number of minutes after the end (app/lib/feedback.ts).
    feedbackEnabled: boolean('feedback_enabled').notNull().default(false),
    feedbackOpens: feedbackOpensEnum('feedback_opens').notNull().default('start'),
    feedbackOpensBeforeEndMinutes: integer('feedback_opens_before_end_minutes').notNull().default(10),
    feedbackClosesAfterMinutes: integer('feedback_closes_after_minutes').notNull().default(60),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('talk_sessions_workspace_starts_idx').on(t.workspaceId, t.startsAt),
    index('talk_sessions_event_starts_idx').on(t.eventId, t.startsAt),
    index('talk_sessions_speaker_idx').on(t.speakerId),
    index('talk_sessions_workspace_status_idx').on(t.workspaceId, t.status),
    // A member's own sessions (the leads they see, reassignment on removal).
    index('talk_sessions_user_idx').on(t.userId, t.workspaceId),
    index('talk_sessions_talk_idx').on(t.talkId),
  ],
)

/** Scans (?qr=1) and plain visits of /t/{code}; visitor is a daily-salted hash, never an IP. */
export const sessionViews = pgTable(
  'session_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    kind: sessionViewKindEnum('kind').notNull(),
    visitor: text('visitor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_views_session_created_idx').on(t.sessionId, t.createdAt)],
)

/**
 * Each session's running figures, kept by the database in the statement that writes each view or
 * capture (triggers in drizzle/0038_session-counters-kept.sql; backfilled there), so the insights pages
 * read a row per session instead of every view and capture (docs/organisers.md → Measured). Scans,
 * visits and visitors count every view; leads count every capture, whoever received its details;
 * hot leads follow the person's band as it changes.
 */
export const sessionCounts = pgTable('session_counts', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => talkSessions.id, { onDelete: 'cascade' }),
  scans: integer('scans').notNull().default(0),
  visits: integer('visits').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
  leads: integer('leads').notNull().default(0),
  /** Captures given to the organiser whose person's band is hot (the insights' "hot leads"). */
  hotLeads: integer('hot_leads').notNull().default(0),
})

/** The distinct visitors of each session: what `session_counts.visitors` counts (one row each). */
export const sessionVisitors = pgTable(
  'session_visitors',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.visitor] })],
)

/** Captures per session and 15-minute bucket (`floor(epoch / 900)`, UTC): the insights timeline. */
export const sessionLeadQuarters = pgTable(
  'session_lead_quarters',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    quarter: integer('quarter').notNull(),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.quarter] })],
)

/**
 * A session's display link for the projector (issue 33 Deliver 6; docs/feedback.md): /d/{token}
 * shows the QR code and the live counts without an account. The token (256 bits) is never stored,
 * only its SHA-256; one link per session, renewed in place (the old token stops) or revoked (deleted).
 */
export const sessionDisplayLinks = pgTable('session_display_links', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => talkSessions.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  // Who made or last renewed it (kept, set null, when their account is deleted).
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})
