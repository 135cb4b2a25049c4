/**
 * Starts real gateway processes for the API tests (DESIGN §5):
 *  - `embedded`: PGlite in a temp dir, demo data;
 *  - `short`: embedded, with short access-token (2 s) / idle (4 s) / absolute session (8 s) /
 *    RSA-key (5 s) TTLs;
 *  - `limited`: embedded, with a login rate limit of 3 per minute;
 *  - `pgA` + `pgB`: two processes on one PostgreSQL 15 server that this setup starts itself
 *    (when /usr/local/bin/initdb exists or TRESTLE_TEST_PG=1).
 */
import { spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, chmodSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startGateway as start, stopChild, type GatewayTarget } from '../support/gateway'

export type Target = GatewayTarget

declare module 'vitest' {
  export interface ProvidedContext {
    targets: Target[]
    short: Target
    limited: Target
    pgPair: Target[] | null
    /** The PostgreSQL database behind pgA/pgB, for tests that look at or change rows directly. */
    pgUrl: string | null
  }
}

const PG_BIN = process.env.TRESTLE_PG_BIN ?? '/usr/local/bin'
const PG_ADMIN_PASSWORD = 'PgAdmin#2026'

const children: ChildProcess[] = []
const cleanups: (() => void)[] = []

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

async function startGateway(name: string, env: Record<string, string>, dataDir?: string): Promise<Target> {
  const g = await start(name, env, dataDir)
  children.push(g.child)
  cleanups.push(g.removeData)
  return { name: g.name, url: g.url, demo: g.demo, adminPassword: g.adminPassword, log: g.log }
}

const asPostgres = (args: string[]) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' })

async function startPostgres(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-pg-'))
  chmodSync(dir, 0o777)
  const data = path.join(dir, 'data')
  const port = await freePort()
  let r = asPostgres([path.join(PG_BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'])
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr}`)
  r = asPostgres([
    path.join(PG_BIN, 'pg_ctl'),
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    path.join(dir, 'pg.log'),
    '-w',
    'start',
  ])
  if (r.status !== 0) throw new Error(`pg_ctl start failed: ${r.stderr}`)
  cleanups.push(() => {
    asPostgres([path.join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'])
    rmSync(dir, { recursive: true, force: true })
  })
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
  await admin.connect()
  await admin.query('create database trestle')
  await admin.end()
  return `postgres://postgres@127.0.0.1:${port}/trestle`
}

export default async function setup(project: TestProject) {
  const wantPg = process.env.TRESTLE_TEST_PG === '1' || (process.env.TRESTLE_TEST_PG !== '0' && existsSync(path.join(PG_BIN, 'initdb')))
  try {
    const pgUrl = wantPg ? startPostgres() : Promise.resolve(null)
    const [embedded, short, limited, databaseUrl] = await Promise.all([
      startGateway('embedded', {}),
      startGateway('short', {
        TRESTLE_ACCESS_TOKEN_TTL: '2',
        TRESTLE_SESSION_IDLE_TTL: '4',
        TRESTLE_SESSION_MAX_TTL: '8',
        TRESTLE_RSA_KEY_TTL: '5',
        TRESTLE_FILE_URL_TTL: '2',
      }),
      startGateway('limited', { TRESTLE_LOGIN_RATE_LIMIT: '3' }),
      pgUrl,
    ])
    let pgPair: Target[] | null = null
    if (databaseUrl) {
      const env = { DATABASE_URL: databaseUrl, TRESTLE_ADMIN_PASSWORD: PG_ADMIN_PASSWORD }
      const a = await startGateway('pgA', env)
      const b = await startGateway('pgB', env)
      pgPair = [a, b]
    }
    project.provide('targets', pgPair ? [embedded, pgPair[0]!] : [embedded])
    project.provide('short', short)
    project.provide('limited', limited)
    project.provide('pgPair', pgPair)
    project.provide('pgUrl', databaseUrl)
  } catch (err) {
    await teardown()
    throw err
  }
  return teardown
}

async function teardown() {
  await Promise.all(children.map(stopChild))
  for (const clean of cleanups.reverse()) {
    try {
      clean()
    } catch {
      // best effort
    }
  }
  children.length = 0
  cleanups.length = 0
}
