import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { mergeWithDisk, PERSIST_BUSTER, SAVE_DELAY_MS, SAVE_MAX_WAIT_MS, saveWhenQuiet } from './persist'
import { PERSIST_MAX_AGE_MS } from './restoring'

describe('saving the query cache after a change, not inside it', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('waits until the cache has been quiet for SAVE_DELAY_MS, then an idle moment; changes meanwhile join one save', () => {
    const save = vi.fn()
    const saver = saveWhenQuiet(save)
    saver.changed()
    expect(save).not.toHaveBeenCalled() // not in the click that changed it
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1)
    saver.changed() // another answer: the quiet starts again
    saver.changed()
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1)
    expect(save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1) // quiet long enough: the save waits for an idle moment (a timer of 0 under Node)
    expect(save).not.toHaveBeenCalled()
    saver.changed() // a change while waiting for idle joins that save
    vi.advanceTimersByTime(1)
    expect(save).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5 * SAVE_DELAY_MS)
    expect(save).toHaveBeenCalledTimes(1) // nothing changed since
    saver.changed()
    vi.advanceTimersByTime(SAVE_DELAY_MS + 1)
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('waits while a query is fetching (its answer is a change to come), but no longer than SAVE_MAX_WAIT_MS', () => {
    const save = vi.fn()
    let fetching = true
    const saver = saveWhenQuiet(save, () => fetching)
    saver.changed()
    vi.advanceTimersByTime(3 * SAVE_DELAY_MS)
    expect(save).not.toHaveBeenCalled()
    fetching = false
    saver.changed() // the answer
    vi.advanceTimersByTime(SAVE_DELAY_MS + 1)
    expect(save).toHaveBeenCalledTimes(1) // one save for the load, after its last answer

    fetching = true // a query that keeps fetching
    saver.changed()
    vi.advanceTimersByTime(SAVE_MAX_WAIT_MS - 1)
    expect(save).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(2)
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('saves by SAVE_MAX_WAIT_MS after the first change when changes never stop', () => {
    const save = vi.fn()
    const saver = saveWhenQuiet(save)
    for (let t = 0; t < SAVE_MAX_WAIT_MS + 2 * SAVE_DELAY_MS; t += 100) {
      saver.changed()
      vi.advanceTimersByTime(100)
      if (t + 100 < SAVE_MAX_WAIT_MS) expect(save).not.toHaveBeenCalled()
    }
    expect(save).toHaveBeenCalledTimes(1)
  })

  it('keeps one timer while changes come (a change only notes its time)', () => {
    const save = vi.fn()
    const saver = saveWhenQuiet(save)
    const timers = vi.spyOn(globalThis, 'setTimeout')
    for (let i = 0; i < 200; i++) saver.changed() // a page's load: the restore, then each answer
    expect(timers).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(SAVE_DELAY_MS - 100)
    saver.changed()
    vi.advanceTimersByTime(100) // the timer runs out, the quiet not yet: it waits the rest of it
    expect(timers).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(SAVE_DELAY_MS - 101)
    expect(save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2)
    expect(save).toHaveBeenCalledTimes(1)
    timers.mockRestore()
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

describe('several tabs of one account saving to its one entry', () => {
  const NOW = Date.UTC(2026, 10, 30, 12)
  const query = (hash: string, at: number, data: unknown = hash) =>
    ({
      queryHash: hash,
      queryKey: [hash],
      state: { data, dataUpdatedAt: at, status: 'success' },
    }) as unknown as PersistedClient['clientState']['queries'][number]
  const client = (...queries: PersistedClient['clientState']['queries']): PersistedClient => ({
    timestamp: NOW,
    buster: PERSIST_BUSTER,
    clientState: { queries, mutations: [] },
  })
  const saved = (c: PersistedClient) => Object.fromEntries(c.clientState.queries.map((q) => [q.queryHash, q.state.data]))

  it('keeps what another tab saved and this one does not hold (a list read in a tab since closed)', () => {
    const merged = mergeWithDisk(
      client(query('home', NOW - 1000)),
      client(query('home', NOW - 5000, 'old'), query('roles', NOW - 3000)),
      new Set(),
      NOW,
    )
    expect(saved(merged)).toEqual({ home: 'home', roles: 'roles' })
  })

  it('of a query in both, keeps the later answer, whichever tab has it', () => {
    const merged = mergeWithDisk(
      client(query('roles', NOW - 9000, 'mine, older')),
      client(query('roles', NOW - 1000, 'disk, newer')),
      new Set(),
      NOW,
    )
    expect(saved(merged)).toEqual({ roles: 'disk, newer' })
  })

  it('does not bring back what this tab removed, nor what is past the persisted age', () => {
    const disk = client(query('deleted', NOW - 1000), query('ancient', NOW - PERSIST_MAX_AGE_MS - 1), query('kept', NOW - 1000))
    expect(saved(mergeWithDisk(client(), disk, new Set(['deleted']), NOW))).toEqual({ kept: 'kept' })
  })

  it('keeps nothing of an entry of another shape (another buster) or of none', () => {
    const mine = client(query('home', NOW))
    expect(mergeWithDisk(mine, { ...client(query('roles', NOW)), buster: 'v0' }, new Set(), NOW)).toBe(mine)
    expect(mergeWithDisk(mine, undefined, new Set(), NOW)).toBe(mine)
  })
})
