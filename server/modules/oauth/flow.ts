/**
 * Third-party sign-in and binding over the OAuth2 authorization-code flow:
 *
 *   start:  a random `state` (only its SHA-256 kept, 10 minutes, single use) with its purpose
 *           (`login`, or `bind` for one account) and the console's `challenge` (the base64url
 *           SHA-256 of a verifier only the starting browser holds) → the provider's authorize URL,
 *           whose redirect_uri is `/loginThirdPlatform?platform=…` (login) or `/personal-view?platform=…` (bind);
 *   finish: the state is taken (one conditional UPDATE: one winner), then the verifier sent with
 *           the code must hash to the kept challenge — else 20021 and the state stays spent, so a
 *           callback link started in another browser signs nobody in and binds nothing (login
 *           CSRF) —, then the code is exchanged for the identity (openid, nickname, avatar) with
 *           the same redirect_uri.
 *
 * The challenge is read from the request's query here (`oauthChallengeQuery` of the contract), so
 * the routes that start a flow (auth thirdPlatformConfig, personal thirdPartyAuthorize) pass only
 * the request; the verifier comes in the parsed body (`loginThirdPlatformBody`, `bindThirdPartyBody`).
 */
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { oauthChallengeQuery, type ThirdPlatform } from '../../../src/contract/schemas/auth'
import type { Ctx } from '../../context'
import { oauthState } from '../../db/schema'
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto'
import { ApiError, parse, type Text } from '../../lib/http'
import { hit } from '../../plugins/rate-limit'
import { OAuthClient, ProviderError, type Identity } from './client'
import texts from './texts.json'

export type OAuthPurpose = 'login' | 'bind'

const STATE_TTL_MS = 10 * 60_000
const STARTS_PER_IP = 60

export const PLATFORM_NAMES: Record<ThirdPlatform, Text> = texts.flow.platformNames

const clients = new WeakMap<object, Partial<Record<ThirdPlatform, OAuthClient>>>()

/** The client of a configured provider, or null. */
export function oauthClient(ctx: Ctx, platform: ThirdPlatform): OAuthClient | null {
  const cfg = ctx.config.oauth.providers[platform]
  if (!cfg) return null
  let byPlatform = clients.get(ctx.config.oauth)
  if (!byPlatform) clients.set(ctx.config.oauth, (byPlatform = {}))
  return (byPlatform[platform] ??= new OAuthClient(platform, cfg))
}

export const configuredPlatforms = (ctx: Ctx): Record<ThirdPlatform, boolean> => ({
  wechat: ctx.config.oauth.providers.wechat !== null,
  qq: ctx.config.oauth.providers.qq !== null,
})

export const notConfigured = () =>
  new ApiError(Code.REFUSED, null, { zh: '未配置该第三方登录', en: 'This third-party sign-in is not configured' })

/** The console's origin: TRESTLE_PUBLIC_URL, else the request's (behind a proxy: X-Forwarded-* with TRESTLE_TRUST_PROXY). */
function publicOrigin(ctx: Ctx, req: FastifyRequest): string {
  if (ctx.config.oauth.publicUrl) return ctx.config.oauth.publicUrl
  return `${req.protocol}://${req.host}`
}

export function redirectUriFor(ctx: Ctx, req: FastifyRequest, platform: ThirdPlatform, purpose: OAuthPurpose): string {
  const page = purpose === 'login' ? '/loginThirdPlatform' : '/personal-view'
  return `${publicOrigin(ctx, req)}${page}?platform=${platform}`
}

/** The challenge of a verifier: base64url SHA-256 (what the console sends at the start). */
export const verifierChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url')

/** A new state (kept with the request's `challenge`, 20001 without one) and the provider's authorize URL. */
export async function startAuthorize(
  ctx: Ctx,
  req: FastifyRequest,
  platform: ThirdPlatform,
  purpose: OAuthPurpose,
  accountId: string | null = null,
): Promise<string> {
  const client = oauthClient(ctx, platform)
  if (!client) throw notConfigured()
  const { challenge } = parse(oauthChallengeQuery, req.query, req)
  const limit = await hit(ctx, `oauth:${req.ip}`, 600)
  if (limit.count > STARTS_PER_IP)
    throw new ApiError(Code.REFUSED, null, { zh: '请求过于频繁，请稍后再试', en: 'Too many requests; try again later' }, 429, {
      'Retry-After': String(limit.retryAfter),
    })
  const state = randomToken(24)
  const now = Date.now()
  const redirectUri = redirectUriFor(ctx, req, platform, purpose)
  await ctx.db.insert(oauthState).values({
    stateHash: sha256Hex(state),
    platform,
    purpose,
    accountId,
    redirectUri,
    verifierHash: challenge,
    createdAt: new Date(now),
    expiresAt: new Date(now + STATE_TTL_MS),
  })
  if (Math.random() < 0.05) await ctx.db.delete(oauthState).where(lt(oauthState.expiresAt, new Date(now - 86400_000)))
  return client.authorizeUrl(redirectUri, state)
}

/** One answer for an unknown, used, expired or mismatched state and for a verifier that does not match it. */
const stateRefused = (purpose: OAuthPurpose) =>
  new ApiError(
    Code.REFUSED,
    null,
    purpose === 'login'
      ? {
          zh: '授权已失效或不是从本浏览器发起，请重新登录',
          en: 'The authorisation was not started in this browser or has expired; sign in again',
        }
      : {
          zh: '授权已失效或不是从本浏览器发起，请重新绑定',
          en: 'The authorisation was not started in this browser or has expired; bind again',
        },
  )

/** Takes the state (once), checks the verifier against its challenge and exchanges the code for the identity. */
export async function finishAuthorize(
  ctx: Ctx,
  input: { platform: ThirdPlatform; code: string; state: string; verifier?: string | undefined },
  purpose: OAuthPurpose,
  accountId: string | null = null,
): Promise<Identity> {
  const client = oauthClient(ctx, input.platform)
  if (!client) throw notConfigured()
  const now = new Date()
  const [row] = await ctx.db
    .update(oauthState)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthState.stateHash, sha256Hex(input.state)),
        eq(oauthState.platform, input.platform),
        eq(oauthState.purpose, purpose),
        accountId ? eq(oauthState.accountId, accountId) : isNull(oauthState.accountId),
        isNull(oauthState.usedAt),
        gt(oauthState.expiresAt, now),
      ),
    )
    .returning()
  if (!row) throw stateRefused(purpose)
  // The state is spent above whatever the verifier says: a link opened in another browser cannot be retried.
  if (!row.verifierHash || input.verifier === undefined || !safeEqual(verifierChallenge(input.verifier), row.verifierHash)) {
    ctx.log.warn(
      { platform: input.platform, purpose, verifier: input.verifier === undefined ? 'missing' : 'mismatch' },
      'third-party authorisation from another browser refused',
    )
    throw stateRefused(purpose)
  }
  try {
    return await client.identity(input.code, row.redirectUri)
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err
    ctx.log.warn({ platform: input.platform, err: err.message }, 'third-party authorisation failed')
    const name = PLATFORM_NAMES[input.platform]
    throw new ApiError(Code.REFUSED, null, {
      zh: `${name.zh}授权失败，请重试（${err.message}）`,
      en: `${name.en} authorisation failed; try again (${err.message})`,
    })
  }
}
