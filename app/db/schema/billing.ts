import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt, updatedAt } from './columns'
import { talkSessions } from './talks'
import { planEnum, workspaces } from './workspaces'

// ── Billing (issue 22, docs/billing.md): Stripe is the source of payments, these tables of what a
// workspace may use. Written from what Stripe says by app/services/billing.server.ts (webhooks, the
// return page, admin sync); the customer link when a buyer is first sent to Stripe
// (app/services/stripe-hosted-pages.server.ts).

/** A workspace's Stripe customer, and the currency fixed at its first purchase. */
export const billingCustomers = pgTable('billing_customers', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  // Upper-case ISO code (USD, GBP, EUR); null until a purchase is paid.
  currency: text('currency'),
  // When the stored subscriptions were read from Stripe: an older read never overwrites a newer one.
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
})

/** Stripe's subscriptions of a workspace as last read from Stripe (any status, kept for history). */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    status: text('status').notNull(),
    // What it buys (app/lib/billing.ts): the plan and the price's lookup key.
    plan: planEnum('plan').notNull(),
    lookupKey: text('lookup_key').notNull(),
    interval: text('interval').notNull(),
    seats: integer('seats').notNull(),
    currency: text('currency').notNull(),
    // Per seat per interval, minor units, before tax and discounts.
    unitAmount: integer('unit_amount').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }).notNull(),
    // The end of the last period that was paid for: entitlements last until then.
    paidThrough: timestamp('paid_through', { withTimezone: true, mode: 'date' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('billing_subscriptions_workspace_idx').on(t.workspaceId)],
)

export const UNLOCK_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'disputed'] as const

/** A one-off purchase unlocking one session (a Checkout Session in payment mode). */
export const sessionUnlocks = pgTable(
  'session_unlocks',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    boughtBy: uuid('bought_by').references(() => users.id, { onDelete: 'set null' }),
    paymentIntentId: text('payment_intent_id').unique(),
    status: text('status', { enum: UNLOCK_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receiptUrl: text('receipt_url'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    // When this state was read from Stripe: an older read never overwrites a newer one.
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_unlocks_session_idx').on(t.sessionId), index('session_unlocks_workspace_idx').on(t.workspaceId)],
)

/** Each Stripe event id once: a redelivery finds its row and does nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  // Taken by the request working on it; a claim left by a crashed process may be taken again.
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
})

/** Notices sent once (a failed-payment email per invoice): the key's row is the proof it went. */
export const billingNotices = pgTable('billing_notices', {
  key: text('key').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})
