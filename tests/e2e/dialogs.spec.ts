/**
 * Every create and edit dialog, submitted (issue 33): on each screen the dialog is opened as a user
 * opens it, its required fields are filled with valid values (dialog-fill.ts), it is submitted, and
 * the record must then be in the list under the name typed; then the record's edit dialog is opened,
 * the name changed and saved, and the new name must show. A form whose submit throws, or that the
 * browser submits natively, or whose request the gateway refuses, fails here.
 */
import { expect, test, type Locator, type Page } from './fixtures'
import { fillRequired, labelled, submitDialog, uniqueTag } from './dialog-fill'
import { PASSWORD, signIn } from './helpers'
import { api, unitId } from './offline-helpers'

interface Case {
  /** The screen (a project-scoped screen opens on the demo account's first project). */
  path: string
  /** Opens the create dialog; by default the list's 新增 button. */
  open?: (page: Page) => Promise<void>
  /** What a user does first in the create and the edit dialog (choose where the choices come from…). */
  setup?: (page: Page, dialog: Locator) => Promise<void>
  /** What the generic filling cannot do (pick receivers in a tree…), after it. */
  prepare?: (dialog: Locator) => Promise<void>
  /** Fields whose value the case chooses (label → value), from a number unique to the run. */
  values?: (n: number) => Record<string, string>
  /** The list's search box (label) to find the record by name, where it may not be on the first page; or how to find it. */
  search?: string | ((page: Page, name: string) => Promise<void>)
  /** Where the record is listed (a sheet over the screen…); by default the screen. */
  list?: (page: Page) => Locator
  /** The field among `values` whose value names the record (where no required text field does). */
  named?: string
  /** What the list shows of the name (a chosen option's label may say more than the list). */
  listedAs?: (name: string) => string
  /** What else must hold of the new record (where it was put). */
  check?: (page: Page, name: string) => Promise<void>
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
/** Chooses an option of the select other than the one it shows; returns its label. */
const chooseAnother = async (page: Page, select: Locator) => {
  await select.click()
  const other = page.getByRole('option', { selected: false }).first()
  const label = (await other.textContent())!.trim()
  await other.click()
  await expect(page.getByRole('listbox')).toHaveCount(0)
  return label
}
const pickFirstReceiver = (dialog: Locator) => dialog.getByRole('tree').getByRole('checkbox').first().check()

// 单位管理: the unit tree, and a unit's 部门与人员 tab (people.spec's unit)
const UNIT_TYPE = '施工单位'
const UNIT = '中铁恒岳建设集团有限公司'
const unitTree = (page: Page) => page.getByRole('tree', { name: '单位树' })
const openUnitTab = async (page: Page, tab: string) => {
  await unitTree(page).getByRole('treeitem', { name: UNIT_TYPE }).click()
  await unitTree(page).getByRole('treeitem', { name: UNIT }).click()
  await main(page).getByRole('tab', { name: tab, exact: true }).click()
}
const openPeople = async (page: Page) => {
  await openUnitTab(page, '部门与人员')
  await expect(staff(page).getByRole('heading', { name: `${UNIT} 的人员` })).toBeVisible()
}
const staff = (page: Page) => page.getByTestId('departments-panel')
/** The department tree: beside the staff on a wide panel, else in the drawer 组织架构 opens. */
const deptTree = (page: Page) => page.getByRole('tree', { name: '组织架构' })
const showDeptTree = async (page: Page) => {
  const opener = staff(page).getByRole('button', { name: '组织架构' })
  await expect(opener.or(deptTree(page)).first()).toBeVisible()
  if (!(await deptTree(page).isVisible())) await opener.click()
  await expect(deptTree(page)).toBeVisible()
}
/** A node's 新增下级 / 编辑 (its actions menu). */
const deptAction = async (page: Page, node: Locator, action: string) => {
  await showDeptTree(page)
  await node.getByRole('button', { name: /的操作$/ }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}
const deptNode = (page: Page, name: string) =>
  deptTree(page)
    .getByRole('treeitem')
    .filter({ has: page.getByTitle(name, { exact: true }) })
/** The first department of the unit (not the unit itself nor a sub-organisation). */
const firstDept = (page: Page) =>
  deptTree(page)
    .getByRole('treeitem')
    .filter({ has: page.locator('[aria-label="部门"]') })
    .first()
/** The new node is one level below the one it was added under. */
const oneBelow = (tree: (page: Page) => Locator, parent: (page: Page) => Promise<string>) => async (page: Page, name: string) => {
  const level = Number(
    await tree(page)
      .getByRole('treeitem', { name: await parent(page), exact: true })
      .first()
      .getAttribute('aria-level'),
  )
  await expect(tree(page).getByRole('treeitem', { name, exact: true })).toHaveAttribute('aria-level', String(level + 1))
}
let parentName = ''

// 应用管理: the first application's sheets
const appSheet = async (page: Page, action: string) => {
  await rowOf(page, 'trestle-admin').getByRole('button', { name: action, exact: true }).click()
  await expect(sheet(page)).toBeVisible()
}
const sheet = (page: Page) => page.getByRole('dialog', { name: /^(菜单管理|版本管理) · / })
const menuTree = (page: Page) => sheet(page).getByRole('tree', { name: '菜单管理' })
const menuRow = (page: Page, name: string) => menuTree(page).getByRole('treeitem', { name, exact: true })

// 项目配置 → 项目组织: the first organisation's departments
const projectDepts = (page: Page) => main(page).getByRole('tree', { name: '部门树' })
const openProjectDepts = async (page: Page) => {
  await main(page).getByRole('tab', { name: '项目组织', exact: true }).click()
  await expect(projectDepts(page).getByRole('treeitem').first()).toBeVisible()
}

const CASES: Record<string, Case> = {
  角色: { path: '/admin/role-manage' },
  应用: { path: '/admin/app-manage' },
  参建单位: { path: '/admin/project', values: () => ({ 参建类型: '其他' }), rename: '联系人' },
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
  // the demo project's sites (its design units' 工点) fill more than a page: the new one is searched for
  工点: { path: '/admin/project-worksite-information', search: '关键字' },
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
  单位: {
    path: '/admin/organization',
    open: async (page) => {
      await unitTree(page).getByRole('treeitem', { name: UNIT_TYPE }).click()
      await main(page).getByRole('button', { name: '新增单位', exact: true }).click()
    },
    // the new unit is selected: its panel's 编辑
    edit: async (page, name) => {
      await expect(main(page).getByRole('heading', { name, exact: true })).toBeVisible()
      await main(page).getByRole('button', { name: '编辑', exact: true }).click()
    },
  },
  人员: {
    path: '/admin/organization',
    open: async (page) => {
      await openPeople(page)
      await staff(page).getByRole('button', { name: '新增人员', exact: true }).click()
    },
    search: (page, name) => staff(page).getByRole('searchbox').fill(name),
    edit: (page, name) =>
      rowOf(page, name)
        .getByRole('button', { name: `编辑 ${name}`, exact: true })
        .click(),
  },
  部门: {
    path: '/admin/organization',
    open: async (page) => {
      await openPeople(page)
      await deptAction(page, deptTree(page).getByRole('treeitem').first(), '新增下级')
    },
    search: showDeptTree,
    list: deptTree,
    edit: (page, name) => deptAction(page, deptNode(page, name), '编辑'),
  },
  下级部门: {
    path: '/admin/organization',
    open: async (page) => {
      await openPeople(page)
      await showDeptTree(page)
      parentName = (await firstDept(page).getAttribute('aria-label')) ?? ''
      await deptAction(page, firstDept(page), '新增下级')
    },
    search: showDeptTree,
    list: deptTree,
    check: oneBelow(deptTree, async () => parentName),
    edit: (page, name) => deptAction(page, deptNode(page, name), '编辑'),
  },
  菜单: {
    path: '/admin/app-manage',
    open: async (page) => {
      await appSheet(page, '菜单管理')
      await sheet(page).getByRole('button', { name: '新增顶级菜单', exact: true }).click()
    },
    list: menuTree,
    edit: (page, name) => menuRow(page, name).getByRole('button', { name: '编辑', exact: true }).click(),
  },
  子菜单: {
    path: '/admin/app-manage',
    open: async (page) => {
      await appSheet(page, '菜单管理')
      const first = menuTree(page).getByRole('treeitem').first()
      parentName = (await first.getAttribute('aria-label')) ?? ''
      await first.getByRole('button', { name: '新增子菜单', exact: true }).click()
    },
    list: menuTree,
    check: oneBelow(menuTree, async () => parentName),
    edit: (page, name) => menuRow(page, name).getByRole('button', { name: '编辑', exact: true }).click(),
  },
  版本: {
    path: '/admin/app-manage',
    open: async (page) => {
      await appSheet(page, '版本')
      await sheet(page).getByRole('button', { name: '新增', exact: true }).click()
    },
    // a version is its number; the release note tells this one from the others
    values: (n) => ({ 主版本: String(900 + n), 更新说明: `说明${uniqueTag()}` }),
    named: '更新说明',
    list: sheet,
    edit: (page, name) => sheet(page).getByRole('row').filter({ hasText: name }).getByRole('button', { name: '编辑', exact: true }).click(),
    rename: '更新说明',
  },
  属性项: {
    path: '/admin/extends-configuration',
    open: async (page) => {
      await rowOf(page, '工程概况').getByRole('button', { name: '属性项', exact: true }).click()
      await main(page)
        .getByLabel(/的属性项$/)
        .getByRole('button', { name: '新增', exact: true })
        .click()
    },
  },
  // a project-type group's nodes: a project chosen (its option says the code too), then another
  适用节点: {
    path: '/admin/extends-setting',
    open: async (page) => {
      await rowOf(page, '工程概况').getByRole('button', { name: '适用节点', exact: true }).click()
      await clickAdd(page)
    },
    setup: async (page, dialog) => void (await chooseAnother(page, labelled(dialog, '所属项目'))),
    listedAs: (option) => option.replace(/（[^（]*）$/, ''),
    rename: '项目',
  },
  账号: {
    path: '/admin/organization',
    open: (page) => openUnitTab(page, '账号').then(() => clickAdd(page)),
    // the tab's own search (the unit tree has one too)
    search: async (page, name) => {
      const tab = main(page).getByRole('tabpanel')
      await tab.getByLabel('关键字', { exact: true }).fill(name)
      await tab.getByRole('button', { name: '查询', exact: true }).click()
    },
    rename: '姓名',
  },
  // a group's copy (with its items), then edited as any group
  复制属性分组: {
    path: '/admin/extends-configuration',
    open: (page) => rowOf(page, '工程概况').first().getByRole('button', { name: '复制', exact: true }).click(),
    values: (n) => ({ 分组名称: `工程概况副本${n}${uniqueTag()}`, 分组编码: `copy${uniqueTag()}` }),
    named: '分组名称',
  },
  清单项: {
    path: '/admin/su-boq',
    open: async (page) => {
      await main(page).getByRole('combobox').first().click()
      await page.getByRole('option').first().click()
      await main(page).getByRole('list', { name: '项目结构' }).getByRole('button').first().click()
      await clickAdd(page)
    },
    // typed before the quantity entry is chosen, so the code does not follow the entry's
    values: () => ({ 清单编码: `e2e${uniqueTag()}` }),
    named: '清单编码',
  },
  // 数据字典: a key, and an item of the seeded 容器类型 (its list searched: the key has more than a page of items)
  字典键: { path: '/admin/data-dictionary', rename: '名称' },
  字典项: {
    path: '/admin/data-dictionary',
    open: async (page) => {
      await main(page)
        .getByRole('button', { name: /^容器类型/ })
        .first()
        .click()
      await main(page).getByRole('region', { name: '“容器类型”的字典项' }).getByRole('button', { name: '新增', exact: true }).click()
    },
    search: '关键字',
    rename: '中文名称',
  },
  项目部门: {
    path: '/admin/project-configuration',
    open: async (page) => {
      await openProjectDepts(page)
      await main(page).getByRole('button', { name: '新增一级部门', exact: true }).click()
    },
    check: async (page, name) =>
      await expect(projectDepts(page).getByRole('treeitem', { name, exact: true })).toHaveAttribute('aria-level', '1'),
    edit: editNode,
  },
  项目下级部门: {
    path: '/admin/project-configuration',
    open: async (page) => {
      await openProjectDepts(page)
      const first = projectDepts(page).getByRole('treeitem').first()
      parentName = (await first.getAttribute('aria-label')) ?? ''
      await first.getByRole('button', { name: '新增下级部门', exact: true }).click()
    },
    check: oneBelow(projectDepts, async () => parentName),
    edit: editNode,
  },
}

/**
 * The form dialog just opened, held by its title: a sheet it opened over is a dialog too, and
 * stays when the form closes (the newest dialog is the last one in the page).
 */
async function openedDialog(page: Page): Promise<Locator> {
  const top = page
    .getByRole('dialog')
    .filter({ has: page.locator('form button[type="submit"]') })
    .last()
  await expect(top).toBeVisible()
  const title = await top.getAttribute('aria-labelledby')
  return page.locator(`[role="dialog"][aria-labelledby="${title}"]`)
}

/** Shows the record named `name` in the list: searched for where the case says so. */
async function expectListed(page: Page, c: Case, name: string) {
  if (typeof c.search === 'function') await c.search(page, name)
  else if (c.search) {
    await main(page).getByLabel(c.search, { exact: true }).fill(name)
    await main(page).getByRole('button', { name: '查询', exact: true }).click()
  }
  await expect((c.list ?? main)(page).getByText(name, { exact: true }).first()).toBeVisible()
}

test.describe('every create and edit dialog is submitted and saved', () => {
  let n = 0
  for (const [title, c] of Object.entries(CASES)) {
    test(title, async ({ page }) => {
      await signIn(page, 'admin', { to: c.path })
      await (c.open ?? clickAdd)(page)
      let dialog = await openedDialog(page)
      await c.setup?.(page, dialog)
      const values = c.values?.(++n)
      const filled = await fillRequired(page, dialog, values)
      const name = c.named ? values![c.named]! : c.listedAs ? c.listedAs(filled) : filled
      await c.prepare?.(dialog)
      await submitDialog(dialog)
      await expectListed(page, c, name)
      await c.check?.(page, name)

      await (c.edit ?? editRow)(page, name)
      dialog = await openedDialog(page)
      const field = c.rename ? labelled(dialog, c.rename) : dialog.locator(`input[value="${name}"]`)
      let renamed: string
      if ((await field.getAttribute('role')) === 'combobox') {
        // a choice: it shows the record's, then another option
        await expect(field).toContainText(name)
        await c.setup?.(page, dialog)
        renamed = c.listedAs!(await chooseAnother(page, field))
      } else {
        await c.setup?.(page, dialog)
        renamed = `${c.rename ?? name.slice(0, -5)}${uniqueTag()}`
        await field.fill(renamed)
      }
      await submitDialog(dialog)
      await expectListed(page, c, renamed)
      if (!c.rename) await expect((c.list ?? main)(page).getByText(name, { exact: true })).toHaveCount(0)
    })
  }
})

/**
 * Adds a project account of the test's own (another file reads the seeded ones), signs in, finds it
 * on /admin/project-org-account by its name and opens the dialog of `item` in its 更多操作 menu.
 */
async function projectAccountAction(page: Page, baseURL: string, item: string): Promise<{ account: string; dialog: Locator }> {
  const admin = await api(baseURL)
  const account = `dlg${uniqueTag()}`
  const added = await admin.call('POST', '/api/admin/v1/registerAccount/add', {
    json: {
      accountName: account,
      userName: '对话账号',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      organizationId: await unitId(admin),
    },
  })
  expect(added.body.code, added.text).toBe(10000)
  await signIn(page, 'admin', { to: '/admin/project-org-account' })
  await main(page).getByLabel('关键字', { exact: true }).fill(account)
  await main(page).getByRole('button', { name: '查询', exact: true }).click()
  await main(page)
    .getByRole('button', { name: `更多操作 ${account}`, exact: true })
    .click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
  return { account, dialog: await openedDialog(page) }
}

test.describe('every dialog that changes one setting of a record is submitted and saved', () => {
  test('账号限额', async ({ page }) => {
    await signIn(page, 'admin', { to: '/admin/organization' })
    await openUnitTab(page, '账号限额')
    const row = rowOf(page, UNIT).first()
    await row.getByRole('button', { name: '设置限额', exact: true }).click()
    const dialog = await openedDialog(page)
    const limit = String(5000 + (Number(uniqueTag()) % 1000))
    await labelled(dialog, '账号限额').fill(limit)
    await submitDialog(dialog)
    await expect(row.getByRole('cell', { name: limit, exact: true })).toBeVisible()
  })

  test('项目账号的项目部门', async ({ page, baseURL }) => {
    const { account, dialog } = await projectAccountAction(page, baseURL!, '项目部门')
    const path = await chooseAnother(page, labelled(dialog, '所属项目部门'))
    await submitDialog(dialog)
    // the list shows the project, its organisation and the department
    await expect(rowOf(page, account).first()).toContainText(` / ${path.split(' / ').at(-1)}`)
  })

  test('账号的有效期', async ({ page, baseURL }) => {
    const { account, dialog } = await projectAccountAction(page, baseURL!, '有效期')
    const permanent = dialog.getByRole('checkbox', { name: '长期有效' })
    if (await permanent.isChecked()) await permanent.click()
    const date = `2031-0${1 + (Number(uniqueTag()) % 9)}-15`
    await labelled(dialog, '截至日期').fill(date)
    await submitDialog(dialog)
    await expect(rowOf(page, account).first()).toContainText(date)
  })
})
