/**
 * `npm run bench` (containers part): a project with a container tree of BENCH_CONTAINERS nodes
 * (default 20,000) in a fresh embedded database, then as the system administrator over loopback:
 * GET container/listTree (the whole tree, as 项目容器 opens) and listTree with a keyword (the
 * gateway's search: matches and their ancestors); the anchor is the same select run on the
 * database in-process. The console's part of opening and searching — building the nested tree
 * from the answer, flattening the open rows, filtering by a keyword — is timed on the same data
 * with the tree toolkit's own helpers (src/lib/tree/data.ts). Prints figures.
 */
import { eq, sql } from 'drizzle-orm'
import { buildTree, filterTree, flattenTree, type Nested } from '../src/lib/tree/data'
import type { ContainerNode } from '../src/contract/schemas/projectStructure'
import * as t from '../server/db/schema'
import { insertBenchContainers } from '../server/db/seed/projectStructure'
import { Client } from '../tests/api/client'
import { seededDatabase, startGateway, stats } from './support'

const PASSWORD = 'Bench@2026'
const NODES = Number(process.env.BENCH_CONTAINERS ?? 20_000)
const TREE = '/api/admin/v1/container/listTree'
const RUNS = Number(process.env.BENCH_CONTAINER_RUNS ?? 15)

async function main() {
  const { env, database, remove } = await seededDatabase('bench-container', { TRESTLE_DEMO_PASSWORD: PASSWORD })
  try {
    const [admin] = await database.db.select({ org: t.account.organizationId }).from(t.account).where(eq(t.account.accountName, 'admin'))
    const started = performance.now()
    const projectId = await insertBenchContainers(database.db, admin!.org!, NODES)
    console.log(`bulk insert: ${NODES} container nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    await database.db.execute(sql`analyze`)
    // anchor: the tree's select alone, in-process
    const bare: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now()
      await database.db.execute(
        sql`select container_id, parent_id, container_name, container_code, container_type, nature, version from container where project_id = ${projectId} order by sort_key`,
      )
      bare.push(performance.now() - s)
    }
    console.log(`container select in-process (anchor): ${stats(bare)}`)
    await database.close()

    const gateway = await startGateway(env)
    try {
      const client = await new Client(gateway.base).signIn('admin', PASSWORD)
      const time = async (label: string, query: Record<string, string>) => {
        const ms: number[] = []
        let data: ContainerNode[] = []
        let bytes = 0
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now()
          const r = await client.call<ContainerNode[]>('GET', TREE, { query })
          ms.push(performance.now() - s)
          if (r.body.code !== 10000) throw new Error(`${label}: ${r.text.slice(0, 300)}`)
          data = r.body.data
          bytes = r.text.length
        }
        console.log(`${label} (${data.length} nodes, ${(bytes / 1024).toFixed(0)} KB): ${stats(ms)}`)
        return data
      }
      const all = await time('container/listTree (whole tree)', { projectId })
      await time('container/listTree keyword "B-7-3" (narrow)', { projectId, keyword: 'B-7-3' })
      await time('container/listTree keyword "墩台" (broad)', { projectId, keyword: '墩台' })

      // the console's work on the answer: nested tree, visible rows (top two levels open), a search
      const access = { id: (n: Nested<ContainerNode>) => n.containerId, children: (n: Nested<ContainerNode>) => n.children }
      const open: number[] = []
      const search: number[] = []
      let rows = 0
      let matches = 0
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now()
        const tree = buildTree(all, { id: (n) => n.containerId, parentId: (n) => n.parentId })
        const expanded = new Set(tree.flatMap((r) => [r.containerId, ...r.children.map((c) => c.containerId)]))
        rows = flattenTree(tree, access, { expanded: (id) => expanded.has(id) }).length
        open.push(performance.now() - s)
        const s2 = performance.now()
        const f = filterTree(tree, access, (n) => n.containerName.includes('墩台') || n.containerCode.includes('B-7-3'))
        matches = flattenTree(tree, access, { expanded: () => true, keep: f.keep }).length
        search.push(performance.now() - s2)
      }
      console.log(`console tree build + open rows (${rows} rows shown): ${stats(open)}`)
      console.log(`console tree search (${matches} rows shown): ${stats(search)}`)
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
