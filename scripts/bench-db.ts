// The database a benchmark runs against, installed as the app's: a PGlite in a temporary data
// directory, or a throw-away Postgres database created next to `adminUrl` (dropped by close(),
// unless BENCH_KEEP=1 keeps it to EXPLAIN the reads on it; its name is printed). Migrated. Its data
// directory and database address are returned too, for a benchmark that hands them to a server.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { installDatabase, openPglite, openPostgres, type DatabaseHandle } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'

export async function openBenchDatabase(
  driver: 'pglite' | 'postgres',
  { adminUrl, prefix, poolMax }: { adminUrl?: string; prefix: string; poolMax: number },
): Promise<{ handle: DatabaseHandle; close: () => Promise<void>; dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`))
  let handle: DatabaseHandle
  let drop: (() => Promise<void>) | undefined
  let databaseUrl: string | undefined
  if (driver === 'postgres') {
    const name = `lectern_bench_${randomBytes(4).toString('hex')}`
    const admin = await openPostgres(adminUrl!, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    const u = new URL(adminUrl!)
    u.pathname = `/${name}`
    databaseUrl = u.toString()
    handle = await openPostgres(databaseUrl, { max: poolMax })
    installDatabase(handle)
    await migrate(handle, u.toString())
    drop = async () => {
      if (process.env.BENCH_KEEP === '1') return console.log(`kept the seeded database ${name} (drop it when done)`)
      const a = await openPostgres(adminUrl!, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
  } else {
    handle = await openPglite(path.join(dataDir, 'pglite'), dataDir)
    installDatabase(handle)
    await migrate(handle)
  }
  return {
    handle,
    dataDir,
    databaseUrl,
    close: async () => {
      installDatabase(undefined)
      await handle.close()
      await drop?.()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
