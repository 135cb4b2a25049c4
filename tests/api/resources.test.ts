import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Client } from './client'
import { MENU_BY_PERMISSION, ROLE, signedIn, uniqueName } from './helpers'

interface Role {
  roleId: string
  roleName: string
  version: number
  sort: number
  memberCount: number
  organizationName: string | null
  dataScope: string
}
interface Page<T> {
  records: T[]
  total: number
  pageIndex: number
  pageSize: number
}
interface MenuEntry {
  applicationMenuId: string
  parentId: string | null
  menuName: string
  action: string | null
  functionList: { functionAction: string }[]
  authFunctionList: { functionAction: string }[]
}

describe.each(provided('targets'))('resources on $name', (t) => {
  let admin: Client
  beforeAll(async () => {
    admin = await signedIn(t)
  })

  const addRole = (c: Client, roleName: string, key = newKey()) =>
    c.call<Role>('POST', `${ROLE}/add`, { json: { roleName, remark: '测试角色', sort: 3, dataScope: 'own' }, idempotencyKey: key })

  it('adds, pages, updates and deletes a role', async () => {
    const name = uniqueName('质量员')
    const added = await addRole(admin, name)
    expect(added.body.code).toBe(10000)
    expect(added.body.data).toMatchObject({ roleName: name, version: 0, memberCount: 0, status: 1 })
    const page = await admin.call<Page<Role>>('GET', `${ROLE}/listPage`, { query: { pageIndex: 1, pageSize: 10, roleName: name } })
    expect(page.body.data.total).toBe(1)
    expect(page.body.data.records[0]!.roleId).toBe(added.body.data.roleId)
    const role = added.body.data
    const updated = await admin.call<Role>('PUT', `${ROLE}/update`, {
      json: { roleId: role.roleId, version: role.version, roleName: name, sort: 9, dataScope: 'own' },
      idempotencyKey: newKey(),
    })
    expect(updated.body.code).toBe(10000)
    expect(updated.body.data).toMatchObject({ version: 1, sort: 9 })
    const dup = await addRole(admin, name)
    expect(dup.body.code).toBe(20006)
    const del = await admin.call('POST', `${ROLE}/delete`, { form: { ids: role.roleId }, idempotencyKey: newKey() })
    expect(del.body.code).toBe(10000)
    const gone = await admin.call('POST', `${ROLE}/delete`, { form: { ids: role.roleId }, idempotencyKey: newKey() })
    expect(gone.body.code).toBe(20002)
  })

  it('applies an Idempotency-Key once; another payload with it gets 20009', async () => {
    const name = uniqueName('资料员')
    const key = newKey()
    const first = await addRole(admin, name, key)
    const second = await addRole(admin, name, key)
    expect(first.body.code).toBe(10000)
    expect(second.body).toEqual(first.body)
    const list = await admin.call<Role[]>('GET', `${ROLE}/list`, { query: { roleName: name } })
    expect(list.body.data).toHaveLength(1)
    const other = await addRole(admin, `${name}x`, key)
    expect(other.body.code).toBe(20009)
    await admin.call('POST', `${ROLE}/delete`, { form: { ids: first.body.data.roleId } })
  })

  it('answers a stale version with 20008 and the current record', async () => {
    const name = uniqueName('安全员')
    const role = (await addRole(admin, name)).body.data
    const body = { roleId: role.roleId, version: role.version, roleName: name, sort: 5, dataScope: 'own' }
    expect((await admin.call('PUT', `${ROLE}/update`, { json: body })).body.code).toBe(10000)
    const stale = await admin.call<Role>('PUT', `${ROLE}/update`, { json: { ...body, sort: 7 } })
    expect(stale.body.code).toBe(20008)
    expect(stale.body.data).toMatchObject({ roleId: role.roleId, version: 1, sort: 5 })
    await admin.call('DELETE', `${ROLE}/delete`, { form: { ids: role.roleId } })
  })

  it('deletes all or nothing', async () => {
    const a = (await addRole(admin, uniqueName('甲'))).body.data
    const r = await admin.call<string[]>('POST', `${ROLE}/delete`, { form: { ids: `${a.roleId},00000000-0000-7000-8000-000000000000` } })
    expect(r.body.code).toBe(20002)
    const still = await admin.call<Role[]>('GET', `${ROLE}/list`, { query: { roleName: a.roleName } })
    expect(still.body.data).toHaveLength(1)
    expect((await admin.call('POST', `${ROLE}/delete`, { form: { ids: a.roleId } })).body.code).toBe(10000)
  })

  it('merges menu functions by id and deletes a menu with its children', async () => {
    const me = await admin.call<MenuEntry[]>('GET', MENU_BY_PERMISSION, {
      query: { appCode: 'trestle-admin', sortBy: 'sort', desc: 'false' },
    })
    const apps = await admin.call<Page<{ applicationId: string; code: string }>>('GET', '/api/admin/v1/application/listPage', {
      query: { code: 'x' },
    })
    const appId = apps.body.data.records.find((a) => a.code === 'trestle-admin')!.applicationId
    expect(me.body.data.length).toBeGreaterThan(40)
    const M = '/api/admin/v1/applicationMenu'
    const parent = await admin.call<{ applicationMenuId: string; version: number }>('POST', `${M}/add`, {
      json: { applicationId: appId, menuName: uniqueName('临时分组'), sort: 99, functionList: [] },
    })
    expect(parent.body.code).toBe(10000)
    const child = await admin.call<{
      applicationMenuId: string
      version: number
      functionList: { applicationMenuFunctionId: string; functionAction: string }[]
    }>('POST', `${M}/add`, {
      json: {
        applicationId: appId,
        parentId: parent.body.data.applicationMenuId,
        menuName: '临时页面',
        action: 'admin/tmp-page',
        sort: 1,
        functionList: [
          { functionName: '新增', functionAction: 'add' },
          { functionName: '删除', functionAction: 'delete' },
        ],
      },
    })
    expect(child.body.code).toBe(10000)
    const fns = child.body.data.functionList
    expect(fns.map((f) => f.functionAction)).toEqual(['add', 'delete'])
    const kept = fns.find((f) => f.functionAction === 'add')!
    const upd = await admin.call<{ functionList: { applicationMenuFunctionId: string; functionAction: string }[] }>('PUT', `${M}/update`, {
      json: {
        applicationMenuId: child.body.data.applicationMenuId,
        version: child.body.data.version,
        applicationId: appId,
        parentId: parent.body.data.applicationMenuId,
        menuName: '临时页面',
        action: 'admin/tmp-page',
        sort: 1,
        functionList: [
          { applicationMenuFunctionId: kept.applicationMenuFunctionId, functionName: '添加', functionAction: 'add' },
          { functionName: '导出', functionAction: 'export' },
        ],
      },
    })
    expect(upd.body.code).toBe(10000)
    expect(upd.body.data.functionList.map((f) => f.functionAction)).toEqual(['add', 'export'])
    expect(upd.body.data.functionList[0]!.applicationMenuFunctionId).toBe(kept.applicationMenuFunctionId)
    const dupFns = await admin.call('POST', `${M}/add`, {
      json: {
        applicationId: appId,
        menuName: '重复',
        functionList: [
          { functionName: 'a', functionAction: 'x' },
          { functionName: 'b', functionAction: 'x' },
        ],
      },
    })
    expect(dupFns.body.code).toBe(20001)
    const del = await admin.call('POST', `${M}/delete`, { form: { ids: parent.body.data.applicationMenuId } })
    expect(del.body.code).toBe(10000)
    const after = await admin.call<{ applicationMenuId: string }[]>('GET', `${M}/list`, { query: { applicationId: appId } })
    expect(after.body.data.some((m) => m.applicationMenuId === child.body.data.applicationMenuId)).toBe(false)
  })

  it('records operation-log clicks only for the caller', async () => {
    const menus = (
      await admin.call<(MenuEntry & { functionList: { applicationMenuFunctionId: string; functionAction: string }[] })[]>(
        'GET',
        MENU_BY_PERMISSION,
        {
          query: { appCode: 'trestle-admin', sortBy: 'sort', desc: 'false' },
        },
      )
    ).body.data
    const roleMenu = menus.find((m) => m.action === '/admin/role-manage')!
    const fn = roleMenu.functionList[0]!
    const body = {
      accountName: 'admin',
      appCode: 'trestle-admin',
      functionId: fn.applicationMenuFunctionId,
      menuId: roleMenu.applicationMenuId,
    }
    expect((await admin.call('POST', '/api/admin/v1/operateLog/add', { json: body })).body.code).toBe(10000)
    expect((await admin.call('POST', '/api/admin/v1/operateLog/add', { json: { ...body, accountName: 'tourist' } })).body.code).toBe(20003)
  })
})

describe.each(provided('targets').filter((t) => t.demo))('permissions on $name', (t) => {
  let admin: Client
  let tourist: Client
  let orgadmin: Client
  beforeAll(async () => {
    ;[admin, tourist, orgadmin] = await Promise.all([signedIn(t), signedIn(t, 'tourist'), signedIn(t, 'orgadmin')])
  })

  it('refuses a tourist adding a role (20003) but lets it read', async () => {
    const r = await tourist.call('POST', `${ROLE}/add`, { json: { roleName: uniqueName('游客角色') } })
    expect(r.body.code).toBe(20003)
    expect((await tourist.call('GET', `${ROLE}/listPage`)).body.code).toBe(10000)
  })

  it('gives admin and tourist different menus by permission', async () => {
    const q = { appCode: 'trestle-admin', sortBy: 'sort', desc: 'false' }
    const a = (await admin.call<MenuEntry[]>('GET', MENU_BY_PERMISSION, { query: q })).body.data
    const tm = (await tourist.call<MenuEntry[]>('GET', MENU_BY_PERMISSION, { query: q })).body.data
    const z = await signedIn(t, 'zhangwei')
    const zm = (await z.call<MenuEntry[]>('GET', MENU_BY_PERMISSION, { query: q })).body.data
    const roleA = a.find((m) => m.action === '/admin/role-manage')!
    const roleT = tm.find((m) => m.action === '/admin/role-manage')!
    expect(roleA.authFunctionList.map((f) => f.functionAction)).toEqual(expect.arrayContaining(['add', 'edit', 'delete', 'authorize']))
    expect(roleT.functionList.length).toBe(roleA.functionList.length)
    expect(roleT.authFunctionList).toEqual([])
    expect(zm.length).toBeLessThan(a.length)
    expect(zm.some((m) => m.action === '/admin/role-manage')).toBe(false)
    // Some actions are stored without their leading slash (the console adds it).
    expect(a.some((m) => m.action !== null && m.action !== '' && !m.action.startsWith('/'))).toBe(true)
    const actions = new Set(a.map((m) => (m.action ? (m.action.startsWith('/') ? m.action : `/${m.action}`) : '')))
    for (const route of ['/admin/home', '/admin/project-design-unit', '/personal-view', '/test/demo', '/admin/su-boq'])
      expect(actions).toContain(route)
  })

  it('filters roles by data scope and hides other organisations (20002)', async () => {
    const mine = await orgadmin.call<Role[]>('GET', `${ROLE}/list`)
    expect(mine.body.code).toBe(10000)
    const names = mine.body.data.map((r) => r.roleName)
    expect(names).toContain('组织管理员')
    expect(names).not.toContain('系统管理员')
    const all = (await admin.call<Role[]>('GET', `${ROLE}/list`)).body.data
    const sys = all.find((r) => r.roleName === '系统管理员')!
    expect(sys.memberCount).toBeGreaterThanOrEqual(1)
    const r = await orgadmin.call('PUT', `${ROLE}/update`, {
      json: { roleId: sys.roleId, version: sys.version, roleName: '夺权', dataScope: 'own' },
    })
    expect(r.body.code).toBe(20002)
    expect((await orgadmin.call('POST', `${ROLE}/delete`, { form: { ids: sys.roleId } })).body.code).toBe(20002)
    const wider = await orgadmin.call('POST', `${ROLE}/add`, { json: { roleName: uniqueName('越权'), dataScope: 'all' } })
    expect(wider.body.code).toBe(20003)
  })
})
