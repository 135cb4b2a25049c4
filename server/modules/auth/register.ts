/** Registration and password recovery: availability checks, verification codes, new accounts. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { API } from '../../../src/contract/paths'
import {
  checkLoginAccountQuery,
  forgotVerifyCodeBody,
  registerBody,
  updatePasswordBody,
  validBody,
  validMobileQuery,
  verifyCodeBody,
} from '../../../src/contract/schemas/auth'
import { validationText } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import { accessToken, account, loginFailure, session, verifyCode } from '../../db/schema'
import { hashPassword, randomDigits, sha256Hex } from '../../lib/crypto'
import { ApiError, ok, parse, requestLang } from '../../lib/http'
import { hit } from '../../plugins/rate-limit'
import { sendVerifyCode } from '../notify/sender'
import { addRegistrationPerson } from '../people/audit'
import { findAccountByLogin, normalizeName } from './accounts'

const CODE_TTL_MS = 10 * 60_000
const RESEND_MS = 60_000
const MAX_TRIES = 5

type Purpose = 'register' | 'forgot'

const codeHash = (target: string, purpose: Purpose, code: string) => sha256Hex(`${purpose}:${target}:${code}`)
const maskPhone = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`

async function issueCode(ctx: Ctx, req: FastifyRequest, target: string, purpose: Purpose): Promise<void> {
  const ip = await hit(ctx, `verify:${req.ip}`, 600)
  if (ip.count > 20)
    throw new ApiError(Code.REFUSED, null, { zh: '验证码发送过于频繁，请稍后再试', en: 'Too many codes requested; try again later' }, 429, {
      'Retry-After': String(ip.retryAfter),
    })
  const now = Date.now()
  const [last] = await ctx.db
    .select({ createdAt: verifyCode.createdAt })
    .from(verifyCode)
    .where(and(eq(verifyCode.target, target), eq(verifyCode.purpose, purpose)))
    .orderBy(desc(verifyCode.createdAt))
    .limit(1)
  if (last && last.createdAt.getTime() + RESEND_MS > now)
    throw new ApiError(Code.REFUSED, null, { zh: '验证码发送过于频繁，请60秒后再试', en: 'Wait 60 seconds before requesting another code' })
  const code = randomDigits(6)
  await ctx.db.insert(verifyCode).values({
    verifyCodeId: newId(),
    target,
    purpose,
    codeHash: codeHash(target, purpose, code),
    createdAt: new Date(now),
    expiresAt: new Date(now + CODE_TTL_MS),
  })
  await sendVerifyCode(ctx, { target, code, purpose })
}

/** Checks a code (the latest unused one); consumes it when asked. Wrong → 20001 on verifyCode. */
async function checkCode(ctx: Ctx, req: FastifyRequest, target: string, purpose: Purpose, code: string, consume: boolean): Promise<void> {
  const now = new Date()
  const [row] = await ctx.db
    .select()
    .from(verifyCode)
    .where(and(eq(verifyCode.target, target), eq(verifyCode.purpose, purpose), isNull(verifyCode.usedAt), gt(verifyCode.expiresAt, now)))
    .orderBy(desc(verifyCode.createdAt))
    .limit(1)
  const lang = requestLang(req)
  const wrong = () =>
    new ApiError(Code.INVALID, [{ field: 'verifyCode', key: 'v.invalid', message: validationText('v.invalid', lang, lang === 'zh' ? '验证码' : 'The code') }])
  if (!row) throw wrong()
  if (row.attempts >= MAX_TRIES)
    throw new ApiError(Code.REFUSED, null, { zh: '验证码错误次数过多，请重新获取', en: 'Too many wrong codes; request a new one' })
  if (row.codeHash !== codeHash(target, purpose, code)) {
    await ctx.db
      .update(verifyCode)
      .set({ attempts: sql`${verifyCode.attempts} + 1` })
      .where(eq(verifyCode.verifyCodeId, row.verifyCodeId))
    throw wrong()
  }
  if (consume) {
    const used = await ctx.db
      .update(verifyCode)
      .set({ usedAt: now })
      .where(and(eq(verifyCode.verifyCodeId, row.verifyCodeId), isNull(verifyCode.usedAt)))
      .returning({ id: verifyCode.verifyCodeId })
    if (used.length === 0) throw wrong()
  }
}

const taken = (zh: string, en: string) => new ApiError(Code.DUPLICATE, null, { zh, en })
const nameTaken = () => taken('账号已被注册', 'The account name is taken')
const phoneTaken = () => taken('手机号已被注册', 'The phone number is already registered')

async function nameExists(ctx: Ctx, name: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: account.accountId })
    .from(account)
    .where(eq(sql`lower(${account.accountName})`, normalizeName(name)))
  return rows.length > 0
}
async function phoneExists(ctx: Ctx, phone: string): Promise<boolean> {
  const rows = await ctx.db.select({ id: account.accountId }).from(account).where(eq(account.cellphone, phone))
  return rows.length > 0
}

export function registerRegistrationRoutes(app: FastifyInstance, ctx: Ctx): void {
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
    if (await phoneExists(ctx, body.cellphone)) throw phoneTaken()
    await issueCode(ctx, req, body.cellphone, 'register')
    return ok(req, { cellphone: maskPhone(body.cellphone) })
  })

  app.post(API.auth.getForgotVerifyCode, async (req) => {
    const body = parse(forgotVerifyCodeBody, req.body, req)
    const acc = await findAccountByLogin(ctx, body.accountName)
    if (!acc) throw new ApiError(Code.NOT_FOUND, null, { zh: '账号不存在', en: 'No such account' })
    if (!acc.cellphone)
      throw new ApiError(Code.REFUSED, null, { zh: '该账号未绑定手机号，请联系管理员重置密码', en: 'The account has no phone number; ask your administrator to reset the password' })
    await issueCode(ctx, req, acc.cellphone, 'forgot')
    return ok(req, { cellphone: maskPhone(acc.cellphone) })
  })

  app.post(API.auth.valid, async (req) => {
    const body = parse(validBody, req.body, req)
    const acc = await findAccountByLogin(ctx, body.accountName)
    if (!acc?.cellphone) throw new ApiError(Code.NOT_FOUND, null, { zh: '账号不存在', en: 'No such account' })
    await checkCode(ctx, req, acc.cellphone, 'forgot', body.verifyCode, false)
    return ok(req, null)
  })

  app.post(API.auth.updatePassword, async (req) => {
    const body = parse(updatePasswordBody, req.body, req)
    const acc = await findAccountByLogin(ctx, body.accountName)
    if (!acc?.cellphone) throw new ApiError(Code.NOT_FOUND, null, { zh: '账号不存在', en: 'No such account' })
    if (normalizeName(body.password) === normalizeName(acc.accountName)) {
      const lang = requestLang(req)
      throw new ApiError(Code.INVALID, [{ field: 'password', key: 'v.passwordSameAsAccount', message: validationText('v.passwordSameAsAccount', lang) }])
    }
    await checkCode(ctx, req, acc.cellphone, 'forgot', body.verifyCode, true)
    const now = new Date()
    await ctx.db
      .update(account)
      .set({
        passwordHash: await hashPassword(body.password),
        ...(acc.status === 'locked' ? { status: 'normal', lockedUntil: null } : {}),
        version: sql`${account.version} + 1`,
        updateTime: now,
        updateBy: acc.accountId,
      })
      .where(eq(account.accountId, acc.accountId))
    await ctx.db.delete(loginFailure).where(eq(loginFailure.nameKey, normalizeName(acc.accountName)))
    // Every session of the account ends with the old password.
    const ended = await ctx.db
      .update(session)
      .set({ revokedAt: now })
      .where(and(eq(session.accountId, acc.accountId), isNull(session.revokedAt)))
      .returning({ id: session.sessionId })
    for (const s of ended) await ctx.db.update(accessToken).set({ revokedAt: now }).where(eq(accessToken.sessionId, s.id))
    return ok(req, null)
  })

  app.post(API.auth.addByRegister, async (req) => {
    const body = parse(registerBody, req.body, req)
    if (await nameExists(ctx, body.accountName)) throw nameTaken()
    if (await phoneExists(ctx, body.cellphone)) throw phoneTaken()
    await checkCode(ctx, req, body.cellphone, 'register', body.verifyCode, true)
    const id = newId()
    try {
      await ctx.db.insert(account).values({
        accountId: id,
        accountName: body.accountName,
        userName: body.userName,
        cellphone: body.cellphone,
        email: body.email ?? null,
        level: 'general',
        status: 'pending',
        passwordHash: await hashPassword(body.password),
        createBy: id,
        updateBy: id,
      })
    } catch {
      // A concurrent registration took the name or the phone between the checks and the insert.
      throw nameTaken()
    }
    // The user audit reviews it through its pending staff record (server/modules/people/audit.ts).
    await addRegistrationPerson(ctx.db, { accountId: id, userName: body.userName, cellphone: body.cellphone, email: body.email })
    return ok(req, { accountId: id, accountName: body.accountName, status: 'pending' })
  })
}
