/**
 * The signed request client, as a pure core: everything it touches from the outside world
 * (fetch, clock, randomness, crypto, session storage, dialogs, navigation) comes in through
 * `HttpDeps`, so unit tests drive it with fakes. `./index.ts` wires the browser defaults.
 *
 * Protocol: DESIGN §2. Code handling: SPEC §8 + DESIGN code table.
 */
import { Code, isSuccess } from '@/contract/codes'
import { isEnvelope, type Envelope } from '@/contract/envelope'
import { API, UNSIGNED_PATHS } from '@/contract/paths'
import { EMPTY_BODY_HASH, HEADER_NAMES, UNSIGNED_PAYLOAD, formatTimestamp, stringToSign } from '@/contract/signing'
import type { AccessTokenResult, LoginResult, PubKey } from '@/contract/schemas/auth'
import type { SessionState, StoredCipher } from '@/lib/session'
import { formEncode, jsonBody } from './encode'

export type ErrorKind = 'code' | 'network' | 'timeout' | 'cancelled' | 'invalid'

/** Why a request did not resolve: a non-success code, or a transport failure. */
export class ApiError extends Error {
  readonly code: number
  readonly data: unknown
  readonly prompt?: string
  readonly kind: ErrorKind
  /** HTTP status of the answer, when one arrived (e.g. 429, 502 from a proxy). */
  readonly status?: number
  /** The answer's Retry-After header, when it had one (seconds or an HTTP date). */
  readonly retryAfter?: string
  constructor(
    kind: ErrorKind,
    message: string,
    code = 0,
    data: unknown = null,
    prompt?: string,
    http?: { status?: number; retryAfter?: string | null },
  ) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.code = code
    this.data = data
    this.prompt = prompt
    if (http?.status) this.status = http.status
    if (http?.retryAfter) this.retryAfter = http.retryAfter
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError
/** True when `e` is an ApiError carrying one of `codes`. */
export const hasCode = (e: unknown, ...codes: number[]): e is ApiError =>
  e instanceof ApiError && e.kind === 'code' && codes.includes(e.code)

export interface RequestOptions {
  /** Caller's cancellation; aborting rejects with kind 'cancelled' and shows nothing. */
  signal?: AbortSignal
  /** No error or message box at all (session handling — 20004/20007/20112/20114/20119 — still runs). */
  silent?: boolean
  /** Codes the caller shows itself (no box for these), e.g. [20001, 20008]. */
  handled?: number[]
  /** Transport failures the caller handles itself (no box), e.g. ['network', 'timeout'] when an edit goes to the outbox instead. */
  quietKinds?: ErrorKind[]
  /** Idempotency-Key for a mutation; a new UUID per logical request when absent. */
  idempotencyKey?: string
  /** Per-attempt timeout, default 30 000 ms. */
  timeoutMs?: number
  /** Told the gateway's message of a successful answer (a screen that shows it, SPEC: the workflow model's save). */
  onMessage?: (message: string) => void
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface UploadOptions extends RequestOptions {
  /** Query parameters (signed with the path), e.g. `{ purpose: 'avatar' }`. */
  params?: Record<string, unknown>
  /** Bytes sent so far and in all (needs `HttpDeps.sendWithProgress`). */
  onProgress?: (loaded: number, total: number) => void
}

/** A binary answer (e.g. an xlsx export): the bytes and the file name from Content-Disposition. */
export interface Download {
  blob: Blob
  fileName: string | null
}

/**
 * A transport that reports upload progress (the browser: XMLHttpRequest; fetch cannot). Answers
 * like fetch. Without it, uploads go through `fetch` and report no progress.
 */
export type SendWithProgress = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData; signal: AbortSignal },
  onProgress: (loaded: number, total: number) => void,
) => Promise<Response>

/** What the core reads and writes of the session (see @/lib/session). */
export interface SessionPort {
  get(): SessionState
  set(partial: Partial<SessionState>): void
  clear(): void
  getCipher(appCode: string): StoredCipher | null
  setCipher(appCode: string, cipher: StoredCipher | null): void
}

/** The dialogs the core shows (see ./dialogs.ts). */
export interface UiPort {
  /** Error box titled 错误. */
  error(message: string): void
  /** Message box (20021, 20099). */
  message(message: string): void
  /** Alert (20119); resolves when dismissed. */
  alert(message: string): Promise<void>
  /**
   * The re-login password prompt (20112). `submit` answers null on success or the text to show
   * in the prompt; the returned promise resolves true after a successful submit, false on cancel.
   */
  passwordPrompt(p: { accountName: string; submit(password: string): Promise<string | null> }): Promise<boolean>
  /** The dialog flag: true the first time (and sets it), false while it is set. */
  takeDialogFlag(): boolean
}

export interface HttpDeps {
  fetch: typeof globalThis.fetch
  /** Optional: uploads with progress (see SendWithProgress). */
  sendWithProgress?: SendWithProgress
  now: () => Date
  /** 16+ random characters, new on every call. */
  nonce: () => string
  /** An idempotency key (UUID). */
  uuid: () => string
  appCode: string
  /** Prepended to every path (default '' = same origin). */
  baseUrl?: string
  language: () => string
  sha256Hex(text: string): string
  hmacSha256Hex(key: string, text: string): string
  rsaEncrypt(publicKeyPem: string, text: string): string | Promise<string>
  /** `${browserName} ${version}` sent as `carrier` on login. */
  carrier: () => string
  session: SessionPort
  ui: UiPort
  navigate: (path: string) => void
  /**
   * The console page shown now (path and query) when a sign-in may return to it, else null: a
   * session that ends by itself (20114, 20119, a cancelled re-login) sends the user to
   * /login?redirect=… so that signing in again goes back there; a logout goes to /login alone.
   */
  currentPage?: () => string | null
  /** Texts shown by the core (translated by the caller). */
  text: (key: CoreText, code?: number) => string
  timeoutMs?: number
  /**
   * Sees the headers of every answer that arrives (envelope or file, success or not), e.g. the
   * gateway's `grants-version`. Called before the answer is handled; what it throws is ignored.
   */
  onHeaders?: (headers: Headers) => void
  /**
   * Sees the data of every envelope that arrives, with its answer's headers (e.g. @/lib/offline/read
   * notes when an answer the service worker served from its cache was fetched). What it throws is ignored.
   */
  onEnvelope?: (data: unknown, headers: Headers) => void
  /**
   * A request that did not reach the gateway: no answer, no answer in time, or an answer that is
   * not an envelope (a captive portal's page). What it throws is ignored.
   */
  onUnreached?: (kind: 'network' | 'timeout' | 'invalid') => void
}

export type CoreText = 'network' | 'timeout' | 'invalid' | 'cancelled' | 'emptyPassword' | 'code'

export const DEFAULT_TIMEOUT_MS = 30_000
/** How many times one request may go through the password prompt. */
const MAX_PROMPTS = 3

interface Prepared {
  method: Method
  path: string
  query: string
  /** FormData: multipart, signed with UNSIGNED-PAYLOAD (the browser sets the content type). */
  body: string | FormData | undefined
  contentType?: string
  onProgress?: (loaded: number, total: number) => void
  /** A non-JSON answer resolves with a Download instead of an envelope. */
  binary?: boolean
}

interface Sent {
  env: Envelope
  token: string | null
  accessToken: string | null
  status?: number
  retryAfter?: string | null
}

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8'
const JSON_TYPE = 'application/json;charset=UTF-8'
const LOGIN_CALLS: ReadonlySet<string> = new Set([API.auth.login, API.auth.loginThirdPlatform])

export interface HttpClient {
  get<T>(path: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<T>
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>
  form<T>(path: string, body: Record<string, unknown>, opts?: RequestOptions): Promise<T>
  del<T>(path: string, ids: string[], opts?: RequestOptions): Promise<T>
  /** POST multipart/form-data (body hash UNSIGNED-PAYLOAD), with upload progress when the transport offers it. */
  upload<T>(path: string, form: FormData, opts?: UploadOptions): Promise<T>
  /** A signed GET whose success answer is a file (xlsx…); error answers are envelopes as usual. */
  download(path: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<Download>
  /**
   * A signed GET kept open (Server-Sent Events, DESIGN §5): the raw response, signed afresh on every
   * call (EventSource cannot send our headers). The caller reads the body and reconnects.
   */
  stream(path: string, opts?: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response>
  /** The full login sequence (SPEC §7); stores token, userAccount, cipher, accessToken, privateKey. Shows nothing. */
  login(credentials: { accountName: string; password: string }): Promise<LoginResult>
  /** Steps after a login call answered `{ token, userAccount }` (e.g. third-platform login). Shows nothing. */
  completeLogin(result: LoginResult, key?: PubKey): Promise<void>
  /** POST logout (failure ignored), clear the session, go to /login. */
  logout(): Promise<void>
  /** Number of requests in flight (deduplicated ones count once). */
  inFlight(): number
}

/** The file name of a Content-Disposition header (RFC 6266: filename* preferred). */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header)
  return (plain?.[1] ?? plain?.[2])?.trim() || null
}

export function createHttpClient(deps: HttpDeps): HttpClient {
  const timeoutDefault = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const base = deps.baseUrl ?? ''

  /** Tells `onUnreached` (never failing the request for it) and gives the error back. */
  function unreached(err: ApiError): ApiError {
    try {
      deps.onUnreached?.(err.kind as 'network' | 'timeout' | 'invalid')
    } catch {
      /* an observer never breaks a request */
    }
    return err
  }

  // ---- one exchange: headers, signature, fetch, envelope ------------------------

  function headersFor(p: Prepared, idempotencyKey: string | undefined): Record<string, string> {
    const s = deps.session.get()
    const h: Record<string, string> = {
      'Cache-Control': 'no-cache',
      'Accept-Language': deps.language(),
      [HEADER_NAMES.appCode]: deps.appCode,
    }
    if (s.token) h[HEADER_NAMES.authorization] = s.token
    if (!UNSIGNED_PATHS.has(p.path)) {
      const timestamp = formatTimestamp(deps.now())
      const nonce = deps.nonce()
      h[HEADER_NAMES.accessToken] = s.accessToken ?? ''
      h[HEADER_NAMES.menuId] = s.currentMenu?.menuId ?? ''
      h[HEADER_NAMES.timestamp] = timestamp
      h[HEADER_NAMES.nonce] = nonce
      h[HEADER_NAMES.signature] = deps.hmacSha256Hex(
        s.privateKey ?? '',
        stringToSign({
          timestamp,
          nonce,
          method: p.method,
          path: p.path,
          query: p.query,
          bodyHash: p.body === undefined ? EMPTY_BODY_HASH : typeof p.body === 'string' ? deps.sha256Hex(p.body) : UNSIGNED_PAYLOAD,
        }),
      )
    }
    if (idempotencyKey) h[HEADER_NAMES.idempotencyKey] = idempotencyKey
    if (p.contentType) h['Content-Type'] = p.contentType
    return h
  }

  /** Sends once (fresh timestamp, nonce and signature) and parses the envelope. */
  async function exchange(
    p: Prepared,
    idempotencyKey: string | undefined,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<Sent> {
    if (signal?.aborted) throw new ApiError('cancelled', deps.text('cancelled'))
    const s = deps.session.get()
    const sentWith = { token: s.token, accessToken: s.accessToken }
    const headers = headersFor(p, idempotencyKey)
    let answerHeaders: Headers | undefined
    const controller = new AbortController()
    let timedOut = false
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    let httpMeta: { status: number; retryAfter: string | null } | undefined
    try {
      let text: string
      try {
        const url = base + p.path + (p.query ? `?${p.query}` : '')
        const res =
          p.onProgress && deps.sendWithProgress && typeof p.body === 'object'
            ? await deps.sendWithProgress(url, { method: p.method, headers, body: p.body, signal: controller.signal }, p.onProgress)
            : await deps.fetch(url, {
                method: p.method,
                headers,
                body: p.body,
                signal: controller.signal,
                cache: 'no-store',
                credentials: 'same-origin',
              })
        try {
          deps.onHeaders?.(res.headers)
        } catch {
          /* an observer never breaks a request */
        }
        answerHeaders = res.headers
        const type = res.headers.get('content-type') ?? ''
        // A file answer: anything but JSON or text (envelopes are JSON; a proxy's error page is text), or a CSV file.
        if (p.binary && res.ok && !type.includes('json') && (!type.startsWith('text/') || type.startsWith('text/csv'))) {
          const download: Download = { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) }
          return { env: { code: Code.OK, message: '', data: download } as Envelope, ...sentWith }
        }
        httpMeta = { status: res.status, retryAfter: res.headers.get('retry-after') }
        text = await res.text()
      } catch {
        if (timedOut) throw unreached(new ApiError('timeout', deps.text('timeout')))
        if (signal?.aborted) throw new ApiError('cancelled', deps.text('cancelled'))
        throw unreached(new ApiError('network', deps.text('network')))
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw unreached(new ApiError('invalid', deps.text('invalid'), 0, null, undefined, httpMeta))
      }
      if (!isEnvelope(json)) throw unreached(new ApiError('invalid', deps.text('invalid'), 0, null, undefined, httpMeta))
      if (answerHeaders && deps.onEnvelope) {
        try {
          deps.onEnvelope(json.data, answerHeaders)
        } catch {
          /* an observer never breaks a request */
        }
      }
      const { code, message, data, prompt } = json
      return { env: { code, message, data: data ?? null, ...(prompt === undefined ? {} : { prompt }) }, ...sentWith, ...httpMeta }
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  const codeError = (env: Envelope, sent?: Pick<Sent, 'status' | 'retryAfter'>) =>
    new ApiError('code', env.prompt || env.message || deps.text('code', env.code), env.code, env.data, env.prompt || undefined, sent)

  /** An exchange without any code handling: data on success, ApiError otherwise. */
  async function bare<T>(p: Prepared): Promise<T> {
    const { env } = await exchange(p, p.method === 'GET' ? undefined : deps.uuid(), undefined, timeoutDefault)
    if (!isSuccess(env.code)) throw codeError(env)
    return env.data as T
  }

  // ---- keys, ciphers, access tokens -----------------------------------------------

  const fetchPubKey = () =>
    bare<PubKey>({ method: 'GET', path: API.auth.getPubKey, query: formEncode({ appCode: deps.appCode }), body: undefined })

  /** RSA of {appCode, loginAccount}, stored per application with its keyId. */
  async function buildCipher(key?: PubKey): Promise<StoredCipher> {
    const loginAccount = deps.session.get().userAccount?.accountName
    if (!loginAccount) throw new ApiError('code', deps.text('code', Code.SESSION_INVALID), Code.SESSION_INVALID)
    const k = key ?? (await fetchPubKey())
    const cipher = {
      cipherText: await deps.rsaEncrypt(k.publicKey, JSON.stringify({ appCode: deps.appCode, loginAccount })),
      keyId: k.keyId,
    }
    deps.session.setCipher(deps.appCode, cipher)
    deps.session.set({ publicKey: k.publicKey, keyId: k.keyId })
    return cipher
  }

  /** POST getAccessToken with a cipher; on 20007 rebuilds the cipher with a fresh key once. */
  async function obtainAccessToken(cipher: StoredCipher | null): Promise<void> {
    const post = (c: StoredCipher) =>
      bare<AccessTokenResult>({
        method: 'POST',
        path: API.auth.getAccessToken,
        query: '',
        body: jsonBody({ appCode: deps.appCode, cipherText: c.cipherText, keyId: c.keyId }),
        contentType: JSON_TYPE,
      })
    let result: AccessTokenResult
    try {
      result = await post(cipher ?? (await buildCipher()))
    } catch (e) {
      if (!hasCode(e, Code.CIPHER_INVALID)) throw e
      result = await post(await buildCipher())
    }
    deps.session.set({ accessToken: result.accessToken, privateKey: result.privateKey })
  }

  let renewing: Promise<void> | null = null
  /** One access-token renewal at a time, shared by every request that needs it. */
  function renewAccess(rebuildCipher: boolean): Promise<void> {
    renewing ??= (async () => {
      await obtainAccessToken(rebuildCipher ? await buildCipher() : deps.session.getCipher(deps.appCode))
    })().finally(() => {
      renewing = null
    })
    return renewing
  }

  // ---- login -----------------------------------------------------------------------

  async function completeLogin(result: LoginResult, key?: PubKey): Promise<void> {
    deps.session.set({ token: result.token, userAccount: result.userAccount })
    await obtainAccessToken(await buildCipher(key))
  }

  async function login(credentials: { accountName: string; password: string }): Promise<LoginResult> {
    const attempt = async (k: PubKey) =>
      bare<LoginResult>({
        method: 'POST',
        path: API.auth.login,
        query: '',
        body: jsonBody({
          loginInfo: await deps.rsaEncrypt(
            k.publicKey,
            JSON.stringify({ accountName: credentials.accountName, password: credentials.password }),
          ),
          keyId: k.keyId,
          loginType: 1,
          carrier: deps.carrier(),
        }),
        contentType: JSON_TYPE,
      })
    let key = await fetchPubKey()
    let result: LoginResult
    try {
      result = await attempt(key)
    } catch (e) {
      if (!hasCode(e, Code.CIPHER_INVALID)) throw e
      key = await fetchPubKey()
      result = await attempt(key)
    }
    deps.session.set({ publicKey: key.publicKey, keyId: key.keyId })
    await completeLogin(result, key)
    return result
  }

  // ---- session endings -------------------------------------------------------------

  function endSession(returnHere = true) {
    const here = returnHere ? deps.currentPage?.() : null
    deps.session.clear()
    deps.navigate(here ? `/login?redirect=${encodeURIComponent(here)}` : '/login')
  }

  async function logout(): Promise<void> {
    try {
      await bare({ method: 'POST', path: API.auth.logout, query: '', body: undefined })
    } catch {
      /* logging out must work offline or with a dead session */
    }
    endSession(false)
  }

  let reloginPromise: Promise<boolean> | null = null
  /** One password prompt for every request waiting on 20112. Resolves true once re-logged in. */
  function relogin(): Promise<boolean> {
    reloginPromise ??= (async () => {
      const accountName = deps.session.get().userAccount?.accountName
      if (!accountName) {
        endSession()
        return false
      }
      const ok = await deps.ui.passwordPrompt({
        accountName,
        submit: async (password) => {
          if (!password) return deps.text('emptyPassword')
          try {
            await login({ accountName, password })
            return null
          } catch (e) {
            return e instanceof Error ? e.message : String(e)
          }
        },
      })
      if (!ok) endSession()
      return ok
    })().finally(() => {
      reloginPromise = null
    })
    return reloginPromise
  }

  // ---- one logical request: code handling and retries -----------------------------

  /** Errors already shown (or deliberately not shown) — each is reported once. */
  const reported = new WeakSet<ApiError>()
  function show(err: ApiError, opts: RequestOptions) {
    if (reported.has(err)) return
    reported.add(err)
    if (opts.silent || err.kind === 'cancelled' || opts.quietKinds?.includes(err.kind)) return
    if (err.kind === 'code') {
      if (opts.handled?.includes(err.code)) return
      if (err.code === Code.REFUSED || err.code === Code.NOTICE) deps.ui.message(err.message)
      else deps.ui.error(err.message)
    } else deps.ui.error(err.message)
  }

  async function run<T>(p: Prepared, opts: RequestOptions, signal: AbortSignal): Promise<T> {
    const idempotencyKey = p.method === 'GET' ? undefined : (opts.idempotencyKey ?? deps.uuid())
    const timeoutMs = opts.timeoutMs ?? timeoutDefault
    const signed = !UNSIGNED_PATHS.has(p.path)
    const send = () => exchange(p, idempotencyKey, signal, timeoutMs)
    let renewed = false
    let rekeyed = false
    let prompts = 0
    try {
      let sent = await send()
      for (;;) {
        const { env } = sent
        if (isSuccess(env.code)) {
          if (env.message) opts.onMessage?.(env.message)
          return env.data as T
        }
        const s = deps.session.get()
        /** Runs a recovery step; a code it fails with is handled as this request's answer. */
        const recover = async (step: () => Promise<unknown>): Promise<Sent> => {
          try {
            await step()
          } catch (e) {
            if (hasCode(e, Code.ACCESS_TOKEN_EXPIRED, Code.CIPHER_INVALID, Code.IDLE, Code.SESSION_INVALID, Code.ACCOUNT_DISABLED))
              return { ...sent, env: { code: e.code, message: e.message, data: e.data, prompt: e.prompt } }
            throw e
          }
          return send()
        }
        if (env.code === Code.ACCESS_TOKEN_EXPIRED && signed && !renewed) {
          renewed = true
          // Someone else renewed it while this request was out: just retry.
          sent = s.accessToken && s.accessToken !== sent.accessToken ? await send() : await recover(() => renewAccess(false))
          continue
        }
        if (env.code === Code.CIPHER_INVALID && signed && !rekeyed) {
          rekeyed = true
          sent = await recover(() => renewAccess(true))
          continue
        }
        if (env.code === Code.IDLE && !LOGIN_CALLS.has(p.path) && prompts < MAX_PROMPTS) {
          if (s.token && s.token !== sent.token) {
            // Re-logged in since this request was sent.
            sent = await send()
            continue
          }
          prompts++
          if (!(await relogin())) throw new ApiError('cancelled', deps.text('cancelled'), env.code, env.data, env.prompt)
          renewed = false
          rekeyed = false
          sent = await send()
          continue
        }
        const err = codeError(env, sent)
        if (!LOGIN_CALLS.has(p.path)) {
          if (env.code === Code.SESSION_INVALID) {
            reported.add(err)
            if (deps.ui.takeDialogFlag()) endSession()
            throw err
          }
          if (env.code === Code.ACCOUNT_DISABLED) {
            reported.add(err)
            if (deps.ui.takeDialogFlag()) void deps.ui.alert(err.message).finally(endSession)
            throw err
          }
        }
        show(err, opts)
        throw err
      }
    } catch (e) {
      // Anything else (e.g. an unusable public key) is reported as an unusable answer.
      const err = e instanceof ApiError ? e : new ApiError('invalid', deps.text('invalid'))
      show(err, opts)
      throw err
    }
  }

  // ---- deduplication of identical in-flight requests ----------------------------

  interface Flight {
    promise: Promise<unknown>
    controller: AbortController
    callers: number
  }
  const flights = new Map<string, Flight>()

  let uploads = 0
  function request<T>(p: Prepared, opts: RequestOptions = {}): Promise<T> {
    // Uploads are never merged with another request (their bodies cannot be compared cheaply).
    const body = typeof p.body === 'object' ? `upload#${++uploads}` : (p.body ?? '')
    const key = `${p.method} ${p.path}?${p.query}\n${body}\n${opts.idempotencyKey ?? ''}${p.binary ? '\nbinary' : ''}`
    let flight = flights.get(key)
    if (!flight) {
      const controller = new AbortController()
      const f: Flight = { controller, callers: 0, promise: Promise.resolve() }
      f.promise = run<T>(p, opts, controller.signal).finally(() => {
        if (flights.get(key) === f) flights.delete(key)
      })
      // The shared promise may reject with nobody listening once every caller has left.
      f.promise.catch(() => undefined)
      flights.set(key, f)
      flight = f
    }
    return attach<T>(flight, opts.signal, () => {
      if (flights.get(key) === flight) flights.delete(key)
    })
  }

  /** One caller of a (possibly shared) flight; when the last caller cancels, the flight is aborted. */
  function attach<T>(flight: Flight, signal: AbortSignal | undefined, forget: () => void): Promise<T> {
    if (signal?.aborted) {
      if (flight.callers === 0) {
        forget()
        flight.controller.abort()
      }
      return Promise.reject(new ApiError('cancelled', deps.text('cancelled')))
    }
    flight.callers++
    if (!signal) return flight.promise as Promise<T>
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        flight.callers--
        if (flight.callers === 0) {
          forget()
          flight.controller.abort()
        }
        reject(new ApiError('cancelled', deps.text('cancelled')))
      }
      signal.addEventListener('abort', onAbort, { once: true })
      flight.promise.then(
        (v) => {
          signal.removeEventListener('abort', onAbort)
          resolve(v as T)
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort)
          reject(e)
        },
      )
    })
  }

  return {
    get: (path, params, opts) => request({ method: 'GET', path, query: formEncode(params), body: undefined }, opts),
    post: (path, body, opts) =>
      request({ method: 'POST', path, query: '', body: jsonBody(body), contentType: body === undefined ? undefined : JSON_TYPE }, opts),
    put: (path, body, opts) =>
      request({ method: 'PUT', path, query: '', body: jsonBody(body), contentType: body === undefined ? undefined : JSON_TYPE }, opts),
    form: (path, body, opts) => request({ method: 'POST', path, query: '', body: formEncode(body), contentType: FORM }, opts),
    del: (path, ids, opts) => request({ method: 'POST', path, query: '', body: formEncode({ ids }), contentType: FORM }, opts),
    upload: (path, form, opts = {}) =>
      request({ method: 'POST', path, query: formEncode(opts.params), body: form, onProgress: opts.onProgress }, opts),
    download: (path, params, opts) =>
      request<Download>({ method: 'GET', path, query: formEncode(params), body: undefined, binary: true }, opts),
    stream: (path, opts = {}) =>
      deps.fetch(base + path, {
        method: 'GET',
        headers: {
          ...headersFor({ method: 'GET', path, query: '', body: undefined }, undefined),
          Accept: 'text/event-stream',
          ...opts.headers,
        },
        signal: opts.signal,
        cache: 'no-store',
        credentials: 'same-origin',
      }),
    login,
    completeLogin,
    logout,
    inFlight: () => flights.size,
  }
}
