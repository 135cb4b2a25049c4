/**
 * Terminals and logs in the console (issue 14): a device applies (through the gateway, as a
 * device would), the administrator authorises it after confirmation and watches it go online
 * while the test sends heartbeats over HTTP, then offline once they stop; the login log is
 * filtered through the URL and exported as CSV (UTF-8 with BOM); an operation's detail shows its
 * request with the secrets redacted. Screenshots at 1024×768 in zh and en go to .tmp/shots/terminals-*.png
 * and .tmp/shots/logs-*.png.
 */
import { readFileSync } from 'node:fs'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { expect, test, type Page } from './fixtures'
import { Client, newKey } from '../api/client'
import { PASSWORD, signIn } from './helpers'
import { fillRequired, submitDialog, uniqueTag } from './dialog-fill'

const T = '/api/admin/v1/terminal'

async function device(baseURL: string) {
  const c = await new Client(baseURL).signIn('admin', PASSWORD)
  const deviceId = `e2e-${randomUUID().slice(0, 8)}`
  const r = await c.call('POST', `${T}/apply`, {
    json: { deviceId, deviceName: `测试平板${deviceId.slice(4, 8)}`, os: 'Android', osVersion: '14', memory: '8 GB', processor: '骁龙 8' },
    idempotencyKey: newKey(),
  })
  expect(r.body.code, r.text).toBe(10000)
  const beat = async () => (await c.call('POST', `${T}/heartbeat`, { json: { deviceId }, idempotencyKey: newKey() })).body.code
  return { deviceId, beat }
}

/** Today on this machine (the browser's and the test's time zone alike): an export's file name carries it. */
const today = () => new Date().toLocaleDateString('sv-SE')

/** A small installer package (a ZIP's signature, an APK by its name) as the file picker hands it over. */
function packageFile(name: string) {
  const buffer = randomBytes(20 * 1024)
  buffer.set([0x50, 0x4b, 0x03, 0x04], 0)
  return { name, mimeType: 'application/vnd.android.package-archive', buffer, sha256: createHash('sha256').update(buffer).digest('hex') }
}

const english = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('trestle.locale', 'en'))
  await page.reload()
}
const chinese = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('trestle.locale', 'zh'))
  await page.reload()
}

test('authorise a device, watch it go online with heartbeats and offline without', async ({ page, baseURL }) => {
  const dev = await device(baseURL!)
  expect(await dev.beat()).toBe(20021) // not authorised yet

  await signIn(page, 'admin', { to: `/admin/terminal-authentication?keyword=${dev.deviceId}` })
  const row = page.getByRole('row').filter({ hasText: dev.deviceId })
  await expect(row.getByText('未授权')).toBeVisible()
  await row.getByRole('button', { name: '授权' }).click()

  const dialog = page.getByRole('dialog', { name: '授权终端' })
  await dialog.getByLabel('有效天数').fill('30')
  await dialog.getByLabel('心跳间隔（分钟）').fill('0.05')
  await dialog.getByRole('button', { name: '授权' }).click()
  const sure = page.getByRole('alertdialog')
  await expect(sure).toContainText('30 天')
  await sure.getByRole('button', { name: '确定' }).click()
  await expect(row.getByText('已授权')).toBeVisible()
  await expect(row.getByText('离线')).toBeVisible()

  // heartbeats (every 2 s, the interval is 3 s) → online after a refresh
  expect(await dev.beat()).toBe(10000)
  const refresh = page.getByRole('button', { name: '刷新' })
  await refresh.click()
  await expect(row.getByText('在线')).toBeVisible()
  await expect(page.getByRole('region', { name: '终端统计' })).toBeVisible()

  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/shots/terminals-zh-1024.png' })
  await english(page)
  await expect(page.getByRole('heading', { name: 'Terminal authorisation' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: dev.deviceId })).toBeVisible()
  expect(await dev.beat()).toBe(10000)
  await page.screenshot({ path: '.tmp/shots/terminals-en-1024.png' })
  await chinese(page)

  // no more heartbeats: two intervals later it is offline
  await page.waitForTimeout(7000)
  await page.getByRole('button', { name: '刷新' }).click()
  await expect(page.getByRole('row').filter({ hasText: dev.deviceId }).getByText('离线')).toBeVisible()

  // cancel after confirmation: the device's heartbeats are refused
  await page.getByRole('row').filter({ hasText: dev.deviceId }).getByRole('button', { name: '取消授权' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '取消授权' }).click()
  await expect(page.getByRole('row').filter({ hasText: dev.deviceId }).getByText('已取消')).toBeVisible()
  expect(await dev.beat()).toBe(20021)

  // release the device after confirmation: it belongs to no account any more (no 释放设备 left)
  await page.getByRole('row').filter({ hasText: dev.deviceId }).getByRole('button', { name: '释放设备' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '释放设备' }).click()
  await expect(page.getByText('设备已释放')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: dev.deviceId }).getByRole('button', { name: '释放设备' })).toHaveCount(0)
})

test('filter the login log through the URL, export it as CSV, and read an operation’s redacted request', async ({ page, baseURL }) => {
  // an operation of admin's through the gateway (a device authorised): the operation log's newest row
  const dev = await device(baseURL!)
  const c = await new Client(baseURL!).signIn('admin', PASSWORD)
  const listed = await c.call<{ records: { terminalId: string; version: number }[] }>('GET', `${T}/listPage`, {
    query: { keyword: dev.deviceId },
  })
  const [terminal] = listed.body.data.records
  const agreed = await c.call('POST', `${T}/agree`, {
    json: { terminalId: terminal!.terminalId, version: terminal!.version, validityDays: 3 },
    idempotencyKey: newKey(),
  })
  expect(agreed.body.code, agreed.text).toBe(10000)
  await signIn(page, 'admin', { to: '/admin/systemLog' })
  await expect(page.getByRole('tab', { name: '登录日志', selected: true })).toBeVisible()
  await page.getByLabel('账号', { exact: true }).fill('admin')
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page).toHaveURL(/accountName=admin/)
  const table = page.getByRole('table', { name: '登录日志' })
  await expect(table.getByRole('row').nth(1)).toContainText('admin')
  await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1')
  await expect(table.getByRole('row').nth(1)).toContainText('本机')

  // the filter survives a reload (it is in the URL)
  await page.reload()
  await expect(page.getByLabel('账号', { exact: true })).toHaveValue('admin')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()])
  expect(download.suggestedFilename()).toBe(`登录日志_${today()}.csv`)
  const bytes = readFileSync((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.toString('utf8').slice(1).trim().split('\r\n')
  expect(lines[0]).toBe('时间,账号,IP,城市,终端,终端版本,系统版本,结果,返回码')
  expect(lines.length).toBeGreaterThan(1)
  // the export is the filtered list (the filter's own rules are tested on the API: tests/api/logs.test.ts)
  const accounts = lines.slice(1).map((l) => (l.split(',')[1] ?? '').replace(/^"|"$/g, ''))
  expect(accounts[0]).toBe('admin')
  expect(lines[1]).toContain(',成功,')

  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/shots/logs-login-zh-1024.png' })

  // an operation log entry: its detail shows the request pretty-printed, secrets redacted
  await page.getByRole('tab', { name: '操作日志' }).click()
  await expect(page).toHaveURL(/kind=operate/)
  const ops = page.getByRole('table', { name: '操作日志' })
  await expect(ops.getByRole('row').nth(1)).toBeVisible()
  await ops
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /详情|查看/ })
    .click()
  const sheet = page.getByRole('dialog', { name: '日志详情' })
  await expect(sheet.getByRole('heading', { name: '请求' })).toBeVisible()
  await expect(sheet.locator('pre').first()).toContainText(`"terminalId": "${terminal!.terminalId}"`)
  // who holds the account, by the helper call by account names (the demo administrator and its unit)
  await expect(sheet.getByText('姓名 · 单位', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    '王建国 · 中国铁路华东投资集团有限公司',
  )
  await page.screenshot({ path: '.tmp/shots/logs-detail-zh-1024.png' })
  await page.keyboard.press('Escape')

  await english(page)
  await expect(page.getByRole('tab', { name: 'Operation log', selected: true })).toBeVisible()
  await page.getByRole('tab', { name: 'Sign-in log' }).click()
  await expect(page.getByRole('table', { name: 'Sign-in log' }).getByRole('row').nth(1)).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/logs-login-en-1024.png' })
  await chinese(page)
})

test('the operation log shows each operation the gateway did, in words, once; its export reads as the screen; the system log shows the gateway’s own work', async ({
  page,
  baseURL,
}) => {
  const dev = await device(baseURL!)
  await signIn(page, 'admin', { to: `/admin/terminal-authentication?keyword=${dev.deviceId}` })
  const row = page.getByRole('row').filter({ hasText: dev.deviceId })
  // a dialog opened and cancelled is no operation
  const from = new Date(Date.now() - 1000).toISOString()
  await row.getByRole('button', { name: '授权' }).click()
  const dialog = page.getByRole('dialog', { name: '授权终端' })
  await dialog.getByRole('button', { name: '取消' }).click()
  await expect(dialog).toBeHidden()
  // one submitted: one operation
  await row.getByRole('button', { name: '授权' }).click()
  await dialog.getByLabel('有效天数').fill('7')
  await dialog.getByRole('button', { name: '授权' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(row.getByText('已授权')).toBeVisible()

  // this test's minute of admin's operations (other tests of the shared gateway authorise devices too)
  const to = new Date(Date.now() + 1000).toISOString()
  await page.goto(`/admin/systemLog?kind=operate&accountName=admin&from=${from}&to=${to}`)
  const ops = page.getByRole('table', { name: '操作日志' })
  await expect(ops.getByRole('row').nth(1)).toBeVisible()
  // the console posted no click: nothing of operateLog/add among the operations
  await expect(ops.getByRole('row').filter({ hasText: '/operateLog/add' })).toHaveCount(0)
  const agree = ops.getByRole('row').filter({ hasText: '/api/admin/v1/terminal/agree' })
  await expect(agree).toHaveCount(1)
  await expect(agree).toContainText('终端授权')
  await expect(agree).toContainText('授权')
  await expect(agree).toContainText('成功')
  const shownTime = (await agree.getByRole('cell').first().innerText()).trim()

  // the export as the screen shows it: its local time, its words, a Chinese file name
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()])
  expect(download.suggestedFilename()).toBe(`操作日志_${today()}.csv`)
  const lines = readFileSync((await download.path())!)
    .toString('utf8')
    .slice(1)
    .trim()
    .split('\r\n')
  expect(lines[0]).toMatch(/^时间,账号,菜单,动作,应用,服务,URI,方法,IP,结果,返回码,/)
  const line = lines.find((l) => l.includes('/api/admin/v1/terminal/agree'))!
  expect(line.startsWith(`${shownTime},admin,终端授权,授权,`)).toBe(true)
  expect(line).toContain(',成功,10000,')

  // in English, the same row in English words
  await english(page)
  const enAgree = page.getByRole('table', { name: 'Operation log' }).getByRole('row').filter({ hasText: '/api/admin/v1/terminal/agree' })
  await expect(enAgree).toContainText('Terminal authorisation')
  await expect(enAgree).toContainText('Authorise')
  await expect(enAgree).toContainText('Succeeded')
  await chinese(page)

  // the system log of a fresh gateway: its own work (the log partitions made at start), with SPEC's columns
  await page.getByRole('tab', { name: '系统日志' }).click()
  await expect(page).toHaveURL(/kind=system/)
  const system = page.getByRole('table', { name: '系统日志' })
  for (const title of ['事件', '菜单', '动作', '服务', '状态', '耗时'])
    await expect(system.getByRole('columnheader', { name: title })).toBeVisible()
  const upkeep = system.getByRole('row').filter({ hasText: '日志分区维护' })
  // the shared gateway's other tests write newer rows (newest first): page back to the upkeep done at its start
  await expect(page.getByText('第 1 页', { exact: true })).toBeVisible()
  for (let p = 2; p <= 60 && (await upkeep.count()) === 0; p++) {
    const next = page.getByRole('button', { name: '下一页' })
    if (await next.isDisabled()) break
    await next.click()
    await expect(page.getByText(`第 ${p} 页`, { exact: true })).toBeVisible()
    await expect(system.getByRole('row').nth(1)).toBeVisible()
  }
  await expect(upkeep).toHaveCount(1)
  await expect(upkeep).toContainText('后台任务')
  await expect(upkeep).toContainText('系统日志')
  await expect(upkeep).toContainText('成功')
  await expect(upkeep).toContainText(/\d+ ms/)
  await page.screenshot({ path: '.tmp/shots/logs-system-zh-1024.png' })
})

test('publish a version of an application and get it as a client with a freshly reset key', async ({ page, baseURL }) => {
  await signIn(page, 'admin', { to: '/admin/app-manage' })
  const row = page.getByRole('row').filter({ hasText: 'trestle-admin' })

  // reset the key: shown once
  await row.getByRole('button', { name: '重置密钥' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '重置密钥' }).click()
  const shown = page.getByRole('dialog', { name: /新密钥/ })
  const key = (await shown.getByRole('status', { name: '新密钥' }).textContent())!.trim()
  expect(key).toMatch(/^tk_/)
  await shown.getByRole('button', { name: '我已保存' }).click()

  await row.getByRole('button', { name: '版本' }).click()
  const sheet = page.getByRole('dialog', { name: /版本管理/ })
  const number = { major: '3', minor: String(Math.floor(Math.random() * 900) + 100), revision: '7' }
  await sheet.getByRole('button', { name: '新增' }).click()
  const form = page.getByRole('dialog', { name: '新增版本' })
  await form.getByLabel('主版本').fill(number.major)
  await form.getByLabel('次版本').fill(number.minor)
  await form.getByLabel('修订号').fill(number.revision)
  await form.getByLabel('更新说明').fill('修复离线同步问题')
  // the box says the gateway's configured package size (TRESTLE_PACKAGE_MAX_MB in fixtures.ts), not the default
  await expect(form.getByText(/单个文件不超过 300 MB/)).toBeVisible()
  // the installer package: uploaded while the dialog is open, then its name, size and SHA-256 are shown
  const apk = packageFile(`巡检-${number.minor}.apk`)
  await form.getByLabel('安装包').setInputFiles(apk)
  await expect(form.getByRole('link', { name: apk.name })).toBeVisible()
  await expect(form.getByText(apk.sha256)).toBeVisible()
  await expect(form).toContainText('20 KB')
  await form.getByRole('button', { name: '提交' }).click()
  const label = `${number.major}.${number.minor}.${number.revision}`
  const versionRow = sheet.getByRole('row').filter({ hasText: label })
  await expect(versionRow.getByText('未发布')).toBeVisible()
  // listed with its name, size and checksum, and the link gives back the same bytes
  await expect(versionRow.getByText(apk.sha256)).toBeVisible()
  const link = versionRow.getByRole('link', { name: apk.name })
  const got = await page.request.get((await link.getAttribute('href'))!)
  expect(got.headers()['x-checksum-sha256']).toBe(apk.sha256)
  expect(
    createHash('sha256')
      .update(await got.body())
      .digest('hex'),
  ).toBe(apk.sha256)

  await versionRow.getByRole('button', { name: '发布' }).click()
  await expect(page.getByRole('alertdialog')).toContainText(label)
  await page.getByRole('alertdialog').getByRole('button', { name: '发布' }).click()
  await expect(versionRow.getByText('已启用')).toBeVisible()
  await expect(versionRow).toContainText('admin')
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/shots/apps-versions-zh-1024.png' })
  await english(page)
  await page.getByRole('row').filter({ hasText: 'trestle-admin' }).getByRole('button', { name: 'Versions' }).click()
  await expect(
    page
      .getByRole('dialog', { name: /Versions/ })
      .getByRole('row')
      .filter({ hasText: label })
      .getByText('In use'),
  ).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/apps-versions-en-1024.png' })
  await chinese(page)

  // a client asks for the latest published version with the application's code and key
  const res = await fetch(`${baseURL}/api/auth/v1/application/latestPublish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appCode: 'trestle-admin', appKey: key }),
  })
  const body = (await res.json()) as { code: number; data: { version: string; releaseNote: string } }
  expect(body.code).toBe(10000)
  expect(body.data).toMatchObject({ version: label, releaseNote: '修复离线同步问题' })
})

test('应用授权: a unit and a role chosen for a new application are saved and shown again when it is reopened', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/app-manage' })
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增应用' })
  const name = `授权应用${uniqueTag()}`
  await fillRequired(page, form, { 应用名称: name })
  await submitDialog(form)

  const open = async () => {
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: '授权', exact: true }).click()
    return page.getByRole('dialog', { name: `应用授权 · ${name}` })
  }
  let dialog = await open()
  await dialog.getByLabel('单位 · 筛选').fill('中铁恒岳建设集团有限公司')
  await dialog.getByRole('checkbox', { name: '中铁恒岳建设集团有限公司', exact: true }).check()
  await dialog.getByLabel('角色 · 筛选').fill('普通用户')
  await dialog.getByRole('checkbox', { name: '普通用户', exact: true }).check()
  await expect(dialog.getByRole('group', { name: /单位 \(1\)/ })).toBeVisible()
  await dialog.getByRole('button', { name: '保存', exact: true }).click()
  await expect(page.getByText('授权已保存').first()).toBeVisible()
  await expect(dialog).toBeHidden()

  // read back from the gateway after a reload
  await page.reload()
  dialog = await open()
  await expect(dialog.getByRole('checkbox', { name: '中铁恒岳建设集团有限公司', exact: true })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: '普通用户', exact: true })).toBeChecked()
  await expect(dialog.getByRole('group', { name: /角色 \(1\)/ })).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/app-grants-zh.png' })
})
