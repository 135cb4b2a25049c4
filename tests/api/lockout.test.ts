import { describe, expect, it } from 'vitest'
import { provided } from './provided'
import { mustAdd, newUnit, nextPhone, PASSWORD } from './accounts-fixtures'
import { Client } from './client'
import { signedIn, uniqueName } from './helpers'

/** TRESTLE_LOGIN_MAX_FAILURES defaults to 5: four answers 20010, the fifth locks (20011). */
const MAX = 5

describe.each(provided('targets'))('lockout on $name', (t) => {
  it('locks an unknown name after repeated failures, revealing nothing', async () => {
    const c = new Client(t.url)
    const ghost = uniqueName('ghost')
    const codes: number[] = []
    for (let i = 0; i < MAX + 1; i++) codes.push((await c.login(ghost, 'Wrong#123')).body.code)
    expect(codes).toEqual([...Array<number>(MAX - 1).fill(20010), 20011, 20011])
  })

  // an account of its own: the gateway is shared with every other test file, which signs the demo accounts in
  it('locks a known account; the right password is refused while locked', async () => {
    const admin = await signedIn(t)
    const cellphone = nextPhone()
    const account = await mustAdd(admin, await newUnit(admin, '锁定测试单位'), { cellphone })
    const c = new Client(t.url)
    const codes: number[] = []
    for (let i = 0; i < MAX; i++) codes.push((await c.login(account.accountName, 'Wrong#123')).body.code)
    expect(codes).toEqual([...Array<number>(MAX - 1).fill(20010), 20011])
    expect((await c.login(account.accountName, PASSWORD)).body.code).toBe(20011)
    // The phone number names the same account.
    expect((await c.login(cellphone, PASSWORD)).body.code).toBe(20011)
  })
})

describe('login rate limit', () => {
  it('answers HTTP 429 with Retry-After and 20021 past the per-IP limit', async () => {
    const c = new Client(provided('limited').url)
    const key = await c.getPubKey()
    let last = await c.fetchRaw('POST', '/api/auth/v1/generalAccount/login', {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    for (let i = 0; i < 6 && last.status !== 429; i++) {
      last = await c.fetchRaw('POST', '/api/auth/v1/generalAccount/login', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginInfo: 'x', keyId: key.keyId, loginType: 1 }),
      })
    }
    expect(last.status).toBe(429)
    expect(last.body.code).toBe(20021)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
