/**
 * 抄送 reaches an auditor (issue 29), 1024×768 in Chinese: an account of the seeded 安全审计员 role
 * (流程查询 and 消息中心 only) is added through the API; the administrator, at his task of a process he
 * started, copies it to the auditor from the instance's detail (抄送). The auditor, signed in elsewhere,
 * sees 抄送：<title> in the message centre — live, linked to 流程查询 — and the instance under 抄送我的.
 * Screenshot: .tmp/shots/workflow-cc-auditor-1024.png.
 */
import { expect, test } from './fixtures'
import { Client, newKey } from '../api/client'
import { PASSWORD, signIn } from './helpers'

const A = '/api/admin/v1'
const UNIT = '中铁恒岳建设集团有限公司'
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/><userTask id="T1" name="安全检查"/><sequenceFlow id="f2" sourceRef="T1" targetRef="e"/><endEvent id="e"/></process></definitions>`

const ok = <T>(r: { body: { code: number; data: T }; text: string }): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const post = <T>(c: Client, path: string, json: unknown) => c.call<T>('POST', path, { json, idempotencyKey: newKey() })

test('a task copied to an auditor reaches the auditor’s message centre', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const tag = Date.now().toString(36)
  // the auditor: 安全审计员 (seeded), in the administrator's unit
  const roles = ok(await admin.call<{ roleId: string; roleName: string }[]>('GET', `${A}/role/list`))
  const orgs = ok(
    await admin.call<{ organizationId: string; organizationName: string }[]>('GET', `${A}/org/list`, { query: { keyword: UNIT } }),
  )
  const auditorName = `aud${tag}`.slice(0, 20)
  ok(
    await post(admin, `${A}/generalAccount/add`, {
      accountName: auditorName,
      userName: `审计${tag.slice(-4)}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      organizationId: orgs.find((o) => o.organizationName === UNIT)!.organizationId,
      roleIds: [roles.find((r) => r.roleName === '安全审计员')!.roleId],
    }),
  )
  // a one-step process waiting at the administrator
  const accounts = ok(
    await admin.call<{ records: { accountId: string; accountName: string }[] }>('GET', `${A}/generalAccount/listPage`, {
      query: { keyword: 'admin', pageSize: 20 },
    }),
  )
  const adminId = accounts.records.find((a) => a.accountName === 'admin')!.accountId
  const apps = ok(await admin.call<{ applicationId: string }[]>('GET', `${A}/application/list`))
  const key = `wfc_${tag}`
  const m = ok(
    await post<{ modelId: string }>(admin, `${A}/actReModel/add`, {
      model: { applicationId: apps[0]!.applicationId, category: '审批', modelKey: key, name: `安全检查${tag}`, bpmnXml: XML },
      executorList: [{ nodeId: 'T1', settingMode: 'user', ids: [adminId] }],
    }),
  )
  ok(await post(admin, `${A}/actReModel/deploymentModel`, { modelId: m.modelId }))
  const title = `脚手架安全检查${tag}`
  ok(await post(admin, `${A}/wfInstance/start`, { modelKey: key, title }))

  const auditorCtx = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN' })
  const adminCtx = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN' })
  const auditor = await auditorCtx.newPage()
  const page = await adminCtx.newPage()
  try {
    await signIn(auditor, auditorName, { to: '/admin/message-center' })
    await expect(auditor.getByRole('heading', { name: '消息中心' })).toBeVisible()

    await signIn(page, 'admin', { to: '/admin/workflow-query' })
    const row = page.getByRole('tabpanel').getByRole('row').filter({ hasText: title })
    await row.getByRole('button', { name: '详情' }).click()
    const sheet = page.getByRole('dialog', { name: title })
    await sheet.getByRole('button', { name: '抄送' }).click()
    const copy = page.getByRole('dialog', { name: '抄送' })
    await copy.getByRole('combobox', { name: '抄送给' }).click()
    await page.keyboard.type(auditorName)
    await page.getByRole('option', { name: new RegExp(auditorName) }).click()
    await copy.getByRole('button', { name: '抄送' }).click()
    await expect(copy).toBeHidden()
    await expect(page.getByText('已提交').first()).toBeVisible()

    // the auditor's open message centre: the cc arrives live, linked to 流程查询
    const item = auditor
      .getByRole('list', { name: '我的消息' })
      .getByRole('listitem')
      .filter({ hasText: `抄送：${title}` })
    await expect(item).toBeVisible({ timeout: 30_000 })
    await expect(item).toHaveAttribute('data-unread', 'true')
    await expect(item.getByRole('link', { name: '查看' })).toHaveAttribute('href', '/admin/workflow-query')
    await auditor.screenshot({ path: '.tmp/shots/workflow-cc-auditor-1024.png' })
    // and under 抄送我的
    await auditor.goto('/admin/workflow-query')
    await auditor.getByRole('tab', { name: '抄送我的' }).click()
    await expect(auditor.getByRole('tabpanel').getByRole('row').filter({ hasText: title })).toBeVisible()
  } finally {
    await auditorCtx.close()
    await adminCtx.close()
  }
})
