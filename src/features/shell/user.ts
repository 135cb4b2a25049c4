/** The current user (GET /api/portal/v1/user/info), cached per account and mirrored to the session's `user`. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { API } from '@/contract/paths'
import type { CurrentUser } from '@/contract/schemas/shell'
import { http } from '@/lib/http'
import { getSession, setSession, useSession } from '@/lib/session'

export function currentUserQueryOptions(accountName: string | null | undefined) {
  return queryOptions({
    queryKey: ['portal', 'userInfo', accountName ?? ''] as const,
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

export function useCurrentUser() {
  const accountName = useSession((s) => s.userAccount?.accountName)
  return useQuery({ ...currentUserQueryOptions(accountName), enabled: !!accountName })
}

/** The name to greet: the person's name, else the account name. */
export function displayName(user: Pick<CurrentUser, 'userName' | 'accountName'> | null | undefined, fallback = ''): string {
  return user?.userName?.trim() || user?.accountName || fallback
}
