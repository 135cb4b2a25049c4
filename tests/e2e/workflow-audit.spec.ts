/**
 * The user audit run as a process (issue 29) at 1024×768 in Chinese, on a gateway of its own (a model
 * bound to 用户审核 changes every registration, so the shared one is left alone). A one-node model on the
 * 用户审核 menu whose task goes to the demo account zhangwei is added and deployed through the API; a
 * visitor registers on /register; the administrator's 用户审核 shows the record 审批中 · 人事审核 with
 * 通过/驳回 disabled and the reason as their tooltip; zhangwei approves it in 流程查询's 待办; the record
 * is then 已通过 on 用户审核, decided by zhangwei.
 * Screenshots: .tmp/shots/workflow-audit-{running,todo,approved}-1024.png.
 */
import path from 'node:path'
import { expect, test, type Page } from './fixtures'
import { Client, newKey } from '../api/client'
import { lastVerifyCode, sleep } from '../api/helpers'
import { DEMO_PASSWORD, startGateway, type Gateway } from '../support/gateway'

const A = '/api/admin/v1'
const NS =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"'
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
  <startEvent id="s"/><userTask id="T1" name="人事审核"/><endEvent id="e"/>
  <sequenceFlow id="f0" sourceRef="s" targetRef="T1"/><sequenceFlow id="f1" sourceRef="T1" targetRef="e"/></process>
  <bpmndi:BPMNDiagram id="dg"><bpmndi:BPMNPlane id="pl" bpmnElement="p">
  <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="112" y="102" width="36" height="36"/></bpmndi:BPMNShape>
  <bpmndi:BPMNShape id="T1_di" bpmnElement="T1"><dc:Bounds x="240" y="80" width="100" height="80"/></bpmndi:BPMNShape>
  <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="432" y="102" width="36" height="36"/></bpmndi:BPMNShape>
  <bpmndi:BPMNEdge id="f0_di" bpmnElement="f0"><di:waypoint x="148" y="120"/><di:waypoint x="240" y="120"/></bpmndi:BPMNEdge>
  <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="340" y="120"/><di:waypoint x="432" y="120"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`

const ok = <T>(r: { body: { code: number; data: T }; text: string }): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const post = <T>(c: Client, p: string, json: unknown) => c.call<T>('POST', p, { json, idempotencyKey: newKey() })

let gw: Gateway

test.beforeAll(async () => {
  test.setTimeout(150_000)
  gw = await startGateway('e2e-workflow-audit', { TRESTLE_SERVE_DIST: path.resolve('dist') })
})

test.afterAll(async () => {
  await gw?.stop()
})

/** Signs in on this spec's gateway through the login page. */
async function signIn(page: Page, account: string) {
  await page.goto(`${gw.url}/login`)
  await page.getByLabel('账号或手机号').fill(account)
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/home/)
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })

test('a registration goes through the bound audit process: approved in 流程查询, shown approved on 用户审核', async ({ browser }) => {
  test.setTimeout(180_000)
  const viewport = { width: 1024, height: 768 }
  // ---- the process bound to 用户审核: its one task goes to zhangwei
  const admin = await new Client(gw.url).signIn('admin', DEMO_PASSWORD)
  const apps = ok(
    await admin.call<{ records: { applicationId: string; code: string }[] }>('GET', `${A}/application/listPage`, {
      query: { pageIndex: 1, pageSize: 100 },
    }),
  )
  const applicationId = apps.records.find((a) => a.code === 'trestle-admin')!.applicationId
  const menus = ok(
    await admin.call<{ applicationMenuId: string; action: string | null }[]>('GET', `${A}/applicationMenu/list`, {
      query: { applicationId },
    }),
  )
  const auditMenuId = menus.find((m) => m.action?.replace(/^\/?/, '/') === '/admin/user-audit')!.applicationMenuId
  const accounts = ok(
    await admin.call<{ records: { accountId: string; accountName: string }[] }>('GET', `${A}/generalAccount/listPage`, {
      query: { keyword: 'zhangwei', pageSize: 20 },
    }),
  )
  const zhangwei = accounts.records.find((a) => a.accountName === 'zhangwei')!.accountId
  const model = ok(
    await post<{ modelId: string }>(admin, `${A}/actReModel/add`, {
      model: {
        applicationId,
        applicationMenuId: auditMenuId,
        category: '审批',
        modelKey: `wfaudit${Date.now()}`,
        name: '注册审核流程',
        bpmnXml: XML,
      },
      executorList: [{ nodeId: 'T1', settingMode: 'user', ids: [zhangwei] }],
    }),
  )
  ok(await post(admin, `${A}/actReModel/deploymentModel`, { modelId: model.modelId }))

  // ---- a visitor registers
  const visitorCtx = await browser.newContext({ locale: 'zh-CN', viewport })
  const visitor = await visitorCtx.newPage()
  const stamp = Date.now().toString(36)
  const accountName = `wfa${stamp}`.slice(0, 20)
  const userName = `流程注册${stamp.slice(-3)}`
  const phone = `1390${String(Date.now()).slice(-7)}`
  await visitor.goto(`${gw.url}/register`)
  await expect(visitor.getByRole('heading', { name: '注册账号' })).toBeVisible()
  await visitor.getByLabel('账号').fill(accountName)
  await visitor.getByLabel('密码', { exact: true }).fill('Build#2026')
  await visitor.getByLabel('确认密码').fill('Build#2026')
  await visitor.getByLabel('姓名').fill(userName)
  await visitor.getByLabel('手机号').fill(phone)
  await visitor.getByRole('button', { name: '获取验证码' }).click()
  let code: string | null = null
  for (let i = 0; i < 50 && !code; i++) {
    await sleep(100)
    code = lastVerifyCode(gw, phone)
  }
  expect(code, 'the code in the gateway log').toMatch(/^\d{6}$/)
  await visitor.getByRole('textbox', { name: '验证码' }).fill(code!)
  await visitor.getByRole('button', { name: '提交注册' }).click()
  await expect(visitor.getByTestId('register-done')).toContainText('待审核')
  await visitorCtx.close()

  // ---- 用户审核: the record waits in the process; its direct decisions are disabled, with the reason
  const adminCtx = await browser.newContext({ locale: 'zh-CN', viewport })
  const page = await adminCtx.newPage()
  await signIn(page, 'admin')
  await page.goto(`${gw.url}/admin/user-audit`)
  await expect(page.getByRole('heading', { name: '用户审核' })).toBeVisible()
  const record = rowOf(page, accountName)
  await expect(record).toContainText('审批中 · 人事审核')
  const approveButton = record.getByRole('button', { name: '通过' })
  await expect(approveButton).toBeDisabled()
  await expect(record.getByRole('button', { name: '驳回' })).toBeDisabled()
  await expect(record.locator('[data-refused]').first()).toHaveAttribute('title', '该记录正在流程中审核，请在流程待办中处理')
  await page.screenshot({ path: '.tmp/shots/workflow-audit-running-1024.png' })

  // ---- zhangwei approves it in 流程查询's 待办
  const zwCtx = await browser.newContext({ locale: 'zh-CN', viewport })
  const zw = await zwCtx.newPage()
  await signIn(zw, 'zhangwei')
  await zw.goto(`${gw.url}/admin/workflow-query`)
  await expect(zw.getByRole('heading', { name: '流程查询' })).toBeVisible()
  const task = zw
    .getByRole('tabpanel')
    .getByRole('row')
    .filter({ hasText: `用户审核：${userName}` })
  await expect(task).toContainText('人事审核')
  await zw.screenshot({ path: '.tmp/shots/workflow-audit-todo-1024.png' })
  await task.getByRole('button', { name: '同意' }).click()
  const approve = zw.getByRole('dialog', { name: '同意' })
  await approve.getByRole('textbox', { name: '审批意见' }).fill('资料齐全，同意注册')
  await approve.getByRole('button', { name: '同意' }).click()
  await expect(approve).toBeHidden()
  await expect(task).toHaveCount(0)
  await zwCtx.close()

  // ---- 用户审核: approved, by zhangwei; nothing left to decide
  await page.reload()
  await expect(record).toContainText('已通过')
  await expect(record).not.toContainText('审批中')
  await expect(record.getByRole('button', { name: '通过' })).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/workflow-audit-approved-1024.png' })
  const list = ok(
    await admin.call<{ records: { accountName: string; auditStatus: string; accountStatus: string; auditBy: string }[] }>(
      'GET',
      `${A}/userAudit/listPage`,
      { query: { keyword: accountName } },
    ),
  )
  expect(list.records).toEqual([expect.objectContaining({ auditStatus: 'approved', accountStatus: 'normal', auditBy: 'zhangwei' })])
  await adminCtx.close()
})
