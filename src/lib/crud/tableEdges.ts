/**
 * Wide tables with a sticky actions column (ListPage, VirtualTable): where columns are out of
 * view, and whether the row actions should be compact.
 */
import { useLayoutEffect, useRef, useState } from 'react'
import { cn } from '@/lib/utils'

/**
 * The sticky actions column's left edge: a line, and a shadow while columns are scrolled out of
 * view behind it. Drawn by pseudo-elements: a cell's box-shadow is not painted in a table with
 * collapsed borders.
 */
export const actionsEdge = (hidden: boolean) =>
  cn('before:pointer-events-none before:absolute before:inset-y-0 before:left-0 before:w-px before:bg-border', actionsShadow(hidden))

/** Only the shadow (a table with separate borders draws the line as the cell's border). */
export const actionsShadow = (hidden: boolean) =>
  hidden
    ? 'after:pointer-events-none after:absolute after:inset-y-0 after:-left-3 after:w-3 after:bg-gradient-to-l after:from-black/15 after:to-transparent'
    : undefined

export interface ScrollEdges {
  /** The row actions should show icons only (the table does not fit). */
  compact: boolean
  /** Columns are out of view on the left / on the right. */
  left: boolean
  right: boolean
}

/**
 * The table's scroll box — the element `ref` is on, or with `inner` its first child (ui/table's
 * overflow box inside a wrapper): whether the row actions are compact, and whether columns are
 * out of view on the left or the right. The actions keep their text while the table fits; when it
 * does not (a tablet, a narrow panel, many columns) they turn compact and stay so until the box's
 * width changes, when the text is tried again.
 */
export function useScrollEdges<E extends HTMLElement = HTMLDivElement>({ inner = false }: { inner?: boolean } = {}) {
  const ref = useRef<E>(null)
  const [edges, setEdges] = useState<ScrollEdges>({ compact: false, left: false, right: false })
  useLayoutEffect(() => {
    const box = inner ? ref.current?.firstElementChild : ref.current
    if (!(box instanceof HTMLElement)) return
    let width = -1
    let compact = false
    const update = () => {
      const hidden = box.scrollWidth - box.clientWidth
      if (box.clientWidth !== width) {
        width = box.clientWidth
        // compact: try the text again (the table's own resize then tells whether it fits)
        compact = compact ? false : hidden > 1
      } else if (hidden > 1) compact = true
      const next = { compact, left: box.scrollLeft > 1, right: box.scrollLeft < hidden - 1 }
      setEdges((e) => (e.compact === next.compact && e.left === next.left && e.right === next.right ? e : next))
    }
    update()
    box.addEventListener('scroll', update, { passive: true })
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    ro?.observe(box)
    if (box.firstElementChild) ro?.observe(box.firstElementChild)
    return () => {
      box.removeEventListener('scroll', update)
      ro?.disconnect()
    }
  }, [inner])
  return [ref, edges] as const
}
