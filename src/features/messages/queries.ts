/** Query keys and options of the message screens (every key starts with 'msg', like @/lib/messages' own). */
import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/contract/envelope'
import { MSG_API, type AccountTreeNode, type MsgConfig, type MsgPush } from '@/contract/schemas/message'
import { http } from '@/lib/http'
import { msgKeys } from '@/lib/messages'

export const messageKeys = {
  all: msgKeys.all,
  pushes: () => ['msg', 'push'] as const,
  configs: (kind: string) => ['msg', 'config', kind] as const,
}

export const pushesQueryOptions = (kind: 'pushed' | 'waiting') =>
  queryOptions({
    queryKey: [...messageKeys.pushes(), kind],
    queryFn: ({ signal }) =>
      http.get<Page<MsgPush>>(kind === 'pushed' ? MSG_API.pushed : MSG_API.waiting, { pageSize: 100 }, { signal, silent: true }),
  })

export const configsQueryOptions = (kind: 'event' | 'custom') =>
  queryOptions({
    queryKey: messageKeys.configs(kind),
    queryFn: ({ signal }) =>
      http.get<Page<MsgConfig>>(
        `${kind === 'event' ? MSG_API.config : MSG_API.customConfig}/listPage`,
        { pageSize: 200 },
        { signal, silent: true },
      ),
  })

export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: ['msg', 'tree', 'groups'],
    queryFn: ({ signal }) => http.get<AccountTreeNode[]>(MSG_API.accountTree, undefined, { signal, silent: true }),
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
