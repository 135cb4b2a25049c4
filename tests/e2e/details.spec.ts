/**
 * Issue 10, item 10 (layout details): /login while signed in goes home; the home sync card does
 * not say "never synced" and "all synced" at once; stopping an account is not drawn as a checkbox;
 * toasts appear away from the header's sync badge. At 1024 × 768, zh and en.
 */
import { expect, test } from '@playwright/test'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const UNIT = '中铁恒岳建设集团有限公司'

for (const lang of ['zh', 'en'] as const) {
  test(`signed in: /login goes home, the sync card is consistent, stop is a stop icon (${lang})`, async ({ page }) => {
    const zh = lang === 'zh'
    await signIn(page, 'admin')
    if (!zh) await page.getByRole('button', { name: 'English' }).click()
    const card = page.getByTestId('sync-widget')
    await expect(card.getByText(zh ? '所有修改均已同步' : 'Everything is synced')).toBeVisible()
    await expect(card.getByText(zh ? '尚未同步' : 'Not synced yet')).toHaveCount(0)
    await page.screenshot({ path: `.tmp/shots/details-home-${lang}.png` })

    await page.goto('/login')
    await expect(page).toHaveURL(/\/admin\/home/)

    await page.goto('/admin/organization')
    const tree = page.getByRole('tree', { name: zh ? '单位树' : 'Unit tree' })
    await tree
      .getByRole('treeitem', { name: /施工单位|Construction/ })
      .first()
      .click()
    await tree.getByRole('treeitem', { name: UNIT }).click()
    await page.getByRole('tab', { name: zh ? '账号' : 'Accounts', exact: true }).click()
    const stop = page.getByRole('button', { name: zh ? /停用/ : /Stop/ }).first()
    await expect(stop).toBeVisible()
    await expect(stop.locator('svg.lucide-ban')).toHaveCount(1)
    await expect(stop.locator('svg.lucide-square')).toHaveCount(0)
    await page.screenshot({ path: `.tmp/shots/details-accounts-${lang}.png` })
  })
}
