/**
 * What a start needs of the persisted query cache before it is loaded (./persist, with idb and
 * TanStack's persister, comes in its own chunk once an account is signed in — /login runs none of it):
 * whether a restore is under way, and how long restored queries are kept.
 */
import { createStore } from '@/lib/store'

/** Persisted queries older than this are dropped on restore; queries are kept in memory as long (gcTime). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600 * 1000

/** True while the signed-in account's cache is being restored (queries wait, see QueryRestoreGate). */
export const restoringStore = createStore<boolean>(false)

/** Resolves once no restore is under way (at once when none is). */
export function whenRestored(): Promise<void> {
  return new Promise((resolve) => {
    if (!restoringStore.get()) return resolve()
    const unsubscribe = restoringStore.subscribe(() => {
      if (restoringStore.get()) return
      unsubscribe()
      resolve()
    })
  })
}
