import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
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
    const client = (handle.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).$client
    const dump = await client.dumpDataDir('gzip')
    const file = path.join(TEMPLATE_DIR, `pglite-template-${process.pid}.tar.gz`)
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    project.provide('pgliteTemplate', file)
    await handle.close()
    return () => rmSync(file, { force: true })
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the Postgres project')
  const admin = await openPostgres(url, { max: 1 })
  // A template per run, so parallel runs on one server do not trip over each other.
  const template = `lectern_template_${process.pid}`
  await admin.exec(`drop database if exists ${template} with (force)`)
  await admin.exec(`create database ${template}`)
  await admin.close()
  project.provide('pgTemplate', template)
  const templateUrl = withDatabase(url, template)
  const handle = await openPostgres(templateUrl, { max: 1 })
  await migrate(handle, templateUrl)
  await handle.close()
  return async () => {
    const cleanup = await openPostgres(url, { max: 1 })
    await cleanup.exec(`drop database if exists ${template} with (force)`)
    await cleanup.close()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    pgTemplate: string
  }
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
