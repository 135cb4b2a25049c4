/**
 * What a caller holds, and the rules every grant call checks (SPEC §6, issue 4):
 *   - nobody grants a menu, function, data scope, organisation or resource they do not hold
 *     themselves (20003 naming what) — members of the built-in 系统管理员 role hold everything
 *     (they are the root of delegation: a new application's menus are granted by them first);
 *   - nobody removes the last grant path that lets the built-in role administer roles (20021);
 *   - a visible role only (its organisation within the caller's data scope, else 20002).
 * Everything is read through the transaction handle `tx` (never the outer db inside one).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FnOf } from '../../../src/contract/catalogue'
import type { RoleResourceType } from '../../../src/contract/schemas/role'
import { Code } from '../../../src/contract/codes'
import { DATA_SCOPES, type DataScope } from '../../../src/contract/enums'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import {
  application,
  applicationMenu,
  applicationMenuFunction,
  roleMenu,
  roleMenuFunction,
  roleOrg,
  roleResourceGrant,
} from '../../db/schema'
import { ApiError, type Text } from '../../lib/http'
import { roleHasNormalMember } from './accountPort'
import { scopeOrgIds } from '../../lib/permissions'
import type { AuthContext } from '../../types'
import { unitNames } from '../org'
import { MENU } from './perm'
import { activeRolesOf, rolesByIds, touchRoleRow } from './rolePort'
import texts from './texts.json'

const SCOPE_TEXT: Record<DataScope, Text> = texts.holdings.scopeText

export const refuse = (text: Text) => new ApiError(Code.FORBIDDEN, null, text)

export interface Holdings {
  /** A member of an active built-in role: holds every menu, function, organisation and resource. */
  root: boolean
  menuIds: Set<string>
  functionIds: Set<string>
  /** The data scope of the caller's role-manage grant. */
  scope: DataScope
  /** Organisations within that scope (null: all). */
  orgIds: string[] | null
  roleIds: string[]
}

/** The caller's holdings, read per call (no cache: a change to the caller's roles counts at once). */
export async function holdingsOf(ctx: Ctx, tx: Db, auth: AuthContext): Promise<Holdings> {
  return holdingsWithin(tx, auth, await scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own', tx))
}

/** The same, when the organisations within the caller's grant scope are known already (`orgIds`, null: all). */
export async function holdingsWithin(tx: Db, auth: AuthContext, orgIds: string[] | null): Promise<Holdings> {
  const roles = await activeRolesOf(tx, auth.account.accountId)
  const roleIds = roles.map((r) => r.roleId)
  const scope = auth.grant?.scope ?? 'own'
  const root = roles.some((r) => r.builtin !== null)
  if (root || roleIds.length === 0) return { root, menuIds: new Set(), functionIds: new Set(), scope, orgIds, roleIds }
  const menus = await tx.selectDistinct({ id: roleMenu.applicationMenuId }).from(roleMenu).where(inArray(roleMenu.roleId, roleIds))
  const fns =
    auth.account.level === 'tourist'
      ? []
      : await tx
          .selectDistinct({ id: roleMenuFunction.applicationMenuFunctionId })
          .from(roleMenuFunction)
          .where(inArray(roleMenuFunction.roleId, roleIds))
  return { root, menuIds: new Set(menus.map((m) => m.id)), functionIds: new Set(fns.map((f) => f.id)), scope, orgIds, roleIds }
}

export const holdsMenu = (h: Holdings, id: string) => h.root || h.menuIds.has(id)
export const holdsFunction = (h: Holdings, id: string) => h.root || h.functionIds.has(id)
export const holdsOrg = (h: Holdings, id: string) => h.root || h.orgIds === null || h.orgIds.includes(id)
export const scopeRank = (s: string) => DATA_SCOPES.indexOf(s as DataScope)

/** The caller may give at most its own scope. */
export function checkScopeHeld(h: Pick<Holdings, 'root' | 'scope'>, scope: DataScope): void {
  if (h.root || scopeRank(scope) <= scopeRank(h.scope)) return
  throw refuse({
    zh: `不能授予超出您自己范围的数据权限「${SCOPE_TEXT[scope].zh}」（您的数据权限：${SCOPE_TEXT[h.scope].zh}）`,
    en: `You cannot grant the data scope "${SCOPE_TEXT[scope].en}": it is wider than your own (${SCOPE_TEXT[h.scope].en})`,
  })
}

export const menuText = (menuName: string): Text => ({ zh: `菜单「${menuName}」`, en: `the menu "${menuName}"` })
export const functionText = (menuName: string, fnName: string): Text => ({
  zh: `功能「${menuName} · ${fnName}」`,
  en: `the function "${menuName} · ${fnName}"`,
})
export const orgText = (orgName: string): Text => ({ zh: `组织「${orgName}」`, en: `the organisation "${orgName}"` })
export const appText = (appName: string): Text => ({ zh: `应用「${appName}」`, en: `the application "${appName}"` })

/** 20003: "you cannot grant <what>: you do not hold it yourself". */
export const notHeld = (what: Text) =>
  refuse({ zh: `不能授予您自己没有的${what.zh}`, en: `You cannot grant ${what.en}: you do not hold it yourself` })

export interface VisibleRole {
  roleId: string
  roleName: string
  organizationId: string | null
  dataScope: DataScope
  builtin: string | null
}

/** The role, when the caller may see it (its organisation within the caller's scope); 20002 otherwise. */
export async function visibleRole(tx: Db, h: Holdings, roleId: string): Promise<VisibleRole> {
  const [r] = await rolesByIds(tx, [roleId])
  if (!r) throw new ApiError(Code.NOT_FOUND, { field: 'roleId' })
  if (h.orgIds !== null && (!r.organizationId || !h.orgIds.includes(r.organizationId)))
    throw new ApiError(Code.NOT_FOUND, { field: 'roleId' })
  return { ...r, dataScope: r.dataScope as DataScope }
}

/**
 * Runs `work` in one transaction on the role the caller names: the caller's holdings read in it, the
 * role when they may see it (20002 otherwise). Every such work changes the role: its row is written
 * first (its update time: members' grants-version follows), so two changes of one role wait for each
 * other and the second reads what the first wrote — both saving a role's menus at once had clashed on
 * the rows each inserted (50000).
 */
export function onVisibleRole<T>(
  ctx: Ctx,
  auth: AuthContext,
  roleId: string,
  work: (tx: Db, h: Holdings, r: VisibleRole) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    await touchRole(tx, roleId, auth)
    const h = await holdingsOf(ctx, tx, auth)
    return work(tx, h, await visibleRole(tx, h, roleId))
  })
}

/** A grant change is a change of the role: its update time moves (members' grants-version follows). */
async function touchRole(tx: Db, roleId: string, auth: AuthContext, now = new Date()): Promise<void> {
  await touchRoleRow(tx, roleId, auth.account.accountId, now)
}

/**
 * Everything a role grants that the caller does not hold (the first such item), or null. Used
 * before handing the role to more accounts: adding a member hands out all of it.
 */
export async function firstNotHeld(tx: Db, h: Holdings, r: VisibleRole): Promise<Text | null> {
  if (h.root) return null
  if (scopeRank(r.dataScope) > scopeRank(h.scope))
    return { zh: `数据权限「${SCOPE_TEXT[r.dataScope].zh}」`, en: `the data scope "${SCOPE_TEXT[r.dataScope].en}"` }
  const menus = await tx
    .select({ id: applicationMenu.applicationMenuId, name: applicationMenu.menuName })
    .from(roleMenu)
    .innerJoin(applicationMenu, eq(applicationMenu.applicationMenuId, roleMenu.applicationMenuId))
    .where(eq(roleMenu.roleId, r.roleId))
  const menu = menus.find((m) => !h.menuIds.has(m.id))
  if (menu) return menuText(menu.name)
  const fns = await tx
    .select({
      id: applicationMenuFunction.applicationMenuFunctionId,
      name: applicationMenuFunction.functionName,
      menu: applicationMenu.menuName,
    })
    .from(roleMenuFunction)
    .innerJoin(applicationMenuFunction, eq(applicationMenuFunction.applicationMenuFunctionId, roleMenuFunction.applicationMenuFunctionId))
    .innerJoin(applicationMenu, eq(applicationMenu.applicationMenuId, applicationMenuFunction.applicationMenuId))
    .where(eq(roleMenuFunction.roleId, r.roleId))
  const fn = fns.find((f) => !h.functionIds.has(f.id))
  if (fn) return functionText(fn.menu, fn.name)
  if (h.orgIds !== null) {
    const orgs = await tx
      .select({ id: unitNames.organizationId, name: unitNames.organizationName })
      .from(roleOrg)
      .innerJoin(unitNames, eq(unitNames.organizationId, roleOrg.organizationId))
      .where(eq(roleOrg.roleId, r.roleId))
    const org = orgs.find((o) => !h.orgIds!.includes(o.id))
    if (org) return orgText(org.name)
  }
  const apps = await tx
    .select({ id: application.applicationId, name: application.name })
    .from(roleResourceGrant)
    .innerJoin(application, eq(application.applicationId, roleResourceGrant.resourceId))
    .where(grantsOfKind([r.roleId], 'application'))
  if (apps.length) {
    const held = await heldApplicationIds(tx, h)
    const app = apps.find((a) => !held.has(a.id))
    if (app) return appText(app.name)
  }
  return null
}

/** Applications the caller may use (and so grant): those its roles grant menus of or as resources. */
export async function heldApplicationIds(tx: Db, h: Holdings): Promise<Set<string>> {
  if (h.root) return new Set((await tx.select({ id: application.applicationId }).from(application)).map((a) => a.id))
  if (h.roleIds.length === 0) return new Set()
  const viaMenus = await tx
    .selectDistinct({ id: applicationMenu.applicationId })
    .from(roleMenu)
    .innerJoin(applicationMenu, eq(applicationMenu.applicationMenuId, roleMenu.applicationMenuId))
    .where(inArray(roleMenu.roleId, h.roleIds))
  const direct = await grantedResourceIds(tx, h.roleIds, 'application')
  return new Set([...viaMenus.map((r) => r.id), ...direct])
}

/** The grants (role_resource) of records of a kind to any of the roles. */
export const grantsOfKind = (roleIds: string[], resourceType: RoleResourceType): SQL =>
  and(roleIds.length ? inArray(roleResourceGrant.roleId, roleIds) : sql`false`, eq(roleResourceGrant.resourceType, resourceType))!

/** Ids of records of a kind granted to any of the roles (e.g. applications for listAppByPermission). */
export async function grantedResourceIds(db: Db, roleIds: string[], resourceType: RoleResourceType): Promise<string[]> {
  if (roleIds.length === 0) return []
  const rows = await db
    .selectDistinct({ id: roleResourceGrant.resourceId })
    .from(roleResourceGrant)
    .where(grantsOfKind(roleIds, resourceType))
  return rows.map((r) => r.id)
}

// ---- keeping the platform administrable --------------------------------------------------

const ADMIN_FNS = ['authorize', 'member'] as const satisfies readonly FnOf<typeof MENU>[]

export const KEEP_ADMIN = texts.holdings.keepAdmin

/**
 * After a change to a built-in role, inside its transaction: the role still grants the console's
 * 角色管理 menu with `authorize` and `member`, keeps scope 'all' and an active member — else 20021.
 */
export async function checkAdminKept(ctx: Ctx, tx: Db, roleId: string): Promise<void> {
  const [r] = (await rolesByIds(tx, [roleId])).filter((b) => b.builtin !== null)
  if (!r) return
  if (r.dataScope !== 'all') throw new ApiError(Code.REFUSED, null, KEEP_ADMIN.scope)
  const menus = await tx
    .select({ id: applicationMenu.applicationMenuId })
    .from(applicationMenu)
    .innerJoin(application, eq(application.applicationId, applicationMenu.applicationId))
    .where(and(eq(application.code, ctx.config.appCode), inArray(applicationMenu.action, [MENU, MENU.slice(1)])))
  for (const m of menus) {
    const [granted] = await tx
      .select({ id: roleMenu.applicationMenuId })
      .from(roleMenu)
      .where(and(eq(roleMenu.roleId, roleId), eq(roleMenu.applicationMenuId, m.id)))
    const fns = await tx
      .select({ action: applicationMenuFunction.functionAction, granted: sql<boolean>`(${roleMenuFunction.roleId} is not null)` })
      .from(applicationMenuFunction)
      .leftJoin(
        roleMenuFunction,
        and(
          eq(roleMenuFunction.applicationMenuFunctionId, applicationMenuFunction.applicationMenuFunctionId),
          eq(roleMenuFunction.roleId, roleId),
        ),
      )
      .where(and(eq(applicationMenuFunction.applicationMenuId, m.id), inArray(applicationMenuFunction.functionAction, [...ADMIN_FNS])))
    if (!granted || fns.some((f) => !f.granted)) throw new ApiError(Code.REFUSED, null, KEEP_ADMIN.menus)
  }
  if (!(await roleHasNormalMember(tx, roleId))) throw new ApiError(Code.REFUSED, null, KEEP_ADMIN.members)
}
