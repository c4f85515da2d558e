import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

// Counters per time window: request rate limits (app/models/rate-limit.server.ts) and the budgets
// of attendee confirmation emails.

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
})

// Attendee confirmations taken per window: an address's per UTC day, a session's per hour
// (app/models/confirmation-budget.server.ts). One upsert takes a slot race-free across instances.
// Keys hold no personal data (`address:` + an HMAC of the address, `session:` + its id); old windows
// go with the daily jobs.prune.
export const confirmationBudgets = pgTable(
  'confirmation_budgets',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)
