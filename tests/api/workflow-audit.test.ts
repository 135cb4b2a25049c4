/**
 * The user audit run as a process (issue 29) over HTTP, on both databases. Without a model bound to
 * 用户审核 a registration is decided on the screen as always. With one (its menu /admin/user-audit,
 * published and in use): a registration starts an instance on the system's behalf (starter: the pending
 * account, outside the model's use scope), titled 用户审核：<name>, keyed by the staff record; the audit
 * list shows where it waits; the direct decision — 用户审核's and 账号's — is refused (20021, zh and en);
 * 同意 through the task makes the account normal (it signs in) and the record approved by the approver;
 * 驳回 rejects both with the comment as the reason; an account registered through an invitation starts
 * one too, and a 同意 beyond its unit's account limit is refused with that 20021, keeping nothing (the task
 * still pending). A newer deploy on the menu takes over; stopping every bound version unbinds it.
 * Every version this file deploys is stopped at its end: the gateway is shared with the other files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey, type Answer } from './client'
import { GA, PASSWORD, accountNameOf, mustAdd, newUnit, nextPhone, post, registerByInvite } from './accounts-fixtures'
import { lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'
import { AUDIT, type Page } from './people-fixtures'
import { addRole, byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const REG = '/api/auth/v1/generalAccount'
const QUERY_MENU = '/admin/workflow-query'
const AUDIT_MENU = '/admin/user-audit'
const IN_PROCESS_ZH = '该记录正在流程中审核，请在流程待办中处理'

interface AuditRow {
  userId: string
  name: string
  accountId: string | null
  accountName: string | null
  accountStatus: string | null
  auditStatus: string
  auditReason: string | null
  auditBy: string | null
  process: { instanceId: string; nodeNames: string[] } | null
}
interface TaskRow {
  taskId: string
  instanceId: string
  instanceTitle: string | null
  modelName: string
  activityName: string | null
  starterAccountId: string
  status: string
}

const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"'
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
  <startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/>
  <userTask id="T1" name="人事审核"/><sequenceFlow id="f2" sourceRef="T1" targetRef="e"/><endEvent id="e"/></process></definitions>`

describe.each(provided('targets'))('the user audit as a process on $name', (t) => {
  let admin: Client
  let approver: Client
  let approverId = ''
  let approverName = ''
  let applicationId = ''
  let auditMenuId = ''
  /** Every version deployed here: stopped at the end, so no other file finds a process bound. */
  const deployed: string[] = []

  /** A registration through /register (public calls), optionally in a unit. */
  async function register(userName: string, organizationId?: string) {
    const c = new Client(t.url)
    const accountName = uniqueName('wfa').slice(0, 20)
    const phone = nextPhone()
    const call = (path: string, body: unknown) =>
      c.fetchRaw('POST', `${REG}/${path}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await call('getVerifyCode', { cellphone: phone })).body.code).toBe(10000)
    let code: string | null = null
    for (let i = 0; i < 30 && !code; i++) {
      await sleep(100)
      code = lastVerifyCode(t, phone)
    }
    const password = 'Audit#2026'
    const r = await call('addByRegister', {
      accountName,
      password,
      confirmPassword: password,
      userName,
      cellphone: phone,
      verifyCode: code,
      ...(organizationId ? { organizationId } : {}),
    })
    expect(r.body.code, r.text).toBe(10000)
    return { accountName, password }
  }

  const row = async (accountName: string): Promise<AuditRow> => {
    const r = ok(await admin.call<Page<AuditRow>>('GET', `${AUDIT}/listPage`, { query: { keyword: accountName } }))
    const found = (r.records as AuditRow[]).find((x) => x.accountName === accountName)
    expect(found, `audit row of ${accountName}`).toBeDefined()
    return found!
  }
  const todo = async (title: string): Promise<TaskRow | undefined> =>
    ok(await approver.call<Page<TaskRow>>('GET', `${A}/wfTask/todoPage`, { query: { pageSize: 100 } })).records.find(
      (r) => (r as TaskRow).instanceTitle === title,
    ) as TaskRow | undefined
  const directAudit = (json: Record<string, unknown>, lang?: string) => post(admin, `${AUDIT}/audit`, json, lang)

  /** A model on the 用户审核 menu whose one task goes to the approver, deployed; its version id. */
  async function bindModel(name: string): Promise<string> {
    const key = uniqueName('wfa_')
    const m = ok(
      await post<{ modelId: string }>(admin, `${A}/actReModel/add`, {
        model: { applicationId, applicationMenuId: auditMenuId, category: '审批', modelKey: key, name, bpmnXml: XML },
        executorList: [{ nodeId: 'T1', settingMode: 'user', ids: [approverId] }],
        // a use scope that leaves every registrant out: the audit's start is the system's
        useScopeList: [{ scopeType: 'account', ids: [approverId] }],
      }),
    )
    const v = ok(await post<{ modelHistoryId: string }>(admin, `${A}/actReModel/deploymentModel`, { modelId: m.modelId }))
    deployed.push(v.modelHistoryId)
    return v.modelHistoryId
  }
  const setStatus = async (status: 0 | 1, modelHistoryIds: string[]) =>
    ok(await admin.call('PUT', `${A}/wfModelHistory/updateStatus`, { json: { status, modelHistoryIds }, idempotencyKey: newKey() }))

  beforeAll(async () => {
    admin = await signedIn(t)
    const unit = await newUnit(admin, '流程审核单位')
    const worker = await addRole(admin, '审核流程办理', 'own')
    const grants = await tree(admin, worker.roleId)
    applicationId = grants.applicationId
    auditMenuId = byAction(grants, AUDIT_MENU).applicationMenuId
    const page = byAction(grants, QUERY_MENU)
    const group = grants.menus.find((g) => g.children.some((x) => x.applicationMenuId === page.applicationMenuId))!
    expect((await saveMenus(admin, worker.roleId, applicationId, [group.applicationMenuId, page.applicationMenuId], [])).body.code).toBe(
      10000,
    )
    const acc = await mustAdd(admin, unit, { roleIds: [worker.roleId], userName: '审核专员' })
    approverId = acc.accountId
    approverName = acc.accountName
    approver = await signedIn(t, acc.accountName, PASSWORD)
  }, 180_000)

  afterAll(async () => {
    if (deployed.length) await setStatus(0, deployed)
  })

  it('without a bound model a registration is decided on the screen as before', async () => {
    const reg = await register('甲未绑定')
    const r = await row(reg.accountName)
    expect(r).toMatchObject({ auditStatus: 'pending', accountStatus: 'pending', process: null })
    expect(ok(await directAudit({ userIds: [r.userId], decision: 'approve' }))).toEqual({ updated: 1 })
    expect((await row(reg.accountName)).accountStatus).toBe('normal')
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(10000)
  })

  it('bound: a registration starts the process; the direct decisions are refused; 同意 through the task approves the account', async () => {
    await bindModel('用户审核流程')
    const reg = await register('乙流程')
    const r = await row(reg.accountName)
    expect(r).toMatchObject({ auditStatus: 'pending', accountStatus: 'pending', process: { nodeNames: ['人事审核'] } })

    // the task waits for the approver; the instance is the registrant's, keyed by the staff record
    const task = await todo('用户审核：乙流程')
    expect(task).toMatchObject({ activityName: '人事审核', modelName: '用户审核流程', starterAccountId: r.accountId })
    expect(task!.instanceId).toBe(r.process!.instanceId)
    const detail = ok(
      await approver.call<{ instance: { businessKey: string; status: string } }>('GET', `${A}/wfInstance/detail`, {
        query: { instanceId: task!.instanceId },
      }),
    )
    expect(detail.instance).toMatchObject({ businessKey: r.userId, status: 'running' })

    // 用户审核's and 账号's direct decisions are refused while it runs, in both languages
    const zh = await directAudit({ userIds: [r.userId], decision: 'approve' })
    expect(zh.body).toMatchObject({ code: 20021, message: IN_PROCESS_ZH })
    const en = await directAudit({ userIds: [r.userId], decision: 'reject', reason: '资料不全' }, 'en')
    expect(en.body.code).toBe(20021)
    expect(en.body.message).toMatch(/being reviewed in a process/)
    const viaAccounts = await post(admin, `${GA}/audit`, { ids: [r.accountId], decision: 'approve' })
    expect(viaAccounts.body).toMatchObject({ code: 20021, message: IN_PROCESS_ZH })
    expect((await row(reg.accountName)).accountStatus).toBe('pending')
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(20119)

    // 同意 through the task: the instance ends approved, the account is normal and signs in
    ok(await post(approver, `${A}/wfTask/approve`, { taskId: task!.taskId, comment: '资料齐全' }))
    const after = await row(reg.accountName)
    expect(after).toMatchObject({ auditStatus: 'approved', accountStatus: 'normal', auditBy: approverName, process: null })
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(10000)
    const ended = ok(
      await approver.call<{ instance: { status: string } }>('GET', `${A}/wfInstance/detail`, { query: { instanceId: task!.instanceId } }),
    )
    expect(ended.instance.status).toBe('approved')
    const changes = ok(
      await admin.call<Page<{ field: string; fromValue: string; toValue: string; changedByName: string }>>('GET', `${GA}/listDetailPage`, {
        query: { accountId: r.accountId!, pageSize: 50 },
      }),
    ).records
    expect(changes[0]).toMatchObject({ field: 'status', fromValue: 'pending', toValue: 'normal', changedByName: approverName })
    // decided: the direct audit says so as before
    expect((await directAudit({ userIds: [r.userId], decision: 'approve' })).body.code).toBe(20021)
  })

  it('驳回 through the task rejects the record and the account, the comment as the reason', async () => {
    const reg = await register('丙驳回')
    const r = await row(reg.accountName)
    expect(r.process).not.toBeNull()
    const task = (await todo('用户审核：丙驳回'))!
    // 驳回 needs its comment, as any rejection
    expect((await post(approver, `${A}/wfTask/reject`, { taskId: task.taskId })).body.code).toBe(20001)
    ok(await post(approver, `${A}/wfTask/reject`, { taskId: task.taskId, comment: '非本单位人员' }))
    expect(await row(reg.accountName)).toMatchObject({
      auditStatus: 'rejected',
      accountStatus: 'rejected',
      auditReason: '非本单位人员',
      auditBy: approverName,
      process: null,
    })
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(20119)
  })

  it("an invitation's account starts it too; 同意 beyond the unit's account limit is refused and keeps nothing", async () => {
    const small = await newUnit(admin, '流程限额单位')
    ok(await post(admin, `${A}/orgAccount/setAccountLimit`, { organizationId: small, accountLimit: 1 }))
    const invitee = async (userName: string) => {
      const accountName = accountNameOf('wfai')
      const r = await registerByInvite(t, admin, small, {
        accountName,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        userName,
        cellphone: nextPhone(),
      })
      expect(r.body.code, r.text).toBe(10000)
      return { accountName, task: (await todo(`用户审核：${userName}`))! }
    }
    const first = await invitee('丁受邀')
    const second = await invitee('戊受邀')
    expect(first.task).toBeDefined()
    expect(second.task).toBeDefined()
    ok(await post(approver, `${A}/wfTask/approve`, { taskId: first.task.taskId }))
    expect((await row(first.accountName)).accountStatus).toBe('normal')

    const over = await post(approver, `${A}/wfTask/approve`, { taskId: second.task.taskId }, 'zh')
    expect(over.body).toMatchObject({ code: 20021, message: '已达到账号数量上限（该单位最多1个账号）' })
    // nothing of it kept: the task still waits, the instance runs, the account and the record are pending
    expect((await todo('用户审核：戊受邀'))?.taskId).toBe(second.task.taskId)
    expect(await row(second.accountName)).toMatchObject({
      auditStatus: 'pending',
      accountStatus: 'pending',
      process: { nodeNames: ['人事审核'] },
    })
    // rejecting takes no place
    ok(await post(approver, `${A}/wfTask/reject`, { taskId: second.task.taskId, comment: '名额已满' }))
    expect((await row(second.accountName)).accountStatus).toBe('rejected')
  })

  it('a newer deploy on the menu takes over; with every bound version stopped the audit is direct again', async () => {
    await bindModel('用户审核新流程')
    const reg = await register('己新流程')
    expect((await todo('用户审核：己新流程'))?.modelName).toBe('用户审核新流程')

    await setStatus(0, deployed)
    const plain = await register('庚停用后')
    const r = await row(plain.accountName)
    expect(r.process).toBeNull()
    expect(await todo('用户审核：庚停用后')).toBeUndefined()
    ok(await directAudit({ userIds: [r.userId], decision: 'reject', reason: '测试' }))
    expect((await row(plain.accountName)).accountStatus).toBe('rejected')
    // the instance started before goes on on its stopped version, and still decides its record
    ok(await post(approver, `${A}/wfTask/approve`, { taskId: (await todo('用户审核：己新流程'))!.taskId }))
    expect((await row(reg.accountName)).accountStatus).toBe('normal')
  })
})
