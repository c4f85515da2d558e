import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'

// Accounts and sign-in: the person, their sign-in sessions and links, and their account settings.
// Spec 001 "profiles" (id, role) is folded into users: one row per person, role stored beside email.

export const roleEnum = pgEnum('role', ['admin', 'speaker'])

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Always stored lower-cased and trimmed.
  email: text('email').notNull().unique(),
  role: roleEnum('role').notNull().default('speaker'),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
})

export const sessions = pgTable(
  'sessions',
  {
    // 256-bit random id; the cookie carries it signed.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
)

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    // SHA-256 of the link token and of the 6-digit code; the secrets themselves are never stored.
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    // 'login' (any user), 'signup' (may create), 'admin' (existing users only).
    intent: text('intent').notNull(),
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    // The link was spent on a device with no pending sign-in for this address (issue 20 item 3):
    // that device is signed in, and the code stays usable (once, until expires_at) in the tab that
    // asked. used_at set means nothing of this email works any more.
    linkUsedAt: timestamp('link_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verifications_email_idx').on(t.email, t.createdAt)],
)

export const accounts = pgTable('accounts', {
  // One row per user that has account settings; a missing row means the defaults. The plan and
  // retention moved to the workspace, notifications to the membership (issue 21).
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The name attendees see (talk pages, contact card, their emails, the consent notice); null = the
  // directory profile's name, else the account email (app/lib/speaker-name.ts).
  displayName: text('display_name'),
  updatedAt: updatedAt(),
})
