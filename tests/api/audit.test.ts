/** User audit: registrations wait for review, approve lets them sign in, reject records the reason. */
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { Client } from './client'
import { lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'
import { AUDIT, type Page, type PersonRow } from './people-fixtures'

const REG = '/api/auth/v1/generalAccount'

async function register(t: { url: string; log: string; name: string }): Promise<{ accountName: string; password: string }> {
  const c = new Client(t.url)
  const accountName = uniqueName('aud').slice(0, 20)
  const phone = `15${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}${Math.floor(Math.random() * 10)}`.slice(0, 11)
  const post = (path: string, body: unknown) => c.fetchRaw('POST', `${REG}/${path}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect((await post('getVerifyCode', { cellphone: phone })).body.code).toBe(10000)
  let code: string | null = null
  for (let i = 0; i < 20 && !code; i++) {
    await sleep(100)
    code = lastVerifyCode(t as never, phone)
  }
  const password = 'Audit#2026'
  const r = await post('addByRegister', { accountName, password, confirmPassword: password, userName: '钱审核', cellphone: phone, verifyCode: code })
  expect(r.body.code).toBe(10000)
  return { accountName, password }
}

describe.each(inject('targets'))('user audit on $name', (t) => {
  let admin: Client
  beforeAll(async () => {
    admin = await signedIn(t)
  })

  const find = async (c: Client, accountName: string, auditStatus?: string) => {
    const r = await c.call<Page<PersonRow>>('GET', `${AUDIT}/listPage`, { query: { keyword: accountName, ...(auditStatus ? { auditStatus } : {}) } })
    expect(r.body.code).toBe(10000)
    return r.body.data.records
  }

  it('a registration appears pending, cannot sign in, and can after approval', async () => {
    const reg = await register(t)
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(20119)
    const [row] = await find(admin, reg.accountName, 'pending')
    expect(row).toMatchObject({ accountName: reg.accountName, accountStatus: 'pending', auditStatus: 'pending', name: '钱审核' })
    expect(row!.cellphone).toMatch(/^\d{3}\*{4}\d{4}$/)

    const approve = await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'approve' } })
    expect(approve.body).toMatchObject({ code: 10000, data: { updated: 1 } })
    const [after] = await find(admin, reg.accountName, 'approved')
    expect(after).toMatchObject({ auditStatus: 'approved', accountStatus: 'normal', auditBy: 'admin' })
    expect((await new Client(t.url).login(reg.accountName, reg.password)).body.code).toBe(10000)
    // An approved record is not audited again.
    expect((await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'reject', reason: '重复' } })).body.code).toBe(20021)
  })

  it('rejecting needs a reason (≤ 200), records it and keeps the account out', async () => {
    const reg = await register(t)
    const [row] = await find(admin, reg.accountName)
    const noReason = await admin.call<{ field: string }[]>('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'reject' } })
    expect(noReason.body.code).toBe(20001)
    expect(noReason.body.data[0]!.field).toBe('reason')
    expect((await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'reject', reason: '长'.repeat(201) } })).body.code).toBe(20001)
    expect((await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'maybe' } })).body.code).toBe(20001)
    const reject = await admin.call('POST', `${AUDIT}/audit`, { json: { userIds: [row!.userId], decision: 'reject', reason: '姓名与身份证不符' } })
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
    const mine = pending.body.data.records[0]!
    expect(mine.organizationName).toContain('中铁恒岳')

    const tourist = await signedIn(t, 'tourist')
    expect((await tourist.call('POST', `${AUDIT}/audit`, { json: { userIds: [mine.userId], decision: 'approve' } })).body.code).toBe(20003)
    const zhangwei = await signedIn(t, 'zhangwei')
    expect((await zhangwei.call('GET', `${AUDIT}/listPage`)).body.code).toBe(20003)

    const done = await orgadmin.call('POST', `${AUDIT}/audit`, { json: { userIds: [mine.userId], decision: 'reject', reason: '资料不全' } })
    expect(done.body.code).toBe(10000)
  })
})
