/**
 * A database of a test's own (one that migrates, partitions or counts everything it holds): the
 * embedded one in a temporary directory, or a new database on the suite's PostgreSQL server — removed
 * afterwards. Without the suite's PostgreSQL, `onFreshPostgres` runs nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { provided } from './provided'
import { openDatabase, type Database } from '../../server/db/client'
import { loadConfig } from '../../server/config'

export async function onFreshEmbedded(prefix: string, fn: (db: Database) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `trestle-${prefix}-`))
  const db = await openDatabase(loadConfig({ TRESTLE_DATA_DIR: dir }))
  try {
    await fn(db)
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function onFreshPostgres(prefix: string, fn: (db: Database) => Promise<void>): Promise<void> {
  const pgUrl = provided('pgUrl')
  if (!pgUrl) return
  const { default: pg } = await import('pg')
  const name = `${prefix}_${Date.now()}`
  const server = new pg.Client({ connectionString: pgUrl.replace(/\/trestle$/, '/postgres') })
  await server.connect()
  await server.query(`create database ${name}`)
  const db = await openDatabase(loadConfig({ DATABASE_URL: pgUrl.replace(/\/trestle$/, `/${name}`), TRESTLE_ADMIN_PASSWORD: 'x' }))
  try {
    await fn(db)
  } finally {
    await db.close()
    await server.query(`drop database ${name}`)
    await server.end()
  }
}
