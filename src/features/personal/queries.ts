/** Query keys and options of the personal centre, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { PERSONAL_PATHS as P, type PersonalInfo, type SessionInfo } from '@/contract/schemas/personal'
import { http } from '@/lib/http'
import { ACCOUNT_API } from '@/contract/endpoints'
import type { Account } from '@/contract/schemas/account'

export const personalKeys = {
  all: () => ['personal'] as const,
  info: () => [...personalKeys.all(), 'info'] as const,
  sessions: () => [...personalKeys.all(), 'sessions'] as const,
  account: () => [...personalKeys.all(), 'account'] as const,
}

/** The signed-in account as its administrators see it (generalAccount/getLoggedInAccount): valid periods, project. */
export const loggedInAccountQueryOptions = () =>
  queryOptions({
    queryKey: personalKeys.account(),
    queryFn: ({ signal }) => http.get<Account>(ACCOUNT_API.general.getLoggedInAccount, undefined, { signal, silent: true }),
    staleTime: 60_000,
  })

export const personalInfoQueryOptions = () =>
  queryOptions({
    queryKey: personalKeys.info(),
    queryFn: ({ signal }) => http.get<PersonalInfo>(P.info, undefined, { signal }),
    staleTime: 60_000,
  })

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: personalKeys.sessions(),
    queryFn: ({ signal }) => http.get<SessionInfo[]>(P.sessions, undefined, { signal }),
    refetchOnWindowFocus: true,
  })
