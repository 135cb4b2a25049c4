import type { LazyNamespace } from '@/lib/i18n'
/**
 * Accounts (issue 4).
 *   AccountsPanel — the 账号 tab of /admin/organization (`<AccountsPanel organizationId organizationName? />`)
 *   ProjectOrgAccountPage — /admin/project-org-account
 *   AccountDetail — an account's details and change history in a sheet
 *   AccountInviteForm — the /sign form of the 'account' invitation (registered in src/app/inviteForms.ts)
 */
export { AccountsPanel } from './AccountsPanel'
export type { AccountsPanelProps } from './AccountsPanel'
export { ProjectOrgAccountPage } from './ProjectOrgAccountPage'
export { AccountDetail } from './AccountDetail'
export type { AccountDetailProps } from './AccountDetail'
export { AccountInviteForm } from './AccountInviteForm'
/** The one review dialog of an account under review (账号 and 用户审核, issue 10 #1). */
export { ReviewDialog } from './dialogs'
export type { ReviewTarget } from './dialogs'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['accounts', 'crud', 'files', 'invite', 'sync'] as const satisfies readonly LazyNamespace[]
