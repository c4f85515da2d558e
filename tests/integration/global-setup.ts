import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'

// Migrate once per run; each test file then starts from a copy of the migrated template.
export const TEMPLATE_DIR = path.resolve('tests/.tmp')

export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER ?? 'pglite'
  mkdirSync(TEMPLATE_DIR, { recursive: true })
  if (driver === 'pglite') {
    const handle = await openPglite(undefined)
    await migrate(handle)
    const { PGlite } = await import('@electric-sql/pglite')
    void PGlite
    const client = (handle.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).$client
    const dump = await client.dumpDataDir('gzip')
    writeFileSync(path.join(TEMPLATE_DIR, 'pglite-template.tar.gz'), Buffer.from(await dump.arrayBuffer()))
    await handle.close()
    return
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the Postgres project')
  const admin = await openPostgres(url, { max: 1 })
  await admin.exec(`drop database if exists lectern_template with (force)`)
  await admin.exec(`create database lectern_template`)
  await admin.close()
  const templateUrl = withDatabase(url, 'lectern_template')
  const handle = await openPostgres(templateUrl, { max: 1 })
  await migrate(handle, templateUrl)
  await handle.close()
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
