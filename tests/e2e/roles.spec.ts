/**
 * Role authorisation in the console: the administrator grants 普通用户 (zhangwei's role) the
 * 角色管理 menu and its 新增 function in the authorisation sheet; zhangwei, signed in elsewhere,
 * sees the menu and the button; a revoke takes the button away at zhangwei's next call (no
 * reload: the grants-version answer header), and the menu after a reload. Members: add and remove.
 */
import { expect, test, type Locator, type Page } from './fixtures'
import { signIn } from './helpers'

async function openAuthorize(page: Page, roleName: string): Promise<Locator> {
  await page.goto('/admin/role-manage')
  const row = page.getByRole('row').filter({ hasText: roleName })
  await row.getByRole('button', { name: '授权' }).click()
  const sheet = page.getByRole('dialog', { name: `授权 · ${roleName}` })
  await expect(sheet.getByRole('treeitem', { name: '角色管理', exact: true })).toBeVisible()
  return sheet
}

async function save(sheet: Locator) {
  await sheet.getByRole('button', { name: '保存' }).click()
  await expect(sheet.page().getByText('授权已保存').first()).toBeVisible()
}

test('grant a function to a role: the member sees the menu and the button, and loses them on revoke', async ({ browser }) => {
  const adminCtx = await browser.newContext()
  const memberCtx = await browser.newContext()
  const admin = await adminCtx.newPage()
  const member = await memberCtx.newPage()
  try {
    await signIn(member, 'zhangwei')
    const nav = member.getByRole('navigation').first()
    // The groups of its menus; 组织机构 (where 角色管理 lives) is not among them.
    await expect(nav.getByRole('button', { name: '项目管理' })).toBeVisible()
    await expect(nav.getByRole('button', { name: '组织机构' })).toHaveCount(0)

    await signIn(admin, 'admin')
    let sheet = await openAuthorize(admin, '普通用户')
    // What the role has: 工点信息 with 导出, nothing of 角色管理.
    await expect(sheet.getByRole('checkbox', { name: '工点信息 · 导出', exact: true })).toBeChecked()
    const addFn = sheet.getByRole('checkbox', { name: '角色管理 · 新增', exact: true })
    await expect(addFn).not.toBeChecked()
    // Checking a function checks its menu (partly: not all its functions) and the group above.
    await addFn.click()
    await expect(addFn).toBeChecked()
    await expect(sheet.getByRole('checkbox', { name: '角色管理', exact: true })).toHaveAttribute('data-state', 'indeterminate')
    await expect(sheet.getByText('有未保存的修改')).toBeVisible()
    await save(sheet)

    // zhangwei, after a reload: the menu, and on its page the 新增 button (and no 删除).
    await member.reload()
    await nav.getByRole('button', { name: '组织机构' }).click()
    await nav.getByRole('link', { name: '角色管理' }).click()
    await expect(member).toHaveURL(/\/admin\/role-manage/)
    await expect(member.getByRole('button', { name: '新增' })).toBeVisible()
    await expect(member.getByRole('button', { name: '授权' })).toHaveCount(0)

    // Revoke the function only: zhangwei's next call brings the new grants, the button goes — no reload.
    await addFn.click()
    await expect(addFn).not.toBeChecked()
    await save(sheet)
    await member.getByRole('button', { name: '刷新' }).click()
    await expect(member.getByRole('button', { name: '新增' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: '角色管理' })).toBeVisible()

    // Revoke the menu while zhangwei is on its page: the page's next call brings the new grants,
    // and the page turns into the 403 page (same address, no reload); the menu is gone.
    sheet = await openAuthorize(admin, '普通用户')
    const menu = sheet.getByRole('checkbox', { name: '角色管理', exact: true })
    await expect(menu).toHaveAttribute('data-state', 'indeterminate')
    await menu.click()
    await expect(menu).toHaveAttribute('data-state', 'checked')
    await menu.click()
    await expect(menu).toHaveAttribute('data-state', 'unchecked')
    await save(sheet)
    await expect(member.getByRole('heading', { name: '角色管理', level: 1 })).toBeVisible()
    await member.getByRole('button', { name: '刷新' }).click()
    await expect(member.getByRole('heading', { name: '无权访问' })).toBeVisible()
    await expect(member.getByText('您的账号没有访问“角色管理”的权限')).toBeVisible()
    await expect(member.getByRole('heading', { name: '角色管理', level: 1 })).toHaveCount(0)
    await expect(member).toHaveURL(/\/admin\/role-manage/)
    await expect(nav.getByRole('link', { name: '角色管理' })).toHaveCount(0)
    await member.goto('/admin/home')
    await expect(nav.getByRole('button', { name: '项目管理' })).toBeVisible()
    await expect(nav.getByRole('button', { name: '组织机构' })).toHaveCount(0)
  } finally {
    await adminCtx.close()
    await memberCtx.close()
  }
})

test('members: add an account from the picker, see it listed, remove it after a confirmation', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/role-manage' })
  const row = page.getByRole('row').filter({ hasText: '安全审计员' })
  await row.getByRole('button', { name: '成员' }).click()
  const sheet = page.getByRole('dialog', { name: '成员 · 安全审计员' })
  // the demo auditor holds it already
  await expect(sheet.getByRole('row').filter({ hasText: 'zhoushen' })).toBeVisible()
  await sheet.getByRole('button', { name: '添加成员' }).click()
  await page.getByLabel('输入账号或姓名查找').fill('zhang')
  await page.getByRole('checkbox', { name: /zhangwei/ }).click()
  await page.getByRole('button', { name: '添加所选' }).click()
  await expect(page.getByText('已添加 1 名成员').first()).toBeVisible()
  const member = sheet.getByRole('row').filter({ hasText: 'zhangwei' })
  await expect(member).toContainText('张伟')
  await expect(member).toContainText('中铁恒岳建设集团第一工程有限公司')
  await expect(member).toContainText('普通账号')
  await expect(member).toContainText('正常')
  await member.getByRole('button', { name: '移除' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '移除' }).click()
  await expect(page.getByText('已移除 1 名成员').first()).toBeVisible()
  await expect(member).toHaveCount(0)
  await expect(sheet.getByRole('row').filter({ hasText: 'zhoushen' })).toBeVisible()
})
