/**
 * `npm run bench` (worksites part): 1,000 work-site edits queued offline by the field account
 * lisite on the demo project — 500 sites added and each edited once more (status and description,
 * made on the local copy, so replayed after its add and rebased on the answered version) — then
 * replayed against a local gateway by the console's outbox engine (fake-indexeddb) through the
 * console's signed client (signed at send time, the entry id as Idempotency-Key). In the second
 * phase 5 % of the answers are lost on the way back, so those requests are sent again. Counts what
 * the gateway holds: lost and duplicated edits must be 0. Then the anchor: a fifth as many writes of
 * the same kind (adds, then an edit of each) sent one after another by the same client without the
 * outbox — the gateway's own pace for what the outbox replays.
 */
import 'fake-indexeddb/auto'
import { v7 } from 'uuid'
import { openOutboxDb } from '../src/lib/offline/db'
import { Outbox } from '../src/lib/offline/outbox'
import { OutboxStore } from '../src/lib/offline/store'
import { workSiteOffline } from '../src/features/workSites/offline'
import { resourcePaths } from '../src/contract/paths'
import { Client } from '../tests/api/client'
import { consoleClient } from './console-client'
import { ownPace, startGateway } from './support'

const PASSWORD = 'Bench@2026'
const ADDS = Number(process.env.BENCH_WORKSITES_ADDS ?? 500)
const EDITS = Number(process.env.BENCH_WORKSITES_EDITS ?? 500)
const LOSS = Number(process.env.BENCH_WORKSITES_LOSS ?? 0.05)

async function main() {
  const gateway = await startGateway({ TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOG_LEVEL: 'warn', DATABASE_URL: '' }, 'bench-worksites')
  const { base } = gateway
  try {
    // the console's request client, wired for Node
    const { http, wire, session } = consoleClient(base)
    await http.login({ accountName: 'lisite', password: PASSWORD })
    const accountId = session().userAccount!.accountId

    const field = await new Client(base).signIn('lisite', PASSWORD)
    const PWS = '/api/admin/v1/projectWorkSite'
    const demo = await field.call<{ records: { projectId: string; lineId: string | null }[] }>('GET', `${PWS}/listPage`, {
      query: { pageSize: 1 },
    })
    const projectId = demo.body.data.records[0]!.projectId
    const lineId = demo.body.data.records[0]!.lineId
    const decl = workSiteOffline.projectWorkSite

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
      const paths = resourcePaths('projectWorkSite')
      const stamp = `d${Date.now() % 100000}`
      const opts = () => ({ idempotencyKey: v7(), silent: true })
      await ownPace(
        'worksites',
        ADDS + EDITS,
        (i) => http.post<Record<string, unknown>>(paths.add, siteValues(v7(), `BW-${stamp}-${i}`, `基准直写${stamp}-${i}`, i), opts()),
        (site, i) => http.put(paths.update, { ...site, status: 'building', description: `进场 直写${i}` }, opts()),
      )
    }

    function siteValues(workSiteId: string, code: string, name: string, i: number) {
      return {
        workSiteId,
        projectId,
        workSiteCode: code,
        workSiteName: name,
        siteType: 'bridge',
        status: 'preparing',
        lineId,
        startMileage: `DK${200 + i}+000`,
        endMileage: `DK${200 + i}+500`,
        contactPhone: '13871230000',
      }
    }

    async function phase(no: number, label: string): Promise<number> {
      // 1,000 edits queued offline
      const store = new OutboxStore(() => openOutboxDb(`bench-worksites-${label}`))
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
      const stamp = `${no}${Date.now() % 100000}`
      const sites = Array.from({ length: ADDS }, (_, i) => ({ workSiteId: v7(), code: `BW-${stamp}-${i}` }))
      const q0 = performance.now()
      for (const [i, s] of sites.entries())
        await outbox.enqueue({
          accountId,
          entity: decl.entity,
          entityId: s.workSiteId,
          op: 'add',
          payload: { values: siteValues(s.workSiteId, s.code, `基准工点${stamp}-${i}`, i) },
        })
      for (const s of sites.slice(0, EDITS)) {
        const local = await store.record(accountId, decl.entity, s.workSiteId)
        const d = local!.data!
        await outbox.enqueue({
          accountId,
          entity: decl.entity,
          entityId: s.workSiteId,
          op: 'update',
          payload: { values: { ...d, status: 'building', description: `进场 ${s.code}`, version: d.version } },
          baseVersion: d.version as number,
        })
      }
      const queueMs = performance.now() - q0
      console.log(
        `worksites outbox (${label}): ${ADDS + EDITS} edits queued in IndexedDB (fake-indexeddb) in ${(queueMs / 1000).toFixed(1)} s`,
      )

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
      const got = await field.call<{ records: { workSiteId: string; workSiteCode: string; status: string; version: number }[] }>(
        'GET',
        `${PWS}/listPage`,
        { query: { keyword: `BW-${stamp}-`, pageIndex: 1, pageSize: 2000 } },
      )
      const rows = got.body.data.records
      const byCode = new Map<string, typeof rows>()
      for (const row of rows) byCode.set(row.workSiteCode, [...(byCode.get(row.workSiteCode) ?? []), row])
      let lost = 0
      let duplicated = 0
      for (const [i, s] of sites.entries()) {
        const found = byCode.get(s.code) ?? []
        if (found.length === 0) lost++
        if (found.length > 1) duplicated += found.length - 1
        const edited = i < EDITS
        const f = found[0]
        if (found.length === 1 && f) {
          if (f.workSiteId !== s.workSiteId) lost++
          else if (edited && f.status !== 'building')
            lost++ // the edit did not arrive
          else if (f.version > (edited ? 1 : 0)) duplicated++ // an edit applied twice moves the version again
        }
      }
      console.log(
        `worksites replay (${label}): ${ADDS + EDITS} edits in ${(replayMs / 1000).toFixed(1)} s (${Math.round((ADDS + EDITS) / (replayMs / 1000))} edits/s, ${rounds} rounds, ${wire.sent} requests, ${wire.lostAnswers} answers lost on the way and re-sent) — lost ${lost}, duplicated ${duplicated}, left in the outbox ${left.length}`,
      )
      return lost + duplicated + left.length
    }
  } finally {
    await gateway.stop()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
