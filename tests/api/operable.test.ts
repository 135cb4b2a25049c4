/**
 * What a load balancer and an operator see (issue 31): /healthz and /readyz on both databases; a
 * database behind on its migrations is not ready; Prometheus metrics; the embedded database backed up
 * while the gateway runs and restored; SIGTERM ends the live streams with a retry hint,
 * answers what is in flight, refuses what comes after, and the process exits cleanly.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { startGateway, stopChild, type Gateway } from '../support/gateway'
import { newKey } from './client'
import { openStream } from './messages-fixtures'
import { ROLE, signedIn, uniqueName } from './helpers'

const ROOT = path.resolve(import.meta.dirname, '../..')
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs')
const targets = provided('targets')
const pgUrl = provided('pgUrl')

describe.each(targets)('health on $name', (t) => {
  it('/healthz says the process is up, /readyz that the database answers with every migration', async () => {
    const live = await fetch(`${t.url}/healthz`)
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'up' })
    const ready = await fetch(`${t.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toEqual({ status: 'ready' })
  })
})

describe('metrics', () => {
  const TOKEN = 'metrics-token-0123456789'
  let gw: Gateway | null = null
  afterAll(async () => {
    await gw?.stop()
  })

  it('GET /metrics: refused without the token; with it, requests by route and code, replays, live streams and jobs', async () => {
    gw = await startGateway('metrics', { TRESTLE_METRICS_TOKEN: TOKEN })
    expect((await fetch(`${gw.url}/metrics`)).status).toBe(401)
    expect((await fetch(`${gw.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)

    const admin = await signedIn(gw)
    const key = newKey()
    const json = { roleName: uniqueName('指标'), dataScope: 'own' }
    expect((await admin.call('POST', `${ROLE}/add`, { json, idempotencyKey: key })).body.code).toBe(10000)
    expect((await admin.call('POST', `${ROLE}/add`, { json, idempotencyKey: key })).body.code).toBe(10000) // the outbox's replay
    expect((await admin.call('POST', `${ROLE}/add`, { json: { roleName: '' } })).body.code).toBe(20001)
    const stream = await openStream(admin)
    await stream.next((e) => e.event === 'ready')

    const res = await fetch(`${gw.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    const value = (line: RegExp) => Number(new RegExp(`^${line.source} (\\S+)$`, 'm').exec(text)?.[1])
    expect(value(/trestle_http_requests_total\{method="POST",route="\/api\/admin\/v1\/role\/add",status="200",code="10000"\}/)).toBe(2)
    expect(value(/trestle_http_requests_total\{method="POST",route="\/api\/admin\/v1\/role\/add",status="200",code="20001"\}/)).toBe(1)
    expect(value(/trestle_idempotent_replays_total/)).toBe(1)
    expect(value(/trestle_live_streams/)).toBe(1)
    expect(text).toMatch(
      /^trestle_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/api\/admin\/v1\/role\/add"\} \d+$/m,
    )
    expect(text).toMatch(/^trestle_jobs\{status="(ready|done|running|dead)"\} \d+$/m)
    expect(text).not.toMatch(/trestle_db_pool_connections\{/) // the embedded database has no pool
    stream.close()
  })
})

describe('shutting down', () => {
  const started: Gateway[] = []
  afterAll(async () => {
    for (const g of started) await g.stop()
  })

  it('SIGTERM: live streams get a retry hint and end, later requests are refused, the process exits 0', async () => {
    const gw = await startGateway('drain', {})
    started.push(gw)
    const admin = await signedIn(gw)
    const stream = await openStream(admin)
    await stream.next((e) => e.event === 'ready')
    const exited = new Promise<number | null>((resolve) => gw.child.once('exit', (code) => resolve(code)))
    gw.child.kill('SIGTERM')
    const closing = await stream.next((e) => e.event === 'closing')
    expect(JSON.parse(closing.data)).toEqual({ retryMs: 500 })
    expect(await exited).toBe(0)
    await expect(fetch(`${gw.url}/healthz`)).rejects.toThrow()
  })
})

describe('backup and restore of the embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-backup-'))
  const gateways: Gateway[] = []
  afterAll(async () => {
    for (const g of gateways) await g.stop()
    rmSync(dir, { recursive: true, force: true })
  })
  const run = (verb: 'backup' | 'restore', file: string) =>
    spawnSync(process.execPath, [TSX, 'server/backup.ts', verb, file], {
      cwd: ROOT,
      env: { ...process.env, TRESTLE_DATA_DIR: dir },
      encoding: 'utf8',
    })
  const rolesNamed = async (gw: Gateway, name: string) =>
    ((await (await signedIn(gw)).call<unknown[]>('GET', `${ROLE}/list`, { query: { roleName: name } })).body.data ?? []).length

  it('backs up while the gateway runs; restored, the database is as it was at the backup', async () => {
    const first = await startGateway('backup', {}, dir)
    gateways.push(first)
    const admin = await signedIn(first)
    const before = uniqueName('备份前')
    const after = uniqueName('备份后')
    expect((await admin.call('POST', `${ROLE}/add`, { json: { roleName: before, dataScope: 'own' } })).body.code).toBe(10000)
    const file = path.join(dir, 'saved.tar.gz')
    const made = run('backup', file)
    expect(made.stderr).toBe('')
    expect(made.stdout).toContain(`backup written: ${file}`)
    expect(statSync(file).size).toBeGreaterThan(100_000)
    // written by the running gateway itself (the database is its, open), then copied to the file named
    expect(readdirSync(path.join(dir, 'backups')).filter((f) => f.endsWith('.tar.gz'))).toHaveLength(1)
    expect((await admin.call('POST', `${ROLE}/add`, { json: { roleName: after, dataScope: 'own' } })).body.code).toBe(10000)

    const refused = run('restore', file) // the gateway still runs on the directory
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(/runs on .*: stop it first/)

    await stopChild(first.child)
    const restored = run('restore', file)
    expect(restored.status).toBe(0)
    expect(restored.stdout).toMatch(/the database before it is kept in .*pglite\.before-restore-/)

    const second = await startGateway('restored', {}, dir)
    gateways.push(second)
    expect(await rolesNamed(second, before)).toBe(1)
    expect(await rolesNamed(second, after)).toBe(0)
  })
})

describe.runIf(pgUrl)('readiness on a database behind its migrations', () => {
  const name = uniqueName('trestle_ready_').toLowerCase()
  const serverUrl = pgUrl ? new URL(pgUrl) : null
  const adminUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString() : ''
  const dbUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : ''
  let gw: Gateway | null = null
  afterAll(async () => {
    await gw?.stop()
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it('answers 503 naming the missing migrations, and 200 once they are there', async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    gw = await startGateway('ready', { DATABASE_URL: dbUrl, TRESTLE_ADMIN_PASSWORD: 'Ready#2026x' })
    expect((await fetch(`${gw.url}/readyz`)).status).toBe(200)

    // as if a newer gateway's migration had not run yet on this database
    const db = new pg.Client({ connectionString: dbUrl })
    await db.connect()
    try {
      const { rows } = await db.query<{ id: number; hash: string; created_at: string }>(
        'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at',
      )
      const notReady = await fetch(`${gw.url}/readyz`)
      expect(notReady.status).toBe(503)
      expect(await notReady.json()).toEqual({ status: 'not ready', reason: 'migrations not applied: 1' })
      expect((await fetch(`${gw.url}/healthz`)).status).toBe(200)
      const back = rows[0]!
      await db.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        back.id,
        back.hash,
        back.created_at,
      ])
    } finally {
      await db.end()
    }
    expect((await fetch(`${gw.url}/readyz`)).status).toBe(200)
  })
})
