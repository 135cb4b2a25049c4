/** The people module's public surface: its routes (posts among them), the staff record a registration adds, the search's finder, the staff record queries other modules use, the ports it answers for (account/personPort.ts, department/staffPort.ts, org/staffPort.ts), and the one it asks through: the audit process (./auditProcessPort.ts), with the decision its end makes. */
import { setRegistrationPersonWriter, setStaffRecords } from '../account'
import { setDepartmentStaff } from '../department'
import { setUnitStaff } from '../org'
import { addRegistrationPerson } from './audit'
import { setPostUse } from './posts'
import {
  activeStaffCounts,
  anyStaffInDepartments,
  decideStaffRecords,
  holderNameOf,
  linkStaffToAccount,
  staffIdOf,
  staffLink,
  staffUnit,
} from './queries'

export { addRegistrationPerson, AUDIT_MENU, decideByProcess } from './audit'
export { setAuditProcess, type AuditProcess, type RecordUnderReview } from './auditProcessPort'
export { personFinder } from './find'
export {
  activeStaffUnder,
  departmentHeadAccountIds,
  departmentOfAccount,
  isStaffUnder,
  pendingAuditCount,
  personNameOf,
  renameStaffOfAccount,
  setStaffAvatarOfAccount,
  staffOfAccount,
} from './queries'
export { registerPeopleRoutes } from './routes'

/** At start: an account registered through an invitation gets its staff record, and the account, department and organisation modules read the staff records, through their ports; the data dictionary learns who uses the posts. */
export function setPeoplePorts(): void {
  setPostUse()
  setRegistrationPersonWriter(addRegistrationPerson)
  setStaffRecords({ staffLink, linkStaffToAccount, holderNameOf, staffIdOf, decideStaffRecords })
  setDepartmentStaff({ activeStaffCounts, anyStaffInDepartments })
  setUnitStaff({ staffUnit })
}
