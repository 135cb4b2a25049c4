/**
 * Third-party sign-in (OAuth2 authorization code) against a local provider speaking the WeChat and
 * QQ dialects: authorize URL with a gateway-kept state, binding from the personal centre, bound →
 * login (then the normal access-token step), unbound → refused, state mismatches → refused.
 * Every flow is tied to the "browser" that started it: a verifier it keeps, whose challenge goes
 * with the start; a callback without that verifier (a link started elsewhere) is refused.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oauthChallengeOf } from '@/features/auth/oauthVerifier'
import { startGateway, type Gateway } from '../support/gateway'
import { authorize, startOAuthProvider, type LocalOAuthProvider } from '../support/oauth-provider'
import { Client } from './client'
import { signedIn } from './helpers'

const CONFIG = '/api/auth/v1/api/thirdPlatformConfig'
const LOGIN = '/api/auth/v1/api/loginThirdPlatform'
const P = '/api/portal/v1/personal'

let provider: LocalOAuthProvider
let gw: Gateway

beforeAll(async () => {
  provider = await startOAuthProvider()
  gw = await startGateway('oauth', provider.env())
})
afterAll(async () => {
  await gw?.stop()
  await provider?.close()
})

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

const LOGIN_ELSEWHERE = '授权已失效或不是从本浏览器发起，请重新登录'
const BIND_ELSEWHERE = '授权已失效或不是从本浏览器发起，请重新绑定'

/** One browser's verifier (as the console makes it: 32 random bytes, base64url) and its challenge (the console's own hash). */
function browser() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: oauthChallengeOf(verifier) }
}
type Browser = ReturnType<typeof browser>

/** A login authorize URL started by `b` (a fresh browser unless given). */
async function loginUrl(platform: 'wechat' | 'qq', b: Browser = browser()): Promise<string> {
  const r = await new Client(gw.url).fetchRaw('GET', `${CONFIG}?platform=${platform}&challenge=${b.challenge}`)
  expect(r.body.code).toBe(10000)
  return (r.body.data as { authorizeUrl: string }).authorizeUrl
}

/** Starts a login in a browser of its own and comes back from the provider: code, state and that browser's verifier. */
async function loginRoundTrip(platform: 'wechat' | 'qq') {
  const b = browser()
  const back = await authorize(await loginUrl(platform, b))
  return { code: back.code, state: back.state, verifier: b.verifier }
}

async function thirdLogin(platform: 'wechat' | 'qq', code: string, state: string, verifier?: string) {
  return new Client(gw.url).fetchRaw('POST', LOGIN, json({ platform, code, state, verifier }))
}

/** Starts a binding for `c` in browser `b`, through the provider: code and state back on /personal-view. */
async function bindRoundTrip(c: Client, platform: 'wechat' | 'qq', b: Browser) {
  const start = await c.call<{ authorizeUrl: string }>('GET', `${P}/thirdPartyAuthorize`, { query: { platform, challenge: b.challenge } })
  expect(start.body.code).toBe(10000)
  const back = await authorize(start.body.data.authorizeUrl)
  expect(back.redirect.pathname).toBe('/personal-view')
  expect(back.redirect.searchParams.get('platform')).toBe(platform)
  return back
}

async function bind(c: Client, platform: 'wechat' | 'qq', subject: string, nickname: string) {
  const b = browser()
  provider.approveAs(subject, nickname)
  const back = await bindRoundTrip(c, platform, b)
  return c.call('POST', `${P}/bindThirdParty`, { json: { platform, code: back.code, state: back.state, verifier: b.verifier } })
}

describe('third-party sign-in', () => {
  it('announces the configured providers; with ?platform an authorize URL in the provider dialect', async () => {
    const plain = await new Client(gw.url).fetchRaw('GET', CONFIG)
    expect(plain.body).toEqual(expect.objectContaining({ code: 10000, data: { wechat: true, qq: true } }))

    const wx = new URL(await loginUrl('wechat'))
    expect(`${wx.origin}${wx.pathname}`).toBe(`${provider.url}/wechat/authorize`)
    expect(wx.hash).toBe('#wechat_redirect')
    expect(wx.searchParams.get('appid')).toBe(provider.wechat.id)
    expect(wx.searchParams.get('scope')).toBe('snsapi_login')
    expect(wx.searchParams.get('redirect_uri')).toBe(`${gw.url}/loginThirdPlatform?platform=wechat`)
    expect(wx.searchParams.get('state')).toMatch(/^[\w-]{24,}$/)

    const qq = new URL(await loginUrl('qq'))
    expect(qq.searchParams.get('client_id')).toBe(provider.qq.id)
    expect(qq.searchParams.get('redirect_uri')).toBe(`${gw.url}/loginThirdPlatform?platform=qq`)
    expect(qq.searchParams.get('state')).not.toBe(wx.searchParams.get('state'))
    expect((await new Client(gw.url).fetchRaw('GET', `${CONFIG}?platform=weibo`)).body.code).toBe(20001)
    // An authorisation is started with a challenge (base64url SHA-256: 43 characters) or not at all.
    const without = await new Client(gw.url).fetchRaw('GET', `${CONFIG}?platform=wechat`)
    expect(without.body.code).toBe(20001)
    expect(JSON.stringify(without.body)).toContain('challenge')
    expect((await new Client(gw.url).fetchRaw('GET', `${CONFIG}?platform=wechat&challenge=short`)).body.code).toBe(20001)
  })

  it('an identity bound to no account is refused with what to do', async () => {
    provider.approveAs('stranger', '陌生人')
    const back = await loginRoundTrip('wechat')
    const r = await thirdLogin('wechat', back.code, back.state, back.verifier)
    expect(r.body.code).toBe(20021)
    expect(r.body.message).toContain('尚未绑定平台账号')
    expect(r.body.message).toContain('个人中心')
  })

  it('binds WeChat in the personal centre, then signs in with it and continues the normal sequence', async () => {
    const zhang = await signedIn(gw, 'zhangwei')
    const bound = await bind(zhang, 'wechat', 'zhang', '张伟的微信')
    expect(bound.body).toMatchObject({ code: 10000, data: { platform: 'wechat', nickname: '张伟的微信' } })
    const info = await zhang.call<{ thirdParty: { platform: string; nickname: string }[] }>('GET', `${P}/info`)
    expect(info.body.data.thirdParty).toEqual([expect.objectContaining({ platform: 'wechat', nickname: '张伟的微信' })])

    provider.approveAs('zhang', '张伟的微信')
    const back = await loginRoundTrip('wechat')
    const r = await thirdLogin('wechat', back.code, back.state, back.verifier)
    expect(r.body).toMatchObject({ code: 10000, data: { userAccount: { accountName: 'zhangwei' } } })
    // The console goes on with getAccessToken and signed calls.
    const c = new Client(gw.url)
    c.token = (r.body.data as { token: string }).token
    c.accountName = 'zhangwei'
    expect((await c.getAccessToken()).body.code).toBe(10000)
    expect((await c.call<{ accountName: string }>('GET', '/api/portal/v1/user/info')).body.data.accountName).toBe('zhangwei')
    // The session is listed with its carrier.
    const sessions = await c.call<{ carrier: string; current: boolean }[]>('GET', `${P}/sessions`)
    expect(sessions.body.data.find((s) => s.current)?.carrier).toBe('WeChat')
    // The code and the state were used once.
    expect((await thirdLogin('wechat', back.code, back.state, back.verifier)).body.code).toBe(20021)
  })

  it('QQ: token, then the openid from /oauth2.0/me, then the user info', async () => {
    const lisi = await signedIn(gw, 'lisite')
    expect((await bind(lisi, 'qq', 'lisi', '思婷')).body).toMatchObject({ code: 10000, data: { platform: 'qq', nickname: '思婷' } })
    provider.approveAs('lisi', '思婷')
    const back = await loginRoundTrip('qq')
    const r = await thirdLogin('qq', back.code, back.state, back.verifier)
    expect(r.body).toMatchObject({ code: 10000, data: { userAccount: { accountName: 'lisite' } } })
  })

  it('refuses a state that is unknown, used, for another platform or for a binding', async () => {
    provider.approveAs('zhang', '张伟的微信')
    const back = await loginRoundTrip('wechat')
    const forged = await thirdLogin('wechat', back.code, 'forged-state-0123456789abcdef', back.verifier)
    expect(forged.body).toMatchObject({ code: 20021, message: LOGIN_ELSEWHERE })
    expect((await thirdLogin('qq', back.code, back.state, back.verifier)).body.code).toBe(20021)
    // The state was not spent by the refusals above.
    expect((await thirdLogin('wechat', back.code, back.state, back.verifier)).body.code).toBe(10000)

    // A state handed out for a binding does not sign in.
    const zhang = await signedIn(gw, 'zhangwei')
    const b = browser()
    const bindBack = await bindRoundTrip(zhang, 'wechat', b)
    expect((await thirdLogin('wechat', bindBack.code, bindBack.state, b.verifier)).body.code).toBe(20021)
    // …nor binds another account.
    const orgadmin = await signedIn(gw, 'orgadmin')
    const other = await orgadmin.call('POST', `${P}/bindThirdParty`, {
      json: { platform: 'wechat', code: bindBack.code, state: bindBack.state, verifier: b.verifier },
    })
    expect(other.body).toMatchObject({ code: 20021, message: BIND_ELSEWHERE })
  })

  it('login: a callback started in another browser, or sent without a verifier, is refused and spends the state', async () => {
    provider.approveAs('zhang', '张伟的微信') // bound to zhangwei above: with the right verifier this would sign in
    // The attacker's browser starts the flow and stops at the callback link; the victim's browser holds another verifier.
    const link = await loginRoundTrip('wechat')
    const elsewhere = await thirdLogin('wechat', link.code, link.state, browser().verifier)
    expect(elsewhere.body).toMatchObject({ code: 20021, message: LOGIN_ELSEWHERE, data: null })
    // The state is spent: not even the starting browser gets in with it now.
    expect((await thirdLogin('wechat', link.code, link.state, link.verifier)).body).toMatchObject({ code: 20021, message: LOGIN_ELSEWHERE })

    // A browser with no verifier at all (the link opened anywhere else).
    const bare = await loginRoundTrip('wechat')
    expect((await thirdLogin('wechat', bare.code, bare.state)).body).toMatchObject({ code: 20021, message: LOGIN_ELSEWHERE, data: null })
    expect((await thirdLogin('wechat', bare.code, bare.state, bare.verifier)).body.code).toBe(20021)
    // An empty verifier, or the challenge itself in its place, are no better.
    const empty = await loginRoundTrip('wechat')
    expect((await thirdLogin('wechat', empty.code, empty.state, '')).body).toMatchObject({ code: 20021, message: LOGIN_ELSEWHERE })
    const b = browser()
    const asChallenge = await authorize(await loginUrl('wechat', b))
    expect((await thirdLogin('wechat', asChallenge.code, asChallenge.state, b.challenge)).body).toMatchObject({
      code: 20021,
      message: LOGIN_ELSEWHERE,
    })

    // In English, too.
    const en = await loginRoundTrip('wechat')
    const r = await new Client(gw.url).fetchRaw('POST', LOGIN, {
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ platform: 'wechat', code: en.code, state: en.state }),
    })
    expect(r.body).toMatchObject({
      code: 20021,
      message: 'The authorisation was not started in this browser or has expired; sign in again',
    })

    // The browser that started it still signs in.
    const mine = await loginRoundTrip('wechat')
    expect((await thirdLogin('wechat', mine.code, mine.state, mine.verifier)).body).toMatchObject({
      code: 10000,
      data: { userAccount: { accountName: 'zhangwei' } },
    })
  })

  it('bind: a callback started in another browser, or sent without a verifier, binds nothing and spends the state', async () => {
    const lisi = await signedIn(gw, 'lisite')
    const before = (await lisi.call<{ thirdParty: { platform: string }[] }>('GET', `${P}/info`)).body.data.thirdParty
    expect(before.map((x) => x.platform)).toEqual(['qq'])

    provider.approveAs('attacker', '攻击者的微信')
    const started = browser()
    const link = await bindRoundTrip(lisi, 'wechat', started)
    const elsewhere = await lisi.call('POST', `${P}/bindThirdParty`, {
      json: { platform: 'wechat', code: link.code, state: link.state, verifier: browser().verifier },
    })
    expect(elsewhere.body).toMatchObject({ code: 20021, message: BIND_ELSEWHERE })
    // spent: the starting browser's verifier does not bring it back
    const again = await lisi.call('POST', `${P}/bindThirdParty`, {
      json: { platform: 'wechat', code: link.code, state: link.state, verifier: started.verifier },
    })
    expect(again.body).toMatchObject({ code: 20021, message: BIND_ELSEWHERE })

    const bare = await bindRoundTrip(lisi, 'wechat', browser())
    const missing = await lisi.call('POST', `${P}/bindThirdParty`, { json: { platform: 'wechat', code: bare.code, state: bare.state } })
    expect(missing.body).toMatchObject({ code: 20021, message: BIND_ELSEWHERE })

    // nothing was bound
    const after = (await lisi.call<{ thirdParty: { platform: string }[] }>('GET', `${P}/info`)).body.data.thirdParty
    expect(after.map((x) => x.platform)).toEqual(['qq'])
    // a binding is started with a challenge or not at all
    expect((await lisi.call('GET', `${P}/thirdPartyAuthorize`, { query: { platform: 'wechat' } })).body.code).toBe(20001)
  })

  it("the provider's refusal of a code is answered 20021 with its reason", async () => {
    const b = browser()
    const url = new URL(await loginUrl('wechat', b))
    const r = await thirdLogin('wechat', 'not-a-code', url.searchParams.get('state')!, b.verifier)
    expect(r.body.code).toBe(20021)
    expect(r.body.message).toContain('微信授权失败')
    expect(r.body.message).toContain('invalid code')
  })

  it('an identity bound to one account cannot be bound to another; unbinding stops the sign-in', async () => {
    const orgadmin = await signedIn(gw, 'orgadmin')
    const taken = await bind(orgadmin, 'wechat', 'zhang', '张伟的微信')
    expect(taken.body.code).toBe(20006)

    const zhang = await signedIn(gw, 'zhangwei')
    expect((await zhang.call('POST', `${P}/unbindThirdParty`, { json: { platform: 'wechat' } })).body.code).toBe(10000)
    expect((await zhang.call('POST', `${P}/unbindThirdParty`, { json: { platform: 'wechat' } })).body.code).toBe(20002)
    provider.approveAs('zhang', '张伟的微信')
    const back = await loginRoundTrip('wechat')
    expect((await thirdLogin('wechat', back.code, back.state, back.verifier)).body.code).toBe(20021)
  })
})
