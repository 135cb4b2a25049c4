/**
 * The signed request client (DESIGN §2, SPEC §7–8), wired for the browser.
 *
 *   import { http, ApiError } from '@/lib/http'
 *   const page = await http.get<Page<Role>>(API.role.listPage, { pageIndex: 1, status: [1, 2] }, { signal })
 *   await http.post(API.role.add, body, { handled: [Code.INVALID] })   // caller marks the fields itself
 *   await http.upload<FileInfo>(FILE_PATHS.upload, formData, { params: { purpose }, onProgress })  // multipart, UNSIGNED-PAYLOAD
 *   const { blob, fileName } = await http.download(paths.export, filters)                       // xlsx and other files
 *
 * Resolves with `data` on 10000/20120, rejects with `ApiError` ({ kind, code, data, prompt })
 * otherwise. Session codes are handled here: 20004 (renew access token, retry), 20007 (new public
 * key + cipher, retry), 20112 (one password prompt for everyone, then retry), 20114 (clear, /login),
 * 20119 (alert, clear, /login). Other codes and network failures show a box unless
 * `silent` / `handled`.
 *
 * What the shell wires (main.tsx / root route):
 *   - `<GlobalDialogs />` (from '@/features/auth' or '@/lib/http/GlobalDialogs') mounted once at the root;
 *   - `setNavigator((path) => router.navigate({ to: path }))` once the router exists
 *     (until then a full page load is used);
 *   - `resetDialogFlag()` whenever a navigation leaves /login (SPEC §2);
 *   - `logout()` for the logout menu item.
 *
 * `onResponseHeader(name, listener)` observes a response header of every answer (grants-version).
 */
import { v7 as uuidv7 } from 'uuid'
import { CACHED_AT_HEADER } from '@/contract/offlineCache'
import { DEFAULT_APP_CODE } from '@/contract/paths'
import { hmacSha256Hex, randomHex, rsaEncrypt, sha256Hex } from '@/lib/crypto'
import { acceptLanguage, hasKey, t } from '@/lib/i18n'
import { markServedFromCache } from './servedFromCache'
import { clearSession, getCipher, getSession, returnPath, setCipher, setSession } from '@/lib/session'
import { browserCarrier } from './carrier'
import { createHttpClient, type CoreText } from './core'
import { passwordPrompt, showAlert, showError, showMessage, takeDialogFlag } from './dialogs'
import { navigateTo } from './navigation'
import { xhrSend } from './xhr'

export { ApiError, hasCode, isApiError, DEFAULT_TIMEOUT_MS, createHttpClient, fileNameOf } from './core'
export type { ErrorKind, RequestOptions, HttpClient, HttpDeps, UploadOptions, Download } from './core'
export { setNavigator, navigateTo } from './navigation'
export { resetDialogFlag, showError, showMessage, showAlert } from './dialogs'
export { formEncode, jsonBody } from './encode'

/** The application code sent with every request. */
export const APP_CODE: string = (import.meta.env?.VITE_APP_CODE as string | undefined) || DEFAULT_APP_CODE

function text(key: CoreText, code?: number): string {
  switch (key) {
    case 'network':
      return t('common.networkError')
    case 'timeout':
      return t('common.timeout')
    case 'invalid':
      return t('common.invalidResponse')
    case 'cancelled':
      return t('auth.http.cancelled')
    case 'emptyPassword':
      return t('auth.relogin.empty')
    case 'code': {
      const k = `codes.${code}`
      return hasKey(k) ? t(k) : t('auth.http.unknownCode', { code: code ?? 0 })
    }
  }
}

type HeaderListener = (value: string) => void
const headerListeners = new Map<string, Set<HeaderListener>>()

/**
 * Calls `listener` with the value of response header `name` on every answer that carries it
 * (e.g. `grants-version`, which @/lib/permissions watches to reload the menu). Returns an unsubscribe.
 */
export function onResponseHeader(name: string, listener: HeaderListener): () => void {
  const key = name.toLowerCase()
  let set = headerListeners.get(key)
  if (!set) headerListeners.set(key, (set = new Set()))
  set.add(listener)
  return () => {
    set.delete(listener)
  }
}

/**
 * How a request went: an envelope from the gateway (`reached`); no answer, a timeout or something
 * that is not an envelope (`unreached`); an answer the service worker served from its cache
 * because the gateway did not answer within its short timeout (`cached`: down, or just slow).
 */
export type Reach = 'reached' | 'unreached' | 'cached'
type ReachListener = (reach: Reach) => void
const reachListeners = new Set<ReachListener>()

/** Calls `listener` after every request with how it went (@/lib/offline keeps its connectivity by it). */
export function onReachability(listener: ReachListener): () => void {
  reachListeners.add(listener)
  return () => {
    reachListeners.delete(listener)
  }
}

function notifyReach(reach: Reach): void {
  for (const l of reachListeners) l(reach)
}

function notifyHeaders(headers: Headers): void {
  for (const [name, listeners] of headerListeners) {
    const value = headers.get(name)
    if (value !== null) for (const l of listeners) l(value)
  }
}

const client = createHttpClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  sendWithProgress: typeof XMLHttpRequest === 'undefined' ? undefined : xhrSend,
  now: () => new Date(),
  nonce: () => randomHex(16),
  uuid: () => uuidv7(),
  appCode: APP_CODE,
  baseUrl: (import.meta.env?.VITE_API_BASE as string | undefined) ?? '',
  language: acceptLanguage,
  sha256Hex,
  hmacSha256Hex,
  rsaEncrypt,
  carrier: () => browserCarrier(globalThis.navigator?.userAgent ?? ''),
  session: { get: getSession, set: setSession, clear: clearSession, getCipher, setCipher },
  ui: { error: showError, message: showMessage, alert: showAlert, passwordPrompt, takeDialogFlag },
  navigate: navigateTo,
  currentPage: () => (typeof location === 'undefined' ? null : (returnPath(location.pathname + location.search) ?? null)),
  text,
  onHeaders: notifyHeaders,
  // an answer the service worker served from its cache: its data remembers when it was fetched
  onEnvelope: (data, headers) => {
    const fetchedAt = headers.get(CACHED_AT_HEADER)
    if (fetchedAt) markServedFromCache(data, fetchedAt)
    notifyReach(fetchedAt ? 'cached' : 'reached')
  },
  onUnreached: () => notifyReach('unreached'),
})

/** The request client. */
export const http = {
  get: client.get,
  post: client.post,
  put: client.put,
  form: client.form,
  del: client.del,
  upload: client.upload,
  download: client.download,
  stream: client.stream,
}

/** The login sequence (used by @/features/auth and by the 20112 prompt). */
export const authClient = {
  login: client.login,
  completeLogin: client.completeLogin,
}

/** POST logout (failure ignored), clear the session (keeping the remembered login), go to /login. */
export const logout = (): Promise<void> => client.logout()
