/**
 * Lighthouse mobile performance of /login and /admin/home (issue 9), as a new user would load them.
 * Lighthouse's default configuration: a mobile device, simulated slow 4G and a 4× slower CPU.
 *   - /login: a cold load (Lighthouse clears the origin's storage, caches and service worker first);
 *   - /admin/home: the account signs in first in the same browser (its session is in localStorage)
 *     and sees the home (its answers go to the persisted query cache), then the service worker, its
 *     caches and the HTTP cache are cleared, so the shell loads cold with a session, as after a deploy.
 * Prints `lighthouse: login <score> home <score>` (scores 0–1) and the main metrics of each.
 * With BENCH_FLOOR_URL (a gateway serving the stack's floor page, bench/floor) it first measures
 * that page's /login the same way and prints `lighthouse floor: <score>`: the limit of the stack.
 * Env: BENCH_URL (a gateway serving dist/), BENCH_PASSWORD (the demo administrator's), CHROMIUM_PATH.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium'
import { freePort } from './support'

const base = process.env.BENCH_URL!
const floor = process.env.BENCH_FLOOR_URL
const password = process.env.BENCH_PASSWORD!
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORT

async function main() {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'trestle-lh-'))
  const chrome = spawn(
    CHROMIUM_PATH,
    ['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, '--lang=zh-CN', 'about:blank'],
    { stdio: 'ignore' },
  )
  try {
    const browser = await connect(port)
    const run = async (path: string, keepStorage: boolean, origin = base) => {
      const result = await lighthouse(`${origin}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: keepStorage,
      })
      const lhr = result!.lhr
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
      const score = lhr.categories.performance?.score ?? null
      const label = origin === base ? path : `${path} (the stack's floor)`
      console.log(
        `  ${label}: score ${score} · FCP ${ms('first-contentful-paint')} ms · LCP ${ms('largest-contentful-paint')} ms · TBT ${ms('total-blocking-time')} ms · CLS ${lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3)} · TTI ${ms('interactive')} ms`,
      )
      if (lhr.runtimeError) console.log(`  ${label}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
      // BENCH_LIGHTHOUSE_REPORT=<dir>: the whole report of each page, to read its audits (long tasks, bootup time…)
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true })
        writeFileSync(join(REPORTS, `lighthouse${origin === base ? '' : '-floor'}${path.replaceAll('/', '-')}.json`), JSON.stringify(lhr))
      }
      return score
    }
    if (floor) console.log(`lighthouse floor: ${await run('/login', false, floor)}`)
    const login = await run('/login', false)

    // sign in in the same profile, then drop the service worker and every cache but keep the session
    const context = browser.contexts()[0]!
    const page = await context.newPage()
    await page.goto(`${base}/login`)
    await page.getByLabel('账号或手机号').fill('admin')
    await page.getByLabel('密码', { exact: true }).fill(password)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL(/\/admin\/home/)
    // as a user who has seen the home before closing the app: its answers are in the account's
    // persisted cache (written at most once a second), which the next start shows at once
    await page.getByTestId('card-logins').waitFor()
    await page.waitForTimeout(1500)
    await page.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister()
      for (const k of await caches.keys()) await caches.delete(k)
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await page.goto('about:blank')
    await page.close()
    const home = await run('/admin/home', true)
    console.log(`lighthouse: login ${login} home ${home}`)
    await browser.close()
  } finally {
    chrome.kill('SIGKILL')
    rmSync(profile, { recursive: true, force: true })
  }
}

async function connect(port: number) {
  for (let i = 0; ; i++) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
    } catch (err) {
      if (i > 50) throw err
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
