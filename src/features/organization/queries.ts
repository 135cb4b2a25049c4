/**
 * Query keys and options of the organisation area, the one place they are written. Every key of the
 * units starts with 'org' (the unit resource's key), so one change of a unit refetches the tree too.
 * Public (with ./index.ts): other areas import `@/features/organization/queries` for these keys.
 */
import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/contract/envelope'
import { resourcePaths } from '@/contract/paths'
import { MAX_PAGE_SIZE, ORG_API, sublistPaths } from '@/contract/endpoints'
import type {
  OrgAccountOption,
  OrgAccountRow,
  OrgAddRules,
  OrgKeywordResult,
  Organization,
  OrgSearchRow,
  OrgSublist,
  OrgTreeNode,
  OrgType,
} from '@/contract/schemas/org'
import { http } from '@/lib/http'
import { getSession, setSession } from '@/lib/session'

export const orgKeys = {
  /** Everything of the units (the unit resource's key). */
  all: () => ['org'] as const,
  tree: (nodeId: string | null, nodeType: number | null) => [...orgKeys.all(), 'tree', nodeId ?? 'root', nodeType ?? 0] as const,
  keyword: (keyword: string) => [...orgKeys.all(), 'keyword', keyword] as const,
  addRules: () => [...orgKeys.all(), 'addRules'] as const,
  unit: (organizationId: string | null) => [...orgKeys.all(), 'unit', organizationId] as const,
  sublist: (name: OrgSublist, organizationId: string) => [...orgKeys.all(), 'sublist', name, organizationId] as const,
  /** The accounts of a unit (the group member picker); every unit's with no id. */
  accounts: (organizationId?: string) =>
    organizationId === undefined ? ([...orgKeys.all(), 'accounts'] as const) : ([...orgKeys.all(), 'accounts', organizationId] as const),
  /** The account-limit tab (account counts) of a unit; every unit's with no id. */
  limits: (organizationId?: string) =>
    organizationId === undefined ? ([...orgKeys.all(), 'limits'] as const) : ([...orgKeys.all(), 'limits', organizationId] as const),
  /** Units the caller sees, as options of a select. */
  options: () => [...orgKeys.all(), 'list', 'options'] as const,
  types: () => ['orgType', 'list'] as const,
  /** The account groups of units (the group resource's key) and their members (the member resource's key). */
  groups: () => ['orgGroup'] as const,
  groupMembers: () => ['orgGroupAccount'] as const,
}

/** Children of a tree node (none: the unit types). */
export const orgTreeQueryOptions = (nodeId: string | null, nodeType: number | null) =>
  queryOptions({
    queryKey: orgKeys.tree(nodeId, nodeType),
    queryFn: ({ signal }) => http.get<OrgTreeNode[]>(ORG_API.listTree, nodeId ? { nodeId, nodeType } : {}, { signal, silent: true }),
    staleTime: 60_000,
  })

export const orgKeywordQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: orgKeys.keyword(keyword),
    queryFn: ({ signal }) => http.get<OrgKeywordResult>(ORG_API.listByKeyword, { keyword }, { signal, silent: true }),
    staleTime: 30_000,
  })

export const orgTypesQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.types(),
    // mirrored to the session's `unitTypes` (SPEC §3): a reload opens with them
    queryFn: async ({ signal }) => {
      const unitTypes = await http.get<OrgType[]>(ORG_API.typeList, {}, { signal, silent: true })
      setSession({ unitTypes })
      return unitTypes
    },
    initialData: () => getSession().unitTypes ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 10 * 60_000,
  })

/** What the caller's data scope lets it add; fetched again whenever a view using it opens (a role's scope may have changed). */
export const orgAddRulesQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.addRules(),
    queryFn: ({ signal }) => http.get<OrgAddRules>(ORG_API.addRules, {}, { signal, silent: true }),
    staleTime: 0,
  })

/** One unit with every field (org/list filtered by id). */
export const orgUnitQueryOptions = (organizationId: string | null) =>
  queryOptions({
    queryKey: orgKeys.unit(organizationId),
    queryFn: async ({ signal }) =>
      (await http.get<Organization[]>(resourcePaths('org').list, { organizationId }, { signal, silent: true }))[0] ?? null,
  })

export const orgSublistQueryOptions = <T>(name: OrgSublist, organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.sublist(name, organizationId),
    queryFn: ({ signal }) => http.get<T[]>(sublistPaths(name).list, { organizationId }, { signal, silent: true }),
  })

export const orgAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.accounts(organizationId),
    queryFn: ({ signal }) => http.get<OrgAccountOption[]>(ORG_API.listAccounts, { organizationId }, { signal, silent: true }),
  })

/** The account-limit tab: the unit and its direct child units, in one page (the largest the gateway gives). */
export const LIMIT_ROWS = 2000

export const orgLimitsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.limits(organizationId),
    queryFn: ({ signal }) =>
      http.get<Page<OrgAccountRow>>(
        ORG_API.accountListPage,
        { unitId: organizationId, pageIndex: 1, pageSize: LIMIT_ROWS },
        { signal, silent: true },
      ),
  })

/**
 * The units a picker offers with what finds them (orgSearch/listPage, the caller's scope): name, short
 * name, credit code and type — typing a short name or a credit code finds the unit. (This file is
 * loaded at sign-in by the accounts' offline declarations: its constants come from the zod-free
 * contract/endpoints.)
 */
export const orgSearchOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...orgKeys.options(), 'search'] as const,
    queryFn: async ({ signal }) =>
      (await http.get<Page<OrgSearchRow>>(ORG_API.searchListPage, { pageSize: MAX_PAGE_SIZE }, { signal, silent: true })).records,
    staleTime: 60_000,
  })

export const orgOptionsQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.options(),
    queryFn: ({ signal }) =>
      http.get<{ organizationId: string; organizationName: string }[]>(
        resourcePaths('org').list,
        { pageSize: MAX_PAGE_SIZE },
        { signal, silent: true },
      ),
    staleTime: 60_000,
  })
