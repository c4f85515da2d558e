// `npm run storage:orphans [-- --delete] [-- --min-age-hours=24]`: lists stored objects no record
// references (and older than a day), the same sweep the daily `storage.sweep` job runs. A dry run by
// default; `--delete` removes them. Works against Postgres (DATABASE_URL) or the embedded database in
// DATA_DIR — stop the server first for PGlite (its data directory serves one process at a time).
import { getConfig } from '../app/config.server'
import { closeDatabase, openDatabase } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { ORPHAN_MIN_AGE_MS, sweepOrphans } from '../app/services/storage-gc.server'

function parseArgs(argv: string[]) {
  let remove = false
  let minAgeMs = ORPHAN_MIN_AGE_MS
  for (const arg of argv) {
    if (arg === '--delete') remove = true
    else if (arg.startsWith('--min-age-hours=')) {
      const hours = Number(arg.slice('--min-age-hours='.length))
      if (!Number.isFinite(hours) || hours < 0) throw new Error(`Not a number of hours: ${arg}`)
      minAgeMs = hours * 60 * 60 * 1000
    } else throw new Error(`Unknown option ${arg}. Usage: npm run storage:orphans [-- --delete] [--min-age-hours=24]`)
  }
  return { remove, minAgeMs }
}

async function main() {
  const { remove, minAgeMs } = parseArgs(process.argv.slice(2))
  const config = getConfig()
  const handle = await openDatabase(config)
  try {
    await migrate(handle, config.DATABASE_URL)
    const where = config.S3_BUCKET ? `bucket ${config.S3_BUCKET}` : `${config.dataDir}/uploads/images`
    const report = await sweepOrphans({ delete: remove, minAgeMs })
    for (const orphan of report.orphans) console.info(`${orphan.key}\t${orphan.size} bytes\t${orphan.lastModified}`)
    const bytes = report.orphans.reduce((sum, o) => sum + o.size, 0)
    console.info(
      `${where}: ${report.scanned} objects, ${report.orphans.length} unreferenced (${bytes} bytes), ` +
        `${report.tooRecent} newer than ${minAgeMs / 3_600_000} h kept, ${report.foreign} not Lectern's left alone.`,
    )
    console.info(remove ? `Deleted ${report.deleted}.` : 'Dry run: nothing deleted (add --delete to remove them).')
  } finally {
    await closeDatabase()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
