/**
 * What a load balancer and an operator see (issue 31): /healthz and /readyz on both databases; a
 * database behind on its migrations is not ready; SIGTERM ends the live streams with a retry hint,
 * answers what is in flight, refuses what comes after, and the process exits cleanly.
 */
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { startGateway, type Gateway } from '../support/gateway'
import { newKey } from './client'
import { openStream } from './messages-fixtures'
import { ROLE, signedIn, uniqueName } from './helpers'

const targets = inject('targets')
const pgUrl = inject('pgUrl')

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
