import { sql } from 'drizzle-orm'
import { deleteExpiredSessions } from '~/auth/session.server'
import { assertEncryptionKeyAtStart, getConfig } from '~/config.server'
import { closeDatabase, getDatabaseHandle, getDb, openDatabase } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { pruneRateLimits } from '~/models/rate-limit.server'
import { startLiveBus, stopLiveBus } from '~/platform/live-bus.server'
import { applyPageCachePurges } from '~/platform/page-purge.server'
import { JobWorker } from '~/services/jobs.server'
import { startLeadDigests } from '~/services/lead-digest.server'
import { closeDisplayStreams } from '~/services/live-display.server'
import { backfillContentHtml } from '~/services/post-save.server'

// Start-up and shutdown of everything the app owns: database, migrations, demo seed, job worker,
// janitor and the lead-digest tick.
type Running = { worker: JobWorker; janitor: NodeJS.Timeout; digests: NodeJS.Timeout }
const holder = globalThis as unknown as { __lecternApp?: Promise<Running> }

export function startApp(): Promise<Running> {
  holder.__lecternApp ??= boot()
  return holder.__lecternApp
}

async function boot(): Promise<Running> {
  const config = getConfig()
  // Before the database opens and the server listens: a missing required key stops the start.
  assertEncryptionKeyAtStart(config)
  if (config.isProduction && !config.DATABASE_URL) {
    console.warn(
      'WARNING: NODE_ENV=production without DATABASE_URL. The embedded PGlite database never fsyncs and serves one process only; use Postgres in production (docs/deploy.md).',
    )
  }
  const handle = await openDatabase(config)
  await migrate(handle, config.DATABASE_URL)
  if (config.SEED_DEMO) {
    const { seedIfEmpty } = await import('~/services/seed.server')
    await seedIfEmpty()
  }
  await backfillContentHtml()
  // The live bus (display streams, page-cache purges): LISTEN on Postgres, in the process on PGlite.
  await startLiveBus(config.DATABASE_URL)
  applyPageCachePurges()
  const worker = new JobWorker().start()
  const janitor = setInterval(
    () => {
      void deleteExpiredSessions().catch(() => {})
      void pruneRateLimits().catch(() => {})
    },
    60 * 60 * 1000,
  )
  janitor.unref()
  // Hourly and daily lead digests (instant notifications go out with the sign-up itself).
  const digests = startLeadDigests()
  return { worker, janitor, digests }
}

export async function stopApp() {
  const running = holder.__lecternApp
  holder.__lecternApp = undefined
  if (running) {
    const { worker, janitor, digests } = await running
    clearInterval(janitor)
    clearInterval(digests)
    await worker.stop()
  }
  closeDisplayStreams()
  await stopLiveBus()
  await closeDatabase()
}

export async function checkHealth(): Promise<{ ok: boolean; driver?: string; error?: string }> {
  try {
    const handle = getDatabaseHandle()
    if (!handle) return { ok: false, error: 'database not open' }
    await getDb().execute(sql`select 1`)
    return { ok: true, driver: handle.driver }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}
