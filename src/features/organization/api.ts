/** Resources and queries of /admin/organization (gateway: server/modules/org). */
import { useQuery } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import {
  ORG_API,
  orgAdd,
  orgGroupAccountAdd,
  orgGroupAccountUpdate,
  orgGroupAdd,
  orgGroupUpdate,
  orgUpdate,
  sublistPaths,
  type OrgAccountOption,
  type OrgAddRules,
  type OrgGroup,
  type OrgGroupAccount,
  type OrgKeywordResult,
  type Organization,
  type OrgSublist,
  type OrgTreeNode,
  type OrgType,
} from '@/contract/schemas/org'
import { defineResource } from '@/lib/crud'
import { http } from '@/lib/http'

/** Every query of this screen starts with 'org' (the unit resource's key), so one change refetches the tree too. */
export const orgResource = defineResource<Organization>({
  key: 'org',
  paths: resourcePaths('org'),
  idKey: 'organizationId',
  addSchema: orgAdd,
  updateSchema: orgUpdate,
  entity: 'organization.entity',
})

export const orgGroupResource = defineResource<OrgGroup>({
  key: 'orgGroup',
  paths: resourcePaths('orgGroup'),
  idKey: 'orgGroupId',
  addSchema: orgGroupAdd,
  updateSchema: orgGroupUpdate,
  entity: 'organization.group.entity',
})

export const orgGroupAccountResource = defineResource<OrgGroupAccount>({
  key: 'orgGroupAccount',
  paths: resourcePaths('orgGroupAccount'),
  idKey: 'orgGroupAccountId',
  addSchema: orgGroupAccountAdd,
  updateSchema: orgGroupAccountUpdate,
  entity: 'organization.group.memberEntity',
  invalidates: [['orgGroup']],
})

export const treeKey = (nodeId: string | null, nodeType: number | null) => ['org', 'tree', nodeId ?? 'root', nodeType ?? 0] as const

/** Children of a tree node (none: the unit types), loaded when first expanded. */
export function useTreeChildren(nodeId: string | null, nodeType: number | null, enabled = true) {
  return useQuery({
    queryKey: treeKey(nodeId, nodeType),
    queryFn: ({ signal }) => http.get<OrgTreeNode[]>(ORG_API.listTree, nodeId ? { nodeId, nodeType } : {}, { signal, silent: true }),
    enabled,
    staleTime: 60_000,
  })
}

export function useKeywordTree(keyword: string) {
  return useQuery({
    queryKey: ['org', 'keyword', keyword],
    queryFn: ({ signal }) => http.get<OrgKeywordResult>(ORG_API.listByKeyword, { keyword }, { signal, silent: true }),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  })
}

export function useOrgTypes() {
  return useQuery({
    queryKey: ['orgType', 'list'],
    queryFn: ({ signal }) => http.get<OrgType[]>(ORG_API.typeList, {}, { signal, silent: true }),
    staleTime: 10 * 60_000,
  })
}

/**
 * What the caller's data scope lets it add (org/addRules): top units only with the scope "all".
 * Fetched again whenever a view using it opens (a role's scope may have changed meanwhile).
 */
export function useAddRules() {
  return useQuery({
    queryKey: ['org', 'addRules'],
    queryFn: ({ signal }) => http.get<OrgAddRules>(ORG_API.addRules, {}, { signal, silent: true }),
    staleTime: 0,
  })
}

/** One unit with every field (org/list filtered by id). */
export function useUnit(organizationId: string | null) {
  return useQuery({
    queryKey: ['org', 'unit', organizationId],
    queryFn: async ({ signal }) => (await http.get<Organization[]>(orgResource.paths.list, { organizationId }, { signal, silent: true }))[0] ?? null,
    enabled: !!organizationId,
  })
}

export function useSublist<T>(name: OrgSublist, organizationId: string) {
  return useQuery({
    queryKey: ['org', 'sublist', name, organizationId],
    queryFn: ({ signal }) => http.get<T[]>(sublistPaths(name).list, { organizationId }, { signal, silent: true }),
  })
}

export function useUnitAccounts(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['org', 'accounts', organizationId],
    queryFn: ({ signal }) => http.get<OrgAccountOption[]>(ORG_API.listAccounts, { organizationId }, { signal, silent: true }),
    enabled,
  })
}
