/**
 * The service worker's cache of dictionary answers (DESIGN §4 "Reading offline"), as pure pieces
 * that run in the worker (src/sw.ts) and in unit tests:
 *
 * - which requests are cached: GETs of a path in OFFLINE_CACHED_PATHS;
 * - the cache key: method + path + query only. Our requests are signed (timestamp, nonce and
 *   signature headers change on every call), so the headers never take part; query parameters are
 *   sorted so `?a=1&b=2` and `?b=2&a=1` are one entry;
 * - what is stored: only a successful envelope (HTTP 200, JSON, code 10000 or 20120), stamped
 *   with the time it was fetched (CACHED_AT_HEADER), and only while the account it was fetched
 *   for is still the signed-in one;
 * - when the network answer is not usable (a proxy's 502/503/504, a captive portal's HTML page)
 *   the cached answer is served instead, as when the gateway cannot be reached at all;
 * - one cache per account (`trestle-api:<accountId>`); the console deletes them on logout.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js'
import { isSuccess } from '@/contract/codes'
import { CACHED_AT_HEADER, OFFLINE_CACHED_PATHS } from '@/contract/offline'

const CACHED = new Set(OFFLINE_CACHED_PATHS)

/** True for a request the service worker answers network-first from its dictionary cache. */
export function isCachedRequest(method: string, url: URL | string, origin?: string): boolean {
  const u = typeof url === 'string' ? new URL(url, origin ?? 'http://localhost') : url
  if (origin && u.origin !== origin) return false
  return method.toUpperCase() === 'GET' && CACHED.has(u.pathname)
}

/** The cache key of a request: its URL with the query sorted, no hash, no headers (a bare GET). */
export function normalisedCacheUrl(url: string): string {
  const u = new URL(url)
  const params: [string, string][] = []
  u.searchParams.forEach((value, key) => params.push([key, value]))
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
  u.search = params.length ? `?${new URLSearchParams(params).toString()}` : ''
  u.hash = ''
  return u.toString()
}

export function normalisedCacheKey(request: Request): Request {
  return new Request(normalisedCacheUrl(request.url), { method: 'GET' })
}

/** True when `response` is an answer worth keeping: HTTP 200, JSON, a success envelope. */
export async function isSuccessfulEnvelope(response: Response): Promise<boolean> {
  if (response.status !== 200 || response.type === 'opaque') return false
  if (!(response.headers.get('content-type') ?? '').includes('json')) return false
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null
    return !!body && typeof body === 'object' && isSuccess(body.code)
  } catch {
    return false
  }
}

/** The response to store: the same answer stamped with when it was fetched. */
export async function stampFetchedAt(response: Response, fetchedAt: Date): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set(CACHED_AT_HEADER, fetchedAt.toISOString())
  return new Response(await response.clone().blob(), { status: response.status, statusText: response.statusText, headers })
}

/** An answer from the network that must not reach the page when a cached one exists. */
export function isUnusableNetworkAnswer(response: Response): boolean {
  if (response.status === 502 || response.status === 503 || response.status === 504) return true
  const type = response.headers.get('content-type') ?? ''
  return response.status === 200 && !type.includes('json')
}

export interface DictionaryPluginOptions {
  /** The account the cache belongs to. */
  accountId: string
  /** The account signed in now (read from the meta cache); answers are kept only while it is `accountId`. */
  currentAccount: () => Promise<string | null>
  now?: () => Date
}

/** The Workbox plugins of the dictionary route. */
export function dictionaryPlugins(options: DictionaryPluginOptions): WorkboxPlugin {
  const now = options.now ?? (() => new Date())
  return {
    cacheKeyWillBeUsed: ({ request }) => Promise.resolve(normalisedCacheKey(request)),
    cacheWillUpdate: async ({ response }) => {
      if (!(await isSuccessfulEnvelope(response))) return null
      // Signed out (or another account signed in) while this answer was on its way: drop it.
      if ((await options.currentAccount()) !== options.accountId) return null
      return stampFetchedAt(response, now())
    },
    fetchDidSucceed: ({ response }) => {
      if (isUnusableNetworkAnswer(response)) return Promise.reject(new Error(`unusable answer (HTTP ${response.status})`))
      return Promise.resolve(response)
    },
  }
}
