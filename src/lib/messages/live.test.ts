/**
 * The live stream's reconnection (issue 33): when the browser comes back online it reconnects at
 * once, whatever its back-off has grown to, and its first connection resumes after the message the
 * page's answers hold. The request client is replaced by a stand-in whose streams fail or answer as
 * the test says (the gateway's side is tested in tests/api/messages.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const calls: { headers: Record<string, string> }[] = []
let answer: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'))

vi.mock('@/lib/http', () => ({
  http: {
    stream: (_path: string, init: { headers: Record<string, string>; signal: AbortSignal }) => {
      calls.push({ headers: init.headers })
      return answer()
    },
  },
}))

const sse = (text: string) =>
  new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(text)) }), {
    headers: { 'content-type': 'text/event-stream' },
  })

describe('the live message stream', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    calls.length = 0
    vi.stubGlobal('window', new EventTarget())
    vi.stubGlobal('navigator', {})
  })
  afterEach(async () => {
    const { stopLiveMessages } = await import('./live')
    stopLiveMessages()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('resumes after the message the page holds, and reconnects at once when the browser is online again', async () => {
    const { startLiveMessages } = await import('./live')
    startLiveMessages(() => 41)
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.headers).toEqual({ 'Last-Event-ID': '41' })

    // offline for a while: the back-off grows (1, 2, 4, 8, 16 s…)
    await vi.advanceTimersByTimeAsync(20_000)
    const failed = calls.length
    expect(failed).toBeGreaterThanOrEqual(4)
    expect(failed).toBeLessThanOrEqual(6)

    // back online: a connection at once, still resuming from the same message
    answer = () => Promise.resolve(sse('id: 42\nevent: message\ndata: {"id":42}\n\n'))
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(10)
    expect(calls).toHaveLength(failed + 1)
    expect(calls.at(-1)!.headers).toEqual({ 'Last-Event-ID': '41' })
  })
})
