/**
 * `npm run bench` (field part, issue 32): the screens field staff and auditors open most, each as
 * the account that uses it — the project account lisite on 项目工点信息 and 项目信息, the
 * administrator on 工点信息, 消息中心 and EBS管理 (a dictionary screen). A gateway of its own serves
 * dist/ on the embedded database with the demo seed, at a low scheduling priority (`nice`: on this
 * machine it shares the browser's two cores, a tablet's browser does not). For each page:
 *   - its JS: every script a signed-in start of the page loads until none arrives for 1.5 s, as the
 *     home's figure counts it (gzip -9 of the built files), in a tablet context (1024×768, zh-CN);
 *   - Lighthouse mobile performance (bench/chrome.ts) over HTTPS with HTTP/2, as a deployment serves the
 *     console (bench/tlsFront.ts; BENCH_LIGHTHOUSE_HTTP1=1: the gateway itself), the median of BENCH_LIGHTHOUSE_RUNS runs (3): the
 *     account signed in and the page seen (its answers in the persisted query cache), then the service
 *     worker, its caches and the HTTP cache dropped, so the page loads cold with a session, as the home's figure does;
 *   - opening it offline: in the tablet context, the service worker in control and the page seen
 *     online, the gateway is stopped and the context set offline (so neither the page nor the
 *     worker reaches it); then a new tab opens the page: from the navigation to its content (past the
 *     1 s goal, the opening's requests are printed: when each started and ended, and whether the worker answered).
 * Prints one line per page: `field: {"path", "account", "js" (KiB), "files", "lighthouse", "offlineMs"}`.
 * Env: BENCH_FIELD_LIGHTHOUSE=0 (no Lighthouse), BENCH_FIELD_PAGES=<path>,… (only those pages), BENCH_FIELD_FILES=<dir> (each
 * page's script files listed there, one file a page, for a per-source breakdown), BENCH_PASSWORD (the demo accounts' password), CHROMIUM_PATH.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { coldWithSession, debugChrome, type DebugChrome, lighthouseScore, medianScore, scriptsOf, settled, signIn } from './chrome'
import { startGateway } from './support'
import { servedAsDeployed } from './tlsFront'

const PASSWORD = process.env.BENCH_PASSWORD ?? 'Bench@2026'
const READY_MS = 20_000
/** BENCH_FIELD_LIGHTHOUSE=0: the JS and the offline opens only. */
const LIGHTHOUSE = process.env.BENCH_FIELD_LIGHTHOUSE !== '0'

interface FieldPage {
  account: 'lisite' | 'zhoushen' | 'admin'
  path: string
  /** What shows that the page has its content (its data, not a skeleton). */
  ready: (page: Page) => Locator
}

const ALL_PAGES: FieldPage[] = [
  {
    account: 'lisite',
    path: '/admin/project-worksite-information',
    ready: (p) => p.getByRole('button', { name: '汉口特大桥1号工点', exact: true }),
  },
  {
    account: 'lisite',
    path: '/admin/project-information',
    ready: (p) => p.getByRole('heading', { level: 2, name: /沪渝蓉高铁武宜段站前工程/ }),
  },
  {
    account: 'admin',
    path: '/admin/work-site-information',
    ready: (p) => p.getByRole('button', { name: '汉口特大桥1号工点', exact: true }),
  },
  { account: 'zhoushen', path: '/admin/message-center', ready: (p) => p.getByText('终端申请：工地平板-03').first() },
  { account: 'admin', path: '/admin/ebs-management', ready: (p) => p.getByRole('treeitem', { name: '桥梁工程' }) },
]
const only = process.env.BENCH_FIELD_PAGES?.split(',')
const FILES_DIR = process.env.BENCH_FIELD_FILES
const unknown = only?.filter((path) => !ALL_PAGES.some((p) => p.path === path)) ?? []
if (unknown.length) throw new Error(`BENCH_FIELD_PAGES: not a field page: ${unknown.join(', ')}`)
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.path)) : ALL_PAGES

/** The offline opening's goal (issue 32): past it, the bench prints the opening's requests. */
const OFFLINE_GOAL_MS = 1000

/** Each request of `tab` as it starts, ends or fails, in ms from `started`, and whether the service worker answered it. */
function requestTimeline(tab: Page, base: string, started: number): string[] {
  const lines: string[] = []
  const at = () => `    ${Math.round(performance.now() - started)} ms`
  const path = (url: string) => url.replace(base, '')
  tab.on('request', (r) => lines.push(`${at()} → ${path(r.url())}`))
  tab.on('requestfinished', (r) => {
    const line = `${at()} ← ${path(r.url())}`
    // the response is read at once (its worker flag), the line keeps its place
    lines.push(line)
    const i = lines.length - 1
    void r.response().then((res) => {
      lines[i] = `${line}${res?.fromServiceWorker() ? ' (service worker)' : ' (network)'}`
    })
  })
  tab.on('requestfailed', (r) => lines.push(`${at()} ✗ ${path(r.url())} ${r.failure()?.errorText ?? ''}`))
  return lines
}

/** Waits until the service worker is active and controls the page (a string: tsx's helpers do not exist in the page). */
async function workerInControl(page: Page) {
  await page.waitForFunction('navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)', null, {
    timeout: 60_000,
    polling: 250,
  })
}

async function main() {
  const gateway = await startGateway(
    { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_SERVE_DIST: 'dist', TRESTLE_LOGIN_MAX_FAILURES: '1000', TRESTLE_LOG_LEVEL: 'warn' },
    'bench-field',
    // Lighthouse's figures are the browser's cost: the gateway answers at a low priority (bench/support.ts)
    { background: true },
  )
  let stopped = false
  let served: Awaited<ReturnType<typeof servedAsDeployed>> | null = null
  let chrome: DebugChrome | null = null
  try {
    // Lighthouse's loads as a deployment serves the console (HTTPS, HTTP/2: bench/tlsFront.ts); the tablets use the gateway itself
    served = await servedAsDeployed([gateway.base])
    chrome = await debugChrome(served.trust)
    const base = gateway.base
    const lhBase = served.bases[0]!
    const results = new Map(
      PAGES.map((p) => [
        p.path,
        { path: p.path, account: p.account, js: NaN, files: 0, lighthouse: null as number | null, offlineMs: null as number | null },
      ]),
    )
    const accounts = [...new Set(PAGES.map((p) => p.account))]
    const tablets = new Map<string, BrowserContext>()

    // Lighthouse first, in the browser's own profile: sign in as the account, see the page, go cold with
    // the session (before the tablets sign in: nothing of theirs runs during its loads, and their
    // sessions are the accounts' newest)
    const page = await chrome.browser.contexts()[0]!.newPage()
    for (const account of LIGHTHOUSE ? accounts : []) {
      await page.goto(`${lhBase}/login`)
      await page.evaluate(() => localStorage.clear())
      await signIn(page, lhBase, account, PASSWORD)
      for (const p of PAGES.filter((x) => x.account === account)) {
        const label = `${p.path} (${account})`
        // the page seen, then cold with the session — before each run, as the run before brought the worker and caches back
        results.get(p.path)!.lighthouse = await medianScore(label, async (suffix) => {
          await page.goto(`${lhBase}${p.path}`)
          await p.ready(page).waitFor({ timeout: READY_MS })
          await page.waitForTimeout(1500)
          await coldWithSession(page)
          await page.goto('about:blank')
          return lighthouseScore(chrome!, `${lhBase}${p.path}`, true, label, `lighthouse${p.path.replaceAll('/', '-')}${suffix}`)
        })
      }
    }

    // a tablet per account: signed in, the worker in control, each page seen online and its JS counted
    for (const account of accounts) {
      const context = await chrome.browser.newContext({ locale: 'zh-CN', viewport: { width: 1024, height: 768 }, hasTouch: true })
      tablets.set(account, context)
      const page = await context.newPage()
      await signIn(page, base, account, PASSWORD)
      await workerInControl(page)
      for (const p of PAGES.filter((x) => x.account === account)) {
        const tab = await context.newPage()
        await tab.goto(`${base}${p.path}`)
        await p.ready(tab).waitFor({ timeout: READY_MS })
        await settled(tab)
        const files = [...new Set(await scriptsOf(tab))]
        const r = results.get(p.path)!
        r.files = files.length
        r.js = files.reduce((a, f) => a + gzipSync(readFileSync(join('dist', f)), { level: 9 }).length, 0) / 1024
        if (FILES_DIR) writeFileSync(join(FILES_DIR, `${p.path.replaceAll('/', '_')}.txt`), files.join('\n') + '\n')
        // the persisted query cache is saved once it has been quiet for 0.6 s
        await tab.waitForTimeout(1500)
        await tab.close()
      }
    }

    // offline: the gateway gone and the tablets offline, each page opened in a new tab
    await gateway.stop()
    stopped = true
    for (const [account, context] of tablets) {
      await context.setOffline(true)
      for (const p of PAGES.filter((x) => x.account === account)) {
        const tab = await context.newPage()
        const started = performance.now()
        const timeline = requestTimeline(tab, base, started)
        try {
          await tab.goto(`${base}${p.path}`)
          await p.ready(tab).waitFor({ timeout: READY_MS })
          const ms = performance.now() - started
          results.get(p.path)!.offlineMs = ms
          // past its goal: what the tab asked for and when each came (a file not from the worker's precache, a slow start)
          if (ms > OFFLINE_GOAL_MS) console.log(`  ${p.path} (${account}) offline in ${Math.round(ms)} ms:\n${timeline.join('\n')}`)
        } catch {
          const seen = (
            await tab
              .locator('body')
              .innerText()
              .catch(() => '')
          )
            .replace(/\s+/g, ' ')
            .slice(0, 200)
          console.log(`  ${p.path} (${account}) offline: no content after ${READY_MS / 1000} s at ${tab.url()}: ${seen}`)
        }
        await tab.close()
      }
    }
    for (const r of results.values()) console.log(`field: ${JSON.stringify(r)}`)
  } finally {
    await chrome?.close()
    await served?.close()
    if (!stopped) await gateway.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
