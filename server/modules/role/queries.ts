/**
 * What other modules read of the roles, which only this module writes SQL against: roles by id (the
 * granting rule), their names (an account's roles, a change's record, the holder's names beside a
 * staff record) and whether a role exists (the shell's authorised functions).
 */
import { asc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { accountRole, role } from '../../db/schema'
import { qualified } from '../../lib/sql'

/** The roles of these ids (any order): unit, data scope, builtin. */
export function rolesByIds(db: Db, roleIds: string[]) {
  return db
    .select({
      roleId: role.roleId,
      roleName: role.roleName,
      organizationId: role.organizationId,
      dataScope: role.dataScope,
      builtin: role.builtin,
    })
    .from(role)
    .where(inArray(role.roleId, roleIds))
}

/** The names of the roles of these ids, in no particular order. */
export async function roleNamesByIds(db: Db, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return []
  const rows = await db.select({ name: role.roleName }).from(role).where(inArray(role.roleId, roleIds))
  return rows.map((r) => r.name)
}

/** The names of the roles of these ids, by the roles' order. */
export async function roleNamesInOrder(db: Db, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return []
  const rows = await db.select({ roleName: role.roleName }).from(role).where(inArray(role.roleId, roleIds)).orderBy(asc(role.sort))
  return rows.map((r) => r.roleName)
}

/** SQL: a json array of the names of the roles of the account in `accountId`, by order then name ('[]' when none). */
export const roleNamesOfAccount = (accountId: AnyColumn): SQL<string[]> =>
  sql<
    string[]
  >`coalesce((select json_agg(${qualified(role.roleName)} order by ${qualified(role.sort)}, ${qualified(role.roleName)}) from ${accountRole} join ${role} on ${qualified(role.roleId)} = ${qualified(accountRole.roleId)} where ${qualified(accountRole.accountId)} = ${qualified(accountId)}), '[]'::json)`

/** SQL: whether a role of the id in `roleId` exists. */
export const roleExists = (roleId: AnyColumn): SQL =>
  sql`exists (select 1 from ${role} where ${qualified(role.roleId)} = ${qualified(roleId)})`
