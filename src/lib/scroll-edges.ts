import { useEffect, type RefObject } from 'react'

/**
 * Marks a horizontally scrolling strip with `data-more-start` / `data-more-end` while content is
 * hidden past that edge; the `scroll-fade` class (styles.css) fades that edge, so a tab bar shows
 * it scrolls.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current
    if (!el) return
    // at most once a frame, where the browser lays the page out anyway: measuring right after
    // each change of the strip forced a layout per change while the shell was being built
    let frame = 0
    const update = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const max = el.scrollWidth - el.clientWidth
        el.toggleAttribute('data-more-start', el.scrollLeft > 1)
        el.toggleAttribute('data-more-end', max - el.scrollLeft > 1)
      })
    }
    update()
    el.addEventListener('scroll', update, { passive: true })
    const ro = new ResizeObserver(update)
    ro.observe(el)
    const mo = new MutationObserver(update)
    mo.observe(el, { childList: true, subtree: true })
    return () => {
      cancelAnimationFrame(frame)
      el.removeEventListener('scroll', update)
      ro.disconnect()
      mo.disconnect()
    }
  }, [ref])
}
