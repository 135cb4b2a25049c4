/** Opens the database: PGlite in <dataDir>/pglite by default, node-postgres when DATABASE_URL is set. */
import { AsyncLocalStorage } from 'node:async_hooks'
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Config } from '../config'

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>

/** A connection pool's connections: all, idle, and requests waiting for one. */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export interface Database {
  db: Db
  /** Where reads that may lag go (log searches, exports, the dashboard): the replica of TRESTLE_READ_URL, else `db`. */
  readDb: Db
  kind: 'pglite' | 'postgres'
  /** The pool's connections now (null: PGlite, one connection in process). */
  poolStats(): PoolStats | null
  /**
   * The embedded database's whole data directory as one gzipped tar, taken between two statements
   * (PGlite holds its query lock while it copies, so nothing writes meanwhile): an image as after a
   * crash, which PostgreSQL's recovery on restore makes consistent — a transaction open at that
   * moment is rolled back. Null on a PostgreSQL server (use its own tools: pg_dump, pg_basebackup).
   */
  backup(): Promise<Uint8Array | null>
  migrate(): Promise<void>
  /** Runs `fn` while holding a cluster-wide lock (two processes starting on one server take turns). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>
  /**
   * LISTEN on `channel` (DESIGN §5: NOTIFY carries ids only; the table is the truth). PostgreSQL:
   * one dedicated connection outside the pool, reconnected with back-off — `onPayload(null)` after
   * a reconnect, so the listener re-reads what it may have missed. PGlite: its own listen, in process.
   */
  listen(channel: string, onPayload: (payload: string | null) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

export interface OpenOptions {
  /** Told about a transaction still open after `slowTransactionMs` (default 5000), and again when it ends. */
  onSlowTransaction?: (info: { ms: number; done: boolean; stack: string | undefined }) => void
  slowTransactionMs?: number
  /** Told when the server ends a pooled connection (PostgreSQL restarted, failed over). */
  onConnectionError?: (err: Error) => void
}

/**
 * The outer `db` was used inside one of its own transactions. PGlite has one connection and runs
 * one transaction at a time: such a query would wait for the transaction that waits for it — the
 * whole gateway would hang. On PostgreSQL it would take a second connection (out of ten) and read
 * around the transaction, or wait for its locks. Use the transaction handle (`tx`) instead.
 */
export class OuterDbInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} on the outer database inside a transaction: use the transaction handle (tx)`)
    this.name = 'OuterDbInTransactionError'
  }
}

const STARTUP_LOCK = 7_283_001

/**
 * `TRESTLE_SQL_LOG=<file>` (the bench): every statement with its parameters appended to the file as
 * one JSON line, so the bench can count a request's statements and EXPLAIN them. Off by default.
 */
function sqlLogger(): { logQuery(query: string, params: unknown[]): void } | undefined {
  const file = process.env.TRESTLE_SQL_LOG
  if (!file) return undefined
  return { logQuery: (query, params) => appendFileSync(file, `${JSON.stringify({ query, params })}\n`) }
}
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * The contrib extensions an embedded database loads: the migrations create indexes with them
 * (0035: pg_trgm's GIN index of the login log's account names), so every PGlite opened on a data
 * directory of ours needs them.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  return { pg_trgm }
}

/**
 * Replaces the embedded database in `<dataDir>/pglite` with a backup's (`Database.backup`); the
 * directory there before is kept beside it as `pglite.before-restore-<time>`. Only while no gateway
 * runs on the directory (server/backup.ts checks).
 */
export async function restoreEmbedded(dataDir: string, tarball: Uint8Array): Promise<{ keptAs: string | null }> {
  const dir = path.join(dataDir, 'pglite')
  let keptAs: string | null = null
  if (existsSync(dir)) {
    keptAs = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dir, keptAs)
  }
  mkdirSync(dir, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const client = await PGlite.create(dir, {
    loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>]),
    extensions: await pgliteExtensions(),
  })
  await client.query('select 1')
  await client.close()
  return { keptAs }
}

/**
 * How many of this version's migrations the database has not applied (0: up to date). Throws when
 * the database cannot be reached. The readiness answer (plugins/health.ts) asks it.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
  const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { n: number }[]
  }
  const applied = Number(result.rows[0]?.n ?? 0)
  return Math.max(0, journal.entries.length - applied)
}

/**
 * Set while a callback of `db.transaction` runs (per async call chain, so other requests are
 * unaffected); `open` turns false when that transaction ends, so work the callback started and did
 * not wait for may use the database again afterwards.
 */
const inTransaction = new AsyncLocalStorage<{ open: boolean }>()

const BYTEA_OID = 17
/**
 * bytea (the file store's pieces) to and from PGlite without its byte-by-byte JS coding (a 2 MB
 * statement cost ~100 MB of garbage, and the shared store crawled at 5 MB/s — bench `files`): a
 * Uint8Array parameter is bound as it is, in binary format; a value read comes as hex text, which
 * Buffer decodes natively.
 */
const FAST_BYTEA = {
  serializers: {
    [BYTEA_OID]: (v: unknown) => {
      if (!(v instanceof Uint8Array)) throw new Error('Invalid input for bytea type')
      return v as unknown as string
    },
  },
  parsers: { [BYTEA_OID]: (v: string) => Buffer.from(v.slice(2), 'hex') },
}

/**
 * Drizzle asks PGlite for dates, times, intervals and their arrays as text with every statement (a
 * `parsers` option of these types), and PGlite then copies its whole table of parsers (≈ 430 types)
 * to apply them: 0.2 ms a statement, a tenth of an embedded write (bench `outbox`). The client's own
 * table reads these types as text instead — set after its start, which fills in the array types —
 * and a statement's options lose a `parsers` that names only them: what each statement reads stays
 * what Drizzle asked for, without the copy. Statements in a transaction too (its handle's `query`).
 */
const DRIZZLE_TEXT_TYPES: ReadonlySet<string> = new Set(
  [
    1082, // date
    1114, // timestamp
    1184, // timestamptz
    1186, // interval
    1182, // date[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1231, // numeric[]
  ].map(String),
)
type QueryFn = (query: string, params?: unknown[], options?: { parsers?: Record<string, unknown> }) => Promise<unknown>
export function readDrizzleTextTypesOnce(client: {
  parsers: Record<number, (v: string) => unknown>
  query: QueryFn
  transaction: unknown
}): void {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[Number(oid)] = (v: string) => v
  const lighter = (query: QueryFn): QueryFn => {
    return (q, params, options) => {
      if (options?.parsers && Object.keys(options.parsers).every((oid) => DRIZZLE_TEXT_TYPES.has(oid))) {
        const { parsers: _same, ...rest } = options
        return query(q, params, rest)
      }
      return query(q, params, options)
    }
  }
  client.query = lighter(client.query.bind(client))
  const transaction = (client.transaction as (fn: (tx: { query: QueryFn }) => Promise<unknown>) => Promise<unknown>).bind(client)
  client.transaction = (fn: (tx: { query: QueryFn }) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = lighter(tx.query)
      return fn(tx)
    })
}

/** Makes `methods` of a driver client refuse calls made from inside a transaction callback. */
function refuseInsideTransactions(client: object, methods: string[], label: string): void {
  const target = client as Record<string, unknown>
  for (const name of methods) {
    const original = target[name]
    if (typeof original !== 'function') throw new Error(`${label}.${name} is not a function`)
    const bound = (original as (...args: unknown[]) => unknown).bind(client)
    target[name] = (...args: unknown[]) => {
      if (inTransaction.getStore()?.open) {
        const err = new OuterDbInTransactionError(`${label}.${name}`)
        // Callback-style pool.connect(cb) does not exist in our code; promise style throughout.
        return Promise.reject(err)
      }
      return bound(...args)
    }
  }
}

/** Marks the callbacks of `db.transaction` (see `inTransaction`) and reports transactions held too long. */
function markTransactions(db: Db, opts: OpenOptions): void {
  const original = db.transaction.bind(db)
  const slowMs = opts.slowTransactionMs ?? 5000
  db.transaction = ((fn: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    if (inTransaction.getStore()?.open) return Promise.reject(new OuterDbInTransactionError('db.transaction'))
    return original(async (tx) => {
      const started = Date.now()
      const stack = new Error('transaction started').stack
      let slow = false
      const timer = opts.onSlowTransaction
        ? setTimeout(() => {
            slow = true
            opts.onSlowTransaction?.({ ms: Date.now() - started, done: false, stack })
          }, slowMs)
        : null
      timer?.unref()
      const mark = { open: true }
      try {
        return await inTransaction.run(mark, () => fn(tx))
      } finally {
        mark.open = false
        if (timer) clearTimeout(timer)
        if (slow) opts.onSlowTransaction?.({ ms: Date.now() - started, done: true, stack })
      }
    }, config)
  }) as Db['transaction']
}

/** A LISTEN connection of its own (a pooled one would be handed to other queries), reconnected until stopped. */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string | null) => void): Promise<() => Promise<void>> {
  const { Client } = (await import('pg')).default
  let stopped = false
  let current: InstanceType<typeof Client> | null = null
  let delay = 500
  const connect = async (first: boolean): Promise<void> => {
    const client = new Client({ connectionString: url })
    client.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '')
    })
    client.on('error', () => undefined)
    client.on('end', () => {
      if (stopped || current !== client) return
      current = null
      setTimeout(() => void connect(false).catch(() => undefined), delay).unref()
      delay = Math.min(delay * 2, 10_000)
    })
    current = client
    try {
      await client.connect()
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`)
      delay = 500
      if (!first) onPayload(null)
    } catch (err) {
      if (first) throw err
      await client.end().catch(() => undefined)
    }
  }
  await connect(true)
  return async () => {
    stopped = true
    await current?.end().catch(() => undefined)
  }
}

/** A driver's drizzle instance as the gateway uses it: transactions marked (markTransactions), migrations from our folder. */
function asDatabase<D>(
  db: D,
  migrate: (db: D, config: { migrationsFolder: string }) => Promise<void>,
  opts: OpenOptions,
): Pick<Database, 'db' | 'migrate'> {
  markTransactions(db as unknown as Db, opts)
  return { db: db as unknown as Db, migrate: () => migrate(db, { migrationsFolder }) }
}

export async function openDatabase(config: Config, opts: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) {
    const { Pool } = (await import('pg')).default
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 })
    refuseInsideTransactions(pool, ['query', 'connect'], 'pool')
    const db = drizzle(pool, { logger: sqlLogger() })
    const readPool = config.readUrl ? new Pool({ connectionString: config.readUrl, max: 10 }) : null
    // A connection the server ended (a restart, a failover) reports an error event — through the pool
    // while idle, on the client itself while checked out (a transaction waiting between statements):
    // unheard, either would end the process. The query in flight fails, the pool drops the
    // connection and opens a new one for the next query.
    for (const p of [pool, readPool]) {
      p?.on('error', (err) => opts.onConnectionError?.(err))
      p?.on('connect', (client) => client.on('error', (err) => opts.onConnectionError?.(err)))
    }
    const base = asDatabase(db, migrate, opts)
    return {
      ...base,
      readDb: readPool ? (drizzle(readPool, { logger: sqlLogger() }) as unknown as Db) : base.db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      backup: async () => null,
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
      listen: (channel, onPayload) => listenPostgres(config.databaseUrl!, channel, onPayload),
      close: async () => {
        await readPool?.end()
        await pool.end()
      },
    }
  }
  const dir = path.join(config.dataDir, 'pglite')
  mkdirSync(dir, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = await PGlite.create(dir, { extensions: await pgliteExtensions(), ...FAST_BYTEA })
  readDrizzleTextTypesOnce(client as unknown as Parameters<typeof readDrizzleTextTypesOnce>[0])
  // PGlite serialises everything: a query issued here while a transaction is open waits for it forever.
  refuseInsideTransactions(client, ['query', 'exec', 'sql', 'transaction', 'describeQuery'], 'pglite')
  const db = drizzle(client, { logger: sqlLogger() })
  return {
    ...asDatabase(db, migrate, opts),
    readDb: db as unknown as Db,
    kind: 'pglite',
    poolStats: () => null,
    backup: async () => new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()),
    withStartupLock: (fn) => fn(),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, (payload) => onPayload(payload))
      return async () => {
        if (!client.closed) await stop()
      }
    },
    close: () => client.close(),
  }
}
