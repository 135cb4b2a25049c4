import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterPaint } from './afterPaint'

// Node has no Paint Timing ('paint' is not a supported entry type): afterPaint waits for a frame
describe('afterPaint without the Paint Timing API', () => {
  let frames: FrameRequestCallback[]
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
    vi.stubGlobal('cancelAnimationFrame', (id: number) => (frames[id - 1] = () => undefined))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs once, in a task after the next frame', () => {
    const fn = vi.fn()
    afterPaint(fn)
    vi.advanceTimersByTime(100)
    expect(fn).not.toHaveBeenCalled()
    frames.forEach((cb) => cb(0))
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(fn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(10_000)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('runs after atMostMs when no frame comes (a tab in the background)', () => {
    const fn = vi.fn()
    afterPaint(fn, 5000)
    vi.advanceTimersByTime(4999)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2)
    expect(fn).toHaveBeenCalledTimes(1)
    frames.forEach((cb) => cb(0))
    vi.advanceTimersByTime(10)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('does not run once cancelled', () => {
    const fn = vi.fn()
    const cancel = afterPaint(fn)
    cancel()
    frames.forEach((cb) => cb(0))
    vi.advanceTimersByTime(10_000)
    expect(fn).not.toHaveBeenCalled()
  })
})
