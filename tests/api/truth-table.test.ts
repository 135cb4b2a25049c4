/**
 * The truth table of the role and account endpoints × the demo accounts (issue 4): who may call
 * what. Every row is one endpoint; its expected answer per account is written out from the seed
 * grants (server/db/seed-data.ts), never computed by the gateway's own code:
 *
 *   admin    系统管理员: every menu and function, scope all
 *   orgadmin 组织管理员 of 中铁恒岳 (scope children): every menu but 应用管理/终端授权/系统日志/测试, every function
 *   zhangwei 普通用户: 首页, 项目信息, 工点信息, 消息中心, 流程查询, 个人中心 — read and export only
 *   lisite   项目账号 (registered): 首页, 项目, 项目信息, 设计单元, 工点信息, 项目工点信息, 单位工程, 消息中心, 个人中心
 *   tourist  游客: every menu, no function (reads only)
 *
 * "Allowed" is the answer of a well-formed call (10000, a file, or the business answer named in
 * the row); a refused function is 20003; a record of an organisation beyond the caller's scope is
 * 20002.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type CallOptions, type Client } from './client'
import { ROLE, signedIn, uniqueName } from './helpers'
import { ACCOUNT_API } from '../../src/contract/schemas/account'
import { addMembers, addRole, deleteRole, RA, roles, type RoleRow } from './roles-fixtures'

const ACTORS = ['admin', 'orgadmin', 'zhangwei', 'lisite', 'tourist'] as const
type Actor = (typeof ACTORS)[number]

/** An expected answer: an envelope code, or 'file' (a binary answer, e.g. xlsx). */
type Outcome = number | 'file'
type Expect = Record<Actor, Outcome>

/** Everything a row may need: signed-in clients, a role of each administrator's own, zhangwei's id. */
interface World {
  as: Record<Actor, Client>
  /** A role in the caller's organisation (admin's for everyone but orgadmin, who has its own). */
  ownRole(actor: Actor): RoleRow
  /** A fresh role in the caller's organisation (for delete and update). */
  freshRole(actor: Actor): Promise<RoleRow>
  /** A role of 中国铁路华东投资集团 (admin's organisation), beyond orgadmin's scope. */
  foreignRole: RoleRow
  zhangweiId: string
  /** The console application. */
  appId: string
  /** A fresh account of a kind in the caller's organisation (made by admin, or by orgadmin for itself). */
  account(actor: Actor, kind: Kind): Promise<AccountRow>
  /** A fresh account in 中国铁路华东投资集团 (beyond orgadmin's scope). */
  foreignAccount(kind: Kind): Promise<AccountRow>
  /** The caller's organisation for new accounts (中铁恒岳 for orgadmin, else 华东铁投). */
  orgOf(actor: Actor): string
}

type Kind = 'general' | 'registered'
interface AccountRow {
  accountId: string
  accountName: string
  version: number
  organizationId: string
}
const GA = '/api/admin/v1/generalAccount'
const RA_ = '/api/admin/v1/registerAccount'
const PW = 'Truth#2026ab'
const accountName = () => `tt${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

interface Row {
  name: string
  method: 'GET' | 'POST' | 'PUT'
  path: string
  call: (w: World, actor: Actor) => Promise<CallOptions> | CallOptions
  expect: Expect
}

/** Allowed for the two administrators, refused for the rest. */
const ADMINS = (allowed: Outcome = 10000): Expect => ({ admin: allowed, orgadmin: allowed, zhangwei: 20003, lisite: 20003, tourist: 20003 })
/** A read of 角色管理: every account whose roles grant the menu (tourist too). */
const ROLE_READ = (allowed: Outcome = 10000): Expect => ({
  admin: allowed,
  orgadmin: allowed,
  zhangwei: 20003,
  lisite: 20003,
  tourist: allowed,
})
/**
 * Acting on a role of 中国铁路华东投资集团 (admin's organisation): beyond orgadmin's scope (20002); the
 * tourist belongs to that organisation, so it reads the role.
 */
const FOREIGN: Expect = { admin: 10000, orgadmin: 20002, zhangwei: 20003, lisite: 20003, tourist: 20003 }
const FOREIGN_READ: Expect = { ...FOREIGN, tourist: 10000 }

const q = (query: Record<string, string | number | boolean>): CallOptions => ({ query })
const json = (body: unknown): CallOptions => ({ json: body, idempotencyKey: newKey() })

const ROLE_ROWS: Row[] = [
  { name: 'role/listPage', method: 'GET', path: `${ROLE}/listPage`, call: () => q({ pageIndex: 1, pageSize: 5 }), expect: ROLE_READ() },
  { name: 'role/list', method: 'GET', path: `${ROLE}/list`, call: () => ({}), expect: ROLE_READ() },
  { name: 'role/add', method: 'POST', path: `${ROLE}/add`, call: () => json({ roleName: uniqueName('真值表') }), expect: ADMINS() },
  {
    name: 'role/update',
    method: 'PUT',
    path: `${ROLE}/update`,
    call: async (w, a) => {
      const r = await w.freshRole(a)
      return json({ roleId: r.roleId, version: r.version, roleName: `${r.roleName}改`, dataScope: 'own' })
    },
    expect: ADMINS(),
  },
  {
    name: 'role/update (a role of 华东铁投)',
    method: 'PUT',
    path: `${ROLE}/update`,
    call: (w) => json({ roleId: w.foreignRole.roleId, version: w.foreignRole.version, roleName: w.foreignRole.roleName, dataScope: 'own' }),
    expect: FOREIGN,
  },
  {
    name: 'role/delete',
    method: 'POST',
    path: `${ROLE}/delete`,
    call: async (w, a) => ({ form: { ids: (await w.freshRole(a)).roleId }, idempotencyKey: newKey() }),
    expect: ADMINS(),
  },
  {
    name: 'role/delete (a role of 华东铁投)',
    method: 'POST',
    path: `${ROLE}/delete`,
    call: async (w) => ({ form: { ids: (await w.freshRole('admin')).roleId }, idempotencyKey: newKey() }),
    expect: FOREIGN,
  },
  { name: 'role/importTemplate', method: 'GET', path: `${ROLE}/importTemplate`, call: () => ({}), expect: ADMINS('file') },
  {
    name: 'role/import (no file)',
    method: 'POST',
    path: `${ROLE}/import`,
    call: () => ({ idempotencyKey: newKey() }),
    expect: ADMINS(20001),
  },
  {
    name: 'role/importStatus (unknown job)',
    method: 'GET',
    path: `${ROLE}/importStatus`,
    call: () => q({ jobId: '0190a000-0000-7000-8000-0000000000ff' }),
    expect: ADMINS(20002),
  },
  // export: 游客 has no export function; 普通用户's export is on its own menus, not 角色管理.
  { name: 'role/export', method: 'GET', path: `${ROLE}/export`, call: () => ({}), expect: ADMINS('file') },

  // ---- members ----
  { name: 'roleAccount/list', method: 'GET', path: RA.members, call: (w, a) => q({ roleId: w.ownRole(a).roleId }), expect: ROLE_READ() },
  {
    name: 'roleAccount/list (a role of 华东铁投)',
    method: 'GET',
    path: RA.members,
    call: (w) => q({ roleId: w.foreignRole.roleId }),
    expect: FOREIGN_READ,
  },
  {
    name: 'roleAccount/listCandidates',
    method: 'GET',
    path: RA.candidates,
    call: (w, a) => q({ roleId: w.ownRole(a).roleId }),
    expect: ADMINS(),
  },
  {
    name: 'roleAccount/add',
    method: 'POST',
    path: RA.addMembers,
    call: (w, a) => json({ roleId: w.ownRole(a).roleId, accountIds: [w.zhangweiId] }),
    expect: ADMINS(),
  },
  {
    name: 'roleAccount/add (a role of 华东铁投)',
    method: 'POST',
    path: RA.addMembers,
    call: (w) => json({ roleId: w.foreignRole.roleId, accountIds: [w.zhangweiId] }),
    expect: FOREIGN,
  },
  {
    name: 'roleAccount/delete',
    method: 'POST',
    path: RA.deleteMembers,
    call: async (w, a) => {
      const r = w.ownRole(a)
      await addMembers(w.as.admin, r.roleId, [w.zhangweiId])
      return json({ roleId: r.roleId, accountIds: [w.zhangweiId] })
    },
    expect: ADMINS(),
  },
  {
    name: 'roleAccount/delete (a role of 华东铁投)',
    method: 'POST',
    path: RA.deleteMembers,
    call: async (w) => {
      await addMembers(w.as.admin, w.foreignRole.roleId, [w.zhangweiId])
      return json({ roleId: w.foreignRole.roleId, accountIds: [w.zhangweiId] })
    },
    expect: FOREIGN,
  },

  // ---- menus and functions ----
  { name: 'roleMenu/listApp', method: 'GET', path: RA.menuApps, call: () => ({}), expect: ROLE_READ() },
  { name: 'roleMenu/listTree', method: 'GET', path: RA.menuTree, call: (w, a) => q({ roleId: w.ownRole(a).roleId }), expect: ROLE_READ() },
  {
    name: 'roleMenu/listTree (a role of 华东铁投)',
    method: 'GET',
    path: RA.menuTree,
    call: (w) => q({ roleId: w.foreignRole.roleId }),
    expect: FOREIGN_READ,
  },
  {
    name: 'roleMenu/save',
    method: 'POST',
    path: RA.saveMenus,
    call: (w, a) => json({ roleId: w.ownRole(a).roleId, applicationId: w.appId, menuIds: [], functionIds: [] }),
    expect: ADMINS(),
  },
  {
    name: 'roleMenu/save (a role of 华东铁投)',
    method: 'POST',
    path: RA.saveMenus,
    call: (w) => json({ roleId: w.foreignRole.roleId, applicationId: w.appId, menuIds: [], functionIds: [] }),
    expect: FOREIGN,
  },

  // ---- organisations, data permission, resources ----
  { name: 'roleOrg/list', method: 'GET', path: RA.orgs, call: (w, a) => q({ roleId: w.ownRole(a).roleId }), expect: ROLE_READ() },
  {
    name: 'roleOrg/list (a role of 华东铁投)',
    method: 'GET',
    path: RA.orgs,
    call: (w) => q({ roleId: w.foreignRole.roleId }),
    expect: FOREIGN_READ,
  },
  {
    name: 'roleOrg/save',
    method: 'POST',
    path: RA.saveOrgs,
    call: (w, a) => json({ roleId: w.ownRole(a).roleId, organizationIds: [] }),
    expect: ADMINS(),
  },
  {
    name: 'roleOrg/save (a role of 华东铁投)',
    method: 'POST',
    path: RA.saveOrgs,
    call: (w) => json({ roleId: w.foreignRole.roleId, organizationIds: [] }),
    expect: FOREIGN,
  },
  {
    name: 'dataPermission/get',
    method: 'GET',
    path: RA.dataPermission,
    call: (w, a) => q({ roleId: w.ownRole(a).roleId }),
    expect: ROLE_READ(),
  },
  {
    name: 'dataPermission/get (a role of 华东铁投)',
    method: 'GET',
    path: RA.dataPermission,
    call: (w) => q({ roleId: w.foreignRole.roleId }),
    expect: FOREIGN_READ,
  },
  {
    name: 'dataPermission/save',
    method: 'POST',
    path: RA.saveDataPermission,
    call: (w, a) => json({ roleId: w.ownRole(a).roleId, scope: 'own' }),
    expect: ADMINS(),
  },
  {
    name: 'dataPermission/save (a role of 华东铁投)',
    method: 'POST',
    path: RA.saveDataPermission,
    call: (w) => json({ roleId: w.foreignRole.roleId, scope: 'own' }),
    expect: FOREIGN,
  },
  {
    name: 'roleResource/list',
    method: 'GET',
    path: RA.resources,
    call: (w, a) => q({ roleId: w.ownRole(a).roleId, resourceType: 'application' }),
    expect: ROLE_READ(),
  },
  {
    name: 'roleResource/list (a role of 华东铁投)',
    method: 'GET',
    path: RA.resources,
    call: (w) => q({ roleId: w.foreignRole.roleId, resourceType: 'application' }),
    expect: FOREIGN_READ,
  },
  {
    name: 'roleResource/save',
    method: 'POST',
    path: RA.saveResources,
    call: (w, a) => json({ roleId: w.ownRole(a).roleId, resourceType: 'application', resourceIds: [] }),
    expect: ADMINS(),
  },
  {
    name: 'roleResource/save (a role of 华东铁投)',
    method: 'POST',
    path: RA.saveResources,
    call: (w) => json({ roleId: w.foreignRole.roleId, resourceType: 'application', resourceIds: [] }),
    expect: FOREIGN,
  },
]

/** Allowed for any signed-in account. */
const EVERYONE: Expect = { admin: 10000, orgadmin: 10000, zhangwei: 10000, lisite: 10000, tourist: 10000 }
/** A read of 单位管理 or 项目账号管理: the administrators and the tourist (every menu); not 普通用户 nor 项目账号. */
const ACCOUNT_READ: Expect = { admin: 10000, orgadmin: 10000, zhangwei: 20003, lisite: 20003, tourist: 10000 }

/** The account endpoints of one kind (general: /admin/organization; registered: /admin/project-org-account). */
function accountRows(kind: Kind): Row[] {
  const base = kind === 'general' ? GA : RA_
  const mine = (w: World, a: Actor) => w.account(a, kind)
  const foreign = (w: World) => w.foreignAccount(kind)
  const edit = (r: AccountRow) => ({ accountId: r.accountId, version: r.version, userName: '真值表改名', organizationId: r.organizationId })
  const rows: Row[] = [
    {
      name: `${kind}/listPage`,
      method: 'GET',
      path: `${base}/listPage`,
      call: () => q({ pageIndex: 1, pageSize: 5 }),
      expect: ACCOUNT_READ,
    },
    { name: `${kind}/list`, method: 'GET', path: `${base}/list`, call: () => ({}), expect: ACCOUNT_READ },
    {
      name: `${kind}/add`,
      method: 'POST',
      path: `${base}/add`,
      call: (w, a) =>
        json({ accountName: accountName(), userName: '真值表账号', password: PW, confirmPassword: PW, organizationId: w.orgOf(a) }),
      expect: ADMINS(),
    },
    { name: `${kind}/update`, method: 'PUT', path: `${base}/update`, call: async (w, a) => json(edit(await mine(w, a))), expect: ADMINS() },
    {
      name: `${kind}/update (an account of 华东铁投)`,
      method: 'PUT',
      path: `${base}/update`,
      call: async (w) => json(edit(await foreign(w))),
      expect: FOREIGN,
    },
    {
      name: `${kind}/delete`,
      method: 'POST',
      path: `${base}/delete`,
      call: async (w, a) => ({ form: { ids: (await mine(w, a)).accountId }, idempotencyKey: newKey() }),
      expect: ADMINS(),
    },
    {
      name: `${kind}/delete (an account of 华东铁投)`,
      method: 'POST',
      path: `${base}/delete`,
      call: async (w) => ({ form: { ids: (await foreign(w)).accountId }, idempotencyKey: newKey() }),
      expect: FOREIGN,
    },
    {
      name: `${kind}/enable (stop)`,
      method: 'POST',
      path: `${base}/enable`,
      call: async (w, a) => json({ ids: [(await mine(w, a)).accountId], enable: false }),
      expect: ADMINS(),
    },
    {
      name: `${kind}/enable (an account of 华东铁投)`,
      method: 'POST',
      path: `${base}/enable`,
      call: async (w) => json({ ids: [(await foreign(w)).accountId], enable: false }),
      expect: FOREIGN,
    },
    // A normal account is not locked: the state machine refuses (20021) once the function is allowed.
    {
      name: `${kind}/unlock (a normal account)`,
      method: 'POST',
      path: `${base}/unlock`,
      call: async (w, a) => json({ ids: [(await mine(w, a)).accountId] }),
      expect: ADMINS(20021),
    },
    {
      name: `${kind}/resetPwd`,
      method: 'POST',
      path: `${base}/resetPwd`,
      call: async (w, a) => json({ accountId: (await mine(w, a)).accountId, password: 'Reset#2026xy', confirmPassword: 'Reset#2026xy' }),
      expect: ADMINS(),
    },
    {
      name: `${kind}/resetPwd (an account of 华东铁投)`,
      method: 'POST',
      path: `${base}/resetPwd`,
      call: async (w) => json({ accountId: (await foreign(w)).accountId, password: 'Reset#2026xy', confirmPassword: 'Reset#2026xy' }),
      expect: FOREIGN,
    },
    {
      name: `${kind}/updateValidPeriod`,
      method: 'POST',
      path: `${base}/updateValidPeriod`,
      call: async (w, a) => json({ ids: [(await mine(w, a)).accountId], validUntil: '2030-12-31' }),
      expect: ADMINS(),
    },
    // The change history: the tourist (华东铁投, reads every menu) sees the history of an account of its organisation.
    {
      name: `${kind}/listDetailPage`,
      method: 'GET',
      path: `${base}/listDetailPage`,
      call: async (w, a) => q({ accountId: (await mine(w, a)).accountId }),
      expect: ACCOUNT_READ,
    },
    {
      name: `${kind}/listDetailPage (an account of 华东铁投)`,
      method: 'GET',
      path: `${base}/listDetailPage`,
      call: async (w) => q({ accountId: (await foreign(w)).accountId }),
      expect: { ...ACCOUNT_READ, orgadmin: 20002 },
    },
  ]
  if (kind === 'general')
    rows.push(
      {
        name: 'general/audit (a normal account)',
        method: 'POST',
        path: `${GA}/audit`,
        call: async (w, a) => json({ ids: [(await mine(w, a)).accountId], decision: 'approve' }),
        expect: ADMINS(20021),
      },
      {
        name: 'general/updatePwdValidPeriod',
        method: 'POST',
        path: `${GA}/updatePwdValidPeriod`,
        call: async (w, a) => json({ ids: [(await mine(w, a)).accountId], passwordValidUntil: '2030-12-31' }),
        expect: ADMINS(),
      },
      { name: 'general/getLoggedInAccount', method: 'GET', path: `${GA}/getLoggedInAccount`, call: () => ({}), expect: EVERYONE },
    )
  else
    rows.push(
      {
        name: 'registered/updateProjectDept',
        method: 'POST',
        path: `${RA_}/updateProjectDept`,
        call: async (w, a) => json({ accountId: (await mine(w, a)).accountId, projectName: '沪宁城际', projectDepartmentName: '二分部' }),
        expect: ADMINS(),
      },
      {
        name: 'registered/enablePhoneLogin',
        method: 'POST',
        path: `${RA_}/enablePhoneLogin`,
        call: async (w, a) => json({ ids: [(await mine(w, a)).accountId], enable: false }),
        expect: ADMINS(),
      },
    )
  return rows
}

const ACCOUNT_ROWS: Row[] = [...accountRows('general'), ...accountRows('registered')]

const outcome = (a: Answer): Outcome =>
  a.body.code === -1 && a.status === 200 && !(a.headers.get('content-type') ?? '').includes('json') ? 'file' : a.body.code

describe.each(provided('targets').filter((t) => t.demo))('truth table on $name', (t) => {
  let w: World

  beforeAll(async () => {
    const as = {} as Record<Actor, Client>
    for (const a of ACTORS) as[a] = await signedIn(t, a)
    const adminRole = await addRole(as.admin, '真值表管理员')
    const orgRole = await addRole(as.orgadmin, '真值表组织')
    const foreignRole = await addRole(as.admin, '真值表他单位')
    const candidates = await as.admin.call<{ accountId: string; accountName: string }[]>('GET', RA.candidates, {
      query: { roleId: adminRole.roleId, keyword: 'zhangwei' },
    })
    const apps = await as.admin.call<{ applicationId: string; code: string }[]>('GET', RA.menuApps)
    const orgs = (
      await as.admin.call<{ options: { organizationId: string; organizationName: string }[] }>('GET', RA.orgs, {
        query: { roleId: adminRole.roleId },
      })
    ).body.data.options
    const orgId = (name: string) => orgs.find((o) => o.organizationName === name)!.organizationId
    const ownerOrg = orgId('中国铁路华东投资集团有限公司')
    const contractorOrg = orgId('中铁恒岳建设集团有限公司')
    const orgOf = (a: Actor) => (a === 'orgadmin' ? contractorOrg : ownerOrg)
    const makeAccount = async (by: Client, kind: Kind, organizationId: string): Promise<AccountRow> => {
      const r = await by.call<AccountRow>('POST', `${kind === 'general' ? GA : RA_}/add`, {
        json: { accountName: accountName(), userName: '真值表账号', password: PW, confirmPassword: PW, organizationId },
        idempotencyKey: newKey(),
      })
      expect(r.body.code, r.text).toBe(10000)
      return r.body.data
    }
    w = {
      as,
      ownRole: (a) => (a === 'orgadmin' ? orgRole : adminRole),
      freshRole: async (a) => addRole(a === 'orgadmin' ? as.orgadmin : as.admin, '真值表临时'),
      foreignRole,
      zhangweiId: candidates.body.data.find((c) => c.accountName === 'zhangwei')!.accountId,
      appId: apps.body.data.find((x) => x.code === 'trestle-admin')!.applicationId,
      orgOf,
      account: (a, kind) => makeAccount(a === 'orgadmin' ? as.orgadmin : as.admin, kind, orgOf(a)),
      foreignAccount: (kind) => makeAccount(as.admin, kind, ownerOrg),
    }
  })

  afterAll(async () => {
    for (const r of await roles(w.as.admin)) if (r.roleName.startsWith('真值表')) await deleteRole(w.as.admin, r.roleId)
  })

  const cases = [...ROLE_ROWS, ...ACCOUNT_ROWS].flatMap((row) => ACTORS.map((actor) => ({ row, actor })))
  it.each(cases)('$row.name as $actor', async ({ row, actor }) => {
    const expected = row.expect[actor]
    const opts = await row.call(w, actor)
    const answer = await w.as[actor].call(row.method, row.path, opts)
    expect(outcome(answer), `${row.name} as ${actor}: ${answer.text.slice(0, 200)}`).toBe(expected)
  })

  it('lists every role, authorisation and account endpoint of the gateway in the table', () => {
    const paths = new Set([...ROLE_ROWS, ...ACCOUNT_ROWS].map((r) => r.path))
    for (const kind of Object.values(ACCOUNT_API)) for (const p of Object.values(kind)) expect(paths, p).toContain(p)
    for (const p of Object.values(RA)) expect(paths, p).toContain(p)
    for (const a of ['listPage', 'list', 'add', 'update', 'delete', 'importTemplate', 'import', 'importStatus', 'export'])
      expect(paths).toContain(`${ROLE}/${a}`)
  })
})
