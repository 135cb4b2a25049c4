/**
 * `npm run bench` (part): the 2,000-row staff list (SPEC §9: pageIndex 1, pageSize 2000) in the
 * browser. A fresh gateway serving the built console (`dist`, built when missing), departments
 * of 2,000 people added through the API (BENCH_STAFF_CLICKS, 3), then Chromium (/usr/bin/chromium): open
 * /admin/organization → 施工单位 → 中铁恒岳建设集团有限公司 → 部门与人员, choose each department once, and print
 *   - time from choosing it to the first rows on screen and to the whole list (each click, and their medians),
 *   - rows in the DOM (virtualised: a screenful, not 2,000),
 *   - what one row mounts: React fibers, components and store subscriptions (from its fiber tree),
 *   - scrolling through to the last row: time, frames and frame times,
 *   - the keyword filter over the 2,000 rows.
 * Figures only, no assertions. `BENCH_URL=http://…` uses a running gateway (with admin/Trestle@2026) instead;
 * `BENCH_DEPT=<name>` measures an existing department of that unit without seeding.
 */
import { launchChromium } from '../tests/support/chromium'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { PEOPLE_API, type Post } from '../src/contract/schemas/people'
import { Client, newKey } from '../tests/api/client'
import { idCardOf } from '../server/seed/people'
import { median, startGateway, type BenchGateway } from './support'

const ROWS = Number(process.env.BENCH_STAFF ?? 2000)
const PROFILE = process.env.BENCH_STAFF_PROFILE
/** BENCH_STAFF_CLICKS (3): departments seeded and clicked, each once; the figures are their medians (one click's time swings by ±60 ms here). */
const CLICKS = Math.max(1, Math.floor(Number(process.env.BENCH_STAFF_CLICKS ?? 3)) || 1)
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Trestle@2026'
function idNumber(i: number): string {
  const y = 1960 + (i % 40)
  const m = String((i % 12) + 1).padStart(2, '0')
  const d = String((Math.floor(i / 12) % 28) + 1).padStart(2, '0')
  return idCardOf(`3101${String(10 + (Math.floor(i / 1000) % 90))}${y}${m}${d}${String(i % 1000).padStart(3, '0')}`)
}

const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗'
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '建华',
  '志强',
  '海燕',
  '晓东',
]

const UNIT = '中铁恒岳建设集团有限公司'
const UNIT_TYPE = '施工单位'

/**
 * Times in the page (performance.now()): the click event, the first row inserted, the frame after it
 * painted, and when the whole list was in (the table's line for rows still arriving gone).
 */
interface BenchMarks {
  click?: number
  rows?: number
  painted?: number
  all?: number
}

/** `count` departments of the demo unit UNIT with ROWS people in each. */
async function seed(base: string, count: number): Promise<string[]> {
  const c = await new Client(base).signIn('admin', PASSWORD)
  const orgs = (
    await c.call<{ organizationId: string; organizationName: string }[]>('GET', '/api/admin/v1/org/list', { query: { keyword: UNIT } })
  ).body.data
  const organizationId = orgs.find((o) => o.organizationName === UNIT)!.organizationId
  const stamp = Date.now() % 100000
  const departments: { name: string; id: string }[] = []
  for (let k = 0; k < count; k++) {
    const name = `基准部门${stamp}-${k + 1}`
    const d = await c.call<{ id: string }>('POST', '/api/admin/v1/department/addByOrgId', {
      json: { organizationId, departmentName: name, type: 'department' },
      idempotencyKey: newKey(),
    })
    if (d.body.code !== 10000) throw new Error(`department: ${d.text}`)
    departments.push({ name, id: d.body.data.id })
  }
  // the posts of the data dictionary (post/list), each in turn
  const posts = (await c.call<Post[]>('GET', PEOPLE_API.post.list)).body.data.map((p) => p.postId)
  const started = performance.now()
  let next = 0
  const offset = 500_000 + (Date.now() % 100_000) * 3
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let i = next++; i < ROWS * count; i = next++) {
        const n = offset + i
        const r = await c.call('POST', '/api/admin/v1/user/add', {
          json: {
            organizationId,
            departmentId: departments[i % count]!.id,
            name: SURNAMES[n % SURNAMES.length]! + GIVEN[Math.floor(n / 20) % GIVEN.length]!,
            sex: n % 2 ? 'male' : 'female',
            idCard: idNumber(n),
            cellphone: `136${String(n).padStart(8, '0').slice(-8)}`,
            email: n % 3 ? `staff${n}@bench.example.cn` : undefined,
            post: posts[n % posts.length],
          },
          idempotencyKey: newKey(),
        })
        if (r.body.code !== 10000) throw new Error(`user/add ${i}: ${r.text}`)
      }
    }),
  )
  console.log(
    `seeded ${ROWS} people in each of ${count} departments through user/add (6 concurrent): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  return departments.map((d) => d.name)
}

async function openPanel(page: Page, base: string) {
  await page.goto(`${base}/login`)
  await page.getByLabel('账号或手机号').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.waitForURL(/\/admin\/home/)
  // /admin/organization → the unit type → the unit → 部门与人员 (as tests/e2e/people.spec.ts does)
  await page.goto(`${base}/admin/organization`)
  const units = page.getByRole('tree', { name: '单位树' })
  await units.getByRole('treeitem', { name: UNIT_TYPE }).click()
  await units.getByRole('treeitem', { name: UNIT }).click()
  await page.getByRole('tab', { name: '部门与人员' }).click()
  const panel = page.getByTestId('departments-panel')
  // the department tree: beside the table on a wide panel, or its opener (clickDepartment opens the drawer)
  await panel.getByRole('button', { name: '组织架构' }).or(panel.getByRole('tree')).first().waitFor()
  return panel
}

/** One click on a department of the tree (its drawer opened first when the panel has one): times in the page, from the click event. */
async function clickDepartment(page: Page, panel: Locator, deptName: string, profile: string | undefined) {
  // the drawer open (it hides the page's buttons from the accessibility tree), or to be opened, or no drawer
  const drawer = page.getByRole('dialog', { name: '组织架构' })
  const opener = panel.getByRole('button', { name: '组织架构' })
  const inDrawer = (await drawer.isVisible()) || (await opener.isVisible())
  if (inDrawer && !(await drawer.isVisible())) await opener.click()
  const tree = inDrawer ? drawer.getByRole('tree') : panel.getByRole('tree')
  const node = tree.getByTitle(deptName, { exact: true })
  await node.waitFor()
  // the persisted cache has written what the page read so far (it saves once the cache has been quiet)
  await page.waitForTimeout(1500)

  // choose the department → first rows painted, timed in the page: from the click event (not from
  // Playwright's checks before it) to the frame after the new table's first row was inserted (not
  // to when Playwright's polling notices it). BENCH_STAFF_PROFILE=<file>: a Chromium trace of the first click.
  await page.evaluate(() => {
    const box = document.querySelector('[data-testid="departments-panel"]')!
    for (const el of box.querySelectorAll('[data-virtual-table]')) el.setAttribute('data-bench-old', '')
    const b: BenchMarks = ((window as unknown as { __bench: BenchMarks }).__bench = {})
    document.addEventListener('click', (e) => void (b.click = e.timeStamp), { capture: true, once: true })
    const NEW = '[data-virtual-table]:not([data-bench-old])'
    const mo = new MutationObserver(() => {
      if (!box.querySelector(`${NEW} tbody tr[aria-rowindex="2"]`)) return
      if (b.rows === undefined) {
        b.rows = performance.now()
        // a task queued by the next frame's callback runs once that frame is painted
        requestAnimationFrame(() => setTimeout(() => void (b.painted = performance.now())))
      }
      // the first screen may come before the rest (a line says how many are still arriving)
      if (!box.querySelector(`${NEW} tbody td[role="status"]`)) {
        b.all = performance.now()
        mo.disconnect()
      }
    })
    mo.observe(box, { childList: true, subtree: true })
  })
  const browser = page.context().browser()!
  if (profile) await browser.startTracing(page, { path: profile, screenshots: false })
  await node.click()
  await page.waitForFunction(() => {
    const b = (window as unknown as { __bench: BenchMarks }).__bench
    return b.painted !== undefined && b.all !== undefined
  })
  if (profile) await browser.stopTracing()
  const marks = await page.evaluate(() => (window as unknown as { __bench: Required<BenchMarks> }).__bench)
  const t0 = marks.click
  // of which the list's requests: from its start to its last byte, and its size
  const requests = await page.evaluate(
    (since) =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => e.startTime >= since && e.name.includes('/api/'))
        .map((e) => ({ e, url: new URL(e.name) }))
        .map(({ e, url }) => ({
          // the staff list's pageSize tells its first screen from the whole list
          path: url.pathname + (url.searchParams.has('pageSize') ? ` (pageSize ${url.searchParams.get('pageSize')})` : ''),
          start: e.startTime - since,
          end: e.responseEnd - since,
          kib: e.encodedBodySize / 1024,
          raw: e.decodedBodySize / 1024,
        })),
    t0,
  )
  return { firstRows: marks.painted - t0, inserted: marks.rows - t0, all: marks.all - t0, requests }
}

async function measure(base: string, deptNames: string[]) {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    const panel = await openPanel(page, base)
    // as an installed console is used: the service worker has precached the shell (on a first visit its
    // 255 files are fetched and stored beside the page)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

    // each department clicked once (a new one each time: nothing of it in the cache), the figures the medians
    const clicks: Awaited<ReturnType<typeof clickDepartment>>[] = []
    for (const [i, deptName] of deptNames.entries()) {
      const c = await clickDepartment(page, panel, deptName, i === 0 ? PROFILE : undefined)
      clicks.push(c)
      console.log(
        `  click ${i + 1}: first rows ${c.firstRows.toFixed(0)} ms (inserted at ${c.inserted.toFixed(0)}), all in at ${c.all.toFixed(0)} ms; ${c.requests.map((r) => `${r.path} ${r.start.toFixed(0)} → ${r.end.toFixed(0)}`).join(', ')}`,
      )
    }
    const mid = (f: (c: (typeof clicks)[number]) => number | undefined) => median(clicks.map(f).filter((x) => x !== undefined))
    const paths = [...new Set(clicks.flatMap((c) => c.requests.map((r) => r.path)))]
    for (const path of paths) {
      const of = (c: (typeof clicks)[number]) => c.requests.find((r) => r.path === path)
      console.log(
        `  ${path}: ${mid((c) => of(c)?.start).toFixed(0)} → ${mid((c) => of(c)?.end).toFixed(0)} ms after choosing, ${mid((c) => of(c)?.kib).toFixed(0)} KiB sent (${mid((c) => of(c)?.raw).toFixed(0)} KiB JSON)`,
      )
    }
    const total = await panel.locator('[data-virtual-table] table').getAttribute('aria-rowcount')
    const domRows = await panel.locator('[data-virtual-table] tbody tr[aria-rowindex]').count()
    console.log(
      `staff list of a department with ${Number(total) - 1} people: first rows ${mid((c) => c.firstRows).toFixed(0)} ms after choosing it (inserted at ${mid((c) => c.inserted).toFixed(0)} ms, painted by the next frame); all of them in at ${mid((c) => c.all).toFixed(0)} ms; ${domRows} rows in the DOM (medians of ${clicks.length} clicks)`,
    )

    // what a row mounts (as the list scrolls, a screenful of rows is mounted each frame): React's fibers
    // and components under one row and the store subscriptions among them (useSyncExternalStore hooks),
    // counted from the row's fiber tree — the same on any machine, where the times below swing
    const row = (await page.evaluate(`(() => {
      const tr = document.querySelector('[data-testid="departments-panel"] [data-virtual-table] tbody tr[aria-rowindex="3"]')
      const key = tr && Object.keys(tr).find((k) => k.startsWith('__reactFiber$'))
      if (!key) return null
      let f = tr[key]
      while (f.return && !(typeof f.type !== 'string' && f.memoizedProps && 'rowHeight' in f.memoizedProps)) f = f.return
      let fibers = 0, components = 0, subscriptions = 0
      const walk = (x) => {
        for (let c = x.child; c; c = c.sibling) {
          fibers++
          if (typeof c.type !== 'string') components++
          if (typeof c.type === 'function')
            for (let h = c.memoizedState; h && typeof h === 'object' && 'next' in h; h = h.next) if (h.queue && h.queue.getSnapshot) subscriptions++
          walk(c)
        }
      }
      walk(f)
      return { fibers, components, subscriptions }
    })()`)) as { fibers: number; components: number; subscriptions: number } | null
    if (row)
      console.log(
        `a row of the list mounts ${row.fibers} React fibers, ${row.components} components, ${row.subscriptions} store subscriptions`,
      )

    // the machine's own frame time (no scrolling), to read the scroll figures against
    const idle = await page.evaluate(async () => {
      const frames: number[] = []
      let prev = await new Promise<number>((r) => requestAnimationFrame(r))
      for (let i = 0; i < 60; i++) {
        const now = await new Promise<number>((r) => requestAnimationFrame(r))
        frames.push(now - prev)
        prev = now
      }
      return frames.reduce((a, b) => a + b, 0) / frames.length
    })
    console.log(`idle frame time (no scrolling, same page): mean ${idle.toFixed(1)} ms`)

    // scroll through, one screen per frame, until the last row is rendered
    const scroll = await page.evaluate(async () => {
      const el = document.querySelector<HTMLElement>('[data-testid="departments-panel"] [data-virtual-table]')!
      const last = Number(el.querySelector('table')!.getAttribute('aria-rowcount'))
      const frames: number[] = []
      const start = performance.now()
      let prev = start
      el.scrollTop = 0
      while (!el.querySelector(`tr[aria-rowindex="${last}"]`)) {
        el.scrollTop += el.clientHeight
        const now = await new Promise<number>((r) => requestAnimationFrame(r))
        frames.push(now - prev)
        prev = now
        if (now - start > 60_000) break
      }
      const sorted = [...frames].sort((a, b) => a - b)
      return {
        ms: performance.now() - start,
        frames: frames.length,
        mean: frames.reduce((a, b) => a + b, 0) / Math.max(1, frames.length),
        p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
        max: sorted[sorted.length - 1] ?? 0,
        found: !!el.querySelector(`tr[aria-rowindex="${last}"]`),
      }
    })
    console.log(
      `scroll to the last row (one screen per frame): ${scroll.ms.toFixed(0)} ms, ${scroll.frames} frames, frame mean ${scroll.mean.toFixed(1)} ms, p95 ${scroll.p95.toFixed(1)} ms, max ${scroll.max.toFixed(1)} ms${scroll.found ? '' : ' (last row not reached)'}`,
    )

    // keyword filter over the loaded rows
    const search = panel.getByRole('searchbox')
    const t1 = await page.evaluate(() => performance.now())
    await search.fill('王伟')
    await panel.getByText(/^显示 \d+ \/ \d+ 人$/).waitFor()
    const filtered = (await page.evaluate(() => performance.now())) - t1
    console.log(`keyword filter over ${Number(total) - 1} rows: ${filtered.toFixed(0)} ms to the filtered list`)
  } finally {
    await browser.close()
  }
}

async function main() {
  let gateway: BenchGateway | null = null
  let base = process.env.BENCH_URL ?? ''
  try {
    if (!base) {
      if (!existsSync('dist/index.html')) {
        console.log('building the console (dist/ missing)…')
        const b = spawnSync('node_modules/.bin/vite', ['build'], { stdio: 'ignore' })
        if (b.status !== 0) throw new Error('vite build failed')
      }
      gateway = await startGateway(
        { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_SERVE_DIST: 'dist', TRESTLE_LOGIN_MAX_FAILURES: '1000', TRESTLE_LOG_LEVEL: 'warn' },
        'bench-staff',
      )
      base = gateway.base
    }
    // BENCH_DEPT: measure an existing department (of UNIT) instead of seeding CLICKS of them
    await measure(base, process.env.BENCH_DEPT ? [process.env.BENCH_DEPT] : await seed(base, CLICKS))
  } finally {
    await gateway?.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
