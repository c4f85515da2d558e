// `npm run db:seed`: opens the database from the configuration (PGlite in DATA_DIR or DATABASE_URL),
// applies migrations, adds the demo data set (idempotent) and closes. Stop the server first when
// using PGlite: the data directory serves one process at a time.
import { getConfig } from '../app/config.server'
import { closeDatabase, openDatabase } from '../app/db/client.server'
import { migrate } from '../app/db/migrate.server'
import { seedDemo } from '../app/services/seed.server'

async function main() {
  const config = getConfig()
  const handle = await openDatabase(config)
  try {
    await migrate(handle, config.DATABASE_URL)
    await seedDemo()
    console.info(`Demo data seeded (${handle.driver}).`)
  } finally {
    await closeDatabase()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
