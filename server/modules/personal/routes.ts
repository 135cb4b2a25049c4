/**
 * The personal centre (SPEC §7; paths in src/contract/schemas/personal.ts): the caller's own
 * profile, photo, signature, cellphone and email (password again + a code to the new target),
 * password, third-party bindings and sessions. Signed calls without a menu function; a tourist
 * reads only (sessions may still be signed out).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { V } from '../../../src/contract/rules'
import type { CodeSent } from '../../../src/contract/schemas/auth'
import type { FileInfo } from '../../../src/contract/schemas/files'
import {
  bindCellphoneBody,
  bindCodeBody,
  bindEmailBody,
  bindThirdPartyBody,
  changePasswordBody,
  fileRefBody,
  passwordBody,
  PERSONAL_PATHS,
  platformQuery,
  sessionBody,
  updateInfoBody,
  type PersonalInfo,
  type SessionInfo,
  type SignedOut,
  type StoredImage,
  type ThirdPartyBinding,
} from '../../../src/contract/schemas/personal'
import type { Ctx } from '../../context'
import { accessToken, accountProfile, session } from '../../db/schema'
import { roleNamesInOrder } from '../role'
import { renameStaffOfAccount, setStaffAvatarOfAccount, staffOfAccount } from '../people'
import { hashPassword, verifyPassword } from '../../lib/crypto'
import { ApiError, invalidField, ok, parse, requestLang } from '../../lib/http'
import { activeRoleIds } from '../../lib/permissions'
import { hit, peek } from '../../plugins/rate-limit'
import { writeSystemLog } from '../logs'
import type { AccountRow, AuthContext } from '../../types'
import { accountById, normalizeName, passwordChanged, updateOwnAccount } from '../account'
import { emailExists, emailTaken, organizationName, phoneExists, phoneTaken } from '../auth'
import { fileInfo, fileRow } from '../files'
import { checkCode, issueCode } from '../notify'
import { bindIdentity, bindingsOf, configuredPlatforms, finishAuthorize, startAuthorize, unbindIdentity } from '../oauth'
import { isUniqueViolation } from '../../lib/resource'

const REAUTH_FAILURES = 10

const refused = (zh: string, en: string) => new ApiError(Code.REFUSED, null, { zh, en })
/** A tourist reads only. */
function writable(auth: AuthContext): AccountRow {
  if (auth.account.level === 'tourist') throw new ApiError(Code.FORBIDDEN)
  return auth.account
}

/** The password asked again: wrong → 20001 on `field`; after 10 wrong ones in 15 minutes → 20021 until the window ends. */
async function reauthenticate(ctx: Ctx, req: FastifyRequest, acc: AccountRow, password: string, field = 'password'): Promise<void> {
  const key = `reauth-fail:${acc.accountId}`
  const tooMany = (retryAfter: number) =>
    new ApiError(
      Code.REFUSED,
      null,
      { zh: '密码错误次数过多，请15分钟后再试', en: 'Too many wrong passwords; try again in 15 minutes' },
      429,
      {
        'Retry-After': String(retryAfter),
      },
    )
  const failures = await peek(ctx, key, 900)
  if (failures.count >= REAUTH_FAILURES) throw tooMany(failures.retryAfter)
  if (await verifyPassword(password, acc.passwordHash)) return
  const after = await hit(ctx, key, 900)
  if (after.count >= REAUTH_FAILURES)
    await writeSystemLog(ctx, req, 'reauth_limited', Code.REFUSED, `${after.count} wrong passwords in the personal centre`)
  throw invalidField(field, V.wrongPassword, requestLang(req))
}

const image = (f: FileInfo | null): StoredImage | null => (f ? { fileId: f.fileId, url: f.url } : null)

async function ownFile(ctx: Ctx, fileId: string | null | undefined): Promise<FileInfo | null> {
  if (!fileId) return null
  const row = await fileRow(ctx, fileId)
  return row ? fileInfo(ctx, row) : null
}

/** The account's photo: its staff record's avatar, else the one kept in account_profile. */
export async function profilePhoto(ctx: Ctx, accountId: string): Promise<StoredImage | null> {
  const p = await staffOfAccount(ctx.db, accountId)
  const [prof] = await ctx.db
    .select({ photo: accountProfile.photoFileId })
    .from(accountProfile)
    .where(eq(accountProfile.accountId, accountId))
  return image(await ownFile(ctx, p?.avatarFileId ?? prof?.photo))
}

async function personalInfo(ctx: Ctx, accountId: string): Promise<PersonalInfo> {
  const a = await accountById(ctx.db, accountId)
  if (!a) throw new ApiError(Code.ACCOUNT_DISABLED)
  const p = await staffOfAccount(ctx.db, accountId)
  const [prof] = await ctx.db.select().from(accountProfile).where(eq(accountProfile.accountId, accountId))
  const roleIds = (await activeRoleIds(ctx, accountId)).map((r) => r.roleId)
  const roleNames = await roleNamesInOrder(ctx.db, roleIds)
  return {
    accountId: a.accountId,
    accountName: a.accountName,
    userName: a.userName,
    level: a.level,
    status: a.status,
    cellphone: a.cellphone,
    email: a.email,
    organizationId: a.organizationId,
    organizationName: await organizationName(ctx, a.organizationId),
    roleNames,
    userId: p?.userId ?? null,
    photo: image(await ownFile(ctx, p?.avatarFileId ?? prof?.photoFileId)),
    signature: image(await ownFile(ctx, prof?.signatureFileId)),
    thirdParty: await bindingsOf(ctx, accountId),
    thirdPartyConfigured: configuredPlatforms(ctx),
    version: a.version,
  }
}

/** A stored file of the caller for a purpose (uploaded by them through userCommonFile/upload). */
async function uploadedFile(
  ctx: Ctx,
  req: FastifyRequest,
  acc: AccountRow,
  fileId: string,
  purpose: 'avatar' | 'signature',
): Promise<void> {
  const row = await fileRow(ctx, fileId)
  if (!row || row.createBy !== acc.accountId || row.purpose !== purpose) throw invalidField('fileId', V.invalid, requestLang(req))
}

async function setProfile(
  ctx: Ctx,
  accountId: string,
  values: { photoFileId?: string | null; signatureFileId?: string | null },
): Promise<void> {
  const now = new Date()
  await ctx.db
    .insert(accountProfile)
    .values({ accountId, ...values, updateTime: now })
    .onConflictDoUpdate({ target: accountProfile.accountId, set: { ...values, updateTime: now } })
}

/** Ends every other session (and its access tokens) of an account; answers how many ended. */
async function endOtherSessions(ctx: Ctx, accountId: string, keep: string): Promise<number> {
  const now = new Date()
  const ended = await ctx.db
    .update(session)
    .set({ revokedAt: now })
    .where(and(eq(session.accountId, accountId), isNull(session.revokedAt), ne(session.sessionId, keep)))
    .returning({ id: session.sessionId })
  if (ended.length)
    await ctx.db
      .update(accessToken)
      .set({ revokedAt: now })
      .where(
        inArray(
          accessToken.sessionId,
          ended.map((s) => s.id),
        ),
      )
  return ended.length
}

/** Active sessions: not revoked, not idle past TRESTLE_SESSION_IDLE_TTL, not older than TRESTLE_SESSION_MAX_TTL. */
async function activeSessions(ctx: Ctx, accountId: string) {
  const now = Date.now()
  return ctx.db
    .select()
    .from(session)
    .where(
      and(
        eq(session.accountId, accountId),
        isNull(session.revokedAt),
        gt(session.lastSeenAt, new Date(now - ctx.config.sessionIdleTtl * 1000)),
        gt(session.createdAt, new Date(now - ctx.config.sessionMaxTtl * 1000)),
      ),
    )
}

export function registerPersonalRoutes(app: FastifyInstance, ctx: Ctx): void {
  const signed = { config: { auth: 'signed' as const } }

  app.get(PERSONAL_PATHS.info, signed, async (req) => ok<PersonalInfo>(req, await personalInfo(ctx, req.auth!.account.accountId)))

  app.put(PERSONAL_PATHS.updateInfo, signed, async (req) => {
    const acc = writable(req.auth!)
    const body = parse(updateInfoBody, req.body, req)
    const now = new Date()
    const updated = await ctx.db.transaction(async (tx) => {
      if (!(await updateOwnAccount(tx, acc.accountId, { userName: body.userName }, now, body.version))) return false
      await renameStaffOfAccount(tx, acc.accountId, body.userName, now)
      return true
    })
    if (!updated) throw new ApiError(Code.VERSION_CONFLICT, await personalInfo(ctx, acc.accountId))
    return ok<PersonalInfo>(req, await personalInfo(ctx, acc.accountId))
  })

  app.post(PERSONAL_PATHS.verifyPassword, signed, async (req) => {
    const body = parse(passwordBody, req.body, req)
    await reauthenticate(ctx, req, req.auth!.account, body.password)
    return ok(req, null)
  })

  app.post(PERSONAL_PATHS.getBindCode, signed, async (req) => {
    const acc = writable(req.auth!)
    const body = parse(bindCodeBody, req.body, req)
    await reauthenticate(ctx, req, acc, body.password)
    if (body.type === 'cellphone') {
      if (body.cellphone === acc.cellphone) throw invalidField('cellphone', V.sameAsBound, requestLang(req))
      if (await phoneExists(ctx, body.cellphone, acc.accountId)) throw phoneTaken()
      return ok<CodeSent>(req, await issueCode(ctx, req, { target: body.cellphone, purpose: 'bindPhone', scope: acc.accountId }))
    }
    if (body.email.toLowerCase() === acc.email?.toLowerCase()) throw invalidField('email', V.sameAsBound, requestLang(req))
    if (await emailExists(ctx, body.email, acc.accountId)) throw emailTaken()
    return ok<CodeSent>(req, await issueCode(ctx, req, { target: body.email, purpose: 'bindEmail', scope: acc.accountId }))
  })

  app.post(PERSONAL_PATHS.bindCellphone, signed, async (req) => {
    const acc = writable(req.auth!)
    const body = parse(bindCellphoneBody, req.body, req)
    if (await phoneExists(ctx, body.cellphone, acc.accountId)) throw phoneTaken()
    await checkCode(ctx, req, {
      targets: [body.cellphone],
      purpose: 'bindPhone',
      scope: acc.accountId,
      code: body.verifyCode,
      consume: true,
    })
    try {
      await updateOwnAccount(ctx.db, acc.accountId, { cellphone: body.cellphone }, new Date())
    } catch (err) {
      if (isUniqueViolation(err)) throw phoneTaken()
      throw err
    }
    return ok<PersonalInfo>(req, await personalInfo(ctx, acc.accountId))
  })

  app.post(PERSONAL_PATHS.bindEmail, signed, async (req) => {
    const acc = writable(req.auth!)
    const body = parse(bindEmailBody, req.body, req)
    if (await emailExists(ctx, body.email, acc.accountId)) throw emailTaken()
    await checkCode(ctx, req, { targets: [body.email], purpose: 'bindEmail', scope: acc.accountId, code: body.verifyCode, consume: true })
    await updateOwnAccount(ctx.db, acc.accountId, { email: body.email.toLowerCase() }, new Date())
    return ok<PersonalInfo>(req, await personalInfo(ctx, acc.accountId))
  })

  const unbind = (which: 'cellphone' | 'email') => async (req: FastifyRequest) => {
    const acc = writable(req.auth!)
    const body = parse(passwordBody, req.body, req)
    await reauthenticate(ctx, req, acc, body.password)
    const other = which === 'cellphone' ? acc.email : acc.cellphone
    if (!acc[which])
      throw refused(
        which === 'cellphone' ? '未绑定手机号' : '未绑定邮箱',
        which === 'cellphone' ? 'No phone number is bound' : 'No email is bound',
      )
    if (!other)
      throw refused(
        '手机号和邮箱至少保留一个，以便找回密码；请先绑定另一个',
        'Keep a phone number or an email to recover your password; bind the other one first',
      )
    await updateOwnAccount(ctx.db, acc.accountId, { [which]: null }, new Date())
    return ok<PersonalInfo>(req, await personalInfo(ctx, acc.accountId))
  }
  app.post(PERSONAL_PATHS.unbindCellphone, signed, unbind('cellphone'))
  app.post(PERSONAL_PATHS.unbindEmail, signed, unbind('email'))

  app.post(PERSONAL_PATHS.updatePassword, signed, async (req) => {
    const auth = req.auth!
    const acc = writable(auth)
    const body = parse(changePasswordBody, req.body, req)
    if (normalizeName(body.password) === normalizeName(acc.accountName)) {
      throw invalidField('password', V.passwordSameAsAccount, requestLang(req))
    }
    await reauthenticate(ctx, req, acc, body.oldPassword, 'oldPassword')
    const passwordHash = await hashPassword(body.password)
    const now = new Date()
    await ctx.db.transaction(async (tx) => {
      await updateOwnAccount(tx, acc.accountId, { passwordHash }, now)
      await passwordChanged(tx, acc, now, 'personal')
    })
    // The other sessions end with the old password; this one goes on.
    const signedOut = await endOtherSessions(ctx, acc.accountId, auth.session.sessionId)
    return ok<SignedOut>(req, { signedOut })
  })

  app.post(PERSONAL_PATHS.updatePhoto, signed, async (req) => {
    const acc = writable(req.auth!)
    const { fileId } = parse(fileRefBody, req.body, req)
    if (fileId) await uploadedFile(ctx, req, acc, fileId, 'avatar')
    if (!(await setStaffAvatarOfAccount(ctx.db, acc.accountId, fileId, new Date())))
      await setProfile(ctx, acc.accountId, { photoFileId: fileId })
    return ok<PersonalInfo>(req, await personalInfo(ctx, acc.accountId))
  })

  app.post(PERSONAL_PATHS.updateSignature, signed, async (req) => {
    const acc = writable(req.auth!)
    const { fileId } = parse(fileRefBody, req.body, req)
    if (fileId) await uploadedFile(ctx, req, acc, fileId, 'signature')
    await setProfile(ctx, acc.accountId, { signatureFileId: fileId })
    return ok<PersonalInfo>(req, await personalInfo(ctx, acc.accountId))
  })

  app.get(PERSONAL_PATHS.sessions, signed, async (req) => {
    const current = req.auth!.session.sessionId
    const rows = await activeSessions(ctx, req.auth!.account.accountId)
    const list: SessionInfo[] = rows
      .map((s) => ({
        sessionId: s.sessionId,
        carrier: s.carrier,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.sessionId === current,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt))
    return ok(req, list)
  })

  app.post(PERSONAL_PATHS.signOutSession, signed, async (req) => {
    const auth = req.auth!
    const { sessionId } = parse(sessionBody, req.body, req)
    if (sessionId === auth.session.sessionId) throw refused('不能在此结束当前会话，请使用“退出登录”', 'Use "Sign out" to end this session')
    const [s] = await ctx.db
      .select({ id: session.sessionId })
      .from(session)
      .where(and(eq(session.sessionId, sessionId), eq(session.accountId, auth.account.accountId), isNull(session.revokedAt)))
    if (!s) throw new ApiError(Code.NOT_FOUND)
    const now = new Date()
    await ctx.db.update(session).set({ revokedAt: now }).where(eq(session.sessionId, sessionId))
    await ctx.db.update(accessToken).set({ revokedAt: now }).where(eq(accessToken.sessionId, sessionId))
    return ok<SignedOut>(req, { signedOut: 1 })
  })

  app.post(PERSONAL_PATHS.signOutOthers, signed, async (req) => {
    const auth = req.auth!
    return ok<SignedOut>(req, { signedOut: await endOtherSessions(ctx, auth.account.accountId, auth.session.sessionId) })
  })

  app.get(PERSONAL_PATHS.thirdPartyAuthorize, signed, async (req) => {
    const acc = writable(req.auth!)
    const { platform } = parse(platformQuery, req.query, req)
    return ok(req, { authorizeUrl: await startAuthorize(ctx, req, platform, 'bind', acc.accountId) })
  })

  app.post(PERSONAL_PATHS.bindThirdParty, signed, async (req) => {
    const acc = writable(req.auth!)
    const body = parse(bindThirdPartyBody, req.body, req)
    const identity = await finishAuthorize(ctx, body, 'bind', acc.accountId)
    return ok<ThirdPartyBinding>(req, await bindIdentity(ctx, acc.accountId, body.platform, identity))
  })

  app.post(PERSONAL_PATHS.unbindThirdParty, signed, async (req) => {
    const acc = writable(req.auth!)
    const { platform } = parse(platformQuery, req.body, req)
    await unbindIdentity(ctx, acc.accountId, platform)
    return ok(req, null)
  })
}
