/** Opens the database: PGlite in <dataDir>/pglite by default, node-postgres when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Config } from '../config'

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /** Runs `fn` while holding a cluster-wide lock (two processes starting on one server take turns). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

const STARTUP_LOCK = 7_283_001
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const { Pool } = (await import('pg')).default
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 })
    const db = drizzle(pool)
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrate(db, { migrationsFolder }),
      withStartupLock: async (fn) => {
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined)
          client.release()
        }
      },
      close: () => pool.end(),
    }
  }
  const dir = path.join(config.dataDir, 'pglite')
  mkdirSync(dir, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = await PGlite.create(dir)
  const db = drizzle(client)
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
  }
}
