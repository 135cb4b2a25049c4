/**
 * Work sites in the field (issue 12, DESIGN §4), on a 1024×768 tablet as the project account lisite,
 * against a gateway of the test's own: offline she edits two sites and adds one with a photo taken
 * on the spot; the app is reloaded offline (shell from the service worker, list from the persisted
 * cache, edits from IndexedDB, pending marks); the gateway is killed and started again; back online
 * every edit arrives exactly once (checked through the API), the photo is uploaded before the add
 * and attached to it, the marks go — and a conflicting change an administrator made meanwhile shows
 * in the sync centre and ends as chosen (keep mine).
 */
import { expect, test, type Page } from './fixtures'
import type { Client } from '../api/client'
import { png } from '../api/files-fixtures'
import { signIn, waitForServiceWorker } from './helpers'
import { api, badge, ownGateway, storedEntries, uniq, type Gateway } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

const PWS = '/api/admin/v1/projectWorkSite'

interface Site {
  workSiteId: string
  workSiteCode: string
  workSiteName: string
  description: string | null
  address: string | null
  photoFileIds: string[]
  photoUrls: (string | null)[]
  version: number
  [k: string]: unknown
}

let gw: Gateway
test.beforeAll(async () => {
  gw = await ownGateway({ TRESTLE_IDEMPOTENCY_LEASE: '3' })
})
test.afterAll(async () => {
  await gw?.kill()
})

async function sites(c: Client, keyword: string): Promise<Site[]> {
  const r = await c.call<{ records: Site[] }>('GET', `${PWS}/listPage`, { query: { pageIndex: 1, pageSize: 50, keyword } })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data.records
}
const one = async (c: Client, code: string) => (await sites(c, code)).find((s) => s.workSiteCode === code)!

const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shots/${name}.png` })

async function editDescription(page: Page, name: string, text: string) {
  await page.getByRole('button', { name, exact: true }).click()
  const card = page.getByTestId('site-card')
  await card.getByRole('button', { name: '编辑' }).click()
  const form = page.getByRole('dialog', { name: '编辑工点' })
  await form.getByRole('textbox', { name: '工点说明' }).fill(text)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
}

test('a field account on a tablet: two edits and an add with a photo offline, reload, gateway restart — each arrives once, the conflict ends as chosen', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const admin = await api(gw.baseURL)
  const lisiteApi = await api(gw.baseURL, 'lisite')
  const gd1 = await one(lisiteApi, 'GD-01')
  const gd2 = await one(lisiteApi, 'GD-02')
  expect(gd1 && gd2).toBeTruthy()
  const mine1 = `离线说明一${uniq()}`
  const mine2 = `离线说明二${uniq()}`
  const theirs2 = `管理员说明${uniq()}`
  const newName = `离线新工点${uniq()}`
  const newCode = `GD-OFF-${uniq()}`

  const context = await browser.newContext({ baseURL: gw.baseURL, locale: 'zh-CN', viewport: { width: 1024, height: 768 }, hasTouch: true })
  const page = await context.newPage()
  await signIn(page, 'lisite')
  await waitForServiceWorker(page)
  await page.goto('/admin/project-worksite-information')
  await expect(page.getByRole('heading', { name: '项目工点信息' })).toBeVisible()
  await expect(page.getByRole('button', { name: gd1.workSiteName, exact: true })).toBeVisible()
  await shot(page, 'work-sites-list-1024-zh')

  // the card: what a site manager needs, with a tap-to-call button of a thumb's size
  await page.getByRole('button', { name: gd1.workSiteName, exact: true }).click()
  const card = page.getByTestId('site-card')
  await expect(card.getByRole('heading', { name: gd1.workSiteName })).toBeVisible()
  const call = card.getByRole('link', { name: /^拨打 / })
  await expect(call).toHaveAttribute('href', /^tel:\d+/)
  expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expect(card.getByText('DK1+200.000 ~ DK4+800.000')).toBeVisible()
  await shot(page, 'work-sites-card-1024-zh')
  await page.keyboard.press('Escape')
  // the form's choices are read once online, so the offline form has them
  await page.getByRole('button', { name: '新增', exact: true }).click()
  await expect(page.getByRole('dialog', { name: '新增工点' }).getByRole('combobox', { name: '所属线路' })).toBeVisible()
  await page.keyboard.press('Escape')

  // ---- offline: two edits and an add with a photo
  await context.setOffline(true)
  await editDescription(page, gd1.workSiteName, mine1)
  await editDescription(page, gd2.workSiteName, mine2)

  await page.getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增工点' })
  await form.getByRole('textbox', { name: '工点名称' }).fill(newName)
  await form.getByRole('textbox', { name: '工点编码' }).fill(newCode)
  await form.getByRole('combobox', { name: '工点类型' }).click()
  await page.getByRole('option', { name: '桥梁', exact: true }).click()
  await form.getByRole('textbox', { name: '起点里程' }).fill('dk50+100')
  await form.getByRole('textbox', { name: '终点里程' }).fill('DK50+900')
  await form.getByRole('textbox', { name: '联系电话' }).fill('13871230000')
  await form.getByTestId('site-photo-input').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: png(32, 24) })
  await expect(form.getByText('离线照片，联网后上传')).toBeVisible()
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  await expect(badge(page)).toContainText('3 条待同步')
  await expect(page.getByRole('row').filter({ hasText: newName }).getByText('待同步')).toBeVisible()

  // meanwhile an administrator changes the second site
  const r = await admin.call<Site>('PUT', `${PWS.replace('projectWorkSite', 'workSite')}/update`, {
    json: { ...stripAnswer(gd2), description: theirs2 },
    idempotencyKey: crypto.randomUUID(),
  })
  expect(r.body.code, r.text).toBe(10000)

  // ---- reload offline: the shell, the list and the pending edits are still there
  await page.reload()
  await expect(page.getByRole('heading', { name: '项目工点信息' })).toBeVisible({ timeout: 30_000 })
  await expect(badge(page)).toContainText('3 条待同步')
  for (const name of [gd1.workSiteName, gd2.workSiteName, newName])
    await expect(page.getByRole('row').filter({ hasText: name }).getByText('待同步')).toBeVisible()

  // ---- the gateway goes down and comes back while the tablet is offline
  await gw.kill()
  await page.waitForTimeout(500)
  await gw.start()

  // ---- back online: the replay
  await context.setOffline(false)
  await expect(badge(page)).toContainText('1 条需处理', { timeout: 60_000 })
  const fresh = await api(gw.baseURL)
  const after1 = await one(fresh, 'GD-01')
  expect(after1).toMatchObject({ description: mine1, version: gd1.version + 1 })
  const added = await sites(fresh, newCode)
  expect(added).toHaveLength(1)
  expect(added[0]).toMatchObject({ workSiteName: newName, startMileage: 'DK50+100.000', version: 0 })
  expect(added[0]!.photoFileIds).toHaveLength(1)
  expect(added[0]!.photoUrls[0]).toMatch(/^\/files\//)
  const photo = await fetch(`${gw.baseURL}${added[0]!.photoUrls[0]}`)
  expect(photo.headers.get('content-type')).toContain('image/png')
  expect((await one(fresh, 'GD-02')).description).toBe(theirs2)

  // ---- the conflict in the sync centre: keep mine
  await badge(page).click()
  const centre = page.getByRole('dialog', { name: '同步中心' })
  await centre.getByRole('tab', { name: '冲突 (1)' }).click()
  await centre.locator('li', { hasText: gd2.workSiteName }).getByRole('button', { name: '处理冲突' }).click()
  const screen = page.getByRole('dialog', { name: `处理冲突：${gd2.workSiteName}` })
  const row = screen.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '工点说明' }) })
  await expect(row).toContainText(mine2)
  await expect(row).toContainText(theirs2)
  await shot(page, 'work-sites-conflict-1024-zh')
  await screen.getByRole('button', { name: '保留我的' }).click()
  await expect(screen).toBeHidden()
  await expect.poll(async () => (await one(fresh, 'GD-02')).description, { timeout: 30_000 }).toBe(mine2)
  expect((await one(fresh, 'GD-02')).version).toBe(gd2.version + 2)
  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBe(0)
  await page.keyboard.press('Escape')

  // exactly once: the first site moved one version, the new one exists once; no marks left
  expect((await one(fresh, 'GD-01')).version).toBe(gd1.version + 1)
  expect(await sites(fresh, newCode)).toHaveLength(1)
  // the list from the gateway (the project's sites fill more than a page: searched for)
  await page.getByLabel('关键字', { exact: true }).fill(newCode)
  await page.getByRole('button', { name: '查询', exact: true }).click()
  await expect(page.getByRole('button', { name: newName, exact: true })).toBeVisible()
  await expect(page.getByText('待同步')).toHaveCount(0)
  await expect(page.getByText('有冲突')).toHaveCount(0)
  await context.close()
})

/** An answered site as an update body (the joined names and URLs are not fields). */
function stripAnswer(s: Site): Record<string, unknown> {
  const { photoUrls: _u, projectName: _p, lineName: _l, designUnitName: _d, containerName: _c, managerName: _m, ...rest } = s
  return rest
}
