import { createHash, createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API } from '@/contract/paths'
import { EMPTY_BODY_HASH } from '@/contract/signing'
import type { UserAccount } from '@/contract/schemas/auth'
import { hmacSha256Hex, sha256Hex } from '@/lib/crypto/hash'
import { emptySession, type SessionState, type StoredCipher } from '@/lib/session'
import { ApiError, createHttpClient, type HttpDeps, type UiPort } from './core'
import { formEncode, jsonBody } from './encode'

// ---- harness ---------------------------------------------------------------------

interface Call {
  method: string
  url: string
  path: string
  query: string
  headers: Record<string, string>
  body: string | undefined
  signal: AbortSignal | undefined
}

type Reply = unknown | Promise<unknown>

const ok = (data: unknown = null) => ({ code: 10000, message: '操作成功', data })
const fail = (code: number, message = `code ${code}`, extra: Record<string, unknown> = {}) => ({ code, message, data: null, ...extra })

const alice: UserAccount = {
  accountId: 'a1',
  accountName: 'alice',
  level: 'general',
  status: 'normal',
  userId: null,
  userName: 'Alice',
  organizationId: null,
  organizationName: null,
}

const loggedIn = (): SessionState => ({
  ...emptySession(),
  token: 'tok1',
  accessToken: 'acc1',
  privateKey: 'pk1',
  userAccount: alice,
  currentMenu: { menuId: 'menu-7', authFunctionList: [] },
})

/** A fake RSA: readable, so tests can check what was encrypted with which key. */
const fakeRsa = (pem: string, text: string) => `rsa[${pem}](${text})`

function setup(
  handler: (c: Call) => Reply,
  init: {
    session?: SessionState
    passwords?: string[]
    cipher?: StoredCipher | null
    onHeaders?: HttpDeps['onHeaders']
    onUnreached?: HttpDeps['onUnreached']
    currentPage?: HttpDeps['currentPage']
  } = {},
) {
  const calls: Call[] = []
  let state = init.session ?? loggedIn()
  const ciphers = new Map<string, StoredCipher>()
  if (init.cipher !== null) ciphers.set('trestle-admin', init.cipher ?? { cipherText: 'cipher-1', keyId: 'k1' })
  let flag = false
  let nonceN = 0
  let uuidN = 0
  const promptErrors: (string | null)[] = []
  const passwords = [...(init.passwords ?? [])]
  const ui = {
    error: vi.fn<UiPort['error']>(),
    message: vi.fn<UiPort['message']>(),
    alert: vi.fn<UiPort['alert']>(async () => undefined),
    passwordPrompt: vi.fn<UiPort['passwordPrompt']>(async ({ submit }) => {
      while (passwords.length) {
        const r = await submit(passwords.shift() as string)
        promptErrors.push(r)
        if (r === null) return true
      }
      return false
    }),
    takeDialogFlag: () => (flag ? false : (flag = true)),
  }
  const navigate = vi.fn<(path: string) => void>()
  const cleared = vi.fn()
  const deps: HttpDeps = {
    fetch: (async (input: string | URL | Request, req?: RequestInit) => {
      const url = String(input)
      const i = url.indexOf('?')
      const call: Call = {
        method: req?.method ?? 'GET',
        url,
        path: i < 0 ? url : url.slice(0, i),
        query: i < 0 ? '' : url.slice(i + 1),
        headers: { ...(req?.headers as Record<string, string>) },
        body: req?.body as string | undefined,
        signal: req?.signal ?? undefined,
      }
      calls.push(call)
      const reply = await handler(call)
      if (reply instanceof Response) return reply
      return new Response(typeof reply === 'string' ? reply : JSON.stringify(reply), { status: 200 })
    }) as typeof fetch,
    now: () => new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
    nonce: () => `nonce-${String(++nonceN).padStart(12, '0')}`,
    uuid: () => `uuid-${++uuidN}`,
    appCode: 'trestle-admin',
    language: () => 'zh-CN,zh;q=0.9',
    sha256Hex,
    hmacSha256Hex,
    rsaEncrypt: fakeRsa,
    carrier: () => 'Chrome 130.0',
    session: {
      get: () => state,
      set: (p) => {
        state = { ...state, ...p }
      },
      clear: () => {
        state = emptySession()
        ciphers.clear()
        cleared()
      },
      getCipher: (app) => ciphers.get(app) ?? null,
      setCipher: (app, c) => {
        if (c) ciphers.set(app, c)
        else ciphers.delete(app)
      },
    },
    ui,
    navigate,
    text: (key, code) => (key === 'code' ? `text:${code}` : `text:${key}`),
    onHeaders: init.onHeaders,
    onUnreached: init.onUnreached,
    currentPage: init.currentPage,
  }
  const client = createHttpClient(deps)
  return { client, calls, ui, navigate, cleared, promptErrors, ciphers, session: () => state }
}

const expectedSignature = (key: string, lines: string[]) => createHmac('sha256', key).update(lines.join('\n')).digest('hex')
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')
const flush = () => new Promise((r) => setTimeout(r, 0))

afterEach(() => {
  vi.useRealTimers()
})

// ---- encoding and signing ------------------------------------------------------------

describe('encoding', () => {
  it('form-encodes queries: arrays comma-joined, empty values stripped, order kept', () => {
    expect(formEncode({ pageIndex: 1, name: '', none: null, u: undefined, status: [1, 2], empty: [], desc: false, q: '工 程' })).toBe(
      'pageIndex=1&status=1%2C2&desc=false&q=%E5%B7%A5+%E7%A8%8B',
    )
    expect(formEncode(undefined)).toBe('')
  })

  it('strips empty values from JSON bodies, recursively', () => {
    expect(jsonBody({ a: 1, b: '', c: null, d: { e: undefined, f: 'x' }, g: [{ h: '' }] })).toBe('{"a":1,"d":{"f":"x"},"g":[{}]}')
    expect(jsonBody(undefined)).toBeUndefined()
  })
})

describe('signed headers', () => {
  it('signs a GET with its exact query string (vector checked with node:crypto)', async () => {
    const { client, calls } = setup(() => ok({ records: [] }))
    await client.get('/api/admin/v1/org/listPage', { pageIndex: 1, keyword: '', status: [1, 2], name: '工' })
    const c = calls[0]!
    expect(c.method).toBe('GET')
    expect(c.query).toBe('pageIndex=1&status=1%2C2&name=%E5%B7%A5')
    expect(c.body).toBeUndefined()
    expect(c.headers.timestamp).toBe('20240102030405')
    expect(c.headers.nonce).toBe('nonce-000000000001')
    expect(c.headers.nonce!.length).toBeGreaterThanOrEqual(16)
    expect(c.headers.signature).toBe(
      expectedSignature('pk1', [
        '20240102030405',
        'nonce-000000000001',
        'GET',
        '/api/admin/v1/org/listPage',
        'pageIndex=1&status=1%2C2&name=%E5%B7%A5',
        EMPTY_BODY_HASH,
      ]),
    )
    expect(EMPTY_BODY_HASH).toBe(sha(''))
    expect(c.headers).toMatchObject({
      authorization: 'tok1',
      accessToken: 'acc1',
      appCode: 'trestle-admin',
      menuId: 'menu-7',
      'Cache-Control': 'no-cache',
      'Accept-Language': 'zh-CN,zh;q=0.9',
    })
    expect(c.headers['Idempotency-Key']).toBeUndefined()
  })

  it('signs a POST over the exact JSON body sent (UTF-8), with an Idempotency-Key', async () => {
    const { client, calls } = setup(() => ok({ id: 'x' }))
    await client.post('/api/admin/v1/org/add', { organizationName: '中铁一局', shortName: '', tags: ['a'] })
    const c = calls[0]!
    const body = '{"organizationName":"中铁一局","tags":["a"]}'
    expect(c.body).toBe(body)
    expect(c.headers['Content-Type']).toMatch(/^application\/json/)
    expect(c.headers['Idempotency-Key']).toBe('uuid-1')
    expect(c.headers.signature).toBe(
      expectedSignature('pk1', ['20240102030405', 'nonce-000000000001', 'POST', '/api/admin/v1/org/add', '', sha(body)]),
    )
  })

  it("tells onMessage the gateway's message of a success, and nothing of a refusal", async () => {
    const { client } = setup((call) =>
      call.url.includes('/add')
        ? { code: 10000, message: '流程模型已保存', data: { id: 'x' } }
        : { code: 20021, message: '不可以', data: null },
    )
    const told: string[] = []
    expect(await client.post('/api/admin/v1/actReModel/add', {}, { onMessage: (m) => told.push(m) })).toEqual({ id: 'x' })
    await expect(client.post('/api/admin/v1/actReModel/deploy', {}, { onMessage: (m) => told.push(m) })).rejects.toThrow()
    expect(told).toEqual(['流程模型已保存'])
  })

  it('sends deletes and form posts as form data, and PUT as JSON', async () => {
    const { client, calls } = setup(() => ok())
    await client.del('/api/admin/v1/org/delete', ['a', 'b'])
    await client.form('/api/portal/v1/userCommonFile/listByIds', { fileIds: ['f1', 'f2'], x: '' })
    await client.put('/api/admin/v1/org/update', { id: '1', version: 2 })
    expect(calls[0]!.body).toBe('ids=a%2Cb')
    expect(calls[0]!.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(calls[0]!.headers.signature).toBe(
      expectedSignature('pk1', ['20240102030405', 'nonce-000000000001', 'POST', '/api/admin/v1/org/delete', '', sha('ids=a%2Cb')]),
    )
    expect(calls[1]!.body).toBe('fileIds=f1%2Cf2')
    expect(calls[2]!.method).toBe('PUT')
    expect(calls[2]!.body).toBe('{"id":"1","version":2}')
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(3)
  })

  it('signs a multipart upload with UNSIGNED-PAYLOAD and its query; never merges two uploads', async () => {
    const { client, calls } = setup(() => ok({ fileId: 'f1' }))
    const form = new FormData()
    form.append('file', new Blob(['x']), 'a.jpg')
    const [a, b] = await Promise.all([
      client.upload('/api/portal/v1/userCommonFile/upload', form, { params: { purpose: 'avatar' } }),
      client.upload('/api/portal/v1/userCommonFile/upload', form, { params: { purpose: 'avatar' } }),
    ])
    expect(a).toEqual({ fileId: 'f1' })
    expect(b).toEqual({ fileId: 'f1' })
    expect(calls).toHaveLength(2)
    const c = calls[0]!
    expect(c.query).toBe('purpose=avatar')
    expect(c.headers['Content-Type']).toBeUndefined()
    expect(c.headers['Idempotency-Key']).toBeTruthy()
    expect(c.headers.signature).toBe(
      expectedSignature('pk1', [
        '20240102030405',
        'nonce-000000000001',
        'POST',
        '/api/portal/v1/userCommonFile/upload',
        'purpose=avatar',
        'UNSIGNED-PAYLOAD',
      ]),
    )
  })

  it('downloads a file answer as a blob with its name; an envelope answer is handled as usual', async () => {
    const { client, ui } = setup((c) =>
      c.query.includes('bad')
        ? fail(20003, '没有该功能的权限')
        : new Response(new Uint8Array([80, 75, 3, 4]), {
            status: 200,
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': `attachment; filename="__.xlsx"; filename*=UTF-8''${encodeURIComponent('角色.xlsx')}`,
            },
          }),
    )
    const d = await client.download('/api/admin/v1/role/export', { roleName: '质量' })
    expect(d.fileName).toBe('角色.xlsx')
    expect(d.blob.size).toBe(4)
    await expect(client.download('/api/admin/v1/role/export', { roleName: 'bad' })).rejects.toMatchObject({ code: 20003 })
    expect(ui.error).toHaveBeenCalledWith('没有该功能的权限')
  })

  it('downloads a CSV answer (text/csv) as a file, keeping its byte order mark', async () => {
    const { client } = setup(
      () =>
        new Response(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a]), {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="login-log.csv"' },
        }),
    )
    const d = await client.download('/api/admin/v1/loginLog/export', { format: 'csv' })
    expect(d.fileName).toBe('login-log.csv')
    expect([...new Uint8Array(await d.blob.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf])
  })

  it('puts no signature headers on unsigned paths but keeps authorization', async () => {
    const { client, calls } = setup(() => ok())
    await client.get(API.auth.checkLoginAccount, { accountName: 'bob' })
    const h = calls[0]!.headers
    expect(h.authorization).toBe('tok1')
    expect(h.signature).toBeUndefined()
    expect(h.nonce).toBeUndefined()
    expect(h.timestamp).toBeUndefined()
  })
})

// ---- outcomes --------------------------------------------------------------------

describe('outcomes', () => {
  it('resolves with data on 10000 and 20120', async () => {
    const { client } = setup((c) => (c.path.endsWith('a') ? ok(1) : { code: 20120, message: 'ok', data: 2 }))
    expect(await client.get('/api/x/a')).toBe(1)
    expect(await client.get('/api/x/b')).toBe(2)
  })

  it('treats a non-envelope answer (captive portal HTML) as invalid, not success', async () => {
    const { client, ui } = setup(() => '<html><body>Wi-Fi login</body></html>')
    const e = await client.get('/api/x').catch((e: unknown) => e)
    expect(e).toBeInstanceOf(ApiError)
    expect((e as ApiError).kind).toBe('invalid')
    expect(ui.error).toHaveBeenCalledWith('text:invalid')
    const { client: c2 } = setup(() => ({ ok: true }))
    await expect(c2.get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ kind: 'invalid' })
  })

  it('checks the envelope’s shape: an integer code, a text message, a text prompt if any; data may be missing', async () => {
    for (const answer of [
      { code: 1.5, message: '' },
      { code: '10000', message: '' },
      { code: 10000 },
      { code: 10000, message: '', prompt: 1 },
      [10000],
    ]) {
      const { client } = setup(() => answer)
      await expect(client.get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ kind: 'invalid' })
    }
    const { client } = setup(() => ({ code: 10000, message: 'ok' }))
    expect(await client.get('/api/x')).toBeNull()
  })

  it('shows other codes in an error box (prompt first) and rejects with the code', async () => {
    const { client, ui } = setup(() => fail(20003, 'no right', { prompt: '没有权限' }))
    await expect(client.post('/api/x')).rejects.toMatchObject({ kind: 'code', code: 20003, message: '没有权限' })
    expect(ui.error).toHaveBeenCalledWith('没有权限')
  })

  it('respects handled and silent, and uses a message box for 20021/20099', async () => {
    const { client, ui } = setup((c) =>
      c.path === '/api/notice' ? fail(20099, 'fyi') : fail(20001, 'bad', { data: [{ field: 'a', key: 'v.required', message: 'm' }] }),
    )
    await expect(client.post('/api/x', {}, { handled: [20001] })).rejects.toMatchObject({ code: 20001, data: [{ field: 'a' }] })
    await expect(client.post('/api/y', {}, { silent: true })).rejects.toMatchObject({ code: 20001 })
    expect(ui.error).not.toHaveBeenCalled()
    await expect(client.get('/api/notice')).rejects.toMatchObject({ code: 20099 })
    expect(ui.message).toHaveBeenCalledWith('fyi')
  })

  it('shows network errors, but not when the caller cancelled', async () => {
    const { client, ui } = setup((c) => {
      if (c.path === '/api/down') throw new TypeError('Failed to fetch')
      return new Promise((_, reject) => c.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    })
    await expect(client.get('/api/down')).rejects.toMatchObject({ kind: 'network' })
    expect(ui.error).toHaveBeenCalledTimes(1)
    const ac = new AbortController()
    const p = client.get('/api/slow', undefined, { signal: ac.signal })
    await flush()
    ac.abort()
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' })
    await flush()
    expect(ui.error).toHaveBeenCalledTimes(1)
  })

  it('times out after 30 s', async () => {
    vi.useFakeTimers()
    const { client, ui, calls } = setup(
      (c) => new Promise((_, reject) => c.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    )
    let settled: unknown = 'pending'
    const p = client.get('/api/slow').catch((e: unknown) => e)
    void p.then((e) => (settled = e))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(settled).toBe('pending')
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBeInstanceOf(ApiError)
    expect((settled as ApiError).kind).toBe('timeout')
    expect(ui.error).toHaveBeenCalledWith('text:timeout')
  })
})

// ---- dedupe ------------------------------------------------------------------------

describe('answer headers', () => {
  it('shows the headers of every answer to onHeaders — successes, refusals and files — and survives a throwing observer', async () => {
    const seen: (string | null)[] = []
    const { client } = setup(
      (c) =>
        c.path.endsWith('/refused')
          ? new Response(JSON.stringify(fail(20003)), { headers: { 'grants-version': 'v2' } })
          : c.path.endsWith('/file')
            ? new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'application/octet-stream', 'grants-version': 'v3' } })
            : new Response(JSON.stringify(ok(1)), { headers: { 'grants-version': 'v1' } }),
      { onHeaders: (h) => seen.push(h.get('grants-version')) },
    )
    expect(await client.get('/api/admin/v1/x/ok')).toBe(1)
    await expect(client.post('/api/admin/v1/x/refused', {})).rejects.toMatchObject({ code: 20003 })
    await client.download('/api/admin/v1/x/file')
    expect(seen).toEqual(['v1', 'v2', 'v3'])
    const { client: other } = setup(() => ok(2), {
      onHeaders: () => {
        throw new Error('observer failed')
      },
    })
    expect(await other.get('/api/admin/v1/x/ok')).toBe(2)
  })
})

describe('reaching the gateway', () => {
  it('tells onUnreached when no envelope came back — no answer, a page that is not an envelope — but not for a refusal or a cancel', async () => {
    const unreached: string[] = []
    const { client } = setup(
      (c) => {
        if (c.path === '/api/down') throw new TypeError('Failed to fetch')
        if (c.path === '/api/portal') return new Response('<html>Wi-Fi login</html>', { headers: { 'content-type': 'text/html' } })
        if (c.path === '/api/refused') return fail(20003)
        if (c.path === '/api/ok') return ok(1)
        return new Promise((_, reject) => c.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
      },
      { onUnreached: (kind) => unreached.push(kind) },
    )
    await expect(client.get('/api/down')).rejects.toMatchObject({ kind: 'network' })
    await expect(client.get('/api/portal')).rejects.toMatchObject({ kind: 'invalid' })
    await expect(client.get('/api/refused')).rejects.toMatchObject({ code: 20003 })
    expect(await client.get('/api/ok')).toBe(1)
    const ac = new AbortController()
    const p = client.get('/api/slow', undefined, { signal: ac.signal })
    await flush()
    ac.abort()
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' })
    expect(unreached).toEqual(['network', 'invalid'])
  })
})

describe('identical in-flight requests', () => {
  it('share one fetch; different ones do not', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const { client, calls } = setup(async (c) => {
      await gate
      return ok(c.query)
    })
    const a = client.get('/api/list', { page: 1 })
    const b = client.get('/api/list', { page: 1 })
    const c = client.get('/api/list', { page: 2 })
    const d = client.post('/api/add', { n: 1 })
    const e = client.post('/api/add', { n: 1 })
    await flush()
    expect(calls).toHaveLength(3)
    release()
    expect(await a).toBe('page=1')
    expect(await b).toBe('page=1')
    expect(await c).toBe('page=2')
    await Promise.all([d, e])
    expect(client.inFlight()).toBe(0)
    // once settled, the same request goes out again
    await client.get('/api/list', { page: 1 })
    expect(calls).toHaveLength(4)
  })

  it('one caller cancelling does not cancel the other; the last one aborts the fetch', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const aborted = vi.fn()
    const { client, calls } = setup(async (c) => {
      c.signal?.addEventListener('abort', aborted)
      await gate
      return ok('v')
    })
    const ac1 = new AbortController()
    const ac2 = new AbortController()
    const a = client.get('/api/list', {}, { signal: ac1.signal })
    const b = client.get('/api/list', {}, { signal: ac2.signal })
    await flush()
    ac1.abort()
    await expect(a).rejects.toMatchObject({ kind: 'cancelled' })
    expect(aborted).not.toHaveBeenCalled()
    release()
    expect(await b).toBe('v')
    expect(calls).toHaveLength(1)

    const ac3 = new AbortController()
    const { client: c2, calls: calls2 } = setup(
      (c) => new Promise((_, reject) => c.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    )
    const p = c2.get('/api/slow', {}, { signal: ac3.signal })
    await flush()
    ac3.abort()
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' })
    expect(calls2[0]!.signal?.aborted).toBe(true)
  })
})

// ---- session codes -------------------------------------------------------------------

describe('20004 access token expired', () => {
  it('refetches the access token with the stored cipher and retries once with a new nonce and the same Idempotency-Key', async () => {
    const { client, calls, session, ui } = setup((c) => {
      if (c.path === API.auth.getAccessToken) return ok({ accessToken: 'acc2', privateKey: 'pk2', expiresIn: 7200 })
      return c.headers.accessToken === 'acc1' ? fail(20004) : ok('done')
    })
    expect(await client.post('/api/admin/v1/org/add', { a: 1 })).toBe('done')
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/v1/org/add', API.auth.getAccessToken, '/api/admin/v1/org/add'])
    const [first, renew, retry] = calls as [Call, Call, Call]
    expect(JSON.parse(renew.body!)).toEqual({ appCode: 'trestle-admin', cipherText: 'cipher-1', keyId: 'k1' })
    expect(renew.headers.authorization).toBe('tok1')
    expect(retry.headers.nonce).not.toBe(first.headers.nonce)
    expect(retry.headers.accessToken).toBe('acc2')
    expect(retry.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key'])
    expect(retry.headers.signature).toBe(
      expectedSignature('pk2', ['20240102030405', retry.headers.nonce!, 'POST', '/api/admin/v1/org/add', '', sha('{"a":1}')]),
    )
    expect(session()).toMatchObject({ accessToken: 'acc2', privateKey: 'pk2' })
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('renews once for several concurrent requests, and retries only once', async () => {
    const { client, calls } = setup((c) => {
      if (c.path === API.auth.getAccessToken) return ok({ accessToken: 'acc2', privateKey: 'pk2', expiresIn: 7200 })
      return c.path === '/api/always' || c.headers.accessToken === 'acc1' ? fail(20004) : ok(c.path)
    })
    const results = await Promise.all([client.get('/api/a'), client.get('/api/b')])
    expect(results).toEqual(['/api/a', '/api/b'])
    expect(calls.filter((c) => c.path === API.auth.getAccessToken)).toHaveLength(1)
    await expect(client.get('/api/always', undefined, { silent: true })).rejects.toMatchObject({ code: 20004 })
    expect(calls.filter((c) => c.path === '/api/always')).toHaveLength(2)
  })
})

describe('20007 cipher invalid', () => {
  it('refetches the public key, rebuilds and stores the cipher, renews the access token and retries', async () => {
    const { client, calls, ciphers, session } = setup((c) => {
      if (c.path === API.auth.getPubKey) return ok({ publicKey: 'PEM2', keyId: 'k2' })
      if (c.path === API.auth.getAccessToken) return ok({ accessToken: 'acc2', privateKey: 'pk2', expiresIn: 7200 })
      return c.headers.accessToken === 'acc1' ? fail(20007) : ok('done')
    })
    expect(await client.get('/api/x')).toBe('done')
    expect(calls.map((c) => c.path)).toEqual(['/api/x', API.auth.getPubKey, API.auth.getAccessToken, '/api/x'])
    expect(calls[1]!.query).toBe('appCode=trestle-admin')
    const cipherText = fakeRsa('PEM2', JSON.stringify({ appCode: 'trestle-admin', loginAccount: 'alice' }))
    expect(JSON.parse(calls[2]!.body!)).toEqual({ appCode: 'trestle-admin', cipherText, keyId: 'k2' })
    expect(ciphers.get('trestle-admin')).toEqual({ cipherText, keyId: 'k2' })
    expect(session()).toMatchObject({ accessToken: 'acc2', publicKey: 'PEM2', keyId: 'k2' })
  })

  it('a 20007 while renewing for 20004 rebuilds the cipher', async () => {
    const { client, calls } = setup((c) => {
      if (c.path === API.auth.getPubKey) return ok({ publicKey: 'PEM2', keyId: 'k2' })
      if (c.path === API.auth.getAccessToken)
        return JSON.parse(c.body!).keyId === 'k1' ? fail(20007) : ok({ accessToken: 'acc2', privateKey: 'pk2', expiresIn: 1 })
      return c.headers.accessToken === 'acc1' ? fail(20004) : ok('done')
    })
    expect(await client.get('/api/x')).toBe('done')
    expect(calls.map((c) => c.path)).toEqual(['/api/x', API.auth.getAccessToken, API.auth.getPubKey, API.auth.getAccessToken, '/api/x'])
  })
})

describe('20112 long inactivity', () => {
  const server =
    (password = 'secret') =>
    (c: Call) => {
      switch (c.path) {
        case API.auth.getPubKey:
          return ok({ publicKey: 'PEM', keyId: 'k9' })
        case API.auth.login: {
          const body = JSON.parse(c.body!) as { loginInfo: string }
          return body.loginInfo === fakeRsa('PEM', JSON.stringify({ accountName: 'alice', password }))
            ? ok({ token: 'tok2', userAccount: alice })
            : fail(20010, '账号或密码错误')
        }
        case API.auth.getAccessToken:
          return ok({ accessToken: 'acc2', privateKey: 'pk2', expiresIn: 7200 })
        default:
          return c.headers.authorization === 'tok1' ? fail(20112) : ok(c.path)
      }
    }

  it('asks for the password once for three concurrent requests and retries all of them', async () => {
    const { client, calls, ui, promptErrors } = setup(server(), { passwords: ['', 'wrong', 'secret'] })
    const results = await Promise.all([client.get('/api/a'), client.post('/api/b', { x: 1 }), client.put('/api/c', { y: 2 })])
    expect(results).toEqual(['/api/a', '/api/b', '/api/c'])
    expect(ui.passwordPrompt).toHaveBeenCalledTimes(1)
    expect(ui.passwordPrompt.mock.calls[0]![0].accountName).toBe('alice')
    // empty refused without a call, wrong password shown in the prompt, then success
    expect(promptErrors).toEqual(['text:emptyPassword', '账号或密码错误', null])
    expect(calls.filter((c) => c.path === API.auth.login)).toHaveLength(2)
    const retried = calls.filter((c) => ['/api/a', '/api/b', '/api/c'].includes(c.path) && c.headers.authorization === 'tok2')
    expect(retried).toHaveLength(3)
    for (const r of retried) expect(r.headers.accessToken).toBe('acc2')
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('cancel clears the session, goes to /login and rejects every waiting request as cancelled', async () => {
    const { client, ui, navigate, cleared, session } = setup(server(), { passwords: [] })
    const results = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: 'cancelled' })
    expect(ui.passwordPrompt).toHaveBeenCalledTimes(1)
    expect(cleared).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/login')
    expect(session().token).toBeNull()
    expect(ui.error).not.toHaveBeenCalled()
  })
})

describe('20114 and 20119', () => {
  it('20114 clears the session and goes to /login once, without an error box', async () => {
    const { client, navigate, cleared, ui } = setup(() => fail(20114))
    await Promise.allSettled([client.get('/api/a'), client.get('/api/b')])
    expect(cleared).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/login')
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('20119 alerts the server message once, then logs out', async () => {
    const { client, navigate, ui, cleared } = setup(() => fail(20119, '账号已停用'))
    const r = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')])
    expect(r.every((x) => x.status === 'rejected')).toBe(true)
    await flush()
    expect(ui.alert).toHaveBeenCalledTimes(1)
    expect(ui.alert).toHaveBeenCalledWith('账号已停用')
    expect(cleared).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/login')
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('a session that ends by itself goes to /login with the page to return to; a logout to /login alone', async () => {
    const ended = setup(() => fail(20114), { currentPage: () => '/admin/role-manage?roleName=x' })
    await Promise.allSettled([ended.client.get('/api/a')])
    expect(ended.navigate).toHaveBeenCalledWith('/login?redirect=%2Fadmin%2Frole-manage%3FroleName%3Dx')
    const out = setup(() => ok(null), { currentPage: () => '/admin/role-manage' })
    await out.client.logout()
    expect(out.navigate).toHaveBeenCalledWith('/login')
  })

  it('20119 on the login call is returned to the caller', async () => {
    const { client, navigate, ui } = setup(
      (c) => (c.path === API.auth.getPubKey ? ok({ publicKey: 'PEM', keyId: 'k' }) : fail(20119, '账号已过期')),
      {
        session: emptySession(),
      },
    )
    await expect(client.login({ accountName: 'alice', password: 'secret' })).rejects.toMatchObject({ code: 20119, message: '账号已过期' })
    await expect(client.post(API.auth.login, { loginInfo: 'x' }, { handled: [20119] })).rejects.toMatchObject({ code: 20119 })
    expect(ui.alert).not.toHaveBeenCalled()
    expect(ui.error).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
  })
})

// ---- login sequence ------------------------------------------------------------------

describe('login sequence', () => {
  it('gets the key, logs in with the RSA-encrypted credentials, stores the cipher and the access token', async () => {
    const { client, calls, session, ciphers } = setup(
      (c) => {
        switch (c.path) {
          case API.auth.getPubKey:
            return ok({ publicKey: 'PEM', keyId: 'k1' })
          case API.auth.login:
            return ok({ token: 'tokA', userAccount: alice })
          case API.auth.getAccessToken:
            return ok({ accessToken: 'accA', privateKey: 'pkA', expiresIn: 7200 })
        }
        return fail(50000)
      },
      { session: emptySession(), cipher: null },
    )
    const r = await client.login({ accountName: '13800000000', password: 'p@ss' })
    expect(r.token).toBe('tokA')
    expect(calls.map((c) => c.path)).toEqual([API.auth.getPubKey, API.auth.login, API.auth.getAccessToken])
    expect(JSON.parse(calls[1]!.body!)).toEqual({
      loginInfo: fakeRsa('PEM', JSON.stringify({ accountName: '13800000000', password: 'p@ss' })),
      keyId: 'k1',
      loginType: 1,
      carrier: 'Chrome 130.0',
    })
    expect(calls[2]!.headers.authorization).toBe('tokA')
    const cipherText = fakeRsa('PEM', JSON.stringify({ appCode: 'trestle-admin', loginAccount: 'alice' }))
    expect(JSON.parse(calls[2]!.body!)).toEqual({ appCode: 'trestle-admin', cipherText, keyId: 'k1' })
    expect(ciphers.get('trestle-admin')).toEqual({ cipherText, keyId: 'k1' })
    expect(session()).toMatchObject({
      token: 'tokA',
      userAccount: alice,
      accessToken: 'accA',
      privateKey: 'pkA',
      publicKey: 'PEM',
      keyId: 'k1',
    })
  })

  it('on 20007 refetches the key once and retries the login', async () => {
    let keys = 0
    const { client, calls } = setup(
      (c) => {
        switch (c.path) {
          case API.auth.getPubKey:
            keys++
            return ok({ publicKey: `PEM${keys}`, keyId: `k${keys}` })
          case API.auth.login:
            return JSON.parse(c.body!).keyId === 'k1' ? fail(20007) : ok({ token: 'tokA', userAccount: alice })
          case API.auth.getAccessToken:
            return ok({ accessToken: 'accA', privateKey: 'pkA', expiresIn: 7200 })
        }
        return fail(50000)
      },
      { session: emptySession() },
    )
    await client.login({ accountName: 'alice', password: 'p@ss' })
    expect(calls.map((c) => c.path)).toEqual([
      API.auth.getPubKey,
      API.auth.login,
      API.auth.getPubKey,
      API.auth.login,
      API.auth.getAccessToken,
    ])
  })

  it('wrong credentials reject with 20010 and show nothing', async () => {
    const { client, ui, session } = setup(
      (c) => (c.path === API.auth.getPubKey ? ok({ publicKey: 'PEM', keyId: 'k' }) : fail(20010, '账号或密码错误')),
      {
        session: emptySession(),
      },
    )
    await expect(client.login({ accountName: 'alice', password: 'x' })).rejects.toMatchObject({ code: 20010 })
    expect(ui.error).not.toHaveBeenCalled()
    expect(session().token).toBeNull()
  })

  it('logout posts logout, ignores its failure, clears and goes to /login', async () => {
    const { client, calls, navigate, cleared } = setup(() => {
      throw new TypeError('offline')
    })
    await client.logout()
    expect(calls[0]!.path).toBe(API.auth.logout)
    expect(cleared).toHaveBeenCalled()
    expect(navigate).toHaveBeenCalledWith('/login')
  })
})
