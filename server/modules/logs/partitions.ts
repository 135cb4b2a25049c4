/**
 * Monthly partitions of the three logs (DESIGN §5), kept by the gateway itself — no extension:
 * the months from the retention's start to two months ahead exist (`<log>_pYYYYMM`), and a month
 * that ended before the retention's start is dropped (a login month leaves the dashboard's rollups
 * first: login_rollup_forget). Idempotent; one gateway at a time does it (pg_try_advisory_xact_lock:
 * the others skip). Runs at start and on a timer (startLogUpkeep).
 */
import { sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'

export const LOG_TABLES = { login: 'login_log', operate: 'operate_log', system: 'system_log' } as const
export type LogKind = keyof typeof LOG_TABLES

/** Advisory lock key of the upkeep (any constant unique within Trestle). */
const LOCK_KEY = 7_310_014

const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m, 1))
const suffix = (d: Date) => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`

export interface UpkeepResult {
  /** false: another gateway held the lock. */
  ran: boolean
  created: string[]
  dropped: string[]
}

/**
 * Creates the missing months and drops the expired ones; answers what it did. Months are UTC
 * months (the partition bounds are timestamptz).
 */
export async function ensureLogPartitions(db: Db, now: Date, retention: Config['logRetentionDays']): Promise<UpkeepResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`)) as unknown as { rows: { ok: boolean }[] }
    if (!lock.rows[0]?.ok) return { ran: false, created: [], dropped: [] }
    const created: string[] = []
    const dropped: string[] = []
    for (const [kind, table] of Object.entries(LOG_TABLES) as [LogKind, string][]) {
      const keepFrom = new Date(now.getTime() - retention[kind] * 86_400_000)
      const existing = (await tx.execute(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = ${table} and p.relnamespace = to_regnamespace(current_schema())`,
      )) as unknown as { rows: { name: string }[] }
      const have = new Set(existing.rows.map((r) => r.name))
      // months that ended before keepFrom go
      for (const name of have) {
        const m = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`).exec(name)
        if (!m) continue
        const end = monthStart(Number(m[1]), Number(m[2]))
        if (end.getTime() <= keepFrom.getTime()) {
          // the dashboard's sign-in rollups forget the month first (0034_login_rollup.sql)
          if (kind === 'login') await tx.execute(sql`select login_rollup_forget(${name}, ${end.toISOString()}::timestamptz)`)
          await tx.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`))
          dropped.push(name)
        }
      }
      // from keepFrom's month to two months after now's
      let d = monthStart(keepFrom.getUTCFullYear(), keepFrom.getUTCMonth())
      const last = monthStart(now.getUTCFullYear(), now.getUTCMonth() + 2)
      while (d.getTime() <= last.getTime()) {
        const name = `${table}_p${suffix(d)}`
        const next = monthStart(d.getUTCFullYear(), d.getUTCMonth() + 1)
        if (!have.has(name)) {
          await tx.execute(
            sql.raw(
              `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${table}" FOR VALUES FROM ('${d.toISOString()}') TO ('${next.toISOString()}')`,
            ),
          )
          created.push(name)
        }
        d = next
      }
    }
    return { ran: true, created, dropped }
  })
}

/** What one run of the upkeep did (reported when it created or dropped a month, or failed). */
export type UpkeepReport = { result: UpkeepResult; durationMs: number } | { error: unknown; durationMs: number }

/**
 * Runs the upkeep now and then every `everyMs` (default 6 hours) until stopped; errors are logged,
 * never thrown. `report` hears of a run that changed something (only the gateway that held the lock
 * can have) or failed — the system log's row of it.
 */
export function startLogUpkeep(
  db: Db,
  retention: Config['logRetentionDays'],
  log: { error: (o: object, m: string) => void; info: (o: object, m: string) => void },
  everyMs = 6 * 3600_000,
  report: (r: UpkeepReport) => Promise<void> = async () => undefined,
): { first: Promise<void>; stop: () => void } {
  const run = async () => {
    const started = performance.now()
    const took = () => Math.round(performance.now() - started)
    try {
      const r = await ensureLogPartitions(db, new Date(), retention)
      if (r.created.length || r.dropped.length) {
        log.info(r, 'log partitions kept')
        await report({ result: r, durationMs: took() })
      }
    } catch (err) {
      log.error({ err }, 'log partition upkeep failed')
      await report({ error: err, durationMs: took() }).catch(() => undefined)
    }
  }
  const first = run()
  const timer = setInterval(() => void run(), everyMs)
  timer.unref()
  return { first, stop: () => clearInterval(timer) }
}
