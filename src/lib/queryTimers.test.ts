import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, timeoutManager } from '@tanstack/react-query'
import { coalescedTimeouts } from './queryTimers'

describe('coalescedTimeouts (TanStack Query on one browser timer)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  const provider = () => coalescedTimeouts(() => Date.now())

  it('runs each callback once it is due, never before, in the order they are due', () => {
    const t = provider()
    const ran: number[] = []
    t.setTimeout(() => ran.push(300), 300)
    t.setTimeout(() => ran.push(100), 100)
    t.setTimeout(() => ran.push(200), 200)
    t.setTimeout(() => ran.push(201), 200)
    vi.advanceTimersByTime(99)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual([100])
    vi.advanceTimersByTime(200)
    expect(ran).toEqual([100, 200, 201, 300])
    vi.advanceTimersByTime(10_000)
    expect(ran).toEqual([100, 200, 201, 300])
  })

  it('sets one browser timer for many timeouts, and clearing one calls no browser API', () => {
    const t = provider()
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    const ids = Array.from({ length: 50 }, (_, i) => t.setTimeout(() => {}, 1000 + i))
    expect(set).toHaveBeenCalledTimes(1)
    for (const id of ids.slice(1)) t.clearTimeout(id)
    expect(clear).not.toHaveBeenCalled()
    set.mockRestore()
    clear.mockRestore()
  })

  it('moves the browser timer for an earlier timeout; a cleared one never runs', () => {
    const t = provider()
    const ran: string[] = []
    t.setTimeout(() => ran.push('late'), 5000)
    const gone = t.setTimeout(() => ran.push('cleared'), 20)
    t.setTimeout(() => ran.push('early'), 10)
    t.clearTimeout(gone)
    vi.advanceTimersByTime(10)
    expect(ran).toEqual(['early'])
    vi.advanceTimersByTime(5000)
    expect(ran).toEqual(['early', 'late'])
  })

  it('when the timeout it was armed for is cleared, the browser timer fires with nothing due and is armed for the next', () => {
    const t = provider()
    const ran: string[] = []
    const first = t.setTimeout(() => ran.push('cleared'), 10)
    t.setTimeout(() => ran.push('next'), 3000)
    t.clearTimeout(first)
    vi.advanceTimersByTime(2999)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual(['next'])
  })

  it('a callback may clear a later one of the same moment, set new ones, or throw without stopping the others', () => {
    const t = provider()
    const ran: string[] = []
    let second = 0
    t.setTimeout(() => {
      ran.push('first')
      t.clearTimeout(second)
      t.setTimeout(() => ran.push('set by first'), 5)
      throw new Error('first failed')
    }, 10)
    second = t.setTimeout(() => ran.push('second'), 10)
    t.setTimeout(() => ran.push('third'), 10)
    vi.advanceTimersByTime(10)
    expect(ran).toEqual(['first', 'third'])
    // the error is thrown from a timer of its own, as the browser reports a timer's error
    expect(() => vi.advanceTimersByTime(1)).toThrow('first failed')
    vi.advanceTimersByTime(5)
    expect(ran).toEqual(['first', 'third', 'set by first'])
  })

  it('serves a QueryClient: an unobserved query is collected after its gcTime', async () => {
    // (this file's own module graph: no other test sees the provider)
    timeoutManager.setTimeoutProvider(provider())
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: 1000 } } })
    await qc.prefetchQuery({ queryKey: ['a'], queryFn: async () => 1 })
    await qc.prefetchQuery({ queryKey: ['b'], queryFn: async () => 2, gcTime: 60_000 })
    vi.advanceTimersByTime(999)
    expect(qc.getQueryData(['a'])).toBe(1)
    vi.advanceTimersByTime(1)
    expect(qc.getQueryData(['a'])).toBeUndefined()
    expect(qc.getQueryData(['b'])).toBe(2)
    vi.advanceTimersByTime(59_000)
    expect(qc.getQueryData(['b'])).toBeUndefined()
  })
})
