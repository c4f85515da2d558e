import path from 'node:path'
import type { DatabaseHandle } from './client.server'

// Any constant would do; it only has to be the same for every Lectern process.
const MIGRATION_LOCK_ID = 727_001

export const migrationsFolder = () => path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle')

/** Applies pending migrations. On Postgres several processes may start at once: an advisory lock serialises them. */
export async function migrate(handle: DatabaseHandle, databaseUrl?: string) {
  if (handle.driver === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator')
    await handle.exec('create extension if not exists pg_trgm')
    await run(handle.db as never, { migrationsFolder: migrationsFolder() })
    return
  }
  if (!databaseUrl) throw new Error('migrate() on Postgres needs the database URL')
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const { migrate: run } = await import('drizzle-orm/postgres-js/migrator')
  // One dedicated connection, so the advisory lock and the migration share a session.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`
    await client`create extension if not exists pg_trgm`
    await run(drizzle(client), { migrationsFolder: migrationsFolder() })
  } finally {
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {})
    await client.end({ timeout: 5 })
  }
}
