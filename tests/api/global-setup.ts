/**
 * Starts real gateway processes for the API tests (DESIGN §5), one set for each Vitest worker
 * (its maxWorkers, vitest.config.ts: test files run side by side, each worker on gateways and a
 * database of its own, so files never share records). A set is:
 *  - `embedded`: PGlite in a temp dir, demo data;
 *  - `short`: embedded, with short access-token (2 s) / idle (4 s) / absolute session (8 s) /
 *    RSA-key (5 s) TTLs;
 *  - `limited`: embedded, with a login rate limit of 3 per minute;
 *  - `pgA` + `pgB`: two processes on a PostgreSQL 15 server of the set's own that this setup starts
 *    (when /usr/local/bin/initdb exists or TRESTLE_TEST_PG=1).
 * A test file reads its worker's set with `provided(…)` (tests/api/provided.ts).
 */
import { PACKAGE_MAX_MB } from './files-fixtures'
import type { ChildProcess } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { TEMPLATE_ENV, makeTemplate, startGateway as start, stopChild, type GatewayTarget } from '../support/gateway'
import { hasPostgres, startPostgres } from '../support/postgres'

export type Target = GatewayTarget

/** What one worker's tests run against. */
export interface GatewaySet {
  targets: Target[]
  short: Target
  limited: Target
  pgPair: Target[] | null
  /** The PostgreSQL database behind pgA/pgB, for tests that look at or change rows directly. */
  pgUrl: string | null
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One set per worker, in the order of VITEST_POOL_ID. */
    sets: GatewaySet[]
  }
}

const PG_ADMIN_PASSWORD = 'PgAdmin#2026'

const children: ChildProcess[] = []
const cleanups: (() => void)[] = []

async function startGateway(name: string, env: Record<string, string>, dataDir?: string): Promise<Target> {
  const g = await start(name, env, dataDir)
  children.push(g.child)
  cleanups.push(g.removeData)
  return { name: g.name, url: g.url, demo: g.demo, adminPassword: g.adminPassword, log: g.log }
}

export default async function setup(project: TestProject) {
  const wantPg = process.env.TRESTLE_TEST_PG === '1' || (process.env.TRESTLE_TEST_PG !== '0' && hasPostgres())
  try {
    // one migration and seed from nothing; every other embedded gateway of the run opens a copy (tests/support/gateway.ts)
    const template = await makeTemplate()
    cleanups.push(template.remove)
    process.env[TEMPLATE_ENV] = template.dir
    const sets = await Promise.all(Array.from({ length: Math.max(1, project.config.maxWorkers) }, (_, i) => startSet(i + 1, wantPg)))
    project.provide('sets', sets)
  } catch (err) {
    await teardown()
    throw err
  }
  return teardown
}

async function startSet(n: number, wantPg: boolean): Promise<GatewaySet> {
  const pgUrl = wantPg
    ? startPostgres(`pg${n}`).then((server) => {
        cleanups.push(server.remove)
        return server.url()
      })
    : Promise.resolve(null)
  const [embedded, short, limited, databaseUrl] = await Promise.all([
    // installer packages up to 3 MB: the oversize refusal without uploading 512 MB (tests/api/packages.test.ts)
    startGateway('embedded', { TRESTLE_PACKAGE_MAX_MB: String(PACKAGE_MAX_MB) }),
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
    const env = { DATABASE_URL: databaseUrl, TRESTLE_ADMIN_PASSWORD: PG_ADMIN_PASSWORD, TRESTLE_PACKAGE_MAX_MB: String(PACKAGE_MAX_MB) }
    const a = await startGateway('pgA', env)
    const b = await startGateway('pgB', env)
    pgPair = [a, b]
  }
  return { targets: pgPair ? [embedded, pgPair[0]!] : [embedded], short, limited, pgPair, pgUrl: databaseUrl }
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
