/**
 * What the role authorisation module asks of the roles — a role by id, a caller's active roles, and
 * the two writes of a role's authorisation (its data scope, its update time) — answered by the role
 * module, which owns the role rows and sets this port at start (server/modules/role/index.ts): the
 * role module uses this module's rules (checkScopeHeld, KEEP_ADMIN), so this module imports no role code.
 */
import type {
  activeRolesOf as ActiveRolesOf,
  rolesByIds as RolesByIds,
  setRoleDataScope as SetRoleDataScope,
  touchRole as TouchRole,
} from '../role/queries'
import { definePort } from '../../lib/port'

export interface AuthorisedRoles {
  rolesByIds: typeof RolesByIds
  activeRolesOf: typeof ActiveRolesOf
  touchRole: typeof TouchRole
  setRoleDataScope: typeof SetRoleDataScope
}

const roles = definePort<AuthorisedRoles>('the role authorisation module asked about roles')

/** The role module, at start. */
export const setAuthorisedRoles = roles.set

export const rolesByIds: typeof RolesByIds = (db, roleIds) => roles.get().rolesByIds(db, roleIds)
export const activeRolesOf: typeof ActiveRolesOf = (db, accountId) => roles.get().activeRolesOf(db, accountId)
export const touchRoleRow: typeof TouchRole = (tx, roleId, by, now) => roles.get().touchRole(tx, roleId, by, now)
export const setRoleDataScope: typeof SetRoleDataScope = (tx, roleId, dataScope, by) =>
  roles.get().setRoleDataScope(tx, roleId, dataScope, by)
