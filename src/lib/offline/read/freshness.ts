/**
 * How old the data on screen is, when it did not just come from the gateway:
 *
 * - an answer the service worker served from its cache carries when it was fetched
 *   (CACHED_AT_HEADER); the request client marks the answer's data with it
 *   (`markServedFromCache`), and the query keeps that time as its `dataUpdatedAt`
 *   (`recordQuerySuccess`, wired in @/lib/query), so the persisted copy keeps it too;
 * - a query restored from IndexedDB keeps the `dataUpdatedAt` it was fetched at;
 * - `dataAge(result)` says whether to show "data from HH:mm": the data came from a cache, or
 *   a refetch could not reach the gateway (paused offline, network error, timeout).
 */
import type { Query, QueryClient } from '@tanstack/react-query'
import { onlineManager } from '@tanstack/react-query'
import { isObject, servedFromCacheAt } from '@/lib/http/servedFromCache'

export { markServedFromCache, servedFromCacheAt } from '@/lib/http/servedFromCache'

const storedFromCache = new WeakMap<object, number>()

/**
 * QueryCache `onSuccess`: a query answered from the service worker's cache takes the cached
 * answer's fetch time as its `dataUpdatedAt`; an answer from the network clears the mark.
 */
export function recordQuerySuccess(
  queryClient: QueryClient,
  data: unknown,
  query: Query<unknown, unknown, unknown, readonly unknown[]>,
): void {
  const stored = query.state.data
  const at = servedFromCacheAt(data)
  if (at === undefined) {
    if (isObject(stored)) storedFromCache.delete(stored)
    return
  }
  if (isObject(stored)) storedFromCache.set(stored, at)
  if (at < query.state.dataUpdatedAt) queryClient.setQueryData(query.queryKey, stored, { updatedAt: at })
}

/** Whether a query's data is an answer the service worker served from its cache (not yet replaced from the network). */
export const isFromCache = (data: unknown): boolean => isObject(data) && storedFromCache.has(data)

/** The slice of a query result `dataAge` reads. */
export interface QueryLike {
  data: unknown
  dataUpdatedAt: number
  fetchStatus: 'fetching' | 'paused' | 'idle'
  isError: boolean
  error: unknown
  isStale: boolean
  isPlaceholderData?: boolean
}

const transportFailure = (e: unknown): boolean => {
  const kind = isObject(e) ? (e as { kind?: unknown }).kind : undefined
  return kind === 'network' || kind === 'timeout' || kind === 'invalid'
}

export interface DataAge {
  /** Show "data from …": the data is not known to be fresh from the gateway. */
  show: boolean
  /** When the data on screen was fetched from the gateway (ms). */
  fetchedAt: number
}

export function dataAge(q: QueryLike, online = onlineManager.isOnline()): DataAge {
  const fetchedAt = q.dataUpdatedAt
  if (q.data === undefined || q.isPlaceholderData || !fetchedAt) return { show: false, fetchedAt }
  const fromCache = isFromCache(q.data)
  const show = fromCache || q.fetchStatus === 'paused' || (q.isError && transportFailure(q.error)) || (!online && q.isStale)
  return { show, fetchedAt }
}
