/**
 * Which forms hold unsaved input. The update prompt never reloads while any does;
 * forms register through `useDirtyGuard`.
 */
import { useEffect, useId } from 'react'
import { useBlocker } from '@tanstack/react-router'
import { confirm } from '@/lib/crud/confirm'
import { useT } from '@/lib/i18n'
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

/**
 * An inline editor (not a dialog) with unsaved input: leaving it — another tab, another unit, another
 * page, all navigations — asks first (留下 / 放弃修改); a reload or closing the window gets the
 * browser's own prompt. Also marks the form dirty like `useDirtyGuard`.
 */
let asking: Promise<boolean> | null = null

export function useLeaveGuard(dirty: boolean) {
  useDirtyGuard(dirty)
  const { t } = useT()
  useBlocker({
    // one question for one gesture: a click on a tab can navigate twice (press and focus)
    shouldBlockFn: async () => {
      asking ??= confirm({
        title: t('common.leave.title'),
        description: t('common.leave.description'),
        confirmText: t('common.leave.confirm'),
        cancelText: t('common.leave.stay'),
        destructive: true,
      }).finally(() => setTimeout(() => (asking = null)))
      return !(await asking)
    },
    enableBeforeUnload: dirty,
    disabled: !dirty,
  })
}
