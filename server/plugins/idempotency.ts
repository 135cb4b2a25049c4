/**
 * Idempotency-Key (DESIGN §4): (account, key) → (fingerprint, stored response), kept ≥ 30 days.
 * The same key with the same payload answers the stored response again; another payload, or a
 * request still in progress, gets 20009.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { and, eq, lt } from 'drizzle-orm'
import { Code } from '../../src/contract/codes'
import type { Ctx } from '../context'
import { idempotency } from '../db/schema'
import { ApiError } from '../lib/http'
import { sha256Hex } from '../lib/crypto'
import { bodyHashOf, splitUrl } from './signature'
import { headerValue } from './session'

const KEEP_DAYS = 30
export const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH'])

/** Reserves the key; returns true when the stored answer was sent instead (a replay). */
export async function reserveIdempotencyKey(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, accountId: string): Promise<boolean> {
  const key = headerValue(req, 'idempotency-key')
  if (!key || !MUTATING.has(req.method)) return false
  if (key.length > 200) throw new ApiError(Code.INVALID, [{ field: 'Idempotency-Key', key: 'v.tooLong:200', message: 'Idempotency-Key' }])
  const fingerprint = sha256Hex(`${req.method}\n${splitUrl(req.raw.url ?? req.url).path}\n${bodyHashOf(req)}`)
  const now = new Date()
  if (Math.random() < 0.01) {
    await ctx.db.delete(idempotency).where(lt(idempotency.createdAt, new Date(now.getTime() - KEEP_DAYS * 86400_000)))
  }
  const inserted = await ctx.db
    .insert(idempotency)
    .values({ accountId, key, fingerprint, state: 'in_progress', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotency.key })
  if (inserted.length > 0) {
    req.idempotencyKey = key
    return false
  }
  const [row] = await ctx.db
    .select()
    .from(idempotency)
    .where(and(eq(idempotency.accountId, accountId), eq(idempotency.key, key)))
  if (!row || row.fingerprint !== fingerprint || row.state !== 'done') throw new ApiError(Code.IDEMPOTENCY_MISMATCH)
  void reply
    .code(row.statusCode ?? 200)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(row.response))
  return true
}

/** Stores the answer of a reserved key (onSend); a server fault frees the key for a retry. */
export async function completeIdempotencyKey(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const key = req.idempotencyKey
  const accountId = req.auth?.account.accountId
  if (!key || !accountId) return
  req.idempotencyKey = undefined
  const where = and(eq(idempotency.accountId, accountId), eq(idempotency.key, key))
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    await ctx.db.delete(idempotency).where(where)
    return
  }
  let response: unknown
  try {
    response = JSON.parse(payload)
  } catch {
    await ctx.db.delete(idempotency).where(where)
    return
  }
  await ctx.db.update(idempotency).set({ state: 'done', response, statusCode: reply.statusCode }).where(where)
}
