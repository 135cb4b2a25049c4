/**
 * `npm run bench` (tabulation part, issue 30): a 60-column × 300-row template with 2,000 fill-in
 * cells (a merged title, a bordered table, labels down column A, numbers with one decimal in
 * B3:U102), published, an edit rule for the administrator over B3:T102 (1,900 cells; U a view rule), a content on the
 * demo project. A fresh gateway on the embedded database serving the built console (`dist`).
 *   - the gateway: a save of all 2,000 cells and of 20 (JSON bytes of the patch; p50 / p99 of the
 *     save, which checks every cell against the rules and the cell's kind), a refused patch (one cell
 *     outside the editable ranges: 20003), open (bytes, p50);
 *   - the browser (Chromium, 1024×768): the designer and the fill-in screen opened on that template —
 *     the JS each route loads beyond the shell (gzip bytes as sent) and the time from navigation to
 *     its grid on screen (the fill-in screen draws the rows near the viewport: its first screen, B3's
 *     control), the sheet request's start and end, a key press in a cell, and a jump to the sheet's end
 *     until its last row is drawn. BENCH_TAB_SHOTS=<dir>: screenshots of the fill-in screen, open and
 *     at the end; BENCH_TAB_PROFILE=<file>: a CPU profile of its opening.
 * Prints `tabulation …` lines for bench/index.ts.
 */
import { writeFileSync } from 'node:fs'
import { launchChromium } from '../tests/support/chromium'
import type { Page } from '@playwright/test'
import { addressOf, colName, type TabSheet } from '../src/contract/schemas/tabulation'
import { Client, newKey } from '../tests/api/client'
import { startGateway, stats } from './support'

const PASSWORD = 'Bench@2026'
const COLS = 60
const ROWS = 300
const A = '/api/admin/v1'

function bigSheet(): TabSheet {
  const thin = { t: 'thin', r: 'thin', b: 'thin', l: 'thin' } as const
  const cells: TabSheet['cells'] = { A1: { v: '大体积混凝土测温记录', s: { b: true, sz: 16, h: 'center' } } }
  const fillIns: TabSheet['fillIns'] = {}
  for (let r = 2; r <= ROWS; r++) {
    cells[addressOf(r, 1)] = { v: r === 2 ? '测点' : `测点 ${r - 2}`, s: { border: thin } }
    for (let c = 2; c <= COLS; c++) {
      if (r === 2) cells[addressOf(r, c)] = { v: `${c - 1} 时`, s: { b: true, fill: '#DDEBF7', border: thin } }
      else cells[addressOf(r, c)] = { s: { border: thin, numFmt: '0.0' } }
      // 2,000 fill-in cells: B3:U102
      if (r >= 3 && r <= 102 && c <= 21) fillIns[addressOf(r, c)] = { kind: 'number', precision: 1, required: false, label: `${r}-${c}` }
    }
  }
  return {
    rows: ROWS,
    cols: COLS,
    cells,
    merges: [`A1:${colName(COLS)}1`],
    colWidths: { A: 14 },
    rowHeights: { '1': 30 },
    fillIns,
  }
}

async function call<T>(c: Client, method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
  const r = await c.call<T>(method, path, { ...(body ? { json: body, idempotencyKey: newKey() } : {}), ...(query ? { query } : {}) })
  if (r.body.code !== 10000) throw new Error(`${path}: ${r.text.slice(0, 300)}`)
  return r.body.data
}

async function main() {
  const gateway = await startGateway(
    { TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOG_LEVEL: 'warn', DATABASE_URL: '', TRESTLE_SERVE_DIST: 'dist' },
    'bench-tabulation',
  )
  try {
    const admin = await new Client(gateway.base).signIn('admin', PASSWORD)
    const group = (await call<{ tabGroupId: string }[]>(admin, 'GET', `${A}/tabGroup/listTree`))[0]!
    const sheet = bigSheet()
    const tpl = await call<{ tabTemplateId: string; version: number }>(admin, 'POST', `${A}/tabulation/add`, {
      tabGroupId: group.tabGroupId,
      name: '大体积混凝土测温记录',
      code: 'BENCH-TEMP',
      sheet,
    })
    const accounts = await call<{ records: { accountId: string; accountName: string }[] }>(
      admin,
      'GET',
      `${A}/generalAccount/listPage`,
      undefined,
      {
        keyword: 'admin',
        pageSize: '50',
      },
    )
    const me = accounts.records.find((a) => a.accountName === 'admin')!
    await call(admin, 'POST', `${A}/cellPermission/save`, {
      tabTemplateId: tpl.tabTemplateId,
      rules: [
        { subjectKind: 'account', subjectId: me.accountId, range: 'B3:T102', access: 'edit' },
        { subjectKind: 'account', subjectId: me.accountId, range: 'U3:U102', access: 'view' },
      ],
    })
    await call(admin, 'POST', `${A}/tabulation/publish`, { tabTemplateId: tpl.tabTemplateId, version: tpl.version })
    const projects = await call<{ records: { projectId: string }[] }>(admin, 'GET', `${A}/project/listPage`, undefined, { pageSize: '1' })
    const opened = await call<{ content: { tabContentId: string; version: number } }>(admin, 'POST', `${A}/tabulationApi/add`, {
      tabTemplateId: tpl.tabTemplateId,
      projectId: projects.records[0]!.projectId,
      contentDate: '2026-11-25',
    })
    const contentId = opened.content.tabContentId
    let version = opened.content.version
    // the cells the administrator may edit (column U it may only view)
    const fillAddresses = Object.keys(sheet.fillIns).filter((a) => !a.startsWith('U'))

    const saves = async (n: number, size: number) => {
      const ms: number[] = []
      let bytes = 0
      for (let i = 0; i < n; i++) {
        const cells = Object.fromEntries(fillAddresses.slice(0, size).map((a, j) => [a, Math.round((20 + ((i + j) % 300) / 10) * 10) / 10]))
        const body = { tabContentId: contentId, version, cells }
        bytes = Buffer.byteLength(JSON.stringify(body))
        const t0 = performance.now()
        version = (await call<{ version: number }>(admin, 'POST', `${A}/tabulationApi/save`, body)).version
        ms.push(performance.now() - t0)
      }
      return { ms, bytes }
    }
    const all = await saves(QUICK ? 4 : 12, fillAddresses.length)
    const few = await saves(QUICK ? 10 : 40, 20)
    console.log(`tabulation save all: ${fillAddresses.length} cells, ${all.bytes} bytes, ${JSON.stringify(stats(all.ms))}`)
    console.log(`tabulation save few: 20 cells, ${few.bytes} bytes, ${JSON.stringify(stats(few.ms))}`)

    const refused: number[] = []
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now()
      const r = await admin.call('POST', `${A}/tabulationApi/save`, {
        json: { tabContentId: contentId, version, cells: { B3: 1, U5: 2 } },
        idempotencyKey: newKey(),
      })
      refused.push(performance.now() - t0)
      if (r.body.code !== 20003) throw new Error(`a cell outside the rules: ${r.text.slice(0, 200)}`)
    }
    console.log(`tabulation save refused: ${JSON.stringify(stats(refused))}`)

    const openMs: number[] = []
    let openBytes = 0
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now()
      const r = await admin.call('GET', `${A}/tabulationApi/open`, { query: { tabContentId: contentId } })
      openMs.push(performance.now() - t0)
      openBytes = Buffer.byteLength(r.text)
    }
    console.log(`tabulation open: ${openBytes} bytes, ${JSON.stringify(stats(openMs))}`)

    await browser(gateway.base, tpl.tabTemplateId, contentId)
  } finally {
    await gateway.stop()
  }
}

const QUICK = process.env.BENCH_QUICK === '1'
/** BENCH_TAB_PROFILE=<file>: a CPU profile (.cpuprofile) of the page while the fill-in screen opens. */
const PROFILE = process.env.BENCH_TAB_PROFILE
const SHOTS = process.env.BENCH_TAB_SHOTS

/** JS fetched by the page after `mark`: the files (name → bytes as sent, from the resource timings). */
const jsSince = (page: Page, mark: number) =>
  page.evaluate(
    (since) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= since && /\.js(\?|$)/.test(e.name))
        .map((e) => [e.name.replace(/^.*\//, ''), (e as PerformanceResourceTiming).encodedBodySize || 0] as const),
    mark,
  )

async function browser(base: string, templateId: string, contentId: string) {
  const b = await launchChromium()
  try {
    for (const screen of ['designer', 'fill'] as const) {
      // a fresh context each: nothing of the other screen cached
      const context = await b.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN', serviceWorkers: 'block' })
      const page = await context.newPage()
      await page.goto(`${base}/login`)
      await page.getByLabel('账号或手机号').fill('admin')
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: '登录', exact: true }).click()
      await page.waitForURL(/\/admin\/home/)
      await page.getByRole('main').waitFor()
      // the home done loading (its charts come after its cards): nothing fetched for a second
      await page.waitForFunction(
        () => {
          const last = Math.max(0, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => e.responseEnd))
          return performance.now() - last > 1000
        },
        undefined,
        { polling: 250, timeout: 30_000 },
      )
      const mark = await page.evaluate(() => performance.now())
      const cdp = PROFILE && screen === 'fill' ? await context.newCDPSession(page) : null
      if (cdp) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
        await cdp.send('Profiler.start')
      }
      const t0 = Date.now()
      // client-side navigation, as from the list
      await page.evaluate(
        (to) => {
          history.pushState({}, '', to)
          dispatchEvent(new PopStateEvent('popstate'))
        },
        screen === 'designer' ? `/admin/table-manage/design/${templateId}` : `/admin/table-manage/fill/${contentId}`,
      )
      if (screen === 'designer') await page.locator('[data-testid="sheet-editor"] td[data-x="20"][data-y="101"]').waitFor()
      // the fill-in screen draws the rows near the viewport (its first screen holds B3, the first control)
      else await page.locator('td[data-cell="B3"] input').waitFor()
      const ms = Date.now() - t0
      if (cdp) writeFileSync(PROFILE!, JSON.stringify((await cdp.send('Profiler.stop')).profile))
      if (SHOTS && screen === 'fill') await page.screenshot({ path: `${SHOTS}/tabulation-fill-open.png` })
      if (screen === 'fill') {
        // of which the sheet's request: its start, first and last byte after the navigation (the route's loader starts it with the screen's code)
        const opened = await page.evaluate(
          (since) =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((e) => e.startTime >= since && e.name.includes('/tabulationApi/open'))
              .map((e) => [e.startTime - since, e.responseStart - since, e.responseEnd - since].map(Math.round).join(' '))[0] ?? -1,
          mark,
        )
        console.log(`tabulation fill request: ${opened} ms`)
        // typing in a cell: a key press → the next frame painted (every value shown may follow it: formulas)
        const input = page.locator('td[data-cell="B3"] input')
        await input.focus()
        const keys: number[] = []
        for (let i = 0; i < 10; i++) {
          const t1 = await page.evaluate(() => performance.now())
          await page.keyboard.press(String(i))
          keys.push((await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))))) - t1)
        }
        keys.sort((a, b) => a - b)
        console.log(`tabulation fill key: p50=${keys[5]!.toFixed(1)} ms max=${keys[9]!.toFixed(1)} ms`)
        // scrolled to the end in one go: the last row drawn (→ the frame after it)
        const end = await page.evaluate(async () => {
          const main = document.querySelector('main')!
          const t = performance.now()
          main.scrollTop = main.scrollHeight
          for (;;) {
            await new Promise((r) => requestAnimationFrame(r))
            if (document.querySelector('td[data-cell="A300"]')) break
            if (performance.now() - t > 10_000) return -1
          }
          return performance.now() - t
        })
        console.log(`tabulation fill scroll: ${end.toFixed(1)} ms`)
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/tabulation-fill-end.png` })
      }
      const files = (await jsSince(page, mark)).sort((a, b) => b[1] - a[1])
      const total = files.reduce((n, [, b]) => n + b, 0)
      console.log(`tabulation ${screen}: opened in ${ms} ms, script ${total} bytes`)
      console.log(`  ${files.map(([f, b]) => `${f} ${Math.round(b / 1024)} KiB`).join(', ')}`)
      await context.close()
    }
  } finally {
    await b.close()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
