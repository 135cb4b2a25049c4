/**
 * The one QueryClient of the console.
 *
 * - A business refusal (ApiError of kind 'code': the server answered, with a non-success code)
 *   is never retried: asking again gets the same answer, and the request client has already
 *   shown its message. Cancellations and unreadable answers are not retried either. A network
 *   failure or a timeout is retried once.
 * - Data is fresh for 30 s, then refetched in the background when used again.
 * - Online means the gateway can be reached (@/lib/offline sets onlineManager from its probes),
 *   not navigator.onLine.
 * - Reading offline (@/lib/offline/read): the cache is persisted to IndexedDB per account, so
 *   queries are kept (gcTime) as long as a persisted copy may be restored; an answer the service
 *   worker served from its cache keeps the time it was fetched as `dataUpdatedAt`.
 * - When the session is cleared (logout, 20114, 20119) the cache goes with it (and the persisted
 *   copy), so the next account never sees the previous one's data.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/http'
import { installOfflineRead, PERSIST_MAX_AGE_MS, recordQuerySuccess } from '@/lib/offline/read'
import { onSessionCleared } from '@/lib/session'

export const STALE_TIME_MS = 30_000

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.kind !== 'network' && error.kind !== 'timeout') return false
  return failureCount < 1
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onSuccess: (data, query) => recordQuerySuccess(client, data, query) }),
    defaultOptions: {
      // a query asks once even when the gateway is known unreachable (the service worker may
      // answer from its cache), then waits for it; a mutation always tries and says why it failed
      queries: { staleTime: STALE_TIME_MS, gcTime: PERSIST_MAX_AGE_MS, retry: shouldRetry, refetchOnWindowFocus: true, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
  return client
}

export const queryClient = createQueryClient()

onSessionCleared(() => queryClient.clear())
installOfflineRead(queryClient)
