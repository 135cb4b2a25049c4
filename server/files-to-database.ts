/**
 * `npm run files:to-database`: moves the files the gateway stored on its disk (`<TRESTLE_DATA_DIR>/files`)
 * into the database, so every gateway on it serves them (server/modules/files/storage.ts). Takes the same
 * settings as the gateway; safe to run while gateways run and to run again (moved files are skipped).
 * Set TRESTLE_FILE_STORE=database (the default with DATABASE_URL) so new uploads go there too.
 */
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { moveAllToDatabase } from './modules/files'

async function main(): Promise<void> {
  const config = loadConfig()
  const database = await openDatabase(config)
  try {
    await database.withStartupLock(() => database.migrate())
    const started = Date.now()
    const { moved, missing } = await moveAllToDatabase({ db: database.db, dataDir: config.dataDir })
    console.log(`files moved into the database: ${moved} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    if (missing.length) console.warn(`not on this disk, left as they were (${missing.length}): ${missing.join(', ')}`)
  } finally {
    await database.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `files:to-database: ${err.message}` : err)
  process.exit(1)
})
