import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, onTestFinished } from 'vitest'
import { openPglite } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'

// For tests of a data migration: a database in the shape it had just before one migration, to be
// filled in that shape and then migrated the rest of the way.

/** Copies drizzle/ into `dir` with the journal cut before the migration whose tag ends with `suffix`. */
function migrationsBefore(dir: string, suffix: string) {
  const folder = path.join(dir, 'drizzle')
  cpSync(path.resolve('drizzle'), folder, { recursive: true })
  const journalFile = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag.endsWith(suffix))
  expect(at).toBeGreaterThan(0)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }))
  return folder
}

/**
 * An in-memory PGlite migrated up to just before the migration whose tag ends with `suffix`; `finish()`
 * runs the rest. Closed and removed when the test ends. Call it inside a test.
 */
export async function databaseBefore(suffix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-migrations-'))
  const handle = await openPglite(undefined)
  onTestFinished(async () => {
    delete process.env.MIGRATIONS_DIR
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  })
  process.env.MIGRATIONS_DIR = migrationsBefore(dir, suffix)
  await migrate(handle)
  const finish = async () => {
    delete process.env.MIGRATIONS_DIR
    await migrate(handle)
  }
  return { handle, finish }
}

/** The rows of a raw execute() on either driver. */
export const rows = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
