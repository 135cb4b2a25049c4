import { describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client } from './client'
import { mustAdd, newUnit, nextPhone } from './accounts-fixtures'
import { lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'

const A = '/api/auth/v1/generalAccount'
const t = provided('targets')[0]!

async function post(c: Client, path: string, body: unknown) {
  return c.fetchRaw('POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

describe('registration and recovery (embedded)', () => {
  it('registers a pending account that cannot sign in yet', async () => {
    const c = new Client(t.url)
    const name = uniqueName('reg').slice(0, 20)
    const phone = `139${String(Date.now()).slice(-8)}`
    expect((await c.fetchRaw('GET', `${A}/checkLoginAccount?accountName=admin`)).body.code).toBe(20006)
    expect((await c.fetchRaw('GET', `${A}/checkLoginAccount?accountName=${name}`)).body.code).toBe(10000)
    expect((await c.fetchRaw('GET', `${A}/validMobile?cellphone=13800138000`)).body.code).toBe(20006)
    expect((await c.fetchRaw('GET', `${A}/validMobile?cellphone=${phone}`)).body.code).toBe(10000)
    expect((await post(c, `${A}/getVerifyCode`, { cellphone: phone })).body.code).toBe(10000)
    expect((await post(c, `${A}/getVerifyCode`, { cellphone: phone })).body.code).toBe(20021)
    await sleep(200)
    const code = lastVerifyCode(t, phone)
    expect(code).toMatch(/^\d{6}$/)
    const body = {
      accountName: name,
      password: 'Build#2026',
      confirmPassword: 'Build#2026',
      userName: '赵工',
      cellphone: phone,
      verifyCode: code,
    }
    const wrong = await post(c, `${A}/addByRegister`, { ...body, verifyCode: code === '000000' ? '111111' : '000000' })
    expect(wrong.body.code).toBe(20001)
    const mismatch = await post(c, `${A}/addByRegister`, { ...body, confirmPassword: 'Other#2026' })
    expect(mismatch.body.code).toBe(20001)
    const ok = await post(c, `${A}/addByRegister`, body)
    expect(ok.body.code).toBe(10000)
    expect((await post(c, `${A}/addByRegister`, body)).body.code).toBe(20006)
    const login = await c.login(name, 'Build#2026')
    expect(login.body.code).toBe(20119)
    expect(login.body.message).toContain('待审核')
  })

  // its own account: the demo accounts are shared by every file on this gateway
  it('resets a forgotten password with a single-use code', async () => {
    const phone = nextPhone()
    const admin = await signedIn(t)
    const { accountName } = await mustAdd(admin, await newUnit(admin, '找回密码单位'), { cellphone: phone })
    const c = new Client(t.url)
    expect((await post(c, `${A}/getForgotVerifyCode`, { accountName })).body.code).toBe(10000)
    await sleep(200)
    const code = lastVerifyCode(t, phone)!
    expect((await post(c, `${A}/valid`, { accountName, verifyCode: code })).body.code).toBe(10000)
    const same = await post(c, `${A}/updatePassword`, {
      accountName,
      verifyCode: code,
      password: accountName,
      confirmPassword: accountName,
    })
    expect(same.body.code).toBe(20001)
    const reset = { accountName, verifyCode: code, password: 'Site#2026', confirmPassword: 'Site#2026' }
    expect((await post(c, `${A}/updatePassword`, reset)).body.code).toBe(10000)
    expect((await post(c, `${A}/updatePassword`, reset)).body.code).toBe(20001)
    expect((await c.login(accountName, 'Site#2026')).body.code).toBe(10000)
  })
})
