/**
 * `npm run bench` (people part): 100,000 staff in a fresh embedded database (bulk insert), then the
 * staff list the console loads — user/listPage pageIndex 1, pageSize 2000 (SPEC §9) by organisation
 * with its children — and a keyword search, measured from an outside client over loopback.
 * Prints figures; budgets are read by people, not asserted.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, isNull, sql } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { seed } from '../server/db/seed'
import { insertBenchStaff } from '../server/db/seed/people'
import * as t from '../server/db/schema'
import { Client } from '../tests/api/client'

const PASSWORD = 'Bench@2026'
const STAFF = Number(process.env.BENCH_PEOPLE_STAFF ?? 100_000)

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
  return `n=${ms.length} p50=${at(0.5).toFixed(0)} ms p95=${at(0.95).toFixed(0)} ms max=${sorted[sorted.length - 1]!.toFixed(0)} ms`
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'trestle-bench-people-'))
  const env = { ...process.env, TRESTLE_DATA_DIR: dir, TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_SERVE_DIST: join(dir, 'none'), DATABASE_URL: '' }
  try {
    // 1. A fresh database with the demo data, then the bulk staff, written directly (the gateway is not running yet).
    const config = loadConfig(env)
    const database = await openDatabase(config)
    await database.migrate()
    await seed(database.db, config, true)
    const [root] = await database.db.select({ id: t.organization.organizationId }).from(t.organization).where(eq(t.organization.organizationName, '中铁恒岳建设集团有限公司'))
    const roots = await database.db.select({ id: t.organization.organizationId }).from(t.organization).where(isNull(t.organization.parentId))
    const orgIds = (await database.db.select({ id: t.organization.organizationId }).from(t.organization)).map((o) => o.id)
    let started = performance.now()
    const inserted = await insertBenchStaff(database.db, orgIds, STAFF)
    const insertMs = performance.now() - started
    console.log(`bulk insert: ${inserted} staff over ${orgIds.length} organisations (${roots.length} top units) in ${(insertMs / 1000).toFixed(1)} s (${Math.round(inserted / (insertMs / 1000))} rows/s)`)
    await database.db.execute(sql`analyze`)
    await database.close()

    // 2. The gateway on that database.
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const gateway = spawn('node_modules/.bin/tsx', ['server/main.ts'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] })
    try {
      started = performance.now()
      for (;;) {
        try {
          if ((await fetch(`${base}/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin`)).ok) break
        } catch {
          /* not up yet */
        }
        if (performance.now() - started > 120_000) throw new Error('gateway did not start')
        await new Promise((r) => setTimeout(r, 200))
      }
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
        console.log(`${label}: ${rows} of ${total} rows, ${(bytes / 1024).toFixed(0)} KB — ${stats(ms)}`)
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
      gateway.kill('SIGTERM')
      await new Promise((r) => gateway.once('exit', r))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
