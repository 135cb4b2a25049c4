/** Query keys and options of the message screens (every key starts with 'msg', like @/lib/messages' own). */
import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/contract/envelope'
import { resourcePaths } from '@/contract'
import { MSG_API } from '@/contract/endpoints'
import type { AccountTreeNode, MsgConfig, MsgPush } from '@/contract/schemas/message'
import { SUPPLIER_API } from '@/contract/endpoints'
import type { SupplierList } from '@/contract/schemas/supplier'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'
import { msgKeys } from '@/lib/messages/queries'

export const messageKeys = {
  all: msgKeys.all,
  pushes: () => ['msg', 'push'] as const,
}

export const pushesQueryOptions = (kind: 'pushed' | 'waiting') =>
  queryOptions({
    queryKey: [...messageKeys.pushes(), kind],
    queryFn: ({ signal }) =>
      http.get<Page<MsgPush>>(kind === 'pushed' ? MSG_API.pushed : MSG_API.waiting, { pageSize: 100 }, { signal, silent: true }),
  })

export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: ['msg', 'tree', 'groups'],
    queryFn: ({ signal }) => http.get<AccountTreeNode[]>(MSG_API.accountTree, undefined, { signal, silent: true }),
  })

/** The people of one group of the account tree (opened in the receiver picker). */
export const groupMembersQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: ['msg', 'tree', 'members', groupId],
    queryFn: ({ signal }) => http.get<AccountTreeNode[]>(MSG_API.accountTree, { nodeId: groupId }, { signal, silent: true }),
    staleTime: 60_000,
  })

export const peopleQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['msg', 'tree', 'people', keyword],
    queryFn: ({ signal }) => http.get<AccountTreeNode[]>(MSG_API.accountTree, { keyword }, { signal, silent: true }),
    enabled: keyword.length > 0,
  })

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: ['msg', 'roles'],
    queryFn: ({ signal }) =>
      http.get<{ roleId: string; roleName: string; memberCount: number }[]>(MSG_API.roles, undefined, { signal, silent: true }),
  })

/** The configuration list pages (消息设置 / 自定义消息配置) for a list search; keys as ./resource.ts declares them. */
export const msgConfigListPageQueryOptions = (kind: 'event' | 'custom', search: ListSearch) => {
  const key = kind === 'event' ? 'msgConfig' : 'msgCustomConfig'
  return listPageQueryOptions<MsgConfig>({ key, paths: resourcePaths(key) }, search)
}

/** The delivery services (发送服务 on 消息设置): the stored mail and SMS services, without their secrets. */
export const suppliersQueryOptions = () =>
  queryOptions({
    queryKey: ['msg', 'suppliers'],
    queryFn: ({ signal }) => http.get<SupplierList>(SUPPLIER_API.list, undefined, { signal, silent: true }),
  })
