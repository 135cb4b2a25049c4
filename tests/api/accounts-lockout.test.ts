/**
 * Login lockout and the account state machine (SPEC §4): failed sign-ins lock only a normal account
 * (a stopped or pending one keeps its status, and the answers tell nothing more than for a name that
 * does not exist); a lock ends only as locked → normal — when its time has passed and the right
 * password comes, by forgot password (which also clears the cellphone's failure counter) or by an
 * administrator — each in the change history (the system, the holder, the administrator). An
 * administrator's reset clears a password valid period that has ended; /register starts the history;
 * every remark the gateway writes has a zh and an en label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { en, zh } from '../../src/lib/i18n/locales/accounts'
import { startGateway, type Gateway } from '../support/gateway'
import { Client } from './client'
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
  type ChangeDto,
} from './accounts-fixtures'
import type { Target } from './global-setup'
import { lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'

const AUTH = '/api/auth/v1/generalAccount'
/** TRESTLE_LOGIN_MAX_FAILURES defaults to 5: four answers 20010, the fifth locks (20011). */
const MAX = 5
const FAILED = [...Array<number>(MAX - 1).fill(20010), 20011]
const WRONG = 'Wrong#pass1'
/**
 * The gateway with a short lock (TRESTLE_LOCK_SECONDS), for what happens when a lock's time has
 * passed. It is also the window the failures are counted in: the five must fit in it on a busy machine.
 */
const LOCK_SECONDS = 10

/** The answers to MAX wrong passwords for a login name. */
async function failMax(t: Target, login: string): Promise<number[]> {
  const c = new Client(t.url)
  const codes: number[] = []
  for (let i = 0; i < MAX; i++) codes.push((await c.login(login, WRONG)).body.code)
  return codes
}

const statusRows = (rows: ChangeDto[]) => rows.filter((r) => r.field === 'status').map((r) => `${r.fromValue}→${r.toValue}`)

/** Remarks seen in the histories of this file's accounts: each must have a label in both languages. */
const remarks = new Set<string>()
const seen = (rows: ChangeDto[]) => {
  for (const r of rows) if (r.remark) remarks.add(r.remark)
  return rows
}

describe.each(provided('targets'))('login lockout and the account states on $name', (t) => {
  let admin: Client
  let unit: string

  beforeAll(async () => {
    admin = await signedIn(t)
    unit = await newUnit(admin, '锁定测试单位')
  })

  it('a stopped account stays stopped after too many wrong passwords; it is answered like a name that does not exist', async () => {
    const phone = nextPhone()
    const a = await mustAdd(admin, unit, { cellphone: phone })
    expect((await post(admin, `${GA}/enable`, { ids: [a.accountId], enable: false })).body.code).toBe(10000)
    expect(await failMax(t, a.accountName)).toEqual(FAILED)
    expect(await failMax(t, uniqueName('ghost'))).toEqual(FAILED)
    expect((await getAccount(admin, unit, a.accountName))!.status).toBe('stopped')
    // The name is locked for everyone (nothing told); by its cellphone the right password is still refused as stopped.
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(20011)
    const byPhone = await new Client(t.url).login(phone, PASSWORD)
    expect(byPhone.body.code).toBe(20119)
    expect(byPhone.body.message).toBe('账号已停用，请联系管理员')
    expect(statusRows(seen(await history(admin, a.accountId)))).toEqual(['normal→stopped'])
  })

  it('a pending (invited, not yet audited) account stays pending after too many wrong passwords', async () => {
    const name = accountNameOf('pend')
    const phone = nextPhone()
    const r = await registerByInvite(t, admin, unit, {
      accountName: name,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userName: '受邀人',
      cellphone: phone,
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(await failMax(t, name)).toEqual(FAILED)
    const a = (await getAccount(admin, unit, name))!
    expect(a.status).toBe('pending')
    expect((await new Client(t.url).login(name, PASSWORD)).body.code).toBe(20011)
    const byPhone = await new Client(t.url).login(phone, PASSWORD)
    expect(byPhone.body.code).toBe(20119)
    expect(byPhone.body.message).toContain('待审核')
    const rows = seen(await history(admin, a.accountId))
    expect(rows.map((x) => x.field)).toEqual(['created'])
  })

  it('a normal account locks (by the system, in the history); its open session goes on; an administrator unlocks it', async () => {
    const a = await mustAdd(admin, unit, { roleIds: [await sysadminRoleId(admin)] })
    const user = await new Client(t.url).signIn(a.accountName, PASSWORD)
    expect(await failMax(t, a.accountName)).toEqual(FAILED)
    expect((await getAccount(admin, unit, a.accountName))!.status).toBe('locked')
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(20011)
    // Someone guessing the password does not sign the holder out.
    expect((await user.call('GET', USER_INFO)).body.code).toBe(10000)
    const locked = seen(await history(admin, a.accountId))
    expect(locked[0]).toMatchObject({
      field: 'status',
      fromValue: 'normal',
      toValue: 'locked',
      remark: 'lockout',
      changedBy: null,
      changedByName: null,
    })
    expect((await post(admin, `${GA}/unlock`, { ids: [a.accountId] })).body.code).toBe(10000)
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(10000)
    const rows = seen(await history(admin, a.accountId))
    expect(rows[0]).toMatchObject({ field: 'status', fromValue: 'locked', toValue: 'normal', changedByName: 'admin' })
    expect(statusRows(rows)).toEqual(['locked→normal', 'normal→locked'])
  })

  it('forgot password unlocks a locked account (by its holder, in the history) and clears the cellphone’s failure counter', async () => {
    const phone = nextPhone()
    const a = await mustAdd(admin, unit, { cellphone: phone })
    // Locked through its cellphone: the counter and the lock are kept under the phone number.
    expect(await failMax(t, phone)).toEqual(FAILED)
    expect((await getAccount(admin, unit, a.accountName))!.status).toBe('locked')
    const c = new Client(t.url)
    const send = await c.fetchRaw('POST', `${AUTH}/getForgotVerifyCode`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountName: a.accountName }),
    })
    expect(send.body.code, send.text).toBe(10000)
    await sleep(200)
    const code = lastVerifyCode(t, phone)
    expect(code).toMatch(/^\d{6}$/)
    const next = 'Again#2026x'
    const reset = await c.fetchRaw('POST', `${AUTH}/updatePassword`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountName: a.accountName, verifyCode: code, password: next, confirmPassword: next }),
    })
    expect(reset.body.code, reset.text).toBe(10000)
    expect((await getAccount(admin, unit, a.accountName))!.status).toBe('normal')
    const rows = seen(await history(admin, a.accountId))
    expect(rows.find((r) => r.field === 'status')).toMatchObject({
      fromValue: 'locked',
      toValue: 'normal',
      remark: 'forgot',
      changedByName: a.accountName,
    })
    expect(rows.find((r) => r.field === 'password')).toMatchObject({ remark: 'forgot', changedByName: a.accountName })
    expect((await new Client(t.url).login(phone, next)).body.code).toBe(10000)
    expect((await new Client(t.url).login(a.accountName, next)).body.code).toBe(10000)
  })

  it('forgot password on a stopped account changes the password only: it stays stopped', async () => {
    const phone = nextPhone()
    const a = await mustAdd(admin, unit, { cellphone: phone })
    expect((await post(admin, `${GA}/enable`, { ids: [a.accountId], enable: false })).body.code).toBe(10000)
    const c = new Client(t.url)
    expect(
      (
        await c.fetchRaw('POST', `${AUTH}/getForgotVerifyCode`, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ accountName: a.accountName }),
        })
      ).body.code,
    ).toBe(10000)
    await sleep(200)
    const next = 'Again#2026x'
    const body = JSON.stringify({ accountName: a.accountName, verifyCode: lastVerifyCode(t, phone), password: next, confirmPassword: next })
    expect((await c.fetchRaw('POST', `${AUTH}/updatePassword`, { headers: { 'content-type': 'application/json' }, body })).body.code).toBe(
      10000,
    )
    expect((await getAccount(admin, unit, a.accountName))!.status).toBe('stopped')
    expect((await new Client(t.url).login(a.accountName, next)).body.code).toBe(20119)
    expect(statusRows(seen(await history(admin, a.accountId)))).toEqual(['normal→stopped'])
  })

  it('an administrator’s reset of an expired password lets the account sign in (the ended valid period is cleared, in the history)', async () => {
    const a = await mustAdd(admin, unit, { passwordValidUntil: '2021-06-30' })
    const before = await new Client(t.url).login(a.accountName, PASSWORD)
    expect(before.body.code).toBe(20021)
    expect(before.body.data).toEqual({ reason: 'passwordExpired', accountName: a.accountName })
    const next = 'Reset#2026x'
    expect((await post(admin, `${GA}/resetPwd`, { accountId: a.accountId, password: next, confirmPassword: next })).body.code).toBe(10000)
    expect((await new Client(t.url).login(a.accountName, next)).body.code).toBe(10000)
    expect((await getAccount(admin, unit, a.accountName))!).toMatchObject({ passwordValidUntil: null, passwordExpired: false })
    const rows = seen(await history(admin, a.accountId))
    expect(rows.find((r) => r.field === 'passwordValidUntil')).toMatchObject({
      fromValue: '2021-06-30',
      toValue: null,
      remark: 'reset',
      changedByName: 'admin',
    })
    expect(rows.find((r) => r.field === 'password')).toMatchObject({ remark: 'reset', changedByName: 'admin' })
    // A period still running is left alone.
    const b = await mustAdd(admin, unit, { passwordValidUntil: '2099-12-31' })
    expect((await post(admin, `${GA}/resetPwd`, { accountId: b.accountId, password: next, confirmPassword: next })).body.code).toBe(10000)
    expect((await getAccount(admin, unit, b.accountName))!.passwordValidUntil).toBe(b.passwordValidUntil)
    expect(seen(await history(admin, b.accountId)).filter((r) => r.field === 'passwordValidUntil')).toEqual([])
  })

  it('an account created through /register starts its history (created, pending, by the registrant)', async () => {
    const c = new Client(t.url)
    const name = accountNameOf('reg')
    const phone = nextPhone()
    expect(
      (
        await c.fetchRaw('POST', `${AUTH}/getVerifyCode`, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cellphone: phone }),
        })
      ).body.code,
    ).toBe(10000)
    await sleep(200)
    const body = {
      accountName: name,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userName: '自助注册人',
      cellphone: phone,
      verifyCode: lastVerifyCode(t, phone),
    }
    const r = await c.fetchRaw('POST', `${AUTH}/addByRegister`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(r.body.code, r.text).toBe(10000)
    const { accountId } = r.body.data as { accountId: string }
    expect(seen(await history(admin, accountId))).toEqual([
      expect.objectContaining({ field: 'created', fromValue: null, toValue: 'pending', remark: 'register', changedByName: name }),
    ])
  })

  it('a password changed in the personal centre is in the history', async () => {
    const a = await mustAdd(admin, unit, { roleIds: [await sysadminRoleId(admin)] })
    const user = await new Client(t.url).signIn(a.accountName, PASSWORD)
    const next = 'Mine#2026x'
    const r = await user.call('POST', '/api/portal/v1/personal/updatePassword', {
      json: { oldPassword: PASSWORD, password: next, confirmPassword: next },
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(seen(await history(admin, a.accountId))[0]).toMatchObject({
      field: 'password',
      remark: 'personal',
      changedByName: a.accountName,
    })
  })
})

describe(`a lock's time passing (TRESTLE_LOCK_SECONDS=${LOCK_SECONDS})`, () => {
  let gw: Gateway
  let admin: Client
  let unit: string

  beforeAll(async () => {
    gw = await startGateway('lockout', { TRESTLE_LOCK_SECONDS: String(LOCK_SECONDS) })
    admin = await signedIn(gw)
    unit = await newUnit(admin, '锁定到期单位')
  })
  afterAll(async () => {
    await gw?.stop()
  })

  it('the right password after the lock time: a locked account signs in (locked → normal by the system); a stopped one is refused as stopped', async () => {
    const normal = await mustAdd(admin, unit)
    const stopped = await mustAdd(admin, unit)
    expect((await post(admin, `${GA}/enable`, { ids: [stopped.accountId], enable: false })).body.code).toBe(10000)
    const [n, s] = await Promise.all([failMax(gw, normal.accountName), failMax(gw, stopped.accountName)])
    const lockedAt = Date.now()
    expect(n).toEqual(FAILED)
    expect(s).toEqual(FAILED)
    expect((await getAccount(admin, unit, normal.accountName))!.status).toBe('locked')
    expect((await getAccount(admin, unit, stopped.accountName))!.status).toBe('stopped')
    expect((await new Client(gw.url).login(normal.accountName, PASSWORD)).body.code).toBe(20011)
    await sleep(lockedAt + LOCK_SECONDS * 1000 + 500 - Date.now())
    expect((await new Client(gw.url).login(normal.accountName, PASSWORD)).body.code).toBe(10000)
    expect((await getAccount(admin, unit, normal.accountName))!.status).toBe('normal')
    const rows = seen(await history(admin, normal.accountId))
    expect(rows[0]).toMatchObject({
      field: 'status',
      fromValue: 'locked',
      toValue: 'normal',
      remark: 'lockExpired',
      changedBy: null,
      changedByName: null,
    })
    expect(rows[1]).toMatchObject({
      field: 'status',
      fromValue: 'normal',
      toValue: 'locked',
      remark: 'lockout',
      changedBy: null,
      changedByName: null,
    })
    const refused = await new Client(gw.url).login(stopped.accountName, PASSWORD)
    expect(refused.body.code).toBe(20119)
    expect(refused.body.message).toBe('账号已停用，请联系管理员')
    expect((await getAccount(admin, unit, stopped.accountName))!.status).toBe('stopped')
    expect(statusRows(seen(await history(admin, stopped.accountId)))).toEqual(['normal→stopped'])
  })
})

describe('change-history remarks', () => {
  it('every remark the gateway wrote above has a zh and an en label (none shows raw)', () => {
    expect([...remarks].sort()).toEqual(['forgot', 'lockExpired', 'lockout', 'manual', 'personal', 'register', 'reset', 'invite'].sort())
    for (const r of remarks) {
      expect(zh.changeRemark, r).toHaveProperty(r)
      expect(en.changeRemark, r).toHaveProperty(r)
    }
  })
})
