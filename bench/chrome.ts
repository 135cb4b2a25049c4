/**
 * Chromium for Lighthouse (bench/lighthouse.ts, bench/field-pages.ts): one headless browser with a
 * remote-debugging port that Lighthouse drives and Playwright joins (to sign in, to clear caches).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium'
import { freePort, LIGHTHOUSE_RUNS, median } from './support'

export interface DebugChrome {
  port: number
  browser: Browser
  close(): Promise<void>
}

/**
 * A headless Chromium with its own profile (zh-CN) and a debugging port, Playwright connected to it;
 * `trust`: the key hash (bench/tlsFront.ts) of a self-signed certificate it accepts as valid.
 */
export async function debugChrome(trust?: string): Promise<DebugChrome> {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'trestle-lh-'))
  const chrome = spawn(
    CHROMIUM_PATH,
    [
      ...['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, '--lang=zh-CN'],
      ...(trust ? [`--ignore-certificate-errors-spki-list=${trust}`] : []),
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const close = async () => {
    chrome.kill('SIGKILL')
    // its children may still write to the profile for a moment after the kill (ENOTEMPTY)
    if (chrome.exitCode === null && chrome.signalCode === null) await new Promise((r) => chrome.once('exit', r))
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
  try {
    for (let i = 0; ; i++) {
      try {
        return { port, browser: await chromium.connectOverCDP(`http://127.0.0.1:${port}`), close }
      } catch (err) {
        if (i > 50) throw err
        await new Promise((r) => setTimeout(r, 200))
      }
    }
  } catch (err) {
    await close()
    throw err
  }
}

/**
 * The median of LIGHTHOUSE_RUNS scores, `run(suffix)` each (it prepares the page as it must be before each
 * load and returns lighthouseScore's result; `suffix` tells the runs' report files apart: '' for a single
 * run, else `-1`, `-2`…); prints the runs under `label`. Null when no run scored.
 */
export async function medianScore(label: string, run: (suffix: string) => Promise<number | null>): Promise<number | null> {
  const scores: number[] = []
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const score = await run(LIGHTHOUSE_RUNS > 1 ? `-${i + 1}` : '')
    if (score !== null) scores.push(score)
  }
  if (!scores.length) return null
  const middle = median(scores)
  if (LIGHTHOUSE_RUNS > 1) console.log(`  ${label}: median ${middle} of ${scores.join(' · ')}`)
  return middle
}

/**
 * Lighthouse's mobile performance score (0–1) of `url` in that browser, its default configuration
 * (simulated slow 4G, 4× CPU); `keepStorage`: the origin's storage (a session) is not cleared first.
 * Prints the main metrics under `label`; BENCH_LIGHTHOUSE_REPORT=<dir> keeps the whole report as `<file>.json`.
 */
export async function lighthouseScore(chrome: DebugChrome, url: string, keepStorage: boolean, label: string, file: string) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    // BENCH_LIGHTHOUSE_CPU=1: the trace kept (BENCH_LIGHTHOUSE_REPORT) has the JavaScript's CPU samples too
    ...(process.env.BENCH_LIGHTHOUSE_CPU ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  })
  const lhr = result!.lhr
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
  const score = lhr.categories.performance?.score ?? null
  console.log(
    `  ${label}: score ${score} · FCP ${ms('first-contentful-paint')} ms · LCP ${ms('largest-contentful-paint')} ms · TBT ${ms('total-blocking-time')} ms · CLS ${lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3)} · TTI ${ms('interactive')} ms`,
  )
  // what the main thread did (Lighthouse's own breakdown, at its 4× CPU): what the score's TBT and LCP are made of
  type Items<T> = { items?: T[] } | undefined
  const groups = (lhr.audits['mainthread-work-breakdown']?.details as Items<{ groupLabel: string; duration: number }>)?.items ?? []
  const long = (lhr.audits['long-tasks']?.details as Items<{ duration: number }>)?.items ?? []
  const s = (msTotal: number) => `${(msTotal / 1000).toFixed(2)} s`
  const parts = groups.slice(0, 4).map((g) => `${g.groupLabel} ${s(g.duration)}`)
  const longest = Math.round(Math.max(0, ...long.map((t) => t.duration)))
  if (groups.length)
    console.log(
      `  ${label}: main thread ${s(groups.reduce((n, g) => n + g.duration, 0))} — ${parts.join(', ')}; ${long.length} long tasks, ${s(long.reduce((n, t) => n + t.duration, 0))}, the longest ${longest} ms`,
    )
  if (lhr.runtimeError) console.log(`  ${label}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  const reports = process.env.BENCH_LIGHTHOUSE_REPORT
  if (reports) {
    mkdirSync(reports, { recursive: true })
    writeFileSync(join(reports, `${file}.json`), JSON.stringify(lhr))
    // the page load's trace as Lighthouse recorded it (unthrottled: its metrics are simulated from it), for a look at its tasks
    const trace = (result!.artifacts as { Trace?: unknown }).Trace
    if (trace) writeFileSync(join(reports, `${file}.trace.json`), JSON.stringify(trace))
  }
  return score
}

/** Signs in through the console's login page (in `page`) and waits for the home. */
export async function signIn(page: Page, base: string, account: string, password: string) {
  await page.goto(`${base}/login`)
  await page.getByLabel('账号或手机号').fill(account)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.waitForURL(/\/admin\/home/)
}

/**
 * Drops the service worker, its caches and the HTTP cache but keeps the origin's storage (the
 * session, the persisted query cache): the next load is cold with a session, as after a deploy.
 */
export async function coldWithSession(page: Page) {
  await page.evaluate(async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister()
    for (const k of await caches.keys()) await caches.delete(k)
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
}

/** The console's scripts (`/assets/*.js`) the page has fetched so far. */
export const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/') && p.endsWith('.js')),
  )

/** Waits for the load event, then until no new script has arrived for 1.5 s (not 'networkidle': the live message stream stays open). */
export async function settled(page: Page) {
  await page.waitForLoadState('load')
  for (let last = -1, since = Date.now(), end = Date.now() + 30_000; Date.now() < end;) {
    const n = (await scriptsOf(page)).length
    if (n !== last) [last, since] = [n, Date.now()]
    else if (Date.now() - since > 1500) return
    await new Promise((r) => setTimeout(r, 250))
  }
}
