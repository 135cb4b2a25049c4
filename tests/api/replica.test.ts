/**
 * A gateway with a streaming replica (TRESTLE_READ_URL, issue 31), on a primary and a hot standby this
 * test starts from the Debian PostgreSQL binaries (initdb, pg_basebackup -R): log searches read the
 * replica — with its replay paused, a new sign-in is not found there until replay resumes — while a
 * record a user just saved reads from the primary at once.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../support/gateway'
import { ROLE, signedIn, sleep, uniqueName } from './helpers'

const PG_BIN = process.env.TRESTLE_PG_BIN ?? '/usr/local/bin'
// the Debian package's directory holds pg_basebackup beside initdb
const BIN = existsSync(path.join(PG_BIN, 'initdb')) ? path.dirname(realpathSync(path.join(PG_BIN, 'initdb'))) : null
const LOGIN_LOGS = '/api/admin/v1/loginLog/listPage'

const asPostgres = (args: string[]) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' })
const run = (args: string[]) => {
  const r = asPostgres(args)
  if (r.status !== 0) throw new Error(`${args[0]} failed: ${r.stderr}`)
}
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

describe.runIf(BIN && existsSync(path.join(BIN, 'pg_basebackup')))('a streaming replica for reads that may lag', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-replica-'))
  const primary = path.join(dir, 'primary')
  const standby = path.join(dir, 'standby')
  let ports: [number, number]
  let gw: Gateway | null = null
  const url = (port: number, db = 'trestle') => `postgres://postgres@127.0.0.1:${port}/${db}`
  const start = (data: string, port: number) =>
    run([
      path.join(BIN!, 'pg_ctl'),
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      `${data}.log`,
      '-w',
      'start',
    ])
  const onStandby = async (query: string) => {
    const c = new pg.Client({ connectionString: url(ports[1], 'postgres') })
    await c.connect()
    try {
      return (await c.query(query)).rows as Record<string, unknown>[]
    } finally {
      await c.end()
    }
  }

  beforeAll(async () => {
    chmodSync(dir, 0o777)
    ports = [await freePort(), await freePort()]
    run([path.join(BIN!, 'initdb'), '-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'])
    start(primary, ports[0])
    const admin = new pg.Client({ connectionString: url(ports[0], 'postgres') })
    await admin.connect()
    await admin.query('create database trestle')
    await admin.end()
    run([
      path.join(BIN!, 'pg_basebackup'),
      '-h',
      '127.0.0.1',
      '-p',
      String(ports[0]),
      '-U',
      'postgres',
      '-D',
      standby,
      '-R',
      '-X',
      'stream',
    ])
    start(standby, ports[1])
    gw = await startGateway('replica', {
      DATABASE_URL: url(ports[0]),
      TRESTLE_READ_URL: url(ports[1]),
      TRESTLE_ADMIN_PASSWORD: 'Replica#2026x',
    })
  }, 180_000)

  afterAll(async () => {
    await gw?.stop()
    for (const data of [standby, primary]) asPostgres([path.join(BIN!, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'])
    rmSync(dir, { recursive: true, force: true })
  })

  it('log searches read the replica; a saved record reads from the primary at once', async () => {
    const day = new Date().toISOString().slice(0, 10) // before the sign-in: it may cross midnight
    const admin = await signedIn(gw!)
    const logins = async () =>
      (
        await admin.call<{ total: number }>('GET', LOGIN_LOGS, {
          query: { accountName: 'admin', from: `${day}T00:00:00.000Z`, pageSize: 10 },
        })
      ).body
    const waitFor = async (n: number) => {
      for (let i = 0; i < 100 && (await logins()).data!.total < n; i++) await sleep(100)
      return (await logins()).data!.total
    }
    expect(await waitFor(1)).toBe(1) // the sign-in above, replicated

    await onStandby('select pg_wal_replay_pause()')
    try {
      await signedIn(gw!) // a second sign-in: written on the primary
      const name = uniqueName('主库')
      expect((await admin.call('POST', `${ROLE}/add`, { json: { roleName: name, dataScope: 'own' } })).body.code).toBe(10000)
      const roles = await admin.call<unknown[]>('GET', `${ROLE}/list`, { query: { roleName: name } })
      expect(roles.body.data).toHaveLength(1) // what the user just saved: from the primary
      await sleep(500)
      expect((await logins()).data!.total).toBe(1) // the replica has not replayed the second sign-in
    } finally {
      await onStandby('select pg_wal_replay_resume()')
    }
    expect(await waitFor(2)).toBe(2)
  })
})
