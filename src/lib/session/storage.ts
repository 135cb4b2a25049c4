/**
 * The one place that touches Web Storage. Everything the session module persists goes through
 * these two backends, so a later issue (offline, encrypted-at-rest keys…) can swap them with
 * `setStorageBackend('session' | 'local', backend)` without touching callers.
 * When Web Storage is unavailable (private mode quirks, node unit tests) an in-memory map is used.
 */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** Every key currently stored (used to clear per-application items). */
  keys(): string[]
}

export function memoryBackend(): StorageBackend {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    keys: () => [...map.keys()],
  }
}

/** A Web Storage area as a backend; null where it is missing or refuses writes. */
export function webBackend(get: () => Storage | undefined): StorageBackend | null {
  try {
    const s = get()
    if (!s) return null
    const probe = '__trestle_probe__'
    s.setItem(probe, probe)
    s.removeItem(probe)
    return {
      getItem: (k) => s.getItem(k),
      setItem: (k, v) => s.setItem(k, v),
      removeItem: (k) => s.removeItem(k),
      keys: () => Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null),
    }
  } catch {
    return null
  }
}

const backends: Record<'session' | 'local', StorageBackend> = {
  session: webBackend(() => globalThis.sessionStorage) ?? memoryBackend(),
  local: webBackend(() => globalThis.localStorage) ?? memoryBackend(),
}

export const storage = (kind: 'session' | 'local'): StorageBackend => backends[kind]

/** Replaces a backend (call before the session store is read, e.g. first thing in main.tsx). */
export function setStorageBackend(kind: 'session' | 'local', backend: StorageBackend): void {
  backends[kind] = backend
}

export function readJson<T>(backend: StorageBackend, key: string): T | null {
  try {
    const raw = backend.getItem(key)
    return raw === null ? null : (JSON.parse(raw) as T)
  } catch {
    return null
  }
}

export function writeJson(backend: StorageBackend, key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) backend.removeItem(key)
    else backend.setItem(key, JSON.stringify(value))
  } catch {
    /* quota or unavailable: the in-memory store still holds the value for this tab */
  }
}
