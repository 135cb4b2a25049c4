import { describe, expect, it } from 'vitest'
import { DIALECTS, OAuthClient, parseAnswer, ProviderError } from './client'

const cfg = {
  clientId: 'app',
  clientSecret: 'sec',
  authorizeUrl: 'https://p.example/auth?x=1',
  tokenUrl: 'https://p.example/t',
  userinfoUrl: 'https://p.example/u',
  openidUrl: 'https://p.example/me',
}

describe('OAuth2 provider answers and dialects', () => {
  it('reads JSON, JSONP and form-encoded answers; refuses anything else', () => {
    expect(parseAnswer('{"access_token":"a","openid":"o"}')).toEqual({ access_token: 'a', openid: 'o' })
    expect(parseAnswer('callback( {"client_id":"101","openid":"Q1"} );')).toEqual({ client_id: '101', openid: 'Q1' })
    expect(parseAnswer('access_token=abc&expires_in=7776000')).toEqual({ access_token: 'abc', expires_in: '7776000' })
    expect(() => parseAnswer('<html>oops</html>')).toThrow(ProviderError)
    expect(() => parseAnswer('{broken')).toThrow(ProviderError)
  })

  it('builds the WeChat authorize URL with appid, snsapi_login and #wechat_redirect', () => {
    const url = new URL(new OAuthClient('wechat', cfg).authorizeUrl('https://trestle.example/loginThirdPlatform?platform=wechat', 'st'))
    expect(url.searchParams.get('x')).toBe('1')
    expect(url.searchParams.get('appid')).toBe('app')
    expect(url.searchParams.get('client_id')).toBeNull()
    expect(url.searchParams.get('scope')).toBe('snsapi_login')
    expect(url.searchParams.get('redirect_uri')).toBe('https://trestle.example/loginThirdPlatform?platform=wechat')
    expect(url.hash).toBe('#wechat_redirect')
  })

  it('maps the token and user-info parameters per provider', () => {
    expect(DIALECTS.wechat.token(cfg, 'c', 'r')).toEqual({
      method: 'GET',
      params: { appid: 'app', secret: 'sec', code: 'c', grant_type: 'authorization_code' },
    })
    expect(DIALECTS.qq.token(cfg, 'c', 'r').params).toMatchObject({
      client_id: 'app',
      client_secret: 'sec',
      redirect_uri: 'r',
      fmt: 'json',
    })
    const token = { accessToken: 't', openid: null, unionId: null }
    expect(DIALECTS.qq.userinfo(cfg, token, 'Q1').params).toEqual({ access_token: 't', oauth_consumer_key: 'app', openid: 'Q1' })
    expect(DIALECTS.qq.user({ ret: 0, nickname: 'n', figureurl_qq_1: 'f1' }, 'Q1', token)).toEqual({
      subject: 'Q1',
      unionId: null,
      nickname: 'n',
      avatarUrl: 'f1',
    })
  })
})
