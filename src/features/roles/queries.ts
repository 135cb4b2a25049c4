/**
 * Query keys and options of the roles area, the one place they are written. Every key starts with
 * 'role' (the role resource's key): a change of a role, its members or its grants refetches the
 * role list (member counts) too. Public (with ./index.ts): other areas import
 * `@/features/roles/queries` (e.g. the roles an account may be given).
 */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import type {
  Role,
  RoleMember,
  RoleMenuApp,
  RoleMenuTree,
  RoleOrgGrant,
  DataPermission,
  RoleResourceItem,
  RoleResourceType,
} from '@/contract/schemas/role'
import { ROLE_AUTH_API } from '@/contract/schemas/role'
import { listPageQueryOptions, listQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'

const roleList = { key: 'role', paths: resourcePaths('role') }

export const roleKeys = {
  all: () => [roleList.key] as const,
  auth: (...parts: unknown[]) => [...roleKeys.all(), 'auth', ...parts] as const,
}

/** The role list page (/admin/role-manage) for a list search. */
export const roleListPageQueryOptions = (search: ListSearch) => listPageQueryOptions<Role>(roleList, search)

/** Roles the caller sees, in use (the gateway still refuses those beyond the caller's own grants). */
export const roleOptionsQueryOptions = () => queryOptions({ ...listQueryOptions<Role>(roleList, { status: 1 }), staleTime: 60_000 })

export const roleMembersQueryOptions = (roleId: string, keyword: string) =>
  queryOptions({
    queryKey: roleKeys.auth('members', roleId, keyword),
    queryFn: ({ signal }) => http.get<RoleMember[]>(ROLE_AUTH_API.members, { roleId, keyword }, { signal }),
  })

export const roleCandidatesQueryOptions = (roleId: string, keyword: string) =>
  queryOptions({
    queryKey: roleKeys.auth('candidates', roleId, keyword),
    queryFn: ({ signal }) => http.get<RoleMember[]>(ROLE_AUTH_API.memberCandidates, { roleId, keyword }, { signal }),
  })

export const roleMenuAppsQueryOptions = () =>
  queryOptions({
    queryKey: roleKeys.auth('apps'),
    queryFn: ({ signal }) => http.get<RoleMenuApp[]>(ROLE_AUTH_API.menuApps, undefined, { signal }),
  })

/** The role's menu tree of an application. A failed load shows nothing checked (SPEC §8): no stale data is kept. */
export const roleMenuTreeQueryOptions = (roleId: string, appId: string | undefined) =>
  queryOptions({
    queryKey: roleKeys.auth('menuTree', roleId, appId ?? ''),
    queryFn: ({ signal }) => http.get<RoleMenuTree>(ROLE_AUTH_API.menuTree, { roleId, appId }, { signal }),
    gcTime: 0,
    retry: false,
  })

export const roleOrgsQueryOptions = (roleId: string) =>
  queryOptions({
    queryKey: roleKeys.auth('orgs', roleId),
    queryFn: ({ signal }) => http.get<RoleOrgGrant>(ROLE_AUTH_API.orgs, { roleId }, { signal }),
    gcTime: 0,
  })

export const roleDataPermissionQueryOptions = (roleId: string) =>
  queryOptions({
    queryKey: roleKeys.auth('dataPermission', roleId),
    queryFn: ({ signal }) => http.get<DataPermission>(ROLE_AUTH_API.dataPermission, { roleId }, { signal }),
    gcTime: 0,
  })

export const roleResourcesQueryOptions = (roleId: string, resourceType: RoleResourceType) =>
  queryOptions({
    queryKey: roleKeys.auth('resources', roleId, resourceType),
    queryFn: ({ signal }) => http.get<RoleResourceItem[]>(ROLE_AUTH_API.resources, { roleId, resourceType }, { signal }),
    gcTime: 0,
  })
