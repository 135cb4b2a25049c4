import { useSyncExternalStore } from 'react'

/** A tiny external store: `get`, `set`, `subscribe`, and a hook with an optional selector. */
export function createStore<T>(initial: T) {
  let state = initial
  const listeners = new Set<() => void>()
  const store = {
    get: () => state,
    set(next: T | ((prev: T) => T)) {
      const value = typeof next === 'function' ? (next as (prev: T) => T)(state) : next
      if (Object.is(value, state)) return
      state = value
      listeners.forEach((l) => l())
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  function useStore(): T
  function useStore<S>(selector: (state: T) => S): S
  function useStore<S>(selector?: (state: T) => S) {
    return useSyncExternalStore(
      store.subscribe,
      () => (selector ? selector(state) : state),
      () => (selector ? selector(state) : state),
    )
  }
  return Object.assign(store, { use: useStore })
}
