/**
 * The one QueryClient of the console.
 *
 * - A business refusal (ApiError of kind 'code': the server answered, with a non-success code)
 *   is never retried: asking again gets the same answer, and the request client has already
 *   shown its message. Cancellations and unreadable answers are not retried either. A network
 *   failure or a timeout is retried once.
 * - Data is fresh for 30 s, then refetched in the background when used again.
 * - When the session is cleared (logout, 20114, 20119) the cache goes with it, so the next
 *   account never sees the previous one's data.
 */
import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/http'
import { onSessionCleared } from '@/lib/session'

export const STALE_TIME_MS = 30_000

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.kind !== 'network' && error.kind !== 'timeout') return false
  return failureCount < 1
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()

onSessionCleared(() => queryClient.clear())
