/**
 * The template designer (/admin/table-manage/design/$id) at 1024×768 in zh: on a new template, type
 * a title and a table, merge the title across, bold it, give the table borders, mark three fill-in
 * cells (a number with one decimal, required; a choice; a date), insert a row above them (the
 * fill-in cells move with it), save, reload: values, merges, styles and fill-in cells are back as
 * saved — in the editor and in the gateway's sheet; publish makes V1.
 * Screenshot: .tmp/shots/tabulation-designer-1024.png.
 */
import { expect, test, type Page } from './fixtures'
import { api } from './offline-helpers'
import { signIn } from './helpers'

interface Template {
  tabTemplateId: string
  version: number
}
interface Detail extends Template {
  currentVersionNo: number
  sheet: {
    rows: number
    cells: Record<string, { v?: unknown; f?: string; s?: Record<string, unknown> }>
    merges: string[]
    fillIns: Record<string, { kind: string; required: boolean; label: string; precision?: number; options?: string[] }>
  }
}

const cell = (page: Page, address: string) => {
  const m = /^([A-Z])(\d+)$/.exec(address)!
  return page.locator(`[data-testid="sheet-editor"] td[data-x="${m[1]!.charCodeAt(0) - 65}"][data-y="${Number(m[2]) - 1}"]`)
}
/** Types into a cell as a user with an input method does: open the cell's editor (double click), type, Enter. */
const type = async (page: Page, address: string, text: string) => {
  await cell(page, address).dblclick()
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
}
const select = async (page: Page, from: string, to: string) => {
  await cell(page, from).click()
  await cell(page, to).click({ modifiers: ['Shift'] })
  await expect(page.getByTestId('designer-selection')).toHaveText(from === to ? from : `${from}:${to}`)
}

test('design a template: values, merge, styles, fill-in cells, a row inserted; saved, reloaded, published', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  const c = await api(baseURL!)
  const groups = (await c.call<{ tabGroupId: string; groupName: string }[]>('GET', '/api/admin/v1/tabGroup/listTree')).body.data
  const code = `E2E-${Date.now() % 1_000_000}`
  const added = await c.call<Template>('POST', '/api/admin/v1/tabulation/add', {
    json: { tabGroupId: groups[0]!.tabGroupId, name: `混凝土浇筑记录${code}`, code },
    idempotencyKey: crypto.randomUUID(),
  })
  expect(added.body.code, JSON.stringify(added.body)).toBe(10000)
  const id = added.body.data.tabTemplateId
  const detail = async () => (await c.call<Detail>('GET', '/api/admin/v1/tabulation/detail', { query: { tabTemplateId: id } })).body.data

  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin', { to: `/admin/table-manage/design/${id}` })
  await expect(page.getByRole('heading', { name: `混凝土浇筑记录${code}` })).toBeVisible()
  await expect(page.getByTestId('sheet-editor').locator('td[data-x="0"][data-y="0"]')).toBeVisible()

  await type(page, 'A1', '混凝土浇筑记录')
  await type(page, 'A3', '坍落度(mm)')
  await type(page, 'A4', '浇筑部位')
  await type(page, 'A5', '浇筑日期')
  await type(page, 'B2', '180')
  await select(page, 'A1', 'D1')
  page.once('dialog', (d) => void d.accept())
  await page.getByRole('button', { name: '合并单元格' }).click()
  await expect(cell(page, 'A1')).toHaveAttribute('colspan', '4')
  await page.getByRole('button', { name: '加粗' }).click()
  await select(page, 'A3', 'B5')
  await page.getByRole('button', { name: '边框' }).click()

  // three fill-in cells: a required number with one decimal, a choice, a date
  const panel = page.getByLabel('填报单元格', { exact: true })
  await select(page, 'B3', 'B3')
  await panel.getByRole('button', { name: '设为填报单元格（1）' }).click()
  await panel.getByLabel('标签').fill('坍落度实测值')
  await panel.getByLabel('类型').click()
  await page.getByRole('option', { name: '数字' }).click()
  await panel.getByLabel('小数位数').fill('1')
  await panel.getByText('必填').click()
  await select(page, 'B4', 'B4')
  await panel.getByRole('button', { name: '设为填报单元格（1）' }).click()
  await panel.getByLabel('标签').fill('浇筑部位')
  await panel.getByLabel('类型').click()
  await page.getByRole('option', { name: '选项' }).click()
  await panel.getByLabel('选项（每行一个）').fill('基础\n主体\n屋面')
  await select(page, 'B5', 'B5')
  await panel.getByRole('button', { name: '设为填报单元格（1）' }).click()
  await panel.getByLabel('类型').click()
  await page.getByRole('option', { name: '日期' }).click()
  await expect(page.getByTestId('fill-in-count')).toHaveText('共 3 个')

  // a row inserted above the table moves the fill-in cells with it
  await cell(page, 'A3').click({ button: 'right' })
  await page.getByText('在上方插入行').click()
  await expect(cell(page, 'A4')).toHaveText('坍落度(mm)')
  await page.screenshot({ path: '.tmp/shots/tabulation-designer-1024.png' })

  await page.getByRole('button', { name: '保存草稿' }).click()
  await expect(page.getByText('保存成功').or(page.getByText('已保存')).first()).toBeVisible()
  const saved = await detail()
  expect(saved.sheet.merges).toEqual(['A1:D1'])
  expect(saved.sheet.cells.A1).toMatchObject({ v: '混凝土浇筑记录', s: { b: true } })
  expect(saved.sheet.cells.B2).toEqual({ v: 180 })
  expect(saved.sheet.cells.A4).toMatchObject({ v: '坍落度(mm)', s: { border: { t: 'thin', r: 'thin', b: 'thin', l: 'thin' } } })
  expect(saved.sheet.fillIns).toEqual({
    B4: { kind: 'number', precision: 1, required: true, label: '坍落度实测值' },
    B5: { kind: 'choice', options: ['基础', '主体', '屋面'], required: false, label: '浇筑部位' },
    B6: { kind: 'date', required: false, label: 'B5' },
  })

  // reloaded: the editor shows what was saved
  await page.reload()
  await expect(cell(page, 'A1')).toHaveAttribute('colspan', '4')
  await expect(cell(page, 'A1')).toHaveText('混凝土浇筑记录')
  await expect(cell(page, 'B4')).toHaveClass(/tab-fill-in/)
  await select(page, 'B5', 'B5')
  await expect(panel.getByLabel('标签')).toHaveValue('浇筑部位')

  // publish: V1
  await page.getByRole('button', { name: '发布', exact: true }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /确定|发布/ })
    .click()
  await expect(page.getByText('已发布 V1')).toBeVisible()
  expect((await detail()).currentVersionNo).toBe(1)
})
