import { describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, rsaEncrypt } from './client'
import { DEMO_PASSWORD, sleep } from './helpers'

/** The `short` gateway: access token 2 s, idle 4 s, absolute session 8 s, RSA key slots of 5 s. */
const USER_INFO = '/api/portal/v1/user/info'
const KEY_TTL_MS = 5000

describe('timeouts', () => {
  const short = provided('short')

  it('expires the access token (20004); the stored cipher fetches a new one', async () => {
    const c = await new Client(short.url).signIn('admin', DEMO_PASSWORD)
    expect((await c.call('GET', USER_INFO)).body.code).toBe(10000)
    await sleep(2500)
    expect((await c.call('GET', USER_INFO)).body.code).toBe(20004)
    const again = await c.getAccessToken({ reuseCipher: true })
    expect(again.body.code).toBe(10000)
    expect((await c.call('GET', USER_INFO)).body.code).toBe(10000)
  })

  it('refuses a rotated key (20007); a fresh key works', async () => {
    const c = new Client(short.url)
    const key = await c.getPubKey()
    const loginInfo = rsaEncrypt(key.publicKey, { accountName: 'admin', password: DEMO_PASSWORD })
    const slotEnds = (Math.floor(Date.now() / KEY_TTL_MS) + 1) * KEY_TTL_MS
    await sleep(slotEnds - Date.now() + 300)
    const fresh = await c.getPubKey()
    expect(fresh.keyId).not.toBe(key.keyId)
    const r = await c.fetchRaw('POST', '/api/auth/v1/generalAccount/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginInfo, keyId: key.keyId, loginType: 1 }),
    })
    expect(r.body.code).toBe(20007)
    expect((await c.login('admin', DEMO_PASSWORD)).body.code).toBe(10000)
  })

  it('ends an idle session with 20112', async () => {
    const c = await new Client(short.url).signIn('admin', DEMO_PASSWORD)
    expect((await c.call('GET', USER_INFO)).body.code).toBe(10000)
    await sleep(4600)
    expect((await c.call('GET', USER_INFO)).body.code).toBe(20112)
    expect((await c.getAccessToken({ reuseCipher: true })).body.code).toBe(20112)
    // Signing in again (the console's password prompt) continues.
    const c2 = await new Client(short.url).signIn('admin', DEMO_PASSWORD)
    expect((await c2.call('GET', USER_INFO)).body.code).toBe(10000)
  })

  it('ends a session at its absolute limit (20112), however active', async () => {
    const c = await new Client(short.url).signIn('admin', DEMO_PASSWORD)
    const started = Date.now()
    const codes: number[] = []
    // Never idle for long (idle limit 4 s): a call every second, a new access token when it expires.
    while (Date.now() - started < 7000) {
      let r = await c.call('GET', USER_INFO)
      if (r.body.code === 20004) {
        expect((await c.getAccessToken({ reuseCipher: true })).body.code).toBe(10000)
        r = await c.call('GET', USER_INFO)
      }
      codes.push(r.body.code)
      await sleep(1000)
    }
    expect(new Set(codes)).toEqual(new Set([10000]))
    await sleep(Math.max(0, started + 8600 - Date.now()))
    expect((await c.call('GET', USER_INFO)).body.code).toBe(20112)
    expect((await c.getAccessToken({ reuseCipher: true })).body.code).toBe(20112)
    const again = await new Client(short.url).signIn('admin', DEMO_PASSWORD)
    expect((await again.call('GET', USER_INFO)).body.code).toBe(10000)
  })
})
