/**
 * The account state machine of SPEC §4 on the gateway (generalAccount/audit, enable, unlock), table
 * driven: every status × every action, allowed or 20021 with the reason. What a stop, an expiry or a
 * deletion does to an open session (20119 on the next call, also from a second gateway process on
 * the same PostgreSQL), expired valid periods and passwords at login, account limits, and the
 * invitation flow: invite → register → pending → audit → first login.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey } from './client'
import {
  GA,
  PASSWORD,
  USER_INFO,
  accountNameOf,
  getAccount,
  history,
  mustAdd,
  newUnit,
  nextPhone,
  post,
  registerByInvite,
  sysadminRoleId,
  type AccountDto,
} from './accounts-fixtures'
import { signedIn } from './helpers'

type Status = 'pending' | 'normal' | 'rejected' | 'stopped' | 'locked'
type Action = 'approve' | 'reject' | 'stop' | 'enable' | 'unlock'

/** SPEC §4: which action each status allows, and where it leads. */
const ALLOWED: Record<Status, Partial<Record<Action, Status>>> = {
  pending: { approve: 'normal', reject: 'rejected' },
  normal: { stop: 'stopped' },
  rejected: {},
  stopped: { enable: 'normal' },
  locked: { unlock: 'normal' },
}
const ACTIONS: Action[] = ['approve', 'reject', 'stop', 'enable', 'unlock']

function act(admin: Client, action: Action, ids: string[]) {
  switch (action) {
    case 'approve':
      return post(admin, `${GA}/audit`, { ids, decision: 'approve' })
    case 'reject':
      return post(admin, `${GA}/audit`, { ids, decision: 'reject', reason: '资料不全' })
    case 'stop':
      return post(admin, `${GA}/enable`, { ids, enable: false })
    case 'enable':
      return post(admin, `${GA}/enable`, { ids, enable: true })
    case 'unlock':
      return post(admin, `${GA}/unlock`, { ids })
  }
}

describe.each(provided('targets'))('account states on $name', (t) => {
  let admin: Client
  let unit: string
  let roleId: string

  /** An account in the given status, in the test unit. */
  async function inStatus(status: Status): Promise<AccountDto> {
    if (status === 'pending' || status === 'rejected') {
      const name = accountNameOf('inv')
      const r = await registerByInvite(t, admin, unit, {
        accountName: name,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        userName: '受邀人',
        cellphone: nextPhone(),
      })
      expect(r.body.code, r.text).toBe(10000)
      const a = (await getAccount(admin, unit, name))!
      if (status === 'rejected') expect((await act(admin, 'reject', [a.accountId])).body.code).toBe(10000)
      return (await getAccount(admin, unit, name))!
    }
    const a = await mustAdd(admin, unit)
    if (status === 'stopped') expect((await act(admin, 'stop', [a.accountId])).body.code).toBe(10000)
    if (status === 'locked') {
      // Five wrong passwords lock it (TRESTLE_LOGIN_MAX_FAILURES).
      const c = new Client(t.url)
      for (let i = 0; i < 5; i++) await c.login(a.accountName, 'Wrong#pass1')
    }
    const now = (await getAccount(admin, unit, a.accountName))!
    expect(now.status).toBe(status)
    return now
  }

  beforeAll(async () => {
    admin = await signedIn(t)
    unit = await newUnit(admin)
    roleId = await sysadminRoleId(admin)
  })

  it.each(Object.keys(ALLOWED) as Status[])('from %s: the allowed actions move it, every other is refused with 20021', async (status) => {
    const account = await inStatus(status)
    const allowed = ALLOWED[status]
    // Refusals first: they change nothing.
    for (const action of ACTIONS.filter((a) => !(a in allowed))) {
      const r = await act(admin, action, [account.accountId])
      expect(r.body.code, `${status} → ${action}`).toBe(20021)
      expect(r.body.message).toContain(account.accountName)
      expect(r.body.data).toEqual([{ accountId: account.accountId, accountName: account.accountName, status }])
    }
    expect((await getAccount(admin, unit, account.accountName))!.status).toBe(status)
    const [action, to] = Object.entries(allowed)[0] ?? []
    if (!action) return
    const r = await act(admin, action as Action, [account.accountId])
    expect(r.body.code, `${status} → ${action}: ${r.text}`).toBe(10000)
    expect((await getAccount(admin, unit, account.accountName))!.status).toBe(to)
    const rows = await history(admin, account.accountId)
    expect(rows[0]).toMatchObject({ field: 'status', fromValue: status, toValue: to, changedByName: 'admin' })
  })

  it('a stop and an enable answer each account’s new version, which the next edit builds on', async () => {
    const a = await mustAdd(admin, unit)
    const b = await mustAdd(admin, unit)
    const stop = await post<{ updated: number; versions: Record<string, number> }>(admin, `${GA}/enable`, {
      ids: [a.accountId, b.accountId],
      enable: false,
    })
    expect(stop.body.data).toEqual({ updated: 2, versions: { [a.accountId]: a.version + 1, [b.accountId]: b.version + 1 } })
    // the version the list showed before the stop is stale now; the answered one is current
    const edit = (version: number) =>
      admin.call('PUT', `${GA}/update`, {
        json: { accountId: a.accountId, version, userName: '改名', organizationId: unit },
        idempotencyKey: newKey(),
      })
    expect((await edit(a.version)).body.code).toBe(20008)
    expect((await edit(stop.body.data.versions[a.accountId]!)).body.code).toBe(10000)
    const back = await post<{ versions: Record<string, number> }>(admin, `${GA}/enable`, { ids: [a.accountId], enable: true })
    expect(back.body.data.versions).toEqual({ [a.accountId]: (await getAccount(admin, unit, a.accountName))!.version })
  })

  it('refuses a batch as a whole when one account cannot take the action, and names it', async () => {
    const a = await mustAdd(admin, unit)
    const b = await inStatus('stopped')
    const r = await act(admin, 'stop', [a.accountId, b.accountId])
    expect(r.body.code).toBe(20021)
    expect(r.body.message).toBe(`只有「正常」的账号可以停用：${b.accountName}（已停用）`)
    expect((await getAccount(admin, unit, a.accountName))!.status).toBe('normal')
    const en = await post(admin, `${GA}/enable`, { ids: [a.accountId], enable: true }, 'en')
    expect(en.body.message).toBe(`Only stopped accounts can be enabled: ${a.accountName} (normal)`)
  })

  it('a rejected audit needs its reason (20001), and one cannot stop oneself', async () => {
    const p = await inStatus('pending')
    const r = await post<{ field: string; message: string }[]>(admin, `${GA}/audit`, { ids: [p.accountId], decision: 'reject' })
    expect(r.body.code).toBe(20001)
    expect(r.body.data[0]).toMatchObject({ field: 'reason', message: '请输入' })
    const me = (await admin.call<{ accountId: string }>('GET', USER_INFO)).body.data.accountId
    const self = await act(admin, 'stop', [me])
    expect(self.body.code).toBe(20021)
    expect(self.body.message).toBe('不能对自己的账号执行该操作')
  })

  it('unlocking lets the account sign in again at once', async () => {
    const a = await inStatus('locked')
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(20011)
    expect((await act(admin, 'unlock', [a.accountId])).body.code).toBe(10000)
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(10000)
  })

  it('stopping an account ends its open session: the next signed call gets 20119; enabling lets it sign in again', async () => {
    const a = await mustAdd(admin, unit, { roleIds: [roleId] })
    const user = await new Client(t.url).signIn(a.accountName, PASSWORD)
    expect((await user.call('GET', USER_INFO)).body.code).toBe(10000)
    expect((await act(admin, 'stop', [a.accountId])).body.code).toBe(10000)
    const next = await user.call('GET', USER_INFO)
    expect(next.body.code).toBe(20119)
    expect(next.body.message).toBe('账号已停用，请联系管理员')
    // The session is ended for good: enabling the account does not revive it.
    expect((await act(admin, 'enable', [a.accountId])).body.code).toBe(10000)
    expect((await user.call('GET', USER_INFO)).body.code).toBe(20114)
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(10000)
  })

  it('a valid period set in the past expires the account now: open session 20119, login refused with the message', async () => {
    const a = await mustAdd(admin, unit, { roleIds: [roleId] })
    const user = await new Client(t.url).signIn(a.accountName, PASSWORD)
    const r = await post(admin, `${GA}/updateValidPeriod`, { ids: [a.accountId], validUntil: '2020-01-31' })
    expect(r.body.code).toBe(10000)
    const next = await user.call('GET', USER_INFO)
    expect(next.body.code).toBe(20119)
    expect(next.body.message).toBe('账号已过有效期，请联系管理员')
    const login = await new Client(t.url).login(a.accountName, PASSWORD)
    expect(login.body.code).toBe(20119)
    expect(login.body.message).toBe('账号已过有效期，请联系管理员')
    const listed = (await getAccount(admin, unit, a.accountName))!
    expect(listed).toMatchObject({ status: 'normal', expired: true })
    expect((await history(admin, a.accountId))[0]).toMatchObject({ field: 'validUntil', fromValue: null, toValue: '2020-01-31' })
    // A future period: signs in again.
    expect((await post(admin, `${GA}/updateValidPeriod`, { ids: [a.accountId], validUntil: '2099-12-31' })).body.code).toBe(10000)
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(10000)
  })

  it('deleting an account ends its session (20119) and keeps its history', async () => {
    const a = await mustAdd(admin, unit, { roleIds: [roleId] })
    const user = await new Client(t.url).signIn(a.accountName, PASSWORD)
    const del = await admin.call('POST', `${GA}/delete`, { form: { ids: a.accountId }, idempotencyKey: newKey() })
    expect(del.body.code).toBe(10000)
    expect((await user.call('GET', USER_INFO)).body.code).toBe(20119)
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(20010)
    const rows = await history(admin, a.accountId)
    expect(rows.map((r) => r.field)).toEqual(['deleted', 'roles', 'created'])
  })

  it('a password past its valid period: login answers 20021 passwordExpired (the login page asks for a new one)', async () => {
    const a = await mustAdd(admin, unit, { roleIds: [roleId], passwordValidUntil: '2021-06-30' })
    const r = await new Client(t.url).login(a.accountName, PASSWORD)
    expect(r.body.code).toBe(20021)
    expect(r.body.data).toEqual({ reason: 'passwordExpired', accountName: a.accountName })
    expect(r.body.message).toBe('密码已过有效期，请修改密码后再登录')
    // A wrong password still says only that.
    expect((await new Client(t.url).login(a.accountName, 'Wrong#pass1')).body.code).toBe(20010)
    expect((await post(admin, `${GA}/updatePwdValidPeriod`, { ids: [a.accountId], passwordValidUntil: null })).body.code).toBe(10000)
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(10000)
    expect((await history(admin, a.accountId))[0]).toMatchObject({ field: 'passwordValidUntil', fromValue: '2021-06-30', toValue: null })
  })

  it('account limit: adding, registering by invitation and approving beyond it → 20021', async () => {
    const small = await newUnit(admin, '限额单位')
    const limit = await post(admin, '/api/admin/v1/orgAccount/setAccountLimit', { organizationId: small, accountLimit: 1 })
    expect(limit.body.code, limit.text).toBe(10000)
    // An invitee registers while there is room: pending accounts take no place.
    const name = accountNameOf('lim')
    expect(
      (
        await registerByInvite(t, admin, small, {
          accountName: name,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          userName: '待审',
          cellphone: nextPhone(),
        })
      ).body.code,
    ).toBe(10000)
    await mustAdd(admin, small)
    const over = await post(admin, `${GA}/add`, {
      accountName: accountNameOf('lim'),
      userName: '超额',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      organizationId: small,
    })
    expect(over.body.code).toBe(20021)
    expect(over.body.message).toBe('已达到账号数量上限（该单位最多1个账号）')
    const pending = (await getAccount(admin, small, name))!
    const approve = await act(admin, 'approve', [pending.accountId])
    expect(approve.body.code).toBe(20021)
    expect(approve.body.message).toContain('已达到账号数量上限')
    expect((await getAccount(admin, small, name))!.status).toBe('pending')
    const late = await registerByInvite(t, admin, small, {
      accountName: accountNameOf('lim'),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userName: '晚到',
      cellphone: nextPhone(),
    })
    expect(late.body.code).toBe(20021)
    expect(late.body.message).toContain('已达到账号数量上限')
  })

  it('invite → register → pending (cannot sign in) → approved with a role → first login', async () => {
    const name = accountNameOf('new')
    const phone = nextPhone()
    const r = await registerByInvite(t, admin, unit, {
      accountName: name,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userName: '新同事',
      cellphone: phone,
    })
    expect(r.body.code, r.text).toBe(10000)
    const pending = (await getAccount(admin, unit, name))!
    expect(pending).toMatchObject({
      status: 'pending',
      level: 'general',
      userName: '新同事',
      cellphone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    })
    const early = await new Client(t.url).login(name, PASSWORD)
    expect(early.body.code).toBe(20119)
    expect(early.body.message).toBe('账号待审核，审核通过后方可登录')
    const ok = await post(admin, `${GA}/audit`, { ids: [pending.accountId], decision: 'approve', roleIds: [roleId] })
    expect(ok.body.code, ok.text).toBe(10000)
    const user = await new Client(t.url).signIn(name, PASSWORD)
    const me = await user.call<AccountDto>('GET', `${GA}/getLoggedInAccount`)
    expect(me.body.data).toMatchObject({
      accountName: name,
      status: 'normal',
      cellphone: phone,
      organizationId: unit,
      roleNames: ['系统管理员'],
    })
    expect((await history(admin, pending.accountId)).map((h) => [h.field, h.toValue, h.remark])).toEqual([
      ['roles', '系统管理员', null],
      ['status', 'normal', null],
      ['created', 'pending', 'invite'],
    ])
  })
})

const pair = provided('pgPair')
describe.runIf(pair)('account stops across two gateway processes on one PostgreSQL', () => {
  it('stopped on one process: the session held on the other gets 20119 on its next call', async () => {
    const a = pair![0]!
    const b = pair![1]!
    const adminA = await signedIn(a)
    const unit = await newUnit(adminA)
    const acc = await mustAdd(adminA, unit, { roleIds: [await sysadminRoleId(adminA)] })
    const onB = await new Client(b.url).signIn(acc.accountName, PASSWORD)
    expect((await onB.call('GET', USER_INFO)).body.code).toBe(10000)
    expect((await post(adminA, `${GA}/enable`, { ids: [acc.accountId], enable: false })).body.code).toBe(10000)
    const next = await onB.call('GET', USER_INFO)
    expect(next.body.code).toBe(20119)
    expect(next.body.message).toBe('账号已停用，请联系管理员')
  })
})
