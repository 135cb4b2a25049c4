/**
 * Answers the service worker served from its cache: the request client marks an answer's data with
 * the time it was fetched (CACHED_AT_HEADER); @/lib/offline/read's freshness turns the mark into the
 * query's `dataUpdatedAt` and the "data from HH:mm" note.
 */
const servedAt = new WeakMap<object, number>()

export const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null

/** Marks `data` (an answer's data) as served from the service worker's cache, fetched at `fetchedAt`. */
export function markServedFromCache(data: unknown, fetchedAt: string | number): void {
  const at = typeof fetchedAt === 'number' ? fetchedAt : Date.parse(fetchedAt)
  if (isObject(data) && Number.isFinite(at)) servedAt.set(data, at)
}

/** When `data` was fetched, if it was served from the service worker's cache. */
export const servedFromCacheAt = (data: unknown): number | undefined => (isObject(data) ? servedAt.get(data) : undefined)
