/** Queries and saves of role members and authorisation (gateway: server/modules/roleAuth); keys and query options: ./queries. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DataScope } from '@/contract'
import { ROLE_AUTH_API, type RoleResourceType } from '@/contract/schemas/role'
import { invalidateResource } from '@/lib/crud'
import { http } from '@/lib/http'
import {
  roleDataPermissionQueryOptions,
  roleMembersQueryOptions,
  roleMenuAppsQueryOptions,
  roleMenuTreeQueryOptions,
  roleOrgsQueryOptions,
  roleResourcesQueryOptions,
} from './queries'
import { roleResource } from './resource'

export function useMembers(roleId: string, keyword: string) {
  return useQuery({ ...roleMembersQueryOptions(roleId, keyword), placeholderData: keepPreviousData })
}

export function useMenuApps() {
  return useQuery(roleMenuAppsQueryOptions())
}

/** The role's menu tree of an application. A failed load shows nothing checked (SPEC §8): no stale data is kept. */
export function useMenuTree(roleId: string, appId: string | undefined) {
  return useQuery(roleMenuTreeQueryOptions(roleId, appId))
}

export function useRoleOrgs(roleId: string) {
  return useQuery(roleOrgsQueryOptions(roleId))
}

export function useDataPermission(roleId: string) {
  return useQuery(roleDataPermissionQueryOptions(roleId))
}

export function useRoleResources(roleId: string, resourceType: RoleResourceType) {
  return useQuery(roleResourcesQueryOptions(roleId, resourceType))
}

/** A save of this area: refetches the role list and every query of roles afterwards. */
function useRoleMutation<V>(send: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: send, onSuccess: () => invalidateResource(qc, roleResource) })
}

export const useAddMembers = () => useRoleMutation((v: { roleId: string; accountIds: string[] }) => http.post(ROLE_AUTH_API.addMembers, v))
export const useDeleteMembers = () =>
  useRoleMutation((v: { roleId: string; accountIds: string[] }) => http.post(ROLE_AUTH_API.deleteMembers, v))
export const useSaveMenus = () =>
  useRoleMutation((v: { roleId: string; applicationId: string; menuIds: string[]; functionIds: string[] }) =>
    http.post(ROLE_AUTH_API.saveMenus, v),
  )
export const useSaveOrgs = () => useRoleMutation((v: { roleId: string; organizationIds: string[] }) => http.post(ROLE_AUTH_API.saveOrgs, v))
export const useSaveDataPermission = () =>
  useRoleMutation((v: { roleId: string; scope: DataScope }) => http.post(ROLE_AUTH_API.saveDataPermission, v))
export const useSaveResources = () =>
  useRoleMutation((v: { roleId: string; resourceType: RoleResourceType; resourceIds: string[] }) =>
    http.post(ROLE_AUTH_API.saveResources, v),
  )
