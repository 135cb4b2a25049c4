/**
 * Offline longer than the session allows, against a gateway of the test's own with short TTLs:
 * past the access-token TTL the replay renews the token (20004) and goes on; past the idle TTL
 * one password prompt appears (20112) for all the waiting edits, then the replay finishes.
 */
import { expect, test } from './fixtures'
import { PASSWORD, signIn, waitForServiceWorker } from './helpers'
import { addPerson, api, badge, openStaff, ownGateway, people, storedEntries, uniq, type Gateway } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

const ACCESS_TTL = 6
const IDLE_TTL = 16

let gw: Gateway
test.beforeAll(async () => {
  gw = await ownGateway({ TRESTLE_ACCESS_TOKEN_TTL: String(ACCESS_TTL), TRESTLE_SESSION_IDLE_TTL: String(IDLE_TTL) })
})
test.afterAll(async () => {
  await gw?.kill()
})

/** Edits a person's email offline through the staff panel. */
async function editOffline(page: import('@playwright/test').Page, name: string, email: string) {
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

test('offline past the access-token TTL: the replay renews the token; past the idle TTL: one password prompt, then every edit arrives', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const context = await browser.newContext({ baseURL: gw.baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  const admin = await api(gw.baseURL)
  const [a, b, c] = await Promise.all([`令牌${uniq()}`, `空闲甲${uniq()}`, `空闲乙${uniq()}`].map((n) => addPerson(admin, n)))

  // the worker installs on the sign-in page first: the session's idle clock (16 s) starts after it,
  // not during a slow install (a CI run's install outlasted it, and the session idled out before the test began)
  await page.goto('/login')
  await waitForServiceWorker(page)
  await signIn(page, 'admin')
  await openStaff(page)

  // 1. longer than the access token lives (but not idle): 20004 → renewed with the stored cipher
  await context.setOffline(true)
  const emailA = `token${uniq()}@example.com`
  await editOffline(page, a!.name, emailA)
  await expect(badge(page)).toContainText('1 条待同步')
  await page.waitForTimeout((ACCESS_TTL + 2) * 1000)
  await context.setOffline(false)
  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBe(0)
  expect((await people(await api(gw.baseURL), a!.name))[0]).toMatchObject({ email: emailA, version: a!.version + 1 })
  await expect(page.getByRole('dialog', { name: '请重新输入密码' })).toHaveCount(0)

  // 2. longer than the idle TTL: two edits wait, one password prompt, then both go
  await context.setOffline(true)
  const emailB = `idle-b${uniq()}@example.com`
  const emailC = `idle-c${uniq()}@example.com`
  await editOffline(page, b!.name, emailB)
  await editOffline(page, c!.name, emailC)
  await expect(badge(page)).toContainText('2 条待同步')
  await page.waitForTimeout((IDLE_TTL + 3) * 1000)
  await context.setOffline(false)
  const prompt = page.getByRole('dialog', { name: '请重新输入密码' })
  await expect(prompt).toBeVisible({ timeout: 30_000 })
  await expect(prompt).toHaveCount(1)
  // the edits wait through the prompt (their requests hold on it), neither failed
  expect((await storedEntries(page)).map((e) => e.status)).toEqual([
    expect.stringMatching(/^(pending|sending)$/),
    expect.stringMatching(/^(pending|sending)$/),
  ])
  await prompt.getByLabel('密码').fill(PASSWORD)
  await prompt.getByRole('button', { name: '继续' }).click()
  await expect(prompt).toBeHidden()
  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBe(0)
  const fresh = await api(gw.baseURL) // the test's own client idled out meanwhile
  expect((await people(fresh, b!.name))[0]).toMatchObject({ email: emailB, version: b!.version + 1 })
  expect((await people(fresh, c!.name))[0]).toMatchObject({ email: emailC, version: c!.version + 1 })
  // and no second prompt came
  await page.waitForTimeout(1000)
  await expect(prompt).toHaveCount(0)
  await context.close()
})
