/**
 * Issue 10, item 9: a read-only account (the tourist) gets read-only views — a unit's contacts are
 * text, with no inputs, no upload zones, no add or remove buttons; and (item 8) unit types in the page's
 * language. 1024 × 768, zh and en.
 */
import { expect, test } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const UNIT = '中国铁路华东投资集团有限公司'

for (const lang of ['zh', 'en'] as const) {
  test(`the tourist reads a unit's contacts as text, nothing to type into or upload (${lang})`, async ({ page }) => {
    const zh = lang === 'zh'
    await signIn(page, 'tourist')
    if (!zh) await page.getByRole('button', { name: 'English' }).click()
    await page.goto('/admin/organization')
    const tree = page.getByRole('tree', { name: zh ? '单位树' : 'Unit tree' })
    // unit types read in the page's language (issue 10 #8)
    await tree.getByRole('treeitem', { name: zh ? '建设单位' : 'Owner', exact: true }).click()
    await tree.getByRole('treeitem', { name: UNIT }).click()
    await expect(
      page
        .getByRole('main')
        .getByText(zh ? '建设单位' : 'Owner', { exact: true })
        .first(),
    ).toBeVisible()
    await page.getByRole('tab', { name: zh ? '联系人' : 'Contacts', exact: true }).click()
    const panel = page.getByRole('tabpanel')
    // the seeded contact reads as text under its label
    await expect(panel.getByText('陈晓峰', { exact: true }).first()).toBeVisible()
    await expect(panel.locator('[data-readonly-field]').first()).toBeVisible()
    await expect(panel.getByRole('textbox')).toHaveCount(0)
    await expect(panel.getByRole('button', { name: zh ? /移除|添加|保存/ : /Remove|Add|Save/ })).toHaveCount(0)
    await expect(panel.locator('input[type=file]')).toHaveCount(0)
    await page.screenshot({ path: `.tmp/shots/readonly-contacts-${lang}.png` })
  })
}

test('the tourist reads their own name in the personal centre as text, legible like the fields beside it', async ({ page }) => {
  await signIn(page, 'tourist')
  await page.goto('/personal-view')
  const panel = page.getByRole('tabpanel')
  await expect(page.getByText('游客账号仅可查看，不能修改')).toBeVisible()
  await expect(panel.getByRole('textbox', { name: '姓名' })).toHaveCount(0)
  const name = panel.getByText('访客', { exact: true })
  await expect(name).toBeVisible()
  await expect(name).toHaveCSS('opacity', '1')
  await page.screenshot({ path: '.tmp/shots/readonly-personal-name-zh.png' })
})
