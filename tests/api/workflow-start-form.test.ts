/**
 * A model's start form over HTTP (issue 29) on both databases: fields declared on the start event's
 * built-in form (formType 1) and its external form's URL (formType 2) are saved, deployed and
 * answered by wfInstance/startable; the start call checks the starter's values against them —
 * required, kind, a choice among its options, an account that exists and is normal, no unknown key —
 * answering 20001 naming the field (zh and en), never a fault; the values are stored typed: a
 * formField executor gets the account picked in the form, and an exclusive gateway reads a number
 * field. Deploy refuses fields off the start event and a formField / starterSelect executor whose
 * variable is not an account field of the start form; save refuses repeated keys and fields on an
 * external form. The instance's detail shows the values (an account by its name).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { GA, mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { addRole, byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const MODEL = `${A}/actReModel`
const INSTANCE = `${A}/wfInstance`
const TASK = `${A}/wfTask`
const QUERY_MENU = '/admin/workflow-query'

interface FieldError {
  field: string
  key: string
  message: string
}
interface Startable {
  modelHistoryId: string
  modelKey: string
  startForm: { nodeId: string; fields: { key: string; kind: string }[]; externalUrl: string | null } | null
}
interface Detail {
  instance: { status: string }
  tasks: { taskId: string; activityId: string; assigneeAccountId: string; status: string }[]
  startForm: { key: string; label: string; kind: string; value: string | number | null; text: string | null }[]
}

const post = <T>(c: Client, path: string, json: unknown, lang = 'zh'): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: newKey(), headers: { 'accept-language': lang } })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
/** A 20001 answer's field errors (the answer a 200, not a fault). */
const refused = (r: Answer<unknown>): FieldError[] => {
  expect(r.status, r.text).toBe(200)
  expect(r.body.code, r.text).toBe(20001)
  return r.body.data as FieldError[]
}

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"'
/** 经理审批 (the form's manager) → amount > 1000 ? 总经理审批 (the starter) : end */
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
  <startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/>
  <userTask id="T1" name="经理审批"/><sequenceFlow id="f2" sourceRef="T1" targetRef="X"/>
  <exclusiveGateway id="X" default="f4"/>
  <sequenceFlow id="f3" sourceRef="X" targetRef="T2"><conditionExpression>\${amount &gt; 1000}</conditionExpression></sequenceFlow>
  <sequenceFlow id="f4" sourceRef="X" targetRef="e"/>
  <userTask id="T2" name="总经理审批"/><sequenceFlow id="f5" sourceRef="T2" targetRef="e"/><endEvent id="e"/></process></definitions>`

const FIELDS = [
  { key: 'amount', label: '金额', kind: 'number', required: true },
  { key: 'day', label: '用款日期', kind: 'date' },
  { key: 'level', label: '紧急程度', kind: 'choice', options: ['高', '中', '低'] },
  { key: 'manager', label: '审批经理', kind: 'account', required: true },
  { key: 'note', label: '说明', kind: 'text' },
]
const EXTERNAL = 'https://forms.example.cn/expense'

describe.each(provided('targets'))('workflow start form on $name', (t) => {
  let admin: Client
  let applicationId: string
  let manager: { accountId: string; accountName: string; client: Client }
  let stoppedId: string

  const executors = (variable = 'manager', mode = 'formField') => [
    { nodeId: 'T1', settingMode: mode, variable },
    { nodeId: 'T2', settingMode: 'starter' },
  ]
  const addModel = (extra: Record<string, unknown>) =>
    post<{ modelId: string }>(admin, `${MODEL}/add`, {
      model: { applicationId, category: '报销', modelKey: uniqueName('wfsf_'), name: uniqueName('报销'), bpmnXml: XML },
      executorList: executors(),
      formList: [
        { nodeId: 's', formType: 1, fields: FIELDS },
        { nodeId: 's', formType: 2, formUrl: EXTERNAL },
      ],
      ...extra,
    })
  const deploy = (modelId: string, lang = 'zh') =>
    post<{ modelHistoryId: string; modelKey: string }>(admin, `${MODEL}/deploymentModel`, { modelId }, lang)
  const start = (modelHistoryId: string, variables: Record<string, unknown>, lang = 'zh') =>
    post<{ instanceId: string }>(admin, `${INSTANCE}/start`, { modelHistoryId, title: '报销单', variables }, lang)
  const detail = async (instanceId: string) => ok(await admin.call<Detail>('GET', `${INSTANCE}/detail`, { query: { instanceId } }))

  let version: { modelHistoryId: string; modelKey: string }

  beforeAll(async () => {
    admin = await signedIn(t)
    const unit = await newUnit(admin, '启动表单单位')
    const worker = await addRole(admin, '启动表单办理', 'own')
    const grants = await tree(admin, worker.roleId)
    applicationId = grants.applicationId
    const page = byAction(grants, QUERY_MENU)
    const group = grants.menus.find((g) => g.children.some((x) => x.applicationMenuId === page.applicationMenuId))!
    expect((await saveMenus(admin, worker.roleId, applicationId, [group.applicationMenuId, page.applicationMenuId], [])).body.code).toBe(
      10000,
    )
    const acc = await mustAdd(admin, unit, { roleIds: [worker.roleId], userName: '王经理' })
    manager = { accountId: acc.accountId, accountName: acc.accountName, client: await signedIn(t, acc.accountName, PASSWORD) }
    const stopped = await mustAdd(admin, unit)
    stoppedId = stopped.accountId
    expect((await post(admin, `${GA}/enable`, { ids: [stoppedId], enable: false })).body.code).toBe(10000)

    const m = ok(await addModel({}))
    version = ok(await deploy(m.modelId))
  }, 180_000)

  it('saves and deploys the start form; startable answers its fields and the external form’s URL', async () => {
    const versions = ok(await admin.call<Startable[]>('GET', `${INSTANCE}/startable`))
    const v = versions.find((x) => x.modelHistoryId === version.modelHistoryId)!
    expect(v.startForm).toMatchObject({ nodeId: 's', externalUrl: EXTERNAL })
    expect(v.startForm!.fields.map((f) => [f.key, f.kind])).toEqual(FIELDS.map((f) => [f.key, f.kind]))
    // a version without a start form answers null
    const plain = ok(
      await post<{ modelId: string }>(admin, `${MODEL}/add`, {
        model: { applicationId, category: '报销', modelKey: uniqueName('wfsf_'), name: uniqueName('无表单'), bpmnXml: XML },
        executorList: executors('picked', 'starterSelect'),
      }),
    )
    const pv = ok(await deploy(plain.modelId))
    const again = ok(await admin.call<Startable[]>('GET', `${INSTANCE}/startable`))
    expect(again.find((x) => x.modelHistoryId === pv.modelHistoryId)!.startForm).toBeNull()
    // without a start form the variables are not checked: a starterSelect executor reads what the start sent
    const started = ok(await start(pv.modelHistoryId, { picked: manager.accountId, anything: 1 }))
    expect((await detail(started.instanceId)).tasks.map((x) => x.assigneeAccountId)).toEqual([manager.accountId])
  })

  it('starts with good values, typed: the formField executor is the account picked, the gateway reads the number', async () => {
    const big = ok(
      await start(version.modelHistoryId, { amount: 1500.5, day: '2026-05-01', level: '高', manager: manager.accountId, note: ' 差旅 ' }),
    )
    let d = await detail(big.instanceId)
    expect(d.tasks.map((x) => [x.activityId, x.assigneeAccountId, x.status])).toEqual([['T1', manager.accountId, 'pending']])
    expect(d.startForm.map((f) => [f.key, f.label, f.value, f.text])).toEqual([
      ['amount', '金额', 1500.5, '1500.5'],
      ['day', '用款日期', '2026-05-01', '2026-05-01'],
      ['level', '紧急程度', '高', '高'],
      ['manager', '审批经理', manager.accountId, '王经理'],
      ['note', '说明', '差旅', '差旅'],
    ])
    ok(await post(manager.client, `${TASK}/approve`, { taskId: d.tasks[0]!.taskId }))
    d = await detail(big.instanceId)
    expect(d.tasks.filter((x) => x.status === 'pending').map((x) => x.activityId)).toEqual(['T2'])

    // a number sent as text is stored as a number; empty optional fields are left out
    const small = ok(await start(version.modelHistoryId, { amount: '800', day: '', manager: manager.accountId }))
    d = await detail(small.instanceId)
    expect(d.startForm.find((f) => f.key === 'amount')!.value).toBe(800)
    expect(d.startForm.find((f) => f.key === 'day')!.text).toBeNull()
    ok(await post(manager.client, `${TASK}/approve`, { taskId: d.tasks[0]!.taskId }))
    expect((await detail(small.instanceId)).instance.status).toBe('approved')
  })

  it('refuses values against the start form with 20001 naming the field, in zh and en', async () => {
    const good = { amount: 10, manager: manager.accountId }
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ manager: manager.accountId }, 'variables.amount', '请填写「金额」', 'Please fill in “金额”'],
      [{ ...good, amount: 'lots' }, 'variables.amount', '「金额」须为数字', '“金额” must be a number'],
      [{ ...good, day: '2026-02-30' }, 'variables.day', '「用款日期」须为日期（YYYY-MM-DD）', '“用款日期” must be a date (YYYY-MM-DD)'],
      [{ ...good, level: '特急' }, 'variables.level', '「紧急程度」须为给定的选项之一', '“紧急程度” must be one of its options'],
      [
        { ...good, manager: 'nobody' },
        'variables.manager',
        '「审批经理」选择的账号不存在或已停用',
        'The account chosen for “审批经理” does not exist or is not active',
      ],
      [
        { ...good, manager: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' },
        'variables.manager',
        '「审批经理」选择的账号不存在或已停用',
        'The account chosen for “审批经理” does not exist or is not active',
      ],
      [
        { ...good, manager: stoppedId },
        'variables.manager',
        '「审批经理」选择的账号不存在或已停用',
        'The account chosen for “审批经理” does not exist or is not active',
      ],
      [{ ...good, note: 'x'.repeat(501) }, 'variables.note', '「说明」过长', '“说明” is too long'],
      [{ ...good, extra: 'x' }, 'variables.extra', '启动表单没有字段 extra', 'The start form has no field extra'],
    ]
    for (const [variables, field, zh, en] of cases) {
      const r = await start(version.modelHistoryId, variables)
      expect(refused(r), JSON.stringify(variables)).toEqual([expect.objectContaining({ field, message: zh })])
      expect(r.body.message).toBe(zh)
      expect(refused(await start(version.modelHistoryId, variables, 'en'))[0]!.message).toBe(en)
    }
    // several at once: each named
    const many = refused(await start(version.modelHistoryId, { level: '特急' }))
    expect(many.map((e) => e.field).sort()).toEqual(['variables.amount', 'variables.level', 'variables.manager'])
    // a value of a type no variable takes is the body's own 20001
    expect(refused(await start(version.modelHistoryId, { ...good, note: { a: 1 } })).map((e) => e.field)).toEqual(['variables.note'])
  })

  it('refuses at save repeated keys and fields on an external form; at deploy fields off the start event and executor variables not in the form', async () => {
    const dup = refused(
      await addModel({
        formList: [
          {
            nodeId: 's',
            formType: 1,
            fields: [
              { key: 'a', label: '甲', kind: 'text' },
              { key: 'a', label: '乙', kind: 'text' },
            ],
          },
        ],
      }),
    )
    expect(dup.map((e) => [e.field, e.key])).toEqual([['formList.0.fields', 'v.repeat:a']])
    const external = refused(await addModel({ formList: [{ nodeId: 's', formType: 2, formUrl: EXTERNAL, fields: FIELDS }] }))
    expect(external.map((e) => e.field)).toEqual(['formList.0.fields'])
    const badKey = refused(await addModel({ formList: [{ nodeId: 's', formType: 1, fields: [{ key: '1a', label: '甲', kind: 'text' }] }] }))
    expect(badKey.map((e) => e.field)).toEqual(['formList.0.fields.0.key'])
    const noOptions = refused(
      await addModel({ formList: [{ nodeId: 's', formType: 1, fields: [{ key: 'c', label: '甲', kind: 'choice' }] }] }),
    )
    expect(noOptions.map((e) => e.field)).toEqual(['formList.0.fields.0.options'])

    const offStart = ok(
      await addModel({
        formList: [
          { nodeId: 's', formType: 1, fields: FIELDS },
          { nodeId: 'T1', formType: 1, fields: [{ key: 'x', label: '甲', kind: 'text' }] },
        ],
      }),
    )
    const r1 = await deploy(offStart.modelId)
    expect(refused(r1).map((e) => e.message)).toEqual(['表单字段只能声明在开始事件的内置表单上（节点 T1）'])

    const unknownVariable = ok(await addModel({ executorList: executors('boss') }))
    expect(refused(await deploy(unknownVariable.modelId)).map((e) => e.message)).toEqual([
      '节点「经理审批」的执行人变量 boss 不是启动表单中的账号字段',
    ])
    // a variable naming a field that is not an account
    const notAccount = ok(await addModel({ executorList: executors('amount', 'starterSelect') }))
    expect(refused(await deploy(notAccount.modelId, 'en')).map((e) => e.message)).toEqual([
      'The executor variable amount of node “经理审批” is not an account field of the start form',
    ])
  })
})
