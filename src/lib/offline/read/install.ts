/**
 * What a start runs of reading offline (src/lib/query.ts): following the signed-in account. Imported
 * by its path, not through ./index.ts, whose screens' parts (DataAgeNote…) would then come with the
 * entry; the persisted cache's own code (./persist, with idb) loads once an account is signed in.
 */
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { getSession, onSessionCleared, sessionStore } from '@/lib/session'
import { clearApiCaches, setCacheAccount } from './apiCache'
import { isFromCache } from './freshness'
import { restoringStore } from './restoring'
import { requestPersistence } from './storage'

let installed = false
let client: QueryClient | null = null

/**
 * The persisted cache's code (./persist: idb and TanStack's persister), loaded when an account is
 * signed in — at start when a session is kept, else at sign-in — so /login does not carry it. One
 * promise, so the calls made on it run in the order they were made (start, stop, wipe).
 */
let persistModule: Promise<typeof import('./persist')> | null = null
const persist = () =>
  (persistModule ??= import('./persist').catch((error: unknown) => {
    persistModule = null // a failed chunk (offline, new deploy) is asked again next time
    throw error
  }))

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
      void persistModule?.then((p) => p.stopPersistence())
      return
    }
    void setCacheAccount(accountId)
    void clearApiCaches(accountId)
    // queries wait from now (the first render of a signed-in start too), not from when ./persist has come
    restoringStore.set(true)
    void persist().then(
      (p) => {
        void p.removeOtherAccounts(accountId)
        return p.startPersistence(queryClient, accountId)
      },
      // its chunk could not be loaded: start empty rather than hold every query
      () => restoringStore.set(false),
    )
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
    await Promise.all([
      setCacheAccount(null).then(() => clearApiCaches()),
      persist().then(
        (p) => p.wipePersistedQueries(),
        () => undefined,
      ),
    ])
  })
}
