/**
 * 表格管理's templates tab at 1024×768 in zh, as the administrator: a group and a sub-group added
 * through their dialogs and the sub-group renamed; a template added into it, its basics edited,
 * copied; an .xlsx built here with exceljs imported; two cell rules for two roles saved and seen again
 * when the dialog reopens; the template published (V1 in the list and in the versions sheet); the copy
 * deleted. Screenshots: .tmp/shots/manage-*.png.
 */
import ExcelJS from 'exceljs'
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

const main = (page: Page) => page.getByRole('main')
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shots/manage-${name}.png` })

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('记录')
  ws.getCell('A1').value = '混凝土浇筑记录'
  ws.mergeCells('A1:C1')
  ws.getCell('A2').value = '部位'
  ws.getCell('B2').value = '方量'
  ws.getCell('B3').value = 12.5
  ws.getCell('C3').value = { formula: 'B3*2' }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** Picks an option of a form select (Radix) by its visible name. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('groups, templates, import, rules, publish, versions and delete', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin')
  const tag = String(Date.now() % 1_000_000)
  const top = `验收表${tag}`
  const child = `子分组${tag}`
  const renamed = `主体结构${tag}`
  const name = `钢筋检验批${tag}`
  const code = `GJ-${tag}`

  await page.goto('/admin/table-manage')
  const groups = main(page).getByRole('tree', { name: '模板分组' })
  await expect(groups).toBeVisible()
  await expect(main(page).getByRole('row').filter({ hasText: '检验批质量验收记录' })).toBeVisible()
  await shot(page, 'list')

  // a top group, then a child under it, then the child renamed
  await main(page).getByRole('button', { name: '新增分组' }).click()
  let dialog = page.getByRole('dialog', { name: '新增顶级分组' })
  await dialog.getByLabel('分组名称').fill(top)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  await expect(groups.getByRole('treeitem', { name: top })).toBeVisible()

  await groups.getByRole('button', { name: `分组「${top}」的操作` }).click()
  await page.getByRole('menuitem', { name: '新增子分组' }).click()
  dialog = page.getByRole('dialog', { name: `在「${top}」下新增子分组` })
  await dialog.getByLabel('分组名称').fill(child)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  await expect(groups.getByRole('treeitem', { name: child })).toBeVisible()

  await groups.getByRole('button', { name: `分组「${child}」的操作` }).click()
  await page.getByRole('menuitem', { name: '重命名' }).click()
  dialog = page.getByRole('dialog', { name: '重命名分组' })
  await expect(dialog.getByLabel('分组名称')).toHaveValue(child)
  await dialog.getByLabel('分组名称').fill(renamed)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  await expect(groups.getByRole('treeitem', { name: renamed })).toBeVisible()
  await expect(groups.getByRole('treeitem', { name: child })).toHaveCount(0)
  // the renamed group is chosen: the demo template is not in it
  await groups.getByRole('treeitem', { name: renamed }).click()
  await expect(main(page).getByRole('row').filter({ hasText: '检验批质量验收记录' })).toHaveCount(0)
  await shot(page, 'groups')

  // add a template into the chosen group
  await main(page).getByRole('button', { name: '新增', exact: true }).click()
  dialog = page.getByRole('dialog', { name: '新增表格模板' })
  await expect(dialog.getByRole('combobox', { name: '分组' })).toContainText(renamed)
  await dialog.getByLabel('模板名称').fill(name)
  await dialog.getByLabel('模板编码').fill(code)
  await dialog.getByLabel('说明').fill('钢筋工程检验批')
  // the application and the menu it serves — the menu select opened before the application's menus
  // have come (held back here): it stays open and offers them when they come (a CI run once had it
  // turn into the searchable select under the pointer, closed, when more than 11 came)
  let releaseMenus = () => {}
  const menusHeld = new Promise<void>((resolve) => (releaseMenus = resolve))
  await page.route('**/api/admin/v1/applicationMenu/list?*', async (route) => {
    await menusHeld
    await route.continue()
  })
  await dialog.getByRole('combobox', { name: '所属应用' }).click()
  await page.getByRole('option').first().click()
  await dialog.getByRole('combobox', { name: '所属菜单' }).click()
  await expect(page.getByRole('listbox')).toBeVisible()
  releaseMenus()
  await expect(page.getByRole('option').nth(11)).toBeVisible()
  await page.unroute('**/api/admin/v1/applicationMenu/list?*')
  await page.getByRole('option').first().click()
  const menuName = await dialog.getByRole('combobox', { name: '所属菜单' }).innerText()
  await shot(page, 'add')
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  const row = main(page).getByRole('row').filter({ hasText: code })
  await expect(row).toContainText(name)
  await expect(row).toContainText('草稿')
  await expect(row).toContainText('未发布')

  // edit the basics: a new name (the sheet goes back unchanged)
  const edited = `${name}（修订）`
  await row.getByRole('button', { name: `${name} 的更多操作` }).click()
  await page.getByRole('menuitem', { name: '编辑基本信息' }).click()
  dialog = page.getByRole('dialog', { name: `编辑模板「${name}」` })
  await expect(dialog.getByLabel('模板编码')).toHaveValue(code)
  await expect(dialog.getByRole('combobox', { name: '所属菜单' })).toHaveText(menuName)
  await dialog.getByLabel('模板名称').fill(edited)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText(edited)

  // copy it
  const copyCode = `CP-${tag}`
  await row.getByRole('button', { name: `${edited} 的更多操作` }).click()
  await page.getByRole('menuitem', { name: '复制' }).click()
  dialog = page.getByRole('dialog', { name: `复制模板「${edited}」` })
  await expect(dialog.getByLabel('模板名称')).toHaveValue(`${edited} 副本`)
  await dialog.getByLabel('模板编码').fill(copyCode)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  const copyRow = main(page).getByRole('row').filter({ hasText: copyCode })
  await expect(copyRow).toContainText(`${edited} 副本`)

  // import a workbook built here; a file that is not a workbook is refused with the gateway's message
  const importCode = `IMP-${tag}`
  await main(page).getByRole('button', { name: '导入', exact: true }).click()
  dialog = page.getByRole('dialog', { name: '从 Excel 导入模板' })
  await dialog.getByLabel('模板名称').fill(`浇筑记录${tag}`)
  await dialog.getByLabel('模板编码').fill(importCode)
  await dialog.getByLabel('工作簿文件').setInputFiles({
    name: 'bad.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('这不是一个工作簿'),
  })
  await dialog.getByRole('button', { name: '导入', exact: true }).click()
  await expect(dialog.getByRole('alert').first()).toContainText('仅支持 XLSX 格式的文件')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(dialog).toBeVisible()
  await shot(page, 'import-refused')
  await dialog.getByLabel('工作簿文件').setInputFiles({
    name: 'pour.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook(),
  })
  await dialog.getByRole('button', { name: '导入', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(main(page).getByRole('row').filter({ hasText: importCode })).toContainText(`浇筑记录${tag}`)

  // cell rules: two roles, saved, and seen again
  await row.getByRole('button', { name: `${edited} 的更多操作` }).click()
  await page.getByRole('menuitem', { name: '单元格权限' }).click()
  dialog = page.getByRole('dialog', { name: `单元格权限 · ${edited}` })
  await expect(dialog.getByText('尚无规则')).toBeVisible()
  const rule = async (n: number, role: string, range: string, access: string) => {
    await dialog.getByRole('button', { name: '添加规则' }).click()
    await choose(page, dialog, `规则 ${n} 的对象类型`, '角色')
    await dialog.getByRole('combobox', { name: `规则 ${n} 的对象`, exact: true }).click()
    await page.getByPlaceholder('输入名称查找').fill(role)
    await page.getByRole('option', { name: role, exact: true }).click()
    await dialog.getByLabel(`规则 ${n} 的单元格范围`).fill(range)
    await choose(page, dialog, `规则 ${n} 的权限`, access)
  }
  await rule(1, '组织管理员', 'C4:C5', '填写')
  await rule(2, '项目经理', 'C4:', '查看')
  // a range parseRange refuses is marked on its row; the set is not saved
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog.getByText('规则 2 的单元格范围格式不正确')).toBeVisible()
  await dialog.getByLabel('规则 2 的单元格范围').fill('c4:d5')
  await shot(page, 'rules')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('单元格权限已保存').first()).toBeVisible()
  await row.getByRole('button', { name: `${edited} 的更多操作` }).click()
  await page.getByRole('menuitem', { name: '单元格权限' }).click()
  dialog = page.getByRole('dialog', { name: `单元格权限 · ${edited}` })
  await expect(dialog.getByRole('combobox', { name: '规则 1 的对象', exact: true })).toContainText('组织管理员')
  await expect(dialog.getByLabel('规则 1 的单元格范围')).toHaveValue('C4:C5')
  await expect(dialog.getByRole('combobox', { name: '规则 1 的权限' })).toContainText('填写')
  await expect(dialog.getByRole('combobox', { name: '规则 2 的对象', exact: true })).toContainText('项目经理')
  await expect(dialog.getByLabel('规则 2 的单元格范围')).toHaveValue('C4:D5')
  await expect(dialog.getByRole('combobox', { name: '规则 2 的权限' })).toContainText('查看')
  await dialog.getByRole('button', { name: '取消' }).click()
  await expect(dialog).toBeHidden()

  // publish: V1 in the list and in the versions sheet
  await row.getByRole('button', { name: `发布 ${edited}` }).click()
  const confirmBox = page.getByRole('alertdialog')
  await expect(confirmBox).toContainText(`确定发布「${edited}」吗？`)
  await confirmBox.getByRole('button', { name: '发布' }).click()
  await expect(page.getByText(`「${edited}」已发布为 V1`).first()).toBeVisible()
  await expect(row).toContainText('已发布')
  await expect(row.getByRole('cell', { name: 'V1', exact: true })).toBeVisible()
  await row.getByRole('button', { name: `${edited} 的更多操作` }).click()
  await page.getByRole('menuitem', { name: '版本' }).click()
  const sheet = page.getByRole('dialog', { name: `版本 · ${edited}` })
  await expect(sheet.getByRole('row').filter({ hasText: 'V1' })).toBeVisible()
  const [version] = await Promise.all([page.waitForEvent('download'), sheet.getByRole('button', { name: '导出 V1（.xlsx）' }).click()])
  expect(version.suggestedFilename()).toMatch(/\.xlsx$/)
  await shot(page, 'versions')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await shot(page, 'published')

  // the draft as .xlsx
  await row.getByRole('button', { name: `${edited} 的更多操作` }).click()
  const [draft] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: '导出草稿（.xlsx）' }).click()])
  expect(draft.suggestedFilename()).toMatch(/\.xlsx$/)

  // delete the copy
  await copyRow.getByRole('button', { name: '删除', exact: true }).click()
  const del = page.getByRole('alertdialog')
  await expect(del).toContainText(`${edited} 副本`)
  await del.getByRole('button', { name: '删除' }).click()
  await expect(copyRow).toHaveCount(0)

  // a group holding templates (in a sub-group) is refused with the gateway's message; an empty one goes
  await groups.getByRole('button', { name: `分组「${top}」的操作` }).click()
  await page.getByRole('menuitem', { name: '删除' }).click()
  await expect(page.getByRole('alertdialog')).toContainText(`确定要删除分组「${top}」及其下级分组吗？`)
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click()
  await expect(page.getByText('分组或其下级分组中还有表格模板，不能删除').first()).toBeVisible()
  await shot(page, 'group-refused')
  await page.keyboard.press('Escape')
  await expect(groups.getByRole('treeitem', { name: top })).toBeVisible()
  const empty = `临时${tag}`
  await main(page).getByRole('button', { name: '新增分组' }).click()
  dialog = page.getByRole('dialog', { name: '新增顶级分组' })
  await dialog.getByLabel('分组名称').fill(empty)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  await groups.getByRole('button', { name: `分组「${empty}」的操作` }).click()
  await page.getByRole('menuitem', { name: '删除' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click()
  await expect(page.getByText('分组已删除').first()).toBeVisible()
  await expect(groups.getByRole('treeitem', { name: empty })).toHaveCount(0)
})
