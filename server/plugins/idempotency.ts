/**
 * Idempotency-Key (DESIGN §4): (account, key) → (fingerprint, stored response), kept ≥ 30 days.
 * The same key with the same payload answers the stored response again; another payload, or a
 * request still in progress, gets 20009.
 *
 * A reservation is a lease (`TRESTLE_IDEMPOTENCY_LEASE` seconds, `created_at` = when it was taken):
 * if the process that took it died mid-request, the key would otherwise stay in progress forever
 * and an outbox replaying after a gateway crash would get 20009 forever. Once the lease has run out,
 * a retry with the same payload takes the key over in one conditional UPDATE (so of two concurrent
 * retries exactly one wins; the other gets 20009), and the completion of a request is guarded by
 * the time of its own reservation, so a superseded request can no longer store or free the key.
 *
 * Exactly once through a crash (issue 31): a signed mutation that reserved a key runs in one
 * transaction with its answer (`answerInTransaction`), so a gateway that dies before the commit leaves
 * neither the write nor the answer (the retry runs it, once the lease has run out), and one that dies
 * after it leaves both (the retry gets the first answer). Routes that stream an upload, hand work to
 * the background or call out (`ownTransactions`) store their answer after the response, as all did before.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { and, eq, lt } from 'drizzle-orm'
import { Code } from '../../src/contract/codes'
import type { Ctx } from '../context'
import { withRequestTransaction } from '../db/requestScope'
import { idempotency } from '../db/schema'
import { ApiError } from '../lib/http'
import { sha256Hex } from '../lib/crypto'
import { bodyHashOf, splitUrl } from './signature'
import { headerValue } from './session'

const KEEP_DAYS = 30
export const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH'])

/** The key a mutating request asks to reserve, with its payload's fingerprint and the reservation's time. */
export interface IdempotencyClaim {
  key: string
  fingerprint: string
  at: Date
}

/** The claim of a request (null: no key, not a mutation, or a key too long — refused by the reservation). */
export function idempotencyClaim(req: FastifyRequest): IdempotencyClaim | null {
  const key = headerValue(req, 'idempotency-key')
  if (!key || !MUTATING.has(req.method) || key.length > 200) return null
  return { key, fingerprint: sha256Hex(`${req.method}\n${splitUrl(req.raw.url ?? req.url).path}\n${bodyHashOf(req)}`), at: new Date() }
}

/**
 * Reserves the key; returns true when the stored answer was sent instead (a replay). `claimed` is the
 * claim whose row the nonce's statement already tried to insert (recordNonce), with its outcome:
 * reserved, or the key was there already; without it the row is inserted here.
 */
export async function reserveIdempotencyKey(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  claimed?: { claim: IdempotencyClaim; reserved: boolean },
): Promise<boolean> {
  const key = headerValue(req, 'idempotency-key')
  if (!key || !MUTATING.has(req.method)) return false
  if (key.length > 200) throw new ApiError(Code.INVALID, [{ field: 'Idempotency-Key', key: 'v.tooLong:200', message: 'Idempotency-Key' }])
  const { fingerprint, at: now } = claimed?.claim ?? idempotencyClaim(req)!
  if (Math.random() < 0.01) {
    await ctx.db.delete(idempotency).where(lt(idempotency.createdAt, new Date(now.getTime() - KEEP_DAYS * 86400_000)))
  }
  const reserved = claimed
    ? claimed.reserved
    : (
        await ctx.db
          .insert(idempotency)
          .values({ accountId, key, fingerprint, state: 'in_progress', createdAt: now })
          .onConflictDoNothing()
          .returning({ key: idempotency.key })
      ).length > 0
  if (reserved) {
    req.idempotencyKey = key
    req.idempotencyReservedAt = now
    return false
  }
  const where = and(eq(idempotency.accountId, accountId), eq(idempotency.key, key))
  const takenOver = await ctx.db
    .update(idempotency)
    .set({ createdAt: now })
    .where(
      and(
        where,
        eq(idempotency.state, 'in_progress'),
        eq(idempotency.fingerprint, fingerprint),
        lt(idempotency.createdAt, new Date(now.getTime() - ctx.config.idempotencyLease * 1000)),
      ),
    )
    .returning({ key: idempotency.key })
  if (takenOver.length > 0) {
    ctx.log.warn({ accountId, key }, 'idempotency key taken over after its lease ran out')
    req.idempotencyKey = key
    req.idempotencyReservedAt = now
    return false
  }
  const [row] = await ctx.db.select().from(idempotency).where(where)
  if (!row || row.fingerprint !== fingerprint || row.state !== 'done') throw new ApiError(Code.IDEMPOTENCY_MISMATCH)
  void reply
    .code(row.statusCode ?? 200)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(storedBody(row.response))
  return true
}

/** The reservation this request holds (only its own: after a takeover the key belongs to the retry). */
function ownReservation(accountId: string, key: string, reservedAt: Date) {
  return and(
    eq(idempotency.accountId, accountId),
    eq(idempotency.key, key),
    eq(idempotency.state, 'in_progress'),
    eq(idempotency.createdAt, reservedAt),
  )
}

/**
 * Runs the handler of a mutation that reserved its key in one transaction (`db`: the gateway's own,
 * which the modules' `ctx.db` then stands for) and stores the answer in it before the commit. A fault
 * rolls back everything; a business refusal (ApiError) keeps what was written before it — a counted
 * verification attempt, say — as it would without the transaction, and its answer is stored by onSend.
 * A key taken over meanwhile (its lease ran out) rolls this run back: the retry owns the key.
 */
export async function answerInTransaction(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, handler: () => unknown): Promise<unknown> {
  const key = req.idempotencyKey
  const reservedAt = req.idempotencyReservedAt
  const accountId = req.auth?.account.accountId
  if (!key || !reservedAt || !accountId) return handler()
  let refusal: ApiError | null = null
  let result: unknown
  const answer = await withRequestTransaction(ctx.db, async (tx) => {
    try {
      result = await handler()
    } catch (err) {
      if (!(err instanceof ApiError)) throw err
      refusal = err
      return null
    }
    // Sent by the handler itself, or nothing to answer: onSend stores what went out.
    if (result === undefined || result === reply || reply.sent) return null
    const text = JSON.stringify(result)
    const stored = await tx
      .update(idempotency)
      .set({ state: 'done', response: text, statusCode: reply.statusCode })
      .where(ownReservation(accountId, key, reservedAt))
      .returning({ key: idempotency.key })
    if (stored.length === 0) throw new ApiError(Code.IDEMPOTENCY_MISMATCH)
    await crashPoint(ctx, req, 'before-commit')
    return text
  })
  if (refusal) throw refusal
  if (answer === null) return result
  await crashPoint(ctx, req, 'after-commit')
  req.idempotencyKey = undefined
  req.idempotencyReservedAt = undefined
  void reply.type('application/json; charset=utf-8')
  return answer
}

/** The crash tests' fault point (config.crashTests): the process dies here, as a power cut would take it. */
async function crashPoint(ctx: Ctx, req: FastifyRequest, point: 'before-commit' | 'after-commit'): Promise<void> {
  if (!ctx.config.crashTests || headerValue(req, 'x-trestle-crash') !== point) return
  await dieNow()
}

/** The crash tests' death (config.crashTests): this process is killed at once, as a power cut would take it. */
export async function dieNow(): Promise<never> {
  process.kill(process.pid, 'SIGKILL')
  return new Promise<never>(() => undefined)
}

/** Stores the answer of a reserved key (onSend) not stored with its write; a server fault frees the key for a retry. */
export async function completeIdempotencyKey(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const key = req.idempotencyKey
  const reservedAt = req.idempotencyReservedAt
  const accountId = req.auth?.account.accountId
  if (!key || !reservedAt || !accountId) return
  req.idempotencyKey = undefined
  req.idempotencyReservedAt = undefined
  const where = ownReservation(accountId, key, reservedAt)
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    await ctx.db.delete(idempotency).where(where)
    return
  }
  try {
    JSON.parse(payload)
  } catch {
    await ctx.db.delete(idempotency).where(where)
    return
  }
  // Kept as a JSON string, not as the parsed object: jsonb would reorder the keys, and a replay
  // answers the very bytes of the first answer.
  await ctx.db.update(idempotency).set({ state: 'done', response: payload, statusCode: reply.statusCode }).where(where)
}

/** The body a replay sends: the stored answer's text (rows stored before it was kept as text: re-serialised). */
function storedBody(response: unknown): string {
  return typeof response === 'string' ? response : JSON.stringify(response)
}
