/**
 * Registration in Chromium against a gateway whose codes go through a real local SMTP server:
 * choose "code by email", get the code from the mail, submit → the pending-review message.
 * Also the field messages of an empty form. Screenshots at 1440×900 and 1024×768.
 */
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startGateway, type Gateway } from '../support/gateway'
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
  await page.getByRole('radio', { name: '电子邮箱' }).click()
  await expect(page.getByRole('radio', { name: '电子邮箱' })).toHaveAttribute('aria-checked', 'true')
  await page.getByLabel('邮箱').fill(email)
  await page.screenshot({ path: '.tmp/screens/register-1440.png' })

  const mail = smtp.waitFor(email)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByText(/验证码已发送至 e2\*\*\*@example\.test/)).toBeVisible()
  const code = codeIn((await mail).text)
  await page.getByRole('textbox', { name: '验证码' }).fill(code)
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/screens/register-1024.png', fullPage: true })
  await page.getByRole('button', { name: '提交注册' }).click()

  const done = page.getByTestId('register-done')
  await expect(done).toContainText('注册申请已提交')
  await expect(done).toContainText('待审核')
})
