/**
 * Starts a real gateway process (tsx server/main.ts) on a free port with its own embedded
 * database, for the API tests' global setup and for tests that need a gateway configured their
 * own way (a local SMTP server, SMS webhook or OAuth provider).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface GatewayTarget {
  name: string
  url: string
  /** Demo data (tourist, orgadmin…) present. */
  demo: boolean
  adminPassword: string
  log: string
}

export interface Gateway extends GatewayTarget {
  child: ChildProcess
  /** Removes the data directory when it was created here (after the process ended). */
  removeData(): void
  /** SIGTERM (SIGKILL after 5 s), then removeData(). */
  stop(): Promise<void>
}

const ROOT = path.resolve(import.meta.dirname, '../..')
export const DEMO_PASSWORD = 'Trestle@2026'

export function stopChild(c: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve()
    const timer = setTimeout(() => {
      c.kill('SIGKILL')
      resolve()
    }, 5000)
    c.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    c.kill('SIGTERM')
  })
}

/**
 * Where the test run's template lies (set by the API tests' and the e2e tests' global setup): an
 * embedded database a gateway migrated and seeded with the tests' settings, then stopped. A gateway
 * started on an empty data directory of its own opens a copy of it — ~4 s instead of ~12 for
 * migrating and seeding again — so the run migrates and seeds from nothing once, in its setup.
 */
export const TEMPLATE_ENV = 'TRESTLE_TEST_TEMPLATE_DIR'

/** Copies the run's template database into `dir` when there is one and `dir` has no database yet. */
export function fromTemplate(dir: string, env: Record<string, string | undefined> = {}): void {
  const template = process.env[TEMPLATE_ENV]
  if (!template || env.DATABASE_URL || existsSync(path.join(dir, 'pglite'))) return
  cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true })
}

/** Migrates and seeds an embedded database from nothing (a gateway's first start), for `fromTemplate`. */
export async function makeTemplate(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-template-'))
  const gateway = await startGateway('template', {}, dir)
  await gateway.stop()
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export async function startGateway(name: string, env: Record<string, string>, dataDir?: string): Promise<Gateway> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), `trestle-${name}-`))
  fromTemplate(dir, env)
  const log = path.join(dir, `${name}.log`)
  const out = createWriteStream(log)
  // node itself with tsx's loader, not the tsx command: that would run the gateway as a child of its
  // own, which a SIGKILL of the process started here would leave running
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      TRESTLE_DATA_DIR: dir,
      TRESTLE_SERVE_DIST: path.join(dir, 'no-dist'),
      TRESTLE_LOGIN_RATE_LIMIT: '1000',
      TRESTLE_VERIFY_IP_LIMIT: '1000',
      // background jobs (server/lib/jobs.ts): a failed send is retried after 0.2 s, 0.4 s… so tests see it dead-lettered
      TRESTLE_JOB_RETRY_MS: '200',
      // the tests' webhook and SMS receivers listen on 127.0.0.1 (any port); `localhost`, 127.0.0.2… stay refused
      TRESTLE_WEBHOOK_ALLOW: '127.0.0.1',
      // password hashes at scrypt N = 2^14 instead of 2^17: each sign-in and seeded account costs ~50 ms
      // of CPU instead of ~500 (the suite signs in thousands of times on two cores); a unit test holds the default
      TRESTLE_PASSWORD_COST: '14',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(out)
  child.stderr.pipe(out)
  const removeData = () => {
    if (!dataDir) rmSync(dir, { recursive: true, force: true })
  }
  const stop = async () => {
    await stopChild(child)
    removeData()
  }
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start in time; see ${log}`)), 180_000)
      let buf = ''
      child.stdout.on('data', (chunk: Buffer) => {
        buf += chunk.toString()
        const m = /Trestle gateway on http:\/\/localhost:(\d+)/.exec(buf)
        if (m) {
          clearTimeout(timer)
          resolve(`http://127.0.0.1:${m[1]}`)
        }
      })
      child.on('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`${name} exited with ${code}: ${readFileSync(log, 'utf8').slice(-2000)}`))
      })
    })
    child.removeAllListeners('exit')
    return { name, url, demo: !env.DATABASE_URL, adminPassword: env.TRESTLE_ADMIN_PASSWORD ?? DEMO_PASSWORD, log, child, removeData, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
