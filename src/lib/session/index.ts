/**
 * The console's session (SPEC §3 "Session-stored items" and "Local-storage items").
 *
 * - Session items live in sessionStorage (one key per item, `trestle.<item>`, JSON) and in a
 *   reactive store, so React subscribes with `useSession(s => s.userAccount)`.
 * - Local items live in localStorage: the cipher (+ keyId) per application, used to refetch the
 *   access token (code 20004); `baseAccessToken`, the console's (the base application's) access
 *   token, mirrored from the session whenever it is issued or renewed and removed with it (the
 *   item other applications of this origin read); and the remembered login
 *   `{ accountName, remember: true }` — never the password.
 * - `clearSession()` (logout, 20114, 20119) clears every session item and the ciphers, and keeps
 *   the remembered login. Other modules that keep per-account data (query cache, persisted cache,
 *   service-worker caches, outbox) register with `onSessionCleared(fn)`; `fn` may be async, and
 *   `clearSession()` returns a promise that settles when every hook has finished.
 *
 * All storage access goes through ./storage (swap backends with `setStorageBackend`).
 */
import type { UserAccount } from '@/contract/schemas/auth'
import type { OrgType } from '@/contract/schemas/org'
import type { CurrentUser, MenuEntry, MenuFunction, OrgNode } from '@/contract/schemas/shell'
import { createStore } from '@/lib/store'
import { readJson, storage, writeJson } from './storage'

export { setStorageBackend, memoryBackend, webBackend, type StorageBackend } from './storage'

/** An authorised function of a menu: `{ applicationMenuFunctionId, functionName, functionAction }`. */
export type AuthFunction = MenuFunction

/** The menu the user is on; its functions decide which actions the UI shows (SPEC §6). */
export interface CurrentMenu {
  menuId: string
  menuName?: string
  menuNameEn?: string | null
  action?: string
  authFunctionList: AuthFunction[]
}

export interface SessionState {
  /** Session token (header `authorization`). */
  token: string | null
  /** Access token (header `accessToken`). */
  accessToken: string | null
  /** HMAC key for request signatures. */
  privateKey: string | null
  /** The RSA public key (PEM) last fetched, with its id. */
  publicKey: string | null
  keyId: string | null
  userAccount: UserAccount | null
  currentMenu: CurrentMenu | null
  user: CurrentUser | null
  /** Where the account sits: its unit's path, then its department's (GET nodes). */
  nodes: OrgNode[] | null
  /** The unit types (orgType/list). */
  unitTypes: OrgType[] | null
  menuItems: MenuEntry[] | null
}

export const SESSION_ITEMS = [
  'token',
  'accessToken',
  'privateKey',
  'publicKey',
  'keyId',
  'userAccount',
  'currentMenu',
  'user',
  'nodes',
  'unitTypes',
  'menuItems',
] as const satisfies readonly (keyof SessionState)[]

const PREFIX = 'trestle.'
const sessionKey = (item: keyof SessionState) => `${PREFIX}${item}`
const CIPHER_PREFIX = `${PREFIX}cipher.`
const REMEMBERED_KEY = `${PREFIX}rememberedLogin`
export const BASE_ACCESS_TOKEN_KEY = `${PREFIX}baseAccessToken`

/** A session with no item set. */
export const emptySession = (): SessionState => Object.fromEntries(SESSION_ITEMS.map((item) => [item, null])) as unknown as SessionState

function load(): SessionState {
  const s = emptySession() as unknown as Record<string, unknown>
  for (const item of SESSION_ITEMS) s[item] = readJson(storage('session'), sessionKey(item))
  return s as unknown as SessionState
}

export const sessionStore = createStore<SessionState>(load())

export const getSession = (): SessionState => sessionStore.get()

/** Subscribes a component to (a slice of) the session. */
export const useSession = sessionStore.use

/** Merges items into the session and persists the changed ones. `null` removes an item. */
export function setSession(partial: Partial<SessionState>): void {
  const prev = sessionStore.get()
  const next = { ...prev, ...partial }
  for (const item of SESSION_ITEMS) {
    if (item in partial && !Object.is(prev[item], next[item])) writeJson(storage('session'), sessionKey(item), next[item])
  }
  if ('accessToken' in partial && !Object.is(prev.accessToken, next.accessToken))
    writeJson(storage('local'), BASE_ACCESS_TOKEN_KEY, next.accessToken)
  sessionStore.set(next)
}

/** Re-reads the session from storage (after swapping a backend, or another tab's change). */
export function reloadSession(): void {
  sessionStore.set(load())
}

/** The pages open without signing in (SPEC §2); a sign-in never returns to one of them. */
const PUBLIC_PAGES = new Set(['/login', '/loginThirdPlatform', '/register', '/sign'])

/**
 * Where a sign-in returns to (/login?redirect=…): the console page, with its query, that was open
 * when the session ended or that was opened signed out. Anything else — another site (`//host`,
 * `https:`), a public page, a malformed value — is undefined, and the sign-in goes home.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const m = /^(\/[a-z][\w\-/]*)(\?[^#\s\\]*)?$/i.exec(value)
  return m && !PUBLIC_PAGES.has(m[1]!) ? value : undefined
}

/** Logged in = a session token and an access token are present. */
export function isLoggedIn(): boolean {
  const s = sessionStore.get()
  return Boolean(s.token && s.accessToken)
}

/** A clear hook; an async one (IndexedDB, CacheStorage) returns its promise. */
export type SessionClearedListener = () => void | Promise<void>

const clearedListeners = new Set<SessionClearedListener>()
/** Longest wait for the clear hooks (a blocked IndexedDB deletion must not hold up a logout). */
export const CLEAR_HOOKS_TIMEOUT_MS = 5_000
let clearing: Promise<void> = Promise.resolve()

/** Called after every `clearSession()`; returns an unsubscribe function. Async listeners are awaited by `clearSession()`'s promise. */
export function onSessionCleared(listener: SessionClearedListener): () => void {
  clearedListeners.add(listener)
  return () => clearedListeners.delete(listener)
}

/** Settles once the hooks of the last `clearSession()` have finished (or the timeout passed). */
export const sessionClearing = (): Promise<void> => clearing

/**
 * Clears every session item and the stored ciphers; keeps the remembered login. Runs every clear
 * hook at once (synchronously started) and returns a promise that settles when all of them have
 * finished — await it before a full page load (logout, account switch) so per-account data is gone.
 * It never rejects.
 */
export function clearSession(): Promise<void> {
  for (const item of SESSION_ITEMS) writeJson(storage('session'), sessionKey(item), null)
  const local = storage('local')
  for (const key of local.keys()) if (key.startsWith(CIPHER_PREFIX) || key === BASE_ACCESS_TOKEN_KEY) writeJson(local, key, null)
  sessionStore.set(emptySession())
  const pending: Promise<unknown>[] = []
  for (const l of clearedListeners) {
    try {
      const r = l()
      if (r && typeof (r as Promise<void>).then === 'function') pending.push(Promise.resolve(r).catch(() => undefined))
    } catch {
      /* one listener's failure must not keep the others from running */
    }
  }
  if (pending.length === 0) return (clearing = Promise.resolve())
  let timer: ReturnType<typeof setTimeout> | undefined
  const capped = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLEAR_HOOKS_TIMEOUT_MS)))
  clearing = Promise.race([Promise.all(pending).then(() => undefined), capped]).finally(() => clearTimeout(timer))
  return clearing
}

// ---- local items ------------------------------------------------------------

/** The console's access token as this device last stored it (any tab), or null after a sign-out. */
export const getBaseAccessToken = (): string | null => readJson<string>(storage('local'), BASE_ACCESS_TOKEN_KEY)

/** The cipher of `{ appCode, loginAccount }` kept per application to refetch the access token. */
export interface StoredCipher {
  cipherText: string
  keyId: string
}

export const getCipher = (appCode: string): StoredCipher | null => readJson<StoredCipher>(storage('local'), CIPHER_PREFIX + appCode)

export function setCipher(appCode: string, cipher: StoredCipher | null): void {
  writeJson(storage('local'), CIPHER_PREFIX + appCode, cipher)
}

export interface RememberedLogin {
  accountName: string
  remember: true
}

export function getRememberedLogin(): RememberedLogin | null {
  const r = readJson<RememberedLogin>(storage('local'), REMEMBERED_KEY)
  return r && typeof r.accountName === 'string' && r.remember === true ? { accountName: r.accountName, remember: true } : null
}

/** Remembers an account name for the next login, or forgets it (`null`). Never the password. */
export function setRememberedLogin(accountName: string | null): void {
  writeJson(storage('local'), REMEMBERED_KEY, accountName ? { accountName, remember: true } : null)
}
