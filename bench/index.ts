/**
 * `npm run bench`: every benchmark of the project in one run, each figure printed with its goal
 * (issue 9) and, where there is one, the ratio to an anchor measured in the same run:
 *   - the console's bundles (a fresh `vite build`, then Chromium on /login and /admin/home through
 *     the gateway): JS gzip sizes, files, bytes actually sent; anchors: the gzip size of those files
 *     in the build, and for /login the framework chunk alone; then Lighthouse mobile performance of
 *     /login and /admin/home (bench/lighthouse.ts), anchor: the stack's floor page (bench/floor);
 *   - routes (issue 32): every page of the catalogue the administrator may open, each a signed-in
 *     start (bench/routes.ts): its JS beyond the shell + home start, and the run breaks when a route
 *     loads a heavy library's chunk (bpmn, spreadsheet: scripts/vite-chunks.ts HEAVY_CHUNKS)
 *     that the library does not declare for it;
 *   - field (issue 32): the screens field staff and auditors open most, each as its account
 *     (bench/field-pages.ts): the JS a signed-in start loads, Lighthouse mobile, and opening it offline;
 *   - the 2,000-row staff list in the browser (bench/staff-render.ts; anchor: its own list request),
 *     the unit tree at 10,000
 *     units (bench/org-tree.ts), the container tree at 20,000 nodes (bench/container-tree.ts), 1,000 offline edits (bench/outbox.ts), 1,000 offline work-site edits by a field account (bench/worksites.ts), login and small reads
 *     (bench/run.ts), each in its own process;
 *   - the signed staff list at group scale (100,000 staff) on the embedded database and on a
 *     PostgreSQL 15 server started here: statements per signed request, 50 clients on one unit
 *     and on a unit with its sub-units (req/s, p99), the anchor bare Fastify + the same SQL on the
 *     same database (bench/bare.ts) — and the same with the gate's statement first (the session
 *     read, a fresh nonce recorded: the ceiling of any gateway that checks both in the shared
 *     database) — and EXPLAIN (ANALYZE, BUFFERS) of every list query.
 * A figure that misses its goal is marked and the run goes on; the run fails (exit 1) only when a
 * benchmark breaks. BENCH_QUICK=1: shorter loads, 30,000 staff, smaller seeds, the build reused.
 *   - logs (issue 14): a filtered login-log query over 1,000,000 rows (p50/p99; anchor: the first
 *     page without a filter) and the streamed CSV export's throughput (BENCH_LOG_ROWS; quick: 100,000).
 *   - dashboard (issue 14): the home's dashboard/summary call over the logs' rows plus the staff
 *     (BENCH_STAFF_ROWS), as administrator and unit administrator (p50/p99; anchor: the log's first page).
 *   - tabulation (issue 30): a 60 × 300 template with 2,000 fill-in cells — a save's patch and gateway
 *     check time, the designer's and the fill-in screen's script and open time (bench/tabulation.ts).
 *   - workflow (issue 29): 10,000 running instances (quick: 2,000) — my tasks' (待办) first page p50/p99
 *     (anchor: the instances list on the same data), approvals per second one after another and 4 at a
 *     time, and the JS 流程模型管理 loads beyond the shell, none of it loaded by /login or the home
 *     (bench/workflow.ts).
 *   - files (issue 31): a 20 MB installer package up and down through the shared store (pieces in the
 *     embedded database, then in PostgreSQL), MB/s and the rise of the gateway's resident memory during
 *     each; a photo at the upload limit the same way on PostgreSQL, anchor: the disk store on the same server.
 * BENCH_ONLY=bundles,routes,field,browser,tree,containers,projectInit,dictionaries,attributes,outbox,worksites,tabulation,workflow,messages,files,login,logs,dashboard,embedded,postgres runs a subset.
 */
import { launchChromium } from '../tests/support/chromium'
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { desc, eq, isNull, sql } from 'drizzle-orm'
import { idCardOf, insertBenchStaff } from '../server/seed/people'
import * as t from '../server/db/schema'
import { HEAVY_CHUNKS, heavyChunkOf, mayLoad, type HeavyName } from '../scripts/vite-chunks'
import { Client } from '../tests/api/client'
import { noisyPng, packageBytes, upload } from '../tests/api/files-fixtures'
import { stopChild } from '../tests/support/gateway'
import { load, type LoadResult } from './load'
import type { Page } from '@playwright/test'
import { settled } from './chrome'
import { visitRoutes } from './routes'
import {
  freePort,
  LIGHTHOUSE_RUNS,
  median,
  percentile,
  readSqlLog,
  seededDatabase,
  startGateway,
  stats,
  type BenchGateway,
  type Statement,
} from './support'

const QUICK = process.env.BENCH_QUICK === '1'
const STAFF = Number(process.env.BENCH_STAFF_ROWS ?? (QUICK ? 30_000 : 100_000))
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 4 : 12))
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50)
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null
const PASSWORD = 'Bench@2026'
const PG_BIN = process.env.TRESTLE_PG_BIN ?? '/usr/local/bin'
const LIST = '/api/admin/v1/user/listPage'
const ADD = '/api/admin/v1/user/add'
const UPDATE = '/api/admin/v1/user/update'

// ---- figures ------------------------------------------------------------------------------------

interface Figure {
  name: string
  value: number | null
  unit: string
  /** `<=` or `>=` the goal; null when the issue sets none. */
  goal: { op: '<=' | '>='; value: number } | null
  anchor?: { label: string; value: number }
  note?: string
}
const figures: Figure[] = []
/** The stack's floor's Lighthouse score, when the `bundles` part measured it in this run (the field screens read against it). */
let floorLighthouse: number | null = null

/** A replay of `count` edits read against the gateway's own pace its script printed (bench/support.ts `ownPace`). */
function paceAnchor(out: string, name: string, count: number): Pick<Figure, 'anchor'> {
  const perWrite = Number(
    new RegExp(`${name} anchor: \\d+ writes one after another in [\\d.]+ s, ([\\d.]+) ms a write`).exec(out)?.[1] ?? NaN,
  )
  if (!Number.isFinite(perWrite)) return {}
  return {
    anchor: { label: `${count} of the same writes one after another, no outbox (${perWrite} ms each)`, value: (perWrite * count) / 1000 },
  }
}
const broken: string[] = []

const fmt = (v: number, unit: string) => `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${unit}`
const met = (f: Figure) => f.value !== null && f.goal !== null && (f.goal.op === '<=' ? f.value <= f.goal.value : f.value >= f.goal.value)

function figure(f: Figure) {
  figures.push(f)
  const parts = [`  ▸ ${f.name}: ${f.value === null ? 'not measured' : fmt(f.value, f.unit)}`]
  if (f.goal)
    parts.push(`goal ${f.goal.op === '<=' ? '≤' : '≥'} ${fmt(f.goal.value, f.unit)} ${f.value === null ? '' : met(f) ? '✓' : '✗ missed'}`)
  if (f.anchor && f.value !== null)
    parts.push(`anchor (${f.anchor.label}) ${fmt(f.anchor.value, f.unit)}, ratio ${(f.value / f.anchor.value).toFixed(2)}`)
  if (f.note) parts.push(f.note)
  console.log(parts.join(' · '))
}

async function part(name: string, fn: () => Promise<void>) {
  if (ONLY && !ONLY.has(name)) return
  console.log(`\n=== ${name} ===`)
  const started = performance.now()
  try {
    await fn()
  } catch (err) {
    broken.push(name)
    console.error(`!!! benchmark "${name}" broke:`, err)
  }
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`)
}

/** Runs `tsx bench/<script>` with `env`, echoing its output; returns the output (throws when it fails). */
function script(file: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', [file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      process.stdout.write(c.toString().replace(/^(?=.)/gm, '    '))
    })
    child.stderr.on('data', (c: Buffer) => process.stderr.write(c))
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} exited with ${code}`))))
  })
}

// ---- files: a 20 MB installer package through the shared store ---------------------------------

const PACKAGE_MB = 20
const LARGE_PACKAGE_MB = 10 * PACKAGE_MB
/** The gateway's own process: tsx runs it as its child (Linux /proc). */
function gatewayProcess(tsxPid: number): number {
  const children = readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
  return children.length ? Number(children[0]) : tsxPid
}

const statusKiB = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)

/**
 * Runs `work` and tells its time and how far the gateway's resident memory rose above where it stood
 * (MiB): the kernel's high-water mark, reset just before (`clear_refs` 5) — the peak, without asking
 * the gateway anything while it works.
 */
async function watched<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; ms: number; rise: number }> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
  const before = statusKiB(pid, 'VmRSS')
  const t0 = performance.now()
  const result = await work()
  const ms = performance.now() - t0
  return { result, ms, rise: (statusKiB(pid, 'VmHWM') - before) / 1024 }
}

/**
 * Issue 31: a 20 MB package (purpose `package`, streamed both ways) uploaded and downloaded through
 * one gateway's file store — MB/s each way and how far the gateway's resident memory rose above where
 * it stood, during each (its peak: the kernel's high-water mark).
 * A warm-up round with a small package first (code paths compiled, pools open); then the median of
 * the rounds for the throughput and the largest rise for the memory.
 */
async function packageRounds(store: 'disk' | 'database', env: Record<string, string>) {
  const gw = await startGateway(
    { ...env, TRESTLE_FILE_STORE: store, TRESTLE_SECRET_KEY: 'bench-secret-key-0123456789abcdef0123' },
    `files-package-${store}`,
  )
  try {
    const admin = await new Client(gw.base).signIn('admin', PASSWORD)
    const pid = gatewayProcess(gw.pid)
    const bytes = packageBytes(PACKAGE_MB * 1024 * 1024)
    const sha = createHash('sha256').update(bytes).digest('hex')
    const roundTrip = async (payload: Buffer) => {
      const upped = await watched(pid, () => upload(admin, 'package', 'bench.apk', 'application/vnd.android.package-archive', payload))
      const file = upped.result
      if (file.body.code !== 10000) throw new Error(`upload: ${file.text}`)
      const downed = await watched(pid, async () => {
        const res = await fetch(new URL(file.body.data!.url, gw.base))
        const hash = createHash('sha256')
        let size = 0
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          hash.update(chunk)
          size += chunk.length
        }
        return { size, sha256: hash.digest('hex'), header: res.headers.get('x-checksum-sha256') }
      })
      return { file: file.body.data!, up: upped.ms, upRise: upped.rise, down: downed.ms, downRise: downed.rise, got: downed.result }
    }
    await roundTrip(packageBytes(256 * 1024))
    const rounds = QUICK ? 2 : 5
    const results = []
    for (let i = 0; i < rounds; i++) {
      const r = await roundTrip(bytes)
      if (r.file.sha256 !== sha || r.got.sha256 !== sha || r.got.header !== sha || r.got.size !== bytes.length)
        throw new Error('the package came back different, or with another checksum')
      results.push(r)
    }
    // one round with a file ten times larger: a store that held a whole file would rise by its size
    const large = await roundTrip(packageBytes(LARGE_PACKAGE_MB * 1024 * 1024))
    if (large.got.size !== LARGE_PACKAGE_MB * 1024 * 1024 || large.got.sha256 !== large.file.sha256)
      throw new Error('the large package came back different')
    return {
      rounds,
      largeUpRise: large.upRise,
      largeDownRise: large.downRise,
      up: median(results.map((r) => r.up)),
      down: median(results.map((r) => r.down)),
      upRise: Math.max(...results.map((r) => r.upRise)),
      downRise: Math.max(...results.map((r) => r.downRise)),
    }
  } finally {
    await gw.stop()
  }
}

/**
 * The package through the shared store (TRESTLE_FILE_STORE=database: 256 KiB pieces in `file_chunk`)
 * on `database`, against the same through the disk store of the same gateway — a file streamed from
 * and to the disk, nothing of the store's between: what Node itself holds while 20 MB pass (its
 * Buffers are collected when V8 next collects, which it does by itself only after some tens of MiB).
 * Whether a file is ever held whole shows in the round with a file ten times larger (200 MiB): its
 * rise stays below the file's size, where a store that buffered the file rises by more than its size
 * (measured by making the download collect the pieces first: 345 MiB on PostgreSQL, 340 MiB embedded).
 */
async function packageRoundTrip(database: string, env: Record<string, string>) {
  const disk = await packageRounds('disk', env)
  const shared = await packageRounds('database', env)
  const mbps = (ms: number) => PACKAGE_MB / (ms / 1000)
  for (const [way, time, rise, largeRise] of [
    ['upload', 'up', 'upRise', 'largeUpRise'],
    ['download', 'down', 'downRise', 'largeDownRise'],
  ] as const) {
    figure({
      name: `${way} of a ${PACKAGE_MB} MB package through the shared store on the ${database} (median of ${shared.rounds})`,
      value: mbps(shared[time]),
      unit: 'MB/s',
      goal: { op: '>=', value: 20 },
      anchor: { label: 'the disk store', value: mbps(disk[time]) },
    })
    figure({
      name: `gateway resident memory rise during the ${way} (${database}, largest)`,
      value: shared[rise],
      unit: 'MiB',
      // the heap growing to its working size (V8 collects the drivers' garbage after some tens of MiB)
      goal: null,
      anchor: { label: 'the disk store', value: disk[rise] },
    })
    figure({
      name: `gateway resident memory rise during the ${way} of a ${LARGE_PACKAGE_MB} MB package (${database})`,
      value: shared[largeRise],
      unit: 'MiB',
      // streamed: below the file's own size (a store that held the file rose 340–345 MiB here)
      goal: { op: '<=', value: LARGE_PACKAGE_MB },
      anchor: { label: `the ${PACKAGE_MB} MB package`, value: shared[rise] },
    })
  }
}

// ---- bundles and the browser --------------------------------------------------------------------

let built = false
function build() {
  if (built) return
  built = true
  const reuse = process.env.BENCH_BUILD === '0' || (QUICK && process.env.BENCH_BUILD !== '1')
  if (reuse && existsSync('dist/index.html')) return console.log('  (the existing dist/ is measured)')
  const started = performance.now()
  const b = spawnSync('node_modules/.bin/vite', ['build'], { stdio: 'ignore' })
  if (b.status !== 0) throw new Error('vite build failed')
  console.log(`  vite build: ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** The chunks a built chunk imports (`/assets/…` paths), read from its code: static (`from"./x.js"`) or dynamic (`import("./x.js")`). */
function importsOf(path: string, kind: 'static' | 'dynamic'): string[] {
  const code = readFileSync(join('dist', path), 'utf8')
  const re = kind === 'static' ? /(?:from|import)\s*["']\.\/([^"'`]+\.js)["']/g : /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g
  return [...code.matchAll(re)].map((m) => `/assets/${m[1]}`)
}

/**
 * The dashboard charts' files among those a page loaded: the charts chunk and every loaded chunk
 * that only it brings — not one the rest of the page imports (statically, or dynamically: a lazy
 * screen, an area's texts), whatever the charts import too.
 */
function chartsGroup(loaded: Set<string>, isCharts: (p: string) => boolean): Set<string> {
  const closure = (from: Iterable<string>) => {
    const out = new Set<string>()
    const walk = (p: string) => {
      if (out.has(p)) return
      out.add(p)
      importsOf(p, 'static').forEach(walk)
    }
    for (const p of from) walk(p)
    return out
  }
  const ofCharts = closure([...loaded].filter(isCharts))
  // what the rest of the page loads: what is not the charts', with what it imports, to a fixpoint
  let rest = closure([...loaded].filter((p) => !ofCharts.has(p)))
  for (let size = -1; size !== rest.size;) {
    size = rest.size
    const lazy = [...rest].flatMap((p) => importsOf(p, 'dynamic')).filter((p) => loaded.has(p) && !isCharts(p))
    rest = closure([...rest, ...lazy])
  }
  return new Set([...loaded].filter((p) => !rest.has(p)))
}

/**
 * A style recalculation of every element of `page`: a class toggled on <html> that a rule matches
 * below it, then a read that needs the styles; the median of 15 in the page's own clock — with the
 * page's stylesheets, then with them disabled (the browser's own styles only: the anchor, measured
 * right after on the same elements, so the ratio holds on a slower or busier machine).
 */
async function wholeRestyle(page: Page): Promise<{ elements: number; ms: number; bare: number }> {
  await page.addStyleTag({ content: '.bench-restyle * { outline-color: currentColor }' })
  return page.evaluate(() => {
    // no named function in here: tsx would wrap it in a helper the page does not have
    const sheets = [...document.styleSheets].filter((s) => !(s.ownerNode as Element | null)?.textContent?.includes('bench-restyle'))
    const medians: number[] = []
    // a warm-up and a measure with the page's stylesheets, then the same with them disabled
    for (const phase of [0, 1, 2, 3]) {
      if (phase === 2) for (const s of sheets) s.disabled = true
      const times: number[] = []
      for (let i = 0; i < 15; i++) {
        document.documentElement.classList.toggle('bench-restyle')
        const started = performance.now()
        void getComputedStyle(document.body).color
        void document.body.offsetTop
        times.push(performance.now() - started)
      }
      medians.push(times.sort((a, b) => a - b)[7]!)
    }
    for (const s of sheets) s.disabled = false
    return { elements: document.querySelectorAll('*').length, ms: medians[1]!, bare: medians[3]! }
  })
}

async function bundles(base: string) {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', serviceWorkers: 'block' })
    const page = await context.newPage()
    // the console's JS as fetched, with the bytes that came over the wire (Resource Timing's encodedBodySize)
    const scripts = (p = page) =>
      p.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && new URL(e.name).pathname.endsWith('.js'))
          .map((e) => ({ path: new URL(e.name).pathname, sent: e.encodedBodySize })),
      )
    const js = new Map<string, { sent: number }>()
    const seen: Record<string, Set<string>> = { login: new Set(), home: new Set() }
    const t0 = Date.now()
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' })
    const loginMs = Date.now() - t0
    for (const e of await scripts()) {
      seen.login!.add(e.path)
      js.set(e.path, { sent: e.sent })
    }
    await page.getByLabel('账号或手机号').fill('admin')
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
    // what typing loaded (jsencrypt)
    const typed = (await scripts()).map((e) => e.path)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL(/\/admin\/home/)
    // not 'networkidle': the live message stream (SSE) stays open; wait until no new script arrives for 1.5 s
    await settled(page)
    // the sign-in path: /login's scripts, jsencrypt and the home's (every script seen counts once)
    const path = new Set([...typed, ...(await scripts(page)).map((e) => e.path)])
    // the figure: the shell and the home as a signed-in start loads them (the installed app opened
    // again with its session kept), in a new page of the same browser context
    const home = await context.newPage()
    // at the size of the issue's figure: a tablet's, where the charts are near the first screen and load
    await home.setViewportSize({ width: 1024, height: 768 })
    await home.goto(`${base}/admin/home`)
    await home.getByRole('navigation').first().waitFor()
    await settled(home)
    for (const e of await scripts(home)) seen.home!.add(e.path)
    const restyle = await wholeRestyle(home)
    const sum = (paths: Iterable<string>, f: (p: string) => number) => [...paths].reduce((a, p) => a + f(p), 0)
    const gz = (p: string) => gzipOf(join('dist', p))
    const login = seen.login!
    // the dashboard's charts load after the cards, in their own chunk: its share is printed too, with
    // the chunks only it imports (the tabs above the charts and their Radix parts)
    const isCharts = (p: string) => /\/DashboardCharts-[^/]*\.js$/.test(p)
    const charts = chartsGroup(seen.home!, isCharts)
    if (!charts.size) broken.push('bundles: the settled home at 1024×768 loaded no charts (DashboardCharts-*.js)')
    const all = seen.home!
    const loginGz = sum(login, gz) / 1024
    const loginSent = sum(login, (p) => js.get(p)?.sent ?? 0) / 1024
    const homeGz = sum(all, gz) / 1024
    // the floor the stack sets: React, react-dom, TanStack Router and Query, two chunks of this build
    // (scripts/vite-chunks.ts): `react`, which every start loads, and `framework`, the console's —
    // the sign-in page alone (src/app/signIn.tsx) runs without the router and the query cache
    const framework = readdirSync('dist/assets')
      .filter((f) => /^(react|framework)-[\w-]+\.js$/.test(f))
      .map((f) => `/assets/${f}`)
    if (framework.length !== 2) broken.push(`bundles: the build has ${framework.length} react/framework chunks, not 2`)
    if (![...login].some((p) => /\/react-[\w-]+\.js$/.test(p))) broken.push('bundles: /login does not load the react chunk')
    if ([...login].some((p) => /\/framework-[\w-]+\.js$/.test(p)))
      broken.push('bundles: /login loads the router and the query cache (the framework chunk): the sign-in page runs alone')
    // zod's JSON Schema generator stays out of the console (scripts/vite-zod-without-json-schema.ts)
    const withJsonSchema = [...new Set([...login, ...seen.home!])].filter((p) =>
      readFileSync(join('dist', p), 'utf8').includes('json-schema.org/draft'),
    )
    if (withJsonSchema.length) broken.push(`bundles: zod's JSON Schema generator is in ${withJsonSchema.join(', ')}`)
    // nor does /login load zod before the user types (its form's check loads then: features/auth/loginForm.ts)
    const withZod = [...login].filter((p) => readFileSync(join('dist', p), 'utf8').includes('`ZodError`'))
    if (withZod.length) broken.push(`bundles: /login loads zod (${withZod.join(', ')})`)
    // nor does a signed-in start of the home, the outbox's declarations included: building the schemas
    // was a long task of its own (the paths and constants they need are in contract/endpoints, enums, masks)
    const homeZod = [...seen.home!].filter((p) => readFileSync(join('dist', p), 'utf8').includes('`ZodError`'))
    if (homeZod.length) {
      // name the chunks the home loaded that import it, so the fix starts at the right module
      const names = homeZod.map((p) => p.replace('/assets/', './'))
      const via = [...seen.home!].filter((p) => {
        const text = readFileSync(join('dist', p), 'utf8')
        return !homeZod.includes(p) && names.some((n) => text.includes(`"${n}"`))
      })
      broken.push(`bundles: the signed-in home loads zod (${homeZod.join(', ')}, imported by ${via.join(', ') || '?'})`)
    }
    const frameworkGz = sum(framework, gz) / 1024
    figure({
      name: `/login JS, gzip (${login.size} files)`,
      value: loginGz,
      unit: 'KiB',
      // issue 32: within 1.2× the stack's floor, the framework chunks of the same build (issue 9's 100 KiB is below the framework itself)
      goal: { op: '<=', value: 1.2 * frameworkGz },
      anchor: { label: 'the framework alone: React, react-dom, TanStack Router and Query, two chunks of this build', value: frameworkGz },
      note: `goal 1.2× the framework; shadcn-admin in issue 9: 200–220 KiB (not re-measured here); /login loaded in ${loginMs} ms`,
    })
    figure({
      name: `shell + /admin/home JS, everything a settled home loads at 1024×768, its charts included, gzip (${all.size} files)`,
      value: homeGz,
      unit: 'KiB',
      goal: { op: '<=', value: 250 },
      note: 'a signed-in start (the session kept); shadcn-admin in issue 9: 348–362 KiB (not re-measured here)',
    })
    figure({
      name: `  … of which the dashboard's charts, gzip (${charts.size} files: their chunk and what only it imports, loaded after the cards)`,
      value: charts.size ? sum(charts, gz) / 1024 : null,
      unit: 'KiB',
      goal: null,
      note: 'SVG drawn by React (src/components/ui/chart.tsx); Recharts 3 was 109–119 KiB with what only it used (research 07-charts: ~133 KiB gz)',
    })
    figure({
      name: `/login, sign-in and /admin/home in one page (no reload), JS, gzip (${path.size} files)`,
      value: sum(path, gz) / 1024,
      unit: 'KiB',
      goal: null,
      note: 'what a first visit downloads from the sign-in page to the home: /login, jsencrypt, the shell and the home',
    })
    figure({
      name: `a restyle of the whole settled home at 1024×768 (${restyle.elements} elements), median of 15`,
      value: restyle.ms,
      unit: 'ms',
      goal: null,
      anchor: { label: "the same elements with the page's stylesheets disabled (the browser's own styles)", value: restyle.bare },
      note: "the stylesheet's share of a frame after a change (a screen's first frame, a drawer's close): Tailwind's composable utilities' variables are set where a utility uses them, not on every element and pseudo-element",
    })
    figure({
      name: 'bytes actually sent for /login JS',
      value: loginSent,
      unit: 'KiB',
      goal: { op: '<=', value: 110 },
      anchor: { label: 'gzip -9 of the same files from the build', value: loginGz },
    })
  } finally {
    await browser.close()
  }
}

/**
 * The routes part (issue 32): every page of the catalogue the administrator may open, each a
 * signed-in start in a fresh page (bench/routes.ts). Per route, the JS it loads beyond the shell +
 * home start (the files a signed-in start of /admin/home loads; gzip -9 from the build). The run
 * breaks when /login or a route loads a heavy library's chunk (scripts/vite-chunks.ts HEAVY_CHUNKS,
 * told apart by file name) that the library does not declare for it, and when a heavy library has
 * no chunk in the build (its modules matched nothing: its check would pass without checking).
 */
async function routes(base: string) {
  const { login, visits, skipped } = await visitRoutes(base, PASSWORD)
  const gz = (p: string) => gzipOf(join('dist', p))
  const kib = (paths: Iterable<string>) => [...paths].reduce((a, p) => a + gz(p), 0) / 1024
  const home = visits.find((v) => v.path === '/admin/home')
  if (!home) throw new Error('the home was not opened')
  const start = new Set(home.scripts)
  console.log(`  the shell + home start: ${kib(start).toFixed(1)} KiB gzip in ${start.size} files (each route is counted beyond these)`)
  for (const s of skipped) console.log(`  (not opened: ${s.path}: ${s.reason})`)
  const loadedBy = new Map<HeavyName, string[]>()
  for (const { path, scripts } of [{ path: '/login', scripts: login }, ...visits])
    for (const file of scripts) {
      const name = heavyChunkOf(file)
      if (!name) continue
      loadedBy.set(name, [...new Set([...(loadedBy.get(name) ?? []), path])])
      if (!mayLoad(name, path)) {
        const problem = `routes: ${path} loads the ${name} chunk (${file}), declared for ${HEAVY_CHUNKS[name].routes.join(', ') || 'no route'} only`
        console.log(`  ✗ ${problem}`)
        broken.push(problem)
      }
    }
  for (const v of visits) {
    if (v.message) console.log(`  ! ${v.path} shows the message page “${v.message}”, not its screen`)
    if (v === home) continue
    const beyond = v.scripts.filter((p) => !start.has(p))
    const heavy = [...new Set(v.scripts.map(heavyChunkOf).filter((n) => n !== null))]
    figure({
      name: `${v.path} ${v.name}: JS beyond the shell + home start, gzip (${beyond.length} files)`,
      value: kib(beyond),
      unit: 'KiB',
      goal: null,
      note: `a signed-in start of it: ${kib(v.scripts).toFixed(0)} KiB${heavy.length ? `; heavy: ${heavy.join(', ')}` : ''}`,
    })
  }
  for (const [name, heavy] of Object.entries(HEAVY_CHUNKS) as [HeavyName, (typeof HEAVY_CHUNKS)[HeavyName]][]) {
    const files = readdirSync('dist/assets').filter((f) => f.endsWith('.js') && heavyChunkOf(f) === name)
    if (!files.length) broken.push(`routes: no ${name} chunk in the build (HEAVY_CHUNKS.${name}.modules matched nothing)`)
    const seen = loadedBy.get(name)
    figure({
      name: `the ${name} chunk, gzip (${files.length} file${files.length === 1 ? '' : 's'}; declared for ${heavy.routes.join(', ') || 'no route'})`,
      value: files.length ? kib(files.map((f) => `assets/${f}`)) : null,
      unit: 'KiB',
      goal: null,
      note: [
        seen ? `loaded by ${seen.join(', ')}` : 'loaded by none of the routes opened',
        heavy.precache ? 'precached' : 'not precached',
        { bpmn: 'research 01-workflow: bpmn-js Modeler ≈ 175 KiB gz' }[name as string],
      ]
        .filter(Boolean)
        .join('; '),
    })
  }
}

// ---- the scale part: 100k staff, embedded and PostgreSQL ----------------------------------------

/**
 * A PostgreSQL server of its own in a temporary directory. `durable: false` (the 100k bulk insert
 * before the read figures) turns fsync off; the write figures keep it on, as a server in use would.
 */
async function startPostgres({ durable = false } = {}): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'trestle-bench-pg-'))
  chmodSync(dir, 0o777)
  const data = join(dir, 'data')
  const as = (args: string[]) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' })
  let r = as([join(PG_BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'])
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr}`)
  const port = 20000 + Math.floor(Math.random() * 20000)
  r = as([
    join(PG_BIN, 'pg_ctl'),
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? '' : ' -c fsync=off'} -c shared_buffers=256MB`,
    '-l',
    join(dir, 'pg.log'),
    '-w',
    'start',
  ])
  if (r.status !== 0) throw new Error(`pg_ctl start failed: ${r.stderr}`)
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
  await admin.connect()
  await admin.query('create database trestle')
  await admin.end()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/trestle`,
    stop: () => {
      as([join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const isWrite = (q: string) => /\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i.test(q)
const isListQuery = (q: string) => /^\s*select\b/i.test(q) && /from "person"/i.test(q)

// ---- logs (issue 14): a filtered query over 1,000,000 login-log rows, and export throughput ---------

const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? (QUICK ? 100_000 : 1_000_000))

async function logs(want: { logs: boolean; dashboard: boolean } = { logs: true, dashboard: false }) {
  const { ensureLogPartitions } = await import('../server/modules/logs/partitions')
  const extra: Record<string, string> = { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOG_LEVEL: 'warn' }
  const seeded = await seededDatabase('bench-logs', extra)
  const { database } = seeded
  try {
    // rows over the last 30 days (the months' partitions first), 2,000 accounts, one in ten a failure
    await ensureLogPartitions(database.db, new Date(), { login: 180, operate: 180, system: 365 })
    const orgIds = (await database.db.select({ id: t.organization.organizationId }).from(t.organization)).map((o) => o.id)
    const started = performance.now()
    // each row in one of the demo units (the dashboard counts by data scope)
    await database.db
      .execute(sql`insert into login_log (login_log_id, account_name, organization_id, ip, city, terminal, terminal_version, os, success, code, created_at)
      select 'b' || g, 'user' || lpad((g % 2000)::text, 4, '0'), (${sql.raw(`array[${orgIds.map((id) => `'${id}'`).join(',')}]`)})[g % ${orgIds.length} + 1],
        '10.0.' || (g % 250) || '.' || (g % 200), 'private', 'Chrome', '131.0', 'Windows 10/11',
        g % 10 <> 0, case when g % 10 = 0 then 20010 else 10000 end, now() - (g * (30 * 86400.0 / ${LOG_ROWS}) || ' seconds')::interval
      from generate_series(1, ${LOG_ROWS}) g`)
    console.log(`  bulk insert: ${LOG_ROWS} login-log rows over 30 days in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    if (want.dashboard) {
      const s = performance.now()
      const inserted = await insertBenchStaff(database.db, orgIds, STAFF)
      console.log(`  bulk insert: ${inserted} staff over ${orgIds.length} units in ${((performance.now() - s) / 1000).toFixed(0)} s`)
    }
    await database.db.execute(sql`analyze`)
    await database.close()

    const gateway = await startGateway({ ...seeded.env })
    try {
      const admin = await new Client(gateway.base).signIn('admin', PASSWORD)
      const path = '/api/admin/v1/loginLog/listPage'
      const timed = async (query: Record<string, string>, n: number) => {
        const ms: number[] = []
        for (let i = 0; i < n; i++) {
          const s = performance.now()
          const r = await admin.call<{ records: unknown[] }>('GET', path, { query })
          ms.push(performance.now() - s)
          if (r.body.code !== 10000) throw new Error(`log query: ${r.text.slice(0, 300)}`)
        }
        return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), all: ms }
      }
      const n = QUICK ? 30 : 100
      const anchor = await timed({ pageSize: '20' }, n)
      if (want.dashboard) await dashboardFigures(gateway.base, admin, anchor, n)
      if (!want.logs) return
      const filtered = await timed({ pageSize: '20', accountName: 'user0042', success: '0' }, n)
      const month = new Date(Date.now() - 30 * 86_400_000).toISOString()
      const wide = await timed({ pageSize: '20', accountName: 'user0042', from: month }, n)
      console.log(`  last 7 days, no filter: ${stats(anchor.all)}`)
      console.log(`  account + failures, last 7 days: ${stats(filtered.all)}`)
      console.log(`  account, last 30 days: ${stats(wide.all)}`)
      for (const [label, r] of [
        ['account + failures, 7 days', filtered],
        ['account, 30 days', wide],
      ] as const) {
        figure({
          name: `log query over ${LOG_ROWS.toLocaleString('en')} rows (${label}) p50`,
          value: r.p50,
          unit: 'ms',
          goal: { op: '<=', value: 200 },
          anchor: { label: 'first page, no filter', value: anchor.p50 },
        })
        figure({
          name: `log query over ${LOG_ROWS.toLocaleString('en')} rows (${label}) p99`,
          value: r.p99,
          unit: 'ms',
          goal: { op: '<=', value: 500 },
          anchor: { label: 'first page, no filter', value: anchor.p99 },
        })
      }

      // export: the last 7 days as CSV, streamed
      const signed = await admin.signedRequest('GET', '/api/admin/v1/loginLog/export', { query: { format: 'csv' } })
      const s = performance.now()
      const res = await fetch(signed.url, { headers: signed.headers })
      let bytes = 0
      let lines = 0
      const reader = res.body!.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        bytes += value.length
        for (const b of value) if (b === 10) lines++
      }
      const secs = (performance.now() - s) / 1000
      const rows = lines - 1
      console.log(`  CSV export: ${rows} rows, ${(bytes / 1048576).toFixed(1)} MB in ${secs.toFixed(1)} s`)
      figure({ name: 'log export throughput (CSV, streamed)', value: rows / secs, unit: 'rows/s', goal: { op: '>=', value: 20_000 } })
      figure({ name: 'log export throughput (CSV, streamed) bytes', value: bytes / 1048576 / secs, unit: 'MB/s', goal: null })
    } finally {
      await gateway.stop()
    }
  } finally {
    seeded.remove()
  }
}

/**
 * dashboard (issue 14): GET dashboard/summary — every home figure in one signed call — over the logs'
 * data set (LOG_ROWS login rows over 30 days) plus STAFF staff, as the administrator (scope: all)
 * and as the seeded unit administrator (orgadmin, own units and below); anchor: the login log's
 * first page without a filter on the same data.
 */
async function dashboardFigures(base: string, admin: Client, anchor: { p50: number; p99: number }, n: number) {
  const path = '/api/admin/v1/dashboard/summary'
  const timed = async (c: Client, query: Record<string, string>) => {
    const ms: number[] = []
    for (let i = 0; i < n; i++) {
      const s = performance.now()
      const r = await c.call<{ logins?: { today: number } }>('GET', path, { query })
      ms.push(performance.now() - s)
      if (r.body.code !== 10000) throw new Error(`dashboard summary: ${r.text.slice(0, 300)}`)
    }
    return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), all: ms }
  }
  const unitAdmin = await new Client(base).signIn('orgadmin', PASSWORD)
  for (const [label, c, query] of [
    ['administrator, 14 days', admin, { days: '14' }],
    ['administrator, 30 days', admin, { days: '30' }],
    ['unit administrator, 30 days', unitAdmin, { days: '30' }],
  ] as const) {
    const r = await timed(c, query)
    console.log(`  dashboard summary (${label}): ${stats(r.all)}`)
    const rows = `${LOG_ROWS.toLocaleString('en')} log rows, ${STAFF.toLocaleString('en')} staff`
    figure({
      name: `dashboard summary over ${rows} (${label}) p50`,
      value: r.p50,
      unit: 'ms',
      goal: { op: '<=', value: 300 },
      anchor: { label: 'login log first page', value: anchor.p50 },
    })
    figure({
      name: `dashboard summary over ${rows} (${label}) p99`,
      value: r.p99,
      unit: 'ms',
      goal: { op: '<=', value: 800 },
      anchor: { label: 'login log first page', value: anchor.p99 },
    })
  }
}

async function scale(kind: 'embedded' | 'postgres') {
  const pg = kind === 'postgres' ? await startPostgres() : null
  const sqlLog = join(tmpdir(), `trestle-bench-sql-${kind}-${process.pid}.jsonl`)
  const extra: Record<string, string> = { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOG_LEVEL: 'warn', TRESTLE_LOGIN_MAX_FAILURES: '1000' }
  if (pg) Object.assign(extra, { DATABASE_URL: pg.url, TRESTLE_ADMIN_PASSWORD: PASSWORD })
  const seeded = await seededDatabase(`bench-${kind}`, extra)
  const { database } = seeded
  const explains: { label: string; s: Statement }[] = []
  try {
    // 1. 100k staff over the demo units, written directly
    const orgIds = (await database.db.select({ id: t.organization.organizationId }).from(t.organization)).map((o) => o.id)
    const started = performance.now()
    const inserted = await insertBenchStaff(database.db, orgIds, STAFF)
    console.log(`  bulk insert: ${inserted} staff over ${orgIds.length} units in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    // as autovacuum leaves a table after a bulk insert: statistics and the visibility map (index-only scans)
    await database.db.execute(sql`vacuum analyze`)
    const [root] = await database.db
      .select({ id: t.organization.organizationId })
      .from(t.organization)
      .where(eq(t.organization.organizationName, '中铁恒岳建设集团有限公司'))
    const tops = await database.db.select({ id: t.organization.organizationId }).from(t.organization).where(isNull(t.organization.parentId))
    const [busiest] = await database.db
      .select({ id: t.person.organizationId, n: sql<number>`count(*)::int` })
      .from(t.person)
      .groupBy(t.person.organizationId)
      .orderBy(desc(sql`count(*)`))
      .limit(1)
    await database.close()
    console.log(`  ${tops.length} top units; the unit with the most staff has ${busiest!.n}`)

    // 2. the gateway on it, statements logged
    const gateway: BenchGateway = await startGateway({ ...seeded.env, TRESTLE_SQL_LOG: sqlLog })
    let oneUnitQuery = ''
    let anchorStatements: Statement[] = []
    let gateStatement: Statement | undefined
    let subStatements: Statement[] = []
    try {
      const admin = await new Client(gateway.base).signIn('admin', PASSWORD)
      const qs = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()
      // explain: the list's statements, or 'all' its reads (the gate's session query too)
      const capture = async (label: string, q: Record<string, string | number>, explain: boolean | 'all' = true) => {
        writeFileSync(sqlLog, '')
        const s = performance.now()
        const r = await admin.call<{ total: number; records: unknown[] }>('GET', LIST, { query: q })
        const ms = performance.now() - s
        if (r.body.code !== 10000) throw new Error(`${label}: ${r.text.slice(0, 300)}`)
        const statements = readSqlLog(sqlLog)
        const d = r.body.data as { total: number; records: unknown[]; totalCapped?: boolean }
        console.log(
          `  ${label}: ${d.records.length} of ${d.total}${d.totalCapped ? '+ (capped count)' : ''} rows, ${(r.text.length / 1024).toFixed(0)} KB, ${ms.toFixed(0)} ms; ${statements.length} SQL statements, ${statements.filter((x) => isWrite(x.query)).length} writes`,
        )
        const explained = statements.filter((x) =>
          explain === 'all' ? /^\s*(select|with)\b/i.test(x.query) : explain && isListQuery(x.query),
        )
        for (const st of explained) explains.push({ label, s: st })
        return { statements, ms }
      }
      oneUnitQuery = qs({ organizationId: busiest!.id!, pageIndex: 1, pageSize: 20 })
      const subQuery = qs({ organizationId: root!.id, includeChildren: 1, pageIndex: 1, pageSize: 20 })
      const one = await capture('one unit, page 1 of 20', { organizationId: busiest!.id!, pageIndex: 1, pageSize: 20 }, 'all')
      anchorStatements = one.statements.filter((x) => isListQuery(x.query))
      gateStatement = one.statements.find((x) => /insert into "nonce"/.test(x.query))
      if (!gateStatement) throw new Error("the gate's statement (the nonce recorded) was not in the request's statements")
      figure({
        name: `[${kind}] SQL statements per signed list request`,
        value: one.statements.length,
        unit: 'statements',
        goal: null,
        note: `${one.statements.filter((x) => isWrite(x.query)).length} of them writes`,
      })
      // the second request of a session: bookkeeping the first one did need not be repeated
      const again = await capture('the same again', { organizationId: busiest!.id!, pageIndex: 1, pageSize: 20 }, false)
      figure({
        name: `[${kind}] SQL statements per signed list request (next one)`,
        value: again.statements.length,
        unit: 'statements',
        goal: null,
        note: `${again.statements.filter((x) => isWrite(x.query)).length} of them writes`,
      })
      const sub = await capture('unit with its sub-units, page 1 of 20', {
        organizationId: root!.id,
        includeChildren: 1,
        pageIndex: 1,
        pageSize: 20,
      })
      subStatements = sub.statements.filter((x) => isListQuery(x.query))
      const deep = await capture('all units, page 2,000 of 20 (deep)', { pageIndex: 2000, pageSize: 20 })
      figure({ name: `[${kind}] deep page (2,000 × 20) of all staff by offset, one request`, value: deep.ms, unit: 'ms', goal: null })
      // the same depth by keyset: the cursor after row 39,980 (from page 1,999), then the page after it
      const before = await admin.call<{ nextCursor?: string }>('GET', LIST, { query: { pageIndex: 1999, pageSize: 20 } })
      const cursor = before.body.data?.nextCursor
      if (cursor) {
        const keyset = await capture('all units, page 2,000 of 20 by cursor (keyset)', { pageIndex: 2000, pageSize: 20, cursor })
        figure({
          name: `[${kind}] deep page (2,000 × 20) of all staff by cursor, one request`,
          value: keyset.ms,
          unit: 'ms',
          goal: null,
          anchor: { label: 'by offset', value: deep.ms },
        })
      } else console.log('  (no nextCursor in the answer: keyset paging not measured)')
      await capture('keyword 张伟, page 1 of 20', { keyword: '张伟', pageIndex: 1, pageSize: 20 })
      const big = await capture('unit with its sub-units, pageSize 2000', {
        organizationId: root!.id,
        includeChildren: 1,
        pageIndex: 1,
        pageSize: 2000,
      })
      figure({ name: `[${kind}] pageSize 2000 of a unit with its sub-units, one request`, value: big.ms, unit: 'ms', goal: null })

      // signed writes as the offline outbox replays them (Idempotency-Key, operation log): a person
      // added and then edited, each the second of its kind (the function-permission cache is warm)
      // the operation log is written after the answer is sent: let it land before reading the log and before the next write
      const settle = () => new Promise((r) => setTimeout(r, 300))
      const write = async (method: 'POST' | 'PUT', path: string, json: Record<string, unknown>, as = admin) => {
        await settle()
        writeFileSync(sqlLog, '')
        const r = await as.call<{ userId: string; version: number } & Record<string, unknown>>(method, path, {
          json,
          idempotencyKey: crypto.randomUUID(),
        })
        if (r.body.code !== 10000) throw new Error(`${method} ${path}: ${r.text.slice(0, 300)}`)
        await settle()
        // not the background job runner's polling, which lands in the same log
        return { person: r.body.data, statements: readSqlLog(sqlLog).filter((x) => !/\bupdate "job"/.test(x.query)) }
      }
      const person = (n: number) => ({
        name: `写入${n}`,
        sex: 'female',
        idCard: idCardOf(`65010219910101${String(n).padStart(3, '0')}`),
        cellphone: `1991234${String(n).padStart(4, '0')}`,
        organizationId: busiest!.id!,
        sort: n,
      })
      const added = [await write('POST', ADD, person(1)), await write('POST', ADD, person(2))]
      for (const [i, a] of added.entries())
        await write('PUT', UPDATE, { ...person(i + 1), userId: a.person.userId, version: a.person.version, sort: 9 })
      const edited = await write('PUT', UPDATE, {
        ...person(2),
        userId: added[1]!.person.userId,
        version: added[1]!.person.version + 1,
        sort: 8,
      })
      // the field account's writes the outbox replays most: a work site added, then edited
      const field = await new Client(gateway.base).signIn('lisite', PASSWORD)
      const WS = '/api/admin/v1/projectWorkSite'
      const [demoSite] = (
        await field.call<{ records: { projectId: string; lineId: string | null }[] }>('GET', `${WS}/listPage`, {
          query: { pageSize: 1 },
        })
      ).body.data.records
      const site = (n: number) => ({
        workSiteId: crypto.randomUUID(),
        projectId: demoSite!.projectId,
        workSiteCode: `BENCH-${kind}-${n}`,
        workSiteName: `基准工点${n}`,
        siteType: 'bridge',
        status: 'preparing',
        lineId: demoSite!.lineId,
        startMileage: `DK${300 + n}+000`,
        endMileage: `DK${300 + n}+500`,
      })
      const sites = [await write('POST', `${WS}/add`, site(1), field), await write('POST', `${WS}/add`, site(2), field)]
      await write('PUT', `${WS}/update`, { ...sites[0]!.person, status: 'building' }, field)
      const siteEdited = await write('PUT', `${WS}/update`, { ...sites[1]!.person, status: 'building' }, field)
      for (const [label, w] of [
        ['a person added', added[1]!],
        ['a person edited', edited],
        ['a work site added by a field account', sites[1]!],
        ['a work site edited by a field account', siteEdited],
      ] as const)
        figure({
          name: `[${kind}] SQL statements per signed write: ${label}`,
          value: w.statements.length,
          unit: 'statements',
          goal: null,
          note: `${w.statements.filter((x) => isWrite(x.query)).length} of them writes (session, nonce, idempotency, the record, the operation log)`,
        })

      const show = (label: string, r: LoadResult) =>
        console.log(
          `  ${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${r.requests} requests, ${r.errors} bad${r.firstError ? `: ${r.firstError.slice(0, 120)}` : ''})`,
        )
      writeFileSync(sqlLog, '')
      // the load runs without the statement log (it costs a file write per statement)
      await gateway.stop()
      const quiet = await startGateway({ ...seeded.env })
      try {
        const signer = await new Client(quiet.base).signIn('admin', PASSWORD)
        const a = await load({ base: quiet.base, path: LIST, query: oneUnitQuery, seconds: SECONDS, clients: CLIENTS, signer })
        show(`${CLIENTS} clients, one unit`, a)
        if (a.errors > a.requests / 2) throw new Error(`most answers bad: ${a.firstError}`)
        const b = await load({ base: quiet.base, path: LIST, query: subQuery, seconds: SECONDS, clients: CLIENTS, signer })
        show(`${CLIENTS} clients, unit with its sub-units`, b)
        if (b.errors > b.requests / 2) throw new Error(`most answers bad: ${b.firstError}`)
        // issue 31: a signed write whose Idempotency-Key reservation and answer are in the write's own
        // transaction (exactly once through a crash), against the same write sent without a key
        // (no reservation, no stored answer) — alternating, one after another
        const keyed: number[] = []
        const unkeyed: number[] = []
        for (let i = 0; i < (QUICK ? 30 : 100); i++) {
          for (const withKey of [true, false]) {
            const n = 100 + 2 * i + (withKey ? 0 : 1)
            const t0 = performance.now()
            const r = await signer.call('POST', ADD, { json: person(n), ...(withKey ? { idempotencyKey: crypto.randomUUID() } : {}) })
            ;(withKey ? keyed : unkeyed).push(performance.now() - t0)
            if (r.body.code !== 10000) throw new Error(`POST ${ADD}: ${r.text.slice(0, 300)}`)
          }
        }
        figure({
          name: `[${kind}] a signed write (a person added) with its Idempotency-Key answer in the write's transaction, p50`,
          value: median(keyed),
          unit: 'ms',
          goal: null,
          anchor: { label: 'the same write without a key (nothing reserved, no answer kept)', value: median(unkeyed) },
          note: "what exactly-once costs: the key's reservation row and its answer, written in the write's transaction",
        })
        await quiet.stop()
        // the anchor: bare Fastify + the same statements on the same database
        // and the same with the gate's statement before them (a fresh nonce each): the most a gateway
        // that reads the session and records each call's nonce in the shared database can reach
        const bare = await bareServer(kind, seeded.env, pg?.url ?? null, [
          ...anchorStatements,
          ...subStatements.map((x) => ({ ...x, set: 'sub' as const })),
          { ...gateStatement!, gate: true },
        ])
        let anchor: LoadResult
        let gated: LoadResult
        let subAnchor: LoadResult
        let subGated: LoadResult
        try {
          const bareLoad = async (path: string, label: string) => {
            const r = await load({ base: bare.base, path, query: '', seconds: SECONDS, clients: CLIENTS })
            show(`${CLIENTS} clients, bare Fastify + ${label}`, r)
            if (r.errors > r.requests / 2) throw new Error(`most answers bad: ${r.firstError}`)
            return r
          }
          anchor = await bareLoad('/list', 'the same SQL (anchor)')
          gated = await bareLoad('/gated', "the gate's statement + the same SQL")
          subAnchor = await bareLoad('/list/sub', 'the same SQL, unit with its sub-units (anchor)')
          subGated = await bareLoad('/gated/sub', "the gate's statement + the same SQL, unit with its sub-units")
        } finally {
          await bare.stop()
        }
        const goalRps = kind === 'postgres' ? 1500 : 500
        figure({
          name: `[${kind}] signed staff list page (20 rows), ${STAFF / 1000}k staff, one unit, ${CLIENTS} clients`,
          value: a.rps,
          unit: 'req/s',
          goal: { op: '>=', value: goalRps },
          anchor: { label: 'bare Fastify + the same SQL', value: anchor.rps },
          note: `against bare Fastify + the gate's statement + the same SQL: ${(a.rps / gated.rps).toFixed(2)}×`,
        })
        figure({
          name: `[${kind}]   … the anchor with the gate's statement before the list's (the session read, a fresh nonce recorded)`,
          value: gated.rps,
          unit: 'req/s',
          goal: null,
          anchor: { label: 'bare Fastify + the same SQL', value: anchor.rps },
          note: "the ceiling of a gateway that checks each call's session and nonce in the shared database: 3 statements against 2",
        })
        if (kind === 'postgres')
          figure({
            name: `[${kind}]   … p99`,
            value: a.p99,
            unit: 'ms',
            goal: { op: '<=', value: 50 },
            anchor: { label: 'bare Fastify + the same SQL', value: anchor.p99 },
          })
        figure({
          name: `[${kind}] the same, unit with its sub-units`,
          value: b.rps,
          unit: 'req/s',
          goal: kind === 'postgres' ? { op: '>=', value: 1000 } : null,
          anchor: { label: 'bare Fastify + the same SQL', value: subAnchor.rps },
          note: `p99 ${b.p99.toFixed(0)} ms; against bare Fastify + the gate's statement + the same SQL (${subGated.rps.toFixed(0)} req/s, ${(subGated.rps / subAnchor.rps).toFixed(2)}× of the anchor): ${(b.rps / subGated.rps).toFixed(2)}×`,
        })
      } finally {
        await quiet.stop()
      }
    } finally {
      await gateway.stop()
    }

    // 3. EXPLAIN of every list query
    console.log("\n  EXPLAIN (ANALYZE, BUFFERS) of every list query, and of the gate's reads for the first one:")
    const explain = await explainer(kind, seeded.env, pg?.url ?? null)
    try {
      for (const { label, s } of explains) {
        console.log(`  --- ${label}: ${s.query.slice(0, 160).replace(/\s+/g, ' ')}${s.query.length > 160 ? '…' : ''}`)
        for (const line of await explain(s)) console.log(`      ${line}`)
      }
      // the gate's one statement before every signed read, timed in the database alone
      const gate = explains.find((e) => /insert into "nonce"/.test(e.s.query))
      if (gate) {
        const times: number[] = []
        for (let i = 0; i < 30; i++) {
          const m = /Execution Time: ([\d.]+) ms/.exec((await explain(gate.s)).join('\n'))
          if (m) times.push(Number(m[1]))
        }
        figure({
          name: `[${kind}] the gate's statement before each signed call, in the database (EXPLAIN ANALYZE ×${times.length}), p50`,
          value: median(times),
          unit: 'ms',
          goal: null,
          note: "session, account, access token and grants version read, the nonce recorded; the grants version is one counter its tables' triggers move (migration 0044)",
        })
      }
    } finally {
      await explain.close()
    }
  } finally {
    rmSync(sqlLog, { force: true })
    seeded.remove()
    pg?.stop()
  }
}

async function bareServer(
  kind: string,
  env: Record<string, string | undefined>,
  url: string | null,
  statements: (Statement & { gate?: boolean })[],
) {
  const file = join(tmpdir(), `trestle-bench-bare-${kind}-${process.pid}.jsonl`)
  writeFileSync(file, statements.map((s) => JSON.stringify(s)).join('\n'))
  const port = await freePort()
  const child = spawn('node_modules/.bin/tsx', ['bench/bare.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      BARE_SQL: file,
      ...(url ? { BARE_DATABASE_URL: url } : { BARE_PGLITE_DIR: join(env.TRESTLE_DATA_DIR!, 'pglite') }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    await stopChild(child)
    rmSync(file, { force: true })
  }
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/ready`)).ok) break
    } catch {
      /* not up yet */
    }
    if (i > 300) {
      await stop()
      throw new Error('bare server did not start')
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { base, stop }
}

async function explainer(kind: string, env: Record<string, string | undefined>, url: string | null) {
  const prefix = 'explain (analyze, buffers, costs off) '
  if (url) {
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const f = async (s: Statement) =>
      (await client.query<{ 'QUERY PLAN': string }>(prefix + s.query, s.params)).rows.map((r) => r['QUERY PLAN'])
    return Object.assign(f, { close: () => client.end() })
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pgliteExtensions } = await import('../server/db/client')
  const db = await PGlite.create(join(env.TRESTLE_DATA_DIR!, 'pglite'), { extensions: await pgliteExtensions() })
  const f = async (s: Statement) => (await db.query<{ 'QUERY PLAN': string }>(prefix + s.query, s.params)).rows.map((r) => r['QUERY PLAN'])
  void kind
  return Object.assign(f, { close: () => db.close() })
}

// ---- the run ------------------------------------------------------------------------------------

async function main() {
  const started = performance.now()
  console.log(
    `Trestle bench${QUICK ? ' (quick)' : ''}: ${STAFF} staff, ${CLIENTS} clients, ${SECONDS} s per load; ${new Date().toISOString()}`,
  )

  let web: BenchGateway | null = null
  const needWeb = !ONLY || ONLY.has('bundles') || ONLY.has('browser')
  try {
    if (needWeb) {
      await part('bundles', async () => {
        build()
        web = await startGateway(
          { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_SERVE_DIST: 'dist', TRESTLE_LOGIN_MAX_FAILURES: '1000', TRESTLE_LOG_LEVEL: 'warn' },
          'bench-web',
        )
        await bundles(web.base)
        // the stack's floor (bench/floor: React, its router and query rendering a bare sign-in form),
        // built and served as the console is: the Lighthouse score no page of this stack goes above
        const floorDir = mkdtempSync(join(tmpdir(), 'trestle-floor-'))
        let floor: BenchGateway | null = null
        try {
          const b = spawnSync('node_modules/.bin/vite', ['build', '-c', 'bench/floor/vite.config.ts'], {
            stdio: 'ignore',
            env: { ...process.env, BENCH_FLOOR_OUT: floorDir },
          })
          if (b.status !== 0) throw new Error('vite build of bench/floor failed')
          floor = await startGateway({ TRESTLE_SERVE_DIST: floorDir, TRESTLE_LOG_LEVEL: 'warn' }, 'bench-floor')
          const out = await script('bench/lighthouse.ts', { BENCH_URL: web.base, BENCH_PASSWORD: PASSWORD, BENCH_FLOOR_URL: floor.base })
          const m = /lighthouse: login (\S+) home (\S+)/.exec(out)
          const f = /lighthouse floor: (\S+)/.exec(out)?.[1]
          const floorScore = f === undefined || f === 'null' ? null : Number(f)
          floorLighthouse = floorScore
          const goals = [
            ['/login', 0.98, '0.80–0.90'],
            ['/admin/home', 0.95, '0.57–0.74'],
          ] as const
          goals.forEach(([page, goal, anchor], i) => {
            const v = m?.[i + 1]
            figure({
              name: `Lighthouse mobile performance ${page}`,
              value: v === undefined || v === 'null' ? null : Number(v),
              unit: '',
              goal: { op: '>=', value: goal },
              anchor:
                floorScore === null
                  ? undefined
                  : { label: "the stack's floor: a bare sign-in form in React, its router and query", value: floorScore },
              note: `the median of ${LIGHTHOUSE_RUNS} runs, the floor's too; shadcn-admin in issue 9: ${anchor}`,
            })
          })
        } finally {
          await (floor as BenchGateway | null)?.stop()
          rmSync(floorDir, { recursive: true, force: true })
        }
      })
      await part('browser', async () => {
        if (!web) throw new Error('no gateway serving the console (the bundles part broke)')
        const out = await script('bench/staff-render.ts', {
          BENCH_URL: web.base,
          BENCH_PASSWORD: PASSWORD,
          BENCH_STAFF: String(QUICK ? 500 : 2000),
        })
        const m = /people: first rows (\d+) ms/.exec(out)
        // the limits measured with it: the requests of its first screen and of the whole list, click → last byte
        const request = /\/user\/listPage \(pageSize 50\): \d+ → (\d+) ms after choosing/.exec(out)
        const wholeRequest = /\/user\/listPage \(pageSize \d{3,}\): \d+ → (\d+) ms after choosing/.exec(out)
        figure({
          name: `${QUICK ? 500 : 2000}-row staff list: click a department → rows on screen`,
          value: m ? Number(m[1]) : null,
          unit: 'ms',
          goal: { op: '<=', value: 150 },
          anchor: request ? { label: 'the request of its first screen (click → last byte)', value: Number(request[1]) } : undefined,
        })
        // the first screen comes from a 50-row answer; the whole list (its 1 MB request) after it
        const all = /all of them in at (\d+) ms/.exec(out)
        figure({
          name: `${QUICK ? 500 : 2000}-row staff list: click → the whole list in the table`,
          value: all ? Number(all[1]) : null,
          unit: 'ms',
          goal: null,
          anchor: wholeRequest ? { label: "the whole list's request (click → last byte)", value: Number(wholeRequest[1]) } : undefined,
        })
        // what each row mounts as the list scrolls, and the frames of a scroll through it (no goal: figures to watch)
        const row = /a row of the list mounts (\d+) React fibers, (\d+) components, (\d+) store subscriptions/.exec(out)
        figure({
          name: 'staff list: React fibers a row mounts',
          value: row ? Number(row[1]) : null,
          unit: 'fibers',
          goal: null,
          note: row ? `${row[2]} components, ${row[3]} store subscriptions` : undefined,
        })
        const scroll = /scroll to the last row \(one screen per frame\): \d+ ms, \d+ frames, frame mean ([\d.]+) ms/.exec(out)
        const idle = /idle frame time \(no scrolling, same page\): mean ([\d.]+) ms/.exec(out)
        figure({
          name: 'staff list: scrolled a screen per frame to its last row, frame mean',
          value: scroll ? Number(scroll[1]) : null,
          unit: 'ms',
          goal: null,
          anchor: idle ? { label: 'a frame of the same page, idle', value: Number(idle[1]) } : undefined,
        })
      })
    }
  } finally {
    await (web as BenchGateway | null)?.stop()
  }
  await part('routes', async () => {
    build()
    const gateway = await startGateway(
      { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_SERVE_DIST: 'dist', TRESTLE_LOGIN_MAX_FAILURES: '1000', TRESTLE_LOG_LEVEL: 'warn' },
      'bench-routes',
    )
    try {
      await routes(gateway.base)
    } finally {
      await gateway.stop()
    }
  })
  await part('field', async () => {
    build()
    const out = await script('bench/field-pages.ts', { BENCH_PASSWORD: PASSWORD })
    for (const [, json] of out.matchAll(/^field: (.*)$/gm)) {
      const r = JSON.parse(json!) as {
        path: string
        account: string
        js: number
        files: number
        lighthouse: number | null
        offlineMs: number | null
      }
      figure({
        name: `${r.path} as ${r.account}: JS a signed-in start loads, gzip (${r.files} files)`,
        value: r.js,
        unit: 'KiB',
        goal: { op: '<=', value: 250 },
        note: "counted as the home's (shell + /admin/home)",
      })
      figure({
        name: `Lighthouse mobile performance ${r.path} as ${r.account}`,
        value: r.lighthouse,
        unit: '',
        goal: { op: '>=', value: 0.95 },
        note: `the median of ${LIGHTHOUSE_RUNS} runs`,
        ...(floorLighthouse === null
          ? {}
          : {
              anchor: {
                label: "the stack's floor in this run: a bare sign-in form in React, its router and query",
                value: floorLighthouse,
              },
            }),
      })
      figure({
        name: `${r.path} as ${r.account}: opened offline in a new tab, navigation → content`,
        value: r.offlineMs,
        unit: 'ms',
        goal: { op: '<=', value: 1000 },
        note: 'the gateway stopped and the tablet offline; the page seen online before',
      })
    }
  })
  await part('tree', async () => {
    const out = await script('bench/org-tree.ts', { BENCH_ORG_UNITS: '10000' })
    const p50s = [...out.matchAll(/listByKeyword[^\n]*p50=([\d.]+) ms/g)].map((m) => Number(m[1]))
    figure({
      name: 'unit tree keyword search over 10,000 units (slowest keyword, p50)',
      value: p50s.length ? Math.max(...p50s) : null,
      unit: 'ms',
      goal: { op: '<=', value: 50 },
    })
  })
  await part('containers', async () => {
    const nodes = QUICK ? 5000 : 20_000
    const out = await script('bench/container-tree.ts', { BENCH_CONTAINERS: String(nodes), BENCH_CONTAINER_RUNS: QUICK ? '5' : '15' })
    const p50 = (re: RegExp) => {
      const m = re.exec(out)
      return m ? Number(m[1]) : null
    }
    const anchor = p50(/in-process \(anchor\): [^\n]*p50=([\d.]+) ms/)
    figure({
      name: `container tree opens: listTree of ${nodes.toLocaleString('en')} nodes (p50)`,
      value: p50(/listTree \(whole tree\)[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 400 },
      ...(anchor ? { anchor: { label: 'the same select in-process', value: anchor } } : {}),
    })
    figure({
      name: 'container tree opens: console build + open rows (p50)',
      value: p50(/console tree build \+ open rows[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 100 },
    })
    const searches = [...out.matchAll(/listTree keyword[^\n]*p50=([\d.]+) ms/g)].map((m) => Number(m[1]))
    figure({
      name: 'container tree search on the gateway (slowest keyword, p50)',
      value: searches.length ? Math.max(...searches) : null,
      unit: 'ms',
      goal: { op: '<=', value: 200 },
    })
    const browser = p50(/browser: 项目容器 opens[^\n]*: ([\d.]+) ms/)
    if (browser !== null)
      figure({
        name: `container tree opens in Chromium (page load to rows, ${nodes.toLocaleString('en')} nodes)`,
        value: browser,
        unit: 'ms',
        goal: { op: '<=', value: 3000 },
      })
    const typed = p50(/browser: search typed[^\n]*: ([\d.]+) ms/)
    if (typed !== null)
      figure({
        name: 'container tree search in Chromium (typed to filtered rows)',
        value: typed,
        unit: 'ms',
        goal: { op: '<=', value: 500 },
      })
    figure({
      name: 'container tree search in the console (p50)',
      value: p50(/console tree search[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 50 },
    })
  })
  await part('projectInit', async () => {
    const containers = QUICK ? 1000 : 5000
    const designUnits = QUICK ? 100 : 500
    const out = await script('bench/project-init.ts', {
      BENCH_INIT_CONTAINERS: String(containers),
      BENCH_INIT_DESIGN_UNITS: String(designUnits),
    })
    const ms = (re: RegExp) => {
      const m = re.exec(out)
      return m ? Number(m[1]) : null
    }
    const upload = ms(/upload \(read \+ store \+ validate\): (\d+) ms/)
    const create = ms(/create \(one transaction[^)]*\): (\d+) ms/)
    const anchor = ms(/anchor: container import row by row[^:]*: (\d+) ms/)
    const size = `${containers.toLocaleString('en')} containers + ${designUnits} design units`
    figure({ name: `initialisation workbook uploaded and validated (${size})`, value: upload, unit: 'ms', goal: { op: '<=', value: 5000 } })
    figure({
      name: `initialisation workbook validated again (${size})`,
      value: ms(/validate: (\d+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 3000 },
    })
    figure({
      name: `initialisation created in one transaction (${size})`,
      value: create,
      unit: 'ms',
      goal: { op: '<=', value: 20_000 },
      ...(anchor ? { anchor: { label: 'the containers alone through the row-by-row container import', value: anchor } } : {}),
    })
  })
  await part('dictionaries', async () => {
    const nodes = QUICK ? 5000 : 20_000
    const rows = QUICK ? 2000 : 10_000
    const out = await script('bench/dictionary-tree.ts', {
      BENCH_DICT_NODES: String(nodes),
      BENCH_DICT_IMPORT: String(rows),
      BENCH_DICT_RUNS: QUICK ? '5' : '15',
    })
    const p50 = (re: RegExp) => {
      const m = re.exec(out)
      return m ? Number(m[1]) : null
    }
    const anchor = p50(/in-process \(anchor\): [^\n]*p50=([\d.]+) ms/)
    figure({
      name: `EBS dictionary opens: listTree of ${nodes.toLocaleString('en')} nodes (p50)`,
      value: p50(/ebs\/listTree \(whole tree\)[^\n]*?p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 400 },
      ...(anchor ? { anchor: { label: 'the same select in-process', value: anchor } } : {}),
    })
    const searches = [...out.matchAll(/ebs\/listTree keyword[^\n]*?p50=([\d.]+) ms/g)].map((m) => Number(m[1]))
    const whole = p50(/ebs\/listTree \(whole tree\)[^\n]*?p50=([\d.]+) ms/)
    figure({
      name: 'EBS dictionary search on the gateway (slowest keyword, p50)',
      value: searches.length ? Math.max(...searches) : null,
      unit: 'ms',
      goal: { op: '<=', value: 200 },
      // the broad keyword is in 18,000 of the 20,000 names: its answer is the whole tree, whose read is the floor
      ...(whole ? { anchor: { label: 'the whole tree, read in the same run (the broad keyword matches 90 % of it)', value: whole } } : {}),
    })
    const wholeCold = p50(/first read after a change, the whole tree: [^\n]*p50=([\d.]+) ms/)
    figure({
      name: 'EBS dictionary opens, the first read after a change (the gateway reads the tree again, p50)',
      value: wholeCold,
      unit: 'ms',
      goal: { op: '<=', value: 400 },
      ...(anchor ? { anchor: { label: 'the same select in-process', value: anchor } } : {}),
    })
    figure({
      name: 'EBS dictionary broad search, the first after a change (p50)',
      value: p50(/first read after a change, keyword[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 200 },
      ...(wholeCold ? { anchor: { label: 'the whole tree, first read after a change', value: wholeCold } } : {}),
    })
    figure({
      name: 'EBS dictionary move of a 111-node subtree (p50)',
      value: p50(/ebs\/move of a 111-node subtree: [^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 100 },
    })
    const during = /while the import is received and parsed: [^\n]*p50=([\d.]+) ms[^\n]*idle [^\n]*p50=([\d.]+) ms/.exec(out)
    figure({
      name: 'a small signed read while an Excel import is received and parsed (p50)',
      value: during ? Number(during[1]) : null,
      unit: 'ms',
      goal: during ? { op: '<=', value: 3 * Number(during[2]) } : null,
      ...(during ? { anchor: { label: 'the same read, idle', value: Number(during[2]) } } : {}),
    })
    const imp = /import: (\d+) rows \((\d+) ok[^)]*\) in ([\d.]+) s/.exec(out)
    figure({
      name: `dictionary Excel import of ${rows.toLocaleString('en')} rows (POST to last row)`,
      value: imp ? Number(imp[3]) : null,
      unit: 's',
      goal: QUICK ? null : { op: '<=', value: 120 },
    })
    if (imp && Number(imp[2]) !== rows) throw new Error(`the import wrote ${imp[2]} of ${rows} rows`)
  })
  await part('attributes', async () => {
    const out = await script('bench/attributes.ts', { BENCH_ATTR_RUNS: QUICK ? '3' : '7' })
    const p50 = (re: RegExp) => {
      const m = re.exec(out)
      return m ? Number(m[1]) : null
    }
    const anchorChecks = p50(/hand-written checks[^\n]*p50=([\d.]+) ms/)
    figure({
      name: 'attributes: save-validation of a 50-item form × 1,000 nodes, schema looked up per node (p50)',
      value: p50(/schema looked up per node\)[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 500 },
      ...(anchorChecks ? { anchor: { label: 'hand-written type checks', value: anchorChecks } } : {}),
    })
    figure({
      name: 'attributes: first validation of a 50-item form after its items changed (new schema, p50)',
      value: p50(/first validation after the items changed[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 50 },
    })
    figure({
      name: 'attributes: 50-item form × 1,000 nodes, schema built once (p50)',
      value: p50(/schema built once\)[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 500 },
      ...(anchorChecks ? { anchor: { label: 'hand-written type checks', value: anchorChecks } } : {}),
    })
    const anchorSum = p50(/plain sum[^\n]*p50=([\d.]+) ms/)
    figure({
      name: 'BOQ roll-up of 20,000 items up a 4,681-node tree (p50)',
      value: p50(/BOQ roll-up[^\n]*p50=([\d.]+) ms/),
      unit: 'ms',
      goal: { op: '<=', value: 200 },
      ...(anchorSum ? { anchor: { label: 'a plain sum of the node amounts', value: anchorSum } } : {}),
    })
  })
  await part('outbox', async () => {
    // on the embedded database, then on a PostgreSQL server started here (when its binaries are)
    for (const kind of existsSync(join(PG_BIN, 'initdb')) ? (['embedded', 'PostgreSQL'] as const) : (['embedded'] as const)) {
      const pg = kind === 'PostgreSQL' ? await startPostgres({ durable: true }) : null
      try {
        const out = await script('bench/outbox.ts', {
          ...(QUICK ? { BENCH_OUTBOX_ADDS: '150', BENCH_OUTBOX_EDITS: '100' } : {}),
          ...(pg ? { BENCH_OUTBOX_DATABASE_URL: pg.url } : {}),
        })
        const m = [...out.matchAll(/outbox replay \(([^)]*)\): (\d+) edits in ([\d.]+) s/g)]
        for (const x of m)
          figure({
            name: `${x[2]} offline edits synced (${kind}, ${x[1]})`,
            value: Number(x[3]),
            unit: 's',
            goal: QUICK ? null : { op: '<=', value: 10 },
            ...paceAnchor(out, 'outbox', Number(x[2])),
          })
      } finally {
        pg?.stop()
      }
    }
  })
  await part('worksites', async () => {
    const out = await script('bench/worksites.ts', QUICK ? { BENCH_WORKSITES_ADDS: '150', BENCH_WORKSITES_EDITS: '100' } : {})
    const m = [
      ...out.matchAll(
        /worksites replay \(([^)]*)\): (\d+) edits in ([\d.]+) s[^\n]*lost (\d+), duplicated (\d+), left in the outbox (\d+)/g,
      ),
    ]
    for (const x of m) {
      figure({
        name: `${x[2]} offline work-site edits synced (${x[1]})`,
        value: Number(x[3]),
        unit: 's',
        goal: QUICK ? null : { op: '<=', value: 10 },
        ...paceAnchor(out, 'worksites', Number(x[2])),
        note: `lost ${x[4]}, duplicated ${x[5]}, left ${x[6]}`,
      })
      figure({
        name: `work-site edits lost or duplicated (${x[1]})`,
        value: Number(x[4]) + Number(x[5]) + Number(x[6]),
        unit: 'edits',
        goal: { op: '<=', value: 0 },
      })
    }
  })
  await part('tabulation', async () => {
    if (!existsSync('dist/index.html')) build()
    const out = await script('bench/tabulation.ts', QUICK ? { BENCH_QUICK: '1' } : {})
    const p50 = (line: string) => Number(/p50=([\d.]+) ms/.exec(line)?.[1] ?? NaN)
    const line = (re: RegExp) => re.exec(out)?.[0] ?? ''
    const all = line(/tabulation save all: (\d+) cells, (\d+) bytes, .*/)
    const few = line(/tabulation save few: .*/)
    const cellsAll = Number(/(\d+) cells/.exec(all)?.[1] ?? 0)
    figure({
      name: `sheet save of ${cellsAll} cells: patch`,
      value: Number(/(\d+) bytes/.exec(all)?.[1] ?? NaN) / 1024,
      unit: 'KiB',
      goal: null,
    })
    figure({
      name: `sheet save of ${cellsAll} cells (every cell checked against rules and kinds), p50`,
      value: p50(all),
      unit: 'ms',
      goal: { op: '<=', value: 200 },
      anchor: { label: 'a save of 20 cells', value: p50(few) },
    })
    figure({ name: 'sheet save of 20 cells, p50', value: p50(few), unit: 'ms', goal: { op: '<=', value: 50 } })
    figure({
      name: 'sheet save refused (a cell outside the rules, 20003), p50',
      value: p50(line(/tabulation save refused: .*/)),
      unit: 'ms',
      goal: { op: '<=', value: 50 },
    })
    const opened = line(/tabulation open: .*/)
    figure({
      name: 'open a 60 × 300 sheet with 2,000 fill-in cells (answer)',
      value: Number(/(\d+) bytes/.exec(opened)?.[1] ?? NaN) / 1024,
      unit: 'KiB',
      goal: null,
      note: `p50 ${p50(opened)} ms`,
    })
    const screen = (name: string) =>
      /tabulation (\w+): opened in (\d+) ms, script (\d+) bytes/.exec(line(new RegExp(`tabulation ${name}: .*`)))
    const designer = screen('designer')
    const fill = screen('fill')
    figure({
      name: 'designer: script beyond the shell (as sent)',
      value: designer ? Number(designer[3]) / 1024 : null,
      unit: 'KiB',
      goal: null,
    })
    figure({ name: 'designer: open the 60 × 300 template, 1024×768', value: designer ? Number(designer[2]) : null, unit: 'ms', goal: null })
    figure({
      name: 'fill-in screen: script beyond the shell (as sent)',
      value: fill ? Number(fill[3]) / 1024 : null,
      unit: 'KiB',
      goal: null,
      anchor: designer ? { label: 'the designer', value: Number(designer[3]) / 1024 } : undefined,
    })
    const key = /tabulation fill key: p50=([\d.]+) ms/.exec(out)
    figure({
      name: 'fill-in screen: a key press in a cell → next frame, p50',
      value: key ? Number(key[1]) : null,
      unit: 'ms',
      goal: { op: '<=', value: 100 },
    })
    const request = /tabulation fill request: (-?\d+) (-?\d+) (-?\d+) ms/.exec(out)
    figure({
      name: 'fill-in screen: open the 60 × 300 sheet, 1024×768 (its first screen of cells and controls)',
      value: fill ? Number(fill[2]) : null,
      unit: 'ms',
      goal: { op: '<=', value: 1500 },
      anchor: designer ? { label: 'the designer', value: Number(designer[2]) } : undefined,
      note: request ? `its request (1.7 MB) starts at ${request[1]} ms, ends at ${request[3]} ms` : undefined,
    })
    const scroll = /tabulation fill scroll: (-?[\d.]+) ms/.exec(out)
    figure({
      name: 'fill-in screen: scrolled to the end in one go → its last row drawn',
      value: scroll ? Number(scroll[1]) : null,
      unit: 'ms',
      goal: null,
      note: 'the rows half a screen above and below are drawn ahead, so a finger scrolling meets drawn rows; a jump draws a new window',
    })
  })
  await part('workflow', async () => {
    if (!existsSync('dist/index.html')) build()
    const instances = QUICK ? 2000 : 10_000
    const out = await script('bench/workflow.ts', { BENCH_WF_INSTANCES: String(instances), ...(QUICK ? { BENCH_QUICK: '1' } : {}) })
    const at = (line: string, p: string) => Number(new RegExp(`${p}=([\\d.]+) ms`).exec(line)?.[1] ?? NaN)
    const line = (re: RegExp) => re.exec(out)?.[0] ?? ''
    const n = instances.toLocaleString('en')
    for (const size of [10, 50]) {
      const todo = line(new RegExp(`workflow todo page ${size}: .*`))
      const all = line(new RegExp(`workflow instances page ${size}: .*`))
      const anchor = 'the instances list, same page (wfInstance/listPage: a plain signed paged list of the same instances)'
      for (const [p, goal] of [
        ['p50', 100],
        ['p99', 300],
      ] as const)
        figure({
          name: `my tasks (待办, wfTask/todoPage) over ${n} running instances, first page of ${size}, ${p}`,
          value: todo ? at(todo, p) : null,
          unit: 'ms',
          goal: { op: '<=', value: goal },
          anchor: all ? { label: anchor, value: at(all, p) } : undefined,
        })
    }
    const approve = (c: number) =>
      /workflow approve ×\d+: \d+ in [\d.]+ s, ([\d.]+) req\/s, .*/.exec(line(new RegExp(`workflow approve ×${c}: .*`)))
    const seq = approve(1)
    const four = approve(4)
    // the console approves one task at a time: 20/s is 50 ms for a signed write that recovers the
    // engine from its state, signals it and writes the next node's task, snapshot and message — about
    // five times a plain signed write on the embedded database (README: ~10 ms)
    figure({
      name: `approvals (同意, signed, a fresh Idempotency-Key each) over ${n} instances, one after another`,
      value: seq ? Number(seq[1]) : null,
      unit: 'req/s',
      goal: { op: '>=', value: 20 },
      note: seq ? `p50 ${at(seq[0], 'p50')} ms` : undefined,
    })
    // no goal of its own: the embedded database runs one transaction at a time, so 4 clients cannot
    // go faster than one; with no gaps between requests the messages' delivery competes with them
    figure({
      name: `approvals, 4 at a time`,
      value: four ? Number(four[1]) : null,
      unit: 'req/s',
      goal: null,
      anchor: seq ? { label: 'one after another', value: Number(seq[1]) } : undefined,
      note: four
        ? `p50 ${at(four[0], 'p50')} ms; one transaction at a time on the embedded database, each approval's message delivered in between`
        : undefined,
    })
    const chunk = (label: string) =>
      /(\d+) files, gzip (\d+) bytes, sent (\d+) bytes/.exec(line(new RegExp(`workflow modeler ${label}: .*`)))
    const editor = chunk('editor')
    const route = chunk('route')
    const total = chunk('total')
    figure({
      name: `流程模型管理: the modeler's JS beyond the list screen (新增模型 → palette), gzip (${editor?.[1] ?? '?'} files)`,
      value: editor ? Number(editor[2]) / 1024 : null,
      unit: 'KiB',
      goal: null,
      note: editor
        ? `${(Number(editor[3]) / 1024).toFixed(0)} KiB as sent; opened in ${/workflow modeler open: (\d+) ms/.exec(out)?.[1] ?? '?'} ms; research 01-workflow: bpmn-js Modeler ≈ 175 KiB gz`
        : undefined,
    })
    figure({
      name: `流程模型管理: JS the route loads beyond the shell, list and modeler, gzip (${total?.[1] ?? '?'} files)`,
      value: total ? Number(total[2]) / 1024 : null,
      unit: 'KiB',
      goal: null,
      note: route
        ? `the list screen alone ${(Number(route[2]) / 1024).toFixed(0)} KiB (with the list machinery other screens share)`
        : undefined,
    })
    for (const page of ['/login', 'home']) {
      const m = new RegExp(`workflow modeler on ${page}: route (\\d+) files, editor (\\d+) files(.*)`).exec(out)
      if (!m) broken.push(`workflow: no check of the modeler on ${page}`)
      else if (Number(m[2]) > 0) broken.push(`workflow: the modeler's files are loaded by ${page} (${m[3]!.trim()})`)
      else if (Number(m[1]) > 0) console.log(`  (${page} loads ${m[1]} of the route's files too: ${m[3]!.trim()})`)
    }
  })
  await part('messages', async () => {
    const receivers = QUICK ? 2000 : 10_000
    const out = await script('bench/messages.ts', { BENCH_MSG_RECEIVERS: String(receivers), BENCH_MSG_LIVE: QUICK ? '50' : '200' })
    const fan = /fanned out (\d+) messages in (\d+) ms/.exec(out)
    figure({
      name: `${fan?.[1] ?? receivers} messages fanned out from one event (embedded)`,
      value: fan ? Number(fan[2]) : null,
      unit: 'ms',
      goal: QUICK ? null : { op: '<=', value: 5000 },
    })
    const live = /event → stream p50=([\d.]+) ms p99=([\d.]+) ms/.exec(out)
    figure({
      name: 'live message: event committed → stream event (p50)',
      value: live ? Number(live[1]) : null,
      unit: 'ms',
      goal: { op: '<=', value: 200 },
    })
    figure({
      name: 'live message: event committed → stream event (p99)',
      value: live ? Number(live[2]) : null,
      unit: 'ms',
      goal: { op: '<=', value: 1000 },
    })
  })
  await part('files', async () => {
    // a 20 MB installer package up and down through the shared store: the embedded database here, then PostgreSQL
    await packageRoundTrip('embedded database', { TRESTLE_DEMO_PASSWORD: PASSWORD })
    if (!existsSync(join(PG_BIN, 'initdb'))) return
    // a photo at the upload limit through the shared store (pieces in PostgreSQL) — anchor: the disk store on the same server
    const pg = await startPostgres({ durable: true })
    try {
      await packageRoundTrip('PostgreSQL', { DATABASE_URL: pg.url, TRESTLE_ADMIN_PASSWORD: PASSWORD })
      const bytes = noisyPng(1880, 1850) // ≈ 10 MB, the largest photo accepted
      const mb = bytes.length / 1024 / 1024
      const rounds = QUICK ? 3 : 8
      const measured: Record<string, { up: number; down: number; rss: number }> = {}
      for (const store of ['disk', 'database'] as const) {
        const token = 'bench-metrics-token-000'
        const gw = await startGateway(
          {
            DATABASE_URL: pg.url,
            TRESTLE_ADMIN_PASSWORD: PASSWORD,
            TRESTLE_FILE_STORE: store,
            TRESTLE_METRICS_TOKEN: token,
            TRESTLE_SECRET_KEY: 'bench-secret-key-0123456789abcdef0123',
          },
          `files-${store}`,
        )
        try {
          const rss = async () => {
            const text = await (await fetch(`${gw.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text()
            return Number(/^trestle_process_resident_memory_bytes (\S+)$/m.exec(text)?.[1] ?? NaN) / 1024 / 1024
          }
          const admin = await new Client(gw.base).signIn('admin', PASSWORD)
          const up: number[] = []
          const down: number[] = []
          let peak = 0
          for (let i = 0; i < rounds; i++) {
            let t0 = performance.now()
            const file = await upload(admin, 'photo', 'bench.png', 'image/png', bytes)
            up.push(performance.now() - t0)
            if (file.body.code !== 10000) throw new Error(`upload: ${file.text}`)
            t0 = performance.now()
            const got = Buffer.from(await (await fetch(new URL(file.body.data!.url, gw.base))).arrayBuffer())
            down.push(performance.now() - t0)
            if (!got.equals(bytes)) throw new Error('the downloaded bytes differ')
            peak = Math.max(peak, await rss())
          }
          measured[store] = { up: mb / (median(up) / 1000), down: mb / (median(down) / 1000), rss: peak }
        } finally {
          await gw.stop()
        }
      }
      const { disk, database } = measured as Record<'disk' | 'database', { up: number; down: number; rss: number }>
      const size = `${(bytes.length / 1024 / 1024).toFixed(1)} MB photo`
      figure({
        name: `upload of a ${size} into the shared store (PostgreSQL, median)`,
        value: database.up,
        unit: 'MB/s',
        goal: null,
        anchor: { label: 'the disk store', value: disk.up },
      })
      figure({
        name: `download of a ${size} from the shared store (streamed, median)`,
        value: database.down,
        unit: 'MB/s',
        goal: null,
        anchor: { label: 'the disk store', value: disk.down },
      })
      figure({
        name: `gateway resident memory at its peak over ${rounds} uploads and downloads (shared store)`,
        value: database.rss,
        unit: 'MiB',
        // streamed both ways: a few pieces in memory, not the file — within 100 MiB of the disk store
        goal: { op: '<=', value: disk.rss + 100 },
        anchor: { label: 'the disk store', value: disk.rss },
      })
    } finally {
      pg.stop()
    }
  })
  await part('login', async () => {
    await script('bench/run.ts')
  })
  await part('logs', () => logs({ logs: true, dashboard: !ONLY || ONLY.has('dashboard') }))
  // the dashboard runs on the logs' data set: alone when only it is asked for
  if (ONLY?.has('dashboard') && !ONLY.has('logs')) await part('dashboard', () => logs({ logs: false, dashboard: true }))
  await part('lists', async () => {
    const out = await script('bench/lists.ts', { BENCH_PASSWORD: PASSWORD })
    const key = (r: { screen: string; label: string }) => `${r.screen}: ${r.label}`
    const dbMs = new Map(
      [...out.matchAll(/^lists-db: (.*)$/gm)].map(([, json]) => {
        const r = JSON.parse(json!) as { screen: string; label: string; ms: number }
        return [key(r), r.ms] as const
      }),
    )
    for (const [, json] of out.matchAll(/^lists: (.*)$/gm)) {
      const r = JSON.parse(json!) as { screen: string; label: string; total: number; p50: number; p99: number }
      const db = dbMs.get(key(r))
      const anchor = db === undefined ? undefined : { label: 'its statements in the database itself (EXPLAIN ANALYZE, summed)', value: db }
      const name = `${key(r)} (${r.total.toLocaleString('en')} rows)`
      figure({ name: `${name} p50`, value: r.p50, unit: 'ms', goal: { op: '<=', value: 200 }, anchor })
      figure({ name: `${name} p99`, value: r.p99, unit: 'ms', goal: null })
    }
    // a page that reads a large table whole, where an index would do, breaks the run
    for (const [, json] of out.matchAll(/^lists-scan: (.*)$/gm)) {
      const r = JSON.parse(json!) as {
        screen: string
        label: string
        table: string
        rows: number
        seqPages: number
        indexPages: number | null
        selective: string[]
      }
      const what =
        r.indexPages === null
          ? `keeping ${r.selective.join(', ')}, and no index plan reads fewer pages: an index is missing`
          : `where an index plan touches ${r.indexPages}`
      broken.push(
        `lists: ${r.screen}, ${r.label} reads ${r.table} whole (${r.rows.toLocaleString('en')} rows, ${r.seqPages} pages) ${what}`,
      )
    }
  })
  await part('embedded', () => scale('embedded'))
  if (existsSync(join(PG_BIN, 'initdb'))) await part('postgres', () => scale('postgres'))
  else console.log(`\n(no PostgreSQL binaries in ${PG_BIN}: the PostgreSQL part is skipped)`)

  console.log(`\n=== summary (${((performance.now() - started) / 60000).toFixed(1)} min) ===`)
  for (const f of figures) {
    const v = f.value === null ? 'not measured' : fmt(f.value, f.unit)
    const g = f.goal ? `${f.goal.op === '<=' ? '≤' : '≥'} ${fmt(f.goal.value, f.unit)}` : '—'
    const a = f.anchor && f.value !== null ? `${fmt(f.anchor.value, f.unit)} (${(f.value / f.anchor.value).toFixed(2)}×)` : '—'
    console.log(`${f.goal && f.value !== null ? (met(f) ? '✓' : '✗') : ' '} ${f.name} | ${v} | goal ${g} | anchor ${a}`)
  }
  if (broken.length) {
    console.error(`\nbroken: ${broken.join(', ')}`)
    process.exit(1)
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
