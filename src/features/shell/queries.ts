/** Query keys and options of the shell (the current user), the one place they are written; exported by ./index.ts. */
import { queryOptions } from '@tanstack/react-query'
import { API } from '@/contract/paths'
import type { CurrentUser, OrgNode } from '@/contract/schemas/shell'
import { http } from '@/lib/http'
import { getSession, setSession } from '@/lib/session'

export const shellKeys = {
  /** The current user of every account; of one account. */
  users: () => ['portal', 'userInfo'] as const,
  user: (accountName: string | null | undefined) => [...shellKeys.users(), accountName ?? ''] as const,
  nodes: (accountName: string | null | undefined) => ['portal', 'nodes', accountName ?? ''] as const,
}

/** Where the account sits in the organisation (GET nodes), cached per account and mirrored to the session's `nodes`. */
export function nodesQueryOptions(accountName: string | null | undefined) {
  return queryOptions({
    queryKey: shellKeys.nodes(accountName),
    queryFn: async ({ signal }) => {
      const nodes = await http.get<OrgNode[]>(API.portal.nodes, undefined, { signal, silent: true })
      setSession({ nodes })
      return nodes
    },
    initialData: () => getSession().nodes ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  })
}

/** The current user (GET /api/portal/v1/user/info), cached per account and mirrored to the session's `user`. */
export function currentUserQueryOptions(accountName: string | null | undefined) {
  return queryOptions({
    queryKey: shellKeys.user(accountName),
    queryFn: async ({ signal }) => {
      // With the session's copy on screen (a reload, or offline), a failed refresh says nothing.
      const user = await http.get<CurrentUser>(API.portal.userInfo, undefined, { signal, silent: !!getSession().user })
      setSession({ user })
      return user
    },
    initialData: () => getSession().user ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  })
}
