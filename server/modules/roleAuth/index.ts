/**
 * The role authorisation module's public surface: its routes, the rules every grant keeps (holdings),
 * the resources granted to a role, and the ports it reads roles and accounts through (rolePort.ts set
 * by the role module, accountPort.ts by the account module).
 */
export { setRoleAccounts } from './accountPort'
export { grantedResources, rolesGranted, setResourceKind, type OwnedResourceKind } from './grants'
export {
  checkAdminKept,
  checkScopeHeld,
  firstNotHeld,
  holdingsOf,
  holdingsWithin,
  KEEP_ADMIN,
  notHeld,
  onVisibleRole,
  refuse,
  visibleRole,
} from './holdings'
export { read, write } from './perm'
export { setAuthorisedRoles } from './rolePort'
export { registerRoleAuthRoutes } from './routes'
