/**
 * Reading offline (DESIGN §4): the persisted query cache, the service worker's dictionary cache,
 * "data from HH:mm", and browser storage.
 *
 *   installOfflineRead(queryClient)   once at start (src/lib/query.ts does it)
 *   <QueryRestoreGate>                inside QueryClientProvider (main.tsx)
 *   <DataAgeNote query={q} />         under a list or tree (ListPage has it)
 *   requestPersistence(), estimateUsage()
 *
 * Per account: the persisted cache and the service worker's cache are keyed by the signed-in
 * account id; when an account signs in the other accounts' entries are deleted, and when the
 * session is cleared (logout, 20114, 20119) everything goes — `clearSession()`'s promise settles
 * after that.
 */
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { getSession, onSessionCleared, sessionStore } from '@/lib/session'
import { clearApiCaches, setCacheAccount } from './apiCache'
import { isFromCache } from './freshness'
import { removeOtherAccounts, startPersistence, stopPersistence, wipePersistedQueries } from './persist'
import { requestPersistence } from './storage'

export { DataAgeNote, formatFetchedAt } from './DataAgeNote'
export { QueryRestoreGate } from './QueryRestoreGate'
export { dataAge, markServedFromCache, recordQuerySuccess, servedFromCacheAt, type DataAge, type QueryLike } from './freshness'
export { restoringStore, shouldPersistQuery, wipePersistedQueries, QUERY_DB, PERSIST_MAX_AGE_MS } from './persist'
export { clearApiCaches, setCacheAccount } from './apiCache'
export { estimateUsage, requestPersistence, type StorageUsage } from './storage'

let installed = false
let client: QueryClient | null = null

/** Marks the queries under `queryKey` stale (the outbox after a replay), in the console's query client. */
export const invalidateQueries = (queryKey: QueryKey): void => void client?.invalidateQueries({ queryKey })

/** Follows the signed-in account: restore + persist its queries, point the service worker's cache at it, clean up on logout. */
export function installOfflineRead(queryClient: QueryClient): void {
  client = queryClient
  if (installed || typeof window === 'undefined') return
  installed = true
  let current: string | null = null
  const follow = () => {
    const accountId = getSession().userAccount?.accountId ?? null
    if (accountId === current) return
    const previous = current
    current = accountId
    if (!accountId) {
      stopPersistence()
      return
    }
    void setCacheAccount(accountId)
    void clearApiCaches(accountId)
    void removeOtherAccounts(accountId)
    void startPersistence(queryClient, accountId)
    // after a login (not on every page load of a signed-in tab)
    if (previous === null) void requestPersistence()
  }
  follow()
  sessionStore.subscribe(follow)
  // the gateway is reachable again: what came from the service worker's cache is fetched afresh
  // (however recent its fetch time)
  onlineManager.subscribe((online) => {
    if (online) void queryClient.invalidateQueries({ predicate: (q) => isFromCache(q.state.data) })
  })
  onSessionCleared(async () => {
    current = null
    await Promise.all([setCacheAccount(null).then(() => clearApiCaches()), wipePersistedQueries()])
  })
}
