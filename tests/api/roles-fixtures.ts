/** Shared steps of the role authorisation tests: calls by path, the menu tree, a role of one's own. */
import { expect } from 'vitest'
import { newKey, type Answer, type Client } from './client'
import { ROLE, uniqueName } from './helpers'

export const RA = {
  members: '/api/admin/v1/roleAccount/list',
  candidates: '/api/admin/v1/roleAccount/listCandidates',
  addMembers: '/api/admin/v1/roleAccount/add',
  deleteMembers: '/api/admin/v1/roleAccount/delete',
  menuApps: '/api/admin/v1/roleMenu/listApp',
  menuTree: '/api/admin/v1/roleMenu/listTree',
  saveMenus: '/api/admin/v1/roleMenu/save',
  orgs: '/api/admin/v1/roleOrg/list',
  saveOrgs: '/api/admin/v1/roleOrg/save',
  dataPermission: '/api/admin/v1/dataPermission/get',
  saveDataPermission: '/api/admin/v1/dataPermission/save',
  resources: '/api/admin/v1/roleResource/list',
  saveResources: '/api/admin/v1/roleResource/save',
} as const

export interface FnNode {
  applicationMenuFunctionId: string
  functionName: string
  functionAction: string
  granted: boolean
  grantable: boolean
}
export interface MenuNode {
  applicationMenuId: string
  parentId: string | null
  menuName: string
  action: string | null
  granted: boolean
  grantable: boolean
  functions: FnNode[]
  children: MenuNode[]
}
export interface Tree {
  applicationId: string
  applicationName: string
  menus: MenuNode[]
}
export interface RoleRow {
  roleId: string
  roleName: string
  organizationId: string | null
  organizationName: string | null
  dataScope: string
  version: number
  memberCount: number
  builtin: boolean
}

export const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)])
export const byAction = (tree: Tree, action: string) => {
  const m = flatten(tree.menus).find((n) => n.action?.replace(/^\/?/, '/') === action)
  if (!m) throw new Error(`no menu ${action}`)
  return m
}
export const fnOf = (menu: MenuNode, action: string) => {
  const f = menu.functions.find((x) => x.functionAction === action)
  if (!f) throw new Error(`no function ${action} on ${menu.menuName}`)
  return f
}

export async function tree(c: Client, roleId: string, appId?: string): Promise<Tree> {
  const r = await c.call<Tree>('GET', RA.menuTree, { query: appId ? { roleId, appId } : { roleId } })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

/** What the role holds now for the application, as a save payload. */
export function grantsOf(t: Tree): { menuIds: string[]; functionIds: string[] } {
  const all = flatten(t.menus)
  return {
    menuIds: all.filter((m) => m.granted).map((m) => m.applicationMenuId),
    functionIds: all.flatMap((m) => m.functions.filter((f) => f.granted).map((f) => f.applicationMenuFunctionId)),
  }
}

export const saveMenus = (c: Client, roleId: string, applicationId: string, menuIds: string[], functionIds: string[], lang?: string) =>
  c.call('POST', RA.saveMenus, {
    json: { roleId, applicationId, menuIds, functionIds },
    idempotencyKey: newKey(),
    headers: lang ? { 'accept-language': lang } : {},
  })

export const addMembers = (c: Client, roleId: string, accountIds: string[]) =>
  c.call('POST', RA.addMembers, { json: { roleId, accountIds }, idempotencyKey: newKey() })
export const deleteMembers = (c: Client, roleId: string, accountIds: string[]) =>
  c.call('POST', RA.deleteMembers, { json: { roleId, accountIds }, idempotencyKey: newKey() })

export async function roles(c: Client): Promise<RoleRow[]> {
  const r = await c.call<RoleRow[]>('GET', `${ROLE}/list`)
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

export async function addRole(c: Client, prefix = '授权测试', dataScope = 'own'): Promise<RoleRow> {
  const r = await c.call<RoleRow>('POST', `${ROLE}/add`, { json: { roleName: uniqueName(prefix), dataScope }, idempotencyKey: newKey() })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

export const deleteRole = (c: Client, roleId: string) =>
  c.call('POST', `${ROLE}/delete`, { form: { ids: roleId }, idempotencyKey: newKey() })

export const grantsVersion = (a: Answer) => a.headers.get('grants-version')
