import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query'

/** The longest delay a browser's setTimeout takes (2³¹ − 1 ms); a later due time is re-armed from there. */
const MAX_DELAY_MS = 2 ** 31 - 1

/**
 * TanStack Query's timeouts on one browser timer (its `timeoutManager`, as its documentation
 * suggests for many queries). Every query sets and clears a garbage-collection timer as observers
 * come and go, every observer a staleness timer: on a screen's start, dozens of native
 * setTimeout / clearTimeout calls inside the render's task (in Lighthouse's traces of 项目工点信息
 * ≈ 8 ms of it). Here a timeout is an entry in a map and clearing one deletes it; the one browser
 * timer is armed for the earliest entry, and moved only when an earlier one comes. Callbacks run in
 * the order they are due, never before. Intervals stay the browser's.
 */
export function coalescedTimeouts(now: () => number = () => performance.now()): TimeoutProvider<number> {
  const due = new Map<number, { at: number; run: TimeoutCallback }>()
  let lastId = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let armedAt = Infinity

  const arm = (at: number) => {
    if (timer !== undefined) clearTimeout(timer)
    armedAt = at
    timer = at === Infinity ? undefined : setTimeout(fire, Math.min(MAX_DELAY_MS, Math.max(0, at - now())))
  }
  function fire() {
    timer = undefined
    armedAt = Infinity
    const t = now()
    const ready = [...due].filter(([, d]) => d.at <= t).sort(([a, x], [b, y]) => x.at - y.at || a - b)
    for (const [id, d] of ready) {
      // cleared by a callback before it in this batch: not run
      if (due.get(id) !== d) continue
      due.delete(id)
      try {
        d.run()
      } catch (err) {
        // reported as the browser reports a timer's error, the others still run
        setTimeout(() => {
          throw err
        })
      }
    }
    // armed for what is left (a callback may have armed it already for a timeout it set)
    let next = Infinity
    for (const d of due.values()) next = Math.min(next, d.at)
    if (next < armedAt) arm(next)
  }

  return {
    setTimeout(run, delay) {
      const id = ++lastId
      const at = now() + Math.max(0, Number(delay) || 0)
      due.set(id, { at, run })
      if (at < armedAt) arm(at)
      return id
    },
    // the browser timer stays: when it fires with nothing due, it is armed for the next entry
    clearTimeout: (id) => void (id !== undefined && due.delete(Number(id))),
    setInterval: (run, delay) => setInterval(run, delay) as unknown as number,
    clearInterval: (id) => clearInterval(id),
  }
}
