/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, injectManifest): precaches the built shell so the
 * console opens offline, and serves index.html for every in-app navigation. API responses are
 * never cached here unless their path is in CACHED_API_PATHS (dictionaries, a later issue).
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/files\//] }))

// The page decides when a waiting worker takes over (the update prompt), never the worker itself.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

clientsClaim()
