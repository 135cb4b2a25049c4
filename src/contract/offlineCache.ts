/**
 * The names the service worker and the console share for the offline cache — apart from the list
 * of cached paths (./offline), which names every area's API: the request client and the start-up
 * code read these without loading those areas' schemas.
 */

/** Seconds the service worker waits for the gateway before answering from its cache. */
export const OFFLINE_NETWORK_TIMEOUT_S = 3

/**
 * Set by the service worker on an answer served from its cache: when that answer was fetched
 * from the gateway (ISO 8601). The console shows it as "data from HH:mm".
 */
export const CACHED_AT_HEADER = 'x-trestle-cached-at'

/** Prefix of the per-account CacheStorage caches of API answers (`<prefix><accountId>`). */
export const API_CACHE_PREFIX = 'trestle-api:'
/** The cache holding which account is signed in (the service worker reads it per request). */
export const OFFLINE_META_CACHE = 'trestle-meta'
/** The entry of OFFLINE_META_CACHE whose body is the signed-in account id. */
export const OFFLINE_ACCOUNT_ENTRY = '/__trestle/account'

/** The cache of one account's API answers. */
export const cacheNameFor = (accountId: string): string => API_CACHE_PREFIX + encodeURIComponent(accountId)

export const isApiCacheName = (name: string): boolean => name.startsWith(API_CACHE_PREFIX)
