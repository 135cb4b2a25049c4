/** The current user (GET /api/portal/v1/user/info), cached per account and mirrored to the session's `user`. */
import { useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '@/contract/schemas/shell'
import { useSession } from '@/lib/session'
import { currentUserQueryOptions } from './queries'

export function useCurrentUser() {
  const accountName = useSession((s) => s.userAccount?.accountName)
  return useQuery({ ...currentUserQueryOptions(accountName), enabled: !!accountName })
}

/** The name to greet: the person's name, else the account name. */
export function displayName(user: Pick<CurrentUser, 'userName' | 'accountName'> | null | undefined, fallback = ''): string {
  return user?.userName?.trim() || user?.accountName || fallback
}
