import { useEffect, useState } from 'react'

/**
 * Runs `fn` once the page's first contentful paint has happened (at once if it has already): for
 * work the first paint need not wait for — registering the service worker, a request whose answer
 * only adds to a screen already shown. On a slow link the paint then has the bandwidth to itself.
 * Without the Paint Timing API it waits for the next frame; a page that has not painted after
 * `atMostMs` (a tab opened in the background paints only when shown) runs it then. Answers a
 * function that cancels it.
 */
export function afterPaint(fn: () => void, atMostMs = 5000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let frame: number | undefined
  let observer: PerformanceObserver | undefined
  let done = false
  const run = () => {
    if (done) return
    done = true
    observer?.disconnect()
    clearTimeout(fallback)
    timer = setTimeout(fn, 0)
  }
  const fallback = setTimeout(run, atMostMs)
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) run()
    })
    observer.observe({ type: 'paint', buffered: true })
  } else frame = requestAnimationFrame(run)
  return () => {
    done = true
    observer?.disconnect()
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(fallback)
    clearTimeout(timer)
  }
}

/** False until the page's first contentful paint has happened. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterPaint(() => setPainted(true)), [])
  return painted
}

/**
 * Runs `fn` once the next frame has been painted (a task queued from a frame's callback runs after
 * that frame): for work that should not delay what was just rendered. Answers a function that cancels it.
 */
export function afterNextFrame(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => void (timer = setTimeout(fn, 0)))
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
