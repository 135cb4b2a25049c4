/** /admin/project-org-account: registered (project) accounts on the same list machinery as general accounts. */
import { useT } from '@/lib/i18n'
import { AccountsTable } from './AccountsTable'

export function ProjectOrgAccountPage() {
  const { t } = useT()
  return <AccountsTable kind="registered" description={t('accounts.registered.description')} />
}
