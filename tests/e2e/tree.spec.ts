/**
 * The tree toolkit in Chromium against the real gateway (demo data), at 1024×768 in Chinese:
 * - keyboard navigation of a tree (↓ ↑ ← → Home End, one tab stop) in 应用管理's menu tree;
 * - moving menus there without dragging, as on a tablet: 上移 / 下移 and 移动到… (the new parent
 *   chosen in a tree), each saved through the gateway (a reload shows the same order), and a
 *   mouse drag onto a row;
 * - Space checking a row (and all below it) in 角色管理's grant tree;
 * - screenshots of the trees on the toolkit: .tmp/shots/tree-*.png.
 */
import { expect, test, type Locator, type Page } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const uniq = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shots/tree-${name}.png` })

async function openMenus(page: Page): Promise<Locator> {
  await page.goto('/admin/app-manage')
  await page.getByRole('row').filter({ hasText: 'trestle-admin' }).getByRole('button', { name: '菜单管理' }).click()
  const sheet = page.getByRole('dialog', { name: /^菜单管理 · / })
  await expect(sheet.getByRole('tree', { name: '菜单管理' }).getByRole('treeitem').first()).toBeVisible()
  return sheet
}

async function addTopMenu(page: Page, sheet: Locator, name: string) {
  await sheet.getByRole('button', { name: '新增顶级菜单' }).click()
  const form = page.getByRole('dialog', { name: /新增/ }).last()
  await form.getByRole('textbox', { name: '菜单名称' }).fill(name)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  await expect(sheet.getByRole('treeitem', { name, exact: true })).toBeVisible()
}

/** The names of the top-level rows, in order. */
const topLevel = (tree: Locator) =>
  tree.locator('[role="treeitem"][aria-level="1"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')))

test('a menu with its functions: a preset and one typed, saved and shown on its row', async ({ page }) => {
  await signIn(page, 'admin')
  const sheet = await openMenus(page)
  const name = `功能菜单${uniq()}`
  await sheet.getByRole('button', { name: '新增顶级菜单' }).click()
  const form = page.getByRole('dialog', { name: /新增/ }).last()
  await form.getByRole('textbox', { name: '菜单名称' }).fill(name)
  await form.getByRole('button', { name: '新增 add' }).click()
  await form.getByRole('button', { name: '添加功能' }).click()
  await form
    .getByRole('textbox', { name: /功能名称/ })
    .nth(1)
    .fill('审核')
  await form
    .getByRole('textbox', { name: /功能标识/ })
    .nth(1)
    .fill('audit')
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  const row = sheet.getByRole('treeitem', { name, exact: true })
  await expect(row.getByText('新增', { exact: true })).toBeVisible()
  await expect(row.getByText('审核', { exact: true })).toBeVisible()
  // the test's menu goes away
  await row.getByRole('button', { name: '删除' }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /确定|删除/ })
    .click()
  await expect(row).toHaveCount(0)
})

test('keyboard navigation in the menu tree', async ({ page }) => {
  await signIn(page, 'admin')
  const sheet = await openMenus(page)
  const tree = sheet.getByRole('tree', { name: '菜单管理' })
  const items = tree.getByRole('treeitem')
  const first = items.first()
  // one tab stop: the first row; Tab reaches it
  await expect(first).toHaveAttribute('tabindex', '0')
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1)
  await first.focus()
  await expect(first).toBeFocused()
  // ↓ goes to the next row
  await page.keyboard.press('ArrowDown')
  await expect(items.nth(1)).toBeFocused()

  // a group (everything is open at first): ↓ goes to its first submenu
  const groupId = await tree.locator('[role="treeitem"][aria-expanded="true"]').first().getAttribute('data-tree-id')
  const group = tree.locator(`[data-tree-id="${groupId}"]`)
  const child = group.locator('xpath=following-sibling::*[1]')
  await group.click()
  await expect(group).toBeFocused()
  const level = Number(await group.getAttribute('aria-level'))
  await page.keyboard.press('ArrowDown')
  await expect(child).toBeFocused()
  await expect(child).toHaveAttribute('aria-level', String(level + 1))
  // ← on a child goes to its parent; ← again closes it, → opens it, → again goes to its first child
  await page.keyboard.press('ArrowLeft')
  await expect(group).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(group).toHaveAttribute('aria-expanded', 'false')
  await expect(group.locator('xpath=following-sibling::*[1]')).not.toHaveAttribute('aria-level', String(level + 1))
  await page.keyboard.press('ArrowRight')
  await expect(group).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(group.locator('xpath=following-sibling::*[1]')).toBeFocused()
  // End and Home
  await page.keyboard.press('End')
  await expect(items.last()).toBeFocused()
  await page.keyboard.press('Home')
  await expect(first).toBeFocused()
  // ↑ at the top stays; only one row is ever tabbable
  await page.keyboard.press('ArrowUp')
  await expect(first).toBeFocused()
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1)
})

test('moving menus: 上移 / 下移 and 移动到… without dragging, and a mouse drag', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'admin')
  let sheet = await openMenus(page)
  const a = `树甲${uniq()}`
  const b = `树乙${uniq()}`
  await addTopMenu(page, sheet, a)
  await addTopMenu(page, sheet, b)
  let tree = sheet.getByRole('tree', { name: '菜单管理' })
  const row = (name: string) => tree.getByRole('treeitem', { name, exact: true })

  // both new menus are last, a before b; b moves up above a
  const order = await topLevel(tree)
  expect(order.slice(-2)).toEqual([a, b])
  await row(b).hover()
  await expect(row(b).getByRole('button', { name: '下移' })).toBeDisabled()
  await row(b).getByRole('button', { name: '上移' }).click()
  await expect.poll(async () => (await topLevel(tree)).slice(-2)).toEqual([b, a])
  await shot(page, 'menu')

  // 移动到…: b under a (chosen in the dialog's tree; b itself cannot be chosen)
  await row(b).getByRole('button', { name: '移动到…' }).click()
  const dialog = page.getByRole('dialog', { name: `移动“${b}”到…` })
  const choose = dialog.getByRole('tree')
  await expect(choose.getByRole('treeitem', { name: b, exact: true })).toHaveAttribute('aria-disabled', 'true')
  await expect(dialog.getByRole('button', { name: '移动', exact: true })).toBeDisabled()
  await choose.getByRole('treeitem', { name: a, exact: true }).click()
  await shot(page, 'moveto')
  await dialog.getByRole('button', { name: '移动', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(row(b)).toHaveAttribute('aria-level', '2')
  await expect(row(a)).toHaveAttribute('aria-expanded', 'true')

  // saved: after a reload the gateway's tree has b under a
  await page.reload()
  sheet = await openMenus(page)
  tree = sheet.getByRole('tree', { name: '菜单管理' })
  await expect(row(b)).toHaveAttribute('aria-level', '2')
  expect((await topLevel(tree)).at(-1)).toBe(a)

  // a mouse drag: b dropped on the upper edge of a → back at the top level, before a
  const target = await row(a).boundingBox()
  await row(b).dragTo(row(a), { targetPosition: { x: 40, y: 3 } })
  await expect(row(b)).toHaveAttribute('aria-level', '1')
  await expect.poll(async () => (await topLevel(tree)).slice(-2)).toEqual([b, a])
  expect(target).not.toBeNull()

  // the test's menus go away
  for (const name of [a, b]) {
    await row(name).getByRole('button', { name: '删除' }).click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /确定|删除/ })
      .click()
    await expect(row(name)).toHaveCount(0)
  }
})

test('screenshots of the trees on the toolkit (1024×768, zh); Space checks a row of the grant tree', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'admin')

  // the unit tree (a drawer below 1280 px), opened down to a unit, and its keyword search
  await page.goto('/admin/organization')
  const units = page.getByRole('tree', { name: '单位树' })
  // the tree is docked (perhaps folded away by an earlier visit) or behind a drawer opener at this width
  const opener = page.getByRole('button', { name: '单位树', exact: true }).or(page.getByRole('button', { name: '展开单位树' }))
  const openUnits = async () => {
    await expect(opener.or(units).first()).toBeVisible()
    if (!(await units.isVisible())) await opener.first().click()
    await expect(units).toBeVisible()
  }
  await openUnits()
  await units.getByRole('treeitem', { name: '施工单位' }).click()
  await expect(units.getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' })).toBeVisible()
  await units.getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' }).getByRole('button', { name: '展开' }).click()
  await expect(units.getByRole('treeitem', { name: '中铁恒岳建设集团第一工程有限公司' })).toBeVisible()
  await shot(page, 'unit')
  await page.getByRole('textbox', { name: '搜索单位名称、简称或信用代码' }).fill('恒岳')
  await page.keyboard.press('Enter')
  await expect(units.locator('mark').first()).toHaveText('恒岳')
  await shot(page, 'unit-search')
  await page.keyboard.press('Escape')

  // the department tree beside the staff (or in its drawer)
  await page.goto('/admin/organization')
  await openUnits()
  await units.getByRole('treeitem', { name: '施工单位' }).click()
  await units.getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' }).click()
  await page.getByRole('tab', { name: '部门与人员' }).click()
  const panel = page.getByTestId('departments-panel')
  const deptOpener = panel.getByRole('button', { name: '组织架构' })
  await expect(deptOpener.or(panel.getByRole('tree'))).toBeVisible()
  if (await deptOpener.isVisible()) await deptOpener.click()
  await expect(page.getByRole('tree', { name: '组织架构' }).getByRole('treeitem').first()).toBeVisible()
  await shot(page, 'dept')

  // the role grant trees: menus and functions (tri-state), organisations
  await page.goto('/admin/role-manage')
  await page.getByRole('row').filter({ hasText: '普通用户' }).getByRole('button', { name: '授权' }).click()
  const sheet = page.getByRole('dialog', { name: '授权 · 普通用户' })
  await expect(sheet.getByRole('treeitem', { name: '角色管理', exact: true })).toBeVisible()
  await shot(page, 'grant')
  // Space on a row checks it (with everything below), Space again unchecks; 重置 leaves nothing changed
  const roles = sheet.getByRole('treeitem', { name: '角色管理', exact: true })
  const rolesBox = sheet.getByRole('checkbox', { name: '角色管理', exact: true })
  const before = await rolesBox.getAttribute('data-state')
  await roles.focus()
  await page.keyboard.press(' ')
  await expect(rolesBox).toHaveAttribute('data-state', 'checked')
  await expect(sheet.getByRole('checkbox', { name: '角色管理 · 新增', exact: true })).toBeChecked()
  await expect(roles).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press(' ')
  await expect(rolesBox).toHaveAttribute('data-state', 'unchecked')
  const reset = sheet.getByRole('button', { name: '重置' })
  if (await reset.isEnabled()) await reset.click()
  await expect(rolesBox).toHaveAttribute('data-state', before!)
  await sheet.getByRole('textbox', { name: '搜索菜单或功能' }).fill('角色')
  await expect(sheet.locator('mark').first()).toHaveText('角色')
  await shot(page, 'grant-search')
  await sheet.getByRole('tab', { name: '组织' }).click()
  await expect(sheet.getByRole('tree', { name: '组织' }).getByRole('treeitem').first()).toBeVisible()
  await shot(page, 'orgs')
})
