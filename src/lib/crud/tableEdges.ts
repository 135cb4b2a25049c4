/**
 * Wide tables with a sticky actions column (ListPage, VirtualTable): where columns are out of
 * view, and whether the row actions should be compact — marked on the table's box as data
 * attributes, which restyle it through CSS (the `group/edges` variants below), without a render.
 */
import { useLayoutEffect, useRef } from 'react'
import { markActionTitles } from './list/RowActions'

/** The class of the element `useScrollEdges`' ref is on: its marks style what is inside it. */
export const EDGES_GROUP = 'group/edges'

/** The actions column's shadow while columns are scrolled out of view behind it (the box marked `data-edge-right`). */
export const ACTIONS_SHADOW =
  'group-data-[edge-right]/edges:after:pointer-events-none group-data-[edge-right]/edges:after:absolute group-data-[edge-right]/edges:after:inset-y-0 group-data-[edge-right]/edges:after:-left-3 group-data-[edge-right]/edges:after:w-3 group-data-[edge-right]/edges:after:bg-gradient-to-l group-data-[edge-right]/edges:after:from-black/15 group-data-[edge-right]/edges:after:to-transparent'

/**
 * The sticky actions column's left edge: a line, and the shadow (a table with separate borders draws
 * the line as the cell's border and takes ACTIONS_SHADOW alone). Drawn by pseudo-elements: a cell's
 * box-shadow is not painted in a table with collapsed borders.
 */
export const ACTIONS_EDGE = `before:pointer-events-none before:absolute before:inset-y-0 before:left-0 before:w-px before:bg-border ${ACTIONS_SHADOW}`

/**
 * Marks the table's scroll box — `ref`'s element, or with `inner` its first child (ui/table's
 * overflow box inside a wrapper) — on `ref`'s element (give it EDGES_GROUP): `data-compact` while
 * the row actions should be compact, `data-edge-left` / `data-edge-right` while columns are out of
 * view on that side. The actions keep their text while the table fits; when it does not (a tablet,
 * a narrow panel, many columns) they turn compact and stay so until the box's width changes, when
 * the text is tried again.
 *
 * Measured when the box is resized (a ResizeObserver's callback comes after the browser's own
 * layout) and scrolled: never in React's commit, where reading the box's widths forced a layout of
 * the page, and a state change rendered the whole table again.
 */
export function useScrollEdges<E extends HTMLElement = HTMLDivElement>({ inner = false }: { inner?: boolean } = {}) {
  const ref = useRef<E>(null)
  // subscribed in the commit, so the first measure comes before the first paint
  useLayoutEffect(() => {
    const marked = ref.current
    const box = inner ? marked?.firstElementChild : marked
    if (!marked || !(box instanceof HTMLElement) || typeof ResizeObserver === 'undefined') return
    let width = -1
    let compact = false
    let titles = 0
    const update = () => {
      // every measure read before anything is marked: a read after a mark would lay the page out again
      const clientWidth = box.clientWidth
      const hidden = box.scrollWidth - clientWidth
      const left = box.scrollLeft
      if (clientWidth !== width) {
        width = clientWidth
        // compact: try the text again (the table's own resize then tells whether it fits)
        compact = compact ? false : hidden > 1
      } else if (hidden > 1) compact = true
      marked.toggleAttribute('data-edge-left', left > 1)
      marked.toggleAttribute('data-edge-right', left < hidden - 1)
      if (marked.hasAttribute('data-compact') !== compact) {
        marked.toggleAttribute('data-compact', compact)
        // the compact actions' hover titles in a task of their own, after this frame's restyle
        clearTimeout(titles)
        titles = window.setTimeout(() => markActionTitles(marked, marked.hasAttribute('data-compact')))
      }
    }
    box.addEventListener('scroll', update, { passive: true })
    // its first callback comes once the box is laid out
    const ro = new ResizeObserver(update)
    ro.observe(box)
    if (box.firstElementChild) ro.observe(box.firstElementChild)
    return () => {
      clearTimeout(titles)
      box.removeEventListener('scroll', update)
      ro.disconnect()
    }
  }, [inner])
  return ref
}
