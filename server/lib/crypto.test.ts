/** Password hashes: scrypt at OWASP's cost by default, a lower one only when configured, and every stored hash verifying whatever the current cost. */
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { DEFAULT_PASSWORD_COST, getDummyHash, hashPassword, setPasswordCost, verifyPassword } from './crypto'

const costOf = (hash: string) => Math.log2(Number(hash.split('$')[1]))

describe('password hashes', () => {
  afterEach(() => setPasswordCost(DEFAULT_PASSWORD_COST))

  it('are scrypt with N = 2^17, r = 8, p = 1 unless the gateway is configured otherwise', async () => {
    expect(loadConfig({}).passwordCost).toBe(17)
    const hash = await hashPassword('Trestle@2026')
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/)
    expect(await verifyPassword('Trestle@2026', hash)).toBe(true)
    expect(await verifyPassword('Trestle@2027', hash)).toBe(false)
  })

  it('take TRESTLE_PASSWORD_COST between 14 and 18; a hash made at another cost still verifies', async () => {
    expect(loadConfig({ TRESTLE_PASSWORD_COST: '14' }).passwordCost).toBe(14)
    for (const bad of ['13', '19', '16.5', 'high']) expect(() => loadConfig({ TRESTLE_PASSWORD_COST: bad })).toThrow(ConfigError)
    const strong = await hashPassword('Trestle@2026')
    setPasswordCost(14)
    const cheap = await hashPassword('Trestle@2026')
    expect([costOf(strong), costOf(cheap)]).toEqual([17, 14])
    expect(await verifyPassword('Trestle@2026', strong)).toBe(true)
    expect(await verifyPassword('Trestle@2026', cheap)).toBe(true)
    // an unknown account is checked against a hash of the same cost as real ones
    expect(costOf(await getDummyHash())).toBe(14)
    expect(() => setPasswordCost(12)).toThrow(RangeError)
  })
})
