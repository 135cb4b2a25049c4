import { afterEach, describe, expect, it, vi } from 'vitest'
import { onlineManager, QueryObserver, queryOptions } from '@tanstack/react-query'
import { restoringStore } from '@/lib/offline/read/restoring'
import { createQueryClient, loadWithin, preloadRouteData, refreshAfterPaint, ROUTE_DATA_WAIT_MS } from './query'

const never = () => new Promise<string[]>(() => {})
const settledWithin = async (p: Promise<unknown>, ms: number) => {
  let done = false
  void p.then(() => (done = true))
  await new Promise((r) => setTimeout(r, ms))
  return done
}

describe('preloadRouteData (route loaders)', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
    restoringStore.set(false)
    vi.useRealTimers()
  })

  it('puts the data in the cache the screen reads', async () => {
    const qc = createQueryClient()
    const opts = queryOptions({ queryKey: ['t', 'list'], queryFn: async () => ['a', 'b'] })
    await preloadRouteData(qc, opts)
    expect(qc.getQueryData(opts.queryKey)).toEqual(['a', 'b'])
  })

  it('answers at once from cached data (e.g. the persisted copy offline), refreshing it behind when stale', async () => {
    const qc = createQueryClient()
    const queryFn = vi.fn(never)
    const opts = queryOptions({ queryKey: ['t', 'cached'], queryFn, staleTime: 0 })
    qc.setQueryData(opts.queryKey, ['kept'], { updatedAt: Date.now() - 60_000 })
    expect(await settledWithin(preloadRouteData(qc, opts), 50)).toBe(true)
    expect(qc.getQueryData(opts.queryKey)).toEqual(['kept'])
    expect(queryFn).toHaveBeenCalledTimes(1)
  })

  it('never throws: a failed load is left to the screen', async () => {
    const qc = createQueryClient()
    const opts = queryOptions({ queryKey: ['t', 'fails'], queryFn: async (): Promise<string[]> => Promise.reject(new Error('refused')) })
    await expect(preloadRouteData(qc, opts)).resolves.toBeUndefined()
    expect(qc.getQueryState(opts.queryKey)?.status).toBe('error')
  })

  it('does not hold the page while the gateway is known unreachable', async () => {
    onlineManager.setOnline(false)
    const qc = createQueryClient()
    const opts = queryOptions({ queryKey: ['t', 'offline'], queryFn: never })
    expect(await settledWithin(preloadRouteData(qc, opts), 50)).toBe(true)
  })

  it('asks once the persisted copy is restored, which then answers without the network', async () => {
    restoringStore.set(true)
    const qc = createQueryClient()
    const queryFn = vi.fn(never)
    const opts = queryOptions({ queryKey: ['t', 'restored'], queryFn })
    const load = preloadRouteData(qc, opts)
    expect(await settledWithin(load, 50)).toBe(false)
    expect(queryFn).not.toHaveBeenCalled()
    // the restore puts the copy from disk in the cache, then ends
    qc.setQueryData(opts.queryKey, ['from disk'])
    restoringStore.set(false)
    expect(await settledWithin(load, 20)).toBe(true)
    expect(qc.getQueryData(opts.queryKey)).toEqual(['from disk'])
    expect(queryFn).not.toHaveBeenCalled()
  })

  it('stops holding the page when the gateway becomes known unreachable while it waits', async () => {
    vi.useFakeTimers()
    const qc = createQueryClient()
    let done = false
    void preloadRouteData(qc, queryOptions({ queryKey: ['t', 'lost'], queryFn: never })).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(200)
    expect(done).toBe(false)
    onlineManager.setOnline(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })

  it('holds the page at most ROUTE_DATA_WAIT_MS for a slow answer', async () => {
    vi.useFakeTimers()
    const qc = createQueryClient()
    const opts = queryOptions({ queryKey: ['t', 'slow'], queryFn: never })
    let done = false
    void preloadRouteData(qc, opts).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(ROUTE_DATA_WAIT_MS - 100)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(done).toBe(true)
  })

  it('loadWithin holds as long as it is told (a panel within a page), and no longer than the answer', async () => {
    vi.useFakeTimers()
    const qc = createQueryClient()
    let done = false
    void loadWithin(qc, 300, queryOptions({ queryKey: ['t', 'panel'], queryFn: never })).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(250)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(100)
    expect(done).toBe(true)
    const answer = queryOptions({ queryKey: ['t', 'quick'], queryFn: () => new Promise<string[]>((r) => setTimeout(() => r(['a']), 40)) })
    let quick = false
    void loadWithin(qc, 300, answer).then(() => (quick = true))
    await vi.advanceTimersByTimeAsync(50)
    expect(quick).toBe(true)
    expect(qc.getQueryData(answer.queryKey)).toEqual(['a'])
  })
})

describe('refreshAfterPaint (the first paint refreshes what the page shows)', () => {
  it('joins a refresh already on its way instead of aborting it and asking again', async () => {
    const qc = createQueryClient()
    const signals: AbortSignal[] = []
    const answers: ((rows: string[]) => void)[] = []
    const queryFn = vi.fn(({ signal }: { signal: AbortSignal }) => {
      signals.push(signal)
      return new Promise<string[]>((resolve) => answers.push(resolve))
    })
    // the persisted copy restored, a screen showing it, and its route loader refreshing it behind
    qc.setQueryData(['t', 'screen'], ['restored'], { updatedAt: Date.now() - 60_000 })
    const observer = new QueryObserver(qc, { queryKey: ['t', 'screen'], queryFn, refetchOnMount: false })
    const seen: (string[] | undefined)[] = []
    const off = observer.subscribe((r) => seen.push(r.data))
    void preloadRouteData(qc, { queryKey: ['t', 'screen'], queryFn })
    expect(queryFn).toHaveBeenCalledTimes(1)

    refreshAfterPaint(qc)
    answers[0]!(['fresh'])
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['fresh']))
    expect(queryFn).toHaveBeenCalledTimes(1)
    expect(signals[0]!.aborted).toBe(false)
    off()
  })

  it('refetches the active queries whose data is stale, not the fresh ones', async () => {
    const qc = createQueryClient()
    const stale = vi.fn(async () => ['new'])
    const fresh = vi.fn(async () => ['new'])
    qc.setQueryData(['t', 'stale'], ['old'], { updatedAt: Date.now() - 60_000 })
    qc.setQueryData(['t', 'fresh'], ['old'])
    const offs = [
      new QueryObserver(qc, { queryKey: ['t', 'stale'], queryFn: stale, refetchOnMount: false }).subscribe(() => {}),
      new QueryObserver(qc, { queryKey: ['t', 'fresh'], queryFn: fresh, refetchOnMount: false }).subscribe(() => {}),
    ]
    refreshAfterPaint(qc)
    await vi.waitFor(() => expect(qc.getQueryData(['t', 'stale'])).toEqual(['new']))
    expect(stale).toHaveBeenCalledTimes(1)
    expect(fresh).not.toHaveBeenCalled()
    offs.forEach((off) => off())
  })
})
