/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, injectManifest): precaches the built shell so the
 * console opens offline, serves index.html for every in-app navigation, and keeps the
 * dictionaries (OFFLINE_CACHED_PATHS in src/contract/offline.ts) for reading offline:
 * network-first with a short timeout, one cache per signed-in account, successful envelopes
 * only, keyed by method + path + query (never the signed headers) — see
 * src/lib/offline/read/swCache.ts. Every other API call goes to the network untouched.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { OFFLINE_ACCOUNT_ENTRY, OFFLINE_META_CACHE, OFFLINE_NETWORK_TIMEOUT_S, cacheNameFor } from '@/contract/offlineCache'
import { dictionaryPlugins, isCachedRequest } from '@/lib/offline/read/swCache'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/files\//] }))

/** The signed-in account, as the console wrote it to the meta cache (null: nobody). */
async function currentAccount(): Promise<string | null> {
  try {
    const cache = await caches.open(OFFLINE_META_CACHE)
    const entry = await cache.match(OFFLINE_ACCOUNT_ENTRY)
    const id = entry ? (await entry.text()).trim() : ''
    return id || null
  } catch {
    return null
  }
}

const strategies = new Map<string, NetworkFirst>()
function strategyFor(accountId: string): NetworkFirst {
  let s = strategies.get(accountId)
  if (!s) {
    s = new NetworkFirst({
      cacheName: cacheNameFor(accountId),
      networkTimeoutSeconds: OFFLINE_NETWORK_TIMEOUT_S,
      plugins: [dictionaryPlugins({ accountId, currentAccount })],
    })
    strategies.set(accountId, s)
  }
  return s
}

registerRoute(
  ({ request, url }) => isCachedRequest(request.method, url, self.location.origin),
  async (options) => {
    const accountId = await currentAccount()
    // Nobody signed in (as far as the worker knows): straight to the network, nothing kept.
    if (!accountId) return fetch(options.request)
    return strategyFor(accountId).handle(options)
  },
  'GET',
)

// The page decides when a waiting worker takes over (the update prompt), never the worker itself.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

clientsClaim()
