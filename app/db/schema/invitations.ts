import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt } from './columns'
import { eventSpeakers } from './events'
import { workspaceRoleEnum, workspaces } from './workspaces'

/** Invitations by email: the token is only stored as its SHA-256; valid 7 days, single use. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed.
    email: text('email').notNull(),
    role: workspaceRoleEnum('role').notNull(),
    // A speaker invitation (role 'speaker', issue 23) claims this roster entry of the event organiser.
    speakerId: uuid('speaker_id').references((): AnyPgColumn => eventSpeakers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    // The inviter's address when invited: the expired/used page names whom to ask even after they left.
    inviterEmail: text('inviter_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    // Revoked by an admin, or voided by a resend (which makes a new row and token).
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    index('workspace_invitations_email_idx').on(t.email),
  ],
)
