/**
 * An outside client written from DESIGN §2 alone: node:crypto for hashing and HMAC, jsencrypt
 * (RSA PKCS#1 v1.5, as the console uses) for the login ciphers.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'

type JSEncryptCtor = new () => { setPublicKey(pem: string): void; encrypt(text: string): string | false }
const jsencryptModule = createRequire(import.meta.url)('jsencrypt') as JSEncryptCtor | { default: JSEncryptCtor }
const JSEncrypt: JSEncryptCtor = 'default' in jsencryptModule ? jsencryptModule.default : jsencryptModule

export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
  prompt?: string
}

export interface Answer<T = unknown> {
  status: number
  headers: Headers
  body: Envelope<T>
  text: string
}

export const APP = 'trestle-admin'

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
export const utcStamp = (d = new Date()) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

export function rsaEncrypt(publicKey: string, value: unknown): string {
  const e = new JSEncrypt()
  e.setPublicKey(publicKey)
  const out = e.encrypt(JSON.stringify(value))
  if (!out) throw new Error('jsencrypt failed')
  return out
}

export interface CallOptions {
  query?: string | Record<string, string | number | boolean>
  json?: unknown
  form?: Record<string, string>
  /** A raw body with its content type. */
  raw?: { body: string | Buffer; type: string }
  headers?: Record<string, string>
  idempotencyKey?: string
  /** Override parts of the signature. */
  timestamp?: string
  nonce?: string
  tamper?: boolean
  unsigned?: boolean
  /** Multipart uploads: sign with the literal UNSIGNED-PAYLOAD instead of the body's hash. */
  unsignedPayload?: boolean
}

export class Client {
  token: string | null = null
  accessToken: string | null = null
  privateKey: string | null = null
  /** What the console keeps in localStorage to refetch the access token (code 20004). */
  cipherText: string | null = null
  keyId: string | null = null
  accountName: string | null = null
  lastNonce: string | null = null

  constructor(
    public base: string,
    public appCode = APP,
  ) {}

  async fetchRaw(
    method: string,
    pathAndQuery: string,
    init: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<Answer> {
    const body = typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body)
    const res = await fetch(this.base + pathAndQuery, { method, headers: init.headers, body })
    const text = await res.text()
    let envelope: Envelope
    try {
      envelope = JSON.parse(text) as Envelope
    } catch {
      envelope = { code: -1, message: 'not json', data: text }
    }
    return { status: res.status, headers: res.headers, body: envelope, text }
  }

  async getPubKey(): Promise<{ publicKey: string; keyId: string }> {
    const r = await this.fetchRaw('GET', `/api/auth/v1/generalAccount/getPubKey?appCode=${encodeURIComponent(this.appCode)}`)
    if (r.body.code !== 10000) throw new Error(`getPubKey: ${r.text}`)
    return r.body.data as { publicKey: string; keyId: string }
  }

  /**
   * Step 2; retries once on 20007 (key rotated between steps), as the console does. Through SPEC's
   * generalAccount login by default; `path` names the other one (api/login, the console's).
   */
  async login(
    accountName: string,
    password: string,
    retry = true,
    path = '/api/auth/v1/generalAccount/login',
  ): Promise<Answer<{ token: string; userAccount: { accountName: string } }>> {
    const key = await this.getPubKey()
    const r = await this.fetchRaw('POST', path, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loginInfo: rsaEncrypt(key.publicKey, { accountName, password }),
        keyId: key.keyId,
        loginType: 1,
        carrier: 'node-test/24',
      }),
    })
    if (r.body.code === 20007 && retry) return this.login(accountName, password, false, path)
    if (r.body.code === 10000) {
      this.token = (r.body.data as { token: string }).token
      this.accountName = accountName
    }
    return r as Answer<{ token: string; userAccount: { accountName: string } }>
  }

  /** Step 3: builds the cipher (or reuses the stored one) and fetches an access token. */
  async getAccessToken(opts: { reuseCipher?: boolean; retry?: boolean } = {}): Promise<Answer> {
    if (!opts.reuseCipher || !this.cipherText || !this.keyId) {
      const key = await this.getPubKey()
      this.cipherText = rsaEncrypt(key.publicKey, { appCode: this.appCode, loginAccount: this.accountName })
      this.keyId = key.keyId
    }
    const r = await this.fetchRaw('POST', '/api/auth/v1/api/getAccessToken', {
      headers: { 'content-type': 'application/json', authorization: this.token ?? '' },
      body: JSON.stringify({ appCode: this.appCode, cipherText: this.cipherText, keyId: this.keyId }),
    })
    if (r.body.code === 20007 && opts.retry !== false) return this.getAccessToken({ reuseCipher: false, retry: false })
    if (r.body.code === 10000) {
      const d = r.body.data as { accessToken: string; privateKey: string }
      this.accessToken = d.accessToken
      this.privateKey = d.privateKey
    }
    return r
  }

  async signIn(accountName: string, password: string): Promise<this> {
    const l = await this.login(accountName, password)
    if (l.body.code !== 10000) throw new Error(`login ${accountName}: ${l.text}`)
    const t = await this.getAccessToken()
    if (t.body.code !== 10000) throw new Error(`getAccessToken ${accountName}: ${t.text}`)
    return this
  }

  /** The URL and signed headers of a GET, for reading the answer as a stream (large exports). */
  async signedRequest(
    method: 'GET',
    path: string,
    opts: { query?: Record<string, string> } = {},
  ): Promise<{ url: string; headers: Record<string, string> }> {
    const query = opts.query ? new URLSearchParams(opts.query).toString() : ''
    const timestamp = utcStamp()
    const nonce = randomBytes(12).toString('hex')
    const toSign = [timestamp, nonce, method, path, query, sha256('')].join('\n')
    const signature = createHmac('sha256', this.privateKey ?? '')
      .update(toSign)
      .digest('hex')
    return {
      url: `${this.base}${path}${query ? `?${query}` : ''}`,
      headers: { authorization: this.token ?? '', accessToken: this.accessToken ?? '', appCode: this.appCode, timestamp, nonce, signature },
    }
  }

  /** A signed call (DESIGN §2 "Signed requests"). */
  async call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const query =
      typeof opts.query === 'string'
        ? opts.query
        : opts.query
          ? new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString()
          : ''
    let body: string | Buffer | undefined
    let type: string | undefined
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json)
      type = 'application/json'
    } else if (opts.form) {
      body = new URLSearchParams(opts.form).toString()
      type = 'application/x-www-form-urlencoded'
    } else if (opts.raw) {
      body = opts.raw.body
      type = opts.raw.type
    }
    const timestamp = opts.timestamp ?? utcStamp()
    const nonce = opts.nonce ?? randomBytes(12).toString('hex')
    this.lastNonce = nonce
    const bodyHash = opts.unsignedPayload ? 'UNSIGNED-PAYLOAD' : sha256(body ?? '')
    const toSign = [timestamp, nonce, method.toUpperCase(), path, query, bodyHash].join('\n')
    let signature = createHmac('sha256', this.privateKey ?? '')
      .update(toSign)
      .digest('hex')
    if (opts.tamper) signature = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1)
    const headers: Record<string, string> = opts.unsigned
      ? {}
      : {
          authorization: this.token ?? '',
          accessToken: this.accessToken ?? '',
          appCode: this.appCode,
          menuId: '',
          timestamp,
          nonce,
          signature,
          'Cache-Control': 'no-cache',
        }
    if (type) headers['content-type'] = type
    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey
    Object.assign(headers, opts.headers)
    return this.fetchRaw(method, query ? `${path}?${query}` : path, { headers, body }) as Promise<Answer<T>>
  }
}

export const newKey = () => randomUUID()
