/**
 * Roles given with a new or approved account (generalAccount/add, registerAccount/add, audit).
 * The granting rule of issue 4: an administrator gives only roles they may see (data scope) and
 * that hold nothing beyond what they hold themselves — no menu, function or wider data scope.
 * Refusals: an unknown or invisible role → 20002; a role beyond the caller's grants → 20021.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { DATA_SCOPES } from '../../../src/contract/enums'
import type { Db } from '../../db/client'
import { accountRole, role, roleMenu, roleMenuFunction } from '../../db/schema'
import { ApiError } from '../../lib/http'
import type { AuthContext } from '../../types'

const BEYOND = {
  zh: '不能授予超出自己权限的角色（菜单、功能或数据范围）',
  en: 'You cannot grant a role that goes beyond your own menus, functions or data scope',
}

/** Checks the roles against the caller (inside the transaction); `scopeIds` are the caller's visible units (null: all). */
export async function checkGrantableRoles(tx: Db, auth: AuthContext, scopeIds: string[] | null, roleIds: string[]): Promise<void> {
  const wanted = [...new Set(roleIds)]
  if (wanted.length === 0) return
  const rows = await tx.select({ roleId: role.roleId, organizationId: role.organizationId, dataScope: role.dataScope }).from(role).where(inArray(role.roleId, wanted))
  const visible = rows.filter((r) => scopeIds === null || (r.organizationId !== null && scopeIds.includes(r.organizationId)))
  if (visible.length !== wanted.length) throw new ApiError(Code.NOT_FOUND, wanted.filter((id) => !visible.some((r) => r.roleId === id)))
  const mine = (
    await tx
      .select({ roleId: role.roleId, dataScope: role.dataScope })
      .from(accountRole)
      .innerJoin(role, eq(role.roleId, accountRole.roleId))
      .where(and(eq(accountRole.accountId, auth.account.accountId), eq(role.status, 1)))
  ).map((r) => r.roleId)
  const maxScope = DATA_SCOPES.indexOf(auth.grant?.scope ?? 'own')
  if (rows.some((r) => DATA_SCOPES.indexOf(r.dataScope as (typeof DATA_SCOPES)[number]) > maxScope)) throw new ApiError(Code.REFUSED, null, BEYOND)
  if (mine.length === 0) throw new ApiError(Code.REFUSED, null, BEYOND)
  const myMenus = tx.select({ id: roleMenu.applicationMenuId }).from(roleMenu).where(inArray(roleMenu.roleId, mine))
  const extraMenu = await tx
    .select({ id: roleMenu.applicationMenuId })
    .from(roleMenu)
    .where(and(inArray(roleMenu.roleId, wanted), notInArray(roleMenu.applicationMenuId, myMenus)))
    .limit(1)
  const myFns = tx.select({ id: roleMenuFunction.applicationMenuFunctionId }).from(roleMenuFunction).where(inArray(roleMenuFunction.roleId, mine))
  const extraFn = await tx
    .select({ id: roleMenuFunction.applicationMenuFunctionId })
    .from(roleMenuFunction)
    .where(and(inArray(roleMenuFunction.roleId, wanted), notInArray(roleMenuFunction.applicationMenuFunctionId, myFns)))
    .limit(1)
  if (extraMenu.length || extraFn.length) throw new ApiError(Code.REFUSED, null, BEYOND)
}

/** Adds the roles to the accounts (existing memberships are kept). */
export async function giveRoles(tx: Db, accountIds: string[], roleIds: string[]): Promise<void> {
  const values = accountIds.flatMap((accountId) => [...new Set(roleIds)].map((roleId) => ({ accountId, roleId })))
  if (values.length) await tx.insert(accountRole).values(values).onConflictDoNothing()
}

export async function roleNamesOf(tx: Db, roleIds: string[]): Promise<string> {
  if (roleIds.length === 0) return ''
  const rows = await tx.select({ name: role.roleName }).from(role).where(inArray(role.roleId, roleIds))
  return rows.map((r) => r.name).join('、')
}
