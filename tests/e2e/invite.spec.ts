/**
 * Files, Excel and invitations in Chromium: the roles import dialog (template, upload with a bad
 * row, summary, failure report) and an invitation link opened in a fresh context (fill, submit,
 * then refused).
 */
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { expect, test } from './fixtures'
import { Client } from '../api/client'
import { PASSWORD, signIn } from './helpers'

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入模板')
  rows.forEach((r) => ws.addRow(r))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

test('roles: import a file with one bad row, get the summary and the failure report', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/role-manage' })
  await page.getByRole('button', { name: '导入' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: '导入角色' })).toBeVisible()

  const templateDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: '下载模板' }).click()
  expect((await templateDownload).suggestedFilename()).toBe('角色_导入模板.xlsx')

  const tag = `E2E${Date.now().toString(36)}`
  const file = await xlsx([
    ['*角色名称', '数据权限', '状态', '排序', '备注'],
    [`${tag}资料员`, '本单位', '启用', 2, ''],
    ['', '本单位', '启用', 1, '缺少名称'],
  ])
  // A PDF is refused before anything is sent.
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'roles.xlsx', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') })
  await expect(dialog.getByRole('alert')).toHaveText('仅支持 XLSX 格式的文件')
  await expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled()

  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'roles.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file })
  await expect(dialog.getByText('roles.xlsx')).toBeVisible()
  await dialog.getByRole('button', { name: '开始导入' }).click()
  await expect(dialog.getByText('导入完成')).toBeVisible()
  await expect(dialog.getByText('共 2 行：成功 1 行，失败 1 行')).toBeVisible()

  const reportDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: '下载失败报告' }).click()
  const report = await reportDownload
  expect(report.suggestedFilename()).toMatch(/^导入失败报告_\d{8}\.xlsx$/)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(readFileSync((await report.path())!) as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]!
  expect(ws.rowCount).toBe(2)
  expect(ws.getCell('E2').value).toBe('缺少名称')
  expect(ws.getCell('F2').value).toBe('请输入角色名称')

  await dialog.getByRole('button', { name: '关闭' }).first().click()
  // The imported role is in the list (refetched after the import).
  await expect(page.getByRole('cell', { name: `${tag}资料员` })).toBeVisible()
})

test('an invitation link opens in a fresh browser, is filled and submitted once, then refused', async ({ page, browser, baseURL }) => {
  // The administrator creates the invitation (as the console's InviteDialog does).
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const zhangwei = await new Client(baseURL!).signIn('zhangwei', PASSWORD)
  const me = (await zhangwei.call<{ accountId: string; cellphone?: string }>('GET', '/api/portal/v1/user/info')).body.data
  const created = await admin.call<{ url: string }>('POST', '/api/admin/v1/invite/create', {
    json: { purpose: 'contact', targetId: me.accountId, validHours: 24 },
    idempotencyKey: crypto.randomUUID(),
  })
  expect(created.body.code).toBe(10000)
  const link = new URL(created.body.data.url, baseURL)

  const context = await browser.newContext({ locale: 'zh-CN' })
  const invitee = await context.newPage()
  await invitee.goto(link.pathname + link.search)
  await expect(invitee.getByRole('heading', { name: '完善联系方式' })).toBeVisible()
  await expect(invitee.getByText(/邀请你填写/)).toBeVisible()
  const name = invitee.getByLabel('姓名')
  await expect(name).toHaveValue('张伟')
  await invitee.getByLabel('手机号').fill('123')
  await invitee.getByRole('button', { name: '提交' }).click()
  await expect(invitee.getByText('请输入正确的手机号码')).toBeVisible()
  await invitee.getByLabel('手机号').fill('13572108846')
  await invitee.getByLabel('邮箱').fill('zhangwei.e2e@trestle.example.cn')
  await invitee.getByRole('button', { name: '提交' }).click()
  await expect(invitee.getByRole('heading', { name: '提交成功' })).toBeVisible()

  await invitee.reload()
  await expect(invitee.getByRole('heading', { name: '邀请已使用' })).toBeVisible()
  await invitee.goto('/sign?token=notavalidtokenatallbutlongenough')
  await expect(invitee.getByRole('heading', { name: '链接无效' })).toBeVisible()
  await context.close()
  void page
})
