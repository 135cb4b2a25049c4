/**
 * 发送服务 in Chromium (issue 33), on a gateway of its own and a real local SMTP server: an
 * administrator opens 消息设置 › 发送服务 on a 1024×768 screen, fills the mail service (SMTP) and saves
 * it — the password is not shown again, the field says 已设置，留空则不修改 — then 测试发送 sends a test
 * mail that reaches the SMTP server and the dialog says so; a wrong password saved afterwards makes the
 * test send fail with its reason in words. The SMS service (webhook) is filled and saved too: after a
 * reload its address and signature are shown, the token never (the field says one is stored), and a
 * test SMS reaches a local receiver signed with the saved signature. Screenshots in zh at 1024×768 in
 * .tmp/shots/.
 */
import path from 'node:path'
import { expect, test, type Page } from './fixtures'
import { DEMO_PASSWORD, startGateway, type Gateway } from '../support/gateway'
import { startSmsReceiver, type SmsReceiver } from '../support/sms-receiver'
import { startSmtp, type LocalSmtp } from '../support/smtp'

let smtp: LocalSmtp
let sms: SmsReceiver
let gw: Gateway

test.beforeAll(async () => {
  test.setTimeout(150_000)
  smtp = await startSmtp('e2emailer', 'E2e#Mail2026')
  sms = await startSmsReceiver()
  // the local receiver stands in for the SMS provider: a local address the gateway may call only when allowed
  gw = await startGateway('e2e-suppliers', { TRESTLE_SERVE_DIST: path.resolve('dist'), TRESTLE_WEBHOOK_ALLOW: new URL(sms.url).host })
})

test.afterAll(async () => {
  await gw?.stop()
  await smtp?.close()
  await sms?.close()
})

/** Signs in as the administrator and opens 消息设置 › 发送服务 at 1024×768. */
async function openServices(page: Page) {
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(`${gw.url}/login`)
  await page.getByLabel('账号或手机号').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/home/)
  await page.goto(`${gw.url}/admin/message-setting`)
  await expect(page.getByRole('heading', { name: '消息设置', level: 1 })).toBeVisible()
  await page.getByRole('tab', { name: '发送服务' }).click()
}

test('configures the mail service on 消息设置 and sends a test mail through it', async ({ page }) => {
  test.setTimeout(120_000)
  await openServices(page)
  const mail = page.getByRole('form', { name: '邮件服务（SMTP）' })
  await expect(mail).toBeVisible()
  await expect(mail).toContainText('尚未配置：不会发送')

  // an empty form: the contract's messages on the fields
  await mail.getByRole('button', { name: '保存' }).click()
  await expect(mail.getByText('请输入服务器地址')).toBeVisible()

  await mail.getByLabel('服务器地址').fill('127.0.0.1')
  await mail.getByRole('textbox', { name: '端口' }).fill(String(smtp.port))
  await mail.getByLabel('用户名').fill(smtp.user)
  await mail.getByLabel('密码', { exact: true }).fill(smtp.pass)
  await mail.getByLabel('发件地址').fill('工程协同管理平台 <notice@trestle.test>')
  await mail.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('已保存', { exact: true })).toBeVisible()
  await expect(mail).toContainText('已保存 ·')
  // the password is never shown again; the field says one is stored
  await expect(mail.getByLabel('密码', { exact: true })).toHaveValue('')
  await expect(mail.getByLabel('密码', { exact: true })).toHaveAttribute('placeholder', '已设置，留空则不修改')
  await page.screenshot({ path: '.tmp/shots/suppliers-1024-zh.png', fullPage: true })

  // 测试发送: the address, then the outcome in the dialog
  await mail.getByRole('button', { name: '测试发送' }).click()
  const dialog = page.getByRole('dialog', { name: '发送测试邮件' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('收件邮箱').fill('not-an-address')
  await dialog.getByRole('button', { name: '发送' }).click()
  await expect(dialog.getByText('请输入正确的邮箱')).toBeVisible()
  const to = `e2e${Date.now().toString(36)}@example.test`
  const arriving = smtp.waitFor(to)
  await dialog.getByLabel('收件邮箱').fill(to)
  await dialog.getByRole('button', { name: '发送' }).click()
  await expect(dialog.getByRole('status')).toContainText(`已发送至 ${to}，请查收`)
  await expect(dialog.getByRole('status')).toContainText('经已保存的设置发送')
  const received = await arriving
  expect(received.subject).toContain('工程协同管理平台测试邮件')
  expect(received.from).toContain('notice@trestle.test')
  await page.screenshot({ path: '.tmp/shots/suppliers-test-1024-zh.png' })
  await dialog.getByRole('button', { name: '取消' }).click()

  // a wrong password: the test send fails, saying why
  await mail.getByLabel('密码', { exact: true }).fill('Wrong#2026')
  await mail.getByRole('button', { name: '保存' }).click()
  await expect(mail).toContainText('已保存 ·')
  await mail.getByRole('button', { name: '测试发送' }).click()
  await dialog.getByLabel('收件邮箱').fill(to)
  await dialog.getByRole('button', { name: '发送' }).click()
  await expect(dialog.getByText(/测试发送失败：邮件服务器拒绝了用户名或密码/)).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/suppliers-test-failed-1024-zh.png' })
})

test('configures the SMS service: after a reload its address and signature are shown, the token never', async ({ page }) => {
  test.setTimeout(120_000)
  await openServices(page)
  const form = page.getByRole('form', { name: '短信服务（Webhook）' })
  await expect(form).toContainText('尚未配置：不会发送')

  // an empty form: the contract's message on the address
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form.getByText(/^请输入 ?Webhook 地址$/)).toBeVisible()

  await form.getByLabel('Webhook 地址').fill(sms.url)
  await form.getByLabel('令牌').fill('e2e-sms-token-2026')
  await form.getByLabel('短信签名').fill('铁路建设')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form).toContainText('已保存 ·')

  await page.reload()
  await page.getByRole('tab', { name: '发送服务' }).click()
  await expect(form).toContainText('已保存 ·')
  await expect(form.getByLabel('Webhook 地址')).toHaveValue(sms.url)
  await expect(form.getByLabel('短信签名')).toHaveValue('铁路建设')
  await expect(form.getByLabel('令牌')).toHaveValue('')
  await expect(form.getByLabel('令牌')).toHaveAttribute('placeholder', '已设置，留空则不修改')
  await expect(page.getByText('e2e-sms-token-2026')).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/suppliers-sms-1024-zh.png', fullPage: true })

  // the saved settings are the ones used: a test SMS arrives signed 【铁路建设】
  await form.getByRole('button', { name: '测试发送' }).click()
  const dialog = page.getByRole('dialog', { name: '发送测试短信' })
  const arriving = sms.waitFor('13800138000')
  await dialog.getByLabel('手机号').fill('13800138000')
  await dialog.getByRole('button', { name: '发送' }).click()
  await expect(dialog.getByRole('status')).toContainText('已发送至 13800138000')
  expect((await arriving).text).toMatch(/^【铁路建设】/)
})
