/**
 * 流程角色管理 at 1024×768 in zh: a workflow role created through its dialog and seen in the list
 * with the saved values, edited, given an account from the account picker (listed in the members
 * sheet, counted in the list), the account removed after a confirmation, and the role deleted.
 * Screenshots: .tmp/shots/workflow-roles-1024.png (the list), workflow-role-members-1024.png (the sheet).
 */
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

const main = (page: Page) => page.getByRole('main')

test('create, edit, staff and delete a workflow role', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin')
  const tag = String(Date.now() % 1_000_000)
  const name = `质检组${tag}`
  const code = `qc_${tag}`

  await page.goto('/admin/process-role-management')
  await expect(page.getByRole('heading', { name: '流程角色管理', level: 1 })).toBeVisible()
  await expect(page.getByText('尚未建设')).toHaveCount(0)

  // create
  await main(page).getByRole('button', { name: '新增', exact: true }).click()
  let dialog = page.getByRole('dialog', { name: '新增流程角色' })
  await dialog.getByLabel('角色名称').fill(name)
  await dialog.getByLabel('角色编码').fill(code)
  await dialog.getByLabel('备注').fill('负责质量检查的审批')
  await dialog.locator('button[type="submit"]').click()
  await expect(dialog).toBeHidden()
  const row = main(page).getByRole('row').filter({ hasText: name })
  await expect(row).toContainText(code)
  await expect(row).toContainText('负责质量检查的审批')
  await expect(row).toContainText('启用')
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible()

  // search by code
  await main(page).getByLabel('名称或编码', { exact: true }).fill(code)
  await main(page).getByRole('button', { name: '查询', exact: true }).click()
  await expect(main(page).getByRole('row').filter({ hasText: name })).toHaveCount(1)
  await page.screenshot({ path: '.tmp/shots/workflow-roles-1024.png' })

  // edit: a new remark, stopped
  await row.getByRole('button', { name: '编辑', exact: true }).click()
  dialog = page.getByRole('dialog', { name: '编辑流程角色' })
  await expect(dialog.getByLabel('角色名称')).toHaveValue(name)
  await dialog.getByLabel('备注').fill('质量检查与验收')
  await dialog.getByRole('switch').click()
  await dialog.locator('button[type="submit"]').click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('质量检查与验收')
  await expect(row).toContainText('停用')

  // members: add zhangwei from the picker
  await row.getByRole('button', { name: '成员' }).click()
  const sheet = page.getByRole('dialog', { name: `成员 · ${name}` })
  await expect(sheet.getByText('暂无数据')).toBeVisible()
  await sheet.getByRole('button', { name: '添加成员' }).click()
  await page.getByLabel('输入账号或姓名查找').fill('zhangwei')
  await page.getByRole('checkbox', { name: /zhangwei/ }).click()
  await expect(page.getByText('已选 1 个')).toBeVisible()
  await page.getByRole('button', { name: '添加所选' }).click()
  await expect(page.getByText('已添加 1 名成员').first()).toBeVisible()
  const member = sheet.getByRole('row').filter({ hasText: 'zhangwei' })
  await expect(member).toContainText('张伟')
  await page.screenshot({ path: '.tmp/shots/workflow-role-members-1024.png' })

  // remove it after a confirmation
  await member.getByRole('button', { name: '移除' }).click()
  const confirmBox = page.getByRole('alertdialog')
  await expect(confirmBox).toContainText(`确定将 张伟 移出流程角色「${name}」吗？`)
  await confirmBox.getByRole('button', { name: '移除' }).click()
  await expect(page.getByText('已移除 1 名成员').first()).toBeVisible()
  await expect(member).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()

  // delete the role
  await row.getByRole('button', { name: '删除', exact: true }).click()
  const del = page.getByRole('alertdialog')
  await expect(del).toContainText(`确定要删除流程角色「${name}」吗？`)
  await del.getByRole('button', { name: '删除' }).click()
  await expect(row).toHaveCount(0)
})
