/**
 * Verification codes: issued to a phone or an email for a purpose, stored hashed in `verify_code`,
 * rate-limited (per IP: TRESTLE_VERIFY_IP_LIMIT per 10 minutes; per target: one per 60 s and 10
 * per hour), expiring (TRESTLE_VERIFY_CODE_TTL, 10 minutes), single use, 5 wrong tries at most.
 *
 * A `scope` ties a code to more than its target (binding: the account that asked), so a code for
 * one account's binding is worthless to another.
 */
import type { FastifyRequest } from 'fastify'
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { V } from '../../../src/contract/rules'
import type { CodeSent } from '../../../src/contract/schemas/auth'
import type { Ctx } from '../../context'
import { verifyCode } from '../../db/schema'
import { randomDigits, sha256Hex } from '../../lib/crypto'
import { ApiError, invalidField, requestLang } from '../../lib/http'
import { hit } from '../../plugins/rate-limit'
import { DeliveryError, isEmailTarget, sendVerifyCode, type CodePurpose } from './sender'

const RESEND_MS = 60_000
const TARGET_PER_HOUR = 10
const MAX_TRIES = 5

const codeHash = (target: string, purpose: CodePurpose, scope: string, code: string) =>
  sha256Hex(`${purpose}:${scope}:${target.toLowerCase()}:${code}`)

export const maskPhone = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`
export function maskEmail(e: string): string {
  const at = e.lastIndexOf('@')
  const local = e.slice(0, at)
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2)
  return `${shown}***${e.slice(at)}`
}
export const maskTarget = (t: string) => (isEmailTarget(t) ? maskEmail(t) : maskPhone(t))

const tooMany = (zh: string, en: string, retryAfter?: number) =>
  new ApiError(Code.REFUSED, null, { zh, en }, retryAfter ? 429 : 200, retryAfter ? { 'Retry-After': String(retryAfter) } : {})

export interface IssueInput {
  target: string
  purpose: CodePurpose
  scope?: string
}

/** Issues and sends a code; answers where it went (masked). */
export async function issueCode(ctx: Ctx, req: FastifyRequest, input: IssueInput): Promise<CodeSent> {
  const cfg = ctx.config.notify
  const target = input.target.trim().toLowerCase()
  const scope = input.scope ?? ''
  const ip = await hit(ctx, `verify:${req.ip}`, 600)
  if (ip.count > cfg.ipLimit) throw tooMany('验证码发送过于频繁，请稍后再试', 'Too many codes requested; try again later', ip.retryAfter)
  const now = Date.now()
  const [last] = await ctx.db
    .select({ createdAt: verifyCode.createdAt })
    .from(verifyCode)
    .where(and(eq(verifyCode.target, target), eq(verifyCode.purpose, input.purpose)))
    .orderBy(desc(verifyCode.createdAt))
    .limit(1)
  if (last && last.createdAt.getTime() + RESEND_MS > now)
    throw tooMany('验证码发送过于频繁，请60秒后再试', 'Wait 60 seconds before requesting another code')
  const perTarget = await hit(ctx, `verify-target:${target}`, 3600)
  if (perTarget.count > TARGET_PER_HOUR)
    throw tooMany(
      '该号码或邮箱本小时获取验证码次数已达上限，请稍后再试',
      'This number or address has had too many codes this hour; try again later',
      perTarget.retryAfter,
    )

  const code = randomDigits(6)
  const id = newId()
  await ctx.db.insert(verifyCode).values({
    verifyCodeId: id,
    target,
    purpose: input.purpose,
    codeHash: codeHash(target, input.purpose, scope, code),
    createdAt: new Date(now),
    expiresAt: new Date(now + cfg.codeTtl * 1000),
  })
  if (Math.random() < 0.02) await ctx.db.delete(verifyCode).where(lt(verifyCode.expiresAt, new Date(now - 86400_000)))
  try {
    await sendVerifyCode(ctx, {
      target,
      code,
      purpose: input.purpose,
      lang: requestLang(req),
      minutes: Math.max(1, Math.round(cfg.codeTtl / 60)),
    })
  } catch (err) {
    // Not delivered: withdraw it, so the user may ask again at once.
    await ctx.db.delete(verifyCode).where(eq(verifyCode.verifyCodeId, id))
    if (!(err instanceof DeliveryError)) throw err
    ctx.log.error({ purpose: input.purpose, err: err.message }, `[verify-code] delivery to ${maskTarget(target)} failed`)
    throw new ApiError(Code.REFUSED, null, { zh: '验证码发送失败，请稍后再试', en: 'The code could not be sent; try again later' })
  }
  return { channel: isEmailTarget(target) ? 'email' : 'sms', target: maskTarget(target), expiresIn: cfg.codeTtl }
}

export interface CheckInput {
  /** Where the code may have gone (forgot password: the account's phone and email). */
  targets: (string | null | undefined)[]
  purpose: CodePurpose
  scope?: string
  code: string
  /** Mark it used (the final step); `valid` checks without using it. */
  consume: boolean
  /** The field a wrong code is reported on. */
  field?: string
}

/** Checks a code (the latest unused, unexpired one per target); wrong → 20001 on `verifyCode`. */
export async function checkCode(ctx: Ctx, req: FastifyRequest, input: CheckInput): Promise<void> {
  const targets = [...new Set(input.targets.filter((t): t is string => !!t).map((t) => t.trim().toLowerCase()))]
  const scope = input.scope ?? ''
  const lang = requestLang(req)
  const wrong = () => invalidField(input.field ?? 'verifyCode', V.codeWrong, lang)
  if (targets.length === 0) throw wrong()
  const now = new Date()
  const rows = await ctx.db
    .select()
    .from(verifyCode)
    .where(
      and(
        inArray(verifyCode.target, targets),
        eq(verifyCode.purpose, input.purpose),
        isNull(verifyCode.usedAt),
        gt(verifyCode.expiresAt, now),
      ),
    )
    .orderBy(desc(verifyCode.createdAt))
  // Only the latest code of each target counts.
  const latest = new Map<string, (typeof rows)[number]>()
  for (const r of rows) if (!latest.has(r.target)) latest.set(r.target, r)
  if (latest.size === 0) throw wrong()
  const match = [...latest.values()].find(
    (r) => r.attempts < MAX_TRIES && r.codeHash === codeHash(r.target, input.purpose, scope, input.code),
  )
  if (!match) {
    const open = [...latest.values()].filter((r) => r.attempts < MAX_TRIES)
    if (open.length === 0)
      throw new ApiError(Code.REFUSED, null, { zh: '验证码错误次数过多，请重新获取', en: 'Too many wrong codes; request a new one' })
    await ctx.db
      .update(verifyCode)
      .set({ attempts: sql`${verifyCode.attempts} + 1` })
      .where(
        inArray(
          verifyCode.verifyCodeId,
          open.map((r) => r.verifyCodeId),
        ),
      )
    throw wrong()
  }
  if (input.consume) {
    const used = await ctx.db
      .update(verifyCode)
      .set({ usedAt: now })
      .where(and(eq(verifyCode.verifyCodeId, match.verifyCodeId), isNull(verifyCode.usedAt)))
      .returning({ id: verifyCode.verifyCodeId })
    if (used.length === 0) throw wrong()
  }
}
