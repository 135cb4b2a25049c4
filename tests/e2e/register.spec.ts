/**
 * Registration in Chromium against a gateway whose codes go through a real local SMTP server:
 * choose "code by email", pick the unit (所属单位) through its search-as-you-type list by keyboard,
 * get the code from the mail, submit → the pending-review message; the account then waits in that
 * unit for its organisation administrator (demo orgadmin). Also the field messages of an empty form.
 * Screenshots at 1440×900 and 1024×768 (the unit list open in .tmp/shots/register-unit-*.png).
 */
import path from 'node:path'
import { expect, test } from './fixtures'
import { Client } from '../api/client'
import { DEMO_PASSWORD, startGateway, type Gateway } from '../support/gateway'
import { codeIn, startSmtp, type LocalSmtp } from '../support/smtp'

let smtp: LocalSmtp
let gw: Gateway

test.beforeAll(async () => {
  test.setTimeout(150_000)
  smtp = await startSmtp()
  gw = await startGateway('e2e-register', {
    TRESTLE_SMTP_HOST: '127.0.0.1',
    TRESTLE_SMTP_PORT: String(smtp.port),
    TRESTLE_SMTP_USER: smtp.user,
    TRESTLE_SMTP_PASS: smtp.pass,
    TRESTLE_SMTP_FROM: 'Trestle <no-reply@trestle.test>',
    TRESTLE_SERVE_DIST: path.resolve('dist'),
  })
})

test.afterAll(async () => {
  await gw?.stop()
  await smtp?.close()
})

test('registers with a code sent by email and is told the account awaits review', async ({ page }) => {
  await page.goto(`${gw.url}/register`)
  await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible()
  await page.getByRole('button', { name: '提交注册' }).click()
  await expect(page.getByText('请输入账号')).toBeVisible()
  await expect(page.getByText('请输入手机号')).toBeVisible()

  const stamp = Date.now().toString(36)
  const email = `e2e${stamp}@example.test`
  await page.getByLabel('账号').fill(`e2e${stamp}`.slice(0, 20))
  await page.getByLabel('密码', { exact: true }).fill('Build#2026')
  await page.getByLabel('确认密码').fill('Build#2026')
  await page.getByLabel('姓名').fill('端到端')

  // 所属单位: one character asks for more; two list matching units with their type; ↓ + Enter chooses.
  const unit = page.getByRole('combobox', { name: '所属单位' })
  await unit.fill('恒')
  const list = page.getByRole('listbox', { name: '所属单位' })
  await expect(list).toContainText('请至少输入 2 个字符')
  await unit.fill('中铁恒岳')
  const contractor = list.getByRole('option', { name: '中铁恒岳建设集团有限公司 施工单位', exact: true })
  await expect(contractor).toBeVisible()
  await expect(contractor).toContainText('施工单位')
  await expect(list.getByRole('option')).not.toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/register-unit-1440.png' })
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/shots/register-unit-1024.png' })
  await page.setViewportSize({ width: 1440, height: 900 })
  // Esc closes the list and keeps the text; no unit is chosen yet.
  await unit.press('Escape')
  await expect(list).toBeHidden()
  await expect(unit).toHaveValue('中铁恒岳')
  await page.getByRole('radio', { name: '电子邮箱' }).click()
  await expect(page.getByRole('radio', { name: '电子邮箱' })).toHaveAttribute('aria-checked', 'true')
  await page.getByLabel('邮箱', { exact: true }).fill(email)
  await page.screenshot({ path: '.tmp/screens/register-1440.png' })

  const mail = smtp.waitFor(email)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByText(/验证码已发送至 e2\*\*\*@example\.test/)).toBeVisible()
  const code = codeIn((await mail).text)
  await page.getByRole('textbox', { name: '验证码' }).fill(code)
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/screens/register-1024.png', fullPage: true })
  // Text typed but no unit chosen: the form asks to choose one (or to clear the field) instead of dropping it.
  await page.getByRole('button', { name: '提交注册' }).click()
  await expect(page.getByText('请从列表中选择单位，或清空此项')).toBeVisible()
  await expect(unit).toBeFocused()
  await expect(unit).toHaveAttribute('aria-invalid', 'true')
  // ↓ moves through the list, Enter chooses (and does not submit the form).
  await unit.press('ArrowDown')
  await expect(contractor).toBeVisible()
  const index = Number(await contractor.getAttribute('data-index'))
  for (let i = 1; i <= index; i++) await unit.press('ArrowDown')
  await expect(contractor).toHaveAttribute('aria-selected', 'true')
  await expect(unit).toHaveAttribute('aria-activedescendant', (await contractor.getAttribute('id'))!)
  await unit.press('Enter')
  await expect(list).toBeHidden()
  await expect(unit).toHaveValue('中铁恒岳建设集团有限公司')
  await expect(unit).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByText('请从列表中选择单位，或清空此项')).toBeHidden()
  await expect(page.getByTestId('register-done')).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/register-unit-chosen-1024.png' })
  await page.getByRole('button', { name: '提交注册' }).click()

  const done = page.getByTestId('register-done')
  await expect(done).toContainText('注册申请已提交')
  await expect(done).toContainText('待审核')

  // The account waits in the chosen unit: its organisation administrator sees it in the user audit.
  const orgadmin = await new Client(gw.url).signIn('orgadmin', DEMO_PASSWORD)
  const audit = await orgadmin.call<{ records: { accountName: string; organizationName: string; accountStatus: string }[] }>(
    'GET',
    '/api/admin/v1/userAudit/listPage',
    {
      query: { keyword: `e2e${stamp}`.slice(0, 20), auditStatus: 'pending' },
    },
  )
  expect(audit.body.data.records).toEqual([
    expect.objectContaining({ organizationName: '中铁恒岳建设集团有限公司', accountStatus: 'pending' }),
  ])
})

test('approved, the account recovers its password through 忘记密码: a code by email, a new password that signs in, the old one refused', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // an account registered with its email and approved (through the calls the register page and the audit screen use)
  const stamp = Date.now().toString(36)
  const accountName = `fg${stamp}`
  const email = `${accountName}@example.test`
  const post = (p: string, body: unknown) =>
    fetch(gw.url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.json() as Promise<{ code: number }>,
    )
  const regMail = smtp.waitFor(email)
  expect((await post('/api/auth/v1/generalAccount/getVerifyCode', { channel: 'email', email })).code).toBe(10000)
  const reg = await post('/api/auth/v1/generalAccount/addByRegister', {
    accountName,
    userName: '找回密码',
    password: 'Build#2026',
    confirmPassword: 'Build#2026',
    channel: 'email',
    email,
    verifyCode: codeIn((await regMail).text),
  })
  expect(reg.code).toBe(10000)
  const admin = await new Client(gw.url).signIn('admin', DEMO_PASSWORD)
  const pending = await admin.call<{ records: { userId: string }[] }>('GET', '/api/admin/v1/userAudit/listPage', {
    query: { keyword: accountName, auditStatus: 'pending' },
  })
  const approve = await admin.call('POST', '/api/admin/v1/userAudit/audit', {
    json: { userIds: [pending.body.data.records[0]!.userId], decision: 'approve' },
  })
  expect(approve.body.code).toBe(10000)

  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(`${gw.url}/login`)
  await page.getByRole('button', { name: '忘记密码？' }).click()
  const dialog = page.getByRole('dialog', { name: '找回密码' })
  // its description says what happens — not the title again
  await expect(dialog).toHaveAccessibleDescription('通过绑定的手机或邮箱验证身份，再为账号设置新密码。')
  await dialog.getByRole('radio', { name: '电子邮箱' }).click()
  await dialog.getByRole('textbox', { name: '账号' }).fill(accountName)
  const mail = smtp.waitFor(email)
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await dialog.getByRole('textbox', { name: '验证码' }).fill(codeIn((await mail).text))
  await dialog.getByRole('button', { name: '下一步' }).click()
  await dialog.getByLabel('新密码').fill('Renew#2027')
  await dialog.getByLabel('确认密码').fill('Renew#2027')
  await page.screenshot({ path: '.tmp/shots/forgot-reset-1024-zh.png' })
  await dialog.getByRole('button', { name: '重置密码' }).click()
  await expect(dialog).toContainText('密码已重置')
  await dialog.getByRole('button', { name: '立即返回登录' }).click()
  await expect(dialog).toBeHidden()

  // the old password no longer opens it; the new one does (this fresh account has no role yet, which it is told)
  await page.getByLabel('账号或手机号').fill(accountName)
  await page.getByLabel('密码', { exact: true }).fill('Build#2026')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误')
  await page.getByLabel('密码', { exact: true }).fill('Renew#2027')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(/尚未分配角色/)
})
