import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { parseConfig, resetConfig } from '~/config.server'
import { openPglite, openPostgres, installDatabase, type DatabaseHandle } from '~/db/client.server'
import { withDatabase } from './global-setup'

// Each test file gets its own fresh, migrated database and a predictable configuration.
let handle: DatabaseHandle | undefined
let dropDatabase: (() => Promise<void>) | undefined
let dataDir: string | undefined

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-test-'))
  resetConfig(
    parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-session-secret',
      ADMIN_EMAILS: 'admin@example.com,founder@example.com',
      APP_URL: 'http://localhost:3000',
      SEED_DEMO: 'false',
      BRAND_NAME: 'Lectern',
    }),
  )
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!
    const name = `lectern_t_${randomBytes(6).toString('hex')}`
    const admin = await openPostgres(url, { max: 1 })
    await admin.exec(`create database ${name} template ${inject('pgTemplate')}`)
    await admin.close()
    handle = await openPostgres(withDatabase(url, name), { max: 4 })
    dropDatabase = async () => {
      const a = await openPostgres(url, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
  } else {
    const dump = readFileSync(inject('pgliteTemplate'))
    handle = await openPglite(undefined, undefined, { loadDataDir: new Blob([dump]) })
  }
  installDatabase(handle)
})

afterAll(async () => {
  installDatabase(undefined)
  await handle?.close()
  await dropDatabase?.()
  resetConfig(undefined)
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})
