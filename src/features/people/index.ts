export { DepartmentsPanel } from './DepartmentsPanel'
export { UserAuditPage } from './UserAuditPage'
export { ProfileInviteForm } from './ProfileInviteForm'
