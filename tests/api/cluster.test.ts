import { describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey } from './client'
import { noisyPng, upload } from './files-fixtures'
import { ROLE, uniqueName } from './helpers'

/** Two gateway processes on one PostgreSQL server behave as one (DESIGN §1: stateless between requests). */
const pair = provided('pgPair')

describe.runIf(pair)('two gateways on one PostgreSQL', () => {
  const [a, b] = pair ?? []

  it('accepts a session from A on B and refuses on B a nonce used on A', async () => {
    const onA = await new Client(a!.url).signIn('admin', a!.adminPassword)
    const first = await onA.call('GET', '/api/portal/v1/user/info')
    expect(first.body.code).toBe(10000)
    const onB = new Client(b!.url)
    Object.assign(onB, { token: onA.token, accessToken: onA.accessToken, privateKey: onA.privateKey })
    expect((await onB.call('GET', '/api/portal/v1/user/info')).body.code).toBe(10000)
    expect((await onB.call('GET', '/api/portal/v1/user/info', { nonce: onA.lastNonce! })).body.code).toBe(20005)
  })

  it('shares the RSA key, Idempotency-Keys and logout', async () => {
    const ka = await new Client(a!.url).getPubKey()
    const kb = await new Client(b!.url).getPubKey()
    expect(kb.keyId).toBe(ka.keyId)

    const onA = await new Client(a!.url).signIn('admin', a!.adminPassword)
    const onB = new Client(b!.url)
    Object.assign(onB, { token: onA.token, accessToken: onA.accessToken, privateKey: onA.privateKey })
    const key = newKey()
    const json = { roleName: uniqueName('跨实例'), dataScope: 'own' }
    const r1 = await onA.call('POST', `${ROLE}/add`, { json, idempotencyKey: key })
    const r2 = await onB.call('POST', `${ROLE}/add`, { json, idempotencyKey: key })
    expect(r1.body.code).toBe(10000)
    expect(r2.body).toEqual(r1.body)
    const list = await onB.call<unknown[]>('GET', `${ROLE}/list`, { query: { roleName: json.roleName } })
    expect(list.body.data).toHaveLength(1)

    await onA.fetchRaw('POST', '/api/auth/v1/generalAccount/logout', { headers: { authorization: onA.token! } })
    expect((await onB.call('GET', '/api/portal/v1/user/info')).body.code).toBe(20114)
  })

  it('counts login failures across processes', async () => {
    const ghost = uniqueName('ghost')
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await new Client(i % 2 ? b!.url : a!.url).login(ghost, 'Wrong#123')).body.code)
    expect(codes).toEqual([20010, 20010, 20010, 20010, 20011, 20011])
  })

  it('serves a photo uploaded through A from B: the bytes are in the database, not on A', async () => {
    const onA = await new Client(a!.url).signIn('admin', a!.adminPassword)
    const bytes = noisyPng(600, 400) // ~720 KB: three pieces in the shared store
    const up = await upload(onA, 'photo', '工点.png', 'image/png', bytes)
    expect(up.body.code).toBe(10000)
    const got = await fetch(new URL(up.body.data!.url, b!.url))
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true)
  })
})
