/** The session behind the `authorization` header: 20114 unknown/revoked, 20119 account unusable, 20112 idle. */
import type { FastifyRequest } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import { Code } from '../../src/contract/codes'
import { NONCE_TTL_SECONDS, SIGNED_HEADERS } from '../../src/contract/signing'
import type { Ctx } from '../context'
import type { Db } from '../db/client'
import { accessToken, nonce, session } from '../db/schema'
import { sessionAccount } from '../lib/accountPort'
import { grantsVersionSql } from '../lib/grantsVersion'
import { ApiError } from '../lib/http'
import { sha256Hex } from '../lib/crypto'
import type { AccessTokenRow, AccountRow, SessionRow } from '../types'

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

export interface Authenticated {
  account: AccountRow
  session: SessionRow
  /** The access token row of the `accessToken` header when it belongs to this session (signed calls), else null. */
  accessToken: AccessTokenRow | null
  /** The caller's grants version, read in the same query (signed calls). */
  grantsVersion: string | null
}

/**
 * The session of the `authorization` header with its account — and, for a signed call, the access
 * token of the `accessToken` header and the grants version — in one joined query. With `nonce` (a
 * signed call without an Idempotency-Key) the same statement records the nonce, and `fresh` says
 * whether it was unseen within the TTL; the caller refuses a replay once the signature is checked.
 * Refusals in the order of DESIGN §2: 20114 unknown, 20119 account unusable, 20114 revoked, 20112 idle.
 */
export async function authenticate(
  ctx: Ctx,
  req: FastifyRequest,
  signed: boolean | { nonce: string },
): Promise<Authenticated & { fresh?: boolean }> {
  const raw = headerValue(req, 'authorization')
  const token = raw?.replace(/^Bearer\s+/i, '')
  if (!token) throw new ApiError(Code.SESSION_INVALID)
  const accessHeader = signed ? headerValue(req, SIGNED_HEADERS.accessToken) : null
  const keys = { token: sha256Hex(token), access: accessHeader ? sha256Hex(accessHeader) : '' }
  const queries = sessionQueries(ctx.db)
  const [row] =
    typeof signed === 'object'
      ? await queries.nonce.execute({ ...keys, ...nonceTimes(Date.now()), nonce: signed.nonce })
      : await queries[signed ? 'signed' : 'plain'].execute(keys)
  if (!row) throw new ApiError(Code.SESSION_INVALID)
  const { s, a } = row
  // A session ended because its account was stopped, expired or removed answers why (20119).
  if (!a) throw new ApiError(Code.ACCOUNT_DISABLED)
  const now = Date.now()
  const refusal = accountRefusal(a, new Date(now))
  if (refusal) throw new ApiError(Code.ACCOUNT_DISABLED, null, refusal)
  if (s.revokedAt) throw new ApiError(Code.SESSION_INVALID)
  if (s.lastSeenAt.getTime() + ctx.config.sessionIdleTtl * 1000 < now || s.createdAt.getTime() + ctx.config.sessionMaxTtl * 1000 < now)
    throw new ApiError(Code.IDLE)
  return {
    account: a,
    session: s,
    accessToken: row.t,
    grantsVersion: typeof row.v === 'string' ? row.v : null,
    ...(typeof signed === 'object' ? { fresh: row.fresh > 0 } : {}),
  }
}

/** A nonce's record time, and the time before which an earlier record of it no longer counts (the TTL). */
export const nonceTimes = (now: number) => ({
  now: new Date(now).toISOString(),
  cutoff: new Date(now - NONCE_TTL_SECONDS * 1000).toISOString(),
})

/**
 * The gate's session queries, built once per database and prepared by name: PostgreSQL plans each
 * once per connection, and no request pays for building it. A signed call also reads the grants
 * version (the permission check's cache key, and a read's `grants-version` answer). The account row
 * comes from the account module's subquery (lib/accountPort.ts), which PostgreSQL joins as the table.
 *
 * `nonce` records a signed call's nonce in the same statement: inserted for a live access token of
 * this session (a nonce seen within the TTL conflicts and is not updated: `fresh` is 0). The
 * signature is checked after it, so a call with a bad signature uses its nonce up, which only its
 * sender could want to reuse; the session's last-seen time is kept only after the check
 * (acceptRecordedNonce, plugins/signature.ts). `signed` (a mutation with an Idempotency-Key) leaves
 * the nonce to the key's statement.
 */
function buildSessionQueries(db: Db) {
  const account = sessionAccount()
  const recorded = db.$with('recorded', { one: sql<number>`one` }).as(sql`
    insert into ${nonce} (access_token_id, nonce, seen_at)
    select t.access_token_id, ${sql.placeholder('nonce')}, ${sql.placeholder('now')}::timestamptz
    from ${accessToken} t join ${session} s on s.session_id = t.session_id
    where t.token_hash = ${sql.placeholder('access')} and s.token_hash = ${sql.placeholder('token')} and t.revoked_at is null
      and ${sql.placeholder('nonce')} <> ''
    on conflict (access_token_id, nonce) do update set seen_at = excluded.seen_at where ${nonce}.seen_at < ${sql.placeholder('cutoff')}::timestamptz
    returning 1 as one`)
  const build = (signed: boolean, records: boolean) =>
    db
      .with(...(records ? [recorded] : []))
      .select({
        s: session,
        a: account.row,
        t: accessToken,
        v: signed ? grantsVersionSql(sql`${account.row.level}`) : sql<string | null>`null`,
        fresh: records ? sql<number>`(select count(*) from ${recorded})::int` : sql<number>`0`,
      })
      .from(session)
      .leftJoin(account.source, eq(account.row.accountId, session.accountId))
      .leftJoin(accessToken, and(eq(accessToken.sessionId, session.sessionId), eq(accessToken.tokenHash, sql.placeholder('access'))))
      .where(eq(session.tokenHash, sql.placeholder('token')))
  return {
    plain: build(false, false).prepare('gate_session'),
    signed: build(true, false).prepare('gate_session_signed'),
    nonce: build(true, true).prepare('gate_session_nonce'),
  }
}
const prepared = new WeakMap<Db, ReturnType<typeof buildSessionQueries>>()
function sessionQueries(db: Db) {
  let q = prepared.get(db)
  if (!q) prepared.set(db, (q = buildSessionQueries(db)))
  return q
}

export async function authenticateSession(ctx: Ctx, req: FastifyRequest): Promise<{ account: AccountRow; session: SessionRow }> {
  return authenticate(ctx, req, false)
}

/**
 * How stale the stored last-seen time may get: a minute, or a tenth of the idle limit when that is
 * shorter. A session is judged idle at most this much early; in exchange a signed call writes the
 * session row at most once a minute instead of on every call.
 */
export const touchInterval = (ctx: Ctx): number => Math.min(60, ctx.config.sessionIdleTtl / 10)

export async function touchSession(ctx: Ctx, s: SessionRow): Promise<void> {
  await ctx.db.update(session).set({ lastSeenAt: new Date() }).where(eq(session.sessionId, s.sessionId))
}
