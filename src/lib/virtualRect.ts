import { elementScroll, type Rect, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual'

type Measured<E extends Element> = Pick<VirtualizerOptions<E, Element>, 'initialRect' | 'observeElementRect' | 'scrollToFn'>

/**
 * `useVirtualizer` options that never make the browser lay the page out in React's commit, where a
 * list mounts (the layout it forced there was done again for the frame):
 *   - the scroll box's size comes from a ResizeObserver alone — its first callback comes after the
 *     box's first layout — and until then it is the viewport's, at most what a box shows, so the
 *     first render has every row a screen needs (the virtualizer's own read it in the commit);
 *   - on mount the virtualizer writes the offset it holds to the box (0 for a new box): a write of 0
 *     while it holds 0 is left out — the box is there already.
 */
export function afterLayoutRect<E extends Element>(): Measured<E> {
  return {
    initialRect: typeof window === 'undefined' ? { width: 0, height: 0 } : { width: window.innerWidth, height: window.innerHeight },
    observeElementRect: (instance: Virtualizer<E, Element>, cb: (rect: Rect) => void) => {
      const element = instance.scrollElement
      if (!element || typeof ResizeObserver === 'undefined') return undefined
      // the box's client size (inside its scroll bars), as the virtualizer's own measure
      const observer = new ResizeObserver(() => cb({ width: element.clientWidth, height: element.clientHeight }))
      observer.observe(element)
      return () => observer.disconnect()
    },
    scrollToFn: (offset, options, instance) => {
      if (offset + (options.adjustments ?? 0) === 0 && (instance.scrollOffset ?? 0) === 0) return
      elementScroll(offset, options, instance)
    },
  }
}
