/**
 * The account module's public surface: its routes (general and registered accounts, the units'
 * account limits, role members), the account queries and state commands other modules use (sign-in,
 * registration, the personal centre, invitations, the user audit, third-party bindings), the account
 * columns other modules' lists join (refs.ts), and the ports it answers for.
 */
import { setGateAccount } from '../../lib/accountPort'
import { setUnitAccounts } from '../org'
import { setProjectAccounts } from '../project'
import { setRoleAccounts } from '../roleAuth'
import { accountCountsByProjectDepartment, accountUnit, anyAccountIn, roleHasNormalMember } from './queries'
import { accountRefs, gateAccount } from './refs'
import { registerAccountRoutes as registerAccounts } from './routes'
import { registerRoleMemberRoutes } from './roleMembers'
import { registerUnitAccountRoutes } from './unitAccounts'
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'

export { accountFinder } from './find'
export { accountLoginRefusal } from './login'
export {
  accountById,
  accountByIdIn,
  accountCountsByStatus,
  accountContact,
  accountIdsWithin,
  accountsByNames,
  accountsWithHolder,
  accountNameInUse,
  accountsByIds,
  accountUnit,
  addPendingAccount,
  cellphoneInUse,
  emailInUse,
  findAccountByLogin,
  matchesLogin,
  mirrorBinding,
  normalAccountIds,
  normalAccountIdsOfRoles,
  normalizeName,
  setAccountContact,
  unitOfAccountName,
  updateOwnAccount,
  type OwnAccountValues,
} from './queries'
export { accountIdsNamedLike, accountIdsOfUnits, accountRefs, accountShownNameOf, receivingAccounts } from './refs'
export { applyReview } from './review'
export { applyTransition, endExpiredLock, endSessions, lockAfterFailures, passwordChanged, recordChanges, type Actor } from './state'
export { setRegistrationPersonWriter, setStaffRecords, type ReviewedStaff } from './personPort'

/**
 * At start: the organisation, project and role authorisation modules ask about accounts through
 * their ports, and the session check (plugins/session.ts) reads an account through lib/accountPort.ts.
 */
export function setAccountPorts(): void {
  setUnitAccounts({ accountUnit, anyAccountIn, accountRefs })
  setProjectAccounts({ accountCountsByProjectDepartment })
  setRoleAccounts({ roleHasNormalMember })
  setGateAccount(gateAccount)
}

export function registerAccountRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerAccounts(app, ctx)
  registerUnitAccountRoutes(app, ctx)
  registerRoleMemberRoutes(app, ctx)
}
