/**
 * Registration and password recovery: availability checks, verification codes (server/modules/notify:
 * SMS or email, rate-limited, expiring, single use), new accounts pending review, password resets.
 *
 *   GET  checkLoginAccount?accountName   20006 when taken
 *   GET  validMobile?cellphone           20006 when taken
 *   POST getVerifyCode { cellphone } | { channel: 'email', email }          → CodeSent
 *   POST addByRegister { …, channel, cellphone?, email?, verifyCode }       → pending account + pending staff record
 *   POST getForgotVerifyCode { accountName, channel? }  to the account's phone (default) or email → CodeSent
 *   POST valid { accountName, verifyCode }                                  checks, does not use the code
 *   POST updatePassword { accountName, verifyCode, password, confirmPassword }  uses the code, ends every session
 *   GET  api/verifyChannels → { sms, email }: which channels deliver for real
 *   GET  orgSearch/list?keyword          public unit search for the form: active units only, ≤ 20,
 *                                        id + name + type; keyword ≥ 2 characters; rate-limited per IP
 * addByRegister's optional organizationId puts the pending account (and its staff record) in that
 * unit — it must exist and be active (else 20001 on organizationId) — so the unit's administrators
 * review it; without one the account has no unit and only administrators with scope 'all' see it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { inArray } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { API } from '../../../src/contract/paths'
import {
  AUTH_PATHS,
  checkLoginAccountQuery,
  forgotVerifyCodeBody,
  REGISTER_ORG_SEARCH,
  registerBody,
  registerOrgSearchQuery,
  updatePasswordBody,
  validBody,
  validMobileQuery,
  verifyCodeBody,
  type CodeSent,
  type RegisterOrgOption,
  type VerifyChannels,
} from '../../../src/contract/schemas/auth'
import { V } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { loginFailure } from '../../db/schema'
import { hashPassword, verifyPassword } from '../../lib/crypto'
import { ApiError, invalidField, ok, parse, requestLang } from '../../lib/http'
import { emitEvent } from '../../lib/jobs'
import {
  accountById,
  accountNameInUse,
  addPendingAccount,
  applyTransition,
  cellphoneInUse,
  emailInUse,
  endSessions,
  findAccountByLogin,
  normalizeName,
  passwordChanged,
  recordChanges,
  updateOwnAccount,
} from '../account'
import { checkCode, issueCode, realChannels } from '../notify'
import { hit } from '../../plugins/rate-limit'
import { addRegistrationPerson } from '../people'
import { isUniqueViolation } from '../../lib/resource'
import { findOrg, orgName, searchActiveUnits } from '../org'
import texts from './texts.json'

const taken = (zh: string, en: string) => new ApiError(Code.DUPLICATE, null, { zh, en })
const nameTaken = () => taken('账号已被注册', 'The account name is taken')
export const phoneTaken = () => taken('手机号已被注册', 'The phone number is already registered')
export const emailTaken = () => taken('邮箱已被其他账号使用', 'The email address is used by another account')
const noAccount = () => new ApiError(Code.NOT_FOUND, null, { zh: '账号不存在', en: 'No such account' })

/** Public unit searches per IP per minute (a debounced search-as-you-type stays well below it). */
const ORG_SEARCH_PER_MINUTE = 60
/** The active status of a unit (organization.status: 1 active, 0 disabled). */
const ACTIVE_UNIT = 1

/** An active unit with this id exists; else 20001 on organizationId. */
async function requireActiveUnit(ctx: Ctx, req: FastifyRequest, organizationId: string): Promise<void> {
  const unit = await findOrg(ctx.db, organizationId)
  if (unit?.status === ACTIVE_UNIT) return
  const lang = requestLang(req)
  throw new ApiError(
    Code.INVALID,
    [{ field: 'organizationId', key: 'v.invalid', message: texts.register.unitUnavailable[lang] }],
    texts.register.unitUnavailable,
  )
}

const nameExists = (ctx: Ctx, name: string): Promise<boolean> => accountNameInUse(ctx.db, name)
/** Another account (not `except`) has this cellphone. */
export const phoneExists = (ctx: Ctx, phone: string, except?: string): Promise<boolean> => cellphoneInUse(ctx.db, phone, except)
/** Another account (not `except`) has this email (case-insensitive). */
export const emailExists = (ctx: Ctx, email: string, except?: string): Promise<boolean> => emailInUse(ctx.db, email, except)

export function registerRegistrationRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(AUTH_PATHS.verifyChannels, async (req) => ok<VerifyChannels>(req, await realChannels(ctx)))

  app.get(AUTH_PATHS.orgSearch, async (req) => {
    const limit = await hit(ctx, `org-search:${req.ip}`, 60)
    if (limit.count > ORG_SEARCH_PER_MINUTE)
      throw new ApiError(Code.REFUSED, null, texts.register.orgSearchTooMany, 429, { 'Retry-After': String(limit.retryAfter) })
    const q = parse(registerOrgSearchQuery, req.query, req)
    const rows: RegisterOrgOption[] = await searchActiveUnits(ctx.db, q.keyword, REGISTER_ORG_SEARCH.max)
    return ok(req, rows)
  })

  app.get(API.auth.checkLoginAccount, async (req) => {
    const q = parse(checkLoginAccountQuery, req.query, req)
    if (await nameExists(ctx, q.accountName)) throw nameTaken()
    return ok(req, null)
  })

  app.get(API.auth.validMobile, async (req) => {
    const q = parse(validMobileQuery, req.query, req)
    if (await phoneExists(ctx, q.cellphone)) throw phoneTaken()
    return ok(req, null)
  })

  app.post(API.auth.getVerifyCode, async (req) => {
    const body = parse(verifyCodeBody, req.body, req)
    if (body.channel === 'email') {
      if (await emailExists(ctx, body.email!)) throw emailTaken()
      return ok<CodeSent>(req, await issueCode(ctx, req, { target: body.email!, purpose: 'register' }))
    }
    if (await phoneExists(ctx, body.cellphone!)) throw phoneTaken()
    return ok<CodeSent>(req, await issueCode(ctx, req, { target: body.cellphone!, purpose: 'register' }))
  })

  app.post(API.auth.getForgotVerifyCode, async (req) => {
    const body = parse(forgotVerifyCodeBody, req.body, req)
    const acc = await findAccountByLogin(ctx.db, body.accountName)
    if (!acc) throw noAccount()
    const channel = body.channel ?? (acc.cellphone ? 'sms' : 'email')
    const target = channel === 'sms' ? acc.cellphone : acc.email
    if (!target) {
      if (!acc.cellphone && !acc.email)
        throw new ApiError(Code.REFUSED, null, {
          zh: '该账号未绑定手机号或邮箱，请联系管理员重置密码',
          en: 'The account has no phone number or email; ask your administrator to reset the password',
        })
      throw new ApiError(
        Code.REFUSED,
        null,
        channel === 'sms'
          ? { zh: '该账号未绑定手机号，请改用邮箱接收验证码', en: 'The account has no phone number; receive the code by email instead' }
          : { zh: '该账号未绑定邮箱，请改用手机接收验证码', en: 'The account has no email; receive the code by text message instead' },
      )
    }
    return ok<CodeSent>(req, await issueCode(ctx, req, { target, purpose: 'forgot' }))
  })

  app.post(API.auth.valid, async (req) => {
    const body = parse(validBody, req.body, req)
    const acc = await findAccountByLogin(ctx.db, body.accountName)
    if (!acc) throw noAccount()
    await checkCode(ctx, req, { targets: [acc.cellphone, acc.email], purpose: 'forgot', code: body.verifyCode, consume: false })
    return ok(req, null)
  })

  app.post(API.auth.updatePassword, async (req) => {
    const body = parse(updatePasswordBody, req.body, req)
    const acc = await findAccountByLogin(ctx.db, body.accountName)
    if (!acc) throw noAccount()
    if (normalizeName(body.password) === normalizeName(acc.accountName)) {
      throw invalidField('password', V.passwordSameAsAccount, requestLang(req))
    }
    // The rule of 修改密码 (v.passwordSameAsOld): the new password differs from the current one —
    // compared only once the code has been checked (no password oracle without the code), and
    // before it is spent, so the holder can choose another one with the same code.
    await checkCode(ctx, req, { targets: [acc.cellphone, acc.email], purpose: 'forgot', code: body.verifyCode, consume: false })
    if (acc.passwordHash && (await verifyPassword(body.password, acc.passwordHash))) {
      throw invalidField('password', V.passwordSameAsOld, requestLang(req))
    }
    await checkCode(ctx, req, { targets: [acc.cellphone, acc.email], purpose: 'forgot', code: body.verifyCode, consume: true })
    const passwordHash = await hashPassword(body.password)
    const now = new Date()
    await ctx.db.transaction(async (tx) => {
      const row = await accountById(tx as unknown as Db, acc.accountId, { forUpdate: true })
      if (!row) throw noAccount()
      await updateOwnAccount(tx, acc.accountId, { passwordHash }, now)
      // The password valid period starts again; the change history records it (server/modules/account).
      await passwordChanged(tx, acc, now, 'forgot')
      // A locked account is unlocked by its holder (locked → normal in the history); any other status stays.
      if (row.status === 'locked') await applyTransition(tx, [row], 'unlock', acc, now, { extra: { lockedUntil: null }, remark: 'forgot' })
      // Every session of the account ends with the old password.
      await endSessions(tx, [acc.accountId], now)
    })
    // The failure counters (by account name and by cellphone) start again, as after an administrator's unlock.
    const keys = [normalizeName(acc.accountName), ...(acc.cellphone ? [normalizeName(acc.cellphone)] : [])]
    await ctx.db.delete(loginFailure).where(inArray(loginFailure.nameKey, keys))
    return ok(req, null)
  })

  app.post(API.auth.addByRegister, async (req) => {
    const body = parse(registerBody, req.body, req)
    if (await nameExists(ctx, body.accountName)) throw nameTaken()
    if (body.cellphone && (await phoneExists(ctx, body.cellphone))) throw phoneTaken()
    if (body.email && (await emailExists(ctx, body.email))) throw emailTaken()
    if (body.organizationId) await requireActiveUnit(ctx, req, body.organizationId)
    const target = body.channel === 'email' ? body.email! : body.cellphone!
    await checkCode(ctx, req, { targets: [target], purpose: 'register', code: body.verifyCode, consume: true })
    const id = newId()
    const passwordHash = await hashPassword(body.password)
    const now = new Date()
    try {
      await ctx.db.transaction(async (tx) => {
        await addPendingAccount(tx, {
          accountId: id,
          accountName: body.accountName,
          userName: body.userName,
          cellphone: body.cellphone ?? null,
          email: body.email?.toLowerCase() ?? null,
          // The chosen unit's administrators review it (scope own / children); none: only scope 'all'.
          organizationId: body.organizationId ?? null,
          passwordHash,
        })
        // The history starts with it, by the registrant, as for an invited or added account.
        await recordChanges(
          tx,
          [{ accountId: id, accountName: body.accountName, field: 'created', toValue: 'pending', remark: 'register' }],
          { accountId: id, accountName: body.accountName },
          now,
        )
        // The user audit reviews it through its pending staff record (server/modules/people/audit.ts).
        await addRegistrationPerson(tx, {
          accountId: id,
          userName: body.userName,
          cellphone: body.cellphone ?? null,
          email: body.email ?? null,
          organizationId: body.organizationId ?? null,
        })
        // Its reviewers are told (消息设置 "account awaiting audit"), delivered once this commits.
        const unitName = body.organizationId ? await orgName(tx, body.organizationId) : null
        await emitEvent(
          tx,
          'account.pending',
          { accountId: id, accountName: body.accountName, userName: body.userName, organizationName: unitName ?? '' },
          body.organizationId ?? null,
        )
      })
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      // A concurrent registration took the name or the phone between the checks and the insert.
      throw nameTaken()
    }
    return ok(req, { accountId: id, accountName: body.accountName, status: 'pending' })
  })
}
