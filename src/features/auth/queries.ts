/** Query keys and options of the sign-in, registration and third-party screens, the one place they are written. */
import { queryOptions } from '@tanstack/react-query'
import { authApi } from './api'

export const authKeys = {
  all: () => ['auth'] as const,
  thirdPlatformConfig: () => [...authKeys.all(), 'thirdPlatformConfig'] as const,
  verifyChannels: () => [...authKeys.all(), 'verifyChannels'] as const,
  orgSearch: (keyword: string) => [...authKeys.all(), 'orgSearch', keyword] as const,
}

/** A setting of the gateway the public screens read: kept five minutes, not retried (the screen does without it). */
const publicSetting = <T>(queryKey: readonly string[], fetch: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), staleTime: 5 * 60_000, retry: false })

/** The third-party platforms offered (login page, provider return page). */
export const thirdPlatformConfigQueryOptions = () => publicSetting(authKeys.thirdPlatformConfig(), authApi.thirdPlatformConfig)

/** The channels a verification code can go by ("code by email" when the gateway mails for real). */
export const verifyChannelsQueryOptions = () => publicSetting(authKeys.verifyChannels(), authApi.verifyChannels)

/** The public unit search of the registration form. */
export const orgSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: authKeys.orgSearch(keyword),
    queryFn: ({ signal }) => authApi.orgSearch(keyword, signal),
    staleTime: 60_000,
    retry: false,
  })
