/**
 * Lazy chunk failures (SPEC §8): a failed script or style load becomes a ChunkLoadError of
 * type 'missing' (the file is gone — usually a newer deployment replaced it), 'timeout'
 * (a script chunk took longer than 120 s) or 'error' (anything else: offline, a server fault,
 * an exception while evaluating the module).
 */

export type ChunkErrorType = 'missing' | 'timeout' | 'error'
export type ChunkResource = 'script' | 'style'

/** SPEC §9: a script chunk times out after 120 seconds. */
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000
/** How long the probe of a failing URL may take before we give up and call it 'error'. */
const PROBE_TIMEOUT_MS = 10_000

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'
  constructor(
    readonly type: ChunkErrorType,
    readonly resource: ChunkResource,
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super(`Chunk load failed (${type}, ${resource})${url ? `: ${url}` : ''}`, options)
  }
}

export const isChunkLoadError = (e: unknown): e is ChunkLoadError => e instanceof ChunkLoadError

/** Errors Vite reported through 'vite:preloadError' (see installPreloadErrorListener). */
const vitePreloadFailures = new WeakSet<object>()

const messageOf = (err: unknown): string =>
  err && typeof err === 'object' && 'message' in err && typeof err.message === 'string' ? err.message : String(err ?? '')

/**
 * The URL a browser names in a failed dynamic import / preload message:
 * Chrome "Failed to fetch dynamically imported module: http://…/assets/x.js",
 * Firefox "error loading dynamically imported module: …", Vite "Unable to preload CSS for /assets/x.css".
 * Safari's "Importing a module script failed." names none.
 */
export function chunkUrlOf(err: unknown): string | undefined {
  const msg = messageOf(err)
  const m = /(https?:\/\/[^\s'"]+|\/[^\s'"]+\.(?:m?js|css)(?:\?[^\s'"]*)?)/.exec(msg)
  return m?.[1]
}

export function isStyleFailure(err: unknown, url = chunkUrlOf(err)): boolean {
  if (/Unable to preload CSS/i.test(messageOf(err))) return true
  return !!url && /\.css(\?|$)/.test(url)
}

const CHUNK_MESSAGES = [
  /^Failed to fetch dynamically imported module/i,
  /^error loading dynamically imported module/i,
  /^Importing a module script failed/i,
  /^Unable to preload CSS/i,
]

/**
 * Whether an error (caught by an error boundary, say) is a failed chunk or style load: a
 * ChunkLoadError, an error Vite reported as a preload failure, or a browser's message for a
 * failed dynamic import.
 */
export function isChunkFailure(err: unknown): boolean {
  if (err instanceof ChunkLoadError) return true
  if (err && typeof err === 'object' && vitePreloadFailures.has(err)) return true
  const msg = messageOf(err)
  return CHUNK_MESSAGES.some((re) => re.test(msg))
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Pick<Response, 'status' | 'ok' | 'headers'>>

/**
 * Classifies a failed chunk load. The failing URL is probed with HEAD (no cache): a 404/410,
 * or an HTML page where a script or style should be (the server's SPA fallback), means the
 * chunk is 'missing'; anything else — the probe failing too, a 5xx, the file being there — is 'error'.
 */
export async function classifyChunkFailure(err: unknown, deps: { fetch?: FetchLike } = {}): Promise<ChunkLoadError> {
  if (err instanceof ChunkLoadError) return err
  const url = chunkUrlOf(err)
  const resource: ChunkResource = isStyleFailure(err, url) ? 'style' : 'script'
  const doFetch = deps.fetch ?? (globalThis.fetch as FetchLike | undefined)
  if (!url || !doFetch) return new ChunkLoadError('error', resource, url, { cause: err })
  try {
    const signal = typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(PROBE_TIMEOUT_MS) : undefined
    const res = await doFetch(url, { method: 'HEAD', cache: 'no-store', signal })
    if (res.status === 404 || res.status === 410) return new ChunkLoadError('missing', resource, url, { cause: err })
    const type = res.headers.get('content-type') ?? ''
    if (res.ok && /text\/html/i.test(type)) return new ChunkLoadError('missing', resource, url, { cause: err })
    return new ChunkLoadError('error', resource, url, { cause: err })
  } catch {
    return new ChunkLoadError('error', resource, url, { cause: err })
  }
}

/** Rejects with a 'timeout' ChunkLoadError when `promise` has not settled within `ms`. */
export function withChunkTimeout<T>(promise: Promise<T>, ms = SCRIPT_CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', 'script')), ms)
    promise.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(timer)
        reject(e)
      },
    )
  })
}

/** Imports a chunk with the 120 s timeout; any failure comes out as a classified ChunkLoadError. */
export async function loadChunk<T>(importer: () => Promise<T>, deps: { fetch?: FetchLike; timeoutMs?: number } = {}): Promise<T> {
  try {
    return await withChunkTimeout(importer(), deps.timeoutMs ?? SCRIPT_CHUNK_TIMEOUT_MS)
  } catch (err) {
    throw await classifyChunkFailure(err, deps)
  }
}

/**
 * Vite announces every failed preload — a chunk's CSS ("Unable to preload CSS for …") or the
 * chunk itself — with a window 'vite:preloadError' event, then rethrows it into the import.
 * We let it rethrow (the lazy screen or the error boundary shows the retry screen) and
 * remember the error, so that `isChunkFailure` recognises it whatever the browser's wording.
 */
export function installPreloadErrorListener(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload
    if (payload && typeof payload === 'object') vitePreloadFailures.add(payload)
  }
  target.addEventListener('vite:preloadError', onPreloadError)
  return () => target.removeEventListener('vite:preloadError', onPreloadError)
}
