import { useSyncExternalStore } from 'react'

const lists = new Map<string, MediaQueryList>()
const listOf = (query: string) => {
  let list = lists.get(query)
  if (!list && globalThis.matchMedia) lists.set(query, (list = globalThis.matchMedia(query)))
  return list
}

/** Whether a media query matches (true where the browser cannot tell); re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listOf(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    () => listOf(query)?.matches ?? true,
  )
}
