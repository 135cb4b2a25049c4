/**
 * What other modules read of the roles, which only this module writes SQL against: roles by id (the
 * granting rule), their names (an account's roles, a change's record, the holder's names beside a
 * staff record), whether a role exists (the shell's authorised functions), the active roles (the
 * permission check, a caller's holdings), a unit's roles (the unit tree), the roles a message may
 * address, and the two writes of a role's authorisation (its scope, its update time).
 */
import { and, asc, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { accountRole, role } from '../../db/schema'
import { inScope } from '../../lib/orgScope'
import { qualified } from '../../lib/sql'
import { jsonSafe } from '../../lib/jsonRows'

/** role.status of an active role (0: stopped). */
const ACTIVE_ROLE = 1

/**
 * The active roles (roleId, dataScope, builtin) as a table to join, for statements that join an
 * account's roles to their grants in one query (lib/permissions.ts, lib/projectScope.ts).
 */
export const activeRoles = new QueryBuilder()
  .select({ roleId: role.roleId, dataScope: role.dataScope, builtin: role.builtin })
  .from(role)
  .where(eq(role.status, ACTIVE_ROLE))
  .as('active_role')

/** The active roles of an account: id, data scope, builtin. */
export function activeRolesOf(db: Db, accountId: string) {
  return db
    .select({ roleId: role.roleId, dataScope: role.dataScope, builtin: role.builtin })
    .from(accountRole)
    .innerJoin(role, eq(role.roleId, accountRole.roleId))
    .where(and(eq(accountRole.accountId, accountId), eq(role.status, ACTIVE_ROLE)))
}

/** The ids of those of `roleIds` whose unit lies within `orgIds` (null: any unit). */
export async function roleIdsWithin(db: Db, roleIds: string[], orgIds: string[] | null): Promise<string[]> {
  if (roleIds.length === 0) return []
  const rows = await db
    .select({ id: role.roleId })
    .from(role)
    .where(and(inArray(role.roleId, roleIds), inScope(role.organizationId, orgIds)))
  return rows.map((r) => r.id)
}

/** The active roles of the units `orgIds` (null: all) with their member counts, by name. */
export async function activeRolesWithMembers(db: Db, orgIds: string[] | null) {
  const rows = await db
    .select({ roleId: role.roleId, roleName: role.roleName, memberCount: count(accountRole.accountId) })
    .from(role)
    .leftJoin(accountRole, eq(accountRole.roleId, role.roleId))
    .where(and(eq(role.status, ACTIVE_ROLE), inScope(role.organizationId, orgIds)))
    .groupBy(role.roleId, role.roleName)
    .orderBy(asc(role.roleName))
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }))
}

/** The roles of a unit (id, name, remark), by order then name. */
export function rolesOfUnit(db: Db, organizationId: string) {
  return db
    .select({ roleId: role.roleId, roleName: role.roleName, remark: role.remark })
    .from(role)
    .where(eq(role.organizationId, organizationId))
    .orderBy(asc(role.sort), asc(role.roleName))
}

/** Which of the units hold roles. */
export async function unitsWithRoles(db: Db, organizationIds: string[]): Promise<Set<string>> {
  if (organizationIds.length === 0) return new Set()
  const rows = await db.selectDistinct({ id: role.organizationId }).from(role).where(inArray(role.organizationId, organizationIds))
  return new Set(rows.map((r) => r.id).filter((id) => id !== null))
}

/** Whether any role belongs to one of the units. */
export async function anyRoleIn(db: Db, organizationIds: string[]): Promise<boolean> {
  if (organizationIds.length === 0) return false
  const [r] = await db.select({ id: role.roleId }).from(role).where(inArray(role.organizationId, organizationIds)).limit(1)
  return r !== undefined
}

/** A change of a role's grants is a change of the role: its update time moves (its members' grants version follows). */
export async function touchRole(tx: Db, roleId: string, by: string, now = new Date()): Promise<void> {
  await tx.update(role).set({ updateTime: now, updateBy: by }).where(eq(role.roleId, roleId))
}

/** Sets a role's data scope (a field of the role record: its version moves, by the database's trigger). */
export async function setRoleDataScope(tx: Db, roleId: string, dataScope: string, by: string): Promise<void> {
  await tx.update(role).set({ dataScope, updateTime: new Date(), updateBy: by }).where(eq(role.roleId, roleId))
}

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
  jsonSafe(
    sql<
      string[]
    >`coalesce((select json_agg(${qualified(role.roleName)} order by ${qualified(role.sort)}, ${qualified(role.roleName)}) from ${accountRole} join ${role} on ${qualified(role.roleId)} = ${qualified(accountRole.roleId)} where ${qualified(accountRole.accountId)} = ${qualified(accountId)}), '[]'::json)`,
  )

/** SQL: whether a role of the id in `roleId` exists. */
export const roleExists = (roleId: AnyColumn): SQL =>
  sql`exists (select 1 from ${role} where ${qualified(role.roleId)} = ${qualified(roleId)})`
