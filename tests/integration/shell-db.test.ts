import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { DataDirLockedError, openPglite, openPostgres, type DatabaseHandle } from '~/db/client.server'
import { migrate, migrationsFolder } from '~/db/migrate.server'
import { withDatabase } from './global-setup'

// The data layer's start-up guarantees: the PGlite lock file, and migrations on both drivers
// (repeatable; on Postgres serialised by an advisory lock when several processes start at once).
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-lock-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

function run(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: 'ignore' })
  return {
    pid: child.pid!,
    exited: new Promise<void>((resolve) => child.once('exit', () => resolve())),
    kill: () => child.kill('SIGKILL'),
  }
}

const journalEntries = () =>
  (JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length

async function appliedMigrations(handle: DatabaseHandle) {
  const result = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows
  return rows[0]!.n
}

describe('PGlite lock file', () => {
  it('refuses to open a data directory another live process holds, and leaves its lock alone', async () => {
    const dir = tempDir()
    const other = run('sleep', ['30'])
    try {
      writeFileSync(path.join(dir, 'pglite.lock'), String(other.pid))
      const opening = openPglite(path.join(dir, 'pglite'), dir)
      await expect(opening).rejects.toBeInstanceOf(DataDirLockedError)
      await expect(opening).rejects.toThrow(
        /Another Lectern process \(pid \d+\) is using the embedded database .* set DATABASE_URL to a Postgres server/,
      )
      expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(other.pid))
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false)
    } finally {
      other.kill()
    }
  })

  it('takes over a stale lock left by a process that is gone, and removes it on close', async () => {
    const dir = tempDir()
    const gone = run(process.execPath, ['-e', ''])
    await gone.exited
    writeFileSync(path.join(dir, 'pglite.lock'), String(gone.pid))
    // The migrated template (PGlite project) saves an initdb; the Postgres project has none and pays for one.
    const template = inject('pgliteTemplate')
    const handle = await openPglite(undefined, dir, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {})
    expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid))
    await handle.close()
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false)
  })
})

// Each integration project runs this file against its own driver (PGlite always, Postgres with TEST_DATABASE_URL).
const driver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite'

describe(`migrations on ${driver}`, () => {
  it('a fresh database migrates fully; concurrent or repeated start-ups apply each migration exactly once', async () => {
    if (driver === 'pglite') {
      const handle = await openPglite(undefined)
      try {
        await migrate(handle)
        expect(await appliedMigrations(handle)).toBe(journalEntries())
        await migrate(handle)
        expect(await appliedMigrations(handle)).toBe(journalEntries())
      } finally {
        await handle.close()
      }
      return
    }
    const url = process.env.TEST_DATABASE_URL!
    const name = `lectern_mig_${randomBytes(5).toString('hex')}`
    const admin = await openPostgres(url, { max: 1 })
    await admin.exec(`create database ${name}`)
    const target = withDatabase(url, name)
    const handles = await Promise.all([1, 2, 3].map(() => openPostgres(target, { max: 1 })))
    try {
      // Three processes starting at once: the advisory lock lets one migrate, the others find nothing to do.
      await Promise.all(handles.map((h) => migrate(h, target)))
      expect(await appliedMigrations(handles[0]!)).toBe(journalEntries())
      await migrate(handles[1]!, target)
      expect(await appliedMigrations(handles[0]!)).toBe(journalEntries())
    } finally {
      await Promise.all(handles.map((h) => h.close()))
      await admin.exec(`drop database if exists ${name} with (force)`)
      await admin.close()
    }
  })
})
