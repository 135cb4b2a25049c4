import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ChunkLoadError,
  SCRIPT_CHUNK_TIMEOUT_MS,
  chunkUrlOf,
  classifyChunkFailure,
  installPreloadErrorListener,
  isChunkFailure,
  loadChunk,
  type FetchLike,
} from './classify'

const JS = 'https://console.example/assets/RoleManagePage-abc123.js'
const CSS = '/assets/RoleManagePage-abc123.css'
const chrome = new TypeError(`Failed to fetch dynamically imported module: ${JS}`)
const firefox = new TypeError(`error loading dynamically imported module: ${JS}`)
const safari = new TypeError('Importing a module script failed.')
const css = new Error(`Unable to preload CSS for ${CSS}`)

const answer = (status: number, contentType = 'application/javascript') =>
  vi.fn<FetchLike>(async () => ({ status, ok: status >= 200 && status < 300, headers: new Headers({ 'content-type': contentType }) }))

afterEach(() => {
  vi.useRealTimers()
})

describe('chunkUrlOf', () => {
  it('reads the URL from browser and Vite messages', () => {
    expect(chunkUrlOf(chrome)).toBe(JS)
    expect(chunkUrlOf(firefox)).toBe(JS)
    expect(chunkUrlOf(css)).toBe(CSS)
    expect(chunkUrlOf(safari)).toBeUndefined()
    expect(chunkUrlOf(undefined)).toBeUndefined()
  })
})

describe('classifyChunkFailure', () => {
  it('calls a chunk that 404s missing, probing its URL with an uncached HEAD', async () => {
    const fetch = answer(404)
    const e = await classifyChunkFailure(chrome, { fetch })
    expect(e).toBeInstanceOf(ChunkLoadError)
    expect(e).toMatchObject({ type: 'missing', resource: 'script', url: JS })
    expect(e.cause).toBe(chrome)
    expect(fetch).toHaveBeenCalledWith(JS, expect.objectContaining({ method: 'HEAD', cache: 'no-store' }))
  })
  it('calls 410 missing too', async () => {
    expect((await classifyChunkFailure(firefox, { fetch: answer(410) })).type).toBe('missing')
  })
  it('calls the SPA fallback page served in place of a script missing', async () => {
    expect((await classifyChunkFailure(chrome, { fetch: answer(200, 'text/html; charset=utf-8') })).type).toBe('missing')
  })
  it('calls a chunk that is there, or a server fault, error', async () => {
    expect((await classifyChunkFailure(chrome, { fetch: answer(200) })).type).toBe('error')
    expect((await classifyChunkFailure(chrome, { fetch: answer(503) })).type).toBe('error')
  })
  it('calls a failing probe (offline) error', async () => {
    const fetch = vi.fn<FetchLike>(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect((await classifyChunkFailure(chrome, { fetch })).type).toBe('error')
  })
  it('calls a failure without a URL error, without probing', async () => {
    const fetch = answer(404)
    expect((await classifyChunkFailure(safari, { fetch })).type).toBe('error')
    expect(fetch).not.toHaveBeenCalled()
  })
  it('reports a CSS preload failure as a style failure', async () => {
    const e = await classifyChunkFailure(css, { fetch: answer(404, 'text/plain') })
    expect(e).toMatchObject({ type: 'missing', resource: 'style', url: CSS })
  })
  it('passes a ChunkLoadError through unchanged', async () => {
    const original = new ChunkLoadError('timeout', 'script')
    expect(await classifyChunkFailure(original, { fetch: answer(404) })).toBe(original)
  })
})

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ Page: 1 }), { fetch: answer(200) })).resolves.toEqual({ Page: 1 })
  })
  it('times a script chunk out after 120 s, not before', async () => {
    vi.useFakeTimers()
    const p = loadChunk(() => new Promise<never>(() => {}), { fetch: answer(200) })
    const settled = vi.fn()
    p.then(settled, settled)
    await vi.advanceTimersByTimeAsync(SCRIPT_CHUNK_TIMEOUT_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(p).rejects.toMatchObject({ name: 'ChunkLoadError', type: 'timeout', resource: 'script' })
  })
  it('does not time out a chunk that arrives in time', async () => {
    vi.useFakeTimers()
    const p = loadChunk(() => new Promise((r) => setTimeout(() => r('ok'), 60_000)), { fetch: answer(200) })
    await vi.advanceTimersByTimeAsync(SCRIPT_CHUNK_TIMEOUT_MS * 2)
    await expect(p).resolves.toBe('ok')
  })
  it('classifies an import failure', async () => {
    await expect(loadChunk(() => Promise.reject(chrome), { fetch: answer(404) })).rejects.toMatchObject({ type: 'missing', url: JS })
  })
})

describe('isChunkFailure / installPreloadErrorListener', () => {
  it('recognises browser and Vite chunk messages', () => {
    for (const e of [chrome, firefox, safari, css, new ChunkLoadError('timeout', 'script')]) expect(isChunkFailure(e)).toBe(true)
    expect(isChunkFailure(new TypeError('x is not a function'))).toBe(false)
  })
  it("recognises what Vite reported through 'vite:preloadError', whatever its wording", () => {
    const target = new EventTarget()
    const off = installPreloadErrorListener(target as unknown as Window)
    const odd = new TypeError('Load failed')
    expect(isChunkFailure(odd)).toBe(false)
    target.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: odd }))
    expect(isChunkFailure(odd)).toBe(true)
    off()
    const later = new TypeError('Load failed')
    target.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: later }))
    expect(isChunkFailure(later)).toBe(false)
  })
  it('does not cancel the event, so Vite rethrows into the import', () => {
    const target = new EventTarget()
    const off = installPreloadErrorListener(target as unknown as Window)
    const ev = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: css })
    target.dispatchEvent(ev)
    expect(ev.defaultPrevented).toBe(false)
    off()
  })
})
