/**
 * Role members and authorisation per unit (menus and functions, organisations, data permission,
 * resources): what a member can do follows on their next call; nobody grants what they do not
 * hold; the built-in 系统管理员 role keeps what administers roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Client } from './client'
import { MENU_BY_PERMISSION, ROLE, signedIn, uniqueName } from './helpers'
import {
  addMembers,
  addRole,
  byAction,
  deleteMembers,
  deleteRole,
  fnOf,
  grantsOf,
  grantsVersion,
  RA,
  roles,
  saveMenus,
  tree,
  type RoleRow,
  type Tree,
} from './roles-fixtures'

const LIST_APPS = '/api/auth/v1/api/listAppByPermission'
const APP = '/api/admin/v1/application'

interface Member {
  accountId: string
  accountName: string
  userName: string | null
  organizationName: string | null
  level: string
  status: string
}

const demo = provided('targets').filter((t) => t.demo)

describe.each(demo)('role authorisation on $name', (t) => {
  let admin: Client
  let orgadmin: Client
  let zhangwei: Client
  let zhangweiId: string
  let probe: RoleRow
  let console: Tree

  beforeAll(async () => {
    admin = await signedIn(t)
    orgadmin = await signedIn(t, 'orgadmin')
    zhangwei = await signedIn(t, 'zhangwei')
    probe = await addRole(admin, '成员测试')
    console = await tree(admin, probe.roleId)
    const c = await admin.call<Member[]>('GET', RA.candidates, { query: { roleId: probe.roleId, keyword: 'zhangwei' } })
    zhangweiId = c.body.data.find((m) => m.accountName === 'zhangwei')!.accountId
  })
  afterAll(async () => {
    await deleteRole(admin, probe.roleId)
  })

  it('lists the application menu tree with every function, granted and grantable flags', async () => {
    expect(console.applicationName).toBe('工程协同管理平台')
    const group = console.menus.find((m) => m.menuName === '组织机构')!
    const roleMenu = group.children.find((m) => m.menuName === '角色管理')!
    expect(roleMenu.functions.map((f) => f.functionAction)).toEqual(['add', 'edit', 'delete', 'export', 'authorize', 'member', 'import'])
    expect(roleMenu.granted).toBe(false)
    expect(roleMenu.grantable).toBe(true)
    // The seeded general role: the six menus of its grant, read and export only.
    const general = (await roles(admin)).find((r) => r.roleName === '普通用户')!
    const gt = await tree(admin, general.roleId)
    expect(byAction(gt, '/admin/work-site-information').granted).toBe(true)
    expect(byAction(gt, '/admin/role-manage').granted).toBe(false)
    expect(fnOf(byAction(gt, '/admin/work-site-information'), 'export').granted).toBe(true)
    expect(fnOf(byAction(gt, '/admin/work-site-information'), 'add').granted).toBe(false)
    // orgadmin may not grant the menus it lacks: they show as not grantable.
    const own = await addRole(orgadmin, '组织内角色')
    const ot = await tree(orgadmin, own.roleId)
    expect(byAction(ot, '/admin/app-manage').grantable).toBe(false)
    expect(byAction(ot, '/admin/role-manage').grantable).toBe(true)
    expect(fnOf(byAction(ot, '/admin/role-manage'), 'authorize').grantable).toBe(true)
    expect((await deleteRole(orgadmin, own.roleId)).body.code).toBe(10000)
  })

  it('adds members, lists them with name, organisation, level and status, and removes them', async () => {
    const before = await zhangwei.call('GET', '/api/portal/v1/user/info')
    const r = await addMembers(admin, probe.roleId, [zhangweiId])
    expect(r.body).toMatchObject({ code: 10000, data: { added: 1 } })
    // Again: already a member, nothing added, no error.
    expect((await addMembers(admin, probe.roleId, [zhangweiId])).body).toMatchObject({ code: 10000, data: { added: 0 } })
    const list = await admin.call<Member[]>('GET', RA.members, { query: { roleId: probe.roleId } })
    expect(list.body.data).toEqual([
      expect.objectContaining({
        accountId: zhangweiId,
        accountName: 'zhangwei',
        userName: '张伟',
        organizationName: '中铁恒岳建设集团第一工程有限公司',
        level: 'general',
        status: 'normal',
      }),
    ])
    expect((await roles(admin)).find((x) => x.roleId === probe.roleId)?.memberCount).toBe(1)
    // A candidate no longer once a member.
    const c = await admin.call<Member[]>('GET', RA.candidates, { query: { roleId: probe.roleId, keyword: 'zhangwei' } })
    expect(c.body.data.map((m) => m.accountName)).toEqual([])
    // The member's next answer carries another grants-version.
    const after = await zhangwei.call('GET', '/api/portal/v1/user/info')
    expect(grantsVersion(before)).toMatch(/^[0-9a-f]{16}$/)
    expect(grantsVersion(after)).not.toBe(grantsVersion(before))
    expect(grantsVersion(await zhangwei.call('GET', '/api/portal/v1/user/info'))).toBe(grantsVersion(after))
    // Repeats and unknown accounts.
    const rep = await admin.call<{ field: string; message: string }[]>('POST', RA.addMembers, {
      json: { roleId: probe.roleId, accountIds: [zhangweiId, zhangweiId] },
      idempotencyKey: newKey(),
    })
    expect(rep.body.code).toBe(20001)
    expect(rep.body.data[0]!.message).toBe(`存在重复项：${zhangweiId}`)
    const unknown = '0190a000-0000-7000-8000-000000000001'
    expect((await addMembers(admin, probe.roleId, [unknown])).body).toMatchObject({ code: 20002, data: [unknown] })
    expect((await deleteMembers(admin, probe.roleId, [unknown])).body.code).toBe(20002)
    expect((await deleteMembers(admin, probe.roleId, [zhangweiId])).body).toMatchObject({ code: 10000, data: { removed: 1 } })
    // also as a delete is sent (DESIGN §2): form data, the ids comma-joined
    expect((await addMembers(admin, probe.roleId, [zhangweiId])).body.code).toBe(10000)
    const asForm = await admin.call('POST', '/api/admin/v1/roleAccount/delete', { form: { roleId: probe.roleId, ids: zhangweiId } })
    expect(asForm.body).toMatchObject({ code: 10000, data: { removed: 1 } })
    expect((await admin.call<Member[]>('GET', RA.members, { query: { roleId: probe.roleId } })).body.data).toEqual([])
  })

  it("a role change takes effect on the member's next call: grant a function, then revoke it", async () => {
    const roleManage = byAction(console, '/admin/role-manage')
    const add = fnOf(roleManage, 'add')
    const newRole = () => zhangwei.call('POST', `${ROLE}/add`, { json: { roleName: uniqueName('张伟的角色') }, idempotencyKey: newKey() })
    expect((await newRole()).body.code).toBe(20003)
    expect((await addMembers(admin, probe.roleId, [zhangweiId])).body.code).toBe(10000)
    // Only the menu: the page (read) but not the function.
    expect((await saveMenus(admin, probe.roleId, console.applicationId, [roleManage.applicationMenuId], [])).body.code).toBe(10000)
    expect((await zhangwei.call('GET', `${ROLE}/listPage`)).body.code).toBe(10000)
    expect((await newRole()).body.code).toBe(20003)
    const v1 = grantsVersion(await zhangwei.call('GET', MENU_BY_PERMISSION, { query: { appCode: 'trestle-admin' } }))
    // The function: the next call may.
    const saved = await saveMenus(
      admin,
      probe.roleId,
      console.applicationId,
      [roleManage.applicationMenuId],
      [add.applicationMenuFunctionId],
    )
    expect(saved.body).toMatchObject({ code: 10000, data: { functionCount: 1 } })
    const made = await newRole()
    expect(made.body.code).toBe(10000)
    const menus = await zhangwei.call<{ action: string; menuName: string; authFunctionList: { functionAction: string }[] }[]>(
      'GET',
      MENU_BY_PERMISSION,
      {
        query: { appCode: 'trestle-admin' },
      },
    )
    expect(grantsVersion(menus)).not.toBe(v1)
    const granted = menus.body.data.find((m) => m.action === '/admin/role-manage')!
    expect(granted.authFunctionList.map((f) => f.functionAction)).toEqual(['add'])
    // The parent group came with the menu (the tree stays whole).
    expect(grantsOf(await tree(admin, probe.roleId)).menuIds).toContain(roleManage.parentId)
    // Revoke: refused at once.
    expect((await saveMenus(admin, probe.roleId, console.applicationId, [roleManage.applicationMenuId], [])).body.code).toBe(10000)
    expect((await newRole()).body.code).toBe(20003)
    // Stopping the role or removing the member ends the menu too.
    expect((await deleteMembers(admin, probe.roleId, [zhangweiId])).body.code).toBe(10000)
    expect((await zhangwei.call('GET', `${ROLE}/listPage`)).body.code).toBe(20003)
    expect((await deleteRole(admin, (made.body.data as { roleId: string }).roleId)).body.code).toBe(10000)
  })

  it('checks the save: menus of that application, functions with their menu, all or nothing', async () => {
    const roleManage = byAction(console, '/admin/role-manage')
    const orgMenu = byAction(console, '/admin/organization')
    const fn = fnOf(roleManage, 'edit')
    const before = grantsOf(await tree(admin, probe.roleId))
    const r = await saveMenus(admin, probe.roleId, console.applicationId, [orgMenu.applicationMenuId], [fn.applicationMenuFunctionId])
    expect(r.body.code).toBe(20001)
    expect((r.body.data as { field: string; message: string }[])[0]).toMatchObject({
      field: 'functionIds.0',
      message: '授予功能「编辑」须同时授予菜单「角色管理」',
    })
    const unknown = await saveMenus(admin, probe.roleId, console.applicationId, ['0190a000-0000-7000-8000-000000000002'], [])
    expect(unknown.body).toMatchObject({ code: 20001, data: [expect.objectContaining({ field: 'menuIds.0' })] })
    expect(grantsOf(await tree(admin, probe.roleId))).toEqual(before)
  })

  it('refuses to grant what the caller does not hold (20003 naming it), and roles beyond its scope (20002)', async () => {
    const own = await addRole(orgadmin, '组织内角色')
    const ot = await tree(orgadmin, own.roleId)
    const appManage = byAction(ot, '/admin/app-manage')
    // A menu.
    const menu = await saveMenus(orgadmin, own.roleId, ot.applicationId, [appManage.applicationMenuId], [])
    expect(menu.body).toMatchObject({ code: 20003, message: '不能授予您自己没有的菜单「应用管理」' })
    const en = await saveMenus(orgadmin, own.roleId, ot.applicationId, [appManage.applicationMenuId], [], 'en')
    expect(en.body.message).toBe('You cannot grant the menu "应用管理": you do not hold it yourself')
    // A function: admin takes 角色管理 · 导出 from the organisation admin role for a moment.
    const orgRole = (await roles(admin)).find((r) => r.roleName === '组织管理员')!
    const before = grantsOf(await tree(admin, orgRole.roleId))
    const exportFn = fnOf(byAction(ot, '/admin/role-manage'), 'export')
    const without = before.functionIds.filter((id) => id !== exportFn.applicationMenuFunctionId)
    expect((await saveMenus(admin, orgRole.roleId, ot.applicationId, before.menuIds, without)).body.code).toBe(10000)
    try {
      const roleManage = byAction(ot, '/admin/role-manage')
      const fn = await saveMenus(
        orgadmin,
        own.roleId,
        ot.applicationId,
        [roleManage.applicationMenuId],
        [exportFn.applicationMenuFunctionId],
      )
      expect(fn.body).toMatchObject({ code: 20003, message: '不能授予您自己没有的功能「角色管理 · 导出」' })
      // What it holds it may grant.
      const ok = await saveMenus(
        orgadmin,
        own.roleId,
        ot.applicationId,
        [roleManage.applicationMenuId],
        [fnOf(roleManage, 'add').applicationMenuFunctionId],
      )
      expect(ok.body.code).toBe(10000)
      // A role that grants something it lacks cannot be handed on by adding members.
      const ownTree = await tree(admin, own.roleId)
      const g = grantsOf(ownTree)
      expect(
        (await saveMenus(admin, own.roleId, ot.applicationId, g.menuIds, [...g.functionIds, exportFn.applicationMenuFunctionId])).body.code,
      ).toBe(10000)
      const member = await addMembers(orgadmin, own.roleId, [zhangweiId])
      expect(member.body).toMatchObject({ code: 20003 })
      expect(member.body.message).toBe(`不能为角色「${own.roleName}」添加成员：它含有您自己没有的功能「角色管理 · 导出」`)
    } finally {
      expect((await saveMenus(admin, orgRole.roleId, ot.applicationId, before.menuIds, before.functionIds)).body.code).toBe(10000)
    }
    // A scope.
    const scope = await orgadmin.call('POST', RA.saveDataPermission, {
      json: { roleId: own.roleId, scope: 'all' },
      idempotencyKey: newKey(),
    })
    expect(scope.body).toMatchObject({ code: 20003, message: '不能授予超出您自己范围的数据权限「全部」（您的数据权限：本单位及下级）' })
    // (on the role's current version: the grant saves above moved it)
    const current = (await orgadmin.call<{ roleId: string; version: number }[]>('GET', `${ROLE}/list`)).body.data.find(
      (r) => r.roleId === own.roleId,
    )!
    const viaUpdate = await orgadmin.call('PUT', `${ROLE}/update`, {
      json: { roleId: own.roleId, version: current.version, roleName: own.roleName, dataScope: 'all' },
      idempotencyKey: newKey(),
    })
    expect(viaUpdate.body.code).toBe(20003)
    const dp = await orgadmin.call<{ scope: string; maxScope: string }>('GET', RA.dataPermission, { query: { roleId: own.roleId } })
    expect(dp.body.data).toMatchObject({ scope: 'own', maxScope: 'children' })
    expect(
      (await orgadmin.call('POST', RA.saveDataPermission, { json: { roleId: own.roleId, scope: 'children' }, idempotencyKey: newKey() }))
        .body.code,
    ).toBe(10000)
    // An organisation.
    const orgs = await orgadmin.call<{ options: { organizationId: string; organizationName: string; grantable: boolean }[] }>(
      'GET',
      RA.orgs,
      { query: { roleId: own.roleId } },
    )
    const offered = orgs.body.data.options.map((o) => o.organizationName)
    expect(offered).toEqual(
      expect.arrayContaining(['中铁恒岳建设集团有限公司', '中铁恒岳建设集团桥梁工程有限公司', '中铁恒岳建设集团第一工程有限公司']),
    )
    expect(offered).not.toContain('中国铁路华东投资集团有限公司')
    expect(orgs.body.data.options.every((o) => o.grantable)).toBe(true)
    const all = await admin.call<{ options: { organizationId: string; organizationName: string }[] }>('GET', RA.orgs, {
      query: { roleId: own.roleId },
    })
    const owner = all.body.data.options.find((o) => o.organizationName === '中国铁路华东投资集团有限公司')!
    const bridge = all.body.data.options.find((o) => o.organizationName === '中铁恒岳建设集团桥梁工程有限公司')!
    const org = await orgadmin.call('POST', RA.saveOrgs, {
      json: { roleId: own.roleId, organizationIds: [bridge.organizationId, owner.organizationId] },
      idempotencyKey: newKey(),
    })
    expect(org.body).toMatchObject({ code: 20003, message: '不能授予您自己没有的组织「中国铁路华东投资集团有限公司」' })
    expect((await orgadmin.call('GET', RA.orgs, { query: { roleId: own.roleId } })).body).toMatchObject({ data: { organizationIds: [] } })
    expect(
      (
        await orgadmin.call('POST', RA.saveOrgs, {
          json: { roleId: own.roleId, organizationIds: [bridge.organizationId] },
          idempotencyKey: newKey(),
        })
      ).body.code,
    ).toBe(10000)
    // Roles of organisations beyond its scope do not exist for it.
    const sys = (await roles(admin)).find((r) => r.builtin)!
    for (const [path, q] of [
      [RA.menuTree, { roleId: sys.roleId }],
      [RA.members, { roleId: sys.roleId }],
      [RA.orgs, { roleId: sys.roleId }],
      [RA.dataPermission, { roleId: sys.roleId }],
      [RA.resources, { roleId: sys.roleId }],
    ] as const)
      expect((await orgadmin.call('GET', path, { query: q })).body.code, path).toBe(20002)
    expect((await saveMenus(orgadmin, sys.roleId, ot.applicationId, [], [])).body.code).toBe(20002)
    expect((await deleteRole(orgadmin, own.roleId)).body.code).toBe(10000)
  })

  it('extends what members see with the role organisations', async () => {
    const rolesOf = async () => (await zhangwei.call<RoleRow[]>('GET', `${ROLE}/list`)).body.data.map((r) => r.roleName)
    const roleManage = byAction(console, '/admin/role-manage')
    await saveMenus(admin, probe.roleId, console.applicationId, [roleManage.applicationMenuId], [])
    await addMembers(admin, probe.roleId, [zhangweiId])
    try {
      // Scope own: zhangwei's own unit (恒岳一公司) has no roles.
      expect(await rolesOf()).toEqual([])
      const orgs = await admin.call<{ options: { organizationId: string; organizationName: string }[] }>('GET', RA.orgs, {
        query: { roleId: probe.roleId },
      })
      const group = orgs.body.data.options.find((o) => o.organizationName === '中铁恒岳建设集团有限公司')!
      expect(
        (
          await admin.call('POST', RA.saveOrgs, {
            json: { roleId: probe.roleId, organizationIds: [group.organizationId] },
            idempotencyKey: newKey(),
          })
        ).body.code,
      ).toBe(10000)
      expect(await rolesOf()).toEqual(expect.arrayContaining(['组织管理员', '普通用户', '项目经理']))
      expect(
        (await admin.call('POST', RA.saveOrgs, { json: { roleId: probe.roleId, organizationIds: [] }, idempotencyKey: newKey() })).body
          .code,
      ).toBe(10000)
      expect(await rolesOf()).toEqual([])
    } finally {
      await deleteMembers(admin, probe.roleId, [zhangweiId])
      await saveMenus(admin, probe.roleId, console.applicationId, [], [])
    }
  })

  it('grants applications as resources: listAppByPermission and getAccessToken honour them', async () => {
    const code = uniqueName('app').toLowerCase()
    const made = await admin.call<{ applicationId: string; version: number }>('POST', `${APP}/add`, {
      json: { name: uniqueName('现场应用'), code, type: 'app', sort: 9 },
      idempotencyKey: newKey(),
    })
    expect(made.body.code, made.text).toBe(10000)
    const appId = made.body.data.applicationId
    const appsOf = async () =>
      ((await zhangwei.fetchRaw('GET', LIST_APPS, { headers: { authorization: zhangwei.token! } })).body.data as { code: string }[]).map(
        (a) => a.code,
      )
    expect(await appsOf()).not.toContain(code)
    const list = await admin.call<{ resourceId: string; resourceName: string; granted: boolean; grantable: boolean }[]>(
      'GET',
      RA.resources,
      { query: { roleId: probe.roleId, resourceType: 'application' } },
    )
    expect(list.body.data.find((a) => a.resourceId === appId)).toMatchObject({ granted: false, grantable: true })
    await addMembers(admin, probe.roleId, [zhangweiId])
    try {
      const save = await admin.call('POST', RA.saveResources, {
        json: { roleId: probe.roleId, resourceType: 'application', resourceIds: [appId] },
        idempotencyKey: newKey(),
      })
      expect(save.body.code).toBe(10000)
      expect(await appsOf()).toContain(code)
      // A token for that application now.
      const other = await signedIn(t, 'zhangwei')
      other.appCode = code
      expect((await other.getAccessToken()).body.code).toBe(10000)
      // orgadmin does not hold it, so cannot grant it (nor see it offered).
      const own = await addRole(orgadmin, '资源测试')
      const offered = await orgadmin.call<{ resourceId: string }[]>('GET', RA.resources, {
        query: { roleId: own.roleId, resourceType: 'application' },
      })
      expect(offered.body.data.map((a) => a.resourceId)).not.toContain(appId)
      const refused = await orgadmin.call('POST', RA.saveResources, {
        json: { roleId: own.roleId, resourceType: 'application', resourceIds: [appId] },
        idempotencyKey: newKey(),
      })
      expect(refused.body.code).toBe(20003)
      expect(refused.body.message).toMatch(/^不能授予您自己没有的应用「现场应用/)
      await deleteRole(orgadmin, own.roleId)
      expect(
        (
          await admin.call('POST', RA.saveResources, {
            json: { roleId: probe.roleId, resourceType: 'application', resourceIds: [] },
            idempotencyKey: newKey(),
          })
        ).body.code,
      ).toBe(10000)
      expect(await appsOf()).not.toContain(code)
    } finally {
      await deleteMembers(admin, probe.roleId, [zhangweiId])
    }
  })

  it('keeps the built-in 系统管理员 role able to administer roles (20021)', async () => {
    const sys = (await roles(admin)).find((r) => r.builtin)!
    const st = await tree(admin, sys.roleId)
    const g = grantsOf(st)
    const roleManage = byAction(st, '/admin/role-manage')
    const noAuthorize = g.functionIds.filter((id) => id !== fnOf(roleManage, 'authorize').applicationMenuFunctionId)
    const r1 = await saveMenus(admin, sys.roleId, st.applicationId, g.menuIds, noAuthorize)
    expect(r1.body).toMatchObject({
      code: 20021,
      message: '系统管理员角色必须保留「角色管理」菜单及其「授权」「成员管理」功能（否则将无人能管理角色）',
    })
    const r2 = await saveMenus(
      admin,
      sys.roleId,
      st.applicationId,
      g.menuIds.filter((id) => id !== roleManage.applicationMenuId),
      g.functionIds.filter((id) => !roleManage.functions.some((f) => f.applicationMenuFunctionId === id)),
    )
    expect(r2.body.code).toBe(20021)
    // Removing every active member at once (other tests may have added some besides admin).
    const members = (await admin.call<Member[]>('GET', RA.members, { query: { roleId: sys.roleId } })).body.data
    expect(members.map((m) => m.accountName)).toContain('admin')
    const active = members.filter((m) => m.status === 'normal').map((m) => m.accountId)
    const r3 = await deleteMembers(admin, sys.roleId, active)
    expect(r3.body).toMatchObject({ code: 20021, message: '系统管理员角色至少要保留一名状态正常的成员（否则将无人能管理平台）' })
    expect((await admin.call<Member[]>('GET', RA.members, { query: { roleId: sys.roleId } })).body.data).toHaveLength(members.length)
    const r4 = await admin.call('POST', RA.saveDataPermission, {
      json: { roleId: sys.roleId, scope: 'children' },
      idempotencyKey: newKey(),
    })
    expect(r4.body).toMatchObject({ code: 20021, message: '系统管理员角色的数据权限必须为“全部”' })
    // Nothing changed; still administering.
    expect(grantsOf(await tree(admin, sys.roleId))).toEqual(g)
    expect((await admin.call('GET', RA.dataPermission, { query: { roleId: sys.roleId } })).body.data).toMatchObject({ scope: 'all' })
    // Other grants of the role may change (a menu unrelated to roles), and back.
    const home = byAction(st, '/admin/home')
    expect(
      (
        await saveMenus(
          admin,
          sys.roleId,
          st.applicationId,
          g.menuIds.filter((id) => id !== home.applicationMenuId),
          g.functionIds,
        )
      ).body.code,
    ).toBe(10000)
    expect((await saveMenus(admin, sys.roleId, st.applicationId, g.menuIds, g.functionIds)).body.code).toBe(10000)
  })
})

describe.runIf(provided('pgPair'))('role changes across two gateway processes on one PostgreSQL', () => {
  it("a grant made on one process counts on the other at the member's next call", async () => {
    const { default: pg } = await import('pg')
    const { hashPassword } = await import('../../server/lib/crypto')
    const [a, b] = provided('pgPair')!
    const db = new pg.Pool({ connectionString: provided('pgUrl')!, max: 1 })
    try {
      const adminA = await signedIn(a!)
      const role = await addRole(adminA, '跨进程')
      const name = uniqueName('member')
      const password = 'Member#2026'
      const id = crypto.randomUUID()
      await db.query(
        `insert into account (account_id, account_name, user_name, level, status, password_hash) values ($1, $2, '成员', 'general', 'normal', $3)`,
        [id, name, await hashPassword(password)],
      )
      expect((await addMembers(adminA, role.roleId, [id])).body.code).toBe(10000)
      const t = await tree(adminA, role.roleId)
      const roleManage = byAction(t, '/admin/role-manage')
      const add = fnOf(roleManage, 'add')
      // The menu only (without any menu of the console, no access token for it).
      expect((await saveMenus(adminA, role.roleId, t.applicationId, [roleManage.applicationMenuId], [])).body.code).toBe(10000)
      const onB = await signedIn(b!, name, password)
      const newRole = () => onB.call('POST', `${ROLE}/add`, { json: { roleName: uniqueName('B角色') }, idempotencyKey: newKey() })
      expect((await newRole()).body.code).toBe(20003)
      const v1 = grantsVersion(await onB.call('GET', '/api/portal/v1/user/info'))
      expect(
        (await saveMenus(adminA, role.roleId, t.applicationId, [roleManage.applicationMenuId], [add.applicationMenuFunctionId])).body.code,
      ).toBe(10000)
      const made = await newRole()
      expect(made.body.code).toBe(10000)
      expect(grantsVersion(made)).not.toBe(v1)
      expect((await saveMenus(adminA, role.roleId, t.applicationId, [roleManage.applicationMenuId], [])).body.code).toBe(10000)
      expect((await newRole()).body.code).toBe(20003)
      // The member's role lies in no organisation it sees (it has none): admin finds it by name.
      const theirs = (await roles(adminA)).filter((r) => r.roleName.startsWith('B角色'))
      expect(theirs).toHaveLength(1)
      expect((await deleteRole(adminA, theirs[0]!.roleId)).body.code).toBe(10000)
      await deleteRole(adminA, role.roleId)
    } finally {
      await db.end()
    }
  })

  it('grant changes sent at once to both processes are all answered, and both then answer the same version', async () => {
    const [a, b] = provided('pgPair')!
    const [adminA, adminB] = await Promise.all([signedIn(a!), signedIn(b!)])
    const [r1, r2] = await Promise.all([addRole(adminA, '并发甲'), addRole(adminB, '并发乙')])
    const t = await tree(adminA, r1!.roleId)
    const menuIds = ['/admin/role-manage', '/admin/organization'].map((action) => byAction(t, action).applicationMenuId)
    const v0 = grantsVersion(await adminA.call('GET', '/api/portal/v1/user/info'))
    // saves of one role queue on its row (and every grant change on the grants epoch): none is refused
    const answers = await Promise.all(
      [adminA, adminB, adminA, adminB, adminA, adminB].map((c, i) =>
        saveMenus(c, (i % 3 === 0 ? r1 : r2)!.roleId, t.applicationId, menuIds.slice(0, 1 + (i % 2)), []),
      ),
    )
    expect(answers.map((r) => r.body.code)).toEqual([10000, 10000, 10000, 10000, 10000, 10000])
    const [onA, onB] = await Promise.all([adminA.call('GET', '/api/portal/v1/user/info'), adminB.call('GET', '/api/portal/v1/user/info')])
    expect(grantsVersion(onA)).not.toBe(v0)
    expect(grantsVersion(onB)).toBe(grantsVersion(onA))
    await Promise.all([deleteRole(adminA, r1!.roleId), deleteRole(adminB, r2!.roleId)])
  })
})
