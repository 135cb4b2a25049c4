/**
 * Runs `run` when the main thread is idle (at most `timeoutMs` later), or after a timer of 0 where the
 * browser has no idle callbacks (Safari, Node); returns the cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 0)
  return () => clearTimeout(id)
}
