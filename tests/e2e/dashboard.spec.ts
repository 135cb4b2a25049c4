/**
 * The home dashboard (issue 14): the administrator sees the figure cards, then the charts (their
 * own chunk, loaded after the cards), each chart with its table for screen readers and a 图表/表格
 * switch; a plain account (zhangwei: no administration menu) sees the welcome instead of cards.
 * Screenshots: .tmp/shots/dashboard-*.png (1024×768 zh, 1440 en).
 */
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

/** A chart's drawing (SVG) inside its panel. */
const drawing = (page: Page, id: string) => page.getByTestId(`chart-${id}`).locator('[data-slot="chart"] svg')

/** The dashboard charts' chunk, each time the page requests it. */
const chartChunkRequests = (page: Page) => {
  const urls: string[] = []
  page.on('request', (r) => {
    if (/DashboardCharts-.*\.js$/.test(r.url())) urls.push(r.url())
  })
  return urls
}

/** A point on a ring slice's stroke (the circle's centre is the ring's hole): its top, where the first slice starts. */
const pointOnRing = async (circle: ReturnType<Page['locator']>) => {
  const box = (await circle.boundingBox())!
  const r = Number(await circle.getAttribute('r'))
  // the slice is drawn from 12 o'clock clockwise: a little to the right of the top, on the stroke
  return { x: box.width / 2 + 4, y: box.height / 2 - r }
}

const english = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('trestle.locale', 'en'))
  await page.reload()
}

test('the administrator sees the cards, then the charts with their tables', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const chartChunk = chartChunkRequests(page)
  await signIn(page, 'admin')
  const dashboard = page.getByTestId('dashboard')
  await expect(dashboard.getByRole('heading', { name: '运行概况' })).toBeVisible()
  for (const [card, label] of [
    ['card-logins', '今日登录'],
    ['card-active', '活跃账号'],
    ['card-terminals', '在线终端'],
    // people awaiting user audit — not the accounts whose status is 待审核 (the status chart)
    ['card-audits', '人员待审核'],
    ['card-sync', '本机同步'],
  ] as const)
    await expect(dashboard.getByTestId(card)).toContainText(label)
  // the administrator just signed in: at least one sign-in today
  await expect(page.getByTestId('card-logins').locator('p').nth(1)).not.toHaveText('0')

  const charts = page.getByTestId('dashboard-charts')
  await expect(charts).toBeVisible()
  expect(chartChunk.length).toBeGreaterThan(0)
  for (const name of ['每日登录次数', '每日终端申请', '账号状态分布']) await expect(charts.getByRole('figure', { name })).toBeVisible()
  await expect(drawing(page, 'logins')).toBeVisible()
  // the tables are there for screen readers (visually hidden) while the charts show
  const loginsTable = page.getByTestId('chart-logins').getByRole('table', { name: '每日登录次数' })
  await expect(loginsTable).toBeAttached()
  await expect(loginsTable.getByRole('row')).toHaveCount(15)
  await expect(page.getByTestId('chart-accounts').getByRole('rowheader', { name: '正常' })).toBeAttached()
  await page.screenshot({ path: '.tmp/shots/dashboard-1024-zh.png' })

  // a pointer over a chart shows the figure under it: the last day's sign-ins (today: the administrator's at least)
  const tip = (id: string) => page.getByTestId(`chart-${id}`).locator('[data-slot="chart-tip"]')
  const today = (await loginsTable.getByRole('rowheader').last().textContent())!
  const todays = (await loginsTable.getByRole('row').last().getByRole('cell').textContent())!
  expect(Number(todays)).toBeGreaterThan(0)
  const box = (await drawing(page, 'logins').boundingBox())!
  await page.mouse.move(box.x + box.width - 13, box.y + box.height / 2)
  await expect(tip('logins')).toHaveText(`${today}次数${todays}`)
  await page.mouse.move(box.x + box.width / 2, box.y - 40)
  await expect(tip('logins')).toHaveCount(0)
  // the status ring: its first slice (from 12 o'clock) names its status and count
  const ring = drawing(page, 'accounts')
  await ring.scrollIntoViewIfNeeded()
  const statuses = page.getByTestId('chart-accounts').getByRole('table').getByRole('row')
  const first = (await statuses.allTextContents()).slice(1).find((row) => !/\D0$/.test(row))!
  const slice = ring.locator('circle').first()
  await slice.hover({ position: await pointOnRing(slice) })
  await expect(tip('accounts')).toHaveText(first)
  await page.getByTestId('chart-accounts').scrollIntoViewIfNeeded()
  await page.screenshot({ path: '.tmp/shots/dashboard-charts-1024-zh.png' })

  // 表格: the tables replace the charts; 近 30 天: thirty days
  await charts.getByRole('tab', { name: '表格' }).click()
  await expect(drawing(page, 'logins')).toHaveCount(0)
  await expect(loginsTable).toBeVisible()
  await charts.getByRole('radio', { name: '近 30 天' }).click()
  await expect(loginsTable.getByRole('row')).toHaveCount(31)
  await page.getByTestId('chart-accounts').scrollIntoViewIfNeeded()
  await page.screenshot({ path: '.tmp/shots/dashboard-table-1024-zh.png' })

  await page.setViewportSize({ width: 1440, height: 900 })
  await english(page)
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Sign-ins per day' })).toBeVisible()
  await expect(drawing(page, 'terminals')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/dashboard-1440-en.png' })
})

test('on a phone the charts load only when scrolled to, below the cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const chartChunk = chartChunkRequests(page)
  await signIn(page, 'admin')
  await expect(page.getByTestId('card-sync')).toContainText('本机同步')
  const waiting = page.getByText('正在加载图表…')
  await expect(waiting).toBeAttached()
  await expect(page.getByTestId('dashboard-charts')).toHaveCount(0)
  expect(chartChunk).toEqual([])
  await waiting.scrollIntoViewIfNeeded()
  await expect(drawing(page, 'logins')).toBeVisible()
  expect(chartChunk.length).toBeGreaterThan(0)
})

test('a plain account sees the welcome, not empty cards', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'zhangwei')
  await expect(page.getByTestId('home-welcome')).toBeVisible()
  await expect(page.getByText('欢迎使用工程协同管理平台')).toBeVisible()
  await expect(page.getByTestId('dashboard')).toHaveCount(0)
  await expect(page.getByText('今日登录')).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/dashboard-plain-1024-zh.png' })
})

test.describe('opening the console with a session', () => {
  // the chunks come over the network, as on a first visit (a service worker would answer them)
  test.use({ serviceWorkers: 'block' })

  /** The requests for the frame's and the home page's chunks, by file name. */
  const screenChunks = (page: Page) => {
    const files: string[] = []
    page.on('request', (r) => {
      const file = /\/assets\/((shell|home)-[\w-]+\.js)$/.exec(new URL(r.url()).pathname)?.[1]
      if (file) files.push(file)
    })
    return files
  }

  test('fetches the frame and the home page with the entry, not after it has run', async ({ page }) => {
    await signIn(page, 'admin')
    const entry = await page.locator('head script[type="module"]').last().getAttribute('src')
    expect(entry).toMatch(/^\/assets\/index-/)
    // hold the entry back: while it is held, only what index.html asks for can be fetched
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname === entry,
      async (route) => {
        await held
        await route.continue()
      },
    )
    const chunks = screenChunks(page)
    const reload = page.reload()
    await expect.poll(() => chunks.map((f) => f.split('-')[0]).sort(), { timeout: 15_000 }).toEqual(['home', 'shell'])
    release()
    await reload
    await expect(page.getByTestId('dashboard').getByRole('heading', { name: '运行概况' })).toBeVisible()
  })

  test('a reload shows the answers kept from before and asks the gateway again only after it has painted', async ({ page }) => {
    await signIn(page, 'admin')
    await expect(page.getByTestId('card-logins')).toBeVisible()
    // the answers are saved to IndexedDB within a second
    await page.waitForTimeout(1500)
    await page.reload()
    await expect(page.getByTestId('card-logins').locator('p').nth(1)).not.toBeEmpty()
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
    const beforePaint = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/api/') && e.startTime < paint)
        .map((e) => new URL(e.name).pathname)
    })
    expect(beforePaint).toEqual([])
  })

  test('without a session the frame is not fetched: the page goes to sign-in', async ({ page }) => {
    const chunks = screenChunks(page)
    await page.goto('/admin/home')
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByLabel('账号或手机号')).toBeVisible()
    expect(chunks).toEqual([])
  })
})
