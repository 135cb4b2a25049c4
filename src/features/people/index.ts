export { DepartmentsPanel } from './DepartmentsPanel'
export { UserAuditPage } from './UserAuditPage'
