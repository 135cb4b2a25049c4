/**
 * Issue 10 (#10): forgot password refuses the current password as 修改密码 does (20001 on
 * `password`, 新密码不能与原密码相同), and the code stays usable for another one; a menu action
 * saved without its leading slash is stored with it (SPEC §2); a function repeated in one menu is
 * refused.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey } from './client'
import { PASSWORD, mustAdd, newUnit, nextPhone } from './accounts-fixtures'
import { lastVerifyCode, signedIn, sleep, uniqueName } from './helpers'

const AUTH = '/api/auth/v1/generalAccount'
const M = '/api/admin/v1/applicationMenu'

describe.each(provided('targets'))('password and menu rules on $name', (t) => {
  let admin: Client
  beforeAll(async () => {
    admin = await signedIn(t)
  })

  it('forgot password refuses the current password, then takes another with the same code', async () => {
    const unit = await newUnit(admin)
    const phone = nextPhone()
    const a = await mustAdd(admin, unit, { cellphone: phone })
    const c = new Client(t.url)
    const json = { 'content-type': 'application/json' }
    const send = await c.fetchRaw('POST', `${AUTH}/getForgotVerifyCode`, {
      headers: json,
      body: JSON.stringify({ accountName: a.accountName }),
    })
    expect(send.body.code, send.text).toBe(10000)
    await sleep(200)
    const code = lastVerifyCode(t, phone)
    const same = await c.fetchRaw('POST', `${AUTH}/updatePassword`, {
      headers: { ...json, 'accept-language': 'zh-CN' },
      body: JSON.stringify({ accountName: a.accountName, verifyCode: code, password: PASSWORD, confirmPassword: PASSWORD }),
    })
    expect(same.body.code, same.text).toBe(20001)
    expect(same.body.data).toEqual([expect.objectContaining({ field: 'password', message: '新密码不能与原密码相同' })])
    const next = 'Other#2026y'
    const other = await c.fetchRaw('POST', `${AUTH}/updatePassword`, {
      headers: json,
      body: JSON.stringify({ accountName: a.accountName, verifyCode: code, password: next, confirmPassword: next }),
    })
    expect(other.body.code, other.text).toBe(10000)
    expect((await new Client(t.url).login(a.accountName, next)).body.code).toBe(10000)
  })

  it('stores a menu action with its leading slash and refuses repeated functions', async () => {
    const apps = await admin.call<{ records: { applicationId: string; code: string }[] }>('GET', '/api/admin/v1/application/listPage', {
      query: { pageIndex: 1, pageSize: 100 },
    })
    const appId = apps.body.data.records.find((x) => x.code === 'trestle-admin')!.applicationId
    const action = `admin/${uniqueName('slash')}`
    const r = await admin.call<{ applicationMenuId: string; action: string }>('POST', `${M}/add`, {
      json: { applicationId: appId, menuName: uniqueName('斜杠'), action, sort: 96, functionList: [] },
      idempotencyKey: newKey(),
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data.action).toBe(`/${action}`)
    const twice = await admin.call('POST', `${M}/add`, {
      json: {
        applicationId: appId,
        menuName: uniqueName('重复'),
        sort: 97,
        functionList: [
          { functionName: '新增', functionAction: 'add' },
          { functionName: '新增', functionAction: 'add' },
        ],
      },
      idempotencyKey: newKey(),
    })
    expect([20001, 20006]).toContain(twice.body.code)
    await admin.call('POST', `${M}/delete`, { form: { ids: r.body.data.applicationMenuId }, idempotencyKey: newKey() })
  })
})
