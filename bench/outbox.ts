/**
 * `npm run bench` (outbox part): 1,000 edits queued offline — 600 people added and 400 of them
 * edited again — replayed against a local gateway by the console's outbox engine (on
 * fake-indexeddb, a real IndexedDB implementation in Node) through the console's signed request
 * client (signed at send time, the entry id as Idempotency-Key). 5 % of the answers are lost on
 * the way back (the gateway applied the request, the client sees a network error), so the
 * replay must send those again. Prints the time and the counts of lost and duplicated edits,
 * which must be 0; then the anchor: a fifth as many writes of the same kind (adds, then edits of
 * them, each with its key) sent one after another by the same client without the outbox — the
 * gateway's own pace, which a replay cannot beat by more than its 3 records at a time allow.
 */
import 'fake-indexeddb/auto'
import { v7 } from 'uuid'
import { openOutboxDb } from '../src/lib/offline/db'
import { Outbox } from '../src/lib/offline/outbox'
import { OutboxStore } from '../src/lib/offline/store'
import { personOffline } from '../src/features/people/offline'
import { PEOPLE_API } from '../src/contract/endpoints'
import { Client } from '../tests/api/client'
import { consoleClient } from './console-client'
import { idCardOf } from '../server/seed/people'
import { ownPace, seededDatabase, startGateway } from './support'

const PASSWORD = 'Bench@2026'
const ADDS = Number(process.env.BENCH_OUTBOX_ADDS ?? 600)
const EDITS = Number(process.env.BENCH_OUTBOX_EDITS ?? 400)
const LOSS = Number(process.env.BENCH_OUTBOX_LOSS ?? 0.05)
/** A PostgreSQL server's database (empty); without it, the embedded one. */
const DATABASE_URL = process.env.BENCH_OUTBOX_DATABASE_URL ?? ''

/** A valid ID number, distinct for each (phase, seq < 30,000). */
const idNumber = (phase: number, seq: number): string =>
  idCardOf(
    `11010519${String(60 + (seq % 30))}${String(phase + 1).padStart(2, '0')}${String(1 + (Math.floor(seq / 30) % 28)).padStart(2, '0')}${String(Math.floor(seq / 840) % 1000).padStart(3, '0')}`,
  )

async function main() {
  const extra: Record<string, string> = { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOG_LEVEL: 'warn' }
  if (DATABASE_URL) Object.assign(extra, { DATABASE_URL, TRESTLE_ADMIN_PASSWORD: PASSWORD })
  // the demo data, written before the gateway starts (a gateway on a PostgreSQL server seeds none)
  const seeded = await seededDatabase('bench-outbox', extra)
  await seeded.database.close()
  const gateway = await startGateway(seeded.env)
  const { base } = gateway
  try {
    // the console's request client, wired for Node
    const { http, wire, session } = consoleClient(base)
    await http.login({ accountName: 'admin', password: PASSWORD })
    const accountId = session().userAccount!.accountId

    const admin = await new Client(base).signIn('admin', PASSWORD)
    const orgs = (
      await admin.call<{ organizationId: string; organizationName: string }[]>('GET', '/api/admin/v1/org/list', {
        query: { keyword: '中铁恒岳建设集团有限公司' },
      })
    ).body.data
    const organizationId = orgs[0]!.organizationId

    let failed = 0
    for (const [n, [label, rate]] of (
      [
        ['no loss', 0],
        [`${Math.round(LOSS * 100)} % of answers lost`, LOSS],
      ] as const
    ).entries()) {
      wire.loss = rate
      wire.sent = 0
      wire.lostAnswers = 0
      failed += await phase(n, label)
    }
    if (failed) process.exitCode = 1

    // the anchor, after the replays (a warm gateway): the gateway's own pace for what the outbox replays
    wire.loss = 0
    {
      const stamp = Date.now() % 100000
      const opts = () => ({ idempotencyKey: v7(), silent: true })
      await ownPace(
        'outbox',
        ADDS + EDITS,
        (i) =>
          http.post<{ userId: string; version: number }>(
            PEOPLE_API.user.add,
            {
              userId: v7(),
              name: `直写${stamp}-${i}`,
              sex: 'male',
              idCard: idNumber(2, i),
              cellphone: `132${String(stamp).padStart(5, '0').slice(-4)}${String(i).padStart(4, '0')}`,
              organizationId,
              sort: 1,
            },
            opts(),
          ),
        (p, i) =>
          http.put(
            PEOPLE_API.user.update,
            {
              userId: p.userId,
              name: `直写${stamp}-${i}`,
              sex: 'male',
              email: `${p.userId.slice(-8)}@bench.example`,
              sort: 1,
              version: p.version,
            },
            opts(),
          ),
      )
    }

    async function phase(no: number, label: string): Promise<number> {
      // 1,000 edits queued offline
      const store = new OutboxStore(() => openOutboxDb(`bench-outbox-${label}`))
      const outbox = new Outbox({
        store,
        now: () => Date.now(),
        random: () => Math.random(),
        lock: (fn) => fn(),
        send: (step, key) => {
          const opts = { idempotencyKey: key, silent: true }
          if (step.method === 'put') return http.put(step.path, step.body, opts)
          if (step.method === 'del') return http.del(step.path, step.body as string[], opts)
          return http.post(step.path, step.body, opts)
        },
      })
      const stamp = Date.now() % 100000
      const people = Array.from({ length: ADDS }, (_, i) => ({ userId: v7(), name: `出站${stamp}-${i}` }))
      const q0 = performance.now()
      for (const [i, p] of people.entries())
        await outbox.enqueue({
          accountId,
          entity: personOffline.entity,
          entityId: p.userId,
          op: 'add',
          payload: {
            values: {
              userId: p.userId,
              name: p.name,
              sex: 'male',
              idCard: idNumber(no, i),
              cellphone: `13${no}${String(stamp).padStart(5, '0').slice(-4)}${String(i).padStart(4, '0')}`,
              organizationId,
              sort: 1,
            },
          },
        })
      for (const p of people.slice(0, EDITS)) {
        const local = await store.record(accountId, personOffline.entity, p.userId)
        await outbox.enqueue({
          accountId,
          entity: personOffline.entity,
          entityId: p.userId,
          op: 'update',
          payload: {
            values: {
              userId: p.userId,
              name: p.name,
              sex: 'male',
              email: `${p.userId.slice(-8)}@bench.example`,
              sort: 1,
              version: local!.data!.version,
            },
          },
          baseVersion: local!.data!.version as number,
        })
      }
      const queueMs = performance.now() - q0
      console.log(`outbox (${label}): ${ADDS + EDITS} edits queued in IndexedDB (fake-indexeddb) in ${(queueMs / 1000).toFixed(1)} s`)

      // replay until nothing is waiting (lost answers back off, then go again with the same key)
      const r0 = performance.now()
      let rounds = 0
      for (;;) {
        rounds++
        const r = await outbox.run(accountId)
        if (r.failed || r.conflicted) break
        const due = await outbox.nextDue(accountId)
        if (due === null) break
        await new Promise((res) => setTimeout(res, Math.max(0, due - Date.now())))
      }
      const replayMs = performance.now() - r0
      const left = await store.list(accountId)

      // what the gateway holds
      const got = await admin.call<{ records: { userId: string; name: string; email: string | null; version: number }[] }>(
        'GET',
        '/api/admin/v1/user/listPage',
        {
          query: { keyword: `出站${stamp}-`, pageIndex: 1, pageSize: 2000 },
        },
      )
      const rows = got.body.data.records
      const byName = new Map<string, typeof rows>()
      for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row])
      let lost = 0
      let duplicated = 0
      for (const [i, p] of people.entries()) {
        const found = byName.get(p.name) ?? []
        if (found.length === 0) lost++
        if (found.length > 1) duplicated += found.length - 1
        const edited = i < EDITS
        const ok =
          found[0] && found[0].userId === p.userId && (edited ? found[0].version === 1 && !!found[0].email : found[0].version === 0)
        if (found.length === 1 && !ok) lost++ // the edit of it did not arrive (or arrived twice: version 2)
      }
      console.log(
        `outbox replay (${label}): ${ADDS + EDITS} edits in ${(replayMs / 1000).toFixed(1)} s (${Math.round((ADDS + EDITS) / (replayMs / 1000))} edits/s, ${rounds} rounds, ${wire.sent} requests, ${wire.lostAnswers} answers lost on the way and re-sent) — lost ${lost}, duplicated ${duplicated}, left in the outbox ${left.length}`,
      )
      return lost + duplicated + left.length
    }
  } finally {
    await gateway.stop()
    seeded.remove()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
