/**
 * 流程查询 at 1024×768 in Chinese (issue 29): a one-node model whose task goes to the demo account
 * zhangwei (普通用户: the workflow-query menu) is added and deployed through the API; the
 * administrator starts it from the screen's 发起流程 dialog and withdraws a third instance from
 * 我发起的; zhangwei sees the two others in 待办, opens the first's detail (the diagram in bpmn-js's
 * viewer, its current node marked), approves it with a comment (已办, the instance 已通过) and
 * rejects the second (a comment required → 已驳回). A two-node model: its second task returned (退回)
 * to the first. A task handled meanwhile says so in the dialog. The screen in English. The viewer's
 * chunk loads in the detail only, never on the home or the lists.
 * Screenshots: .tmp/shots/workflow-query-{todo,detail,done,all,todo-en}-1024.png.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from './fixtures'
import { Client, newKey } from '../api/client'
import { PASSWORD, pickOption, signIn } from './helpers'

const A = '/api/admin/v1'
const NS =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"'

/** A straight process start → the user tasks → end, with its diagram (the viewer draws only what has DI). */
function xml(tasks: [id: string, name: string][]): string {
  const ids = ['s', ...tasks.map(([id]) => id), 'e']
  const flows = ids.slice(1).map((to, i) => `<sequenceFlow id="f${i}" sourceRef="${ids[i]}" targetRef="${to}"/>`)
  const x = (i: number) => 80 + i * 160
  const shapes = ids.map((id, i) =>
    id === 's' || id === 'e'
      ? `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x(i) + 32}" y="102" width="36" height="36"/></bpmndi:BPMNShape>`
      : `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x(i)}" y="80" width="100" height="80"/></bpmndi:BPMNShape>`,
  )
  const edges = ids
    .slice(1)
    .map(
      (_, i) =>
        `<bpmndi:BPMNEdge id="f${i}_di" bpmnElement="f${i}"><di:waypoint x="${x(i) + (i === 0 ? 68 : 100)}" y="120"/><di:waypoint x="${x(i + 1) + (i + 1 === ids.length - 1 ? 32 : 0)}" y="120"/></bpmndi:BPMNEdge>`,
    )
  return `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
  <startEvent id="s"/>${tasks.map(([id, name]) => `<userTask id="${id}" name="${name}"/>`).join('')}<endEvent id="e"/>${flows.join('')}</process>
  <bpmndi:BPMNDiagram id="dg"><bpmndi:BPMNPlane id="pl" bpmnElement="p">${shapes.join('')}${edges.join('')}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`
}

const ok = <T>(r: { body: { code: number; data: T }; text: string }): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const post = <T>(c: Client, path: string, json: unknown) => c.call<T>('POST', path, { json, idempotencyKey: newKey() })

/** Adds and deploys a model whose user tasks all go to `accountId`. */
async function deployed(admin: Client, applicationId: string, accountId: string, name: string, tasks: [string, string][]) {
  const key = `wfq_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const m = ok(
    await post<{ modelId: string }>(admin, `${A}/actReModel/add`, {
      model: { applicationId, category: '审批', modelKey: key, name, bpmnXml: xml(tasks) },
      executorList: tasks.map(([nodeId]) => ({ nodeId, settingMode: 'user', ids: [accountId] })),
    }),
  )
  ok(await post(admin, `${A}/actReModel/deploymentModel`, { modelId: m.modelId }))
  return key
}

/**
 * axe's WCAG 2.0/2.1 A and AA violations inside `selector` (as tests/e2e/a11y.spec.ts checks every
 * screen; the shell's own frame is that sweep's, at its viewport).
 */
const violations = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )

const tab = (page: Page, name: string) => page.getByRole('tab', { name })
const rowOf = (page: Page, text: string) => page.getByRole('tabpanel').getByRole('row').filter({ hasText: text })

test('start, withdraw, approve, reject and return on 流程查询', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const apps = ok(await admin.call<{ applicationId: string }[]>('GET', `${A}/application/list`))
  const applicationId = apps[0]!.applicationId
  const accounts = ok(
    await admin.call<{ records: { accountId: string; accountName: string }[] }>('GET', `${A}/generalAccount/listPage`, {
      query: { keyword: 'zhangwei', pageSize: 20 },
    }),
  )
  const zhangwei = accounts.records.find((a) => a.accountName === 'zhangwei')!.accountId
  const tag = Date.now() % 100000
  const modelName = `用车申请${tag}`
  const key = await deployed(admin, applicationId, zhangwei, modelName, [['T1', '部门审批']])
  const twoKey = await deployed(admin, applicationId, zhangwei, `用印申请${tag}`, [
    ['T1', '经办审核'],
    ['T2', '负责人审批'],
  ])

  // ---- the administrator: starts one in the screen, two more through the API, withdraws the third
  const viewport = { width: 1024, height: 768 }
  const adminCtx = await browser.newContext({ locale: 'zh-CN', viewport })
  const page = await adminCtx.newPage()
  const bpmnChunks: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/bpmn[A-Za-z]*-[^/]*\.js$/.test(r.url())) bpmnChunks.push(r.url())
  })
  await signIn(page, 'admin')
  expect(bpmnChunks, 'no bpmn chunk on the login, the shell or the home').toEqual([])
  await page.goto('/admin/workflow-query')
  await expect(page.getByRole('heading', { name: '流程查询' })).toBeVisible()
  await page.getByRole('button', { name: '发起流程' }).click()
  const start = page.getByRole('dialog', { name: '发起流程' })
  await pickOption(page, start.getByRole('combobox', { name: '流程' }), `${modelName} v1`, modelName)
  const first = `用车 ${tag} 甲`
  await start.getByRole('textbox', { name: '标题' }).fill(first)
  await start.getByRole('button', { name: '发起流程' }).click()
  await expect(page.getByText('流程已发起').first()).toBeVisible()
  await expect(start).toBeHidden()

  const second = `用车 ${tag} 乙`
  const third = `用车 ${tag} 丙`
  ok(await post(admin, `${A}/wfInstance/start`, { modelKey: key, title: second }))
  ok(await post(admin, `${A}/wfInstance/start`, { modelKey: key, title: third }))
  const fourth = `用印 ${tag}`
  ok(await post(admin, `${A}/wfInstance/start`, { modelKey: twoKey, title: fourth }))

  await tab(page, '我发起的').click()
  await expect(rowOf(page, first)).toContainText('审批中')
  await rowOf(page, third).getByRole('button', { name: '撤回' }).click()
  const withdraw = page.getByRole('dialog', { name: '撤回流程' })
  await withdraw.getByRole('button', { name: '撤回' }).click()
  await expect(page.getByText('流程已撤回').first()).toBeVisible()
  await expect(rowOf(page, third)).toContainText('已撤回')

  await tab(page, '全部流程').click()
  await expect(page.getByRole('search').getByLabel('发起日期（起）')).toBeVisible()
  await expect(rowOf(page, first)).toContainText('审批中')
  await page.screenshot({ path: '.tmp/shots/workflow-query-all-1024.png' })
  expect(bpmnChunks, 'no bpmn chunk on the lists').toEqual([])

  // ---- zhangwei: 待办, the detail with its diagram, 同意 with a comment, 驳回
  const zwCtx = await browser.newContext({ locale: 'zh-CN', viewport })
  const zw = await zwCtx.newPage()
  const zwChunks: string[] = []
  zw.on('request', (r) => {
    if (/\/assets\/bpmn[A-Za-z]*-[^/]*\.js$/.test(r.url())) zwChunks.push(r.url())
  })
  await signIn(zw, 'zhangwei', { to: '/admin/workflow-query' })
  await expect(rowOf(zw, first)).toContainText('部门审批')
  await expect(rowOf(zw, second)).toBeVisible()
  await expect(rowOf(zw, third)).toHaveCount(0)
  await zw.screenshot({ path: '.tmp/shots/workflow-query-todo-1024.png' })
  expect(await violations(zw, 'main')).toEqual([])
  expect(zwChunks).toEqual([])

  await rowOf(zw, first).getByRole('button', { name: '详情' }).click()
  const sheet = zw.getByRole('dialog', { name: first })
  const diagram = sheet.getByRole('figure', { name: '流程图（只读）' })
  await expect(diagram.locator('[data-element-id="T1"].wf-current')).toBeVisible()
  await expect(diagram.locator('.bjs-powered-by')).toBeVisible()
  await expect(sheet.getByText('当前节点')).toBeVisible()
  await expect(sheet.getByText('待 张伟 办理')).toBeVisible()
  expect(zwChunks.length, 'the viewer loads with the detail').toBeGreaterThan(0)
  await zw.screenshot({ path: '.tmp/shots/workflow-query-detail-1024.png' })
  expect(await violations(zw, '[role="dialog"]')).toEqual([])

  await sheet.getByRole('button', { name: '同意' }).click()
  const approve = zw.getByRole('dialog', { name: '同意' })
  await approve.getByRole('textbox', { name: '审批意见' }).fill('情况属实，同意用车')
  await approve.getByRole('button', { name: '同意' }).click()
  await expect(approve).toBeHidden()
  await expect(sheet.getByText('已通过')).toBeVisible()
  await expect(sheet.getByText('情况属实，同意用车')).toBeVisible()
  await expect(diagram.locator('[data-element-id="T1"].wf-finished')).toBeVisible()
  await zw.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(rowOf(zw, first)).toHaveCount(0)

  // 驳回 needs a comment
  await rowOf(zw, second).getByRole('button', { name: '驳回' }).click()
  const reject = zw.getByRole('dialog', { name: '驳回' })
  await reject.getByRole('button', { name: '驳回' }).click()
  await expect(reject.getByRole('textbox', { name: '审批意见' })).toHaveAttribute('aria-invalid', 'true')
  await reject.getByRole('textbox', { name: '审批意见' }).fill('用车理由不充分')
  await reject.getByRole('button', { name: '驳回' }).click()
  await expect(reject).toBeHidden()

  await tab(zw, '我的已办').click()
  await expect(rowOf(zw, first)).toContainText('已同意')
  await expect(rowOf(zw, second)).toContainText('已驳回')
  await zw.screenshot({ path: '.tmp/shots/workflow-query-done-1024.png' })
  await rowOf(zw, second).getByRole('button', { name: '详情' }).click()
  await expect(zw.getByRole('dialog', { name: second }).getByText('已驳回').first()).toBeVisible()
  await expect(zw.getByRole('dialog', { name: second }).getByText('用车理由不充分')).toBeVisible()
  await zw.keyboard.press('Escape')

  // ---- 退回: the two-node process, its first task approved, the second returned to the first
  await tab(zw, '我的待办').click()
  await rowOf(zw, fourth).getByRole('button', { name: '同意' }).click()
  await zw.getByRole('dialog', { name: '同意' }).getByRole('button', { name: '同意' }).click()
  await expect(rowOf(zw, fourth)).toContainText('负责人审批')
  await rowOf(zw, fourth).getByRole('button', { name: '详情' }).click()
  const fourthSheet = zw.getByRole('dialog', { name: fourth })
  await fourthSheet.getByRole('button', { name: '退回' }).click()
  const back = zw.getByRole('dialog', { name: '退回' })
  await back.getByRole('combobox', { name: '退回到' }).click()
  await zw.getByRole('option', { name: '经办审核' }).click()
  await back.getByRole('textbox', { name: '审批意见' }).fill('请补充用印文件')
  await back.getByRole('button', { name: '退回' }).click()
  await expect(back).toBeHidden()
  await expect(fourthSheet.locator('[data-element-id="T1"].wf-current')).toBeVisible()
  await zw.keyboard.press('Escape')
  await expect(rowOf(zw, fourth)).toContainText('经办审核')

  // ---- a task handled meanwhile (through the API, as from another device): the dialog says so
  const fifth = `盖章 ${tag} 戊`
  const started = ok(await post<{ instanceId: string }>(admin, `${A}/wfInstance/start`, { modelKey: twoKey, title: fifth }))
  await zw.getByRole('button', { name: '刷新' }).click()
  await rowOf(zw, fifth).getByRole('button', { name: '同意' }).click()
  const late = zw.getByRole('dialog', { name: '同意' })
  await expect(late).toBeVisible()
  const zwApi = await new Client(baseURL!).signIn('zhangwei', PASSWORD)
  const todo = ok(
    await zwApi.call<{ records: { taskId: string; instanceId: string }[] }>('GET', `${A}/wfTask/todoPage`, { query: { pageSize: 100 } }),
  )
  const taskId = todo.records.find((r) => r.instanceId === started.instanceId)!.taskId
  ok(await post(zwApi, `${A}/wfTask/approve`, { taskId, comment: '在平板上已处理' }))
  await late.getByRole('button', { name: '同意' }).click()
  await expect(zw.getByText('该任务已被他人处理，列表已刷新').first()).toBeVisible()
  await expect(late).toBeHidden()
  // the list refreshed: the next task (zhangwei's too) is there now
  await expect(rowOf(zw, fifth)).toContainText('负责人审批')

  // ---- a general account starts a process too, and copies a task to someone of its unit
  await zw.getByRole('button', { name: '发起流程' }).click()
  const zwStart = zw.getByRole('dialog', { name: '发起流程' })
  await zwStart.getByRole('combobox', { name: '流程' }).click()
  await expect(zw.getByRole('option', { name: new RegExp(modelName) })).toBeVisible()
  await zw.keyboard.press('Escape')
  await zwStart.getByRole('button', { name: '取消' }).click()
  await expect(zwStart).toBeHidden()
  await rowOf(zw, fifth).getByRole('button', { name: '详情' }).click()
  const fifthSheet = zw.getByRole('dialog', { name: fifth })
  await fifthSheet.getByRole('button', { name: '抄送' }).click()
  const copy = zw.getByRole('dialog', { name: '抄送' })
  await copy.getByRole('combobox', { name: '抄送给' }).click()
  const someone = zw.getByRole('option').first()
  const someoneName = (await someone.textContent())!.trim()
  await someone.click()
  await expect(copy.getByText(someoneName)).toBeVisible()
  await copy.getByRole('button', { name: '抄送' }).click()
  await expect(copy).toBeHidden()
  await expect(zw.getByText('已提交').first()).toBeVisible()
  await zw.keyboard.press('Escape')
  await expect(fifthSheet).toBeHidden()

  // ---- the screen in English
  await zw.getByRole('button', { name: 'English' }).click()
  await expect(zw.getByRole('heading', { name: 'Workflow query' })).toBeVisible()
  await expect(zw.getByRole('tab', { name: 'My tasks' })).toBeVisible()
  await expect(rowOf(zw, fourth)).toContainText('经办审核')
  await expect(zw.getByRole('columnheader', { name: 'Node' })).toBeVisible()
  await zw.screenshot({ path: '.tmp/shots/workflow-query-todo-en-1024.png' })
  expect(await violations(zw, 'main')).toEqual([])

  // the administrator's 我发起的: the first instance completed
  await page.reload()
  await tab(page, '我发起的').click()
  await expect(rowOf(page, first)).toContainText('已通过')
  await expect(rowOf(page, second)).toContainText('已驳回')
  await adminCtx.close()
  await zwCtx.close()
})
