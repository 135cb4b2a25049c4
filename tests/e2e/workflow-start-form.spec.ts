/**
 * A start form at 1024×768 in Chinese (issue 29): a model whose approval goes to the account in the
 * form field `manager` (added through the API, not deployed) is opened in the modeler; its start
 * event gets two start-form fields in our panel (金额, a required number; 审批经理, a required
 * account); saved and published. On 流程查询 the administrator starts it from 发起流程, filling the
 * two fields (a missing one refused in the dialog first); the task waits for the account chosen
 * (张伟), and the instance's detail shows the values. The start event's external form: the dialog's
 * 在外部表单中发起 link. Screenshot: .tmp/shots/workflow-start-form-1024.png
 * (the dialog filled), workflow-start-form-panel-1024.png (the panel).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from './fixtures'
import { Client, newKey } from '../api/client'
import { PASSWORD, pickOption, signIn } from './helpers'

const A = '/api/admin/v1'
const NS =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"'
/** start → 经理审批 → end, drawn (the modeler shows only what has DI). */
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
  <startEvent id="s"/><userTask id="T1" name="经理审批"/><endEvent id="e"/>
  <sequenceFlow id="f0" sourceRef="s" targetRef="T1"/><sequenceFlow id="f1" sourceRef="T1" targetRef="e"/></process>
  <bpmndi:BPMNDiagram id="dg"><bpmndi:BPMNPlane id="pl" bpmnElement="p">
  <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="232" y="102" width="36" height="36"/></bpmndi:BPMNShape>
  <bpmndi:BPMNShape id="T1_di" bpmnElement="T1"><dc:Bounds x="340" y="80" width="100" height="80"/></bpmndi:BPMNShape>
  <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="512" y="102" width="36" height="36"/></bpmndi:BPMNShape>
  <bpmndi:BPMNEdge id="f0_di" bpmnElement="f0"><di:waypoint x="268" y="120"/><di:waypoint x="340" y="120"/></bpmndi:BPMNEdge>
  <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="440" y="120"/><di:waypoint x="512" y="120"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`

const ok = <T>(r: { body: { code: number; data: T }; text: string }): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

/** axe's WCAG 2.0/2.1 A and AA violations inside `selector`. */
const violations = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )

test('declare a start form in the modeler, start from it, the task goes to the account chosen', async ({ page, baseURL }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const apps = ok(await admin.call<{ applicationId: string }[]>('GET', `${A}/application/list`))
  const tag = `${Date.now() % 100000}`
  const key = `wfsf_e2e_${Date.now().toString(36)}`
  const name = `费用报销${tag}`
  ok(
    await admin.call('POST', `${A}/actReModel/add`, {
      json: {
        model: { applicationId: apps[0]!.applicationId, category: '财务', modelKey: key, name, bpmnXml: XML },
        executorList: [{ nodeId: 'T1', settingMode: 'formField', variable: 'manager' }],
      },
      idempotencyKey: newKey(),
    }),
  )

  // ---- the modeler: the start event's 启动表单
  await signIn(page, 'admin', { to: '/admin/process-model-management' })
  await page.getByRole('row').filter({ hasText: key }).getByRole('button', { name: '设计' }).click()
  await expect(page.getByRole('heading', { name: `编辑流程模型 · ${name}` })).toBeVisible()
  const canvas = page.getByRole('application', { name: '流程图' })
  await canvas.locator('g.djs-element[data-element-id="s"]').click()
  const panel = page.getByRole('complementary', { name: '流程属性' })
  const form = panel.getByRole('group', { name: '启动表单' })
  await form.getByRole('button', { name: '添加字段' }).click()
  await form.getByRole('button', { name: '添加字段' }).click()
  const row1 = form.getByRole('listitem', { name: '字段 1' })
  await row1.getByLabel('字段标识').fill('amount')
  await row1.getByLabel('字段名称').fill('金额')
  await row1.getByRole('combobox', { name: '类型' }).click()
  await page.getByRole('option', { name: '数字' }).click()
  await row1.getByRole('checkbox', { name: '必填' }).check()
  const row2 = form.getByRole('listitem', { name: '字段 2' })
  await row2.getByLabel('字段标识').fill('manager')
  await row2.getByLabel('字段名称').fill('审批经理')
  await row2.getByRole('combobox', { name: '类型' }).click()
  await page.getByRole('option', { name: '账号' }).click()
  await row2.getByRole('checkbox', { name: '必填' }).check()
  await panel.getByRole('group', { name: '外部启动表单' }).getByLabel('表单地址').fill('https://forms.example.cn/expense?from=trestle')
  await page.screenshot({ path: '.tmp/shots/workflow-start-form-panel-1024.png' })
  expect(await violations(page, 'aside[aria-label="流程属性"]')).toEqual([])

  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('流程模型已保存').first()).toBeVisible()
  await page.getByRole('button', { name: '发布' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('已发布版本 v1').first()).toBeVisible()

  // ---- 发起流程 with the form
  await page.goto('/admin/workflow-query')
  await page.getByRole('button', { name: '发起流程' }).click()
  const start = page.getByRole('dialog', { name: '发起流程' })
  await pickOption(page, start.getByRole('combobox', { name: '流程' }), `${name} v1`, name)
  await expect(start.getByRole('group', { name: '启动表单' })).toBeVisible()
  // the external form too: its URL with the model's key and the version's id appended, in a new tab
  const external = start.getByRole('link', { name: '在外部表单中发起' })
  await expect(external).toHaveAttribute(
    'href',
    new RegExp(`^https://forms\\.example\\.cn/expense\\?from=trestle&modelKey=${key}&modelHistoryId=[0-9a-f-]{36}$`),
  )
  await expect(external).toHaveAttribute('target', '_blank')
  const title = `报销 ${tag}`
  await start.getByRole('textbox', { name: '标题' }).fill(title)
  await start.getByRole('textbox', { name: '金额' }).fill('1200.5')
  // the manager missing: the dialog says so and sends nothing
  await start.getByRole('button', { name: '发起流程' }).click()
  await expect(start.getByRole('combobox', { name: '审批经理' })).toHaveAttribute('aria-invalid', 'true')
  await pickOption(page, start.getByRole('combobox', { name: '审批经理' }), /zhangwei/, 'zhangwei')
  await page.screenshot({ path: '.tmp/shots/workflow-start-form-1024.png' })
  expect(await violations(page, '[role="dialog"]')).toEqual([])
  await start.getByRole('button', { name: '发起流程' }).click()
  await expect(page.getByText('流程已发起').first()).toBeVisible()
  await expect(start).toBeHidden()

  // ---- the detail: waiting for the account chosen, the form's values
  await page.getByRole('tab', { name: '我发起的' }).click()
  await page.getByRole('tabpanel').getByRole('row').filter({ hasText: title }).getByRole('button', { name: '详情' }).click()
  const sheet = page.getByRole('dialog', { name: title })
  await expect(sheet.getByText('待 张伟 办理')).toBeVisible()
  const values = sheet.getByRole('region', { name: '启动表单' })
  await expect(values.getByRole('term')).toHaveText(['金额', '审批经理'])
  await expect(values.getByRole('definition')).toHaveText(['1200.5', '张伟'])
  expect(await violations(page, '[role="dialog"]')).toEqual([])
})
