/**
 * What the benchmark scripts share: a free loopback port, the percentile line they print, and a
 * gateway process (node_modules/.bin/tsx server/main.ts) on a fresh data directory, waited for until
 * it answers. (tests/support/gateway.ts starts the gateway for the API tests with their own log file
 * and rate limits; the benches keep the gateway's stderr on the console instead.)
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../server/db/client'
import { stopChild } from '../tests/support/gateway'

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

export interface StatsOptions {
  /** Print the mean after n (default false). */
  mean?: boolean
  /** Print p99 after p95 (default false). */
  p99?: boolean
  /** Print the maximum after p95 (default true). */
  max?: boolean
  /** Decimals of the milliseconds (default 1). */
  digits?: number
}

/** The value at fraction `p` (0–1) of `xs` in order (0 for none): p50, p99, max. */
export const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}

/** The middle value (the upper one of an even count). */
export const median = (xs: readonly number[]): number => percentile(xs, 0.5)

/**
 * How many times the bench scores each page with Lighthouse (BENCH_LIGHTHOUSE_RUNS, 3): its figure is
 * the median, as Lighthouse advises for its run-to-run spread — on these 2 cores the home scored
 * 0.94, 0.84 and 0.89 in three runs of the same build.
 */
export const LIGHTHOUSE_RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)) || 1)

/** `n=… [mean=… ms] p50=… ms p95=… ms [p99=… ms] [max=… ms]` */
export function stats(ms: number[], { mean = false, p99 = false, max = true, digits = 1 }: StatsOptions = {}) {
  const at = (p: number) => percentile(ms, p)
  const f = (v: number) => `${v.toFixed(digits)} ms`
  const parts = [`n=${ms.length}`]
  if (mean) parts.push(`mean=${f(ms.reduce((a, b) => a + b, 0) / ms.length)}`)
  parts.push(`p50=${f(at(0.5))}`, `p95=${f(at(0.95))}`)
  if (p99) parts.push(`p99=${f(at(0.99))}`)
  if (max) parts.push(`max=${f(at(1))}`)
  return parts.join(' ')
}

/** Polls getPubKey until the gateway at `base` answers (at most 300 s: a busy machine starts slowly). */
export async function waitUp(base: string) {
  const started = performance.now()
  for (;;) {
    try {
      if ((await fetch(`${base}/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin`)).ok) return
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 300_000) throw new Error('gateway did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
}

export interface BenchGateway {
  base: string
  /** The process started (tsx, whose child runs the gateway). */
  pid: number
  /** SIGTERM (SIGKILL after 5 s), then the data directory removed when it was created here. */
  stop(): Promise<void>
}

/**
 * A gateway on a free port with `env` over process.env, answering when this resolves. Without
 * TRESTLE_DATA_DIR in `env`, a fresh temporary one (`trestle-<name>-…`, serving no console unless
 * TRESTLE_SERVE_DIST says otherwise) that stop() removes. `background`: the gateway and its children run
 * at a low scheduling priority (`nice -n 15`): for a browser's figures on this machine, where the gateway
 * answering the page shares the cores with the browser — a tablet does not, and Lighthouse multiplies the
 * main thread's observed tasks (its simulated slow phone), the time they waited for a core included.
 */
export async function startGateway(
  env: Record<string, string | undefined>,
  name = 'bench',
  { background = false }: { background?: boolean } = {},
): Promise<BenchGateway> {
  const own = env.TRESTLE_DATA_DIR ? null : mkdtempSync(join(tmpdir(), `trestle-${name}-`))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // BENCH_GATEWAY_PROF=<dir>: each gateway writes a CPU profile (.cpuprofile) there when it stops
  const prof = process.env.BENCH_GATEWAY_PROF
  const command = [
    prof ? process.execPath : 'node_modules/.bin/tsx',
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`, '--import', 'tsx'] : []),
    'server/main.ts',
  ]
  const [program, ...args] = background ? ['nice', '-n', '15', ...command] : command
  const child = spawn(program!, args, {
    env: { ...process.env, ...(own ? { TRESTLE_DATA_DIR: own, TRESTLE_SERVE_DIST: join(own, 'none') } : {}), ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    await stopChild(child)
    if (own) rmSync(own, { recursive: true, force: true })
  }
  try {
    await waitUp(base)
  } catch (err) {
    await stop()
    throw err
  }
  return { base, pid: child.pid!, stop }
}

export interface SeededDatabase {
  /** process.env with the data directory, no console and the embedded database; for startGateway. */
  env: Record<string, string | undefined>
  database: Database
  /** Removes the data directory (after the database and any gateway on it are closed). */
  remove(): void
}

/**
 * A fresh embedded database in a temporary data directory (`trestle-<name>-…`), migrated and seeded
 * with the demo data, opened here for bulk inserts before a gateway is started on it.
 */
export async function seededDatabase(name: string, extra: Record<string, string>): Promise<SeededDatabase> {
  const [{ loadConfig }, { openDatabase }, { seed }] = await Promise.all([
    import('../server/config'),
    import('../server/db/client'),
    import('../server/seed'),
  ])
  const dir = mkdtempSync(join(tmpdir(), `trestle-${name}-`))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  const env = { ...process.env, TRESTLE_DATA_DIR: dir, TRESTLE_SERVE_DIST: join(dir, 'none'), DATABASE_URL: '', ...extra }
  try {
    const config = loadConfig(env)
    const database = await openDatabase(config)
    await database.migrate()
    await seed(database.db, config, true)
    return { env, database, remove }
  } catch (err) {
    remove()
    throw err
  }
}

/** A statement the gateway ran, as `TRESTLE_SQL_LOG` writes it (server/db/client.ts). */
export interface Statement {
  query: string
  params: unknown[]
}

/** The statements in a `TRESTLE_SQL_LOG` file, in the order they ran (none when there is no file). */
export const readSqlLog = (file: string): Statement[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Statement)
    : []

/**
 * The anchor of an outbox replay of `edits` edits: the gateway's own pace — a fifth as many writes of
 * the same kind (at least 20: adds, then an edit of each, each with its key) sent one after another by
 * the same client without the outbox. Prints `<name> anchor: N writes one after another in S s, M ms a
 * write`, which bench/index.ts reads (`paceAnchor`).
 */
export async function ownPace<T>(
  name: string,
  edits: number,
  add: (i: number) => Promise<T>,
  edit: (added: T, i: number) => Promise<unknown>,
): Promise<void> {
  const count = Math.max(20, Math.round(edits / 5))
  const d0 = performance.now()
  const added: T[] = []
  for (let i = 0; i < count / 2; i++) added.push(await add(i))
  for (const [i, a] of added.entries()) await edit(a, i)
  const ms = performance.now() - d0
  console.log(`${name} anchor: ${count} writes one after another in ${(ms / 1000).toFixed(2)} s, ${(ms / count).toFixed(2)} ms a write`)
}
