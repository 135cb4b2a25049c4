/**
 * The sync screens with waiting edits, at 1440×900 and at tablet 1024×768 (screenshots in
 * .tmp/shots for review): the staff list with its marks, the header badge, the home widget and
 * the sync centre.
 */
import { expect, test } from './fixtures'
import { signIn, waitForServiceWorker } from './helpers'
import { addPerson, api, badge, openStaff, storedEntries, uniq } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

test('waiting edits in the staff list, the badge, the home widget and the sync centre', async ({ page, context, baseURL }) => {
  const admin = await api(baseURL!)
  const stamp = uniq()
  const [a, b] = await Promise.all([addPerson(admin, `界面甲${stamp}`), addPerson(admin, `界面乙${stamp}`)])
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  const panel = await openStaff(page, stamp)
  await context.setOffline(true)
  for (const p of [a, b]) {
    await panel
      .getByRole('row')
      .filter({ hasText: p.name })
      .getByRole('button', { name: `编辑 ${p.name}` })
      .click()
    const edit = page.getByRole('dialog', { name: '编辑人员' })
    await edit.getByRole('textbox', { name: '邮箱' }).fill(`screen${uniq()}@example.com`)
    await edit.getByRole('button', { name: '提交' }).click()
    await expect(edit).toBeHidden()
  }
  await expect(panel.locator('[data-sync-mark="pending"]')).toHaveCount(2)

  for (const [w, h] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await expect(badge(page)).toContainText('2 条待同步')
    await page.screenshot({ path: `.tmp/shots/offline-staff-${w}.png` })
    await badge(page).click()
    const centre = page.getByRole('dialog', { name: '同步中心' })
    await expect(centre.locator('li[data-status="pending"]')).toHaveCount(2)
    await expect(centre.getByText('无法连接服务器')).toBeVisible()
    await page.screenshot({ path: `.tmp/shots/offline-centre-${w}.png` })
    await page.keyboard.press('Escape')
    await page.getByRole('link', { name: '首页' }).first().click()
    const widget = page.getByTestId('sync-widget')
    await expect(widget.getByText('离线修改')).toBeVisible()
    await expect(widget.locator('li[data-status="pending"]')).toHaveCount(2)
    await page.screenshot({ path: `.tmp/shots/offline-home-${w}.png` })
    await page.goBack()
  }
  await context.setOffline(false)
  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBe(0)
})
