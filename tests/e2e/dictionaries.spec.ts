/**
 * Engineering dictionaries in Chromium against the real gateway (demo data: majors, an EBS standard
 * per major, a WBS, a quantity dictionary, a few WBS–EBS links):
 * - EBS管理: a 5,000-node EBS imported from Excel (one bad row reported), a subtree moved by
 *   移动到… and another by a mouse drag — both saved (a reload shows them there);
 * - WBS-EBS关联配置: a WBS node chosen on the left, EBS nodes ticked on the right, saved (a reload
 *   shows them ticked);
 * - offline: the WBS dictionary opened online still shows after the gateway is gone and the page
 *   reloads, with when it was fetched;
 * - screenshots at 1024×768 in zh and en: .tmp/shots/dictionaries-*.png.
 */
import ExcelJS from 'exceljs'
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'
import { onOwnGateway } from './offline-helpers'

const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shots/dictionaries-${name}.png` })
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 10)}`.toUpperCase()

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入模板')
  rows.forEach((r) => ws.addRow(r))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

for (const [path, name] of [
  ['/admin/ebs-management', 'EBS'],
  ['/admin/wbs-management', 'WBS'],
  ['/admin/account-quantity-management', '工程量'],
] as const) {
  test(`${name}: a node added through the form and edited through it is saved (the nodeName field does not break the form)`, async ({
    page,
  }) => {
    await signIn(page, 'admin')
    await page.goto(path)
    const tree = page.getByRole('tree', { name: `${name}字典树` })
    await expect(tree).toBeVisible()
    const t = tag()
    const saved = page.waitForResponse((r) => r.url().includes('/add') && r.request().method() === 'POST')
    await page.getByRole('button', { name: '新增顶级节点' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: '名称', exact: true }).fill(`表单节点${t}`)
    await dialog.getByRole('textbox', { name: '编码', exact: true }).fill(`FORM-${t}`)
    await dialog.getByRole('button', { name: '提交' }).click()
    expect((await (await saved).json()).code).toBe(10000)
    await expect(dialog).toBeHidden()
    expect(page.url()).not.toContain('nodeName=')
    await page.getByRole('textbox', { name: '搜索名称或编码' }).fill(`FORM-${t}`)
    await expect(tree.getByRole('treeitem', { name: `表单节点${t}` })).toBeVisible()

    await tree.getByRole('button', { name: `编辑 表单节点${t}` }).click()
    await dialog.getByRole('textbox', { name: '名称', exact: true }).fill(`已改节点${t}`)
    await dialog.getByRole('button', { name: '提交' }).click()
    await expect(dialog).toBeHidden()
    await page.reload()
    await page.getByRole('textbox', { name: '搜索名称或编码' }).fill(`FORM-${t}`)
    await expect(tree.getByRole('treeitem', { name: `已改节点${t}` })).toBeVisible()
    expect(page.url()).not.toContain('nodeName=')
  })
}

test('工程专业: a major added and edited through its dialog, then offered by the EBS node form', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/ebs-management' })
  const t = tag()
  await page.getByRole('button', { name: '专业管理' }).click()
  const majors = page.getByRole('dialog', { name: '工程专业' })
  await majors.getByRole('button', { name: '新增专业' }).click()
  const add = page.getByRole('dialog', { name: '新增专业' })
  await add.getByLabel('专业名称').fill(`测试专业${t}`)
  await add.getByLabel('专业编码').fill(`MJ-${t}`)
  await add.getByRole('button', { name: '提交' }).click()
  await expect(add).toBeHidden()
  await majors.getByRole('button', { name: `编辑 测试专业${t}` }).click()
  const edit = page.getByRole('dialog', { name: '编辑专业' })
  await edit.getByLabel('专业名称').fill(`已改专业${t}`)
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()
  await expect(majors.getByText(`已改专业${t}`, { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(majors).toBeHidden()

  await page.getByRole('button', { name: '新增顶级节点' }).click()
  await page.getByRole('dialog').getByRole('combobox', { name: '专业' }).click()
  await expect(page.getByRole('option', { name: `已改专业${t}（MJ-${t}）` })).toBeVisible()
})

test('EBS管理: 5,000 nodes imported from Excel, a subtree moved by 移动到… and one by drag', async ({ page }) => {
  test.setTimeout(1_200_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin', { to: '/admin/ebs-management' })
  const tree = page.getByRole('tree', { name: 'EBS字典树' })
  await expect(tree.getByRole('treeitem', { name: '桥梁工程', exact: true })).toBeVisible()

  // 5,000 nodes: a root, 50 groups under it, 99 leaves under each but the last; plus one row whose parent is unknown
  const t = tag()
  const root = `E5K-${t}`
  const rows: unknown[][] = [['*编码', '*名称', '上级编码', '计量单位', '专业编码', '状态', '描述']]
  rows.push([root, `五千节点${t}`, '', '', 'BRIDGE', '启用', ''])
  for (let g = 1; g <= 50; g++) {
    const group = `${root}-G${String(g).padStart(2, '0')}`
    rows.push([group, `分组${t}-${g}`, root, '', '', '', ''])
    for (let k = 1; k <= (g === 50 ? 98 : 99); k++) rows.push([`${group}-${k}`, `构件${g}-${k}`, group, 'm³', '', '', ''])
  }
  rows.push([`${root}-X`, '孤儿节点', 'NO-SUCH', '', '', '', ''])
  expect(rows.length - 1).toBe(5001)

  await page.getByRole('button', { name: '导入' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'ebs.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx(rows),
  })
  await dialog.getByRole('button', { name: '开始导入' }).click()
  await expect(dialog.getByText('导入完成')).toBeVisible({ timeout: 1_000_000 })
  await expect(dialog.getByText('共 5001 行：成功 5000 行，失败 1 行')).toBeVisible()
  await dialog.getByRole('button', { name: '关闭' }).first().click()
  await expect(page.getByText(/共 \d+ 个节点/)).toHaveText(/共 50\d\d 个节点/)

  // search keeps the ancestors: a leaf shows under its group and the root
  const search = page.getByRole('textbox', { name: '搜索名称或编码' })
  await search.fill(`${root}-G07-5`)
  await expect(tree.getByRole('treeitem', { name: '构件7-5', exact: true })).toHaveAttribute('aria-level', '3')
  await expect(tree.getByRole('treeitem', { name: `五千节点${t}`, exact: true })).toBeVisible()
  await shot(page, 'ebs-search-1440-zh')

  // moves are made on the whole tree (not while searching): all collapsed, then the imported root opened
  await search.fill('')
  await page.getByRole('button', { name: '全部收起' }).click()
  const rootRow = tree.getByRole('treeitem', { name: `五千节点${t}`, exact: true })
  await rootRow.getByRole('button', { name: '展开' }).click()

  // 移动到…: group 2 under group 1
  const g2 = tree.getByRole('treeitem', { name: `分组${t}-2`, exact: true })
  await g2.hover()
  await g2.getByRole('button', { name: '移动到…' }).click()
  const move = page.getByRole('dialog', { name: `移动“分组${t}-2”到…` })
  await move
    .getByRole('tree')
    .getByRole('treeitem', { name: `分组${t}-1`, exact: true })
    .click()
  await move.getByRole('button', { name: '移动', exact: true }).click()
  // the dialog stays (busy) until the move is saved and the 5,000-node tree fetched again
  await expect(move).toBeHidden({ timeout: 60_000 })
  await expect(g2).toHaveAttribute('aria-level', '3', { timeout: 30_000 })

  // drag: group 4 dropped onto the middle of group 3 (inside it)
  await page.getByRole('button', { name: '全部收起' }).click()
  await rootRow.getByRole('button', { name: '展开' }).click()
  const g3 = tree.getByRole('treeitem', { name: `分组${t}-3`, exact: true })
  const g4 = tree.getByRole('treeitem', { name: `分组${t}-4`, exact: true })
  await expect(g4).toBeVisible({ timeout: 30_000 })
  const moved = page.waitForResponse((r) => r.url().includes('/api/admin/v1/ebs/move'))
  await g4.dragTo(g3, { targetPosition: { x: 60, y: 20 } })
  expect((await (await moved).json()) as { code: number }).toMatchObject({ code: 10000 })
  await shot(page, 'ebs-moved-1440-zh')

  // saved: after a reload both groups sit one level deeper
  await page.reload()
  await search.fill(`分组${t}-`)
  await expect(tree.getByRole('treeitem', { name: `分组${t}-2`, exact: true })).toHaveAttribute('aria-level', '3')
  await expect(tree.getByRole('treeitem', { name: `分组${t}-4`, exact: true })).toHaveAttribute('aria-level', '3')
  await expect(tree.getByRole('treeitem', { name: `分组${t}-5`, exact: true })).toHaveAttribute('aria-level', '2')
})

test('WBS-EBS关联配置: a WBS node linked to EBS nodes, kept after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin', { to: '/admin/wbs-ebs-rel-configuration' })
  const wbs = page.getByRole('tree', { name: 'WBS 字典树' })
  const ebs = page.getByRole('tree', { name: 'EBS 字典树' })
  await expect(page.getByText('请先在左侧选择一个 WBS 节点')).toBeVisible()
  const wbsSearch = page.getByRole('textbox', { name: 'WBS 搜索名称或编码' })
  const ebsSearch = page.getByRole('textbox', { name: 'EBS 搜索名称或编码' })
  await wbsSearch.fill('墩身浇筑')
  await ebsSearch.fill('EBS-QL')
  await wbs.getByRole('treeitem', { name: '墩身浇筑', exact: true }).click()
  await expect(page.getByTestId('rel-count')).toHaveText('已关联 0 个 EBS 节点')
  await ebs.getByRole('checkbox', { name: '墩身', exact: true }).click()
  await ebs.getByRole('checkbox', { name: '桥台', exact: true }).click()
  await expect(page.getByTestId('rel-count')).toHaveText('已关联 2 个 EBS 节点')
  await shot(page, 'rel-1440-zh')
  await page.getByRole('button', { name: '保存关联' }).click()
  await expect(page.getByText('已保存：“墩身浇筑”关联 2 个 EBS 节点')).toBeVisible()

  await page.reload()
  await wbsSearch.fill('墩身浇筑')
  await ebsSearch.fill('EBS-QL')
  await wbs.getByRole('treeitem', { name: '墩身浇筑', exact: true }).click()
  await expect(page.getByTestId('rel-count')).toHaveText('已关联 2 个 EBS 节点')
  await expect(ebs.getByRole('checkbox', { name: '墩身', exact: true })).toBeChecked()
  await expect(ebs.getByRole('checkbox', { name: '桥台', exact: true })).toBeChecked()
  await expect(ebs.getByRole('checkbox', { name: '箱梁', exact: true })).not.toBeChecked()
  // the seeded links of another WBS node are its own
  await wbsSearch.fill('箱梁架设')
  await wbs.getByRole('treeitem', { name: '箱梁架设', exact: true }).click()
  await expect(page.getByTestId('rel-count')).toHaveText('已关联 2 个 EBS 节点')
  await expect(ebs.getByRole('checkbox', { name: '箱梁', exact: true })).toBeChecked()
})

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the WBS dictionary reads offline from the service worker cache, with when it was fetched', async ({ browser }) => {
    await onOwnGateway(browser, async (page, gateway) => {
      await page.goto('/admin/wbs-management')
      const tree = page.getByRole('tree', { name: 'WBS字典树' })
      await expect(tree.getByRole('treeitem', { name: '桥梁单位工程', exact: true })).toBeVisible()
      await page.reload()
      await expect(tree.getByRole('treeitem', { name: '桥梁单位工程', exact: true })).toBeVisible()

      await gateway.kill()
      const answered = page.waitForResponse((r) => r.url().includes('/api/admin/v1/wbs/listTree'))
      await page.reload()
      expect((await answered).fromServiceWorker()).toBe(true)
      await expect(tree.getByRole('treeitem', { name: '桥梁单位工程', exact: true })).toBeVisible()
      await expect(page.getByTestId('data-age')).toHaveText(/^数据更新于 \d{2}:\d{2}$/)
      await page.setViewportSize({ width: 1024, height: 768 })
      await shot(page, 'wbs-offline-1024-zh')
    })
  })
})

test('screenshots: the dictionary screens at 1024×768, in Chinese and English', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin')
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') await page.getByRole('button', { name: 'English' }).click()
    for (const path of ['ebs-management', 'wbs-management', 'account-quantity-management', 'wbs-ebs-rel-configuration']) {
      await page.goto(`/admin/${path}`)
      await expect(page.getByRole('treeitem').first()).toBeVisible()
      await shot(page, `${path}-1024-${lang}`)
    }
  }
})

test('EBS管理: a subtree copied beside itself with a code suffix (复制子树); 工程量: nodes copied from the EBS standard (从标准复制)', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: '/admin/ebs-management' })
  const tree = page.getByRole('tree', { name: 'EBS字典树' })
  await expect(tree).toBeVisible()
  const t = tag()
  await page.getByRole('button', { name: '新增顶级节点' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: '名称', exact: true }).fill(`复制源${t}`)
  await dialog.getByRole('textbox', { name: '编码', exact: true }).fill(`CP-${t}`)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  const search = page.getByRole('textbox', { name: '搜索名称或编码' })
  await search.fill(`CP-${t}`)
  await tree.getByRole('button', { name: `复制子树 复制源${t}` }).click()
  const copy = page.getByRole('dialog', { name: `复制“复制源${t}”及其下级节点` })
  await copy.getByRole('textbox', { name: '编码后缀' }).fill('-B')
  await copy.locator('button[type="submit"]').click()
  await expect(page.getByText('已复制 1 个节点').first()).toBeVisible()
  await expect(copy).toBeHidden()
  await search.fill(`CP-${t}-B`)
  await expect(tree.getByRole('treeitem', { name: `复制源${t}` })).toHaveCount(1)

  await page.goto('/admin/account-quantity-management')
  const quantities = page.getByRole('tree', { name: '工程量字典树' })
  await expect(quantities).toBeVisible()
  await page.getByRole('button', { name: '从标准复制' }).click()
  const standard = page.getByRole('dialog', { name: '从 EBS 标准复制' })
  await standard.getByRole('combobox', { name: '专业' }).click()
  await page.getByRole('option').first().click()
  const first = standard.getByRole('treeitem').first()
  await expect(first).toBeVisible()
  await first.click()
  await expect(first).toHaveAttribute('aria-checked', 'true')
  await standard.getByRole('button', { name: '复制', exact: true }).click()
  await expect(page.getByText(/^已复制 \d+ 个节点$/).first()).toBeVisible()
  await expect(standard).toBeHidden()
})
