/**
 * Issue 10: nobody stops or deletes what their own rights hang on — their own account, the console
 * application itself, a role they hold (20021 with a message saying why, in zh and en); the role
 * list marks the roles the caller holds (`held`) so the console does not offer those actions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Client } from './client'
import { ROLE, signedIn } from './helpers'
import { addMembers, addRole, deleteRole, RA, roles, type RoleRow } from './roles-fixtures'

const demo = provided('targets').filter((t) => t.demo)
const GA = '/api/admin/v1/generalAccount'
const APP = '/api/admin/v1/application'

describe.each(demo)('self guards on $name', (t) => {
  let admin: Client
  let orgadmin: Client
  let adminId: string
  let orgadminId: string
  let held: RoleRow

  beforeAll(async () => {
    admin = await signedIn(t)
    orgadmin = await signedIn(t, 'orgadmin')
    held = await addRole(orgadmin, '自持角色')
    const c = await admin.call<{ accountId: string; accountName: string }[]>('GET', RA.candidates, {
      query: { roleId: held.roleId, keyword: 'admin' },
    })
    adminId = c.body.data.find((m) => m.accountName === 'admin')!.accountId
    orgadminId = c.body.data.find((m) => m.accountName === 'orgadmin')!.accountId
    // admin holds it, orgadmin (who made it) does not
    expect((await addMembers(admin, held.roleId, [adminId])).body.code).toBe(10000)
  })
  afterAll(async () => {
    await deleteRole(orgadmin, held.roleId)
  })

  it('refuses deleting or stopping a role the caller holds, and marks it held in the list', async () => {
    const mine = (await roles(admin)).find((r) => r.roleId === held.roleId) as RoleRow & { held?: boolean; status: number; sort: number }
    expect(mine.held).toBe(true)
    expect((await roles(orgadmin)).find((r) => r.roleId === held.roleId)).toMatchObject({ held: false })

    const del = await admin.call('POST', `${ROLE}/delete`, {
      form: { ids: held.roleId },
      idempotencyKey: newKey(),
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(del.body.code, del.text).toBe(20021)
    expect(del.body.message).toContain('不能删除自己所属的角色')
    const stopBody = {
      roleId: held.roleId,
      roleName: mine.roleName,
      dataScope: mine.dataScope,
      sort: mine.sort,
      organizationId: mine.organizationId,
      status: 0,
      version: mine.version,
    }
    const stop = await admin.call('PUT', `${ROLE}/update`, {
      json: stopBody,
      idempotencyKey: newKey(),
      headers: { 'accept-language': 'en' },
    })
    expect(stop.body.code, stop.text).toBe(20021)
    expect(stop.body.message).toContain('cannot stop a role you hold')
    // Still there and active.
    expect((await roles(admin)).find((r) => r.roleId === held.roleId)).toMatchObject({ status: 1 })
  })

  it('refuses stopping or deleting one’s own account', async () => {
    const stop = await orgadmin.call('POST', `${GA}/enable`, { json: { ids: [orgadminId], enable: false }, idempotencyKey: newKey() })
    expect(stop.body.code, stop.text).toBe(20021)
    const del = await orgadmin.call('POST', `${GA}/delete`, { form: { ids: orgadminId }, idempotencyKey: newKey() })
    expect(del.body.code, del.text).toBe(20021)
  })

  it('refuses deleting the console application itself', async () => {
    const apps = (await admin.call<{ applicationId: string; name: string; code: string }[]>('GET', `${APP}/list`)).body.data
    const own = apps.find((a) => a.name === '工程协同管理平台')!
    const del = await admin.call('POST', `${APP}/delete`, {
      form: { ids: own.applicationId },
      idempotencyKey: newKey(),
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(del.body.code, del.text).toBe(20021)
    expect(del.body.message).toContain('不能删除本平台自身的应用')
  })
})
