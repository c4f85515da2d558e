import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'

// For tests of a data migration: a copy of drizzle/ whose journal stops before one migration, so a
// database can be filled in the old shape and then migrated the rest of the way.

/** Copies drizzle/ into `dir` with the journal cut before the migration whose tag ends with `suffix`. */
export function migrationsBefore(dir: string, suffix: string) {
  const folder = path.join(dir, 'drizzle')
  cpSync(path.resolve('drizzle'), folder, { recursive: true })
  const journalFile = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag.endsWith(suffix))
  expect(at).toBeGreaterThan(0)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }))
  return folder
}

/** The rows of a raw execute() on either driver. */
export const rows = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
