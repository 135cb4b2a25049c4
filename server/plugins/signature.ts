/**
 * The signature check of DESIGN §2 "Signed requests": access token (20004), then timestamp,
 * HMAC-SHA256 signature and nonce (20005). Nonces live in the database (unique per access token). A
 * call's nonce is recorded by the statement that reads its session (plugins/session.ts), or, for a
 * mutation with an Idempotency-Key, by the one that reserves the key and keeps the session's
 * last-seen time (at most once a minute).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { lt, sql } from 'drizzle-orm'
import { Code } from '../../src/contract/codes'
import { SIGNATURE_WINDOW_SECONDS, SIGNED_HEADERS, UNSIGNED_PAYLOAD, parseTimestamp, stringToSign } from '../../src/contract/signing'
import type { Ctx } from '../context'
import { idempotency, nonce, session } from '../db/schema'
import { ApiError } from '../lib/http'
import { sha256Hex } from '../lib/crypto'
import { writeSystemLog } from '../lib/logPort'
import type { AccessTokenRow, SessionRow } from '../types'
import type { IdempotencyClaim } from './idempotency'
import { headerValue, nonceTimes, touchInterval, touchSession } from './session'

/** Lowercase hex SHA-256 of the raw body, or UNSIGNED-PAYLOAD for multipart. */
export function bodyHashOf(req: FastifyRequest): string {
  const type = headerValue(req, 'content-type') ?? ''
  if (type.toLowerCase().startsWith('multipart/')) return UNSIGNED_PAYLOAD
  return sha256Hex(req.rawBody ?? Buffer.alloc(0))
}

export function splitUrl(url: string): { path: string; query: string } {
  const i = url.indexOf('?')
  return i < 0 ? { path: url, query: '' } : { path: url.slice(0, i), query: url.slice(i + 1) }
}

/** 20004 unless `row` (read with the session, see authenticate) is a live access token of this application. */
export function checkAccessToken(req: FastifyRequest, row: AccessTokenRow | null): AccessTokenRow {
  const token = headerValue(req, SIGNED_HEADERS.accessToken)
  if (!token || !row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw new ApiError(Code.ACCESS_TOKEN_EXPIRED)
  const app = headerValue(req, SIGNED_HEADERS.appCode)
  if (app !== null && app !== row.appCode) throw new ApiError(Code.ACCESS_TOKEN_EXPIRED)
  return row
}

async function refuse(ctx: Ctx, req: FastifyRequest, reason: string): Promise<never> {
  await writeSystemLog(ctx, req, 'signature_refused', Code.SIGNATURE_REJECTED, reason)
  throw new ApiError(Code.SIGNATURE_REJECTED)
}

/** The request's nonce when it has the length a nonce may have (16 to 128 characters), else ''. */
export function nonceOf(req: FastifyRequest): string {
  const value = headerValue(req, SIGNED_HEADERS.nonce) ?? ''
  return value.length < 16 || value.length > 128 ? '' : value
}

/** Refuses (20005) a request whose timestamp or signature is not right; the nonce it signed with. */
export async function verifySignature(ctx: Ctx, req: FastifyRequest, token: AccessTokenRow): Promise<string> {
  const timestamp = headerValue(req, SIGNED_HEADERS.timestamp) ?? ''
  const nonceValue = nonceOf(req)
  const signature = (headerValue(req, SIGNED_HEADERS.signature) ?? '').toLowerCase()
  const at = parseTimestamp(timestamp)
  if (!at) return refuse(ctx, req, `malformed timestamp "${timestamp.slice(0, 40)}"`)
  const skew = Math.abs(Date.now() - at.getTime()) / 1000
  if (skew > SIGNATURE_WINDOW_SECONDS) return refuse(ctx, req, `timestamp ${timestamp} is ${Math.round(skew)} s off`)
  if (!nonceValue) return refuse(ctx, req, 'nonce shorter than 16 characters or too long')
  if (!/^[0-9a-f]{64}$/.test(signature)) return refuse(ctx, req, 'malformed signature')
  const { path, query } = splitUrl(req.raw.url ?? req.url)
  const expected = createHmac('sha256', token.privateKey)
    .update(stringToSign({ timestamp, nonce: nonceValue, method: req.method, path, query, bodyHash: bodyHashOf(req) }))
    .digest()
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return refuse(ctx, req, 'signature mismatch')
  return nonceValue
}

/**
 * For a nonce the session's statement recorded (authenticate): refuses (20005) a replay, and keeps the
 * session's last-seen time (at most once per touchInterval) now that the signature is verified.
 */
export async function acceptRecordedNonce(ctx: Ctx, req: FastifyRequest, s: SessionRow, fresh: boolean): Promise<void> {
  if (!fresh) return refuse(ctx, req, 'nonce replayed')
  if (s.lastSeenAt.getTime() < Date.now() - touchInterval(ctx) * 1000) await touchSession(ctx, s)
  await sweepNonces(ctx)
}

/** Now and then (1 call in 100) drops the nonces older than the TTL. */
async function sweepNonces(ctx: Ctx): Promise<void> {
  if (Math.random() < 0.01) await ctx.db.delete(nonce).where(lt(nonce.seenAt, new Date(nonceTimes(Date.now()).cutoff)))
}

/**
 * Records the nonce of a verified mutation with an Idempotency-Key, refusing (20005) one seen within
 * the TTL. With `claim` (its permission holds) the same statement reserves the key once the nonce is
 * fresh: the answer says whether it did (false: the key was there already, or there was no claim).
 */
export async function recordNonce(
  ctx: Ctx,
  req: FastifyRequest,
  token: AccessTokenRow,
  s: SessionRow,
  nonceValue: string,
  claim?: { accountId: string } & IdempotencyClaim,
): Promise<boolean> {
  const at = Date.now()
  const { now, cutoff } = nonceTimes(at)
  // One statement: the nonce recorded (a nonce seen within the TTL conflicts and is not updated:
  // no row comes back) and, only then, the session's last-seen time (at most once per touchInterval)
  // and the Idempotency-Key's reservation.
  const reserve = claim
    ? sql`, r as (
      insert into ${idempotency} (account_id, key, fingerprint, state, created_at)
      select ${claim.accountId}, ${claim.key}, ${claim.fingerprint}, 'in_progress', ${claim.at.toISOString()}::timestamptz where exists (select 1 from n)
      on conflict do nothing
      returning 1
    )`
    : sql``
  const result = (await ctx.db.execute(sql`
    with n as (
      insert into ${nonce} (access_token_id, nonce, seen_at) values (${token.accessTokenId}, ${nonceValue}, ${now}::timestamptz)
      on conflict (access_token_id, nonce) do update set seen_at = excluded.seen_at where ${nonce}.seen_at < ${cutoff}::timestamptz
      returning 1
    ), touched as (
      update ${session} set last_seen_at = ${now}::timestamptz
      where session_id = ${s.sessionId} and last_seen_at < ${new Date(at - touchInterval(ctx) * 1000).toISOString()}::timestamptz and exists (select 1 from n)
      returning 1
    )${reserve}
    select (select count(*) from n)::int as fresh${claim ? sql`, (select count(*) from r)::int as reserved` : sql``}`)) as unknown as {
    rows: { fresh: number; reserved?: number }[]
  }
  if (!result.rows[0]?.fresh) return refuse(ctx, req, 'nonce replayed')
  await sweepNonces(ctx)
  return !!result.rows[0].reserved
}
