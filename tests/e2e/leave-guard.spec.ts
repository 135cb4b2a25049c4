/**
 * Issue 10, item 3: unsaved inline edits (a unit's 联系人) are not dropped silently when switching
 * tab, unit or page — leaving asks first; 留下 keeps the input, 放弃 goes on. 1024 × 768, zh.
 */
import { expect, test } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const UNIT = '中铁恒岳建设集团有限公司'
const uniq = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`

test('leaving a unit’s contacts with unsaved input asks first: stay keeps it, discard leaves', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/organization' })
  const tree = page.getByRole('tree', { name: '单位树' })
  await tree.getByRole('treeitem', { name: '施工单位' }).click()
  await tree.getByRole('treeitem', { name: UNIT }).click()
  await page.getByRole('tab', { name: '联系人', exact: true }).click()
  const panel = page.getByRole('tabpanel')
  await panel.getByRole('button', { name: '添加' }).click()
  const name = `未存联系人${uniq()}`
  await panel.getByLabel('姓名').last().fill(name)
  await expect(panel.getByText('有未保存的修改')).toBeVisible()

  // another tab: asked; 留下 keeps the tab and the input
  await page.getByRole('tab', { name: '资质', exact: true }).click()
  const ask = page.getByRole('alertdialog', { name: '放弃未保存的修改' })
  await expect(ask).toContainText('这里有未保存的修改，离开后将丢失')
  await page.screenshot({ path: '.tmp/shots/leave-guard-zh.png' })
  await ask.getByRole('button', { name: '留下继续编辑' }).click()
  await expect(ask).toBeHidden()
  await expect(page.getByRole('tab', { name: '联系人', exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(panel.getByLabel('姓名').last()).toHaveValue(name)

  // asked again on the next try; 放弃 goes there and nothing was saved
  await page.getByRole('tab', { name: '单位信息', exact: true }).click()
  await ask.getByRole('button', { name: '放弃修改并离开' }).click()
  await expect(page.getByRole('tab', { name: '单位信息', exact: true })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: '联系人', exact: true }).click()
  await expect(ask).toBeHidden()
  await expect(page.getByRole('tabpanel').getByText(name)).toHaveCount(0)
})
