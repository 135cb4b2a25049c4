/**
 * Issue 10, item 8: in English the menu groups read whole and the required-field messages read
 * naturally; in Chinese a dialog's close button is announced in Chinese. At 1024 × 768.
 */
import { expect, test } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

test('zh: a dialog close button is announced as 关闭, not "Close"', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/role-manage' })
  await page.getByRole('button', { name: '新增' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: '关闭', exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/wording-dialog-zh.png' })
})

test('en: menu groups are not cut off; "Please enter the role name"', async ({ page }) => {
  await signIn(page, 'admin')
  await page.getByRole('button', { name: 'English' }).click()
  await page.getByRole('button', { name: 'Expand sidebar' }).click()
  const menu = page.getByRole('complementary', { name: 'Main menu' })
  const labels = menu.locator('li span')
  await expect(labels.first()).toBeVisible()
  const cut = await labels.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent),
  )
  expect(cut).toEqual([])
  await page.screenshot({ path: '.tmp/shots/wording-menu-en.png' })

  await page.goto('/admin/role-manage')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /Save|Submit|OK/ }).click()
  await expect(dialog.getByText('Please enter the role name')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/wording-required-en.png' })
})

test('a work site card names its sections apart from their rows: 位置 holds 地址, once (zh and en)', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/work-site-information' })
  // the seeded project's site: a project copied from it as a template (project-init.spec) has one of the same name
  const site = page
    .getByRole('row')
    .filter({ hasText: '沪渝蓉高铁武宜段站前工程' })
    .getByRole('button', { name: '汉口特大桥1号工点', exact: true })
  await site.click()
  const card = page.getByTestId('site-card')
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(['负责人', '线路与里程', '位置', '说明', '现场照片'])
  await expect(card.getByText('地址', { exact: true })).toHaveCount(1)
  await expect(card.getByText('湖北省武汉市东西湖区走马岭街道')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/wording-site-card-zh.png' })

  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'English' }).click()
  await site.click()
  await expect(card.getByRole('heading', { level: 3 })).toHaveText([
    'Manager',
    'Line and mileage',
    'Location',
    'Description',
    'Site photos',
  ])
  await expect(card.getByText('Address', { exact: true })).toHaveCount(1)
})

test('en: an apostrophe is drawn narrow, not as a full-width quote ("The project’ s")', async ({ page }) => {
  await signIn(page, 'admin')
  await page.getByRole('button', { name: 'English' }).click()
  await page.goto('/admin/work-site-information')
  const text = page.getByText('The project’s work sites', { exact: false })
  await expect(text).toBeVisible()
  // the apostrophe's width as a share of the font size (a CJK font's ’ takes half an em or more)
  const share = await text.evaluate((el) => {
    const node = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode()!
    const at = node.textContent!.indexOf('’')
    const range = document.createRange()
    range.setStart(node, at)
    range.setEnd(node, at + 1)
    return range.getBoundingClientRect().width / parseFloat(getComputedStyle(el).fontSize)
  })
  expect(share).toBeLessThan(0.4)
  await text.screenshot({ path: '.tmp/shots/wording-apostrophe-en.png' })
})

test('an import dialog says its hint once, as its description (zh and en)', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/role-manage' })
  await page.getByRole('button', { name: '导入', exact: true }).click()
  const hint = '按模板填写数据：带 * 的列为必填，表头请勿修改。'
  const dialog = page.getByRole('dialog', { name: '导入角色' })
  await expect(dialog).toHaveAccessibleDescription(hint)
  await expect(dialog.getByText(hint)).toHaveCount(1)
  await expect(dialog.getByText(hint)).toBeVisible()

  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'English' }).click()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const en = page.getByRole('dialog')
  const enHint = 'Fill in the template: columns marked * are required; leave the header as it is.'
  await expect(en).toHaveAccessibleDescription(enHint)
  await expect(en.getByText(enHint)).toHaveCount(1)
})
