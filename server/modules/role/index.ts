/**
 * The role module's public surface: its routes, the role queries other modules use (roles are read
 * through these, never from the table), and the ports it answers for: the active roles of the
 * permission check (lib/modulePorts.ts), a unit's roles (the org module's rolePort.ts) and the roles
 * of a role's authorisation (the roleAuth module's rolePort.ts).
 */
import { setModulePorts } from '../../lib/modulePorts'
import { setUnitRoles } from '../org'
import { setAuthorisedRoles } from '../roleAuth'
import { activeRoles, activeRolesOf, anyRoleIn, rolesByIds, rolesOfUnit, setRoleDataScope, touchRole, unitsWithRoles } from './queries'

export {
  activeRolesOf,
  activeRolesWithMembers,
  roleExists,
  roleIdsWithin,
  roleNamesByIds,
  roleNamesInOrder,
  roleNamesOfAccount,
  rolesByIds,
} from './queries'
export { registerRoleRoutes } from './routes'

/** At start: lib's permission check, the unit tree and a role's authorisation read the roles through their ports. */
export function setRolePorts(): void {
  setModulePorts({ activeRoles })
  setUnitRoles({ rolesOfUnit, unitsWithRoles, anyRoleIn })
  setAuthorisedRoles({ rolesByIds, activeRolesOf, touchRole, setRoleDataScope })
}
