import { bigserial, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt } from './columns'
import { workspaces } from './workspaces'

// First-party records of the public site's forms (ARCHITECTURE decision 3): startup applications,
// contact messages, newsletter sign-ups, and the cookie-less analytics events.

export const subscriberStatusEnum = pgEnum('subscriber_status', ['pending', 'confirmed', 'unsubscribed'])
export const revenueStageEnum = pgEnum('revenue_stage', ['<$100k', '$100k-$500k', '>$500k'])

export const startupApplications = pgTable(
  'startup_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    website: text('website'),
    yearFounded: integer('year_founded').notNull(),
    employees: integer('employees').notNull(),
    revenueStage: revenueStageEnum('revenue_stage').notNull(),
    role: text('role'),
    why: text('why'),
    // An admin approved it (issue 22): the applicant was emailed a single-use offer link to buy the
    // startup plan. Approving again replaces the token (the older link stops working).
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    // SHA-256 of the offer link's token (the link itself is only in the email).
    offerTokenHash: text('offer_token_hash').unique(),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    // The checkout bought with the offer was paid (set at fulfilment), and for which workspace.
    offerUsedAt: timestamp('offer_used_at', { withTimezone: true, mode: 'date' }),
    offerWorkspaceId: uuid('offer_workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('startup_applications_created_idx').on(t.createdAt)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: subscriberStatusEnum('status').notNull().default('pending'),
    // Where the address came from: 'footer', 'product-hunt', 'roadmap', …
    source: text('source').notNull(),
    // Extra flags a form sends along (the launch-discount form's hidden flags).
    flags: jsonb('flags').$type<Record<string, string>>().notNull().default({}),
    confirmTokenHash: text('confirm_token_hash').unique(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('newsletter_subscribers_created_idx').on(t.createdAt)],
)

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    path: text('path'),
    props: jsonb('props').$type<Record<string, unknown>>().notNull().default({}),
    // A daily-rotating salted hash for counting visitors; never the raw IP address.
    visitor: text('visitor'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
  ],
)
