/**
 * Messages bench (issue 15), in process on an embedded database: a message fanned out to N people
 * (one outbox event → the job → N inbox rows; the time from the event's commit to the last row),
 * and the live path from a business event to the event a stream would send (commit → job →
 * messages → NOTIFY → the row read for the stream), p50/p99 over M events.
 *   BENCH_MSG_RECEIVERS (default 10000), BENCH_MSG_LIVE (default 200)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { msgInbox } from '../server/db/schema'
import { emitEvent, JOB_CHANNEL, JobRunner } from '../server/lib/jobs'
import { CUSTOM_TOPIC, MSG_CHANNEL, registerMessageConsumers } from '../server/modules/messages/fanout'

const RECEIVERS = Number(process.env.BENCH_MSG_RECEIVERS ?? 10_000)
const LIVE = Number(process.env.BENCH_MSG_LIVE ?? 200)

const dir = mkdtempSync(path.join(tmpdir(), 'trestle-bench-msg-'))
const database = await openDatabase(loadConfig({ TRESTLE_DATA_DIR: dir }))
try {
  await database.migrate()
  const { db } = database
  await db.execute(sql`insert into account (account_id, account_name, password_hash, status)
    select gen_random_uuid()::text, 'bench' || g, 'x', 'normal' from generate_series(1, ${RECEIVERS}) g`)
  const ids = (
    (await db.execute(sql`select account_id from account where account_name like 'bench%'`)) as unknown as {
      rows: { account_id: string }[]
    }
  ).rows.map((r) => r.account_id)
  const runner = new JobRunner(db, { pollMs: 50 })
  registerMessageConsumers(runner, db)
  const text = { channels: ['inApp'], titleZh: '通知', titleEn: 'Notice', contentZh: '内容', contentEn: 'Content' }

  // fan-out
  const receivers = ids.map((id) => ({ type: 'person', id, name: id }))
  const t0 = performance.now()
  const eventId = (await db.transaction((tx) => emitEvent(tx, CUSTOM_TOPIC, { receivers, ...text })))!
  while ((await runner.runOnce()) > 0);
  const ms = performance.now() - t0
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(msgInbox)
    .where(eq(msgInbox.eventId, eventId))
  console.log(`messages: fanned out ${Number(n?.n)} messages in ${ms.toFixed(0)} ms`)

  // live: event committed → its messages read for the streams (NOTIFY wakes both the runner and the stream side)
  const waiting = new Map<number, (t: number) => void>()
  const stopJobs = await database.listen(JOB_CHANNEL, () => runner.wake())
  const stopMsg = await database.listen(MSG_CHANNEL, (p) => {
    if (!p?.startsWith('e:')) return
    const id = Number(p.slice(2))
    void db
      .select({ id: msgInbox.id })
      .from(msgInbox)
      .where(eq(msgInbox.eventId, id))
      .then(() => waiting.get(id)?.(performance.now()))
  })
  await runner.start()
  const lat: number[] = []
  const one = [{ type: 'person', id: ids[0], name: 'x' }]
  for (let i = 0; i < LIVE; i++) {
    const start = performance.now()
    let resolve!: (t: number) => void
    const done = new Promise<number>((r) => (resolve = r))
    const id = (await db.transaction((tx) => emitEvent(tx, CUSTOM_TOPIC, { receivers: one, ...text })))!
    waiting.set(id, resolve)
    lat.push((await done) - start)
  }
  await runner.stop()
  await stopJobs()
  await stopMsg()
  lat.sort((a, b) => a - b)
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!
  console.log(`messages live: ${LIVE} events, event → stream p50=${q(0.5).toFixed(1)} ms p99=${q(0.99).toFixed(1)} ms`)
} finally {
  await database.close()
  rmSync(dir, { recursive: true, force: true })
}
