/**
 * The initialisation wizard in Chromium against the real gateway (demo data):
 * - 项目数据初始化 from the template project 沪渝蓉高铁武宜段站前工程: source → basic data →
 *   a clean report → created with progress → done, and the new project opens in 项目信息;
 * - 项目初始化 from a workbook with errors: the per-sheet, per-row report is shown and nothing can
 *   be created; the corrected workbook uploaded again on the same run is created; a run left half
 *   way is listed to resume after a reload.
 * Screenshots at 1024×768 (zh) and 1440×900 (en): .tmp/shots/project-init-*.png.
 */
import ExcelJS from 'exceljs'
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

const TEMPLATE = '沪渝蓉高铁武宜段站前工程'
const OWNER = '中国铁路华东投资集团有限公司'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shots/project-init-${name}.png` })
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 10)}`.toUpperCase()

async function book(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name)
    rows.forEach((r) => ws.addRow(r))
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

const sheets = (bad: boolean): Record<string, unknown[][]> => ({
  参建单位: [
    ['*单位名称', '*参建类型'],
    ['中铁远景勘察设计院有限公司', '设计'],
  ],
  线路: [['*线路编码', '*线路名称', '*线路类型'], ['ZX', '正线', '正线'], ...(bad ? [['ZX', '正线二', '正线']] : [])],
  项目容器: [
    ['*节点编码', '*节点名称', '上级编码', '*节点类型', '性质'],
    ['S1', '第一标段', '', '标段', '虚拟'],
    ['S1-B', '试验特大桥', bad ? 'S9' : 'S1', '桥梁', '实体'],
  ],
  设计单元: [
    ['*设计单元编码', '*设计单元名称', '*线路编码', '*起点里程', '*终点里程', '所属容器编码'],
    ['DU1', '试验特大桥', 'ZX', 'DK1+000', 'DK2+500', 'S1-B'],
  ],
})

async function basicData(page: Page, name: string, code: string) {
  await page.getByLabel('项目名称').fill(name)
  await page.getByLabel('项目编码').fill(code)
  await page.getByRole('combobox', { name: /建设单位/ }).click()
  await page.getByRole('option', { name: OWNER }).click()
}

test('项目数据初始化: a project from a template project', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin', { to: '/admin/project-initialization' })
  await expect(page.getByRole('heading', { name: '项目数据初始化', level: 1 })).toBeVisible()
  await page.getByTestId('init-new').click()
  await expect(page).toHaveURL(/runId=/)
  await page.getByRole('radio', { name: /从模板项目/ }).click()
  const picker = page.getByRole('combobox', { name: '项目', exact: true })
  await picker.click()
  await page.getByRole('option', { name: new RegExp(TEMPLATE) }).click()
  await expect(picker).toContainText(TEMPLATE)
  await shot(page, 'source-1024-zh')
  await page.getByTestId('init-next').click()

  const t = tag()
  const name = `模板复制项目${t}`
  await expect(page.getByRole('heading', { name: '新项目的基本信息' })).toBeVisible()
  await basicData(page, name, `TPL-${t}`)
  await shot(page, 'basic-1024-zh')
  await page.getByTestId('init-validate').click()
  await expect(page.getByTestId('init-report-summary')).toHaveText('全部数据校验通过，可以创建')
  await expect(page.getByTestId('init-report').locator('[data-sheet=container]')).toContainText('无问题')
  await shot(page, 'report-ok-1024-zh')
  await page.getByTestId('init-create').click()
  await expect(page.getByTestId('init-done')).toBeVisible({ timeout: 90_000 })
  await expect(page.getByTestId('init-done')).toContainText(name)
  await shot(page, 'done-1024-zh')
  // 再建一个: a new run at its first step, not the list of runs
  const finished = new URL(page.url()).searchParams.get('runId')
  await page.getByRole('button', { name: '再建一个' }).click()
  await expect(page.getByRole('radio', { name: /从模板项目/ })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('runId')).not.toBe(finished)
  await expect(page.getByTestId('init-runs')).toHaveCount(0)
  await page.goBack()
  await expect(page.getByTestId('init-done')).toBeVisible()
  await page.getByRole('link', { name: '查看项目' }).click()
  await expect(page).toHaveURL(/\/admin\/project-information\?projectId=/)
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  // the template's structure came along: its first section in 项目容器
  await page.goto(`/admin/project-container?${new URL(page.url()).searchParams.toString()}`)
  await expect(
    page.getByRole('tree', { name: '容器节点树' }).getByRole('treeitem', { name: '武宜段站前工程第一标段', exact: true }),
  ).toBeVisible()
})

test('项目初始化: a workbook with errors (report), then corrected; a run resumes after a reload', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin', { to: '/admin/project-initial' })
  await page.getByTestId('init-new').click()
  await page.getByRole('radio', { name: /从 Excel 工作簿/ }).click()
  await page.getByTestId('init-file').setInputFiles({ name: '初始化.xlsx', mimeType: XLSX, buffer: await book(sheets(true)) })
  await expect(page.getByTestId('init-uploaded')).toContainText('初始化.xlsx')
  await page.getByTestId('init-next').click()
  const t = tag()
  const name = `工作簿项目${t}`
  await basicData(page, name, `WB-${t}`)
  await page.getByTestId('init-validate').click()

  // the report: per sheet, per row, on the column
  await expect(page.getByTestId('init-report-summary')).toHaveText('发现 2 个问题，请修改后重新上传或返回修改')
  const lines = page.getByTestId('init-report').locator('[data-sheet=line]')
  await expect(lines.getByRole('row').filter({ hasText: '存在重复项：ZX' })).toContainText('线路编码')
  const containers = page.getByTestId('init-report').locator('[data-sheet=container]')
  await expect(containers.getByRole('row').filter({ hasText: '上级编码须为靠前的行或项目中已有的节点' })).toContainText('3')
  await expect(page.getByTestId('init-create')).toBeDisabled()
  await shot(page, 'report-errors-1024-zh')

  // left half way: after a reload the run is listed, and resumes at its report
  await page.goto('/admin/project-initial')
  const listed = page.getByTestId('init-runs').getByRole('listitem').filter({ hasText: name })
  await expect(listed).toContainText('第 3 步')
  await shot(page, 'runs-1024-zh')
  await listed.getByRole('button', { name: '继续' }).click()
  await expect(page.getByTestId('init-report-summary')).toContainText('发现 2 个问题')

  // English at 1440: the same report
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByTestId('init-report-summary')).toHaveText('2 problems found: fix them and upload again, or go back')
  await expect(lines).toContainText('Repeated item: ZX')
  await shot(page, 'report-errors-1440-en')
  await page.getByRole('button', { name: '中文' }).click()
  await page.setViewportSize({ width: 1024, height: 768 })

  // the corrected workbook, uploaded again on the report
  await page.getByTestId('init-file').setInputFiles({ name: '初始化-修正.xlsx', mimeType: XLSX, buffer: await book(sheets(false)) })
  await expect(page.getByTestId('init-report-summary')).toHaveText('全部数据校验通过，可以创建')
  await page.getByTestId('init-create').click()
  await expect(page.getByTestId('init-done')).toBeVisible({ timeout: 60_000 })
  await page.getByRole('link', { name: '查看项目' }).click()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  // its participating units are on 项目, where the figure of 项目信息 leads
  await page.getByRole('link', { name: /^参建单位 \d+$/ }).click()
  await expect(page.getByRole('row').filter({ hasText: '中铁远景勘察设计院有限公司' })).toContainText('设计')
  // a finished run is no longer offered
  await page.goto('/admin/project-initial')
  await expect(page.getByTestId('init-runs').getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
})
