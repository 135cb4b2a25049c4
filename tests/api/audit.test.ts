/**
 * User audit: registrations wait for review, approve lets them sign in, reject records the reason.
 * The accounts under review go through the account state machine exactly as generalAccount/audit:
 * history rows by the auditor, the unit's account limit, rejected accounts refused.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import {
  GA,
  PASSWORD,
  accountNameOf,
  sysadminRoleId,
  getAccount,
  history,
  newUnit,
  nextPhone,
  post,
  registerByInvite,
  type AccountDto,
} from './accounts-fixtures'
import { Client } from './client'
import { lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'
import { AUDIT, type Page, type PersonRow } from './people-fixtures'

const REG = '/api/auth/v1/generalAccount'

async function register(t: { url: string; log: string; name: string }): Promise<{ accountName: string; password: string }> {
  const c = new Client(t.url)
  const accountName = uniqueName('aud').slice(0, 20)
  const phone = `15${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}${Math.floor(Math.random() * 10)}`.slice(0, 11)
  const post = (path: string, body: unknown) =>
    c.fetchRaw('POST', `${REG}/${path}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect((await post('getVerifyCode', { cellphone: phone })).body.code).toBe(10000)
  let code: string | null = null
  for (let i = 0; i < 20 && !code; i++) {
    await sleep(100)
    code = lastVerifyCode(t as never, phone)
  }
  const password = 'Audit#2026'
  const r = await post('addByRegister', {
    accountName,
    password,
    confirmPassword: password,
    userName: '钱审核',
    cellphone: phone,
    verifyCode: code,
  })
  expect(r.body.code).toBe(10000)
  return { accountName, password }
}

describe.each(provided('targets'))('user audit on $name', (t) => {
  let admin: Client
  beforeAll(async () => {
    admin = await signedIn(t)
  })

  const find = async (c: Client, accountName: string, auditStatus?: string) => {
    const r = await c.call<Page<PersonRow>>('GET', `${AUDIT}/listPage`, {
      query: { keyword: accountName, ...(auditStatus ? { auditStatus } : {}) },
    })
    expect(r.body.code).toBe(10000)
    return r.body.data.records
  }

  it('a registration appears pending, cannot sign in, and can after approval', async () => {
    const reg = await register(t)
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(20119)
    const [row] = await find(admin, reg.accountName, 'pending')
    expect(row).toMatchObject({ accountName: reg.accountName, accountStatus: 'pending', auditStatus: 'pending', name: '钱审核' })
    expect(row!.cellphone).toMatch(/^\d{3}\*{4}\d{4}$/)
    // a registration: submitted now, shown as such with what it carries, nothing "changed"
    const submitted = row as PersonRow & { submitKind: string; submitTime: string }
    expect(submitted.submitKind).toBe('registration')
    expect(Math.abs(Date.parse(submitted.submitTime) - Date.now())).toBeLessThan(120_000)
    const sub = await admin.call<{ submitKind: string; values: Record<string, string | null>; changes: unknown[] }>(
      'GET',
      `${AUDIT}/submission`,
      { query: { userId: row!.userId } },
    )
    expect(sub.body.data).toMatchObject({ submitKind: 'registration', values: { name: '钱审核', cellphone: row!.cellphone }, changes: [] })

    const approve = await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'approve' } })
    expect(approve.body).toMatchObject({ code: 10000, data: { updated: 1 } })
    const [after] = await find(admin, reg.accountName, 'approved')
    expect(after).toMatchObject({ auditStatus: 'approved', accountStatus: 'normal', auditBy: 'admin' })
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(10000)
    // An approved record is not audited again.
    expect(
      (await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'reject', reason: '重复' } })).body.code,
    ).toBe(20021)
  })

  it('approval here offers the roles of 账号: a registrant approved without one is told plainly, with one signs in', async () => {
    // Without a role: the login works, the console's access token says the account has no role yet.
    const bare = await register(t)
    const [row] = await find(admin, bare.accountName, 'pending')
    expect((await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'approve' } })).body.code).toBe(10000)
    const c = new Client(t.url)
    expect((await c.login(bare.accountName, bare.password)).body.code).toBe(10000)
    const refused = await c.getAccessToken()
    expect(refused.body).toMatchObject({ code: 20003, data: { reason: 'noRole' } })
    expect(refused.body.message).toMatch(/尚未分配角色/)

    // With a role chosen in 用户审核: the same choices as generalAccount/audit, recorded in the history.
    const reg = await register(t)
    const [pending] = await find(admin, reg.accountName, 'pending')
    const roleId = await sysadminRoleId(admin)
    const badRole = await admin.call<{ field: string }[]>('POST', `${AUDIT}/audit`, {
      json: { userIds: [pending!.userId], decision: 'approve', roleIds: ['nope'] },
    })
    expect(badRole.body.code).toBe(20001)
    expect(badRole.body.data[0]!.field).toMatch(/^roleIds/)
    expect(
      (await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [pending!.userId], decision: 'approve', roleIds: [roleId] } })).body
        .code,
    ).toBe(10000)
    const signed = new Client(t.url)
    expect((await signed.login(reg.accountName, reg.password)).body.code).toBe(10000)
    expect((await signed.getAccessToken()).body.code).toBe(10000)
    const changes = await history(admin, pending!.accountId!)
    expect(changes.some((h) => h.field === 'roles' && (h.toValue ?? '').length > 0)).toBe(true)
  })

  it('rejecting needs a reason (≤ 200), records it and keeps the account out', async () => {
    const reg = await register(t)
    const [row] = await find(admin, reg.accountName)
    const noReason = await admin.call<{ field: string }[]>('POST', `${AUDIT}/audit`, {
      json: { userIds: [row!.userId], decision: 'reject' },
    })
    expect(noReason.body.code).toBe(20001)
    expect(noReason.body.data[0]!.field).toBe('reason')
    expect(
      (await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'reject', reason: '长'.repeat(201) } })).body
        .code,
    ).toBe(20001)
    expect((await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'maybe' } })).body.code).toBe(20001)
    const reject = await admin.call('POST', `${AUDIT}/audit`, {
      json: { userIds: [row!.userId], decision: 'reject', reason: '姓名与身份证不符' },
    })
    expect(reject.body.code).toBe(10000)
    const [after] = await find(admin, reg.accountName, 'rejected')
    expect(after).toMatchObject({ auditStatus: 'rejected', auditReason: '姓名与身份证不符', accountStatus: 'rejected' })
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(20119)
    expect(await find(admin, reg.accountName, 'pending')).toHaveLength(0)
  })

  it.runIf(t.demo)('orgadmin reviews their own organisation only; the tourist reviews nothing', async () => {
    const orgadmin = await signedIn(t, 'orgadmin')
    const reg = await register(t)
    // Registrations carry no organisation: not in orgadmin's list, 20002 when addressed.
    expect(await find(orgadmin, reg.accountName)).toHaveLength(0)
    const [row] = await find(admin, reg.accountName)
    expect((await orgadmin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'approve' } })).body.code).toBe(20002)
    const pending = await orgadmin.call<Page<PersonRow>>('GET', `${AUDIT}/listPage`, { query: { auditStatus: 'pending', pageSize: 100 } })
    expect(pending.body.data.total).toBeGreaterThan(0)
    // a seeded record without an account: the demo accounts waiting for review stay as they are for other tests
    const mine = pending.body.data.records.find((r) => !r.accountId)!
    expect(mine.organizationName).toContain('中铁恒岳')

    const tourist = await signedIn(t, 'tourist')
    expect((await tourist.call('POST', `${AUDIT}/audit`, { json: { userIds: [mine.userId], decision: 'approve' } })).body.code).toBe(20003)
    const zhangwei = await signedIn(t, 'zhangwei')
    expect((await zhangwei.call('GET', `${AUDIT}/listPage`)).body.code).toBe(20003)

    const done = await orgadmin.call('POST', `${AUDIT}/audit`, { json: { userIds: [mine.userId], decision: 'reject', reason: '资料不全' } })
    expect(done.body.code).toBe(10000)
  })

  describe('through the account state machine', () => {
    let unit: string
    beforeAll(async () => {
      unit = await newUnit(admin, '审核单位')
    })

    /** An invitee of the unit: a pending account with its pending staff record. */
    async function invitee(organizationId = unit): Promise<{ account: AccountDto; userId: string }> {
      const name = accountNameOf('uaud')
      const r = await registerByInvite(t, admin, organizationId, {
        accountName: name,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        userName: '孙受邀',
        cellphone: nextPhone(),
      })
      expect(r.body.code, r.text).toBe(10000)
      const [row] = await find(admin, name, 'pending')
      expect(row).toMatchObject({ accountName: name, accountStatus: 'pending', organizationId })
      return { account: (await getAccount(admin, organizationId, name))!, userId: row!.userId }
    }
    const audit = (json: Record<string, unknown>, lang?: string) => post(admin, `${AUDIT}/audit`, json, lang)

    it('approving writes the status change to the account history, by the auditor and with the reason', async () => {
      const { account, userId } = await invitee()
      const r = await audit({ userIds: [userId], decision: 'approve', reason: '资料齐全' })
      expect(r.body, r.text).toMatchObject({ code: 10000, data: { updated: 1 } })
      expect((await getAccount(admin, unit, account.accountName))!.status).toBe('normal')
      const rows = await history(admin, account.accountId)
      expect(rows.map((h) => [h.field, h.fromValue, h.toValue, h.remark, h.changedByName])).toEqual([
        ['status', 'pending', 'normal', '资料齐全', 'admin'],
        ['created', null, 'pending', 'invite', account.accountName],
      ])
      expect((await new Client(t.url).login(account.accountName, PASSWORD)).body.code).toBe(10000)
    })

    it('rejecting writes the history too, with the reason', async () => {
      const { account, userId } = await invitee()
      expect((await audit({ userIds: [userId], decision: 'reject', reason: '非本单位人员' })).body.code).toBe(10000)
      expect((await getAccount(admin, unit, account.accountName))!.status).toBe('rejected')
      expect((await history(admin, account.accountId))[0]).toMatchObject({
        field: 'status',
        fromValue: 'pending',
        toValue: 'rejected',
        remark: '非本单位人员',
        changedByName: 'admin',
      })
    })

    it("approving beyond the unit's account limit is refused (20021) and changes nothing", async () => {
      const small = await newUnit(admin, '审核限额单位')
      const limit = await post(admin, '/api/admin/v1/orgAccount/setAccountLimit', { organizationId: small, accountLimit: 1 })
      expect(limit.body.code, limit.text).toBe(10000)
      const first = await invitee(small)
      const second = await invitee(small)
      // Both at once would take two places.
      const both = await audit({ userIds: [first.userId, second.userId], decision: 'approve' })
      expect(both.body.code).toBe(20021)
      expect(both.body.message).toBe('已达到账号数量上限（该单位最多1个账号）')
      expect((await getAccount(admin, small, first.account.accountName))!.status).toBe('pending')
      expect((await find(admin, first.account.accountName, 'pending')).map((r) => r.userId)).toEqual([first.userId])
      // One fits; the next no longer does, and its record stays pending without a history row.
      expect((await audit({ userIds: [first.userId], decision: 'approve' })).body.code).toBe(10000)
      const over = await audit({ userIds: [second.userId], decision: 'approve' }, 'en')
      expect(over.body.code).toBe(20021)
      expect(over.body.message).toBe('The account limit has been reached (the unit may have 1 accounts)')
      expect((await getAccount(admin, small, second.account.accountName))!.status).toBe('pending')
      expect((await find(admin, second.account.accountName, 'pending')).map((r) => r.userId)).toEqual([second.userId])
      expect((await history(admin, second.account.accountId)).map((h) => h.field)).toEqual(['created'])
      // Rejecting takes no place: allowed at the limit.
      expect((await audit({ userIds: [second.userId], decision: 'reject', reason: '名额已满' })).body.code).toBe(10000)
    })

    it('a rejected account is refused as generalAccount/audit refuses it (rejected → normal is not in the state machine)', async () => {
      const { account, userId } = await invitee()
      expect((await audit({ userIds: [userId], decision: 'reject', reason: '资料不全' })).body.code).toBe(10000)
      for (const [decision, reason] of [
        ['approve', undefined],
        ['reject', '再次驳回'],
      ] as const) {
        const viaUser = await audit({ userIds: [userId], decision, reason })
        const viaAccount = await post(admin, `${GA}/audit`, { ids: [account.accountId], decision, reason })
        expect(viaUser.body.code, decision).toBe(20021)
        expect(viaUser.body.message).toBe(viaAccount.body.message)
        expect(viaUser.body.data).toEqual(viaAccount.body.data)
        expect(viaUser.body.data).toEqual([{ accountId: account.accountId, accountName: account.accountName, status: 'rejected' }])
      }
      const approve = await audit({ userIds: [userId], decision: 'approve' })
      expect(approve.body.message).toBe(`只有「待审核」的账号可以审核通过：${account.accountName}（审核未通过）`)
      // Nothing changed: the record stays rejected with its reason, the account rejected, no new history.
      const [row] = await find(admin, account.accountName, 'rejected')
      expect(row).toMatchObject({ auditStatus: 'rejected', auditReason: '资料不全', accountStatus: 'rejected' })
      expect((await history(admin, account.accountId)).map((h) => [h.field, h.toValue])).toEqual([
        ['status', 'rejected'],
        ['created', 'pending'],
      ])
      expect((await new Client(t.url).login(account.accountName, PASSWORD)).body.code).toBe(20119)
    })
  })
})
