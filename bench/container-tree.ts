/**
 * `npm run bench` (containers part): a project with a container tree of BENCH_CONTAINERS nodes
 * (default 20,000) in a fresh embedded database, then as the system administrator over loopback:
 * GET container/listTree (the whole tree, as 项目容器 opens) and listTree with a keyword (the
 * gateway's search: matches and their ancestors); the anchor is the same select run on the
 * database in-process. The console's part of opening and searching — building the nested tree
 * from the answer, flattening the open rows, filtering by a keyword — is timed on the same data
 * with the tree toolkit's own helpers (src/lib/tree/data.ts). When the console is built (dist/),
 * Chromium opens 项目容器 on that project: time from navigation to the first tree rows, to all
 * rows expanded (rows in the DOM: virtualised), and from typing a keyword to the filtered tree.
 * Prints figures.
 */
import { launchChromium } from '../tests/support/chromium'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

import { eq, sql } from 'drizzle-orm'
import { buildTree, filterTree, flattenTree, type Nested } from '../src/lib/tree/data'
import type { ContainerNode } from '../src/contract/schemas/projectStructure'
import * as t from '../server/db/schema'
import { insertBenchContainers } from '../server/seed/projectStructure'
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

    const dist = resolve('dist')
    const withConsole = existsSync(resolve(dist, 'index.html'))
    const gateway = await startGateway(withConsole ? { ...env, TRESTLE_SERVE_DIST: dist } : env)
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
      if (withConsole) await browserFigures(gateway.base, projectId)
      else console.log('(no dist/: the browser figures are skipped — run `npx vite build` first)')
    } finally {
      await gateway.stop()
    }
  } finally {
    remove()
  }
}

/** 项目容器 in Chromium on the benchmark project. */
async function browserFigures(base: string, projectId: string) {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    await page.goto(`${base}/login`)
    await page.getByLabel('账号或手机号').fill('admin')
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL(/\/admin\/home/)
    const tree = page.getByRole('tree', { name: '容器节点树' })
    // warm the screen's chunk once, then measure a fresh open (route data not cached: a full load)
    await page.goto(`${base}/admin/project-container?projectId=${projectId}`)
    await tree.getByRole('treeitem').first().waitFor({ timeout: 60_000 })
    const s = performance.now()
    await page.goto(`${base}/admin/project-container?projectId=${projectId}`)
    await tree.getByRole('treeitem').first().waitFor({ timeout: 60_000 })
    console.log(`browser: 项目容器 opens (page load, ${NODES} nodes fetched, top rows on screen): ${(performance.now() - s).toFixed(0)} ms`)
    const s2 = performance.now()
    await page.getByRole('button', { name: '全部展开' }).click()
    await tree.locator('[role="treeitem"][aria-level="4"]').first().waitFor()
    const dom = await tree.getByRole('treeitem').count()
    console.log(`browser: expand all (${dom} rows in the DOM): ${(performance.now() - s2).toFixed(0)} ms`)
    const s3 = performance.now()
    // a leaf that exists from 1,360 nodes on (the seed fills each level breadth-first, ten children each)
    await page.getByRole('textbox', { name: '搜索名称或编码' }).fill('B-1-3-5-2')
    await tree
      .getByRole('treeitem', { name: /B-1-3-5-2$|1-3-5-2/ })
      .first()
      .waitFor()
    console.log(`browser: search typed to the filtered tree: ${(performance.now() - s3).toFixed(0)} ms`)
  } finally {
    await browser.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
