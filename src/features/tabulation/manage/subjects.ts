/**
 * The subjects a cell rule may name, as options of a picker: roles, units, departments (of a unit
 * chosen first), workflow roles, accounts — read through the owning areas' public queries.
 */
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { TREE_CATEGORY } from '@/contract/enums'
import type { TabSubjectKind } from '@/contract/schemas/tabulation'
import type { DeptTreeNode } from '@/contract/schemas/people'
import type { SearchableOption } from '@/components/ui/searchable-select'
import { accountListPageQueryOptions } from '@/features/accounts/queries'
import { orgOptionsQueryOptions } from '@/features/organization/queries'
import { deptTreeQueryOptions } from '@/features/people/queries'
import { roleOptionsQueryOptions } from '@/features/roles/queries'
import { wfRoleOptionsQueryOptions } from '@/features/workflow/queries'

const option = (value: string, text: string, group?: string): SearchableOption => ({ value, label: text, text, group })

/** The options of one subject kind (departments: of the unit `organizationId`). */
export function useSubjectOptions(kind: TabSubjectKind | '', organizationId = ''): SearchableOption[] {
  const roles = useQuery({ ...roleOptionsQueryOptions(), enabled: kind === 'role' })
  const orgs = useQuery({ ...orgOptionsQueryOptions(), enabled: kind === 'organization' || kind === 'department' })
  const depts = useQuery({ ...deptTreeQueryOptions(organizationId), enabled: kind === 'department' && !!organizationId })
  const wfRoles = useQuery({ ...wfRoleOptionsQueryOptions(), enabled: kind === 'workflowRole' })
  const accounts = useQuery({ ...accountListPageQueryOptions('general', { pageIndex: 1, pageSize: 200 }), enabled: kind === 'account' })
  return useMemo(() => {
    switch (kind) {
      case 'role':
        return (roles.data ?? []).map((r) => option(r.roleId, r.roleName))
      case 'organization':
        return (orgs.data ?? []).map((o) => option(o.organizationId, o.organizationName))
      case 'department':
        return departmentsOf(depts.data ?? [])
      case 'workflowRole':
        return (wfRoles.data ?? []).map((r) => option(r.wfRoleId, r.roleName))
      case 'account':
        return (accounts.data?.records ?? []).map((a) =>
          option(a.accountId, a.userName ? `${a.userName}（${a.accountName}）` : a.accountName),
        )
      default:
        return []
    }
  }, [kind, roles.data, orgs.data, depts.data, wfRoles.data, accounts.data])
}

/** The units, for the department's unit select. */
export function useUnitOptions(enabled: boolean): SearchableOption[] {
  const orgs = useQuery({ ...orgOptionsQueryOptions(), enabled })
  return useMemo(() => (orgs.data ?? []).map((o) => option(o.organizationId, o.organizationName)), [orgs.data])
}

function departmentsOf(nodes: readonly DeptTreeNode[]): SearchableOption[] {
  const out: SearchableOption[] = []
  const walk = (list: readonly DeptTreeNode[], path: string[]) => {
    for (const n of list) {
      const here = n.category === TREE_CATEGORY.organization ? path : [...path, n.name]
      if (n.category !== TREE_CATEGORY.organization) out.push(option(n.id, here.join(' / ')))
      walk(n.children ?? [], here)
    }
  }
  walk(nodes, [])
  return out
}
