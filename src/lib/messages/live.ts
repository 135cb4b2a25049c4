/**
 * Live messages in the console (DESIGN §5): ONE stream per browser. The tab holding the Web Lock
 * `trestle-messages` is the leader: it opens the signed fetch stream (http.stream; EventSource
 * cannot send our headers), reconnects with `Last-Event-ID` (the message id, so the gateway replays
 * from its table) and relays each event to the other tabs over a BroadcastChannel. Every tab then
 * refreshes its message queries. Without Web Locks (old browsers) every tab streams for itself.
 */
import { MSG_API } from '@/contract/endpoints'
import type { InboxMessage } from '@/contract/schemas/message'
import { http } from '@/lib/http'

export type LiveEvent = { type: 'message'; message: InboxMessage } | { type: 'read' }
type Listener = (e: LiveEvent) => void

const LOCK = 'trestle-messages'
const CHANNEL = 'trestle-messages'

/** Parses a text/event-stream body into events (id, event, data). */
export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<{ id: string | null; event: string; data: string }> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buf = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buf += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
    let at: number
    while ((at = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, at)
      buf = buf.slice(at + 2)
      let id: string | null = null
      let event = 'message'
      const data: string[] = []
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'id') id = value
        else if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
      if (data.length) yield { id, event, data: data.join('\n') }
    }
  }
}

const listeners = new Set<Listener>()
let started = false
let stopCurrent: (() => void) | null = null

function emit(e: LiveEvent) {
  for (const l of listeners) l(e)
}

/**
 * Streams while `signal` is not aborted, reconnecting with back-off; calls `onEvent` for each event.
 * The first connection resumes after `resumeFrom()` (the newest message the page's answers hold).
 * When the browser comes back online it reconnects at once — a stream opened before may be dead
 * without knowing it, and the back-off may be at 30 s.
 */
async function runStream(signal: AbortSignal, onEvent: (e: LiveEvent) => void, resumeFrom: () => number): Promise<void> {
  let lastId = resumeFrom()
  let delay = 1000
  let attempt: AbortController | null = null
  let wake: (() => void) | null = null
  const onOnline = () => {
    delay = 1000
    attempt?.abort()
    wake?.()
  }
  window.addEventListener('online', onOnline)
  signal.addEventListener('abort', onOnline)
  try {
    while (!signal.aborted) {
      attempt = new AbortController()
      try {
        const res = await http.stream(MSG_API.stream, {
          signal: AbortSignal.any([signal, attempt.signal]),
          headers: lastId ? { 'Last-Event-ID': String(lastId) } : {},
        })
        if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream'))
          throw new Error(`stream ${res.status}`)
        delay = 1000
        for await (const e of parseSse(res.body)) {
          if (e.event === 'ready') lastId = Math.max(lastId, Number((JSON.parse(e.data) as { lastId: number }).lastId) || 0)
          else if (e.event === 'message') {
            const message = JSON.parse(e.data) as InboxMessage
            lastId = Math.max(lastId, message.id)
            onEvent({ type: 'message', message })
          } else if (e.event === 'read') onEvent({ type: 'read' })
          // the gateway shuts down: come back after its hint (another gateway answers), not the back-off
          else if (e.event === 'closing') delay = Number((JSON.parse(e.data) as { retryMs?: number }).retryMs) || 1000
        }
      } catch {
        /* below: reconnect */
      }
      if (signal.aborted) return
      if (attempt.signal.aborted) continue // back online: at once
      await new Promise<void>((r) => {
        wake = r
        setTimeout(r, delay + Math.random() * 500)
      })
      wake = null
      delay = Math.min(delay * 2, 30_000)
    }
  } finally {
    window.removeEventListener('online', onOnline)
  }
}

/**
 * Starts the browser's one stream (idempotent); `stopLiveMessages` ends it (logout). `resumeFrom`
 * names the message it resumes after when it connects (0: the gateway's newest).
 */
export function startLiveMessages(resumeFrom: () => number = () => 0): void {
  if (started || typeof window === 'undefined') return
  started = true
  const abort = new AbortController()
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null
  channel?.addEventListener('message', (ev: MessageEvent<LiveEvent>) => emit(ev.data))
  const relay = (e: LiveEvent) => {
    emit(e)
    channel?.postMessage(e)
  }
  const locks = (navigator as Navigator & { locks?: LockManager }).locks
  if (locks) {
    void locks.request(LOCK, { signal: abort.signal }, () => runStream(abort.signal, relay, resumeFrom)).catch(() => undefined)
  } else {
    void runStream(abort.signal, emit, resumeFrom)
  }
  stopCurrent = () => {
    abort.abort()
    channel?.close()
  }
}

export function stopLiveMessages(): void {
  stopCurrent?.()
  stopCurrent = null
  started = false
}

export function onLiveMessage(l: Listener): () => void {
  listeners.add(l)
  return () => listeners.delete(l)
}
