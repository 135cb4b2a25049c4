/** The login sequence of DESIGN §2: getPubKey → login → getAccessToken; logout; apps by permission. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { API } from '../../../src/contract/paths'
import {
  accessTokenBody,
  cipherPayload,
  loginBody,
  loginInfoSchema,
  loginThirdPlatformBody,
  pubKeyQuery,
  thirdPlatformConfigQuery,
  type AccessTokenResult,
  type LoginResult,
  type PubKey,
  type ThirdPlatformConfig,
} from '../../../src/contract/schemas/auth'
import type { AppByPermission } from '../../../src/contract/schemas/shell'
import type { Ctx } from '../../context'
import { accessToken, application, applicationGrant, applicationMenu, loginFailure, roleMenu, session } from '../../db/schema'
import { getDummyHash, randomToken, sha256Hex, verifyPassword } from '../../lib/crypto'
import { ApiError, ok, parse } from '../../lib/http'
import { activeRoleIds } from '../../lib/permissions'
import { hit } from '../../plugins/rate-limit'
import { accountRefusal, headerValue, touchSession } from '../../plugins/session'
import { accountLoginRefusal, endExpiredLock, findAccountByLogin, lockAfterFailures, matchesLogin, normalizeName } from '../account'
import { writeLoginLog, writeSystemLog } from '../logs'
import { accountOfIdentity, configuredPlatforms, finishAuthorize, notBound, PLATFORM_NAMES, startAuthorize } from '../oauth'
import { unitAtOrUnder } from '../org'
import type { AccountRow } from '../../types'
import { toUserAccount } from './accounts'
import { decryptJson } from './keys'
import { grantedResources } from '../roleAuth'
import texts from './texts.json'

/** getAccessToken for an account that holds no role (issue 10 #1). */
export const NO_ROLE = texts.routes.noRole

/** getAccessToken for an application whose authorisation (应用授权: units/roles) leaves the account out. */
export const APP_NOT_AUTHORISED = texts.routes.appNotAuthorised

/** The seeded administrator keeps the console's own application whatever its authorisation says (no lock-out). */
const SEEDED_ADMIN = 'admin'

/**
 * The applications an account may use: some active role grants menus of it or the application
 * itself, and — when the application is authorised to some units/roles (application/saveGrants) —
 * the account's unit (or a unit above it) or one of its active roles is among them. An application
 * authorised to nobody is open to every role holding it. `ignoreGrants`: the first condition only.
 */
export async function appsAllowed(
  ctx: Ctx,
  acc: Pick<AccountRow, 'accountId' | 'accountName' | 'organizationId'>,
  appCode?: string,
  ignoreGrants = false,
): Promise<AppByPermission[]> {
  const accountId = acc.accountId
  const roles = await activeRoleIds(ctx, accountId)
  if (roles.length === 0) return []
  const rows = await ctx.db
    .selectDistinct({
      applicationId: application.applicationId,
      name: application.name,
      code: application.code,
      type: application.type,
      url: application.url,
      sort: application.sort,
    })
    .from(application)
    .leftJoin(applicationMenu, eq(applicationMenu.applicationId, application.applicationId))
    .leftJoin(roleMenu, eq(roleMenu.applicationMenuId, applicationMenu.applicationMenuId))
    .where(
      and(
        // An application some role grants menus of, or grants itself (resource authorisation, roleResource/save).
        or(
          inArray(
            roleMenu.roleId,
            roles.map((r) => r.roleId),
          ),
          inArray(
            application.applicationId,
            grantedResources(
              roles.map((r) => r.roleId),
              'application',
            ),
          ),
        ),
        appCode ? eq(application.code, appCode) : undefined,
        ignoreGrants
          ? undefined
          : authorisedFor(
              ctx,
              acc,
              roles.map((r) => r.roleId),
            ),
      ),
    )
    .orderBy(application.sort, application.name)
  return rows.map(({ sort: _sort, ...app }) => app)
}

/** The application authorisation condition of `appsAllowed` (see there). */
function authorisedFor(ctx: Ctx, acc: Pick<AccountRow, 'accountName' | 'organizationId'>, roleIds: string[]) {
  const exempt = acc.accountName.toLowerCase() === SEEDED_ADMIN ? sql`${application.code} = ${ctx.config.appCode} or ` : sql``
  const unit = acc.organizationId ? sql`or (g.subject_type = 'org' and ${unitAtOrUnder(acc.organizationId, sql`g.subject_id`)})` : sql``
  const role = roleIds.length ? sql`or (g.subject_type = 'role' and g.subject_id in ${roleIds})` : sql``
  return sql`(${exempt}not exists (select 1 from ${applicationGrant} g0 where g0.application_id = ${application.applicationId})
    or exists (select 1 from ${applicationGrant} g where g.application_id = ${application.applicationId} and (false ${unit} ${role})))`
}

export function registerAuthRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { config } = ctx

  app.get(API.auth.getPubKey, async (req) => {
    const q = parse(pubKeyQuery, req.query, req)
    const [known] = await ctx.db.select({ id: application.applicationId }).from(application).where(eq(application.code, q.appCode))
    if (!known) throw new ApiError(Code.NOT_FOUND)
    const key = await ctx.keys.current()
    return ok<PubKey>(req, key)
  })

  // SPEC §7 names the sign-in twice: api/login (the console's) and generalAccount login (other clients'). One handler.
  for (const path of [API.auth.login, API.auth.generalAccountLogin])
    app.post(path, async (req) => {
      const limit = await hit(ctx, `login:${req.ip}`, 60)
      if (limit.count > config.loginRateLimit) {
        await writeSystemLog(ctx, req, 'login_rate_limited', Code.REFUSED, `${limit.count} login attempts this minute from ${req.ip}`, null)
        throw new ApiError(
          Code.REFUSED,
          null,
          { zh: '登录尝试过于频繁，请稍后再试', en: 'Too many sign-in attempts; try again later' },
          429,
          { 'Retry-After': String(limit.retryAfter) },
        )
      }
      const body = parse(loginBody, req.body, req)
      const carrier = body.carrier ?? null
      const key = await ctx.keys.currentPrivateKey(body.keyId)
      if (!key) throw new ApiError(Code.CIPHER_INVALID)
      const info = loginInfoSchema.safeParse(decryptJson(key, body.loginInfo))
      if (!info.success) {
        // Answered exactly like a wrong password, at the same cost.
        await verifyPassword('-', await getDummyHash())
        await writeLoginLog(ctx, req, null, false, Code.BAD_CREDENTIALS, carrier)
        throw new ApiError(Code.BAD_CREDENTIALS)
      }
      const login = info.data.accountName.trim()
      const nameKey = normalizeName(login)
      const now = new Date()
      const locked = () => {
        void writeLoginLog(ctx, req, login, false, Code.ACCOUNT_LOCKED, carrier)
        return new ApiError(Code.ACCOUNT_LOCKED)
      }

      const [failure] = await ctx.db.select().from(loginFailure).where(eq(loginFailure.nameKey, nameKey))
      if (failure?.lockedUntil && failure.lockedUntil > now) throw locked()
      let acc = await findAccountByLogin(ctx.db, login)
      if (acc?.status === 'locked' && (!acc.lockedUntil || acc.lockedUntil > now)) throw locked()

      const passwordOk = await verifyPassword(info.data.password, acc?.passwordHash ?? (await getDummyHash()))
      if (!acc || !passwordOk) {
        const windowMs = config.lockSeconds * 1000
        const cutoff = new Date(now.getTime() - windowMs)
        const restart = sql`(${loginFailure.windowStart} < ${cutoff} or ${loginFailure.lockedUntil} is not null)`
        const [row] = await ctx.db
          .insert(loginFailure)
          .values({ nameKey, count: 1, windowStart: now })
          .onConflictDoUpdate({
            target: loginFailure.nameKey,
            set: {
              count: sql`case when ${restart} then 1 else ${loginFailure.count} + 1 end`,
              windowStart: sql`case when ${restart} then ${now} else ${loginFailure.windowStart} end`,
              lockedUntil: null,
            },
          })
          .returning({ count: loginFailure.count })
        if ((row?.count ?? 1) >= config.loginMaxFailures) {
          const until = new Date(now.getTime() + windowMs)
          await ctx.db.update(loginFailure).set({ lockedUntil: until }).where(eq(loginFailure.nameKey, nameKey))
          // Only a normal account moves to locked (state.ts); the answer is the same whatever the status,
          // and for a name that does not exist: nothing is told to someone without the password.
          if (acc) await lockAfterFailures(ctx.db, acc.accountId, until, now)
          await writeSystemLog(
            ctx,
            req,
            'account_locked',
            Code.ACCOUNT_LOCKED,
            `${row?.count} failed sign-ins for "${login.slice(0, 64)}"`,
            login.slice(0, 64),
          )
          throw locked()
        }
        await writeLoginLog(ctx, req, login, false, Code.BAD_CREDENTIALS, carrier)
        throw new ApiError(Code.BAD_CREDENTIALS)
      }

      // The password is right.
      await ctx.db.delete(loginFailure).where(eq(loginFailure.nameKey, nameKey))
      if (acc.status === 'locked') {
        // The lock's time has passed (a current lock was refused above): locked → normal, by the system.
        const current = await endExpiredLock(ctx.db, acc.accountId, now)
        if (!current) throw new ApiError(Code.BAD_CREDENTIALS)
        if (current.status === 'locked') throw locked()
        acc = current
      }
      const refusal = accountRefusal(acc, now)
      if (refusal) {
        await writeLoginLog(ctx, req, acc.accountName, false, Code.ACCOUNT_DISABLED, carrier)
        throw new ApiError(Code.ACCOUNT_DISABLED, null, refusal)
      }
      // Phone login switched off, or the password's valid period has passed (server/modules/account).
      const loginRefused = accountLoginRefusal(acc, login, now)
      if (loginRefused) {
        await writeLoginLog(ctx, req, acc.accountName, false, loginRefused.code, carrier)
        throw loginRefused
      }
      return ok<LoginResult>(req, await openSession(ctx, req, acc, carrier))
    })

  app.post(API.auth.getAccessToken, { config: { auth: 'session' } }, async (req) => {
    const auth = req.auth!
    const body = parse(accessTokenBody, req.body, req)
    const key = await ctx.keys.currentPrivateKey(body.keyId)
    if (!key) throw new ApiError(Code.CIPHER_INVALID)
    const payload = cipherPayload.safeParse(decryptJson(key, body.cipherText))
    if (!payload.success || payload.data.appCode !== body.appCode || !matchesLogin(auth.account, payload.data.loginAccount))
      throw new ApiError(Code.CIPHER_INVALID)
    const allowed = await appsAllowed(ctx, auth.account, body.appCode)
    if (allowed.length === 0) {
      await writeSystemLog(ctx, req, 'permission_refused', Code.FORBIDDEN, `application ${body.appCode.slice(0, 64)}`)
      // An account with no role at all (e.g. a registration approved without one) is told so plainly.
      if ((await activeRoleIds(ctx, auth.account.accountId)).length === 0) throw new ApiError(Code.FORBIDDEN, { reason: 'noRole' }, NO_ROLE)
      // Its roles hold the application, but the application's authorisation leaves its unit and roles out.
      if ((await appsAllowed(ctx, auth.account, body.appCode, true)).length > 0)
        throw new ApiError(Code.FORBIDDEN, { reason: 'appNotAuthorised' }, APP_NOT_AUTHORISED)
      throw new ApiError(Code.FORBIDDEN)
    }
    const token = randomToken()
    const privateKey = randomToken(32)
    const now = Date.now()
    await ctx.db.insert(accessToken).values({
      accessTokenId: newId(),
      tokenHash: sha256Hex(token),
      sessionId: auth.session.sessionId,
      appCode: body.appCode,
      privateKey,
      createdAt: new Date(now),
      expiresAt: new Date(now + config.accessTokenTtl * 1000),
    })
    await touchSession(ctx, auth.session)
    if (Math.random() < 0.02) await ctx.db.delete(accessToken).where(lt(accessToken.expiresAt, new Date(now - 86400_000)))
    return ok<AccessTokenResult>(req, { accessToken: token, privateKey, expiresIn: config.accessTokenTtl })
  })

  app.post(API.auth.logout, async (req) => {
    const token = headerValue(req, 'authorization')?.replace(/^Bearer\s+/i, '')
    if (token) {
      const now = new Date()
      const [s] = await ctx.db
        .update(session)
        .set({ revokedAt: now })
        .where(eq(session.tokenHash, sha256Hex(token)))
        .returning({ sessionId: session.sessionId })
      if (s) await ctx.db.update(accessToken).set({ revokedAt: now }).where(eq(accessToken.sessionId, s.sessionId))
    }
    return ok(req, null)
  })

  app.get(API.auth.listAppByPermission, { config: { auth: 'session' } }, async (req) => {
    const apps = await appsAllowed(ctx, req.auth!.account)
    await touchSession(ctx, req.auth!.session)
    return ok(req, apps)
  })

  // Which providers are configured; with ?platform= also an authorize URL with a fresh state (server/modules/oauth).
  app.get(API.auth.thirdPlatformConfig, async (req) => {
    const q = parse(thirdPlatformConfigQuery, req.query, req)
    const answer: ThirdPlatformConfig = configuredPlatforms(ctx)
    if (q.platform) answer.authorizeUrl = await startAuthorize(ctx, req, q.platform, 'login')
    return ok<ThirdPlatformConfig>(req, answer)
  })

  // The provider sent the user back with code + state: the bound account signs in like a password login.
  app.post(API.auth.loginThirdPlatform, async (req) => {
    const body = parse(loginThirdPlatformBody, req.body, req)
    const carrier = PLATFORM_NAMES[body.platform].en
    const identity = await finishAuthorize(ctx, body, 'login')
    let acc = await accountOfIdentity(ctx, body.platform, identity.subject)
    if (!acc) {
      await writeLoginLog(ctx, req, null, false, Code.REFUSED, carrier)
      throw notBound(body.platform)
    }
    const now = new Date()
    // A lock whose time has passed ends as at a password sign-in (locked → normal, by the system).
    if (acc.status === 'locked' && acc.lockedUntil && acc.lockedUntil <= now)
      acc = (await endExpiredLock(ctx.db, acc.accountId, now)) ?? acc
    if (acc.status === 'locked') {
      await writeLoginLog(ctx, req, acc.accountName, false, Code.ACCOUNT_LOCKED, carrier)
      throw new ApiError(Code.ACCOUNT_LOCKED)
    }
    const refusal = accountRefusal(acc, now)
    if (refusal) {
      await writeLoginLog(ctx, req, acc.accountName, false, Code.ACCOUNT_DISABLED, carrier)
      throw new ApiError(Code.ACCOUNT_DISABLED, null, refusal)
    }
    // The password's valid period has passed (server/modules/account); phone login does not apply here.
    const loginRefused = accountLoginRefusal(acc, acc.accountName, now)
    if (loginRefused) {
      await writeLoginLog(ctx, req, acc.accountName, false, loginRefused.code, carrier)
      throw loginRefused
    }
    return ok<LoginResult>(req, await openSession(ctx, req, acc, carrier))
  })
}

/** A new session for an account whose sign-in succeeded (password or third party); writes the login log. */
export async function openSession(ctx: Ctx, req: FastifyRequest, acc: AccountRow, carrier: string | null): Promise<LoginResult> {
  const token = randomToken()
  const now = new Date()
  await ctx.db.insert(session).values({
    sessionId: newId(),
    tokenHash: sha256Hex(token),
    accountId: acc.accountId,
    createdAt: now,
    lastSeenAt: now,
    ip: req.ip,
    carrier: carrier?.slice(0, 200) ?? null,
  })
  await writeLoginLog(ctx, req, acc.accountName, true, Code.OK, carrier)
  return { token, userAccount: await toUserAccount(ctx, acc) }
}
