/**
 * What the organisation module asks of the roles — a unit's roles (the unit tree), which units hold
 * roles (a unit node's children) and whether units still hold roles (before they are deleted) —
 * answered by the role module, which owns the role rows and sets this port at start
 * (server/modules/role/index.ts): the role module names units through this module, so this module
 * imports no role code.
 */
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'

export interface UnitRoles {
  /** The roles of a unit (id, name, remark), by order then name. */
  rolesOfUnit(db: Db, organizationId: string): Promise<{ roleId: string; roleName: string; remark: string | null }[]>
  /** Which of the units hold roles. */
  unitsWithRoles(db: Db, organizationIds: string[]): Promise<Set<string>>
  /** Whether any role belongs to one of the units. */
  anyRoleIn(db: Db, organizationIds: string[]): Promise<boolean>
}

const roles = definePort<UnitRoles>('the organisation module asked about roles')

/** The role module, at start. */
export const setUnitRoles = roles.set

export const rolesOfUnit = (db: Db, organizationId: string) => roles.get().rolesOfUnit(db, organizationId)
export const unitsWithRoles = (db: Db, organizationIds: string[]) => roles.get().unitsWithRoles(db, organizationIds)
export const anyRoleIn = (db: Db, organizationIds: string[]) => roles.get().anyRoleIn(db, organizationIds)
