/**
 * A generic OAuth2 authorization-code client with per-provider parameter mapping. The flow is
 * always: authorize URL → (user) → code → token → [openid] → user info → identity. What differs
 * is declared per provider in `DIALECTS` (a plain RFC 6749 provider would be one more entry:
 * `client_id`/`client_secret`, token by POST form, Bearer user info):
 *
 *   - WeChat: `appid`/`secret`, token by GET, the token answer carries `openid`, user info by
 *     `access_token` + `openid`, authorize URL ends with `#wechat_redirect`, errors `{ errcode, errmsg }`;
 *   - QQ: token by GET with `fmt=json`, openid from `/oauth2.0/me`, user info with
 *     `oauth_consumer_key` + `openid`, errors `{ error, error_description }` or `{ ret, msg }`.
 *
 * Answers are read as JSON, JSONP (`callback( {...} );`) or form-encoded text, as providers vary.
 *
 * Calls go through server/lib/outbound.ts (deadline, 64 KiB answers, redirects checked hop by hop,
 * pinned addresses). The configured token / openid / user-info endpoints are the operator's own
 * setting (like TRESTLE_WEBHOOK_ALLOW), so their host:port are allowed even on a private network
 * (an in-house provider, the tests' local one); a redirect elsewhere is checked like any webhook.
 */
import type { ThirdPlatform } from '../../../src/contract/schemas/auth'
import { allowEntryOf, outboundCall, OutboundRefused, type OutboundAnswer } from '../../lib/outbound'
import type { OAuthProviderConfig } from './config'

export interface Identity {
  /** The provider's id of the user for our client (openid). */
  subject: string
  unionId: string | null
  nickname: string | null
  avatarUrl: string | null
}

export class ProviderError extends Error {}

type Params = Record<string, string>
interface Token {
  accessToken: string
  openid: string | null
  unionId: string | null
}

interface Dialect {
  authorize(cfg: OAuthProviderConfig, redirectUri: string, state: string): { params: Params; fragment?: string }
  token(cfg: OAuthProviderConfig, code: string, redirectUri: string): { method: 'GET' | 'POST'; params: Params }
  /** QQ: the openid of a token, asked separately. */
  openid?(cfg: OAuthProviderConfig, token: Token): Params
  userinfo(cfg: OAuthProviderConfig, token: Token, openid: string): { params: Params; bearer?: boolean }
  user(json: Record<string, unknown>, openid: string, token: Token): Identity
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null)

/** The provider's own error text in an answer, if it is an error. */
function errorOf(json: Record<string, unknown>): string | null {
  const errcode = json.errcode ?? json.ret ?? json.code
  if (errcode !== undefined && errcode !== 0 && errcode !== '0')
    return `${str(json.errmsg) ?? str(json.msg) ?? str(json.message) ?? 'error'} (${String(errcode)})`
  if (json.error !== undefined) return str(json.error_description) ?? str(json.error) ?? 'error'
  return null
}

export const DIALECTS: Record<ThirdPlatform, Dialect> = {
  wechat: {
    authorize: (cfg, redirectUri, state) => ({
      params: { appid: cfg.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state },
      fragment: 'wechat_redirect',
    }),
    token: (cfg, code) => ({
      method: 'GET',
      params: { appid: cfg.clientId, secret: cfg.clientSecret, code, grant_type: 'authorization_code' },
    }),
    userinfo: (_cfg, token, openid) => ({ params: { access_token: token.accessToken, openid, lang: 'zh_CN' } }),
    user: (json, openid, token) => ({
      subject: str(json.openid) ?? openid,
      unionId: str(json.unionid) ?? token.unionId,
      nickname: str(json.nickname),
      avatarUrl: str(json.headimgurl),
    }),
  },
  qq: {
    authorize: (cfg, redirectUri, state) => ({
      params: { response_type: 'code', client_id: cfg.clientId, redirect_uri: redirectUri, state, scope: 'get_user_info' },
    }),
    token: (cfg, code, redirectUri) => ({
      method: 'GET',
      params: {
        grant_type: 'authorization_code',
        client_id: cfg.clientId,
        client_secret: cfg.clientSecret,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      },
    }),
    openid: (_cfg, token) => ({ access_token: token.accessToken, fmt: 'json', unionid: '1' }),
    userinfo: (cfg, token, openid) => ({ params: { access_token: token.accessToken, oauth_consumer_key: cfg.clientId, openid } }),
    user: (json, openid, token) => ({
      subject: openid,
      unionId: token.unionId,
      nickname: str(json.nickname),
      avatarUrl: str(json.figureurl_qq_2) ?? str(json.figureurl_qq_1) ?? str(json.figureurl_2),
    }),
  },
}

/** Parses a provider answer: JSON, JSONP `callback( {...} );` or `a=1&b=2`. */
export function parseAnswer(text: string): Record<string, unknown> {
  const t = text.trim()
  const jsonp = /^[\w$.]+\(\s*(\{[\s\S]*\})\s*\);?$/.exec(t)
  const body = jsonp ? jsonp[1]! : t
  if (body.startsWith('{')) {
    try {
      return JSON.parse(body) as Record<string, unknown>
    } catch {
      throw new ProviderError('unreadable answer')
    }
  }
  if (/^[\w.-]+=/.test(body)) return Object.fromEntries(new URLSearchParams(body))
  throw new ProviderError('unreadable answer')
}

const withQuery = (url: string, params: Params) => `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`

async function call(
  url: string,
  init: { method: 'GET' | 'POST'; params: Params; headers?: Record<string, string> },
  allow: readonly string[],
): Promise<Record<string, unknown>> {
  let res: OutboundAnswer
  try {
    res =
      init.method === 'GET'
        ? await outboundCall(withQuery(url, init.params), { headers: { accept: 'application/json', ...init.headers } }, { allow })
        : await outboundCall(
            url,
            {
              method: 'POST',
              headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
              body: new URLSearchParams(init.params).toString(),
            },
            { allow },
          )
  } catch (err) {
    throw new ProviderError(`${err instanceof OutboundRefused ? 'refused' : 'unreachable'} (${(err as Error).message})`)
  }
  const text = res.text
  let json: Record<string, unknown>
  try {
    json = parseAnswer(text)
  } catch (err) {
    throw new ProviderError(res.ok ? (err as Error).message : `HTTP ${res.status}`)
  }
  const error = errorOf(json)
  if (error) throw new ProviderError(error)
  if (!res.ok) throw new ProviderError(`HTTP ${res.status}`)
  return json
}

export class OAuthClient {
  private readonly d: Dialect
  private readonly allow: string[]
  constructor(
    readonly platform: ThirdPlatform,
    private readonly cfg: OAuthProviderConfig,
  ) {
    this.d = DIALECTS[platform]
    this.allow = [cfg.tokenUrl, cfg.userinfoUrl, cfg.openidUrl].filter((u): u is string => u !== null).map(allowEntryOf)
  }

  authorizeUrl(redirectUri: string, state: string): string {
    const { params, fragment } = this.d.authorize(this.cfg, redirectUri, state)
    return withQuery(this.cfg.authorizeUrl, params) + (fragment ? `#${fragment}` : '')
  }

  /** code → token → [openid] → user info. Throws ProviderError with the provider's text. */
  async identity(code: string, redirectUri: string): Promise<Identity> {
    const t = await call(this.cfg.tokenUrl, this.d.token(this.cfg, code, redirectUri), this.allow)
    const accessToken = str(t.access_token)
    if (!accessToken) throw new ProviderError('no access_token in the token answer')
    const token: Token = { accessToken, openid: str(t.openid), unionId: str(t.unionid) }
    let openid = token.openid
    if (this.d.openid && this.cfg.openidUrl) {
      const me = await call(this.cfg.openidUrl, { method: 'GET', params: this.d.openid(this.cfg, token) }, this.allow)
      openid = str(me.openid)
      token.unionId = str(me.unionid) ?? token.unionId
    }
    if (!openid) throw new ProviderError('no openid')
    const info = this.d.userinfo(this.cfg, token, openid)
    const json = await call(
      this.cfg.userinfoUrl,
      { method: 'GET', params: info.params, headers: info.bearer ? { authorization: `Bearer ${accessToken}` } : undefined },
      this.allow,
    )
    const identity = this.d.user(json, openid, token)
    if (!identity.subject) throw new ProviderError('no user id')
    return { ...identity, nickname: identity.nickname?.slice(0, 100) ?? null, avatarUrl: identity.avatarUrl?.slice(0, 500) ?? null }
  }
}
