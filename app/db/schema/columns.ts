import { timestamp } from 'drizzle-orm/pg-core'

// The two timestamps most tables carry. Not tables: drizzle-kit reads this file with the others and
// finds nothing to migrate in it.
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
