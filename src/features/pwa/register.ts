/**
 * The service worker's registration, once per page (production builds only): by the console's update
 * prompt, or by the sign-in page when it runs alone (src/app/signIn.tsx) — the console started after
 * it in the same page finds it done, and hears of a version already waiting.
 */
import type { Workbox } from 'workbox-window'

let registering: Promise<Workbox | null> | null = null
let waiting = false
const waitingListeners = new Set<() => void>()

/** Whether this page registers a worker at all (a production build, in a browser that has them). */
export const workerWanted = (): boolean => import.meta.env.PROD && 'serviceWorker' in navigator

/**
 * Registers /sw.js (the first call; later ones get the same Workbox). Call after the first paint.
 * Never fails: null when workbox-window's chunk could not be loaded (a later call tries again); a
 * registration the browser refuses (a private window, workers blocked) leaves the page as it is —
 * it works online, without the offline shell.
 */
export function registerWorker(): Promise<Workbox | null> {
  registering ??= import('workbox-window').then(
    ({ Workbox }) => {
      const instance = new Workbox('/sw.js', { scope: '/' })
      instance.addEventListener('waiting', () => {
        waiting = true
        waitingListeners.forEach((listener) => listener())
      })
      void instance.register().catch(() => undefined)
      return instance
    },
    () => {
      registering = null
      return null
    },
  )
  return registering
}

/** Calls `listener` when a new version waits (at once if one already does); returns the unsubscribe. */
export function onWorkerWaiting(listener: () => void): () => void {
  if (waiting) listener()
  waitingListeners.add(listener)
  return () => void waitingListeners.delete(listener)
}
