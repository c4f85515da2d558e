import { sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb } from './client.server'
import { users } from './schema'

/** Demo content for a newcomer's first start. Runs only when the database has no users yet. */
export async function seedIfEmpty() {
  const db = getDb()
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  if ((row?.count ?? 0) > 0) return false
  await seedDemo()
  return true
}

export async function seedDemo() {
  const db = getDb()
  const admin = getConfig().adminEmails[0]
  if (admin) await db.insert(users).values({ email: admin, role: 'admin' }).onConflictDoNothing()
}
