import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'
import { workspaces } from './workspaces'

// ── Events (issue 23, docs/organisers.md): an organiser's conference, its rooms, its speakers (a
// roster of the workspace, reused across events, claimed by invitation) and CSV imports waiting for
// confirmation. Sessions of an event are talk_sessions rows with event_id set.
export const eventStatusEnum = pgEnum('event_status', ['draft', 'published', 'archived'])
// Who receives an attendee's details: the organiser, the speaker, or both (the organiser always, the
// speaker only when the attendee ticks the unticked box naming them).
export const eventRecipientsEnum = pgEnum('event_recipients', ['organiser', 'speaker', 'both'])

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The public page /e/{slug}.
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Calendar days in the event's zone (YYYY-MM-DD).
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    // IANA zone the programme's times are entered and shown in.
    timeZone: text('time_zone').notNull(),
    // Venue name and address, or null when isOnline.
    venue: text('venue'),
    city: text('city'),
    isOnline: boolean('is_online').notNull().default(false),
    status: eventStatusEnum('status').notNull().default('draft'),
    recipients: eventRecipientsEnum('recipients').notNull().default('organiser'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_workspace_starts_idx').on(t.workspaceId, t.startsOn)],
)

export const eventRooms = pgTable(
  'event_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Lower-cased name: the CSV's room column matches without regard to case.
    nameKey: text('name_key').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('event_rooms_event_name_uq').on(t.eventId, t.nameKey)],
)

/** A speaker on an organiser's roster: the page /e/{slug}/{speaker} of each event they speak at. */
export const eventSpeakers = pgTable(
  'event_speakers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed: the roster's key (a re-import matches by it).
    email: text('email').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    bio: text('bio').notNull().default(''),
    // The photo's URL (uploaded as the directory's profile images are), or ''.
    photoUrl: text('photo_url').notNull().default(''),
    // The account that claimed this page by accepting its invitation; null = not claimed yet.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    // The last invitation sent (the dashboard's "still to claim").
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    // Fields the organiser locked: the speaker cannot change them ('name', 'jobTitle', 'company', 'bio', 'photoUrl').
    lockedFields: text('locked_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_speakers_workspace_email_uq').on(t.workspaceId, t.email),
    uniqueIndex('event_speakers_workspace_slug_uq').on(t.workspaceId, t.slug),
    index('event_speakers_user_idx').on(t.userId),
  ],
)

/** An uploaded speakers CSV waiting for the organiser to confirm its preview (kept a day). */
export const eventImports = pgTable(
  'event_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    // The decoded file, parsed again at confirmation (the preview and the import read the same text).
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_imports_event_idx').on(t.eventId, t.createdAt)],
)
