/**
 * Workflow instances and tasks over HTTP (SPEC §7 wfInstance / wfTask / wfCc; issue 29) on both
 * databases: start a published version in use (a stopped one, an unpublished model and a start outside
 * the use scope refused; a running instance stays on its version when v2 is deployed); 待办, 已办, my
 * started and 抄送 lists with paging; the administrator's instance list by model, starter, status and
 * date within the data scope; an instance's detail (its version's XML, current and finished nodes, the
 * timeline); the verbs 同意, 驳回 (comment required), 退回 (with its targets), 撤回, 委派 and back, 转办,
 * 抄送 — only the assignee acts (20021), a task handled meanwhile answers 20008, a verb's function
 * missing answers 20003.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { MSG, until, type Msg } from './messages-fixtures'
import { addRole, byAction, fnOf, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const MODEL = `${A}/actReModel`
const HISTORY = `${A}/wfModelHistory`
const INSTANCE = `${A}/wfInstance`
const TASK = `${A}/wfTask`
const QUERY_MENU = '/admin/workflow-query'

interface Page<T> {
  records: T[]
  total: number
  pageIndex: number
  pageSize: number
}
interface TaskRow {
  taskId: string
  instanceId: string
  activityId: string
  assigneeAccountId: string
  ownerAccountId: string | null
  status: string
}
interface InstanceRow {
  instanceId: string
  modelId: string
  modelVersion: number
  status: string
  starterAccountId: string
}
interface Detail {
  instance: InstanceRow
  bpmnXml: string
  currentActivityIds: string[]
  finishedActivityIds: string[]
  tasks: TaskRow[]
  comments: { action: string; comment: string | null; accountId: string | null }[]
}

const post = <T>(c: Client, path: string, json: unknown, lang = 'zh'): Promise<Answer<T>> =>
  c.call<T>('POST', path, { json, idempotencyKey: newKey(), headers: { 'accept-language': lang } })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"'
const xml = (t1Name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
  <startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/>
  <userTask id="T1" name="${t1Name}"/><sequenceFlow id="f2" sourceRef="T1" targetRef="T2"/>
  <userTask id="T2" name="复核"/><sequenceFlow id="f3" sourceRef="T2" targetRef="e"/><endEvent id="e"/></process></definitions>`

describe.each(provided('targets'))('workflow instances and tasks on $name', (t) => {
  let admin: Client
  let applicationId: string
  /** starter, first and second approver, all with the query menu and its functions, in unit 1. */
  const ids: Record<'s' | 'a1' | 'a2' | 'p' | 'o', string> = { s: '', a1: '', a2: '', p: '', o: '' }
  const names: Partial<Record<keyof typeof ids, string>> = {}
  const c = {} as Record<'s' | 'a1' | 'a2' | 'p' | 'o', Client>
  /** p's role (the query menu without functions). */
  let plainRoleId = ''

  const addModel = async (executors: Record<string, string[]>, extra: Record<string, unknown> = {}, t1Name = '审核') => {
    const key = uniqueName('wft_')
    const m = ok(
      await post<{ modelId: string; version: number }>(admin, `${MODEL}/add`, {
        model: { applicationId, category: '审批', modelKey: key, name: `任务${key}`, bpmnXml: xml(t1Name) },
        executorList: Object.entries(executors).map(([nodeId, users]) => ({ nodeId, settingMode: 'user', ids: users })),
        ...extra,
      }),
    )
    return { ...m, key }
  }
  const deploy = async (modelId: string) =>
    ok(await post<{ modelHistoryId: string; modelVersion: number }>(admin, `${MODEL}/deploymentModel`, { modelId }))
  const start = (who: Client, json: Record<string, unknown>) =>
    post<{ instanceId: string; modelVersion: number }>(who, `${INSTANCE}/start`, json)
  const todo = async (who: Client, instanceId?: string) =>
    ok(await who.call<Page<TaskRow>>('GET', `${TASK}/todoPage`, { query: { pageSize: 100 } })).records.filter(
      (r) => !instanceId || r.instanceId === instanceId,
    )
  const taskOf = async (who: Client, instanceId: string) => {
    const [task] = await todo(who, instanceId)
    expect(task, 'a pending task').toBeDefined()
    return task!
  }
  const detail = (who: Client, instanceId: string) => who.call<Detail>('GET', `${INSTANCE}/detail`, { query: { instanceId } })

  beforeAll(async () => {
    admin = await signedIn(t)
    const unit1 = await newUnit(admin, '流程任务单位一')
    const unit2 = await newUnit(admin, '流程任务单位二')
    const worker = await addRole(admin, '流程办理', 'own')
    const plain = await addRole(admin, '流程只看', 'own')
    plainRoleId = plain.roleId
    const grants = await tree(admin, worker.roleId)
    applicationId = grants.applicationId
    const page = byAction(grants, QUERY_MENU)
    const group = grants.menus.find((g) => g.children.some((x) => x.applicationMenuId === page.applicationMenuId))!
    const menus = [group.applicationMenuId, page.applicationMenuId]
    const fns = ['delegate', 'withdraw'].map((f) => fnOf(page, f).applicationMenuFunctionId)
    expect((await saveMenus(admin, worker.roleId, applicationId, menus, fns)).body.code).toBe(10000)
    expect((await saveMenus(admin, plain.roleId, applicationId, menus, [])).body.code).toBe(10000)
    const make = async (k: keyof typeof ids, unit: string, roleId: string) => {
      const acc = await mustAdd(admin, unit, { roleIds: [roleId] })
      ids[k] = acc.accountId
      names[k] = acc.accountName
      c[k] = await signedIn(t, acc.accountName, PASSWORD)
    }
    await make('s', unit1, worker.roleId)
    await make('a1', unit1, worker.roleId)
    await make('a2', unit1, worker.roleId)
    await make('p', unit1, plain.roleId)
    await make('o', unit2, worker.roleId)
  }, 180_000)

  it('starts a published version in use; an instance stays on its version when v2 is deployed; stopped, unpublished, out of scope refused', async () => {
    const m = await addModel({ T1: [ids.a1], T2: [ids.a2] })
    // never deployed: nothing to start
    expect((await start(c.s, { modelKey: m.key })).body.code).toBe(20002)
    const v1 = await deploy(m.modelId)
    const first = ok(await start(c.s, { modelKey: m.key, title: '第一单', variables: { amount: 5 } }))
    expect(first.modelVersion).toBe(1)

    // v2 renames the first node; the running instance goes on on v1
    const drawn = ok(await admin.call<{ model: { version: number } }>('GET', `${MODEL}/detail`, { query: { modelId: m.modelId } }))
    const upd = await admin.call<{ version: number }>('PUT', `${MODEL}/update`, {
      json: {
        model: {
          applicationId,
          category: '审批',
          modelKey: m.key,
          name: 'v2',
          bpmnXml: xml('初审'),
          modelId: m.modelId,
          version: drawn.model.version,
        },
        executorList: [
          { nodeId: 'T1', settingMode: 'user', ids: [ids.a1] },
          { nodeId: 'T2', settingMode: 'user', ids: [ids.a2] },
        ],
      },
      idempotencyKey: newKey(),
    })
    expect(upd.body.code, upd.text).toBe(10000)
    const v2 = await deploy(m.modelId)
    expect(v2.modelVersion).toBe(2)
    const d1 = ok(await detail(c.s, first.instanceId))
    expect(d1.instance.modelVersion).toBe(1)
    expect(d1.bpmnXml).toContain('name="审核"')
    expect(d1.currentActivityIds).toEqual(['T1'])
    ok(await post(c.a1, `${TASK}/approve`, { taskId: (await taskOf(c.a1, first.instanceId)).taskId }))
    expect(ok(await detail(c.s, first.instanceId))).toMatchObject({ currentActivityIds: ['T2'], finishedActivityIds: ['T1'] })
    const second = ok(await start(c.s, { modelKey: m.key }))
    expect(second.modelVersion).toBe(2)
    expect(ok(await detail(c.s, second.instanceId)).bpmnXml).toContain('name="初审"')
    // an old version by id is no longer published
    expect((await start(c.s, { modelHistoryId: v1.modelHistoryId })).body.code).toBe(20002)

    // stopped: no new starts, zh and en messages
    ok(
      await admin.call('PUT', `${HISTORY}/updateStatus`, {
        json: { status: 0, modelHistoryIds: [v2.modelHistoryId] },
        idempotencyKey: newKey(),
      }),
    )
    const stopped = await post(c.s, `${INSTANCE}/start`, { modelHistoryId: v2.modelHistoryId }, 'en')
    expect(stopped.body.code).toBe(20021)
    expect(stopped.body.message).toMatch(/stopped/)
    ok(
      await admin.call('PUT', `${HISTORY}/updateStatus`, {
        json: { status: 1, modelHistoryIds: [v2.modelHistoryId] },
        idempotencyKey: newKey(),
      }),
    )

    // a use scope naming only a1
    const scoped = await addModel({ T1: [ids.a1], T2: [ids.a2] }, { useScopeList: [{ scopeType: 'account', ids: [ids.a1] }] })
    await deploy(scoped.modelId)
    expect((await start(c.s, { modelKey: scoped.key })).body.code).toBe(20021)
    expect((await start(c.a1, { modelKey: scoped.key })).body.code).toBe(10000)
    // what each may start, as the start dialog lists it: the scoped model for a1 only
    const startable = async (who: Client) =>
      ok(await who.call<{ modelKey: string }[]>('GET', `${INSTANCE}/startable`)).map((v) => v.modelKey)
    expect(await startable(c.a1)).toEqual(expect.arrayContaining([scoped.key, m.key]))
    expect(await startable(c.s)).toContain(m.key)
    expect(await startable(c.s)).not.toContain(scoped.key)

    // the accounts a verb may name: active ones of the caller's scope (own unit), never the caller
    const options = ok(await c.s.call<{ accountId: string }[]>('GET', `${A}/wfTask/accountOptions`)).map((r) => r.accountId)
    expect(options).toEqual(expect.arrayContaining([ids.a1, ids.a2, ids.p]))
    expect(options).not.toContain(ids.s)
    expect(options).not.toContain(ids.o) // another unit

    // bad input: 20001, never a 5xx
    const bad = await post<{ field: string }[]>(c.s, `${INSTANCE}/start`, { modelKey: m.key, variables: { 'not a name': 1 } })
    expect(bad.body.code).toBe(20001)
    expect(bad.body.data.map((e) => e.field)).toContain('variables.not a name')
    const nothing = await post<{ field: string; message: string }[]>(c.s, `${INSTANCE}/start`, {}, 'en')
    expect(nothing.body.code).toBe(20001)
    expect(nothing.body.data.map((e) => e.field)).toEqual(['modelHistoryId'])
  })

  it('role authorisation 流程模型: members of a granted role may start the model, others not; a use scope adds to it', async () => {
    const RESOURCES = `${A}/roleResource`
    const granted = await addModel({ T1: [ids.a1], T2: [ids.a2] })
    await deploy(granted.modelId)
    const plainRole = (await addRole(admin, '流程发起人', 'own')).roleId
    // the model is offered with its key as code; nothing granted yet: everybody may start it
    const items = ok(
      await admin.call<{ resourceId: string; resourceCode: string; granted: boolean; grantable: boolean }[]>('GET', `${RESOURCES}/list`, {
        query: { roleId: plainRole, resourceType: 'wfModel' },
      }),
    )
    expect(items.find((i) => i.resourceId === granted.modelId)).toMatchObject({
      resourceCode: granted.key,
      granted: false,
      grantable: true,
    })
    const startable = async (who: Client) =>
      ok(await who.call<{ modelKey: string }[]>('GET', `${INSTANCE}/startable`)).map((v) => v.modelKey)
    expect(await startable(c.s)).toContain(granted.key)

    // granted to p's role only: p starts it, s (another role) no longer may
    const saveGrant = (roleId: string, resourceIds: string[]) =>
      post(admin, `${RESOURCES}/save`, { roleId, resourceType: 'wfModel', resourceIds })
    expect((await saveGrant(plainRoleId, [granted.modelId])).body.code).toBe(10000)
    expect(await startable(c.p)).toContain(granted.key)
    expect(await startable(c.s)).not.toContain(granted.key)
    expect((await start(c.s, { modelKey: granted.key })).body.code).toBe(20021)
    expect((await start(c.p, { modelKey: granted.key })).body.code).toBe(10000)

    // a use scope naming s adds s back; a1 (neither) stays out
    const scoped = await addModel({ T1: [ids.a1], T2: [ids.a2] }, { useScopeList: [{ scopeType: 'account', ids: [ids.s] }] })
    await deploy(scoped.modelId)
    expect((await saveGrant(plainRoleId, [granted.modelId, scoped.modelId])).body.code).toBe(10000)
    expect(await startable(c.s)).toContain(scoped.key)
    expect(await startable(c.p)).toContain(scoped.key)
    expect(await startable(c.a1)).not.toContain(scoped.key)

    // an unknown model is refused by name of the field; the grant's list shows what is granted
    const bad = await post<{ field: string }[]>(admin, `${RESOURCES}/save`, {
      roleId: plainRole,
      resourceType: 'wfModel',
      resourceIds: [ids.s],
    })
    expect(bad.body.code).toBe(20001)
    expect(bad.body.data.map((e) => e.field)).toEqual(['resourceIds.0'])
    const after = ok(
      await admin.call<{ resourceId: string; granted: boolean }[]>('GET', `${RESOURCES}/list`, {
        query: { roleId: plainRoleId, resourceType: 'wfModel' },
      }),
    )
    expect(
      after
        .filter((i) => i.granted)
        .map((i) => i.resourceId)
        .sort(),
    ).toEqual([granted.modelId, scoped.modelId].sort())
  })

  it('approve, return with its targets, reject with a comment; only the assignee acts; lists page', async () => {
    const m = await addModel({ T1: [ids.a1], T2: [ids.a2] }, { ccList: [{ nodeId: 'T2', settingMode: 'user', ids: [ids.p] }] })
    await deploy(m.modelId)
    const { instanceId } = ok(await start(c.s, { modelKey: m.key, title: uniqueName('单据') }))
    const t1 = await taskOf(c.a1, instanceId)
    // not the assignee: 20021; a task that does not exist: 20002; no comment on a reject: 20001
    expect((await post(c.a2, `${TASK}/approve`, { taskId: t1.taskId })).body.code).toBe(20021)
    expect((await post(c.p, `${TASK}/approve`, { taskId: t1.taskId })).body.code).toBe(20021)
    expect((await post(c.a1, `${TASK}/approve`, { taskId: '01900000-0000-7000-8000-000000000000' })).body.code).toBe(20002)
    expect((await post(c.a1, `${TASK}/reject`, { taskId: t1.taskId })).body.code).toBe(20001)
    expect((await c.a2.call('GET', `${TASK}/returnList`, { query: { taskId: t1.taskId } })).body.code).toBe(20021)

    ok(await post(c.a1, `${TASK}/approve`, { taskId: t1.taskId, comment: '同意' }))
    // handled already: the conflict code with the task as it is now
    const again = await post<{ status: string }>(c.a1, `${TASK}/approve`, { taskId: t1.taskId })
    expect(again.body.code).toBe(20008)
    expect(again.body.data).toMatchObject({ taskId: t1.taskId, status: 'approved' })

    const done = ok(await c.a1.call<Page<TaskRow>>('GET', `${TASK}/donePage`, { query: { pageSize: 100 } }))
    expect(done.records.map((r) => r.taskId)).toContain(t1.taskId)
    // the cc of T2 reached p's cc list
    const cc = ok(await c.p.call<Page<{ instanceId: string }>>('GET', `${A}/wfCc/myPage`, {}))
    expect(cc.records.map((r) => r.instanceId)).toContain(instanceId)

    const t2 = await taskOf(c.a2, instanceId)
    expect(t2.activityId).toBe('T2')
    const targets = ok(await c.a2.call<{ activityId: string }[]>('GET', `${TASK}/returnList`, { query: { taskId: t2.taskId } }))
    expect(targets.map((x) => x.activityId)).toEqual(['T1'])
    expect((await post(c.a2, `${TASK}/reset`, { taskId: t2.taskId, targetActivityId: 'T2' })).body.code).toBe(20021)
    ok(await post(c.a2, `${TASK}/reset`, { taskId: t2.taskId, targetActivityId: 'T1', comment: '补充材料' }))
    const t1b = await taskOf(c.a1, instanceId)
    expect(t1b.activityId).toBe('T1')
    ok(await post(c.a1, `${TASK}/approve`, { taskId: t1b.taskId }))
    const t2b = await taskOf(c.a2, instanceId)
    ok(await post(c.a2, `${TASK}/reject`, { taskId: t2b.taskId, comment: '不符合要求' }))

    const d = ok(await detail(c.s, instanceId))
    expect(d.instance.status).toBe('rejected')
    expect(d.currentActivityIds).toEqual([])
    expect(d.comments.map((x) => x.action)).toEqual(['start', 'approve', 'reset', 'approve', 'reject'])
    expect(d.comments.at(-1)).toMatchObject({ comment: '不符合要求', accountId: ids.a2 })

    // my started, by status, paged
    const mine = ok(await c.s.call<Page<InstanceRow>>('GET', `${INSTANCE}/myPage`, { query: { status: 'rejected', pageSize: 1 } }))
    expect(mine.pageSize).toBe(1)
    expect(mine.records).toHaveLength(1)
    expect(mine.records[0]).toMatchObject({ instanceId, status: 'rejected' })
    expect((await c.s.call('GET', `${INSTANCE}/myPage`, { query: { status: 'lost' } })).body.code).toBe(20001)
    expect((await c.s.call('GET', `${TASK}/todoPage`, { query: { pageSize: 0 } })).body.code).toBe(20001)
  })

  it('withdraw, delegate and back, transfer and cc; a verb without its function is 20003', async () => {
    const m = await addModel({ T1: [ids.a1], T2: [ids.a2] })
    await deploy(m.modelId)
    const { instanceId } = ok(await start(c.s, { modelKey: m.key }))
    const t1 = await taskOf(c.a1, instanceId)

    // 委派: p acts for a1, may not reject, and hands it back by approving
    expect((await post(c.p, `${TASK}/delegate`, { taskId: t1.taskId, accountId: ids.a2 })).body.code).toBe(20003)
    ok(await post(c.a1, `${TASK}/delegate`, { taskId: t1.taskId, accountId: ids.p, comment: '请先看看' }))
    expect(await todo(c.a1, instanceId)).toEqual([])
    expect((await taskOf(c.p, instanceId)).ownerAccountId).toBe(ids.a1)
    expect((await post(c.p, `${TASK}/reject`, { taskId: t1.taskId, comment: 'no' })).body.code).toBe(20021)
    ok(await post(c.p, `${TASK}/approve`, { taskId: t1.taskId, comment: '看过了' }))
    expect(await taskOf(c.a1, instanceId)).toMatchObject({ taskId: t1.taskId, ownerAccountId: null })
    ok(await post(c.a1, `${TASK}/approve`, { taskId: t1.taskId }))

    // 撤回 by the last approver while T2 is untouched; p lacks the function
    expect((await post(c.p, `${INSTANCE}/withdraw`, { instanceId })).body.code).toBe(20003)
    ok(await post(c.a1, `${INSTANCE}/withdraw`, { instanceId, comment: '再看一下' }))
    expect(await todo(c.a2, instanceId)).toEqual([])
    const t1again = await taskOf(c.a1, instanceId)
    ok(await post(c.a1, `${TASK}/approve`, { taskId: t1again.taskId }))

    // 转办 to a1; 抄送 to o (in another unit): the cc lets o see the instance
    const t2 = await taskOf(c.a2, instanceId)
    expect((await post(c.a2, `${TASK}/transfer`, { taskId: t2.taskId, accountId: ids.a2 })).body.code).toBe(20021)
    ok(await post(c.a2, `${TASK}/transfer`, { taskId: t2.taskId, accountId: ids.a1 }))
    expect(await todo(c.a2, instanceId)).toEqual([])
    expect((await detail(c.o, instanceId)).body.code).toBe(20002)
    ok(await post(c.a1, `${TASK}/cc`, { taskId: t2.taskId, accountIds: [ids.o] }))
    expect(ok(await c.o.call<Page<{ instanceId: string }>>('GET', `${A}/wfCc/myPage`, {})).records.map((r) => r.instanceId)).toContain(
      instanceId,
    )
    expect(ok(await detail(c.o, instanceId)).instance.instanceId).toBe(instanceId)
    ok(await post(c.a1, `${TASK}/approve`, { taskId: t2.taskId }))
    const d = ok(await detail(c.s, instanceId))
    expect(d.instance.status).toBe('approved')
    expect(d.finishedActivityIds.sort()).toEqual(['T1', 'T2'])
    expect(d.comments.map((x) => x.action)).toEqual([
      'start',
      'delegate',
      'resolve',
      'approve',
      'withdraw',
      'approve',
      'transfer',
      'cc',
      'approve',
    ])
  })

  it('或签 by two: the second approval answers 20008 with what the first decided (an offline outbox shows a conflict)', async () => {
    const m = await addModel({ T1: [ids.a1, ids.a2], T2: [ids.s] })
    await deploy(m.modelId)
    const { instanceId } = ok(await start(c.s, { modelKey: m.key }))
    const mine = await taskOf(c.a1, instanceId)
    const theirs = await taskOf(c.a2, instanceId)
    ok(await post(c.a1, `${TASK}/approve`, { taskId: mine.taskId, comment: '现场已核' }))
    const late = await post<Record<string, unknown>>(c.a2, `${TASK}/approve`, { taskId: theirs.taskId }, 'en')
    expect(late.body.code).toBe(20008)
    expect(late.body.message).toMatch(/already been handled/)
    // a2's task was closed by a1's decision: the answer carries that decision, by name
    expect(late.body.data).toMatchObject({ taskId: theirs.taskId, status: 'approved', comment: '现场已核', handledBy: ids.a1 })
    expect(late.body.data.handledByName).toBeTruthy()
    // a task of an instance withdrawn meanwhile is a 20008 too (not a refusal)
    const again = ok(await start(c.s, { modelKey: m.key }))
    const t2 = await taskOf(c.a2, again.instanceId)
    ok(await post(c.s, `${INSTANCE}/withdraw`, { instanceId: again.instanceId }))
    const closed = await post<Record<string, unknown>>(c.a2, `${TASK}/approve`, { taskId: t2.taskId })
    expect(closed.body.code).toBe(20008)
    expect(closed.body.data).toMatchObject({ taskId: t2.taskId, status: 'withdrawn' })
  })

  it('the instance list: filters by model, starter, status and date, within the data scope', async () => {
    const m = await addModel({ T1: [ids.a1], T2: [ids.a2] })
    await deploy(m.modelId)
    const dayBefore = new Date().toISOString().slice(0, 10) // the starts' day (they may cross midnight)
    const { instanceId } = ok(await start(c.s, { modelKey: m.key }))
    const { instanceId: other } = ok(await start(c.o, { modelKey: m.key }))
    const list = (who: Client, query: Record<string, string | number>) =>
      who.call<Page<InstanceRow>>('GET', `${INSTANCE}/listPage`, { query: { modelId: m.modelId, pageSize: 50, ...query } })
    const today = new Date().toISOString().slice(0, 10)
    expect(
      ok(await list(admin, {}))
        .records.map((r) => r.instanceId)
        .sort(),
    ).toEqual([instanceId, other].sort())
    expect(ok(await list(admin, { starterAccountId: ids.o })).records.map((r) => r.instanceId)).toEqual([other])
    expect(ok(await list(admin, { status: 'running', startDateFrom: dayBefore, startDateTo: today })).total).toBe(2)
    expect(ok(await list(admin, { startDateTo: '2000-01-01' })).total).toBe(0)
    expect(ok(await list(admin, { status: 'approved' })).total).toBe(0)
    // own-unit scope: a1 sees unit 1's instance, o only its own unit's
    expect(ok(await list(c.a1, {})).records.map((r) => r.instanceId)).toEqual([instanceId])
    expect(ok(await list(c.o, {})).records.map((r) => r.instanceId)).toEqual([other])
    expect((await detail(c.o, instanceId)).body.code).toBe(20002)
    expect((await list(admin, { startDateFrom: '2026-02-30' })).body.code).toBe(20001)
    expect((await list(admin, { status: 'lost' })).body.code).toBe(20001)
  })

  it('a new task and a cc reach the receivers’ message centre (zh and en, linked to 流程查询)', async () => {
    const m = await addModel({ T1: [ids.a1], T2: [ids.a2] }, { ccList: [{ nodeId: 'T1', settingMode: 'user', ids: [ids.p] }] })
    await deploy(m.modelId)
    const title = uniqueName('消息单')
    const { instanceId } = ok(await start(c.s, { modelKey: m.key, title }))
    const inbox = (who: Client) => async () => {
      const r = ok(await who.call<Page<Msg & { link: string | null }>>('GET', MSG.inbox, { query: { pageSize: 100, keyword: title } }))
      return r.records.length ? r.records : null
    }
    const [task] = await until(inbox(c.a1), 15_000, 'the task message')
    expect(task).toMatchObject({ eventCode: 'workflow.task', link: '/admin/workflow-query' })
    expect(task!.titleZh).toContain(title)
    expect(task!.titleEn).toContain(title)
    expect(task!.contentZh).toContain('审核')
    const [copy] = await until(inbox(c.p), 15_000, 'the cc message')
    expect(copy).toMatchObject({ eventCode: 'workflow.cc' })
    // the next task reaches a2 once T1 is approved; nobody else is told
    ok(await post(c.a1, `${TASK}/approve`, { taskId: (await taskOf(c.a1, instanceId)).taskId }))
    const [next] = await until(inbox(c.a2), 15_000, 'the next task message')
    expect(next).toMatchObject({ eventCode: 'workflow.task' })
    expect(next!.contentEn).toContain('复核')
    expect(ok(await c.o.call<Page<Msg>>('GET', MSG.inbox, { query: { pageSize: 100, keyword: title } })).records).toEqual([])
  })

  it('workflow roles: CRUD, their accounts, and a node whose executor is a workflow role', async () => {
    const W = `${A}/wfRole`
    const WA = `${A}/wfRoleAccount`
    const roleName = uniqueName('流程角色')
    const role = ok(
      await post<{ wfRoleId: string; version: number; accountCount: number }>(admin, `${W}/add`, { roleName, roleCode: 'qa' }),
    )
    expect(role.accountCount).toBe(0)
    expect((await post(admin, `${W}/add`, { roleName })).body.code).toBe(20006)
    expect((await post(admin, `${W}/add`, { roleName: '' })).body.code).toBe(20001)
    // without the menu: 20003
    expect((await post(c.p, `${W}/add`, { roleName: uniqueName('流程角色') })).body.code).toBe(20003)
    expect((await c.p.call('GET', `${W}/list`)).body.code).toBe(20003)
    expect((await post(c.p, `${WA}/add`, { wfRoleId: role.wfRoleId, accountIds: [ids.a1] })).body.code).toBe(20003)

    const renamed = ok(
      await admin.call<{ version: number; remark: string }>('PUT', `${W}/update`, {
        json: { wfRoleId: role.wfRoleId, version: role.version, roleName, remark: '质检' },
        idempotencyKey: newKey(),
      }),
    )
    expect(renamed.remark).toBe('质检')
    const stale = await admin.call('PUT', `${W}/update`, {
      json: { wfRoleId: role.wfRoleId, version: role.version, roleName },
      idempotencyKey: newKey(),
    })
    expect(stale.body.code).toBe(20008)

    // the picker's candidates: in the caller's scope, not yet members, by keyword
    const candidates = async () =>
      ok(
        await admin.call<{ accountId: string }[]>('GET', `${WA}/listCandidates`, {
          query: { wfRoleId: role.wfRoleId, keyword: names.a1! },
        }),
      )
    expect((await candidates()).map((r) => r.accountId)).toEqual([ids.a1])
    expect((await c.p.call('GET', `${WA}/listCandidates`, { query: { wfRoleId: role.wfRoleId } })).body.code).toBe(20003)
    // accounts: unknown ones 20002, a repeat adds nothing
    expect(
      (await post(admin, `${WA}/add`, { wfRoleId: role.wfRoleId, accountIds: ['01900000-0000-7000-8000-000000000000'] })).body.code,
    ).toBe(20002)
    expect(ok(await post<{ added: number }>(admin, `${WA}/add`, { wfRoleId: role.wfRoleId, accountIds: [ids.a1] })).added).toBe(1)
    expect(ok(await post<{ added: number }>(admin, `${WA}/add`, { wfRoleId: role.wfRoleId, accountIds: [ids.a1] })).added).toBe(0)
    const members = ok(await admin.call<Page<{ accountId: string }>>('GET', `${WA}/list`, { query: { wfRoleId: role.wfRoleId } }))
    expect(members.records.map((r) => r.accountId)).toEqual([ids.a1])
    expect(await candidates()).toEqual([])
    const listed = ok(await admin.call<{ wfRoleId: string; accountCount: number }[]>('GET', `${W}/list`, { query: { keyword: roleName } }))
    expect(listed).toEqual([expect.objectContaining({ wfRoleId: role.wfRoleId, accountCount: 1 })])

    // the runtime resolves a wfRole executor through these rows, when the node is reached
    const key = uniqueName('wfr_')
    const m = ok(
      await post<{ modelId: string }>(admin, `${MODEL}/add`, {
        model: { applicationId, category: '审批', modelKey: key, name: key, bpmnXml: xml('角色审核') },
        executorList: [
          { nodeId: 'T1', settingMode: 'wfRole', ids: [role.wfRoleId] },
          { nodeId: 'T2', settingMode: 'user', ids: [ids.a2] },
        ],
      }),
    )
    const version = await deploy(m.modelId)
    const first = ok(await start(c.s, { modelKey: key }))
    expect((await taskOf(c.a1, first.instanceId)).activityId).toBe('T1')
    ok(await post(admin, `${WA}/delete`, { wfRoleId: role.wfRoleId, accountIds: [ids.a1] }))
    ok(await post(admin, `${WA}/add`, { wfRoleId: role.wfRoleId, accountIds: [ids.p] }))
    const second = ok(await start(c.s, { modelKey: key }))
    expect(await todo(c.a1, second.instanceId)).toEqual([])
    expect((await taskOf(c.p, second.instanceId)).activityId).toBe('T1')

    // named by a version in use: not deleted (20021 naming it); once the version is stopped, deleted with its accounts
    const inUse = await admin.call('POST', `${W}/delete`, {
      form: { ids: role.wfRoleId },
      idempotencyKey: newKey(),
      headers: { 'accept-language': 'en' },
    })
    expect(inUse.body.code).toBe(20021)
    expect(inUse.body.message).toContain(roleName)
    ok(
      await admin.call('PUT', `${HISTORY}/updateStatus`, {
        json: { status: 0, modelHistoryIds: [version.modelHistoryId] },
        idempotencyKey: newKey(),
      }),
    )
    ok(await admin.call('POST', `${W}/delete`, { form: { ids: role.wfRoleId }, idempotencyKey: newKey() }))
    expect((await admin.call('GET', `${WA}/list`, { query: { wfRoleId: role.wfRoleId } })).body.code).toBe(20002)
  })
})
