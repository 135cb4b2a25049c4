/**
 * Roles given with a new or approved account (generalAccount/add, registerAccount/add, audit).
 * The granting rule of issue 4, the same one roleAccount/add applies (roleAuth/holdings.ts): an
 * administrator gives only roles they may see (data scope) and that grant nothing they do not hold
 * themselves — menu, function, data scope, organisation or application; members of the built-in
 * 系统管理员 role hold everything. Refusals: an unknown or invisible role → 20002; a role granting
 * something the caller lacks → 20003 naming it (不能授予您自己没有的功能「角色管理 · 导出」).
 */
import { Code } from '../../../src/contract/codes'
import type { DataScope } from '../../../src/contract/enums'
import type { Db } from '../../db/client'
import { accountRole } from '../../db/schema'
import { roleNamesByIds, rolesByIds } from '../role'
import { ApiError } from '../../lib/http'
import type { AuthContext } from '../../types'
import { firstNotHeld, holdingsWithin, notHeld } from '../roleAuth'

/** Checks the roles against the caller (inside the transaction); `scopeIds` are the caller's visible units (null: all). */
export async function checkGrantableRoles(tx: Db, auth: AuthContext, scopeIds: string[] | null, roleIds: string[]): Promise<void> {
  const wanted = [...new Set(roleIds)]
  if (wanted.length === 0) return
  const rows = await rolesByIds(tx, wanted)
  const visible = rows.filter((r) => scopeIds === null || (r.organizationId !== null && scopeIds.includes(r.organizationId)))
  if (visible.length !== wanted.length)
    throw new ApiError(
      Code.NOT_FOUND,
      wanted.filter((id) => !visible.some((r) => r.roleId === id)),
    )
  const h = await holdingsWithin(tx, auth, scopeIds)
  for (const id of wanted) {
    const r = visible.find((v) => v.roleId === id)!
    const lacking = await firstNotHeld(tx, h, { ...r, dataScope: r.dataScope as DataScope })
    if (lacking) throw notHeld(lacking)
  }
}

/** Adds the roles to the accounts (existing memberships are kept). */
export async function giveRoles(tx: Db, accountIds: string[], roleIds: string[]): Promise<void> {
  const values = accountIds.flatMap((accountId) => [...new Set(roleIds)].map((roleId) => ({ accountId, roleId })))
  if (values.length) await tx.insert(accountRole).values(values).onConflictDoNothing()
}

export async function roleNamesOf(tx: Db, roleIds: string[]): Promise<string> {
  return (await roleNamesByIds(tx, roleIds)).join('、')
}
