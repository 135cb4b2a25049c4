/**
 * Workflow models (SPEC §7 actReModel, wfModelHistory; issue 29) on both databases: a model saved with
 * its config lists, its key unique (20006), versions (20008); deploy writes vN published and in use, the
 * earlier version becomes history; stop-use and enable by modelHistoryIds; a deploy of a diagram that
 * cannot run here is 20001 naming what is wrong (malformed, DOCTYPE / entities, unknown elements, script
 * tasks and script conditions, an unnamed user task, one without executors, unconnected nodes), never a
 * 5xx; an account holding only the menu reads but neither saves, deploys nor stops (20003).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { WF_XML_MAX } from '../../src/contract/schemas/workflow'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const MODEL = `${A}/actReModel`
const HISTORY = `${A}/wfModelHistory`
const MENU = '/admin/process-model-management'

interface Model {
  modelId: string
  modelKey: string
  name: string
  latestVersion: number
  version: number
}
interface Version {
  modelHistoryId: string
  modelId: string
  modelVersion: number
  status: 0 | 1
  versionType: 0 | 1
}

const post = <T>(c: Client, path: string, json: unknown, lang = 'zh'): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: newKey(), headers: { 'accept-language': lang } })
const put = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('PUT', path, { json, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
const xml = (body: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>${extra}<definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">${body}</process></definitions>`
const TWO_STEPS = xml(`<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/>
  <userTask id="T1" name="审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="e"/><endEvent id="e"/>`)

describe.each(provided('targets'))('workflow models on $name', (t) => {
  let admin: Client
  /** Holds the model menu without any of its functions. */
  let reader: Client
  let applicationId: string
  let someone: string

  const model = (key: string, bpmnXml = TWO_STEPS, extra: Record<string, unknown> = {}) => ({
    model: { applicationId, category: '审批', modelKey: key, name: `模型${key}`, bpmnXml, ...extra },
    executorList: [{ nodeId: 'T1', settingMode: 'user', ids: [someone] }],
    ccList: [{ nodeId: 'T1', settingMode: 'starter' }],
    formList: [
      { nodeId: 'T1', formType: 1, formUrl: '/forms/leave' },
      { nodeId: 'T1', formType: 2, formUrl: 'https://forms.example.cn/leave', useScope: 'pc' },
    ],
    useScopeList: [{ scopeType: 'all' }],
  })
  const addModel = async (key = uniqueName('wf_'), bpmnXml = TWO_STEPS, executorList?: unknown[]) => {
    const body = model(key, bpmnXml)
    return ok(await post<Model>(admin, `${MODEL}/add`, executorList ? { ...body, executorList } : body))
  }
  const deploy = (c: Client, modelId: string, lang = 'zh') => post<Version>(c, `${MODEL}/deploymentModel`, { modelId }, lang)

  beforeAll(async () => {
    admin = await signedIn(t)
    const unit = await newUnit(admin, '流程模型测试单位')
    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('流程只读'), sort: 1, dataScope: 'own' }))
    const grants = await tree(admin, role.roleId)
    applicationId = grants.applicationId
    const page = byAction(grants, MENU)
    const group = grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === page.applicationMenuId))!
    expect(
      (await saveMenus(admin, role.roleId, grants.applicationId, [group.applicationMenuId, page.applicationMenuId], [])).body.code,
    ).toBe(10000)
    const account = await mustAdd(admin, unit, { roleIds: [role.roleId] })
    someone = account.accountId
    reader = await signedIn(t, account.accountName, PASSWORD)
  }, 120_000)

  it('saves a model with its config lists, keeps its key unique and its version, and answers its detail', async () => {
    const key = uniqueName('wf_')
    const created = await addModel(key)
    expect(created).toMatchObject({ modelKey: key, latestVersion: 0 })
    // the save's own message (SPEC: the console shows it as the success alert)
    const saved = await post(admin, `${MODEL}/add`, model(uniqueName('wf_')), 'en')
    expect(saved.body).toMatchObject({ code: 10000, message: 'Process model saved' })
    const again = await post(admin, `${MODEL}/add`, model(key))
    expect(again.body.code).toBe(20006)

    const detail = ok(
      await admin.call<{ model: Model & { bpmnXml: string }; formList: unknown[]; ccList: unknown[] }>('GET', `${MODEL}/detail`, {
        query: { modelId: created.modelId },
      }),
    )
    expect(detail.model.bpmnXml).toBe(TWO_STEPS)
    expect(detail.formList).toHaveLength(2)
    expect(detail.ccList).toEqual([{ nodeId: 'T1', settingMode: 'starter', ids: [] }])

    const renamed = ok(
      await put<Model>(admin, `${MODEL}/update`, {
        ...model(key),
        model: { ...model(key).model, modelId: created.modelId, version: created.version, name: '请假审批' },
      }),
    )
    expect(renamed.name).toBe('请假审批')
    expect(renamed.version).toBeGreaterThan(created.version)
    const stale = await put(admin, `${MODEL}/update`, {
      ...model(key),
      model: { ...model(key).model, modelId: created.modelId, version: created.version },
    })
    expect(stale.body.code).toBe(20008)

    const list = ok(await admin.call<{ records: Model[] }>('GET', `${MODEL}/list`, { query: { keyword: key, pageSize: 10 } }))
    expect(list.records.map((m) => m.modelId)).toEqual([created.modelId])
    // a config without what its setting mode needs, a repeated node, an oversized diagram: 20001 on the field
    const bad = await post<{ field: string }[]>(admin, `${MODEL}/add`, {
      ...model(uniqueName('wf_')),
      executorList: [{ nodeId: 'T1', settingMode: 'role', ids: [] }],
    })
    expect(bad.body.code).toBe(20001)
    expect(bad.body.data.map((e) => e.field)).toContain('executorList.0.ids')
    const big = await post<{ field: string }[]>(admin, `${MODEL}/add`, model(uniqueName('wf_'), TWO_STEPS + ' '.repeat(WF_XML_MAX)))
    expect(big.status).toBeLessThan(500)
    expect([20001]).toContain(big.body.code)
  })

  it('deploys vN published and in use; the version before becomes history; stop-use and enable by ids', async () => {
    const m = await addModel()
    const v1 = ok(await deploy(admin, m.modelId))
    expect(v1).toMatchObject({ modelId: m.modelId, modelVersion: 1, status: 1, versionType: 1 })
    const v2 = ok(await deploy(admin, m.modelId))
    expect(v2).toMatchObject({ modelVersion: 2, status: 1, versionType: 1 })

    const published = ok(await admin.call<Version[]>('GET', `${HISTORY}/listPublish`, { query: { modelId: m.modelId } }))
    expect(published.map((v) => v.modelVersion)).toEqual([2])
    const history = ok(await admin.call<Version[]>('GET', `${HISTORY}/listPublish`, { query: { modelId: m.modelId, versionType: 0 } }))
    expect(history).toEqual([expect.objectContaining({ modelHistoryId: v1.modelHistoryId, versionType: 0, status: 1 })])
    const paged = ok(
      await admin.call<{ records: Version[]; total: number }>('GET', `${HISTORY}/listPagePublish`, {
        query: { modelId: m.modelId, versionType: 1, pageSize: 1 },
      }),
    )
    expect(paged.total).toBe(1)

    const stopped = ok(
      await put<Version[]>(admin, `${HISTORY}/updateStatus`, { status: 0, modelHistoryIds: [v1.modelHistoryId, v2.modelHistoryId] }),
    )
    expect(stopped.map((v) => v.status)).toEqual([0, 0])
    expect(
      ok(await admin.call<Version[]>('GET', `${HISTORY}/listPublish`, { query: { modelId: m.modelId, status: 0 } })).map(
        (v) => v.modelVersion,
      ),
    ).toEqual([2])
    const enabled = ok(await put<Version[]>(admin, `${HISTORY}/updateStatus`, { status: 1, modelHistoryIds: [v2.modelHistoryId] }))
    expect(enabled).toEqual([expect.objectContaining({ modelHistoryId: v2.modelHistoryId, status: 1 })])
    expect((await put(admin, `${HISTORY}/updateStatus`, { status: 2, modelHistoryIds: [v2.modelHistoryId] })).body.code).toBe(20001)
  })

  const S = '<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/>'
  const E = '<sequenceFlow id="f2" sourceRef="T1" targetRef="e"/><endEvent id="e"/>'
  const refusals: [string, string, RegExp][] = [
    ['malformed', xml(`${S}<userTask id="T1" name="审核">${E}`), /not valid BPMN XML/],
    ['a DOCTYPE with entities', xml(`${S}<userTask id="T1" name="&x;"/>${E}`, '<!DOCTYPE d [<!ENTITY x "审核">]>'), /DOCTYPE or entity/],
    ['unknown elements', xml(`${S}<userTask id="T1" name="审核"/><foo id="z"/>${E}`), /not BPMN: <foo/],
    [
      'a script task',
      xml(
        `${S}<userTask id="T1" name="审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="x"/><scriptTask id="x" scriptFormat="javascript"><script>1</script></scriptTask><sequenceFlow id="f3" sourceRef="x" targetRef="e"/><endEvent id="e"/>`,
      ),
      /Script tasks are not allowed \(node x\)/,
    ],
    [
      'a script condition',
      xml(
        `${S}<userTask id="T1" name="审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">true</conditionExpression></sequenceFlow><endEvent id="e"/>`,
      ),
      /condition of flow f2 names a script language/,
    ],
    ['an unnamed user task', xml(`${S}<userTask id="T1"/>${E}`), /User task T1 has no name/],
    [
      'a user task without executors',
      xml(
        `${S}<userTask id="T1" name="审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="T2"/><userTask id="T2" name="复核"/><sequenceFlow id="f3" sourceRef="T2" targetRef="e"/><endEvent id="e"/>`,
      ),
      /“复核” has no executor/,
    ],
    ['an unconnected node', xml(`${S}<userTask id="T1" name="审核"/>${E}<exclusiveGateway id="lost"/>`), /not connected: lost/],
    [
      'a service task',
      xml(
        `${S}<userTask id="T1" name="审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="svc"/><serviceTask id="svc"/><sequenceFlow id="f3" sourceRef="svc" targetRef="e"/><endEvent id="e"/>`,
      ),
      /Unsupported element: ServiceTask svc/,
    ],
  ]
  it.each(refusals)('refuses to deploy %s with a clear 20001', async (_what, bpmn, message) => {
    const m = await addModel(uniqueName('wf_'), bpmn)
    const r = await deploy(admin, m.modelId, 'en')
    expect(r.status).toBe(200)
    expect(r.body.code, r.text).toBe(20001)
    expect(r.body.message).toMatch(message)
    expect((r.body.data as unknown as { field: string }[])[0]!.field).toBe('bpmnXml')
    const zh = await deploy(admin, m.modelId, 'zh')
    expect(zh.body.code).toBe(20001)
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/)
    expect(ok(await admin.call<Version[]>('GET', `${HISTORY}/listPublish`, { query: { modelId: m.modelId } }))).toEqual([])
  })

  it('an account holding only the menu reads models and versions, but neither saves, deploys nor stops', async () => {
    const m = await addModel()
    const v = ok(await deploy(admin, m.modelId))
    expect((await reader.call('GET', `${MODEL}/list`)).body.code).toBe(10000)
    expect((await reader.call('GET', `${MODEL}/detail`, { query: { modelId: m.modelId } })).body.code).toBe(10000)
    expect((await reader.call('GET', `${HISTORY}/listPublish`)).body.code).toBe(10000)
    expect((await post(reader, `${MODEL}/add`, model(uniqueName('wf_')))).body.code).toBe(20003)
    expect(
      (
        await put(reader, `${MODEL}/update`, {
          ...model(m.modelKey),
          model: { ...model(m.modelKey).model, modelId: m.modelId, version: m.version },
        })
      ).body.code,
    ).toBe(20003)
    expect((await deploy(reader, m.modelId)).body.code).toBe(20003)
    expect((await put(reader, `${HISTORY}/updateStatus`, { status: 0, modelHistoryIds: [v.modelHistoryId] })).body.code).toBe(20003)
    // an unknown model or version: 20002
    expect((await deploy(admin, '01900000-0000-7000-8000-000000000000')).body.code).toBe(20002)
    expect(
      (await put(admin, `${HISTORY}/updateStatus`, { status: 0, modelHistoryIds: ['01900000-0000-7000-8000-000000000000'] })).body.code,
    ).toBe(20002)
  })
})
