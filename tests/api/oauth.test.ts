/**
 * Third-party sign-in (OAuth2 authorization code) against a local provider speaking the WeChat and
 * QQ dialects: authorize URL with a gateway-kept state, binding from the personal centre, bound →
 * login (then the normal access-token step), unbound → refused, state mismatches → refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

async function loginUrl(platform: 'wechat' | 'qq'): Promise<string> {
  const r = await new Client(gw.url).fetchRaw('GET', `${CONFIG}?platform=${platform}`)
  expect(r.body.code).toBe(10000)
  return (r.body.data as { authorizeUrl: string }).authorizeUrl
}

async function thirdLogin(platform: 'wechat' | 'qq', code: string, state: string) {
  return new Client(gw.url).fetchRaw('POST', LOGIN, json({ platform, code, state }))
}

async function bind(c: Client, platform: 'wechat' | 'qq', subject: string, nickname: string) {
  const start = await c.call<{ authorizeUrl: string }>('GET', `${P}/thirdPartyAuthorize`, { query: { platform } })
  expect(start.body.code).toBe(10000)
  provider.approveAs(subject, nickname)
  const back = await authorize(start.body.data.authorizeUrl)
  expect(back.redirect.pathname).toBe('/personal-view')
  expect(back.redirect.searchParams.get('platform')).toBe(platform)
  return c.call('POST', `${P}/bindThirdParty`, { json: { platform, code: back.code, state: back.state } })
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
  })

  it('an identity bound to no account is refused with what to do', async () => {
    provider.approveAs('stranger', '陌生人')
    const back = await authorize(await loginUrl('wechat'))
    const r = await thirdLogin('wechat', back.code, back.state)
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
    const back = await authorize(await loginUrl('wechat'))
    const r = await thirdLogin('wechat', back.code, back.state)
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
    expect((await thirdLogin('wechat', back.code, back.state)).body.code).toBe(20021)
  })

  it('QQ: token, then the openid from /oauth2.0/me, then the user info', async () => {
    const lisi = await signedIn(gw, 'lisite')
    expect((await bind(lisi, 'qq', 'lisi', '思婷')).body).toMatchObject({ code: 10000, data: { platform: 'qq', nickname: '思婷' } })
    provider.approveAs('lisi', '思婷')
    const back = await authorize(await loginUrl('qq'))
    const r = await thirdLogin('qq', back.code, back.state)
    expect(r.body).toMatchObject({ code: 10000, data: { userAccount: { accountName: 'lisite' } } })
  })

  it('refuses a state that is unknown, used, for another platform or for a binding', async () => {
    provider.approveAs('zhang', '张伟的微信')
    const back = await authorize(await loginUrl('wechat'))
    const forged = await thirdLogin('wechat', back.code, 'forged-state-0123456789abcdef')
    expect(forged.body.code).toBe(20021)
    expect(forged.body.message).toContain('授权请求已失效')
    expect((await thirdLogin('qq', back.code, back.state)).body.code).toBe(20021)
    // The state was not spent by the refusals above.
    expect((await thirdLogin('wechat', back.code, back.state)).body.code).toBe(10000)

    // A state handed out for a binding does not sign in.
    const zhang = await signedIn(gw, 'zhangwei')
    const start = await zhang.call<{ authorizeUrl: string }>('GET', `${P}/thirdPartyAuthorize`, { query: { platform: 'wechat' } })
    const bindBack = await authorize(start.body.data.authorizeUrl)
    expect((await thirdLogin('wechat', bindBack.code, bindBack.state)).body.code).toBe(20021)
    // …nor binds another account.
    const orgadmin = await signedIn(gw, 'orgadmin')
    expect((await orgadmin.call('POST', `${P}/bindThirdParty`, { json: { platform: 'wechat', code: bindBack.code, state: bindBack.state } })).body.code).toBe(20021)
  })

  it("the provider's refusal of a code is answered 20021 with its reason", async () => {
    const url = new URL(await loginUrl('wechat'))
    const r = await thirdLogin('wechat', 'not-a-code', url.searchParams.get('state')!)
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
    const back = await authorize(await loginUrl('wechat'))
    expect((await thirdLogin('wechat', back.code, back.state)).body.code).toBe(20021)
  })
})
