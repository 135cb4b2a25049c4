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
import { onlineManager, QueryCache, QueryClient, timeoutManager, type EnsureQueryDataOptions, type QueryKey } from '@tanstack/react-query'
import { afterPaint } from '@/lib/afterPaint'
import { isApiError } from '@/lib/http'
// by their paths: the index of @/lib/offline/read would bring its screens' parts into the entry
import { recordQuerySuccess } from '@/lib/offline/read/freshness'
import { installOfflineRead } from '@/lib/offline/read/install'
import { PERSIST_MAX_AGE_MS, restoringStore, whenRestored } from '@/lib/offline/read/restoring'
import { onSessionCleared } from '@/lib/session'
import { coalescedTimeouts } from '@/lib/queryTimers'

export const STALE_TIME_MS = 30_000

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.kind !== 'network' && error.kind !== 'timeout') return false
  return failureCount < 1
}

/** False until the page's first contentful paint (true where nothing paints: tests); `onPaint` runs then. */
function firstPaint(onPaint: () => void): () => boolean {
  let painted = typeof document === 'undefined'
  if (!painted)
    afterPaint(() => {
      painted = true
      onPaint()
    })
  return () => painted
}

/**
 * The first paint's refresh: the active stale queries are fetched — one already on its way (a route
 * loader's refresh of the restored copy) is joined, not cancelled and sent again: refetchQueries
 * cancels a query with data by default, and on a slow phone a screen's first requests were aborted
 * and repeated when the page painted (Lighthouse's network log of 项目工点信息).
 */
export function refreshAfterPaint(client: QueryClient): void {
  void client.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false })
}

/** The query cache's timeouts on one browser timer (lib/queryTimers.ts). */
const timeouts = coalescedTimeouts()

export function createQueryClient(): QueryClient {
  timeoutManager.setTimeoutProvider(timeouts)
  // Refreshing what a page already shows waits for its first paint: a query mounted before it with
  // data (the persisted copy restored at start) is not refetched on mount; the active stale ones are
  // refetched once the page has painted. Their fetches, each one signed, were a third of the first
  // render's task, and on a slow link their answers came before the paint they did not change. A
  // query without data fetches at once, as always.
  const painted = firstPaint(() => refreshAfterPaint(client))
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onSuccess: (data, query) => recordQuerySuccess(client, data, query) }),
    defaultOptions: {
      // a query asks once even when the gateway is known unreachable (the service worker may
      // answer from its cache), then waits for it; a mutation always tries and says why it failed
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: PERSIST_MAX_AGE_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        networkMode: 'offlineFirst',
        refetchOnMount: () => painted(),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
  return client
}

export const queryClient = createQueryClient()

onSessionCleared(() => queryClient.clear())
installOfflineRead(queryClient)

/** How long a route loader holds the page for its data before the screen opens with its own loading state. */
export const ROUTE_DATA_WAIT_MS = 3_000

/**
 * A route loader's prefetch (TanStack Router `loader`, with the client from the router's context):
 * the screen's queries start in parallel with its code, on the same query options the screen reads.
 *
 *   loader: ({ context }) => preloadRouteData(context.queryClient, personalInfoQueryOptions())
 *
 * (Several queries of different types: one call each, in a Promise.all.)
 *
 * - Data already cached, also the persisted copy restored offline, answers at once (`ensureQueryData`)
 *   and is refreshed behind it when stale.
 * - It never throws: a failure is the screen's to show (its own error / empty state); the page opens.
 * - It asks once the persisted copy is restored (at a signed-in start), so that copy answers.
 * - It never holds the page while the gateway is known unreachable (an offline-first query may wait
 *   for the network) — from the start or from when that becomes known — nor longer than
 *   ROUTE_DATA_WAIT_MS otherwise: the fetch goes on, and the screen shows it when it lands.
 */
export function preloadRouteData<TData, TKey extends QueryKey>(
  client: QueryClient,
  ...options: EnsureQueryDataOptions<TData, Error, TData, TKey>[]
): Promise<void> {
  return loadWithin(client, ROUTE_DATA_WAIT_MS, ...options)
}

/**
 * `preloadRouteData` with a hold of `atMostMs`: for a screen that keeps what it shows until the data of
 * the next is in, so that the next is drawn once, with its data — a panel within a page (the staff of
 * the department just chosen), where a route would wait ROUTE_DATA_WAIT_MS.
 */
export async function loadWithin<TData, TKey extends QueryKey>(
  client: QueryClient,
  atMostMs: number,
  ...options: EnsureQueryDataOptions<TData, Error, TData, TKey>[]
): Promise<void> {
  // Asked only once the persisted copy is restored (a signed-in start restores it while its first route
  // loads): asked before, a query whose answer is on disk went to the network — offline it failed, its
  // retry paused once the gateway was known unreachable, and it held the page for ROUTE_DATA_WAIT_MS (工点信息
  // opened offline on a tablet: 3.6 s, its restore done 23 ms after its loader started).
  const ask = () => Promise.all(options.map((o) => client.ensureQueryData({ ...o, revalidateIfStale: true }).catch(() => undefined)))
  const loads = restoringStore.get() ? whenRestored().then(ask) : ask()
  if (!onlineManager.isOnline()) return
  let timer: ReturnType<typeof setTimeout> | undefined
  let unsubscribe: (() => void) | undefined
  await Promise.race([
    loads,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, atMostMs)
      // known unreachable while it holds (a failed request, a probe): the page opens with what it has
      unsubscribe = onlineManager.subscribe((online) => online || resolve())
    }),
  ])
  clearTimeout(timer)
  unsubscribe?.()
}

/** One query a route preloads, whatever its data; `false` or `undefined` where the page does not need it yet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own data type; only the loader's prefetch sees them together
export type RoutePreload = EnsureQueryDataOptions<any, Error, any, any> | false | undefined

/**
 * A route loader's prefetch of several queries (of any types) at once, as one `preloadRouteData`:
 *
 *   loader: ({ context }) => preloadAll(context, [dictTreeQueryOptions('ebs'), dictMajorsQueryOptions('ebs')])
 */
export function preloadAll(context: { queryClient: QueryClient }, preloads: readonly RoutePreload[]): Promise<void> {
  return preloadRouteData(context.queryClient, ...preloads.filter((p) => !!p))
}

/**
 * A route's `loaderDeps` when its data depends on the whole URL search (a list's paging and filters,
 * the project picked, a wizard's run): a new search preloads again. The loader stays a property of
 * its own in the route file, so the router's code splitting moves it (and the schemas its queries
 * import) out of the entry.
 */
export const searchDeps = <S>({ search }: { search: S }): S => search
