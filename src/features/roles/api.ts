/** Queries and saves of role members and authorisation (gateway: server/modules/roleAuth). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DataScope } from '@/contract'
import {
  ROLE_AUTH_API,
  type DataPermission,
  type RoleMember,
  type RoleMenuApp,
  type RoleMenuTree,
  type RoleOrgGrant,
  type RoleResourceItem,
  type RoleResourceType,
} from '@/contract/schemas/role'
import { invalidateResource } from '@/lib/crud'
import { http } from '@/lib/http'
import { roleResource } from './resource'

/** Every query here starts with the role resource's key: a change refetches the role list (member counts) too. */
const key = (...parts: unknown[]) => [roleResource.key, 'auth', ...parts] as const

export function useMembers(roleId: string, keyword: string) {
  return useQuery({
    queryKey: key('members', roleId, keyword),
    queryFn: ({ signal }) => http.get<RoleMember[]>(ROLE_AUTH_API.members, { roleId, keyword }, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function useCandidates(roleId: string, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: key('candidates', roleId, keyword),
    queryFn: ({ signal }) => http.get<RoleMember[]>(ROLE_AUTH_API.memberCandidates, { roleId, keyword }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  })
}

export function useMenuApps() {
  return useQuery({ queryKey: key('apps'), queryFn: ({ signal }) => http.get<RoleMenuApp[]>(ROLE_AUTH_API.menuApps, undefined, { signal }) })
}

/** The role's menu tree of an application. A failed load shows nothing checked (SPEC §8): no stale data is kept. */
export function useMenuTree(roleId: string, appId: string | undefined) {
  return useQuery({
    queryKey: key('menuTree', roleId, appId ?? ''),
    queryFn: ({ signal }) => http.get<RoleMenuTree>(ROLE_AUTH_API.menuTree, { roleId, appId }, { signal }),
    gcTime: 0,
    retry: false,
  })
}

export function useRoleOrgs(roleId: string) {
  return useQuery({ queryKey: key('orgs', roleId), queryFn: ({ signal }) => http.get<RoleOrgGrant>(ROLE_AUTH_API.orgs, { roleId }, { signal }), gcTime: 0 })
}

export function useDataPermission(roleId: string) {
  return useQuery({
    queryKey: key('dataPermission', roleId),
    queryFn: ({ signal }) => http.get<DataPermission>(ROLE_AUTH_API.dataPermission, { roleId }, { signal }),
    gcTime: 0,
  })
}

export function useRoleResources(roleId: string, resourceType: RoleResourceType) {
  return useQuery({
    queryKey: key('resources', roleId, resourceType),
    queryFn: ({ signal }) => http.get<RoleResourceItem[]>(ROLE_AUTH_API.resources, { roleId, resourceType }, { signal }),
    gcTime: 0,
  })
}

/** A save of this area: refetches the role list and every query of roles afterwards. */
function useRoleMutation<V>(send: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: send, onSuccess: () => invalidateResource(qc, roleResource) })
}

export const useAddMembers = () => useRoleMutation((v: { roleId: string; accountIds: string[] }) => http.post(ROLE_AUTH_API.addMembers, v))
export const useDeleteMembers = () => useRoleMutation((v: { roleId: string; accountIds: string[] }) => http.post(ROLE_AUTH_API.deleteMembers, v))
export const useSaveMenus = () =>
  useRoleMutation((v: { roleId: string; applicationId: string; menuIds: string[]; functionIds: string[] }) => http.post(ROLE_AUTH_API.saveMenus, v))
export const useSaveOrgs = () => useRoleMutation((v: { roleId: string; organizationIds: string[] }) => http.post(ROLE_AUTH_API.saveOrgs, v))
export const useSaveDataPermission = () => useRoleMutation((v: { roleId: string; scope: DataScope }) => http.post(ROLE_AUTH_API.saveDataPermission, v))
export const useSaveResources = () =>
  useRoleMutation((v: { roleId: string; resourceType: RoleResourceType; resourceIds: string[] }) => http.post(ROLE_AUTH_API.saveResources, v))
