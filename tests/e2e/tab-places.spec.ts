/**
 * Issue 10, item 7: a page tab, and the page's menu entry, return to where the page was (the
 * selected unit and its tab live in the URL) instead of to the bare route. At 1024 × 768, zh and en.
 */
import { expect, test } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const UNIT = '中铁恒岳建设集团有限公司'

for (const lang of ['zh', 'en'] as const) {
  test(`page tabs and menu links keep the page's place (${lang})`, async ({ page }) => {
    const zh = lang === 'zh'
    await signIn(page, 'admin')
    if (!zh) await page.getByRole('button', { name: 'English' }).click()
    await page.goto('/admin/organization')
    const tree = page.getByRole('tree', { name: zh ? '单位树' : 'Unit tree' })
    await tree
      .getByRole('treeitem', { name: /施工单位|Construction/ })
      .first()
      .click()
    await tree.getByRole('treeitem', { name: UNIT }).click()
    await page.getByRole('tab', { name: zh ? '账号' : 'Accounts', exact: true }).click()
    await expect(page).toHaveURL(/[?&]unit=[^&]+&tab=accounts/)
    const place = new URL(page.url()).search

    // to another page and back by the page tab
    const strip = page.getByRole('navigation', { name: zh ? '已打开的页面' : 'Open pages' })
    await strip.getByRole('link', { name: zh ? '首页' : 'Home' }).click()
    await expect(page).toHaveURL(/\/admin\/home/)
    await strip.getByRole('link', { name: zh ? '单位管理' : 'Organisations' }).click()
    await expect(page).toHaveURL(/\/admin\/organization\?/)
    expect(new URL(page.url()).search).toBe(place)
    await expect(page.getByRole('heading', { name: UNIT, level: 2 })).toBeVisible()
    await expect(page.getByRole('tab', { name: zh ? '账号' : 'Accounts', exact: true })).toHaveAttribute('aria-selected', 'true')
    await page.screenshot({ path: `.tmp/shots/tab-places-${lang}.png` })

    // and by the menu (icons below 1280 px: the group opens its pages in a menu)
    await strip.getByRole('link', { name: zh ? '首页' : 'Home' }).click()
    await expect(page).toHaveURL(/\/admin\/home/)
    await page
      .getByRole('complementary')
      .getByRole('button', { name: zh ? '组织机构' : 'Organisation', exact: true })
      .click()
    await page.getByRole('menuitem', { name: zh ? '单位管理' : 'Organisations' }).click()
    await expect(page).toHaveURL(/\/admin\/organization\?.*tab=accounts/)
    await expect(page.getByRole('heading', { name: UNIT, level: 2 })).toBeVisible()
  })
}
