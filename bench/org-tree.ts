/**
 * `npm run bench` (organisation part): a 10,000-unit tree in a fresh embedded database (bulk
 * insert), then the calls of the unit tree — org/listTree expansions (types, a type's units, a
 * unit's children and roles) and org/listByKeyword (broad and narrow keywords) — as the system
 * administrator and as an organisation administrator, from an outside client over loopback.
 * Prints figures; budgets are read by people, not asserted.
 */
import { sql } from 'drizzle-orm'
import { insertBenchUnits } from '../server/seed/org'
import { Client } from '../tests/api/client'
import { seededDatabase, startGateway, stats } from './support'

const PASSWORD = 'Bench@2026'
const UNITS = Number(process.env.BENCH_ORG_UNITS ?? 10_000)
const API = '/api/admin/v1/org'

interface Node {
  nodeId: string
  nodeType: number
  hasChild: number
  nodeName: string
}

async function main() {
  const { env, database, remove } = await seededDatabase('bench-org', { TRESTLE_DEMO_PASSWORD: PASSWORD })
  try {
    const started = performance.now()
    const inserted = await insertBenchUnits(database.db, UNITS)
    const insertMs = performance.now() - started
    console.log(`bulk insert: ${inserted} units in ${(insertMs / 1000).toFixed(1)} s (${Math.round(inserted / (insertMs / 1000))} rows/s)`)
    await database.db.execute(sql`analyze`)
    await database.close()

    const gateway = await startGateway(env)
    const { base } = gateway
    try {
      const time = async <T>(
        client: Client,
        label: string,
        path: string,
        query: Record<string, string | number>,
        describe: (data: T) => string,
        n = 20,
      ) => {
        const ms: number[] = []
        let data: T | undefined
        let bytes = 0
        for (let i = 0; i < n; i++) {
          const s = performance.now()
          const r = await client.call<T>('GET', path, { query })
          ms.push(performance.now() - s)
          if (r.body.code !== 10000) throw new Error(`${label}: ${r.text.slice(0, 300)}`)
          data = r.body.data
          bytes = r.text.length
        }
        console.log(`${label} (${describe(data!)}, ${(bytes / 1024).toFixed(0)} KB): ${stats(ms)}`)
        return data!
      }
      for (const who of ['admin', 'orgadmin']) {
        const client = await new Client(base).signIn(who, PASSWORD)
        console.log(`— as ${who}`)
        const types = await time<Node[]>(client, '  org/listTree (unit types)', `${API}/listTree`, {}, (d) => `${d.length} types`)
        const busiest = types.find((t) => t.hasChild === 1) ?? types[0]!
        const units = await time<Node[]>(
          client,
          `  org/listTree (units of ${busiest.nodeName})`,
          `${API}/listTree`,
          { nodeId: busiest.nodeId, nodeType: 1 },
          (d) => `${d.length} nodes`,
        )
        const unit = units.find((u) => u.nodeType === 2 && u.hasChild === 1)
        if (unit) {
          const kids = await time<Node[]>(
            client,
            '  org/listTree (a unit: child units and roles)',
            `${API}/listTree`,
            { nodeId: unit.nodeId, nodeType: 2 },
            (d) => `${d.length} nodes`,
          )
          const branch = kids.find((k) => k.nodeType === 2 && k.hasChild === 1)
          if (branch)
            await time<Node[]>(
              client,
              '  org/listTree (a branch: project departments)',
              `${API}/listTree`,
              { nodeId: branch.nodeId, nodeType: 2 },
              (d) => `${d.length} nodes`,
            )
        }
        const kw = (d: { total: number; truncated: boolean }) => `${d.total} matches${d.truncated ? ', first 200 answered' : ''}`
        await time(client, '  org/listByKeyword "集团" (broad)', `${API}/listByKeyword`, { keyword: '集团' }, kw)
        await time(client, '  org/listByKeyword "项目经理部" (broad)', `${API}/listByKeyword`, { keyword: '项目经理部' }, kw)
        await time(client, '  org/listByKeyword "第37集团" (narrow)', `${API}/listByKeyword`, { keyword: '第37集团' }, kw)
        await time(client, '  org/listByKeyword "恒岳" (demo units)', `${API}/listByKeyword`, { keyword: '恒岳' }, kw)
        await time(client, '  org/listByKeyword "不存在的单位" (none)', `${API}/listByKeyword`, { keyword: '不存在的单位' }, kw)
      }
    } finally {
      await gateway.stop()
    }
  } finally {
    remove()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
