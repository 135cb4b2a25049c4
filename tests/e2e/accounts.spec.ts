/**
 * Accounts in Chromium: an administrator invites by link from the unit's 账号 tab, the invitee
 * registers in a fresh browser context, the administrator reviews it (confirm prompt, a role given)
 * and the invitee's first sign-in succeeds; an account stopped while signed in elsewhere gets the
 * 20119 alert on its next action there and lands on /login. Screenshots of the screens (zh,
 * 1440×900 and 1024×768) go to .tmp/shots/accounts-*.png.
 */
import { expect, test, type Page } from './fixtures'
import { Client } from '../api/client'
import { PASSWORD, signIn } from './helpers'

const UNIT = '中铁恒岳建设集团第一工程有限公司'
const stamp = () => Date.now().toString(36).slice(-6)

async function openAccountsTab(page: Page) {
  await page.goto('/admin/organization')
  const tree = page.getByRole('tree', { name: '单位树' })
  await tree.getByRole('treeitem', { name: '施工单位' }).click()
  const parent = tree.getByRole('treeitem', { name: '中铁恒岳建设集团有限公司' })
  await parent.click()
  await parent.press('ArrowRight')
  await tree.getByRole('treeitem', { name: UNIT }).click()
  await expect(page.getByRole('heading', { name: UNIT, level: 2 })).toBeVisible()
  await page.getByRole('tab', { name: '账号', exact: true }).click()
  await expect(page.getByRole('button', { name: '邀请注册' })).toBeVisible()
}

async function filterBy(page: Page, accountName: string) {
  await page.getByLabel('关键字').fill(accountName)
  await page.getByRole('tabpanel').getByRole('button', { name: '查询', exact: true }).click()
  await expect(page.getByRole('row').filter({ hasText: accountName })).toHaveCount(1)
  return page.getByRole('row').filter({ hasText: accountName })
}

test('invite by link → the invitee registers in a fresh context → audit with a confirm prompt → first sign-in', async ({
  page,
  browser,
}) => {
  const name = `yq${stamp()}`
  const phone = `1390${String(Date.now()).slice(-7)}`
  await signIn(page, 'admin')
  await openAccountsTab(page)
  await page.screenshot({ path: '.tmp/shots/accounts-tab-1440.png' })

  await page.getByRole('button', { name: '邀请注册' }).click()
  const invite = page.getByRole('dialog')
  await invite.getByRole('button', { name: '生成邀请链接' }).click()
  const link = new URL(await invite.getByLabel('邀请链接').inputValue())
  await page.keyboard.press('Escape')
  await expect(invite).toBeHidden()

  // The invitee, not signed in, in another browser context.
  const context = await browser.newContext({ locale: 'zh-CN' })
  const invitee = await context.newPage()
  await invitee.goto(link.pathname + link.search)
  await expect(invitee.getByRole('heading', { name: '开通账号' })).toBeVisible()
  await invitee.screenshot({ path: '.tmp/shots/accounts-sign-1440.png' })
  await expect(invitee.getByText(`您受邀在「${UNIT}」注册平台账号`)).toBeVisible()
  await invitee.getByLabel('账号').fill(name)
  await invitee.getByLabel(/^\*?密码$/).fill(name)
  await invitee.getByLabel('确认密码').fill('Other#2026')
  await invitee.getByLabel('姓名').fill('邱雨晴')
  await invitee.getByLabel('手机号').fill(phone)
  await invitee.getByRole('button', { name: '提交' }).click()
  await expect(invitee.getByText('密码不能与账号相同')).toBeVisible()
  await expect(invitee.getByText('两次输入的密码不一致')).toBeVisible()
  await invitee.getByLabel(/^\*?密码$/).fill(PASSWORD)
  await invitee.getByLabel('确认密码').fill(PASSWORD)
  await invitee.getByRole('button', { name: '提交' }).click()
  await expect(invitee.getByRole('heading', { name: '提交成功' })).toBeVisible()

  // Pending: cannot sign in yet.
  await invitee.goto('/login')
  await invitee.getByLabel('账号或手机号').fill(name)
  await invitee.getByLabel(/^\*?密码$/).fill(PASSWORD)
  await invitee.getByRole('button', { name: '登录', exact: true }).click()
  await expect(invitee.getByText('账号待审核，审核通过后方可登录')).toBeVisible()

  // The administrator reviews it.
  const row = await filterBy(page, name)
  await expect(row.getByText('待审核')).toBeVisible()
  await row.getByRole('button', { name: '审核' }).click()
  const audit = page.getByRole('dialog', { name: '审核账号' })
  await audit.getByRole('checkbox', { name: '普通用户' }).click()
  await page.screenshot({ path: '.tmp/shots/accounts-audit-1440.png' })
  await audit.getByRole('button', { name: '提交' }).click()
  const prompt = page.getByRole('alertdialog')
  await expect(prompt).toContainText(`确定审核通过账号「${name}」吗？`)
  await prompt.getByRole('button', { name: '通过' }).click()
  await expect(page.getByText('已审核通过')).toBeVisible()
  await expect(row.getByText('正常')).toBeVisible()
  await expect(row.getByText('普通用户')).toBeVisible()

  // The detail sheet shows the history.
  await row.getByRole('button', { name, exact: true }).click()
  const sheet = page.getByRole('dialog', { name: '账号详情' })
  await expect(sheet.getByText('邀请注册')).toBeVisible()
  await expect(sheet.getByText('授予角色')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/accounts-detail-1440.png' })
  await page.keyboard.press('Escape')

  // First sign-in.
  await signIn(invitee, name)
  await context.close()
})

test('an account stopped while signed in elsewhere: its next action there shows the 20119 alert and lands on /login', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const roles = (await admin.call<{ roleId: string; roleName: string }[]>('GET', '/api/admin/v1/role/list')).body.data
  const orgs = (
    await admin.call<{ organizationId: string; organizationName: string }[]>('GET', '/api/admin/v1/org/list', { query: { keyword: UNIT } })
  ).body.data
  const name = `ty${stamp()}`
  const added = await admin.call<{ accountId: string }>('POST', '/api/admin/v1/generalAccount/add', {
    json: {
      accountName: name,
      userName: '停用测试',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      organizationId: orgs.find((o) => o.organizationName === UNIT)!.organizationId,
      roleIds: [roles.find((r) => r.roleName === '普通用户')!.roleId],
    },
    idempotencyKey: crypto.randomUUID(),
  })
  expect(added.body.code, added.text).toBe(10000)

  const context = await browser.newContext({ locale: 'zh-CN' })
  const other = await context.newPage()
  await signIn(other, name)

  await signIn(page, 'admin')
  await openAccountsTab(page)
  const row = await filterBy(page, name)
  await row.getByRole('button', { name: '停用' }).click()
  const prompt = page.getByRole('alertdialog')
  await expect(prompt).toContainText(`确定停用账号「${name}」吗？`)
  await prompt.getByRole('button', { name: '确定' }).click()
  await expect(row.getByText('已停用')).toBeVisible()

  // The other context's next action.
  await other.reload()
  const alert = other.getByTestId('dialog-alert')
  await expect(alert).toContainText('账号已停用，请联系管理员')
  await alert.getByRole('button', { name: '确定' }).click()
  await expect(other).toHaveURL(/\/login/)
  await context.close()
})

test('project accounts: the list, adding one with the form checks, tablet and desktop screens', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signIn(page, 'admin', { to: '/admin/project-org-account' })
  await expect(page.getByRole('heading', { name: '项目账号管理', level: 1 })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'zhoumin' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'tangwei' }).getByText('已过期')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/accounts-project-1024.png' })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: '.tmp/shots/accounts-project-1440.png' })

  const name = `xm${stamp()}`
  await page.getByRole('button', { name: '新增' }).click()
  const form = page.getByRole('dialog', { name: '新增项目账号' })
  await form.getByRole('textbox', { name: '账号' }).fill(name)
  await form.getByLabel('姓名').fill('项目测试')
  await form.getByLabel(/^\*?密码$/).fill(name)
  await form.getByLabel('确认密码').fill(name)
  // the units come from orgSearch/listPage: typing a credit code finds its unit, shown under its type.
  // A select opened before its units came is a plain list, searchable once closed and opened again
  // (it never changes under the user): under the suite's load the form can be that quick
  const unit = form.getByRole('combobox', { name: /所属单位/ })
  const search = page.getByPlaceholder('输入以搜索…')
  await expect(async () => {
    await unit.click()
    await expect(page.getByRole('listbox').or(search).first()).toBeVisible()
    if (!(await search.isVisible())) {
      await page.keyboard.press('Escape')
      throw new Error('a plain list: the units had not come when it opened')
    }
  }).toPass()
  await expect(search).toBeFocused()
  await page.keyboard.type('91440300MA5F8H6N45')
  await expect(page.getByRole('option')).toHaveCount(1)
  await expect(page.getByRole('group', { name: '施工单位' })).toBeVisible()
  await page.getByRole('option', { name: '中交瀚海工程局有限公司', exact: true }).click()
  // 项目部门: a real department of a project (issue 11), chosen from the project organisations'
  await form.getByRole('combobox', { name: /所属项目部门/ }).click()
  await page.getByRole('option', { name: '沪渝蓉高铁武宜段站前工程 / 中交瀚海沪渝蓉项目经理部 / 工程管理部', exact: true }).click()
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form.getByText('密码不能与账号相同')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/accounts-project-form-1440.png' })
  await form.getByLabel(/^\*?密码$/).fill(PASSWORD)
  await form.getByLabel('确认密码').fill(PASSWORD)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByText('沪渝蓉高铁武宜段站前工程')).toBeVisible()
})
