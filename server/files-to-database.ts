/**
 * `npm run files:to-database`: moves the files the gateway stored on its disk (`<TRESTLE_DATA_DIR>/files`)
 * or in S3 into the database, so every gateway on it serves them (server/modules/files/storage.ts).
 * `npm run files:to-database -- --to s3`: moves the disk's and the database's files into the S3 bucket
 * (TRESTLE_S3_*) instead. Takes the same settings as the gateway; safe to run while gateways run and to
 * run again (moved files are skipped). Set TRESTLE_FILE_STORE to the same store so new uploads go there too.
 */
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { MOVE_TARGETS, moveAll, type MoveTarget } from './modules/files'

const PLACE: Record<MoveTarget, string> = { database: 'the database', s3: 'the S3 bucket' }

function target(args: string[]): MoveTarget {
  const at = args.indexOf('--to')
  if (at < 0) return 'database'
  const to = args[at + 1]
  if (!(MOVE_TARGETS as readonly string[]).includes(to ?? ''))
    throw new ConfigError(`--to must be one of ${MOVE_TARGETS.join(', ')} (got "${to ?? ''}")`)
  return to as MoveTarget
}

async function main(): Promise<void> {
  const to = target(process.argv.slice(2))
  const config = loadConfig()
  if (to === 's3' && !config.s3)
    throw new ConfigError(
      '--to s3 needs the bucket: set TRESTLE_S3_ENDPOINT, TRESTLE_S3_BUCKET, TRESTLE_S3_ACCESS_KEY_ID and TRESTLE_S3_SECRET_ACCESS_KEY',
    )
  const database = await openDatabase(config)
  try {
    await database.withStartupLock(() => database.migrate())
    const started = Date.now()
    const { moved, missing } = await moveAll({ db: database.db, dataDir: config.dataDir, s3: config.s3 }, to)
    console.log(`files moved into ${PLACE[to]}: ${moved} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    if (missing.length) console.warn(`not found where their rows say, left as they were (${missing.length}): ${missing.join(', ')}`)
  } finally {
    await database.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `files:to-database: ${err.message}` : err)
  process.exit(1)
})
