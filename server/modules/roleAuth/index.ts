/** The role authorisation module's public surface: its routes, the rules every grant keeps (holdings) and the resources granted to a role. */
export { setRoleAccounts } from './accountPort'
export { grantedResources } from './grants'
export {
  checkAdminKept,
  checkScopeHeld,
  firstNotHeld,
  holdingsOf,
  holdingsWithin,
  KEEP_ADMIN,
  notHeld,
  refuse,
  touchRole,
  visibleRole,
} from './holdings'
export { read, write } from './perm'
export { registerRoleAuthRoutes } from './routes'
