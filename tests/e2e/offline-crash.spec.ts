/**
 * Exactly once through crashes (DESIGN §4), against a gateway of the test's own: the gateway killed
 * in the middle of a replay and started again — everything arrives, nothing twice; a reload while
 * a replayed request is in flight — the replay after the reload is answered from the gateway's
 * Idempotency-Key store, no duplicate.
 */
import { expect, test, type Page } from './fixtures'
import { signIn, waitForServiceWorker } from './helpers'
import { addPerson, api, badge, idNumber, openStaff, ownGateway, people, phone, storedEntries, uniq, type Gateway } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

let gw: Gateway
test.beforeAll(async () => {
  // a short lease: a request cut off by the kill frees its Idempotency-Key soon
  gw = await ownGateway({ TRESTLE_IDEMPOTENCY_LEASE: '3' })
})
test.afterAll(async () => {
  await gw?.kill()
})

async function addOffline(page: Page, name: string) {
  const panel = page.getByTestId('departments-panel')
  await panel.getByRole('button', { name: '新增人员' }).click()
  const form = page.getByRole('dialog', { name: '新增人员' })
  await form.getByRole('textbox', { name: '姓名' }).fill(name)
  await form.getByRole('textbox', { name: '身份证号' }).fill(idNumber('1991-09-09', Number(uniq())))
  await form.getByRole('textbox', { name: '手机号' }).fill(phone())
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
}

async function editOffline(page: Page, name: string, email: string) {
  const panel = page.getByTestId('departments-panel')
  await panel.getByRole('searchbox').fill(name)
  await panel
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `编辑 ${name}` })
    .click()
  const edit = page.getByRole('dialog', { name: '编辑人员' })
  await edit.getByRole('textbox', { name: '邮箱' }).fill(email)
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()
}

test('the gateway killed during a replay and started again: every edit arrives, none twice', async ({ browser }) => {
  test.setTimeout(180_000)
  const admin = await api(gw.baseURL)
  const existing = await Promise.all(Array.from({ length: 6 }, (_, i) => addPerson(admin, `崩溃${i}${uniq()}`)))
  const context = await browser.newContext({ baseURL: gw.baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  await openStaff(page)

  await context.setOffline(true)
  const emails = existing.map((_, i) => `crash${i}-${uniq()}@example.com`)
  for (const [i, p] of existing.entries()) await editOffline(page, p.name, emails[i]!)
  const added = [`崩溃新增甲${uniq()}`, `崩溃新增乙${uniq()}`]
  for (const n of added) await addOffline(page, n)
  await expect(badge(page)).toContainText('8 条待同步')

  // each request a little slow, so the kill lands in the middle of the replay
  await page.route('**/api/admin/v1/user/**', async (route) => {
    await new Promise((r) => setTimeout(r, 400))
    await route.continue().catch(() => undefined)
  })
  await context.setOffline(false)
  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBeLessThan(8)
  await gw.kill()
  const leftAtKill = (await storedEntries(page)).length
  expect(leftAtKill).toBeGreaterThan(0)
  await page.waitForTimeout(1500)
  await gw.start()
  await page.unroute('**/api/admin/v1/user/**')

  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 90_000 }).toBe(0)
  const fresh = await api(gw.baseURL)
  for (const [i, p] of existing.entries())
    expect((await people(fresh, p.name))[0]).toMatchObject({ email: emails[i], version: p.version + 1 })
  for (const n of added) expect(await people(fresh, n)).toHaveLength(1)
  await context.close()
})

test('a reload while a replayed request is in flight: replayed with the same Idempotency-Key, no duplicate', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ baseURL: gw.baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  await openStaff(page)
  await context.setOffline(true)
  const name = `飞行中${uniq()}`
  await addOffline(page, name)
  const [entry] = await storedEntries(page)

  // the add reaches the gateway, its answer never reaches the page
  let reached!: () => void
  const atGateway = new Promise<void>((r) => (reached = r))
  const keys: string[] = []
  await page.route('**/api/admin/v1/user/add', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '')
    const res = await route.fetch()
    const code = ((await res.json().catch(() => null)) as { code?: number } | null)?.code
    // an answer that applied nothing (a refusal under load) reaches the page, which sends it again
    if (code !== 10000) return route.fulfill({ response: res })
    reached()
    // no fulfil: the page reloads meanwhile
  })
  await context.setOffline(false)
  await atGateway
  expect(await people(await api(gw.baseURL), name)).toHaveLength(1)
  await page.unroute('**/api/admin/v1/user/add')
  const sentKeys: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/v1/user/add')) sentKeys.push(r.headers()['idempotency-key'] ?? '')
  })
  await page.reload()
  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBe(0)
  // every attempt, before and after the reload, carried the entry's own key
  expect(keys.length).toBeGreaterThan(0)
  expect(new Set(keys)).toEqual(new Set([entry!.id]))
  expect(sentKeys).toEqual([entry!.id])
  expect(await people(await api(gw.baseURL), name)).toHaveLength(1)
  await context.close()
})
