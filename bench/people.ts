/**
 * `npm run bench` (people part): 100,000 staff in a fresh embedded database (bulk insert), then the
 * staff list the console loads — user/listPage pageIndex 1, pageSize 2000 (SPEC §9) by organisation
 * with its children — and a keyword search, measured from an outside client over loopback.
 * Prints figures; budgets are read by people, not asserted.
 */
import { eq, isNull, sql } from 'drizzle-orm'
import { insertBenchStaff } from '../server/db/seed/people'
import * as t from '../server/db/schema'
import { Client } from '../tests/api/client'
import { seededDatabase, startGateway, stats } from './support'

const PASSWORD = 'Bench@2026'
const STAFF = Number(process.env.BENCH_PEOPLE_STAFF ?? 100_000)

async function main() {
  // 1. A fresh database with the demo data, then the bulk staff, written directly (the gateway is not running yet).
  const { env, database, remove } = await seededDatabase('bench-people', { TRESTLE_DEMO_PASSWORD: PASSWORD })
  try {
    const [root] = await database.db.select({ id: t.organization.organizationId }).from(t.organization).where(eq(t.organization.organizationName, '中铁恒岳建设集团有限公司'))
    const roots = await database.db.select({ id: t.organization.organizationId }).from(t.organization).where(isNull(t.organization.parentId))
    const orgIds = (await database.db.select({ id: t.organization.organizationId }).from(t.organization)).map((o) => o.id)
    const started = performance.now()
    const inserted = await insertBenchStaff(database.db, orgIds, STAFF)
    const insertMs = performance.now() - started
    console.log(`bulk insert: ${inserted} staff over ${orgIds.length} organisations (${roots.length} top units) in ${(insertMs / 1000).toFixed(1)} s (${Math.round(inserted / (insertMs / 1000))} rows/s)`)
    await database.db.execute(sql`analyze`)
    await database.close()

    // 2. The gateway on that database.
    const gateway = await startGateway(env)
    const { base } = gateway
    try {
      const admin = await new Client(base).signIn('admin', PASSWORD)
      const time = async (label: string, query: Record<string, string | number>, n = 10) => {
        const ms: number[] = []
        let total = 0
        let rows = 0
        let bytes = 0
        for (let i = 0; i < n; i++) {
          const s = performance.now()
          const r = await admin.call<{ total: number; records: unknown[] }>('GET', '/api/admin/v1/user/listPage', { query })
          ms.push(performance.now() - s)
          if (r.body.code !== 10000) throw new Error(r.text.slice(0, 300))
          total = r.body.data.total
          rows = r.body.data.records.length
          bytes = r.text.length
        }
        console.log(`${label}: ${rows} of ${total} rows, ${(bytes / 1024).toFixed(0)} KB — ${stats(ms, { digits: 0 })}`)
      }
      await time('user/listPage pageSize 2000, organisation with children', { organizationId: root!.id, includeChildren: 1, pageIndex: 1, pageSize: 2000 })
      await time('user/listPage pageSize 2000, all organisations (scope all)', { pageIndex: 1, pageSize: 2000 })
      await time('user/listPage keyword (name contains 张伟), pageSize 20', { keyword: '张伟', pageIndex: 1, pageSize: 20 })
      await time('user/listPage keyword (name contains 王), organisation with children, pageSize 2000', { keyword: '王', organizationId: root!.id, includeChildren: 1, pageIndex: 1, pageSize: 2000 })
      const tree = performance.now()
      const r = await admin.call('GET', '/api/admin/v1/department/listTreeByOrgId', { query: { organizationId: root!.id } })
      if (r.body.code !== 10000) throw new Error(r.text.slice(0, 300))
      console.log(`department/listTreeByOrgId with head counts: ${(performance.now() - tree).toFixed(0)} ms`)
    } finally {
      await gateway.stop()
    }
  } finally {
    remove()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
