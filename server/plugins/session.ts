/** The session behind the `authorization` header: 20114 unknown/revoked, 20119 account unusable, 20112 idle. */
import type { FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { Code } from '../../src/contract/codes'
import type { Ctx } from '../context'
import { account, session } from '../db/schema'
import { ApiError } from '../lib/http'
import { sha256Hex } from '../lib/crypto'
import type { AccountRow, SessionRow } from '../types'

export function headerValue(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name]
  const s = Array.isArray(v) ? v[0] : v
  return s === undefined || s === '' ? null : s
}

/** Why an account may not use the platform, or null when it may (the text of 20119). */
export function accountRefusal(a: AccountRow, now = new Date()): { zh: string; en: string } | null {
  switch (a.status) {
    case 'pending':
      return { zh: '账号待审核，审核通过后方可登录', en: 'The account is awaiting review; you can sign in once it is approved' }
    case 'rejected':
      return { zh: '账号审核未通过，请联系管理员', en: 'The account was not approved; contact your administrator' }
    case 'stopped':
      return { zh: '账号已停用，请联系管理员', en: 'The account is stopped; contact your administrator' }
  }
  if (a.validUntil && a.validUntil.getTime() < now.getTime())
    return { zh: '账号已过有效期，请联系管理员', en: 'The account has expired; contact your administrator' }
  return null
}

export async function authenticateSession(ctx: Ctx, req: FastifyRequest): Promise<{ account: AccountRow; session: SessionRow }> {
  const raw = headerValue(req, 'authorization')
  const token = raw?.replace(/^Bearer\s+/i, '')
  if (!token) throw new ApiError(Code.SESSION_INVALID)
  const [s] = await ctx.db.select().from(session).where(eq(session.tokenHash, sha256Hex(token)))
  if (!s) throw new ApiError(Code.SESSION_INVALID)
  const [a] = await ctx.db.select().from(account).where(eq(account.accountId, s.accountId))
  // A session ended because its account was stopped, expired or removed answers why (20119).
  if (!a) throw new ApiError(Code.ACCOUNT_DISABLED)
  const now = Date.now()
  const refusal = accountRefusal(a, new Date(now))
  if (refusal) throw new ApiError(Code.ACCOUNT_DISABLED, null, refusal)
  if (s.revokedAt) throw new ApiError(Code.SESSION_INVALID)
  if (s.lastSeenAt.getTime() + ctx.config.sessionIdleTtl * 1000 < now || s.createdAt.getTime() + ctx.config.sessionMaxTtl * 1000 < now)
    throw new ApiError(Code.IDLE)
  return { account: a, session: s }
}

export async function touchSession(ctx: Ctx, s: SessionRow): Promise<void> {
  await ctx.db.update(session).set({ lastSeenAt: new Date() }).where(eq(session.sessionId, s.sessionId))
}
