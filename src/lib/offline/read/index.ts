/**
 * Reading offline (DESIGN §4): the persisted query cache, the service worker's dictionary cache,
 * "data from HH:mm", and browser storage.
 *
 *   installOfflineRead(queryClient)   once at start (src/lib/query.ts does it, from ./install)
 *   <QueryRestoreGate>                inside QueryClientProvider (main.tsx, from ./QueryRestoreGate)
 *   <DataAgeNote query={q} />         under a list or tree (ListPage has it)
 *   requestPersistence(), estimateUsage()
 *
 * The start-up takes its parts by their paths (./install, ./restoring, ./freshness,
 * ./QueryRestoreGate), not through this index, which would bring the screens' parts into the entry;
 * the persisted cache's own code (./persist, with idb) loads once an account is signed in.
 *
 * Per account: the persisted cache and the service worker's cache are keyed by the signed-in
 * account id; when an account signs in the other accounts' entries are deleted, and when the
 * session is cleared (logout, 20114, 20119) everything goes — `clearSession()`'s promise settles
 * after that.
 */

export { DataAgeNote, formatFetchedAt } from './DataAgeNote'
export { QueryRestoreGate } from './QueryRestoreGate'
export { dataAge, markServedFromCache, recordQuerySuccess, servedFromCacheAt, type DataAge, type QueryLike } from './freshness'
export { restoringStore, PERSIST_MAX_AGE_MS } from './restoring'
export { clearApiCaches, setCacheAccount } from './apiCache'
export { installOfflineRead, invalidateQueries } from './install'
export { estimateUsage, requestPersistence, type StorageUsage } from './storage'
