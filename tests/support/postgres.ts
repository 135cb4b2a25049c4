/**
 * A PostgreSQL 15 server of the tests' own, from the Debian binaries (TRESTLE_PG_BIN, /usr/local/bin
 * by default), run as the `postgres` user in a temporary directory: initdb, start, restart, stop.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const PG_BIN = process.env.TRESTLE_PG_BIN ?? '/usr/local/bin'
export const hasPostgres = () => existsSync(path.join(PG_BIN, 'initdb'))

export const asPostgres = (args: string[]) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' })

export function freePort(): Promise<number> {
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

export interface PostgresServer {
  dir: string
  port: number
  /** A database's URL (`trestle`, created at start, by default). */
  url(db?: string): string
  /** pg_ctl restart: every connection is ended, the server is back when this resolves. */
  restart(): void
  /** Stops the server (immediate) and removes its directory. */
  remove(): void
}

function pgCtl(args: string[]): void {
  const r = asPostgres([path.join(PG_BIN, 'pg_ctl'), ...args])
  if (r.status !== 0) throw new Error(`pg_ctl ${args.at(-1)} failed: ${r.stderr}`)
}

/** initdb, start (fsync off: test data), and a `trestle` database. */
export async function startPostgres(name = 'pg'): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `trestle-${name}-`))
  chmodSync(dir, 0o777)
  const data = path.join(dir, 'data')
  const port = await freePort()
  const r = asPostgres([path.join(PG_BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'])
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr}`)
  const options = [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    path.join(dir, 'pg.log'),
    '-w',
  ]
  pgCtl([...options, 'start'])
  const url = (db = 'trestle') => `postgres://postgres@127.0.0.1:${port}/${db}`
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: url('postgres') })
  await admin.connect()
  await admin.query('create database trestle')
  await admin.end()
  return {
    dir,
    port,
    url,
    restart: () => pgCtl([...options, '-m', 'fast', 'restart']),
    remove: () => {
      asPostgres([path.join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
