/**
 * The console's signed request client (src/lib/http/core) wired for Node, for the outbox benches:
 * RSA through jsencrypt (loaded with createRequire, its ESM build does not resolve under Node),
 * HMAC/SHA-256 from node:crypto, the session in memory. `wire.loss` is the share of mutation
 * answers lost on the way back (the gateway did the work, the client sees a network error);
 * `wire.sent` and `wire.lostAnswers` count what happened.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { createHttpClient } from '../src/lib/http/core'
import type { SessionState, StoredCipher } from '../src/lib/session'

type JSEncryptCtor = new () => { setPublicKey(pem: string): void; encrypt(text: string): string | false }
const jsencryptModule = createRequire(import.meta.url)('jsencrypt') as JSEncryptCtor | { default: JSEncryptCtor }
const JSEncrypt: JSEncryptCtor = 'default' in jsencryptModule ? jsencryptModule.default : jsencryptModule

export interface Wire {
  loss: number
  sent: number
  lostAnswers: number
}

export function consoleClient(base: string) {
  let session: SessionState = {
    token: null,
    accessToken: null,
    privateKey: null,
    publicKey: null,
    keyId: null,
    userAccount: null,
    currentMenu: null,
    user: null,
    nodes: null,
    unitTypes: null,
    menuItems: null,
  }
  const ciphers = new Map<string, StoredCipher>()
  const wire: Wire = { loss: 0, sent: 0, lostAnswers: 0 }
  const http = createHttpClient({
    fetch: async (input, init) => {
      const res = await fetch(input, init)
      const mutation = init?.method && init.method !== 'GET'
      if (mutation) wire.sent++
      if (mutation && String(input).includes('/api/admin/') && Math.random() < wire.loss) {
        await res.text()
        wire.lostAnswers++
        throw new TypeError('network error (bench: answer lost)')
      }
      return res
    },
    now: () => new Date(),
    nonce: () => randomBytes(12).toString('hex'),
    uuid: () => randomUUID(),
    appCode: 'trestle-admin',
    baseUrl: base,
    language: () => 'zh-CN',
    sha256Hex: (s) => createHash('sha256').update(s).digest('hex'),
    hmacSha256Hex: (k, s) => createHmac('sha256', k).update(s).digest('hex'),
    rsaEncrypt: (pem, text) => {
      const e = new JSEncrypt()
      e.setPublicKey(pem)
      const out = e.encrypt(text)
      if (!out) throw new Error('rsa')
      return out
    },
    carrier: () => 'bench 1',
    session: {
      get: () => session,
      set: (p) => (session = { ...session, ...p }),
      clear: () => undefined,
      getCipher: (a) => ciphers.get(a) ?? null,
      setCipher: (a, c) => (c ? ciphers.set(a, c) : ciphers.delete(a)),
    },
    ui: {
      error: () => undefined,
      message: () => undefined,
      alert: async () => undefined,
      passwordPrompt: async () => false,
      takeDialogFlag: () => false,
    },
    navigate: () => undefined,
    text: (k) => k,
  })
  return { http, wire, session: () => session }
}
