/**
 * Projects (issue 11 part A) in a real browser on the demo world: the overview, creating a project
 * and opening it, a participating unit, a line, a project organisation with a department; lisite
 * (a registered account in one project department) sees only her project. Screenshots of the
 * screens at 1024×768 and 1440×900, zh and en: .tmp/shots/projects-*.png.
 */
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

const stamp = () => Date.now().toString(36)
const SIZES = [
  [1024, 768],
  [1440, 900],
] as const

async function shots(page: Page, name: string) {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h })
    await page.waitForTimeout(150)
    await page.screenshot({ path: `.tmp/shots/projects-${name}-${w}.png` })
  }
}

test('a project created and opened; a participating unit, a line, an organisation and its department added', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/project-manage' })
  await expect(page.getByRole('heading', { name: '项目总览', level: 1 })).toBeVisible()
  const seeded = page.getByRole('row').filter({ hasText: '沪渝蓉高铁武宜段站前工程' })
  await expect(seeded).toBeVisible()
  await expect(seeded.getByText('在建')).toBeVisible()
  await shots(page, 'manage-zh')

  // filters live in the URL
  await page.getByRole('combobox', { name: '状态' }).click()
  await page.getByRole('option', { name: '筹备', exact: true }).click()
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page).toHaveURL(/status=preparing/)
  await expect(page.getByRole('row').filter({ hasText: '合新高铁站前工程' })).toBeVisible()
  await expect(seeded).toBeHidden()
  await page.goto('/admin/project-manage')

  const code = `E2E-${stamp()}`
  const name = `测试城际铁路${stamp()}`
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增项目' })
  await form.getByLabel('项目名称').fill(name)
  await form.getByLabel('项目编码').fill('bad code')
  await form.getByRole('combobox', { name: /建设单位/ }).click()
  await page.getByRole('option', { name: '中国铁路华东投资集团有限公司' }).click()
  await form.getByLabel('开工日期').fill('2026-03-01')
  await form.getByLabel('竣工日期').fill('2025-03-01')
  await form.getByRole('button', { name: '提交' }).click()
  await expect(
    form
      .getByText(/编码/)
      .filter({ hasText: /字母|格式|编码/ })
      .first(),
  ).toBeVisible()
  await form.getByLabel('项目编码').fill(code)
  await form.getByLabel('竣工日期').fill('2028-12-31')
  await form.getByRole('button', { name: '提交' }).click()
  // the new project opens in 项目信息
  await expect(page).toHaveURL(/\/admin\/project-information\?projectId=/)
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  // its participating units are 项目's: the figure leads there (the builder unit came with the project)
  // the figure is a link named by its label: 参建单位 1
  const unitFigure = page.getByRole('link', { name: /^参建单位 \d+$/ })
  await expect(unitFigure).toHaveText('1')
  await unitFigure.click()
  await expect(page).toHaveURL(/\/admin\/project\?projectId=/)
  const units = page.getByRole('table').last()
  await expect(units.getByRole('row').filter({ hasText: '中国铁路华东投资集团有限公司' })).toContainText('建设')

  // a participating unit
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const unitForm = page.getByRole('dialog', { name: '新增参建单位' })
  await unitForm.getByRole('combobox', { name: /参建类型/ }).click()
  await page.getByRole('option', { name: '施工', exact: true }).click()
  await unitForm.getByRole('combobox', { name: /^\*?单位$/ }).click()
  await page.getByRole('option', { name: '中交瀚海工程局有限公司', exact: true }).click()
  await unitForm.getByLabel('单位编码').fill('SG-01')
  await unitForm.getByLabel('联系人').fill('王工')
  await unitForm.getByLabel('联系电话').fill('13912345678')
  await unitForm.getByRole('button', { name: '提交' }).click()
  await expect(unitForm).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: '中交瀚海工程局有限公司' })).toContainText('13912345678')
  await expect(page.getByText('参建单位').first()).toBeVisible()

  // 项目配置 of the same project: a line
  const projectId = new URL(page.url()).searchParams.get('projectId')!
  await page.goto(`/admin/project-configuration?projectId=${projectId}`)
  await expect(page.getByRole('heading', { name: '项目配置', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const lineForm = page.getByRole('dialog', { name: '新增线路' })
  await lineForm.getByLabel('线路编码').fill('ZX')
  await lineForm.getByLabel('线路名称').fill('城际正线')
  await lineForm.getByLabel('长度（km）').fill('56.8')
  await lineForm.getByRole('button', { name: '提交' }).click()
  await expect(lineForm).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: '城际正线' })).toContainText('正线')
  // a second line with the same code: 20006 on the form
  await page.getByRole('button', { name: '新增', exact: true }).click()
  await lineForm.getByLabel('线路编码').fill('zx')
  await lineForm.getByLabel('线路名称').fill('城际正线二')
  await lineForm.getByRole('button', { name: '提交' }).click()
  await expect(lineForm.getByText('本项目已有该线路编码')).toBeVisible()
  await lineForm.getByRole('button', { name: '取消' }).click()

  // a project organisation and a department in its tree
  await page.getByRole('tab', { name: '项目组织' }).click()
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const orgForm = page.getByRole('dialog', { name: '新增项目组织' })
  await orgForm.getByLabel('组织名称').fill('城际铁路项目经理部')
  await orgForm.getByRole('button', { name: '提交' }).click()
  await expect(orgForm).toBeHidden()
  await expect(page.getByText('部门 · 城际铁路项目经理部')).toBeVisible()
  await page.getByRole('button', { name: '新增一级部门' }).click()
  const deptForm = page.getByRole('dialog', { name: '新增项目部门' })
  await deptForm.getByLabel('部门名称').fill('工程管理部')
  await deptForm.getByRole('button', { name: '提交' }).click()
  await expect(deptForm).toBeHidden()
  await expect(page.getByRole('tree', { name: '部门树' }).getByRole('treeitem', { name: /工程管理部/ })).toBeVisible()

  // the overview counts it
  await page.goto(`/admin/project-manage?keyword=${code}`)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('2 · ')
  await expect(row).toContainText('中交瀚海工程局有限公司')
  await expect(row.getByRole('cell').nth(4)).toHaveText('1')
})

/** The demo project in the screen's picker (other tests add projects, and the newest comes first). */
async function pickDemoProject(page: Page) {
  await page.getByRole('combobox', { name: /^(项目|Project)$/ }).click()
  await page.getByRole('option', { name: /沪渝蓉高铁武宜段站前工程/ }).click()
  await expect(page.getByRole('heading', { name: '沪渝蓉高铁武宜段站前工程', level: 2 })).toBeVisible()
  return new URL(page.url()).searchParams.get('projectId')
}

test('screenshots of the project screens at 1024×768 and 1440×900, zh and en', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/project-information' })
  const projectId = await pickDemoProject(page)
  // 项目信息 is the project's record; its figures lead to 项目, where its units and lines are
  await expect(page.getByRole('row')).toHaveCount(0)
  await shots(page, 'information-zh')
  const unitFigure = page.getByRole('link', { name: /^参建单位 \d+$/ })
  await expect(unitFigure).toHaveText(/^[1-9]\d*$/)
  await unitFigure.click()
  await expect(page).toHaveURL(new RegExp(`/admin/project\\?projectId=${projectId}`))
  await expect(page.getByRole('heading', { name: '项目', level: 1 })).toBeVisible()
  await expect(page.getByRole('tab', { name: '参建单位', selected: true })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: '中铁远景勘察设计院有限公司' })).toBeVisible()
  await shots(page, 'project-units-zh')
  await page.getByRole('tab', { name: '线路' }).click()
  await expect(page.getByRole('row').filter({ hasText: '沪渝蓉高铁武宜段正线' })).toBeVisible()
  await page.goto(`/admin/project-configuration?projectId=${projectId}`)
  await expect(page.getByRole('row').filter({ hasText: '沪渝蓉高铁武宜段正线' })).toBeVisible()
  await shots(page, 'configuration-lines-zh')
  await page.getByRole('tab', { name: '项目组织' }).click()
  await expect(page.getByRole('treeitem', { name: /工程技术部/ })).toBeVisible()
  // SPEC §9: the project organisations open with 15 a page, and 15 is among the sizes offered
  await expect(page.getByRole('combobox', { name: '每页条数' })).toHaveText('15 条/页')
  await page.getByRole('combobox', { name: '每页条数' }).click()
  await expect(page.getByRole('option')).toHaveText(['10 条/页', '15 条/页', '20 条/页', '50 条/页', '100 条/页'])
  await page.keyboard.press('Escape')
  await shots(page, 'configuration-orgs-zh')

  await page.getByRole('button', { name: 'English' }).click()
  await page.goto('/admin/project-manage')
  await expect(page.getByRole('heading', { name: 'Project overview', level: 1 })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: '沪渝蓉高铁武宜段站前工程' }).getByText('Under way')).toBeVisible()
  await shots(page, 'manage-en')
  await page.goto(`/admin/project-information?projectId=${projectId}`)
  await expect(page.getByText('Participating units').first()).toBeVisible()
  await shots(page, 'information-en')
  await page.goto(`/admin/project?projectId=${projectId}`)
  await expect(page.getByRole('row').filter({ hasText: '中铁远景勘察设计院有限公司' })).toBeVisible()
  await page.goto(`/admin/project-configuration?projectId=${projectId}`)
  await page.getByRole('tab', { name: 'Project organisations' }).click()
  await expect(page.getByRole('treeitem', { name: /工程技术部/ })).toBeVisible()
  await shots(page, 'configuration-orgs-en')
})

test('lisite, in a department of one project, sees only that project', async ({ page }) => {
  await signIn(page, 'lisite', { to: '/admin/project-information' })
  await expect(page.getByRole('heading', { name: '沪渝蓉高铁武宜段站前工程', level: 2 })).toBeVisible()
  await page.getByRole('combobox', { name: '项目' }).click()
  const options = page.getByRole('option')
  await expect(options).toHaveCount(1)
  await expect(options.first()).toContainText('沪渝蓉高铁武宜段站前工程')
  await expect(page.getByRole('option', { name: /合新高铁/ })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await shots(page, 'information-lisite-zh')
})
