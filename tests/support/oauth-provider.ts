/**
 * A tiny OAuth2 provider for tests, speaking the two real dialects the gateway maps:
 *
 *   WeChat  GET /wechat/authorize?appid&redirect_uri&response_type=code&scope&state  → 302 redirect_uri&code&state
 *           GET /wechat/token?appid&secret&code&grant_type=authorization_code       → { access_token, openid, unionid } | { errcode, errmsg }
 *           GET /wechat/userinfo?access_token&openid                                 → { openid, nickname, headimgurl }
 *   QQ      GET /qq/authorize?response_type=code&client_id&redirect_uri&state&scope  → 302
 *           GET /qq/token?grant_type&client_id&client_secret&code&redirect_uri&fmt=json → { access_token } | { error, error_description }
 *           GET /qq/me?access_token&fmt=json                                          → { client_id, openid }
 *           GET /qq/userinfo?access_token&oauth_consumer_key&openid                   → { ret: 0, nickname, figureurl_qq_2 } | { ret, msg }
 *
 * `approveAs(subject, nickname)` decides who the next authorisations sign in as (the user's
 * consent on the provider's page). Codes are single use and tied to client and redirect_uri.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'

export interface ProviderClient {
  id: string
  secret: string
}

export interface LocalOAuthProvider {
  url: string
  wechat: ProviderClient
  qq: ProviderClient
  approveAs(subject: string, nickname: string): void
  /** Env for a gateway using this provider for both platforms. */
  env(): Record<string, string>
  close(): Promise<void>
}

interface Grant {
  platform: 'wechat' | 'qq'
  subject: string
  nickname: string
  clientId: string
  redirectUri: string
  used: boolean
}

export async function startOAuthProvider(): Promise<LocalOAuthProvider> {
  const wechat = { id: 'wx-test-app', secret: 'wx-test-secret' }
  const qq = { id: '101000001', secret: 'qq-test-secret' }
  let user = { subject: 'nobody', nickname: 'Nobody' }
  const codes = new Map<string, Grant>()
  const tokens = new Map<string, Grant>()
  const token = () => randomBytes(12).toString('hex')

  const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))

  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost')
    const q = (k: string) => u.searchParams.get(k) ?? ''
    const [, platform, step] = u.pathname.split('/') as [string, 'wechat' | 'qq', string]
    const client = platform === 'wechat' ? wechat : platform === 'qq' ? qq : null
    if (!client || req.method !== 'GET') return res.writeHead(404).end()
    const clientId = platform === 'wechat' ? q('appid') : q('client_id')

    if (step === 'authorize') {
      if (clientId !== client.id || q('response_type') !== 'code' || !q('redirect_uri') || !q('state'))
        return res.writeHead(400).end('bad authorize request')
      const code = token()
      codes.set(code, { platform, ...user, clientId, redirectUri: q('redirect_uri'), used: false })
      const to = new URL(q('redirect_uri'))
      to.searchParams.set('code', code)
      to.searchParams.set('state', q('state'))
      return res.writeHead(302, { location: to.toString() }).end()
    }
    if (step === 'token') {
      const secret = platform === 'wechat' ? q('secret') : q('client_secret')
      const grant = codes.get(q('code'))
      const bad =
        !grant ||
        grant.used ||
        grant.clientId !== clientId ||
        secret !== client.secret ||
        q('grant_type') !== 'authorization_code' ||
        (platform === 'qq' && q('redirect_uri') !== grant.redirectUri)
      if (bad)
        return platform === 'wechat'
          ? json(res, { errcode: 40029, errmsg: 'invalid code' })
          : json(res, { error: 100019, error_description: 'code to access token error' })
      grant.used = true
      const access = token()
      tokens.set(access, grant)
      return platform === 'wechat'
        ? json(res, {
            access_token: access,
            expires_in: 7200,
            refresh_token: token(),
            openid: `o-${grant.subject}`,
            scope: 'snsapi_login',
            unionid: `u-${grant.subject}`,
          })
        : json(res, { access_token: access, expires_in: 7776000, refresh_token: token() })
    }
    if (platform === 'qq' && step === 'me') {
      const grant = tokens.get(q('access_token'))
      if (!grant) return json(res, { error: 100016, error_description: 'access token check failed' })
      return json(res, { client_id: qq.id, openid: `Q-${grant.subject}` })
    }
    if (step === 'userinfo') {
      const grant = tokens.get(q('access_token'))
      if (platform === 'wechat') {
        if (!grant || q('openid') !== `o-${grant.subject}`) return json(res, { errcode: 40003, errmsg: 'invalid openid' })
        return json(res, {
          openid: `o-${grant.subject}`,
          nickname: grant.nickname,
          headimgurl: `https://thirdwx.example/${grant.subject}.png`,
          unionid: `u-${grant.subject}`,
        })
      }
      if (!grant || q('oauth_consumer_key') !== qq.id || q('openid') !== `Q-${grant.subject}`)
        return json(res, { ret: -1, msg: 'client request params is invalid' })
      return json(res, { ret: 0, msg: '', nickname: grant.nickname, figureurl_qq_2: `https://qlogo.example/${grant.subject}.png` })
    }
    return res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const addr = server.address()
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
  return {
    url,
    wechat,
    qq,
    approveAs(subject, nickname) {
      user = { subject, nickname }
    },
    env: () => ({
      TRESTLE_WECHAT_CLIENT_ID: wechat.id,
      TRESTLE_WECHAT_CLIENT_SECRET: wechat.secret,
      TRESTLE_WECHAT_AUTHORIZE_URL: `${url}/wechat/authorize`,
      TRESTLE_WECHAT_TOKEN_URL: `${url}/wechat/token`,
      TRESTLE_WECHAT_USERINFO_URL: `${url}/wechat/userinfo`,
      TRESTLE_QQ_CLIENT_ID: qq.id,
      TRESTLE_QQ_CLIENT_SECRET: qq.secret,
      TRESTLE_QQ_AUTHORIZE_URL: `${url}/qq/authorize`,
      TRESTLE_QQ_TOKEN_URL: `${url}/qq/token`,
      TRESTLE_QQ_USERINFO_URL: `${url}/qq/userinfo`,
      TRESTLE_QQ_OPENID_URL: `${url}/qq/me`,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Follows an authorize URL like a browser whose user consents: answers the code and state sent back. */
export async function authorize(authorizeUrl: string): Promise<{ code: string; state: string; redirect: URL }> {
  const res = await fetch(authorizeUrl.replace(/#.*$/, ''), { redirect: 'manual' })
  const location = res.headers.get('location')
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}: ${await res.text()}`)
  const redirect = new URL(location)
  return { code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, redirect }
}
