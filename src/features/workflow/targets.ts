/** What an executor, cc or use-scope config may name by id: accounts, roles, workflow roles, units — as options of a picker. */
import { useQuery } from '@tanstack/react-query'
import type { SearchableOption } from '@/components/ui/searchable-select'
import { accountListPageQueryOptions } from '@/features/accounts/queries'
import { orgOptionsQueryOptions } from '@/features/organization/queries'
import { roleOptionsQueryOptions } from '@/features/roles/queries'
import { wfRoleOptionsQueryOptions } from './queries'

export type TargetKind = 'user' | 'role' | 'wfRole' | 'org' | 'account'

export function useTargetOptions(kind: TargetKind): SearchableOption[] {
  const people = kind === 'user' || kind === 'account'
  const accounts = useQuery({ ...accountListPageQueryOptions('general', { pageIndex: 1, pageSize: 200 }), enabled: people })
  const roles = useQuery({ ...roleOptionsQueryOptions(), enabled: kind === 'role' })
  const orgs = useQuery({ ...orgOptionsQueryOptions(), enabled: kind === 'org' })
  const wfRoles = useQuery({ ...wfRoleOptionsQueryOptions(), enabled: kind === 'wfRole' })
  if (people)
    return (accounts.data?.records ?? []).map((a) => {
      const text = a.userName ? `${a.userName}（${a.accountName}）` : a.accountName
      return { value: a.accountId, label: text, text }
    })
  if (kind === 'role') return (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName, text: r.roleName }))
  if (kind === 'org')
    return (orgs.data ?? []).map((o) => ({ value: o.organizationId, label: o.organizationName, text: o.organizationName }))
  return (wfRoles.data ?? []).map((r) => ({ value: r.wfRoleId, label: r.roleName, text: r.roleName }))
}
