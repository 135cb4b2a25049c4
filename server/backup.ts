/**
 * Backup and restore of the embedded database (issue 31), one gzipped tar of `<TRESTLE_DATA_DIR>/pglite`:
 *
 *   npm run backup [-- <file>]    while a gateway runs on the directory: it writes the backup itself
 *                                 (SIGUSR2; nothing writes while PGlite copies its files); otherwise
 *                                 the database is opened here. Default file:
 *                                 <TRESTLE_DATA_DIR>/backups/trestle-<time>.tar.gz
 *   npm run restore -- <file>     with no gateway running on the directory: the backup becomes the
 *                                 database; the one before is kept as pglite.before-restore-<time>
 *
 * With DATABASE_URL, PostgreSQL's own tools do this (pg_dump / pg_restore, pg_basebackup).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig, type Config } from './config'
import { backupPath, backupsDir, runningGateway, writeWhole } from './db/backup'
import { openDatabase, restoreEmbedded } from './db/client'

const BACKUP_WAIT_MS = 120_000

async function backup(config: Config, out: string | undefined): Promise<string> {
  const pid = runningGateway(config)
  if (pid !== null) {
    // the gateway writes the next backup into backups/; wait for a file newer than the request
    const asked = Date.now()
    const newest = () =>
      existsSync(backupsDir(config))
        ? readdirSync(backupsDir(config))
            .filter((f) => f.endsWith('.tar.gz'))
            .map((f) => path.join(backupsDir(config), f))
            .find((f) => statSync(f).mtimeMs >= asked - 1)
        : undefined
    process.kill(pid, 'SIGUSR2')
    for (let waited = 0; waited < BACKUP_WAIT_MS; waited += 200) {
      const file = newest()
      if (file) {
        if (!out) return file
        writeWhole(out, readFileSync(file))
        return out
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error(`the gateway (pid ${pid}) wrote no backup within ${BACKUP_WAIT_MS / 1000} s; see its log`)
  }
  const database = await openDatabase(config)
  try {
    const bytes = await database.backup()
    if (!bytes) throw new ConfigError('DATABASE_URL is set: back the PostgreSQL server up with its own tools (pg_dump, pg_basebackup)')
    const file = out ?? backupPath(config)
    writeWhole(file, bytes)
    return file
  } finally {
    await database.close()
  }
}

async function restore(config: Config, file: string | undefined): Promise<string> {
  if (config.databaseUrl) throw new ConfigError('DATABASE_URL is set: restore the PostgreSQL server with its own tools (pg_restore)')
  if (!file || !existsSync(file))
    throw new ConfigError(`name the backup to restore: npm run restore -- <file>${file ? ` (${file} does not exist)` : ''}`)
  const pid = runningGateway(config)
  if (pid !== null) throw new ConfigError(`a gateway (pid ${pid}) runs on ${config.dataDir}: stop it first`)
  const { keptAs } = await restoreEmbedded(config.dataDir, readFileSync(file))
  return keptAs ? `restored ${file}; the database before it is kept in ${keptAs}` : `restored ${file}`
}

async function main(): Promise<void> {
  const [verb, file] = process.argv.slice(2)
  const config = loadConfig()
  if (verb === 'backup') console.log(`backup written: ${await backup(config, file)}`)
  else if (verb === 'restore') console.log(await restore(config, file))
  else throw new ConfigError('usage: tsx server/backup.ts backup [file] | restore <file>')
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Trestle: ${err.message}` : err)
  process.exit(1)
})
