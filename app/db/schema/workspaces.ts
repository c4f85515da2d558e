import { sql } from 'drizzle-orm'
import {
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'

// ── Workspaces (issue 21, docs/decisions/0016-workspaces-own-the-work.md) ─────────────────────
// A workspace owns talks, sessions, people, captures, segments, webhooks, the CRM connection,
// retention and the plan. Every account has a personal one, created with the account and given the
// user's id (the migration did the same for existing accounts, so every row and URL stayed put).
// The work tables keep their owner_id / user_id column names: owner_id now holds a workspace id.
// 'speaker' (issue 23): a speaker of an organiser's event who claimed their page; not a seat.
export const workspaceRoleEnum = pgEnum('workspace_role', ['owner', 'admin', 'member', 'speaker'])

// A speaker's account plan (ARCHITECTURE decision 14; limits in app/lib/plans.ts). Set by an admin
// until billing exists; the startup programme maps to 'teams'.
export const planEnum = pgEnum('plan', ['free', 'solo', 'pro', 'teams', 'organiser'])
// How a speaker hears about new leads.
export const leadNotifyEnum = pgEnum('lead_notify', ['instant', 'hourly', 'daily', 'off'])

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // Created with an account (not deletable on its own; closing the account closes it).
  personal: boolean('personal').notNull().default(false),
  plan: planEnum('plan').notNull().default('free'),
  // Seats paid for (billing); null = the plan's own limit (app/lib/permissions.ts).
  seats: integer('seats'),
  // A plan an admin set by hand (Event Organiser, comps): wins over any subscription; null = billing decides.
  manualPlan: planEnum('manual_plan'),
  // Leads captured more than this many months ago are deleted (issue 10 Deliver 9); null = kept.
  retentionMonths: integer('retention_months'),
  // "Members see every lead": off → a member sees the leads of the sessions they run.
  membersSeeAllLeads: boolean('members_see_all_leads').notNull().default(false),
  // The language attendee pages fall back to, and the one the sessions' own wording is written in (issue 31).
  language: text('language').notNull().default('en'),
  // An ownership transfer the owner offered, waiting for that admin to confirm.
  transferToUserId: uuid('transfer_to_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: workspaceRoleEnum('role').notNull(),
    // How this member hears about new leads they can see (issue 21 Deliver 9).
    leadNotify: leadNotifyEnum('lead_notify').notNull().default('instant'),
    // When this member's last digest went out (hourly/daily modes).
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true, mode: 'date' }),
    // When they joined: their digests cover the captures made since (not the workspace's history).
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    // Exactly one owner: at most one by this index, at least one by the transfer rules.
    uniqueIndex('workspace_members_one_owner_uq')
      .on(t.workspaceId)
      .where(sql`role = 'owner'`),
  ],
)

/**
 * The audit log (issue 21 Deliver 7): who did what in a workspace, kept at least a year. No foreign
 * keys: a row outlives the person (actor_email keeps who) and names the workspace it was about.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    kind: text('kind').notNull(),
    // The person or thing concerned (an email, a URL, a file kind), for the list and the filter.
    subject: text('subject').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('audit_events_workspace_kind_idx').on(t.workspaceId, t.kind, t.createdAt),
    index('audit_events_created_idx').on(t.createdAt),
  ],
)

/**
 * Notices a person sees once on their next page in a workspace (issue 29 Deliver 4): the owner that
 * their ownership offer was declined, an admin that the offer made to them was withdrawn. Kept until
 * dismissed (a plain form: GET changes nothing). The words are app/lib/workspace-notices.ts'.
 */
export const workspaceNotices = pgTable(
  'workspace_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A WorkspaceNoticeKind (app/lib/workspace-notices.ts).
    kind: text('kind').notNull(),
    // Who did it, by the name they had then (they may have left since).
    actorName: text('actor_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('workspace_notices_user_workspace_idx').on(t.userId, t.workspaceId, t.createdAt)],
)
