/**
 * The rows of a long sheet near the viewport. A 60 × 300 sheet is 18,000 cells and 2,000 controls:
 * drawn whole, it took the fill-in screen about 1.4 s to show and 100 ms to answer a key press. Only
 * the rows within half a screen above and below the visible ones are drawn; the others are two spacer
 * rows of their heights (a row's height measured once drawn, else its estimate). The window always
 * holds whole merges, so a merged cell is never cut.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { Slot } from './sheet'

/** Rows [first, last), 0-based. */
export interface RowWindow {
  first: number
  last: number
}

/** For each row, the first (`up`) and last (`down`) row of the merges it takes part in (itself when none). */
export function mergeBounds(rows: readonly (readonly Slot[])[]): { up: number[]; down: number[] } {
  const up = rows.map((_, r) => r)
  const down = rows.map((_, r) => r)
  rows.forEach((slots, r) => {
    for (const { rowSpan } of slots) {
      if (rowSpan < 2) continue
      const end = Math.min(rows.length - 1, r + rowSpan - 1)
      for (let x = r; x <= end; x++) {
        up[x] = Math.min(up[x]!, r)
        down[x] = Math.max(down[x]!, end)
      }
    }
  })
  return { up, down }
}

/** The rows a band [top, bottom) px of the sheet shows, given each row's height, widened to whole merges. */
export function rowsIn(heights: readonly number[], top: number, bottom: number, bounds: { up: number[]; down: number[] }): RowWindow {
  const n = heights.length
  if (n === 0) return { first: 0, last: 0 }
  let first = 0
  let y = 0
  while (first < n - 1 && y + heights[first]! <= top) y += heights[first++]!
  let last = first
  while (last < n && y < bottom) y += heights[last++]!
  last = Math.max(last, first + 1)
  for (;;) {
    let f = first
    let l = last
    for (let r = first; r < last; r++) {
      f = Math.min(f, bounds.up[r]!)
      l = Math.max(l, bounds.down[r]! + 1)
    }
    if (f === first && l === last) return { first, last }
    first = f
    last = l
  }
}

const sum = (xs: readonly number[], from: number, to: number) => {
  let s = 0
  for (let i = from; i < to; i++) s += xs[i]!
  return s
}

/**
 * The window of `rows` to draw in the table `ref` (its body's rows carry `data-row`), with the
 * heights of the spacers before and after it. `enabled` false: every row, no spacers (a short sheet,
 * the print).
 */
export function useRowWindow(
  ref: RefObject<HTMLTableElement | null>,
  rows: readonly (readonly Slot[])[],
  estimates: readonly number[],
  enabled: boolean,
): RowWindow & { before: number; after: number } {
  const bounds = useMemo(() => mergeBounds(rows), [rows])
  // a drawn row's height, and by estimate the height a drawn row of that estimate had: rows not drawn
  // yet take it (a text row of the template's 20 px is 25 on screen), so the spacers are near right
  const measured = useRef(new Map<number, number>())
  const alike = useRef(new Map<number, number>())
  const [version, setVersion] = useState(0)
  const heights = useMemo(
    () => estimates.map((e, r) => measured.current.get(r) ?? alike.current.get(e) ?? e),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` marks new measurements in the refs
    [estimates, version],
  )
  const band = () => (typeof window === 'undefined' ? 768 : window.innerHeight)
  // before the table is laid out: a screen from its top
  const [win, setWin] = useState<RowWindow>(() => rowsIn(heights, 0, band(), bounds))

  const update = useCallback(() => {
    const table = ref.current
    if (!table) return
    const top = -table.getBoundingClientRect().top
    const screen = band()
    // half a screen above and below the visible part: scrolling and Tab from one cell to the next find rows drawn
    const next = rowsIn(heights, Math.max(0, top - screen / 2), top + 1.5 * screen, bounds)
    setWin((w) => (w.first === next.first && w.last === next.last ? w : next))
  }, [ref, heights, bounds])

  // the drawn rows' real heights (a row with controls is taller than the template says, an error under a
  // control makes it taller still): after every render, a new state only when one changed
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const body = ref.current?.tBodies[0]
    if (!enabled || !body) return
    let changed = false
    // by estimate, the first drawn row's height (one pass decides it: rows of one estimate but other heights cannot make it swing)
    const seen = new Map<number, number>()
    for (const tr of body.rows) {
      const r = tr.dataset.row
      if (r === undefined) continue
      const h = tr.getBoundingClientRect().height
      const estimate = estimates[Number(r)]!
      if (Math.abs((measured.current.get(Number(r)) ?? estimate) - h) > 0.5) {
        measured.current.set(Number(r), h)
        changed = true
      }
      if (!seen.has(estimate)) seen.set(estimate, h)
    }
    for (const [estimate, h] of seen)
      if (Math.abs((alike.current.get(estimate) ?? estimate) - h) > 0.5) {
        alike.current.set(estimate, h)
        changed = true
      }
    if (changed) setVersion((v) => v + 1)
  })

  useEffect(() => {
    if (!enabled) return
    update()
    let frame = 0
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), update()))
    }
    // any scrolling ancestor moves the sheet (the shell's main area, the window)
    document.addEventListener('scroll', onScroll, { capture: true, passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener('scroll', onScroll, { capture: true })
      window.removeEventListener('resize', onScroll)
    }
  }, [enabled, update])

  if (!enabled) return { first: 0, last: rows.length, before: 0, after: 0 }
  const first = Math.min(win.first, rows.length)
  const last = Math.min(Math.max(win.last, first), rows.length)
  return { first, last, before: sum(heights, 0, first), after: sum(heights, last, heights.length) }
}
