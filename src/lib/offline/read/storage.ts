/**
 * Browser storage for offline use (DESIGN §4): ask the browser to keep our data (IndexedDB,
 * CacheStorage) instead of evicting it under pressure, and read how much we use.
 *
 * `requestPersistence()` is asked once after each login (a browser may grant it silently, e.g.
 * for an installed app, or refuse); the sync centre shows `estimateUsage()`.
 */

export interface StorageUsage {
  /** Bytes used by this origin (IndexedDB, CacheStorage, service worker…). */
  usage: number
  /** Bytes this origin may use. */
  quota: number
  /** Whether the browser promised not to evict our data. */
  persisted: boolean
}

type StorageManagerLike = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>

const manager = (): StorageManagerLike | null => (typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null)

/** Asks for persistent storage; resolves whether it is persistent now (false when unsupported or refused). */
export async function requestPersistence(storage: StorageManagerLike | null = manager()): Promise<boolean> {
  if (!storage?.persist) return false
  try {
    if (storage.persisted && (await storage.persisted())) return true
    return await storage.persist()
  } catch {
    return false
  }
}

/** Usage and quota of this origin; null when the browser does not tell. */
export async function estimateUsage(storage: StorageManagerLike | null = manager()): Promise<StorageUsage | null> {
  if (!storage?.estimate) return null
  try {
    const [estimate, persisted] = await Promise.all([
      storage.estimate(),
      storage.persisted ? storage.persisted().catch(() => false) : Promise.resolve(false),
    ])
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted }
  } catch {
    return null
  }
}
