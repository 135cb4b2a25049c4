/**
 * The console's side of the service worker's dictionary cache (see ./swCache.ts, src/sw.ts):
 * tells the worker which account is signed in (an entry of the `trestle-meta` cache, read by the
 * worker on every dictionary request, so it survives the worker being restarted), and deletes the
 * cached API answers — all of them on logout, the other accounts' ones when an account signs in.
 */
import { OFFLINE_ACCOUNT_ENTRY, OFFLINE_META_CACHE, cacheNameFor, isApiCacheName } from '@/contract/offlineCache'

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches)

/** Records the signed-in account for the service worker (null: nobody — the worker then caches nothing). */
export async function setCacheAccount(accountId: string | null): Promise<void> {
  const cs = cacheStorage()
  if (!cs) return
  try {
    const meta = await cs.open(OFFLINE_META_CACHE)
    if (accountId) await meta.put(OFFLINE_ACCOUNT_ENTRY, new Response(accountId, { headers: { 'content-type': 'text/plain' } }))
    else await meta.delete(OFFLINE_ACCOUNT_ENTRY)
  } catch {
    /* CacheStorage unavailable (private mode…): the worker just doesn't cache */
  }
}

/** Deletes the cached API answers of every account except `keep`. */
export async function clearApiCaches(keep?: string): Promise<void> {
  const cs = cacheStorage()
  if (!cs) return
  try {
    const keepName = keep ? cacheNameFor(keep) : null
    const names = (await cs.keys()).filter((n) => isApiCacheName(n) && n !== keepName)
    await Promise.all(names.map((n) => cs.delete(n)))
  } catch {
    /* nothing to delete */
  }
}
