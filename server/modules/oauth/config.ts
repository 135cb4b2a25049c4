/**
 * Third-party sign-in settings (environment). A provider is on when its client id and secret are
 * set; its endpoints default to the real provider's:
 *
 *   TRESTLE_WECHAT_CLIENT_ID / _SECRET / _AUTHORIZE_URL / _TOKEN_URL / _USERINFO_URL
 *   TRESTLE_QQ_CLIENT_ID / _SECRET / _AUTHORIZE_URL / _TOKEN_URL / _USERINFO_URL / _OPENID_URL
 *   TRESTLE_PUBLIC_URL   the console's public origin for redirect_uri (default: the request's origin)
 */
import { THIRD_PLATFORMS, type ThirdPlatform } from '../../../src/contract/schemas/auth'

export interface OAuthProviderConfig {
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  userinfoUrl: string
  /** QQ only: where the openid of an access token is asked (`/oauth2.0/me`). */
  openidUrl: string | null
}

export interface OAuthConfig {
  providers: Record<ThirdPlatform, OAuthProviderConfig | null>
  /** `https://trestle.example.com`; null: taken from each request. */
  publicUrl: string | null
}

const DEFAULTS: Record<ThirdPlatform, Omit<OAuthProviderConfig, 'clientId' | 'clientSecret'>> = {
  wechat: {
    // Website (QR code) login of the WeChat Open Platform.
    authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect',
    tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userinfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
    openidUrl: null,
  },
  qq: {
    authorizeUrl: 'https://graph.qq.com/oauth2.0/authorize',
    tokenUrl: 'https://graph.qq.com/oauth2.0/token',
    userinfoUrl: 'https://graph.qq.com/user/get_user_info',
    openidUrl: 'https://graph.qq.com/oauth2.0/me',
  },
}

type Env = Record<string, string | undefined>
const isUrl = (v: string) => /^https?:\/\/[^\s]+$/i.test(v)

export function loadOAuthConfig(env: Env, fail: (message: string) => Error): OAuthConfig {
  const providers = {} as Record<ThirdPlatform, OAuthProviderConfig | null>
  for (const p of THIRD_PLATFORMS) {
    const prefix = `TRESTLE_${p.toUpperCase()}_`
    const clientId = env[`${prefix}CLIENT_ID`]?.trim()
    if (!clientId) {
      providers[p] = null
      continue
    }
    const clientSecret = env[`${prefix}CLIENT_SECRET`]?.trim()
    if (!clientSecret) throw fail(`${prefix}CLIENT_SECRET is required with ${prefix}CLIENT_ID`)
    const url = (name: 'AUTHORIZE_URL' | 'TOKEN_URL' | 'USERINFO_URL' | 'OPENID_URL', fallback: string | null) => {
      const v = env[`${prefix}${name}`]?.trim() || fallback
      if (v !== null && !isUrl(v)) throw fail(`${prefix}${name} must be an http(s) URL (got "${v}")`)
      return v
    }
    const d = DEFAULTS[p]
    providers[p] = {
      clientId,
      clientSecret,
      authorizeUrl: url('AUTHORIZE_URL', d.authorizeUrl)!,
      tokenUrl: url('TOKEN_URL', d.tokenUrl)!,
      userinfoUrl: url('USERINFO_URL', d.userinfoUrl)!,
      openidUrl: p === 'qq' ? url('OPENID_URL', d.openidUrl) : null,
    }
  }
  const publicUrl = env.TRESTLE_PUBLIC_URL?.trim().replace(/\/+$/, '') || null
  if (publicUrl && !isUrl(publicUrl)) throw fail(`TRESTLE_PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`)
  return { providers, publicUrl }
}
