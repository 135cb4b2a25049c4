/**
 * Which forms hold unsaved input. The update prompt never reloads while any does;
 * forms register through `useDirtyGuard`.
 */
import { useEffect, useId } from 'react'
import { createStore } from '@/lib/store'

export const dirtyStore = createStore<ReadonlySet<string>>(new Set())

export function setDirty(id: string, dirty: boolean) {
  dirtyStore.set((prev) => {
    if (prev.has(id) === dirty) return prev
    const next = new Set(prev)
    if (dirty) next.add(id)
    else next.delete(id)
    return next
  })
}

export const hasDirtyForms = () => dirtyStore.get().size > 0

/** Marks the calling form dirty while `dirty` is true, and clean when it unmounts. */
export function useDirtyGuard(dirty: boolean) {
  const id = useId()
  useEffect(() => {
    setDirty(id, dirty)
    return () => setDirty(id, false)
  }, [id, dirty])
}
