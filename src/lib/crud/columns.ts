/** Which columns a user has hidden, per resource, kept in localStorage. */

const PREFIX = 'trestle.columns.'

export type Visibility = Record<string, boolean>

/** Saved visibility merged over the defaults; unknown or corrupt entries are ignored. */
export function loadVisibility(
  resourceKey: string,
  defaults: Visibility,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Visibility {
  const out = { ...defaults }
  try {
    const raw = storage?.getItem(PREFIX + resourceKey)
    const saved: unknown = raw ? JSON.parse(raw) : null
    if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
      for (const [k, v] of Object.entries(saved)) if (k in defaults && typeof v === 'boolean') out[k] = v
    }
  } catch {
    /* corrupt or unavailable: defaults */
  }
  return out
}

export function saveVisibility(
  resourceKey: string,
  visibility: Visibility,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(PREFIX + resourceKey, JSON.stringify(visibility))
  } catch {
    /* storage full or unavailable: the choice lasts for this page only */
  }
}
