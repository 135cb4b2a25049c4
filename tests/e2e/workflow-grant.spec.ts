/**
 * Role authorisation's 流程模型 grant at 1024×768 in Chinese (issue 29: which roles may start which
 * models): a model deployed through the API is open to everybody — the administrator and zhangwei
 * both find it in 发起流程. The administrator grants it to 普通用户 (zhangwei's role) in 授权 → 资源 →
 * 流程模型 and saves; from then on zhangwei's dialog offers it and the administrator's (系统管理员,
 * not granted) does not. Screenshot: .tmp/shots/roles-grant-wfmodel-1024.png.
 */
import { expect, test, type Page } from './fixtures'
import { Client, newKey } from '../api/client'
import { PASSWORD, signIn } from './helpers'

const A = '/api/admin/v1'
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/><userTask id="T1" name="审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="e"/><endEvent id="e"/></process></definitions>`

const ok = <T>(r: { body: { code: number; data: T }; text: string }): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

/** Whether the 发起流程 dialog offers a model of this name (or says there is nothing to start). */
async function offers(page: Page, name: string): Promise<boolean> {
  await page.goto('/admin/workflow-query')
  // what the dialog offers is the answer of wfInstance/startable: wait for it, then look
  const startable = page.waitForResponse((r) => r.url().includes('/wfInstance/startable'))
  await page.getByRole('button', { name: '发起流程' }).click()
  const answer = (await (await startable).json()) as { data: unknown[] }
  const dialog = page.getByRole('dialog', { name: '发起流程' })
  let found = false
  if (answer.data.length === 0) await expect(dialog.getByText('没有您可发起的流程')).toBeVisible()
  else {
    await dialog.getByRole('combobox', { name: '流程' }).click()
    await expect(page.getByRole('option').first()).toBeVisible()
    found = (await page.getByRole('option', { name: new RegExp(name) }).count()) > 0
    await page.keyboard.press('Escape')
  }
  await dialog.getByRole('button', { name: '取消' }).click()
  await expect(dialog).toBeHidden()
  return found
}

test('a model granted to a role is started by its members only', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const api = await new Client(baseURL!).signIn('admin', PASSWORD)
  const apps = ok(await api.call<{ applicationId: string }[]>('GET', `${A}/application/list`))
  const key = `wfg_${Date.now().toString(36)}`
  const name = `发起授权${key}`
  const accounts = ok(
    await api.call<{ records: { accountId: string; accountName: string }[] }>('GET', `${A}/generalAccount/listPage`, {
      query: { keyword: 'admin', pageSize: 20 },
    }),
  )
  const adminId = accounts.records.find((a) => a.accountName === 'admin')!.accountId
  const m = ok(
    await api.call<{ modelId: string }>('POST', `${A}/actReModel/add`, {
      json: {
        model: { applicationId: apps[0]!.applicationId, category: '审批', modelKey: key, name, bpmnXml: XML },
        executorList: [{ nodeId: 'T1', settingMode: 'user', ids: [adminId] }],
      },
      idempotencyKey: newKey(),
    }),
  )
  ok(await api.call('POST', `${A}/actReModel/deploymentModel`, { json: { modelId: m.modelId }, idempotencyKey: newKey() }))

  const adminCtx = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const memberCtx = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const admin = await adminCtx.newPage()
  const member = await memberCtx.newPage()
  try {
    await signIn(admin, 'admin')
    await signIn(member, 'zhangwei')
    // granted to nobody, no use scope: everybody may start it
    expect(await offers(admin, name)).toBe(true)
    expect(await offers(member, name)).toBe(true)

    await admin.goto('/admin/role-manage')
    await admin.getByRole('row').filter({ hasText: '普通用户' }).getByRole('button', { name: '授权' }).click()
    const sheet = admin.getByRole('dialog', { name: '授权 · 普通用户' })
    await sheet.getByRole('tab', { name: '资源' }).click()
    await sheet.getByRole('combobox', { name: '资源类型' }).click()
    await admin.getByRole('option', { name: '流程模型' }).click()
    await expect(sheet.getByText('角色成员可发起的流程模型')).toBeVisible()
    const box = sheet.getByRole('checkbox', { name, exact: true })
    await expect(box).not.toBeChecked()
    await box.click()
    await expect(sheet.getByText('已选 1 项')).toBeVisible()
    await admin.screenshot({ path: '.tmp/shots/roles-grant-wfmodel-1024.png' })
    await sheet.getByRole('button', { name: '保存' }).click()
    await expect(admin.getByText('授权已保存').first()).toBeVisible()
    // what the gateway keeps: the model granted to the role
    const roles = ok(await api.call<{ roleId: string; roleName: string }[]>('GET', `${A}/role/list`))
    const general = roles.find((r) => r.roleName === '普通用户')!
    const items = ok(
      await api.call<{ resourceId: string; granted: boolean }[]>('GET', `${A}/roleResource/list`, {
        query: { roleId: general.roleId, resourceType: 'wfModel' },
      }),
    )
    expect(items.find((i) => i.resourceId === m.modelId)?.granted).toBe(true)
    await admin.keyboard.press('Escape')

    // now zhangwei (普通用户) may start it; the administrator (系统管理员) may not
    expect(await offers(member, name)).toBe(true)
    expect(await offers(admin, name)).toBe(false)
  } finally {
    await adminCtx.close()
    await memberCtx.close()
  }
})
