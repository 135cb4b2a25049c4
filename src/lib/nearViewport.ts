import { useCallback, useState, type RefCallback } from 'react'

/**
 * For a heavy part below the fold (the dashboard's charts): a ref for its placeholder, and whether
 * that placeholder has come within `margin` of the viewport — true from then on. A phone that
 * never scrolls down neither downloads nor draws it. Without IntersectionObserver: true at once.
 */
export function useNearViewport<T extends Element>(margin = '200px'): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || near) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer.disconnect()
            setNear(true)
          }
        },
        { rootMargin: margin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [margin, near],
  )
  return [ref, near]
}
