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
    const update = () => {
      const max = el.scrollWidth - el.clientWidth
      el.toggleAttribute('data-more-start', el.scrollLeft > 1)
      el.toggleAttribute('data-more-end', max - el.scrollLeft > 1)
    }
    update()
    el.addEventListener('scroll', update, { passive: true })
    const ro = new ResizeObserver(update)
    ro.observe(el)
    const mo = new MutationObserver(update)
    mo.observe(el, { childList: true, subtree: true })
    return () => {
      el.removeEventListener('scroll', update)
      ro.disconnect()
      mo.disconnect()
    }
  }, [ref])
}
