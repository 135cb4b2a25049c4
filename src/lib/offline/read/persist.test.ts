import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SAVE_DELAY_MS, saveWhenQuiet } from './persist'

describe('saving the query cache after a change, not inside it', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('waits SAVE_DELAY_MS and an idle moment; changes meanwhile join one save', () => {
    const save = vi.fn()
    const saver = saveWhenQuiet(save)
    saver.changed()
    expect(save).not.toHaveBeenCalled() // not in the click that changed it
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1)
    saver.changed()
    saver.changed()
    expect(save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1) // the delay is over: the save waits for an idle moment (a timer of 0 under Node)
    expect(save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(save).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5 * SAVE_DELAY_MS)
    expect(save).toHaveBeenCalledTimes(1) // nothing changed since
    saver.changed()
    vi.advanceTimersByTime(SAVE_DELAY_MS + 1)
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('saves at once on flush (the page hidden or left), and nothing when nothing changed', () => {
    const save = vi.fn()
    const saver = saveWhenQuiet(save)
    saver.flush()
    expect(save).not.toHaveBeenCalled()
    saver.changed()
    saver.flush()
    expect(save).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5 * SAVE_DELAY_MS)
    expect(save).toHaveBeenCalledTimes(1) // the scheduled save was the flushed one
  })

  it('saves nothing once stopped (signed out)', () => {
    const save = vi.fn()
    const saver = saveWhenQuiet(save)
    saver.changed()
    saver.stop()
    vi.advanceTimersByTime(5 * SAVE_DELAY_MS)
    expect(save).not.toHaveBeenCalled()
  })
})
