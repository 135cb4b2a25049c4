/**
 * The one jobs table (server/lib/jobs.ts, DESIGN §5) on both databases: an in-process PGlite and
 * the PostgreSQL 15 server of the API tests. Jobs exist exactly when the transaction that enqueued
 * them committed; two runners never run one job twice at once; a runner that dies mid-way (its
 * lease runs out) loses nothing; failures are retried with backoff, then dead-lettered; recurring
 * jobs come back; outbox events reach their consumers; NOTIFY reaches LISTEN at commit.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { job } from '../../server/db/schema'
import { deadJobs, emitEvent, enqueue, JOB_CHANNEL, JobRunner, retryDead, schedule } from '../../server/lib/jobs'
import { sleep, uniqueName } from './helpers'

const pgUrl = provided('pgUrl')
const drivers: { name: string; env: () => Record<string, string> }[] = [
  { name: 'PGlite', env: () => ({ TRESTLE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trestle-jobs-')) }) },
  ...(pgUrl ? [{ name: 'PostgreSQL', env: () => ({ DATABASE_URL: pgUrl, TRESTLE_ADMIN_PASSWORD: 'x' }) }] : []),
]

const quick = { backoffMs: () => 50, pollMs: 50 }

async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await sleep(25)
  }
}

describe.each(drivers)('jobs on $name', ({ env }) => {
  let database: Database
  let dir: string | undefined
  beforeAll(async () => {
    const e = env()
    dir = e.TRESTLE_DATA_DIR
    database = await openDatabase(loadConfig(e))
    await database.withStartupLock(() => database.migrate())
  })
  afterAll(async () => {
    await database?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  const statusOf = async (id: number) => (await database.db.select().from(job).where(eq(job.id, id)))[0]!

  it('a job exists only if its transaction committed, runs once, and a dedupe key enqueues once', async () => {
    const kind = uniqueName('t-commit')
    const ran: unknown[] = []
    const runner = new JobRunner(database.db, quick).handle(kind, async (p) => {
      ran.push(p)
    })
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind, payload: { n: 'rolled back' } })
        throw new Error('rollback')
      })
      .catch(() => undefined)
    const id = await database.db.transaction((tx) => enqueue(tx, { kind, payload: { n: 1 }, dedupeKey: 'k' }))
    const again = await database.db.transaction((tx) => enqueue(tx, { kind, payload: { n: 2 }, dedupeKey: 'k' }))
    expect(id).toBeGreaterThan(0)
    expect(again).toBeNull()
    expect(await runner.runOnce()).toBe(1)
    expect(await runner.runOnce()).toBe(0)
    expect(ran).toEqual([{ n: 1 }])
    expect((await statusOf(id!)).status).toBe('done')
  })

  it('two runners claiming at once run each job exactly once', async () => {
    const kind = uniqueName('t-race')
    const runs = new Map<number, number>()
    const count = async (_p: unknown, j: { id: number }) => {
      runs.set(j.id, (runs.get(j.id) ?? 0) + 1)
      await sleep(2)
    }
    const a = new JobRunner(database.db, { ...quick, batch: 3 }).handle(kind, count)
    const b = new JobRunner(database.db, { ...quick, batch: 3 }).handle(kind, count)
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await enqueue(tx, { kind, payload: { i } })
    })
    const drain = async (r: JobRunner) => {
      while ((await r.runOnce()) > 0);
    }
    await Promise.all([drain(a), drain(b)])
    expect(runs.size).toBe(30)
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
  })

  it('a runner that dies mid-way loses nothing: the job is taken over when its lease runs out, and the dead one cannot finish it', async () => {
    const kind = uniqueName('t-crash')
    const ran: string[] = []
    const dying = new JobRunner(database.db, { ...quick, leaseSeconds: 1, workerId: 'dying' }).handle(kind, async () => {
      ran.push('dying')
    })
    const survivor = new JobRunner(database.db, { ...quick, leaseSeconds: 30, workerId: 'survivor' }).handle(kind, async () => {
      ran.push('survivor')
    })
    const id = await database.db.transaction((tx) => enqueue(tx, { kind }))
    const [claimed] = await dying.claim()
    expect(claimed?.id).toBe(id)
    // within the lease nobody else takes it
    expect(await survivor.claim()).toEqual([])
    await sleep(1300)
    expect(await survivor.runOnce()).toBe(1)
    expect(await statusOf(id!)).toMatchObject({ status: 'done', attempts: 2 })
    // the "dead" runner wakes up and finishes: its late outcome does not overwrite the survivor's
    await dying.run({ ...claimed!, kind: 'unknown-kind' })
    expect((await statusOf(id!)).status).toBe('done')
    expect(ran).toEqual(['survivor'])
  })

  it('a job that runs longer than its lease keeps it: nobody else takes it over while it runs', async () => {
    const kind = uniqueName('t-long')
    const ran: string[] = []
    const long = new JobRunner(database.db, { ...quick, leaseSeconds: 1, workerId: 'long' }).handle(kind, async () => {
      ran.push('long')
      await sleep(2600)
    })
    const other = new JobRunner(database.db, { ...quick, leaseSeconds: 30, workerId: 'other' }).handle(kind, async () => {
      ran.push('other')
    })
    const id = await database.db.transaction((tx) => enqueue(tx, { kind }))
    const running = long.runOnce()
    for (const at of [1200, 2200]) {
      await sleep(at === 1200 ? 1200 : 1000)
      expect(await other.claim(), `${at} ms into a 1 s lease`).toEqual([])
    }
    expect(await running).toBe(1)
    expect(await statusOf(id!)).toMatchObject({ status: 'done', attempts: 1 })
    expect(ran).toEqual(['long'])
  })

  it('a failing job is retried with backoff, then dead-lettered; a retry puts it back', async () => {
    const kind = uniqueName('t-fail')
    let attempts = 0
    let succeed = false
    const delays: number[] = []
    const runner = new JobRunner(database.db, {
      backoffMs: (n) => {
        delays.push(n)
        return 200
      },
    }).handle(kind, async () => {
      attempts++
      if (!succeed) throw new Error(`channel down #${attempts}`)
    })
    const id = await database.db.transaction((tx) => enqueue(tx, { kind, maxAttempts: 3 }))
    expect(await runner.runOnce()).toBe(1)
    expect(await statusOf(id!)).toMatchObject({ status: 'ready', attempts: 1, lastError: 'channel down #1' })
    // not due again before its backoff
    expect(await runner.runOnce()).toBe(0)
    await sleep(250)
    expect(await runner.runOnce()).toBe(1)
    await sleep(250)
    expect(await runner.runOnce()).toBe(1)
    expect(await statusOf(id!)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'channel down #3' })
    expect(delays).toEqual([1, 2, 3])
    await sleep(250)
    expect(await runner.runOnce()).toBe(0)
    expect((await deadJobs(database.db, kind)).map((d) => Number(d.id))).toEqual([id])

    succeed = true
    expect(await retryDead(database.db, id!)).toBe(true)
    expect(await runner.runOnce()).toBe(1)
    expect((await statusOf(id!)).status).toBe('done')
    expect(await deadJobs(database.db, kind)).toEqual([])
  })

  it('a recurring job comes back after its period', async () => {
    const kind = uniqueName('t-every')
    let n = 0
    const runner = new JobRunner(database.db, quick).handle(kind, async () => {
      n++
    })
    await schedule(database.db, kind, 1)
    await schedule(database.db, kind, 1) // one row, whoever schedules it
    expect(await runner.runOnce()).toBe(1)
    expect(await runner.runOnce()).toBe(0)
    await sleep(1100)
    expect(await runner.runOnce()).toBe(1)
    expect(n).toBe(2)
    const rows = await database.db.select().from(job).where(eq(job.kind, kind))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.status).toBe('ready')
  })

  it('an outbox event reaches every consumer of its topic once it committed; a rolled-back one never', async () => {
    const topic = uniqueName('t-topic')
    const seen: string[] = []
    const runner = new JobRunner(database.db, quick)
      .onEvent(topic, async (e) => {
        seen.push(`a:${(e.payload as { v: string }).v}`)
      })
      .onEvent(topic, async (e) => {
        seen.push(`b:${(e.payload as { v: string }).v}`)
      })
    await database.db
      .transaction(async (tx) => {
        await emitEvent(tx, topic, { v: 'never' })
        throw new Error('rollback')
      })
      .catch(() => undefined)
    await database.db.transaction((tx) => emitEvent(tx, topic, { v: 'x' }))
    // other topics' event jobs may be due too (the gateways' own): run until ours ran
    await until(async () => {
      await runner.runOnce()
      return seen.length >= 2
    })
    expect(seen).toEqual(['a:x', 'b:x'])
  })

  it('NOTIFY reaches a LISTEN at commit, not before', async () => {
    const got: (string | null)[] = []
    const stop = await database.listen(JOB_CHANNEL, (p) => got.push(p))
    const kind = uniqueName('t-notify')
    try {
      await database.db.transaction(async (tx) => {
        await enqueue(tx, { kind })
        await tx.execute(sql`select pg_sleep(0.2)`)
        expect(got).not.toContain(kind)
      })
      await until(() => got.includes(kind), 5000)
    } finally {
      await stop()
    }
  })
})
