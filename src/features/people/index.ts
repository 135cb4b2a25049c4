import type { LazyNamespace } from '@/lib/i18n'
export { DepartmentsPanel } from './DepartmentsPanel'
export { UserAuditPage } from './UserAuditPage'
export { ProfileInviteForm } from './ProfileInviteForm'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['accounts', 'crud', 'files', 'invite', 'people', 'sync', 'tree'] as const satisfies readonly LazyNamespace[]
