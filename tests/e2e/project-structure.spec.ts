/**
 * A project's structure in Chromium against the real gateway (demo data: the railway project
 * 沪渝蓉高铁武宜段站前工程 with its sections, bridges, piers and design units):
 * - 项目容器: a subtree imported from Excel under an existing section (one bad row reported),
 *   found by search, then moved to another section with 移动到… — saved (a reload shows it there);
 * - 项目设计单元: a design unit added with mileages typed loosely (shown as DK…+….…), the form
 *   refusing end ≤ start and the gateway refusing an overlap on the same line, on the field;
 * - 设计单元's 工点: a unit's edit dialog lists the work sites placed in it, is saved, and links to
 *   工点信息 filtered to the unit (its 工点 are work sites, issue 33);
 * - screenshots at 1440×900 and 1024×768, zh and en: .tmp/shots/project-structure-*.png.
 */
import ExcelJS from 'exceljs'
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

const PROJECT = '沪渝蓉高铁武宜段站前工程'
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shots/project-structure-${name}.png` })
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 10)}`.toUpperCase()

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入模板')
  rows.forEach((r) => ws.addRow(r))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function chooseProject(page: Page, label = '项目') {
  const picker = page.getByRole('combobox', { name: label, exact: true })
  await expect(picker).toBeVisible()
  if ((await picker.textContent())?.includes(PROJECT)) return
  await picker.click()
  await page.getByRole('option', { name: new RegExp(PROJECT) }).click()
  await expect(picker).toContainText(PROJECT)
}

test('项目容器: a subtree imported from Excel, found, and moved to another section', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin', { to: '/admin/project-container' })
  await chooseProject(page)
  const tree = page.getByRole('tree', { name: '容器节点树' })
  await expect(tree.getByRole('treeitem', { name: '武宜段站前工程第一标段', exact: true })).toBeVisible()
  await expect(page).toHaveURL(/projectId=/)
  await shot(page, 'container-1440-zh')

  const t = tag()
  const bridge = `试验特大桥${t}`
  await page.getByRole('button', { name: '导入' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: '导入容器节点' })).toBeVisible()
  const file = await xlsx([
    ['*节点编码', '*节点名称', '上级编码', '*节点类型', '性质', '备注'],
    [`E2E-${t}`, bridge, 'SG-01', '桥梁', '实体', ''],
    [`E2E-${t}-0`, '0号桥台', `E2E-${t}`, '墩台', '', ''],
    [`E2E-${t}-1`, '1号墩', `E2E-${t}`, '墩台', '', ''],
    [`E2E-${t}-9`, '孤儿节点', 'NO-SUCH', '桥梁', '', '上级不存在'],
  ])
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'containers.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file })
  await dialog.getByRole('button', { name: '开始导入' }).click()
  await expect(dialog.getByText('导入完成')).toBeVisible()
  await expect(dialog.getByText('共 4 行：成功 3 行，失败 1 行')).toBeVisible()
  await dialog.getByRole('button', { name: '关闭' }).first().click()

  // search: the imported bridge under 第一标段, with its piers
  await page.getByRole('textbox', { name: '搜索名称或编码' }).fill(t)
  const row = tree.getByRole('treeitem', { name: bridge, exact: true })
  await expect(row).toBeVisible()
  await expect(row).toHaveAttribute('aria-level', '2')
  await expect(tree.getByRole('treeitem', { name: '武宜段站前工程第一标段', exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: '搜索名称或编码' }).fill('')

  // 移动到…: under 第二标段
  await row.hover()
  await row.getByRole('button', { name: '移动到…' }).click()
  const move = page.getByRole('dialog', { name: `移动“${bridge}”到…` })
  await move.getByRole('tree').getByRole('treeitem', { name: '武宜段站前工程第二标段', exact: true }).click()
  await shot(page, 'container-moveto-1440-zh')
  await move.getByRole('button', { name: '移动', exact: true }).click()
  await expect(move).toBeHidden()

  // saved: after a reload the search shows it under 第二标段, not 第一
  await page.reload()
  await page.getByRole('textbox', { name: '搜索名称或编码' }).fill(t)
  await expect(tree.getByRole('treeitem', { name: bridge, exact: true })).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: '武宜段站前工程第二标段', exact: true })).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: '武宜段站前工程第一标段', exact: true })).toHaveCount(0)
  await expect(tree.getByRole('treeitem', { name: '1号墩', exact: true })).toBeVisible()
})

test('项目设计单元: a design unit with its mileages; end ≤ start and an overlap refused on the field', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin', { to: '/admin/project-design-unit' })
  await chooseProject(page)
  await expect(page.getByRole('cell', { name: 'DK0+000.000' })).toBeVisible()
  await shot(page, 'designunit-1024-zh')

  const t = tag()
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增设计单元' })
  await form.getByRole('textbox', { name: '单元编码' }).fill(`DU-E2E-${t}`)
  await form.getByRole('textbox', { name: '单元名称' }).fill(`试验设计单元${t}`)
  await form.getByRole('combobox', { name: '线路' }).click()
  await page.getByRole('option', { name: /沪渝蓉高铁武宜段正线/ }).click()
  // overlapping DU-01 (DK0+000 – DK10+000) on the main line, and the end before the start
  await form.getByRole('textbox', { name: '起点里程' }).fill('dk5 + 100')
  await form.getByRole('textbox', { name: '终点里程' }).fill('DK5+000')
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form.getByText('终点里程须大于起点里程')).toBeVisible()
  await form.getByRole('textbox', { name: '终点里程' }).fill('DK5+600.5')
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form.getByText(/里程与同一线路上的设计单元「.+」重叠/)).toBeVisible()
  await shot(page, 'designunit-overlap-1024-zh')

  // beyond the line's units: saved, shown in chainage form
  await form.getByRole('textbox', { name: '起点里程' }).fill('dk300+100')
  await form.getByRole('textbox', { name: '终点里程' }).fill('DK301+500.5')
  // its 工点 are work sites, added in 工点信息: the form only says so
  await expect(form.getByRole('region', { name: '工点' })).toContainText('工点在“工点信息”中添加')
  await expect(form.getByRole('button', { name: '添加工点' })).toHaveCount(0)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  await page.getByRole('textbox', { name: '单元名称' }).fill(`试验设计单元${t}`)
  await page.getByRole('button', { name: '查询' }).click()
  const added = page.getByRole('row').filter({ hasText: `试验设计单元${t}` })
  await expect(added.getByRole('cell', { name: 'DK300+100.000' })).toBeVisible()
  await expect(added.getByRole('cell', { name: 'DK301+500.500' })).toBeVisible()
  await expect(added.getByRole('cell', { name: '1,400.5' })).toBeVisible()
  await expect(added.getByText(/个工点/)).toHaveCount(0)
})

test('设计单元的工点: the edit dialog lists the work sites placed in the unit, is saved, and links to 工点信息 filtered to it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin', { to: '/admin/designunit' })
  await chooseProject(page)
  // the list: how many, their names on hover (the seeded sites of DU-01, DK0 – DK10)
  const row = page.getByRole('row').filter({ hasText: '汉口路基设计单元1' })
  await expect(row.getByText(/^\d+ 个工点$/)).toHaveAttribute('title', /汉口特大桥1号工点/)

  await row.getByRole('button', { name: '编辑', exact: true }).click()
  const form = page.getByRole('dialog', { name: '编辑设计单元' })
  const sites = form.getByRole('region', { name: '工点' })
  await expect(sites.getByText('汉口特大桥1号工点', { exact: true })).toBeVisible()
  await expect(sites.getByText('DK1+200.000 ~ DK4+800.000', { exact: true })).toBeVisible()
  await expect(sites.getByText('汉口1号拌合站', { exact: true })).toBeVisible()
  await sites.scrollIntoViewIfNeeded()
  await shot(page, 'designunit-sites-1440-zh')
  // the sites are read-only here: the unit's own fields are saved as they are
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByText('提交成功').first()).toBeVisible()

  await row.getByRole('button', { name: '编辑', exact: true }).click()
  await form.getByRole('link', { name: '在“工点信息”中查看本单元的工点' }).click()
  await expect(page).toHaveURL(/\/admin\/work-site-information\?.*designUnitId=/)
  await expect(page.getByRole('button', { name: '汉口特大桥1号工点', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: '汉口1号拌合站', exact: true })).toBeVisible()
  // another unit's sites are not listed; the filter names the unit
  await expect(page.getByRole('button', { name: '东西湖路基2号工点', exact: true })).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: '设计单元' })).toContainText('汉口路基设计单元1')
  await shot(page, 'designunit-sites-worksites-1440-zh')

  // a site added here is one of the unit's 工点 at once: back on 设计单元, its row counts it
  const t = tag()
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const add = page.getByRole('dialog', { name: '新增工点' })
  await add.getByRole('textbox', { name: '工点名称' }).fill(`试验工点${t}`)
  await add.getByRole('textbox', { name: '工点编码' }).fill(`GD-E2E-${t}`)
  await add.getByRole('combobox', { name: '工点类型' }).click()
  await page.getByRole('option', { name: '桥梁', exact: true }).click()
  await add.getByRole('combobox', { name: '设计单元' }).click()
  await page.getByRole('option', { name: /^汉口路基设计单元1/ }).click()
  await add.getByRole('button', { name: '提交' }).click()
  await expect(add).toBeHidden()
  await expect(page.getByRole('button', { name: `试验工点${t}`, exact: true })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/designunit/)
  await expect(row.getByText(/^\d+ 个工点$/)).toHaveAttribute('title', new RegExp(`试验工点${t}`))
})

test('screenshots: the structure screens at 1024×768 and 1440×900, in Chinese and English', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'admin')
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') await page.getByRole('button', { name: 'English' }).click()
    for (const [w, h] of [
      [1024, 768],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto('/admin/project-container')
      await chooseProject(page, lang === 'zh' ? '项目' : 'Project')
      await expect(page.getByRole('treeitem').first()).toBeVisible()
      await shot(page, `container-${w}-${lang}`)
      for (const path of ['designunit', 'unit-engineering', 'unit-project']) {
        await page.goto(`/admin/${path}`)
        await chooseProject(page, lang === 'zh' ? '项目' : 'Project')
        await expect(page.getByRole('row').nth(1)).toBeVisible()
        await shot(page, `${path}-${w}-${lang}`)
      }
    }
  }
})

test('单位工程划分: choosing a design unit in the breakdown tree filters the unit projects', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin', { to: '/admin/unit-engineering' })
  await chooseProject(page)
  const tree = page.getByRole('tree', { name: '按设计单元划分' })
  await tree.getByRole('treeitem', { name: '汉口路基设计单元1', exact: true }).click()
  await expect(page).toHaveURL(/designUnitId=/)
  await expect(page.getByRole('cell', { name: 'DW-01', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'DW-01-2', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'DW-02', exact: true })).toHaveCount(0)
  await shot(page, 'unit-engineering-breakdown-1440-zh')
})

test('a one-project screen opened without a project opens on the first one: the URL names it before the screen is drawn, and Back leaves the screen', async ({
  page,
}) => {
  await signIn(page, 'lisite', { to: '/admin/home' })
  // each time the project picker is drawn anew: the URL's search then, and what the picker shows
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __picker: string[] }).__picker = [])
    let last: Element | null = null
    new MutationObserver(() => {
      const picker = document.querySelector('[aria-label="项目"]')
      if (picker && picker !== last) {
        last = picker
        seen.push(`${location.search} ${picker.textContent}`)
      }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/admin/project-worksite-information')
  await expect(page.getByRole('button', { name: '汉口特大桥1号工点', exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/project-worksite-information\?projectId=/)
  await expect(page.getByRole('combobox', { name: '项目', exact: true })).toContainText(PROJECT)
  // drawn on its project from the start: never first without one, then moved to it
  const seen = await page.evaluate(() => (window as unknown as { __picker: string[] }).__picker)
  expect(seen.length).toBeGreaterThan(0)
  for (const s of seen) expect(s).toMatch(/^\?projectId=\S+ .*沪渝蓉高铁武宜段站前工程/)
  // the URL was replaced, not pushed: Back goes to the page before
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/home$/)
})
