/**
 * General and registered accounts: add (SPEC §5 rules on both sides' one schema, duplicates),
 * edits and their history, list filters (keyword, status, level, unit with or without its
 * children), password resets, registered-account project departments and phone login, roles only
 * within the caller's grants (a role granting what the caller lacks → 20003 naming it), data scope
 * (orgadmin sees its subtree; another unit's account → 20002) and function permissions (tourist,
 * general user → 20003).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey } from './client'
import {
  GA,
  ORG,
  PASSWORD,
  RA,
  USER_INFO,
  accountNameOf,
  addAccount,
  getAccount,
  history,
  mustAdd,
  newUnit,
  nextPhone,
  post,
  sysadminRoleId,
  type AccountDto,
  type PageOf,
} from './accounts-fixtures'
import { DEMO_PASSWORD, signedIn, uniqueName } from './helpers'
import { addRole, byAction, fnOf, grantsOf, roles, saveMenus, tree } from './roles-fixtures'

interface FieldErr {
  field: string
  message: string
}

describe.each(provided('targets'))('general and registered accounts on $name', (t) => {
  let admin: Client
  let unit: string
  let child: string
  let roleId: string

  beforeAll(async () => {
    admin = await signedIn(t)
    unit = await newUnit(admin)
    const types = (await admin.call<{ organizationTypeId: string }[]>('GET', '/api/admin/v1/orgType/list')).body.data
    const r = await post<{ organizationId: string }>(admin, `${ORG}/add`, {
      organizationName: uniqueName('子单位'),
      organizationTypeId: types[0]!.organizationTypeId,
      parentId: unit,
    })
    child = r.body.data.organizationId
    roleId = await sysadminRoleId(admin)
  })

  it('add follows SPEC §5: account name 3–20 letters/digits, password 6–20 and not the account name, the two entries equal', async () => {
    const bad = await post<FieldErr[]>(admin, `${GA}/add`, {
      accountName: 'ab',
      userName: '#坏名',
      password: 'abc',
      confirmPassword: 'abd',
      organizationId: unit,
      cellphone: '123',
    })
    expect(bad.body.code).toBe(20001)
    const byField = Object.fromEntries(bad.body.data.map((e) => [e.field, e.message]))
    expect(byField).toMatchObject({
      accountName: '账号为3-20位字母或数字',
      userName: '名称内容不能以特殊字符开头',
      password: '密码为6-20位字母、数字或特殊字符',
      cellphone: '请输入正确的手机号码',
    })
    const name = accountNameOf('Same')
    const same = await post<FieldErr[]>(admin, `${GA}/add`, {
      accountName: name,
      userName: '同名',
      password: name.toLowerCase(),
      confirmPassword: 'other',
      organizationId: unit,
    })
    expect(same.body.data.map((e) => [e.field, e.message])).toEqual([
      ['password', '密码不能与账号相同'],
      ['confirmPassword', '两次输入的密码不一致'],
    ])
  })

  it('add answers the account (normal, cellphone masked) with its history; a taken name or phone → 20006', async () => {
    const phone = nextPhone()
    const a = await mustAdd(admin, unit, { cellphone: phone, level: 'tourist', validUntil: '2099-06-30' })
    expect(a).toMatchObject({
      status: 'normal',
      level: 'tourist',
      organizationId: unit,
      cellphone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      expired: false,
      roleNames: [],
    })
    expect(a.validUntil?.slice(0, 10)).toBe('2099-06-30')
    const dupName = await addAccount(admin, unit, { accountName: a.accountName.toUpperCase() })
    expect(dupName.body.code).toBe(20006)
    expect(dupName.body.message).toBe('账号已存在')
    const dupPhone = await addAccount(admin, unit, { cellphone: phone })
    expect(dupPhone.body.code).toBe(20006)
    expect(dupPhone.body.message).toBe('该手机号已被其他账号使用')
    expect((await history(admin, a.accountId)).map((h) => [h.field, h.toValue, h.remark, h.changedByName])).toEqual([
      ['created', 'normal', 'manual', 'admin'],
    ])
  })

  it('edit: the account name stays, the unit and level changes go to the history', async () => {
    const a = await mustAdd(admin, unit)
    const r = await admin.call<AccountDto>('PUT', `${GA}/update`, {
      json: {
        accountId: a.accountId,
        version: a.version,
        accountName: 'renamed',
        userName: '改名后',
        level: 'registered',
        organizationId: child,
      },
      idempotencyKey: newKey(),
    })
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data).toMatchObject({ accountName: a.accountName, userName: '改名后', level: 'registered', organizationId: child })
    const rows = await history(admin, a.accountId)
    expect(
      rows
        .slice(0, 2)
        .map((h) => h.field)
        .sort(),
    ).toEqual(['level', 'organization'])
    expect(rows.find((h) => h.field === 'level')).toMatchObject({ fromValue: 'general', toValue: 'registered' })
    expect(rows.find((h) => h.field === 'organization')?.toValue).toMatch(/^子单位/)
    // A stale version → 20008.
    const stale = await admin.call('PUT', `${GA}/update`, {
      json: { accountId: a.accountId, version: a.version, userName: 'x', organizationId: unit },
      idempotencyKey: newKey(),
    })
    expect(stale.body.code).toBe(20008)
  })

  it('lists filter by keyword, status, level and unit (with its children unless hasChild=0)', async () => {
    const top = await mustAdd(admin, unit, { userName: '筛选甲' })
    const low = await mustAdd(admin, child, { userName: '筛选乙', level: 'tourist' })
    await post(admin, `${GA}/enable`, { ids: [low.accountId], enable: false })
    const page = async (query: Record<string, string | number>) =>
      (await admin.call<PageOf<AccountDto>>('GET', `${GA}/listPage`, { query: { pageSize: 200, ...query } })).body.data.records.map(
        (r) => r.accountName,
      )
    expect(await page({ organizationId: unit })).toEqual(expect.arrayContaining([top.accountName, low.accountName]))
    const only = await page({ organizationId: unit, hasChild: 0 })
    expect(only).toContain(top.accountName)
    expect(only).not.toContain(low.accountName)
    expect(await page({ organizationId: unit, status: 'stopped' })).toEqual([low.accountName])
    expect(await page({ organizationId: unit, level: 'tourist', keyword: '筛选' })).toEqual([low.accountName])
    expect(await page({ keyword: top.accountName })).toEqual([top.accountName])
    const bad = await admin.call('GET', `${GA}/listPage`, { query: { status: 'sleeping' } })
    expect(bad.body.code).toBe(20001)
  })

  it('resetPwd sets the new password (never the account name) and ends the sessions', async () => {
    const a = await mustAdd(admin, unit, { roleIds: [roleId] })
    const user = await new Client(t.url).signIn(a.accountName, PASSWORD)
    const same = await post<FieldErr[]>(admin, `${GA}/resetPwd`, {
      accountId: a.accountId,
      password: a.accountName,
      confirmPassword: a.accountName,
    })
    expect(same.body.code).toBe(20001)
    expect(same.body.data[0]).toMatchObject({ field: 'password', message: '密码不能与账号相同' })
    const r = await post(admin, `${GA}/resetPwd`, { accountId: a.accountId, password: 'Reset#2026', confirmPassword: 'Reset#2026' })
    expect(r.body).toMatchObject({ code: 10000, data: { accountId: a.accountId } })
    expect(JSON.stringify(r.body)).not.toContain('Reset#2026')
    expect((await user.call('GET', USER_INFO)).body.code).toBe(20114)
    expect((await new Client(t.url).login(a.accountName, PASSWORD)).body.code).toBe(20010)
    expect((await new Client(t.url).login(a.accountName, 'Reset#2026')).body.code).toBe(10000)
    const h = (await history(admin, a.accountId))[0]!
    expect(h).toMatchObject({ field: 'password', fromValue: null, toValue: null, remark: 'reset' })
  })

  it('registered accounts: their own list, project department, phone login on/off (login by cellphone refused when off)', async () => {
    const phone = nextPhone()
    const r = await mustAdd(
      admin,
      unit,
      { cellphone: phone, projectName: '沪渝蓉高铁', projectDepartmentName: '工程部', roleIds: [roleId] },
      `${RA}/add`,
    )
    expect(r).toMatchObject({ level: 'registered', projectName: '沪渝蓉高铁', phoneLoginEnabled: true })
    const general = await mustAdd(admin, unit)
    const list = (await admin.call<PageOf<AccountDto>>('GET', `${RA}/listPage`, { query: { organizationId: unit, pageSize: 200 } })).body
      .data.records
    expect(list.map((a) => a.accountName)).toContain(r.accountName)
    expect(list.every((a) => a.level === 'registered')).toBe(true)
    // A general account through the registered calls: not found.
    expect((await post(admin, `${RA}/enable`, { ids: [general.accountId], enable: false })).body.code).toBe(20002)
    const dept = await post(admin, `${RA}/updateProjectDept`, {
      accountId: r.accountId,
      projectName: '沪渝蓉高铁',
      projectOrganizationName: '项目经理部',
      projectDepartmentName: '安质部',
    })
    expect(dept.body.code).toBe(10000)
    expect((await history(admin, r.accountId, RA))[0]).toMatchObject({
      field: 'projectDept',
      fromValue: '沪渝蓉高铁 /  / 工程部',
      toValue: '沪渝蓉高铁 / 项目经理部 / 安质部',
    })
    expect((await new Client(t.url).login(phone, PASSWORD)).body.code).toBe(10000)
    expect((await post(admin, `${RA}/enablePhoneLogin`, { ids: [r.accountId], enable: false })).body.code).toBe(10000)
    const byPhone = await new Client(t.url).login(phone, PASSWORD)
    expect(byPhone.body.code).toBe(20021)
    expect(byPhone.body.data).toEqual({ reason: 'phoneLoginDisabled' })
    expect(byPhone.body.message).toBe('该账号未开启手机号登录，请使用账号名登录')
    expect((await new Client(t.url).login(r.accountName, PASSWORD)).body.code).toBe(10000)
    expect((await history(admin, r.accountId, RA))[0]).toMatchObject({ field: 'phoneLogin', fromValue: 'true', toValue: 'false' })
    const del = await admin.call('POST', `${RA}/delete`, { form: { ids: general.accountId }, idempotencyKey: newKey() })
    expect(del.body.code).toBe(20002)
  })
})

describe.each(provided('targets').filter((t) => t.demo))('account scope and permissions on $name (demo accounts)', (t) => {
  let admin: Client
  let orgadmin: Client
  let foreign: AccountDto
  let own: AccountDto
  let contractor: string

  beforeAll(async () => {
    admin = await signedIn(t)
    orgadmin = await signedIn(t, 'orgadmin', DEMO_PASSWORD)
    const orgs = (
      await admin.call<{ organizationId: string; organizationName: string }[]>('GET', `${ORG}/list`, { query: { keyword: '中' } })
    ).body.data
    const id = (name: string) => orgs.find((o) => o.organizationName === name)!.organizationId
    contractor = id('中铁恒岳建设集团有限公司')
    foreign = await mustAdd(admin, id('中交瀚海工程局有限公司'))
    own = await mustAdd(admin, id('中铁恒岳建设集团第一工程有限公司'))
  })

  it("orgadmin sees its units' accounts and acts on them; another unit's account answers 20002 everywhere", async () => {
    const names = (await orgadmin.call<PageOf<AccountDto>>('GET', `${GA}/listPage`, { query: { pageSize: 2000 } })).body.data.records.map(
      (a) => a.accountName,
    )
    expect(names).toContain(own.accountName)
    expect(names).toContain('zhangwei')
    expect(names).not.toContain(foreign.accountName)
    expect(names).not.toContain('admin')
    for (const [path, body] of [
      [`${GA}/enable`, { ids: [foreign.accountId], enable: false }],
      [`${GA}/unlock`, { ids: [foreign.accountId] }],
      [`${GA}/resetPwd`, { accountId: foreign.accountId, password: 'Other#2026', confirmPassword: 'Other#2026' }],
      [`${GA}/updateValidPeriod`, { ids: [foreign.accountId], validUntil: '2020-01-01' }],
    ] as const) {
      const r = await post(orgadmin, path, body)
      expect(r.body.code, path).toBe(20002)
    }
    expect((await orgadmin.call('GET', `${GA}/listDetailPage`, { query: { accountId: foreign.accountId } })).body.code).toBe(20002)
    expect((await orgadmin.call('POST', `${GA}/delete`, { form: { ids: foreign.accountId }, idempotencyKey: newKey() })).body.code).toBe(
      20002,
    )
    const into = await addAccount(orgadmin, foreign.organizationId!)
    expect(into.body.code).toBe(20002)
    expect((await getAccount(admin, foreign.organizationId!, foreign.accountName))!.status).toBe('normal')
    // Within its subtree it may.
    expect((await post(orgadmin, `${GA}/enable`, { ids: [own.accountId], enable: false })).body.code).toBe(10000)
    const mine = await addAccount(orgadmin, contractor)
    expect(mine.body.code, mine.text).toBe(10000)
  })

  it('roles are given only within the giver: orgadmin cannot give the system administrator role', async () => {
    const sys = await sysadminRoleId(admin)
    const r = await addAccount(orgadmin, contractor, { roleIds: [sys] })
    expect(r.body.code).toBe(20002)
    const roles = (await orgadmin.call<{ roleId: string; roleName: string }[]>('GET', '/api/admin/v1/role/list')).body.data
    const general = roles.find((x) => x.roleName === '普通用户')!
    const ok = await addAccount(orgadmin, contractor, { roleIds: [general.roleId] })
    expect(ok.body.code, ok.text).toBe(10000)
    expect(ok.body.data.roleNames).toEqual(['普通用户'])
  })

  it('a role granting a function the giver lacks: orgadmin is refused with 20003 naming it; admin (built-in) may give it', async () => {
    // admin takes 角色管理 · 导出 from the organisation admin role for a moment (as roles-auth does).
    const orgRole = (await roles(admin)).find((r) => r.roleName === '组织管理员')!
    const ot = await tree(admin, orgRole.roleId)
    const before = grantsOf(ot)
    const roleManage = byAction(ot, '/admin/role-manage')
    const exportFn = fnOf(roleManage, 'export')
    const target = await addRole(orgadmin, '含导出角色')
    expect(
      (await saveMenus(admin, target.roleId, ot.applicationId, [roleManage.applicationMenuId], [exportFn.applicationMenuFunctionId])).body
        .code,
    ).toBe(10000)
    const without = before.functionIds.filter((id) => id !== exportFn.applicationMenuFunctionId)
    expect((await saveMenus(admin, orgRole.roleId, ot.applicationId, before.menuIds, without)).body.code).toBe(10000)
    try {
      const r = await addAccount(orgadmin, contractor, { roleIds: [target.roleId] })
      expect(r.body).toMatchObject({ code: 20003, message: '不能授予您自己没有的功能「角色管理 · 导出」' })
      const byAdmin = await addAccount(admin, contractor, { roleIds: [target.roleId] })
      expect(byAdmin.body.code, byAdmin.text).toBe(10000)
      expect(byAdmin.body.data.roleNames).toEqual([target.roleName])
    } finally {
      expect((await saveMenus(admin, orgRole.roleId, ot.applicationId, before.menuIds, before.functionIds)).body.code).toBe(10000)
    }
  })

  it('tourist reads but changes nothing (20003); a general user has no account menu (20003)', async () => {
    const tourist = await signedIn(t, 'tourist', DEMO_PASSWORD)
    expect((await tourist.call('GET', `${GA}/listPage`)).body.code).toBe(10000)
    expect((await addAccount(tourist, contractor)).body.code).toBe(20003)
    expect((await post(tourist, `${GA}/enable`, { ids: [own.accountId], enable: true })).body.code).toBe(20003)
    expect((await post(tourist, `${RA}/enablePhoneLogin`, { ids: [own.accountId], enable: true })).body.code).toBe(20003)
    const zhangwei = await signedIn(t, 'zhangwei', DEMO_PASSWORD)
    expect((await zhangwei.call('GET', `${GA}/listPage`)).body.code).toBe(20003)
    expect((await zhangwei.call('GET', `${RA}/listPage`)).body.code).toBe(20003)
    // Everyone reads their own account.
    const me = await zhangwei.call<AccountDto>('GET', `${GA}/getLoggedInAccount`)
    expect(me.body.data).toMatchObject({ accountName: 'zhangwei', level: 'general', status: 'normal', roleNames: ['普通用户'] })
  })

  it('demo accounts exist in every state', async () => {
    const all = (await admin.call<PageOf<AccountDto>>('GET', `${GA}/listPage`, { query: { pageSize: 2000 } })).body.data.records
    const by = (n: string) => all.find((a) => a.accountName === n)
    expect(by('wangfang')?.status).toBe('pending')
    expect(by('liuyang')?.status).toBe('rejected')
    expect(by('zhaolei')?.status).toBe('stopped')
    expect(by('sunli')?.status).toBe('locked')
    expect(by('chenjing')?.expired).toBe(true)
    expect(by('gaoming')?.passwordExpired).toBe(true)
    expect(by('zhoumin')).toMatchObject({ level: 'registered', projectName: '沪渝蓉高铁武宜段站前工程' })
    expect((await new Client(t.url).login('sunli', DEMO_PASSWORD)).body.code).toBe(20011)
  })
})
