import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type DatabaseHandle } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { withDatabase } from './global-setup'

// `npm run storage:orphans` as an operator runs it: a process against a stopped embedded database
// (DATA_DIR) or Postgres (DATABASE_URL), dry run by default, `--delete` to remove.
const run = promisify(execFile)
const tsx = path.resolve('node_modules/.bin/tsx')
const DAY = 24 * 60 * 60 * 1000
const cleanups: Array<() => Promise<void> | void> = []

afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

async function cli(env: Record<string, string>, ...args: string[]) {
  const { stdout } = await run(tsx, ['scripts/storage-orphans.ts', ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', SEED_DEMO: 'false', SESSION_SECRET: 'cli-test', ...env },
    timeout: 60_000,
  })
  return stdout
}

/** Three local uploads: one a speaker uses, one abandoned two days ago, one chosen a minute ago. */
function writeUploads(dataDir: string) {
  const dir = path.join(dataDir, 'uploads/images')
  mkdirSync(path.join(dir, 'icons'), { recursive: true })
  const files = { used: '1700000000001-photo.webp', orphan: '1700000000002-abandoned.webp', fresh: '1700000000003-new.webp' }
  const old = new Date(Date.now() - 2 * DAY)
  for (const name of Object.values(files)) writeFileSync(path.join(dir, name), 'x')
  utimesSync(path.join(dir, files.used), old, old)
  utimesSync(path.join(dir, files.orphan), old, old)
  return { dir, files }
}

async function addSpeaker(handle: DatabaseHandle, photo: string) {
  await handle.db.insert(speakers).values({
    name: 'Orphan Test',
    slug: `orphan-test-${randomBytes(3).toString('hex')}`,
    jobTitle: 'x',
    company: 'x',
    location: 'x',
    email: 'x@example.com',
    bio: '<p>x</p>',
    profileImageUrl: photo,
  })
}

async function exercise(env: Record<string, string>, dataDir: string, addRecord: (photo: string) => Promise<void>) {
  const { dir, files } = writeUploads(dataDir)
  await addRecord(`/uploads/images/${files.used}`)

  const dry = await cli(env)
  expect(dry).toContain(files.orphan)
  expect(dry).not.toContain(files.used)
  expect(dry).not.toContain(files.fresh)
  expect(dry).toMatch(/3 objects, 1 unreferenced .* 1 newer than 24 h kept/)
  expect(dry).toContain('Dry run: nothing deleted')
  expect(existsSync(path.join(dir, files.orphan))).toBe(true)

  const removed = await cli(env, '--delete')
  expect(removed).toContain('Deleted 1.')
  expect(existsSync(path.join(dir, files.orphan))).toBe(false)
  expect(existsSync(path.join(dir, files.used))).toBe(true)
  expect(existsSync(path.join(dir, files.fresh))).toBe(true)
}

// Each database kind once: the embedded cases in the PGlite project, Postgres in the Postgres project.
const onPglite = process.env.TEST_DB_DRIVER !== 'postgres'

describe('npm run storage:orphans', () => {
  it.runIf(onPglite)(
    'against a stopped embedded database in DATA_DIR',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-orphans-'))
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
      // First run creates and migrates the database (nothing to sweep yet).
      expect(await cli({ DATA_DIR: dataDir })).toContain('0 objects')
      await exercise({ DATA_DIR: dataDir }, dataDir, async (photo) => {
        const handle = await openPglite(path.join(dataDir, 'pglite'), dataDir)
        try {
          await addSpeaker(handle, photo)
        } finally {
          await handle.close()
        }
      })
    },
    120_000,
  )

  it.runIf(onPglite)(
    'refuses to run beside a server holding the embedded database',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-orphans-'))
      const handle = await openPglite(path.join(dataDir, 'pglite'), dataDir)
      cleanups.push(async () => {
        await handle.close()
        rmSync(dataDir, { recursive: true, force: true })
      })
      await expect(cli({ DATA_DIR: dataDir })).rejects.toThrow(/Another Lectern process/)
    },
    60_000,
  )

  it.runIf(process.env.TEST_DATABASE_URL)(
    'against Postgres (DATABASE_URL)',
    async () => {
      const url = process.env.TEST_DATABASE_URL!
      const name = `lectern_orphans_${randomBytes(4).toString('hex')}`
      const admin = await openPostgres(url, { max: 1 })
      await admin.exec(`create database ${name}`)
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-orphans-'))
      cleanups.push(async () => {
        await admin.exec(`drop database if exists ${name} with (force)`)
        await admin.close()
        rmSync(dataDir, { recursive: true, force: true })
      })
      const env = { DATA_DIR: dataDir, DATABASE_URL: withDatabase(url, name) }
      expect(await cli(env)).toContain('0 objects')
      await exercise(env, dataDir, async (photo) => {
        const handle = await openPostgres(withDatabase(url, name), { max: 1 })
        try {
          await addSpeaker(handle, photo)
        } finally {
          await handle.close()
        }
      })
    },
    120_000,
  )
})
