/**
 * Every create and edit dialog, submitted (issue 33): on each screen the dialog is opened as a user
 * opens it, its required fields are filled with valid values (dialog-fill.ts), it is submitted, and
 * the record must then be in the list under the name typed; then the record's edit dialog is opened,
 * the name changed and saved, and the new name must show. A form whose submit throws, or that the
 * browser submits natively, or whose request the gateway refuses, fails here.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { fillRequired, labelled, submitDialog, uniqueTag } from './dialog-fill'
import { signIn } from './helpers'

interface Case {
  /** The screen (a project-scoped screen opens on the demo account's first project). */
  path: string
  /** Opens the create dialog; by default the list's 新增 button. */
  open?: (page: Page) => Promise<void>
  /** What the generic filling cannot do (pick receivers in a tree…), after it. */
  prepare?: (dialog: Locator) => Promise<void>
  /** Fields whose value the case chooses (label → value), from a number unique to the run. */
  values?: (n: number) => Record<string, string>
  /** The list's search box (label) to find the record by name, where it may not be on the first page. */
  search?: string
  /** Opens the edit dialog of the record named `name`; by default the 编辑 of its row. */
  edit?: (page: Page, name: string) => Promise<void>
  /** The field the edit changes (label), when not the one holding the name. */
  rename?: string
}

const main = (page: Page) => page.getByRole('main')
const clickAdd = (page: Page) => main(page).getByRole('button', { name: '新增', exact: true }).click()
const rowOf = (page: Page, name: string) => main(page).getByRole('row').filter({ hasText: name })
const editRow = (page: Page, name: string) => rowOf(page, name).first().getByRole('button', { name: '编辑', exact: true }).click()
const addTop = (page: Page) => main(page).getByRole('button', { name: '新增顶级节点' }).click()
const editNode = (page: Page, name: string) =>
  main(page)
    .getByRole('button', { name: `编辑 ${name}`, exact: true })
    .click()

/** 新增 on one of the screen's panels. */
const onTab = (tab: string) => async (page: Page) => {
  await main(page)
    .getByRole('radio', { name: tab, exact: true })
    .or(main(page).getByRole('tab', { name: tab, exact: true }))
    .click()
  await clickAdd(page)
}
const pickFirstReceiver = (dialog: Locator) => dialog.getByRole('tree').getByRole('checkbox').first().check()

const CASES: Record<string, Case> = {
  角色: { path: '/admin/role-manage' },
  应用: { path: '/admin/app-manage' },
  参建单位: { path: '/admin/project-information', values: () => ({ 参建类型: '其他' }), rename: '联系人' },
  线路: { path: '/admin/project-configuration' },
  工程专业: { path: '/admin/project-configuration', open: onTab('工程专业') },
  项目组织: { path: '/admin/project-configuration', open: onTab('项目组织') },
  设计单元: {
    path: '/admin/project-design-unit',
    values: (n) => ({ 起点里程: `DK${500 + n}+000.000`, 终点里程: `DK${500 + n}+500.000` }),
  },
  单位工程: { path: '/admin/unit-engineering', search: '工程名称' },
  资源: { path: '/admin/resource-pool' },
  扩展属性分组: { path: '/admin/extends-configuration' },
  业务事件消息: { path: '/admin/message-setting', prepare: pickFirstReceiver },
  自定义消息: { path: '/admin/message-custom-config', prepare: pickFirstReceiver },
  项目账号: { path: '/admin/project-org-account', rename: '姓名' },
  // a new project opens on its information page
  项目: { path: '/admin/project-manage', edit: (page) => main(page).getByRole('button', { name: '编辑项目' }).click() },
  工点: { path: '/admin/project-worksite-information' },
  // lists across all the caller's projects: the add form asks for the project first, an edit takes the record's
  '工点（全部项目）': { path: '/admin/work-site-information', search: '关键字' },
  '设计单元（全部项目）': {
    path: '/admin/designunit',
    // the project first: the mileage fields appear with it
    values: (n) => ({ 项目: '沪渝蓉高铁武宜段站前工程', 起点里程: `DK${700 + n}+000.000`, 终点里程: `DK${700 + n}+500.000` }),
    search: '单元名称',
  },
  工程容器: { path: '/admin/project-container', open: addTop, edit: editNode },
  EBS节点: { path: '/admin/ebs-management', open: addTop, edit: editNode },
  WBS节点: { path: '/admin/wbs-management', open: addTop, edit: editNode },
  工程量节点: { path: '/admin/account-quantity-management', open: addTop, edit: editNode },
}

const dialog = (page: Page): Locator => page.getByRole('dialog')

/** Shows the record named `name` in the list: searched for where the case says so. */
async function expectListed(page: Page, c: Case, name: string) {
  if (c.search) {
    await main(page).getByLabel(c.search, { exact: true }).fill(name)
    await main(page).getByRole('button', { name: '查询', exact: true }).click()
  }
  await expect(main(page).getByText(name, { exact: true }).first()).toBeVisible()
}

test.describe('every create and edit dialog is submitted and saved', () => {
  let n = 0
  for (const [title, c] of Object.entries(CASES)) {
    test(title, async ({ page }) => {
      await signIn(page, 'admin')
      await page.goto(c.path)
      await (c.open ?? clickAdd)(page)
      await expect(dialog(page)).toBeVisible()
      const name = await fillRequired(page, dialog(page), c.values?.(++n))
      await c.prepare?.(dialog(page))
      await submitDialog(dialog(page))
      await expectListed(page, c, name)

      await (c.edit ?? editRow)(page, name)
      await expect(dialog(page)).toBeVisible()
      const field = c.rename ? labelled(dialog(page), c.rename) : dialog(page).locator(`input[value="${name}"]`)
      const renamed = `${c.rename ?? name.slice(0, -5)}${uniqueTag()}`
      await field.fill(renamed)
      await submitDialog(dialog(page))
      await expectListed(page, c, renamed)
      if (!c.rename) await expect(main(page).getByText(name, { exact: true })).toHaveCount(0)
    })
  }
})
