/** Query keys and options of the personal centre, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { PERSONAL_PATHS as P, type PersonalInfo, type SessionInfo } from '@/contract/schemas/personal'
import { http } from '@/lib/http'

export const personalKeys = {
  all: () => ['personal'] as const,
  info: () => [...personalKeys.all(), 'info'] as const,
  sessions: () => [...personalKeys.all(), 'sessions'] as const,
}

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
