/**
 * DESIGN §3 "Bad input never reaches a fault" (issue 10): text with NUL characters, integers beyond
 * their column, deeply nested bodies, broken multipart and oversized request heads are answered with
 * 20001 on the field (or the enveloped 4xx), never 50000 or a bare 5xx, and none of them writes a
 * stack trace to the gateway's log.
 *
 * Every route the gateway registers is probed (the list comes from the gateway's own route table,
 * built in this process only to be read; the requests go to the real gateways).
 */
import { readFileSync, statSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/client'
import { Client, newKey, rsaEncrypt, type Answer } from './client'
import { JPG, multipart, UPLOAD } from './files-fixtures'
import { ROLE, signedIn, sleep, uniqueName } from './helpers'

type FieldErrors = { field: string; key: string; message: string }[]
interface Route {
  path: string
  methods: string[]
}

/** The gateway's routes (method lists without HEAD), read from Fastify's route tree. */
async function gatewayRoutes(): Promise<Route[]> {
  const none = path.join(tmpdir(), 'trestle-hostile-routes')
  const app = await buildApp(loadConfig({ TRESTLE_DATA_DIR: none, TRESTLE_SERVE_DIST: none }), {} as Db, { logger: false })
  await app.ready()
  const tree = app.printRoutes({ commonPrefix: false })
  await app.close()
  const routes: Route[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    // `├── /api/admin/v1/org/list (GET, POST, HEAD)`, its children indented: `│   └── Page (GET, POST, HEAD)`.
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line)
    if (!m) continue
    const depth = m[1]!.length / 4
    const full = (depth > 0 ? stack[depth - 1]! : '') + m[2]!
    stack[depth] = full
    stack.length = depth + 1
    if (m[3]) routes.push({ path: full, methods: m[3].split(', ').filter((x) => x !== 'HEAD') })
  }
  return routes
}

const NUL = '\u0000'
/** Text parameters sent with a NUL in the middle (whatever a route reads, one of them or all). */
const TEXT_PARAMS = ['keyword', 'name', 'roleName', 'organizationName', 'accountName', 'userName', 'appCode', 'keyId', 'ids', 'remark']
const nulParams = () => Object.fromEntries(TEXT_PARAMS.map((n) => [n, `${n}${NUL}x`]))

const INT4_MAX = 2147483647
const TOO_LARGE = `v.tooLarge:${INT4_MAX}`

/** Add and update calls whose records have a sort code / a version (both int4 columns). */
const WITH_SORT = ['applicationMenu', 'application', 'org', 'orgGroup', 'orgGroupAccount', 'role', 'user'].flatMap((r) => [
  `/api/admin/v1/${r}/add`,
  `/api/admin/v1/${r}/update`,
])
WITH_SORT.push('/api/admin/v1/department/addByOrgId', '/api/admin/v1/department/update')
const WITH_VERSION = [
  ...WITH_SORT.filter((p) => p.endsWith('/update')),
  '/api/admin/v1/generalAccount/update',
  '/api/admin/v1/registerAccount/update',
  '/api/portal/v1/personal/updateInfo',
]

const IMPORTS = ['/api/admin/v1/role/import', '/api/admin/v1/org/import', '/api/admin/v1/user/import']
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

function nested(depth: number): string {
  return `{"keyword":${'['.repeat(depth)}1${']'.repeat(depth)}}`
}

/** Not a fault: an enveloped answer below 500 and not 50000. */
function expectNoFault(r: Answer, what: string): void {
  expect(r.status, `${what}: ${r.text.slice(0, 300)}`).toBeLessThan(500)
  expect(r.body.code, `${what}: ${r.text.slice(0, 300)}`).not.toBe(50000)
  expect(r.body.code, `${what}: not an envelope: ${r.text.slice(0, 300)}`).not.toBe(-1)
}

/** 20001 naming `field` with `key` (the first entry for that field). */
function expectFieldError(r: Answer, field: string, key: string | RegExp, what = field): void {
  expectNoFault(r, what)
  expect(r.body.code, `${what}: ${r.text.slice(0, 300)}`).toBe(20001)
  const entry = (r.body.data as FieldErrors).find((e) => e.field === field)
  expect(entry, `${what}: ${r.text.slice(0, 300)}`).toBeDefined()
  if (typeof key === 'string') expect(entry!.key).toBe(key)
  else expect(entry!.key).toMatch(key)
}

/** One raw HTTP/1.1 exchange on a socket (for requests fetch will not send). */
function rawHttp(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request))
    const chunks: Buffer[] = []
    const done = () => resolve(Buffer.concat(chunks).toString('utf8'))
    socket.on('data', (d: Buffer) => chunks.push(d))
    socket.on('close', done)
    socket.on('error', reject)
    socket.setTimeout(10_000, () => socket.destroy())
  })
}

let routes: Route[] = []
beforeAll(async () => {
  routes = await gatewayRoutes()
  expect(routes.length).toBeGreaterThan(100)
})

describe.each(provided('targets'))('hostile input on $name', (t) => {
  let admin: Client
  let logMark = 0

  beforeAll(async () => {
    admin = await signedIn(t)
    logMark = statSync(t.log).size
  })

  // Whatever a test sent, the gateway logged no fault and no stack trace for it.
  afterEach(async () => {
    await sleep(300)
    const text = readFileSync(t.log).subarray(logMark).toString('utf8')
    logMark = statSync(t.log).size
    expect(text, 'gateway log').not.toMatch(/"level":50|"stack"|\n\s+at \S+ \(/)
  })

  it('every route answers a NUL in any text parameter (query, JSON or form body, path) with 20001 on that field', async () => {
    const walker = await signedIn(t)
    const query = new URLSearchParams(nulParams()).toString()
    let probed = 0
    for (const route of routes) {
      const p = route.path.replace(/:[A-Za-z]+/g, encodeURIComponent(`a${NUL}b`))
      const pathParams = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!)
      for (const method of route.methods) {
        const answers: [string, Answer][] = []
        if (method === 'GET') answers.push(['query', await walker.call(method, p, { query })])
        else {
          answers.push(['json', await walker.call(method, p, { json: nulParams(), idempotencyKey: newKey() })])
          answers.push(['form', await walker.call(method, p, { form: nulParams(), idempotencyKey: newKey() })])
        }
        for (const [how, r] of answers) {
          const what = `${method} ${route.path} (${how})`
          expectNoFault(r, what)
          expect(r.body.code, `${what}: ${r.text.slice(0, 300)}`).toBe(20001)
          const [first] = r.body.data as FieldErrors
          expect(pathParams.length > 0 ? pathParams : TEXT_PARAMS, `${what}: ${r.text.slice(0, 300)}`).toContain(first!.field)
          expect(first!.key).toBe('v.control')
          probed++
        }
      }
    }
    expect(probed).toBeGreaterThan(200)
    // The walker's session is intact (logout, too, refused the NUL before doing anything).
    expect((await walker.call('GET', '/api/portal/v1/user/info')).body.code).toBe(10000)
  }, 300_000)

  it('names the field of a NUL anywhere in a body: nested values and keys, in the request language', async () => {
    const nestedValue = await admin.call('POST', `${ROLE}/add`, {
      json: { roleName: uniqueName('角色'), dataScope: 'own', extra: { list: ['ok', `a${NUL}b`] } },
      idempotencyKey: newKey(),
      headers: { 'accept-language': 'en' },
    })
    expectFieldError(nestedValue, 'extra.list.1', 'v.control')
    expect((nestedValue.body.data as FieldErrors)[0]!.message).toBe('may not contain control characters')
    const key = await admin.call('POST', `${ROLE}/add`, {
      json: { roleName: uniqueName('角色'), [`ke${NUL}y`]: 'v' },
      idempotencyKey: newKey(),
    })
    expectFieldError(key, 'ke\uFFFDy', 'v.control')
    expect(key.text).not.toContain('\\u0000')
    expect((key.body.data as FieldErrors)[0]!.message).toBe('不能包含控制字符')
    // Other control characters in a name are refused by the contract's text rule (the console's forms use it too).
    expectFieldError(
      await admin.call('POST', `${ROLE}/add`, { json: { roleName: 'a\u0007b', dataScope: 'own' }, idempotencyKey: newKey() }),
      'roleName',
      'v.control',
    )
    // A remark may span lines.
    const remark = await admin.call('POST', `${ROLE}/add`, {
      json: { roleName: uniqueName('角色'), dataScope: 'own', remark: '第一行\n第二行' },
      idempotencyKey: newKey(),
    })
    expect(remark.body.code, remark.text).toBe(10000)
  })

  it('the public calls refuse a NUL on the field, unsigned', async () => {
    const c = new Client(t.url)
    expectFieldError(await c.fetchRaw('GET', '/api/auth/v1/orgSearch/list?keyword=ab%00c'), 'keyword', 'v.control', 'orgSearch')
    expectFieldError(await c.fetchRaw('GET', '/api/auth/v1/generalAccount/getPubKey?appCode=a%00b'), 'appCode', 'v.control', 'getPubKey')
    const json = { 'content-type': 'application/json' }
    expectFieldError(
      await c.fetchRaw('POST', '/api/auth/v1/generalAccount/getForgotVerifyCode', {
        headers: json,
        body: JSON.stringify({ accountName: `ad${NUL}min` }),
      }),
      'accountName',
      'v.control',
      'getForgotVerifyCode',
    )
    expectFieldError(
      await c.fetchRaw('POST', '/api/auth/v1/generalAccount/checkLoginAccount', {
        headers: json,
        body: JSON.stringify({ accountName: `ad${NUL}min` }),
      }),
      'accountName',
      'v.control',
      'checkLoginAccount',
    )
    const session = new Client(t.url)
    expect((await session.login('admin', t.adminPassword)).body.code).toBe(10000)
    const key = await session.getPubKey()
    const cipherText = rsaEncrypt(key.publicKey, { appCode: session.appCode, loginAccount: 'admin' })
    expectFieldError(
      await session.fetchRaw('POST', '/api/auth/v1/api/getAccessToken', {
        headers: { ...json, authorization: session.token! },
        body: JSON.stringify({ appCode: session.appCode, cipherText, keyId: `${key.keyId.slice(0, 8)}${NUL}` }),
      }),
      'keyId',
      'v.control',
      'getAccessToken keyId',
    )
  })

  it('a NUL inside the encrypted login info answers exactly like a wrong password', async () => {
    const c = new Client(t.url)
    const wrong = await c.login('admin', 'not-the-password')
    expect(wrong.body.code).toBe(20010)
    for (const info of [
      { accountName: `admin${NUL}`, password: t.adminPassword },
      { accountName: 'admin', password: `${t.adminPassword}${NUL}` },
      { accountName: `ad${NUL}min`, password: `x${NUL}` },
    ]) {
      const key = await c.getPubKey()
      const r = await c.fetchRaw('POST', '/api/auth/v1/generalAccount/login', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginInfo: rsaEncrypt(key.publicKey, info), keyId: key.keyId, loginType: 1, carrier: 'node-test/24' }),
      })
      expect(r.status, JSON.stringify(info)).toBe(wrong.status)
      expect(r.body, JSON.stringify(info)).toEqual(wrong.body)
    }
    // An access-token cipher naming `admin\0` is a cipher that does not match the session (20007), like any other.
    const s = new Client(t.url)
    expect((await s.login('admin', t.adminPassword)).body.code).toBe(10000)
    const key = await s.getPubKey()
    const r = await s.fetchRaw('POST', '/api/auth/v1/api/getAccessToken', {
      headers: { 'content-type': 'application/json', authorization: s.token! },
      body: JSON.stringify({
        appCode: s.appCode,
        cipherText: rsaEncrypt(key.publicKey, { appCode: s.appCode, loginAccount: `admin${NUL}` }),
        keyId: key.keyId,
      }),
    })
    expect(r.body.code).toBe(20007)
  })

  it('sort 2147483648 on every add and update, version 2^31 on every update: 20001 on the field', async () => {
    // Complete, otherwise valid records: what reached the database (integer out of range → 50000) before.
    const roleName = uniqueName('排序')
    expectFieldError(
      await admin.call('POST', `${ROLE}/add`, { json: { roleName, dataScope: 'own', sort: 2 ** 31 }, idempotencyKey: newKey() }),
      'sort',
      TOO_LARGE,
    )
    const added = await admin.call<{ roleId: string; version: number }>('POST', `${ROLE}/add`, {
      json: { roleName, dataScope: 'own', sort: INT4_MAX },
      idempotencyKey: newKey(),
    })
    expect(added.body.code, added.text).toBe(10000)
    const { roleId, version } = added.body.data
    const upd = (extra: object) =>
      admin.call('PUT', `${ROLE}/update`, {
        json: { roleId, roleName, dataScope: 'own', sort: 1, version, ...extra },
        idempotencyKey: newKey(),
      })
    expectFieldError(await upd({ sort: '2147483648' }), 'sort', TOO_LARGE)
    expectFieldError(await upd({ version: 2 ** 31 }), 'version', TOO_LARGE)
    expect((await upd({ version: INT4_MAX })).body.code).toBe(20008)
    expect((await upd({})).body.code).toBe(10000)

    // The personal centre's updateInfo.
    const info = await admin.call<{ userName: string | null }>('GET', '/api/portal/v1/personal/info')
    const updateInfo = await admin.call('PUT', '/api/portal/v1/personal/updateInfo', {
      json: { userName: info.body.data.userName ?? '系统管理员', version: 2 ** 31 },
      idempotencyKey: newKey(),
    })
    expectFieldError(updateInfo, 'version', TOO_LARGE, 'personal updateInfo')

    // Every add/update call the gateway has: the integer rule of the contract, never the database.
    const writes = routes.filter((r) => /\/(add|update)[A-Za-z]*$/.test(r.path) && r.methods.some((m) => m !== 'GET'))
    for (const p of [...WITH_SORT, ...WITH_VERSION]) expect(writes.map((r) => r.path)).toContain(p)
    for (const route of writes) {
      const method = route.methods.includes('PUT') ? 'PUT' : 'POST'
      const r = await admin.call(method, route.path, { json: { sort: 2 ** 31, version: 2 ** 31 }, idempotencyKey: newKey() })
      expectNoFault(r, route.path)
      const errors = r.body.code === 20001 ? (r.body.data as FieldErrors) : []
      for (const e of errors.filter((x) => x.field === 'sort' || x.field === 'version'))
        expect(e.key, `${route.path} ${e.field}`).toBe(TOO_LARGE)
      if (WITH_SORT.includes(route.path)) expectFieldError(r, 'sort', TOO_LARGE, route.path)
      if (WITH_VERSION.includes(route.path)) expectFieldError(r, 'version', TOO_LARGE, route.path)
    }
  }, 180_000)

  it('a page index whose offset would overflow is 20001 on pageIndex; the largest one answers an empty page', async () => {
    const pages = routes.filter((r) => r.path.endsWith('/listPage'))
    expect(pages.length).toBeGreaterThan(5)
    for (const route of pages) {
      const r = await admin.call('GET', route.path, { query: 'pageIndex=9007199254740991&pageSize=2000' })
      expectFieldError(r, 'pageIndex', TOO_LARGE, route.path)
      const post = await admin.call('POST', route.path, { json: { pageIndex: 2 ** 53, pageSize: 20 }, idempotencyKey: newKey() })
      expectFieldError(post, 'pageIndex', TOO_LARGE, `${route.path} by POST`)
      expectFieldError(
        await admin.call('GET', route.path, { query: 'pageIndex=1&pageSize=2001' }),
        'pageSize',
        'v.tooLarge:2000',
        route.path,
      )
    }
    const last = await admin.call<{ records: unknown[]; pageIndex: number }>('GET', `${ROLE}/listPage`, {
      query: `pageIndex=${INT4_MAX}&pageSize=2000`,
    })
    expect(last.body.code, last.text).toBe(10000)
    expect(last.body.data).toMatchObject({ records: [], pageIndex: INT4_MAX })
  }, 180_000)

  it('a JSON body nested 5,000 deep is refused before anything reads it (400, 20001 on body), on every route; a huge one is 413', async () => {
    const deep = nested(5000)
    const posts = routes.filter((r) => r.methods.some((m) => m !== 'GET'))
    for (const route of posts) {
      const method = route.methods.find((m) => m !== 'GET')!
      const r = await admin.call(method, route.path.replace(/:[A-Za-z]+/g, 'x'), {
        raw: { body: deep, type: 'application/json' },
        idempotencyKey: newKey(),
      })
      expect(r.status, `${route.path}: ${r.text.slice(0, 200)}`).toBe(400)
      expectFieldError(r, 'body', 'v.invalid', route.path)
    }
    // Unsigned, on a public read by POST, in English.
    const c = new Client(t.url)
    const pub = await c.fetchRaw('POST', '/api/auth/v1/orgSearch/list', {
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: deep,
    })
    expect(pub.status).toBe(400)
    expect(pub.body).toMatchObject({ code: 20001, message: 'The request body is nested too deeply' })
    // A huge body (over the 1 MB limit): the enveloped 413 on body.
    const huge = await admin.call('POST', `${ROLE}/add`, {
      raw: { body: `{"roleName":"${'a'.repeat(1_100_000)}"}`, type: 'application/json' },
      idempotencyKey: newKey(),
    })
    expect(huge.status).toBe(413)
    expectFieldError(huge, 'body', 'v.invalid', 'a body over the limit')
    // Ordinary nesting still reads: a read by POST with a nested (ignored) parameter.
    const ok = await admin.call('POST', `${ROLE}/listPage`, {
      raw: { body: `{"pageIndex":1,"x":${'['.repeat(50)}1${']'.repeat(50)}}`, type: 'application/json' },
      idempotencyKey: newKey(),
    })
    expect(ok.body.code, ok.text).toBe(10000)
  }, 180_000)

  it('a body answered before it was read (over the limit; refused by the gate) is read to its end first: four senders at a time each get the answer, none a broken write', async () => {
    const over = `{"roleName":"${'a'.repeat(1_100_000)}"}`
    const under = `{"roleName":"${'a'.repeat(900_000)}"}`
    const unsigned = new Client(t.url)
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 6; i++) {
          const huge = await admin.call('POST', `${ROLE}/add`, { raw: { body: over, type: 'application/json' }, idempotencyKey: newKey() })
          expect(huge.status).toBe(413)
          expectFieldError(huge, 'body', 'v.invalid', 'a body over the limit')
          // unsigned: the gate refuses it (no session) before its body is read
          const refused = await unsigned.fetchRaw('POST', `${ROLE}/add`, { headers: { 'content-type': 'application/json' }, body: under })
          expect(refused.body.code, refused.text).toBe(20114)
        }
      }),
    )
  }, 120_000)

  it('truncated multipart, a boundary that does not match and an unknown purpose are 20001 on the field (uploads and the three imports)', async () => {
    const targets: [string, string | undefined, { name: string; type: string; bytes: Buffer }][] = [
      [UPLOAD, 'purpose=avatar', { name: 'a.jpg', type: 'image/jpeg', bytes: JPG }],
      ...IMPORTS.map((p): [string, undefined, { name: string; type: string; bytes: Buffer }] => [
        p,
        undefined,
        { name: 'x.xlsx', type: XLSX_TYPE, bytes: Buffer.alloc(600, 1) },
      ]),
    ]
    for (const [p, query, file] of targets) {
      const call = (raw: { body: Buffer; type: string }) =>
        admin.call('POST', p, { raw, unsignedPayload: true, idempotencyKey: newKey(), query })
      const whole = multipart(file)
      const truncated = await call({ body: whole.body.subarray(0, whole.body.length - 40), type: whole.type })
      expectFieldError(truncated, 'file', 'v.invalid', `${p} truncated`)
      const headOnly = await call({ body: whole.body.subarray(0, 60), type: whole.type })
      expectFieldError(headOnly, 'file', 'v.invalid', `${p} cut in the part head`)
      const otherBoundary = await call({ body: whole.body, type: 'multipart/form-data; boundary=----not-the-one' })
      expectFieldError(otherBoundary, 'file', 'v.invalid', `${p} boundary`)
      const noBoundary = await call({ body: whole.body, type: 'multipart/form-data' })
      expectFieldError(noBoundary, 'file', 'v.invalid', `${p} no boundary`)
    }
    // The upload's purpose as a multipart field: unknown, or with a NUL.
    for (const purpose of ['bogus', `ava${NUL}tar`]) {
      const r = await admin.call('POST', UPLOAD, {
        raw: multipart({ name: 'a.jpg', type: 'image/jpeg', bytes: JPG }, { purpose }),
        unsignedPayload: true,
        idempotencyKey: newKey(),
        query: 'purpose=avatar',
      })
      expectFieldError(r, 'purpose', 'v.invalid', `purpose ${JSON.stringify(purpose)}`)
    }
    // And a whole, well-formed upload still works.
    const good = await admin.call('POST', UPLOAD, {
      raw: multipart({ name: 'a.jpg', type: 'image/jpeg', bytes: JPG }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
      query: 'purpose=avatar',
    })
    expect(good.body.code, good.text).toBe(10000)
  })

  it('a request line or headers over 16 KB, a malformed head or URL: the enveloped 4xx', async () => {
    const c = new Client(t.url)
    const longLine = await c.fetchRaw('GET', `/api/auth/v1/generalAccount/getPubKey?appCode=${'a'.repeat(17_000)}`)
    expect(longLine.status).toBe(431)
    expect(longLine.body).toMatchObject({ code: 20001, message: '请求行或请求头过大', data: [{ field: 'headers' }] })
    const longHeader = await c.fetchRaw('GET', '/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin', {
      headers: { 'accept-language': 'en', 'x-padding': 'p'.repeat(17_000) },
    })
    expect(longHeader.status).toBe(431)
    expect(longHeader.headers.get('content-type')).toMatch(/^application\/json/)
    expect(longHeader.body).toMatchObject({
      code: 20001,
      message: 'The request line or headers are too large',
      data: [{ field: 'headers' }],
    })

    const badHead = await rawHttp(t.url, 'GET /api/auth/v1/generalAccount/getPubKey?appCode=x HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n')
    expect(badHead).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(badHead.slice(badHead.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 20001, message: '请求格式不正确' })

    const badUrl = await c.fetchRaw('GET', '/api/auth/v1/generalAccount/getPubKey%zz', { headers: { 'accept-language': 'en' } })
    expect(badUrl.status).toBe(400)
    expect(badUrl.body).toMatchObject({ code: 20001, data: [{ field: 'url' }] })
    const longParam = await c.fetchRaw('GET', `/files/${'f'.repeat(300)}?exp=1&sig=2`)
    expect(longParam.status).toBe(414)
    expect(longParam.body).toMatchObject({ code: 20001, data: [{ field: 'url' }] })

    // The gateway still answers on a new connection.
    expect((await c.fetchRaw('GET', '/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin')).body.code).toBe(10000)
  })
})
