/** Query keys and options of the sign-in, registration and third-party screens, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { authApi } from './api'

export const authKeys = {
  all: () => ['auth'] as const,
  thirdPlatformConfig: () => [...authKeys.all(), 'thirdPlatformConfig'] as const,
  verifyChannels: () => [...authKeys.all(), 'verifyChannels'] as const,
  orgSearch: (keyword: string) => [...authKeys.all(), 'orgSearch', keyword] as const,
}

/** The third-party platforms offered (login page, provider return page). */
export const thirdPlatformConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.thirdPlatformConfig(),
    queryFn: ({ signal }) => authApi.thirdPlatformConfig(signal),
    staleTime: 5 * 60_000,
    retry: false,
  })

/** The channels a verification code can go by ("code by email" when the gateway mails for real). */
export const verifyChannelsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.verifyChannels(),
    queryFn: ({ signal }) => authApi.verifyChannels(signal),
    staleTime: 5 * 60_000,
    retry: false,
  })

/** The public unit search of the registration form. */
export const orgSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: authKeys.orgSearch(keyword),
    queryFn: ({ signal }) => authApi.orgSearch(keyword, signal),
    staleTime: 60_000,
    retry: false,
  })
