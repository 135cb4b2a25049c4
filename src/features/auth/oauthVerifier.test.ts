import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { OAUTH_CHALLENGE_LENGTH, oauthChallengeQuery } from '@/contract/schemas/auth'
import { newOAuthChallenge, oauthChallengeOf, takeOAuthVerifier } from './oauthVerifier'

describe('oauth verifier', () => {
  it('hashes like the gateway: base64url SHA-256, 43 characters the contract accepts', () => {
    for (const v of ['a', 'abc_DEF-123', 'x'.repeat(43)]) {
      expect(oauthChallengeOf(v)).toBe(createHash('sha256').update(v).digest('base64url'))
      expect(oauthChallengeOf(v)).toHaveLength(OAUTH_CHALLENGE_LENGTH)
      expect(oauthChallengeQuery.safeParse({ challenge: oauthChallengeOf(v) }).success).toBe(true)
    }
  })

  it('keeps one random verifier per platform and purpose, given back once', () => {
    const login = newOAuthChallenge('wechat', 'login')
    const bind = newOAuthChallenge('wechat', 'bind')
    expect(login).not.toBe(bind)
    const verifier = takeOAuthVerifier('wechat', 'login')!
    expect(verifier).toMatch(/^[\w-]{43}$/) // 32 random bytes
    expect(oauthChallengeOf(verifier)).toBe(login)
    expect(takeOAuthVerifier('wechat', 'login')).toBeUndefined()
    expect(takeOAuthVerifier('qq', 'bind')).toBeUndefined()
    expect(oauthChallengeOf(takeOAuthVerifier('wechat', 'bind')!)).toBe(bind)
    // a new start replaces the previous verifier
    newOAuthChallenge('qq', 'login')
    const second = newOAuthChallenge('qq', 'login')
    expect(oauthChallengeOf(takeOAuthVerifier('qq', 'login')!)).toBe(second)
  })
})
