import { describe, expect, it } from 'vitest'
import { QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/http/core'
import { dataAge, markServedFromCache, recordQuerySuccess, type QueryLike } from './freshness'
import { shouldPersistQuery } from './persist'
import { formatFetchedAt } from './DataAgeNote'

const base: QueryLike = { data: { records: [] }, dataUpdatedAt: 1_000, fetchStatus: 'idle', isError: false, error: null, isStale: false }

function client() {
  const c: QueryClient = new QueryClient({ queryCache: new QueryCache({ onSuccess: (data, query) => recordQuerySuccess(c, data, query) }) })
  return c
}

describe('data age', () => {
  it('says nothing for data fresh from the gateway, or without data', () => {
    expect(dataAge(base, true).show).toBe(false)
    expect(dataAge({ ...base, isStale: true }, true).show).toBe(false)
    expect(dataAge({ ...base, data: undefined, isError: true, error: new ApiError('network', 'x') }, true).show).toBe(false)
  })

  it('shows the fetch time when a refresh could not reach the gateway, or offline', () => {
    expect(dataAge({ ...base, fetchStatus: 'paused' }, false)).toEqual({ show: true, fetchedAt: 1_000 })
    expect(dataAge({ ...base, isError: true, error: new ApiError('network', 'x') }, true).show).toBe(true)
    expect(dataAge({ ...base, isError: true, error: new ApiError('timeout', 'x') }, true).show).toBe(true)
    expect(dataAge({ ...base, isStale: true }, false).show).toBe(true)
  })

  it('a refusal (a code) is not a stale-data case: the list shows its error instead', () => {
    expect(dataAge({ ...base, isError: true, error: new ApiError('code', 'no', 20003) }, true).show).toBe(false)
  })

  it('an answer the service worker served from its cache keeps the time it was fetched, until the network answers', async () => {
    const qc = client()
    const fetchedAt = Date.parse('2026-03-01T08:30:00Z')
    const cached = [{ nodeId: 'a' }]
    markServedFromCache(cached, '2026-03-01T08:30:00.000Z')
    await qc.fetchQuery({ queryKey: ['tree'], queryFn: () => Promise.resolve(cached) })
    const state = qc.getQueryState(['tree'])!
    expect(state.dataUpdatedAt).toBe(fetchedAt)
    const q = { ...base, data: qc.getQueryData(['tree']), dataUpdatedAt: state.dataUpdatedAt }
    expect(dataAge(q, true)).toEqual({ show: true, fetchedAt })

    // the same data again, from the network now: fresh, no note
    await qc.fetchQuery({ queryKey: ['tree'], queryFn: () => Promise.resolve([{ nodeId: 'a' }]), staleTime: 0 })
    const after = qc.getQueryState(['tree'])!
    expect(after.dataUpdatedAt).toBeGreaterThan(fetchedAt)
    expect(dataAge({ ...base, data: qc.getQueryData(['tree']), dataUpdatedAt: after.dataUpdatedAt }, true).show).toBe(false)
  })
})

describe('what is persisted', () => {
  const q = (
    queryKey: unknown[],
    over: { status?: 'success' | 'error' | 'pending'; meta?: Record<string, unknown>; data?: unknown } = {},
  ) => ({
    queryKey,
    meta: over.meta,
    state: { status: over.status ?? 'success', data: over.data ?? [] } as never,
  })
  it('successful queries only, never revealed ID numbers or cellphones, never meta.persist false', () => {
    expect(shouldPersistQuery(q(['role', 'listPage', { pageIndex: 1 }]))).toBe(true)
    expect(shouldPersistQuery(q(['role', 'listPage'], { status: 'error' }))).toBe(false)
    expect(shouldPersistQuery(q(['user', 'getIdCard', 'u1']))).toBe(false)
    expect(shouldPersistQuery(q(['user', 'getCellphone', 'u1']))).toBe(false)
    expect(shouldPersistQuery(q(['people', 'reveal', 'idCard', 'u1']))).toBe(false)
    expect(shouldPersistQuery(q(['user', 'detail', 'u1'], { meta: { persist: false } }))).toBe(false)
    expect(shouldPersistQuery(q(['export'], { data: new Blob(['x']) }))).toBe(false)
  })
})

describe('fetched-at text', () => {
  const now = new Date(2026, 2, 1, 18, 0)
  it('is the time today, the date and time before, the year when another year', () => {
    expect(formatFetchedAt(new Date(2026, 2, 1, 8, 5).getTime(), 'zh', now)).toBe('08:05')
    expect(formatFetchedAt(new Date(2026, 1, 27, 14, 30).getTime(), 'zh', now)).toBe('02/27 14:30')
    expect(formatFetchedAt(new Date(2025, 11, 31, 9, 0).getTime(), 'en', now)).toMatch(/31\/12\/2025 09:00/)
  })
})
