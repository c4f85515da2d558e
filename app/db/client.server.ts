import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Sql as PostgresClient } from 'postgres'
import type { Config } from '~/config.server'
import * as accounts from './schema/accounts'
import * as api from './schema/api'
import * as billing from './schema/billing'
import * as content from './schema/content'
import * as directory from './schema/directory'
import * as events from './schema/events'
import * as feedback from './schema/feedback'
import * as followUps from './schema/follow-ups'
import * as integrations from './schema/integrations'
import * as invitations from './schema/invitations'
import * as jobs from './schema/jobs'
import * as leads from './schema/leads'
import * as limits from './schema/limits'
import * as mailProvider from './schema/mail-provider'
import * as marketing from './schema/marketing'
import * as people from './schema/people'
import * as talks from './schema/talks'
import * as workspaces from './schema/workspaces'

// Every table and view of app/db/schema/ (one file per domain; drizzle-kit reads the folder). A new
// domain file is added here too, or queries on its tables lose their types.
const schema = {
  ...accounts,
  ...api,
  ...billing,
  ...content,
  ...directory,
  ...events,
  ...feedback,
  ...followUps,
  ...integrations,
  ...invitations,
  ...jobs,
  ...leads,
  ...limits,
  ...mailProvider,
  ...marketing,
  ...people,
  ...talks,
  ...workspaces,
}

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction of Db, for functions that run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Driver = 'pglite' | 'postgres'
export type DatabaseHandle = {
  db: Db
  driver: Driver
  /** Runs a raw statement; used by migrations, health checks and tests. */
  exec: (sql: string) => Promise<void>
  close: () => Promise<void>
}

// Kept on globalThis so the Express entry, the Remix build and Vite's dev SSR graph share one handle.
const holder = globalThis as unknown as { __lecternDb?: DatabaseHandle }

export function getDb(): Db {
  const handle = holder.__lecternDb
  if (!handle) throw new Error('The database is not open: call openDatabase() at start-up.')
  return handle.db
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return holder.__lecternDb
}

/** Installs an already-open handle (tests, scripts). */
export function installDatabase(handle: DatabaseHandle | undefined) {
  holder.__lecternDb = handle
}

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'dataDir'>): Promise<DatabaseHandle> {
  if (holder.__lecternDb) return holder.__lecternDb
  const handle = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(path.join(config.dataDir, 'pglite'), config.dataDir)
  holder.__lecternDb = handle
  return handle
}

export async function closeDatabase() {
  const handle = holder.__lecternDb
  holder.__lecternDb = undefined
  await handle?.close()
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} })
  const db = drizzle(preparedStatements(client), { schema }) as unknown as Db
  return {
    db,
    driver: 'postgres',
    exec: async (statement) => {
      await client.unsafe(statement)
    },
    close: () => client.end({ timeout: 5 }),
  }
}

/**
 * drizzle sends every statement it builds unnamed (`prepare: false` unless the query was given a
 * name with `.prepare(name)`): postgres.js then needs two round trips for each one that has
 * parameters (Parse and Describe, then Bind and Execute, to learn the parameter types), and Postgres
 * parses and plans it again every time. This client makes them named prepared statements, as
 * postgres.js does for its own queries: kept per connection by their text, so a statement the app
 * repeats costs one round trip and no parsing. The sign-up's Node CPU fell by a quarter with it
 * (docs/lead-capture.md). Transactions and savepoints get the same client.
 */
function preparedStatements(sql: PostgresClient): PostgresClient {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe')
        return (query: string, params?: never[], options?: object) => target.unsafe(query, params, { ...options, prepare: true })
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const body = args.pop() as (inner: PostgresClient) => unknown
          const open = Reflect.get(target, key, receiver) as (...a: unknown[]) => Promise<unknown>
          return open.call(target, ...args, (inner: PostgresClient) => body(preparedStatements(inner)))
        }
      }
      return Reflect.get(target, key, receiver)
    },
  })
}

/**
 * Embedded PGlite. It is for one process: a lock file in DATA_DIR refuses a second opener.
 * `dataDir` undefined opens an in-memory database (tests); `loadDataDir` restores a dump.
 */
export async function openPglite(
  pgDir: string | undefined,
  lockDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const release = lockDir ? acquireLock(lockDir) : () => {}
  try {
    if (pgDir && !options.loadDataDir && !existsSync(path.join(pgDir, 'PG_VERSION'))) await initdbInChild(pgDir)
    const client = await PGlite.create({
      dataDir: pgDir,
      extensions: { pg_trgm },
      loadDataDir: options.loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      initDbStartParams: PGLITE_SETTINGS,
    })
    const db = drizzle(client, { schema }) as unknown as Db
    return {
      db,
      driver: 'pglite',
      exec: async (statement) => {
        await client.exec(statement)
      },
      close: async () => {
        try {
          await client.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

/**
 * Postgres's shared buffers live in PGlite's WebAssembly memory, and all of them are touched when it
 * starts: initdb's default of 128 MB cost ~100 MB of resident memory before the first query. 32 MB
 * holds the working set of a trial-sized database; pages beyond it are read through the operating
 * system's file cache (docs/performance.md → Memory).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB']

/**
 * Creates a new data directory (initdb) in a short-lived child process. initdb runs three WebAssembly
 * instances at once (~0.7 GB) and leaves ~190 MB of freed but never returned malloc arenas in the
 * process that ran it; in a child, all of it goes back when the child exits, and this process opens
 * the new directory as it opens an existing one (docs/performance.md → Memory).
 */
async function initdbInChild(pgDir: string) {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const options = { dataDir: pgDir, startParams: PGLITE_SETTINGS, initDbStartParams: PGLITE_SETTINGS }
  const code = `const { PGlite } = require(${JSON.stringify(entry)})
const options = ${JSON.stringify(options)}
options.startParams = [...PGlite.defaultStartParams, ...options.startParams]
PGlite.create(options).then((db) => db.close())`
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.once('error', reject)
    child.once('exit', (exitCode, signal) =>
      exitCode === 0
        ? resolve()
        : reject(new Error(`Creating the embedded database in ${pgDir} failed (${signal ?? `exit ${exitCode}`}):\n${stderr}`)),
    )
  })
}

export class DataDirLockedError extends Error {}

function acquireLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'pglite.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Lectern process (pid ${pid}) is using the embedded database in ${dir}. ` +
            'PGlite serves one process only: stop that process, point DATA_DIR elsewhere, or set DATABASE_URL to a Postgres server.',
        )
      }
      // A lock left by a process that is gone: take it over.
      rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not take the database lock in ${dir}.`)
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
