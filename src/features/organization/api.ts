/** Resources and query hooks of /admin/organization (gateway: server/modules/org); keys and query options: ./queries. */
import { useQuery } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import type { OrgGroup, OrgGroupAccount, Organization, OrgSublist } from '@/contract/schemas/org'
import { defineResource } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import {
  orgAccountsQueryOptions,
  orgAddRulesQueryOptions,
  orgKeys,
  orgKeywordQueryOptions,
  orgSublistQueryOptions,
  orgTreeQueryOptions,
  orgTypesQueryOptions,
  orgUnitQueryOptions,
} from './queries'

/** Every query of this screen starts with 'org' (the unit resource's key), so one change refetches the tree too. */
export const orgResource = defineResource<Organization>({
  key: orgKeys.all()[0],
  paths: resourcePaths('org'),
  idKey: 'organizationId',
  schemas: () => import('@/contract/schemas/org').then((m) => ({ add: m.orgAdd, update: m.orgUpdate })),
  entity: 'organization.entity',
  nameOf: (o) => o.organizationName,
})

export const orgGroupResource = defineResource<OrgGroup>({
  key: orgKeys.groups()[0],
  paths: resourcePaths('orgGroup'),
  idKey: 'orgGroupId',
  schemas: () => import('@/contract/schemas/org').then((m) => ({ add: m.orgGroupAdd, update: m.orgGroupUpdate })),
  entity: 'organization.group.entity',
  nameOf: (g) => g.groupName,
})

export const orgGroupAccountResource = defineResource<OrgGroupAccount>({
  key: orgKeys.groupMembers()[0],
  paths: resourcePaths('orgGroupAccount'),
  idKey: 'orgGroupAccountId',
  schemas: () => import('@/contract/schemas/org').then((m) => ({ add: m.orgGroupAccountAdd, update: m.orgGroupAccountUpdate })),
  entity: 'organization.group.memberEntity',
  nameOf: (m) => m.accountName ?? '',
  invalidates: [orgKeys.groups()],
})

/** Children of a tree node (none: the unit types), loaded when first expanded. */
export function useTreeChildren(nodeId: string | null, nodeType: number | null, enabled = true) {
  return useQuery({ ...orgTreeQueryOptions(nodeId, nodeType), enabled })
}

export function useKeywordTree(keyword: string) {
  return useQuery({ ...orgKeywordQueryOptions(keyword), enabled: keyword.length > 0 })
}

export function useOrgTypes() {
  return useQuery(orgTypesQueryOptions())
}

/** The seeded unit types (SPEC §3) have names in every language; one added later shows its own name. */
const KNOWN_TYPES = ['owner', 'design', 'construction', 'supervision', 'testing', 'consulting'] as const
type KnownType = (typeof KNOWN_TYPES)[number]

/** A unit type's name in the current language, from its stored (Chinese) name. */
export function useTypeLabel(): (name: string | null | undefined) => string {
  const { t } = useT()
  const types = useOrgTypes().data
  return (name) => {
    const code = types?.find((ty) => ty.typeName === name)?.typeCode
    return code && (KNOWN_TYPES as readonly string[]).includes(code) ? t(`organization.typeNames.${code as KnownType}`) : (name ?? '')
  }
}

/**
 * What the caller's data scope lets it add (org/addRules): top units only with the scope "all".
 * Fetched again whenever a view using it opens (a role's scope may have changed meanwhile).
 */
export function useAddRules() {
  return useQuery(orgAddRulesQueryOptions())
}

/** One unit with every field (org/list filtered by id). */
export function useUnit(organizationId: string | null) {
  return useQuery({ ...orgUnitQueryOptions(organizationId), enabled: !!organizationId })
}

export function useSublist<T>(name: OrgSublist, organizationId: string) {
  return useQuery(orgSublistQueryOptions<T>(name, organizationId))
}

export function useUnitAccounts(organizationId: string, enabled: boolean) {
  return useQuery({ ...orgAccountsQueryOptions(organizationId), enabled })
}
