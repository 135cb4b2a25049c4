/**
 * The one preHandler every route passes, in the order of DESIGN §2: session (20114/20119/20112),
 * access token (20004), signature/timestamp/nonce (20005), function permission (20003),
 * Idempotency-Key (20009 or a replay). The session's query records the nonce too — one statement
 * before the handler's own — except for a mutation with an Idempotency-Key, whose nonce, last-seen
 * time and key reservation are one statement after the permission check. onSend stores idempotent
 * answers; onResponse writes the operation log of every signed mutation. onRoute refuses a
 * permission the catalogue does not declare, and runs every signed mutation that reserved a key in
 * one transaction with its stored answer (plugins/idempotency.ts).
 */
import type { FastifyInstance } from 'fastify'
import { isDeclared } from '../../src/contract/catalogue'
import type { Ctx } from '../context'
import { logAnswer, logContent, writeOperateLog } from '../lib/logPort'
import { setGrantsVersion } from '../lib/grantsVersion'
import type { AuthContext } from '../types'
import { answerInTransaction, completeIdempotencyKey, idempotencyClaim, MUTATING, reserveIdempotencyKey } from './idempotency'
import { grantOf, refusePermission } from '../lib/permissions'
import { authenticate, headerValue } from './session'
import { acceptRecordedNonce, checkAccessToken, nonceOf, recordNonce, splitUrl, verifySignature } from './signature'

export function registerGate(app: FastifyInstance, ctx: Ctx): void {
  // A route's permission names a catalogue menu and one of its functions: the types say so at the
  // declaration; this catches what types cannot (a definition's default function), at start-up.
  app.addHook('onRoute', (route) => {
    const perm = route.config?.perm
    if (perm && !isDeclared(perm))
      throw new Error(
        `${route.method} ${route.url}: ${perm.menu}${perm.fn ? ` · ${perm.fn}` : ''} is not in the catalogue (src/contract/catalogue.ts)`,
      )
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (route.config?.auth === 'signed' && !route.config.ownTransactions && methods.some((m) => MUTATING.has(m))) {
      const handler = route.handler
      route.handler = function (req, reply) {
        return answerInTransaction(ctx, req, reply, () => handler.call(this, req, reply))
      }
    }
  })
  app.addHook('preHandler', async (req, reply) => {
    const mode = req.routeOptions.config.auth ?? 'none'
    if (mode === 'none') return
    // session, account, access token and grants version in one query, which also records the nonce
    // unless a mutation's Idempotency-Key is to be reserved with it (recordNonce, below)
    const keyed = MUTATING.has(req.method) && headerValue(req, 'idempotency-key') !== null
    const { account, session, accessToken, grantsVersion, fresh } = await authenticate(
      ctx,
      req,
      mode === 'session' ? false : keyed ? true : { nonce: nonceOf(req) },
    )
    if (mode === 'session') {
      req.auth = { account, session, accessToken: null, appCode: null, grant: null }
      return
    }
    const token = checkAccessToken(req, accessToken)
    const nonceValue = await verifySignature(ctx, req, token)
    const auth: AuthContext = { account, session, accessToken: token, appCode: token.appCode, grant: null, grantsVersion }
    // With a key, the grant is looked up before the nonce is recorded (from the per-process cache,
    // usually no SQL) so that a permitted mutation's key is reserved in the nonce's statement; a
    // replayed nonce is still refused before a missing permission.
    const perm = req.routeOptions.config.perm
    const grant = perm ? await grantOf(ctx, auth, perm) : null
    const claim = perm && !grant ? null : idempotencyClaim(req)
    let reserved = false
    if (keyed)
      reserved = await recordNonce(ctx, req, token, session, nonceValue, claim ? { ...claim, accountId: account.accountId } : undefined)
    else await acceptRecordedNonce(ctx, req, session, fresh ?? false)
    req.auth = auth
    if (perm) {
      if (!grant) await refusePermission(ctx, req, perm)
      auth.grant = grant
    }
    if (await reserveIdempotencyKey(ctx, req, reply, account.accountId, claim ? { claim, reserved } : undefined)) return reply
  })

  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload === 'string' && payload.startsWith('{"code":')) {
      const m = /^\{"code":(\d+)/.exec(payload)
      if (m) req.answerCode = Number(m[1])
      if (req.auth?.accessToken && MUTATING.has(req.method)) req.answerText = payload
    }
    // Signed answers say which grants they were made with (the console reloads its menu on a change).
    await setGrantsVersion(ctx, req, reply)
    await completeIdempotencyKey(ctx, req, reply, payload)
    return payload
  })

  app.addHook('onResponse', async (req, reply) => {
    const auth = req.auth
    if (!auth?.accessToken || !MUTATING.has(req.method) || req.routeOptions.config.noOperateLog) return
    if (reply.getHeader('idempotent-replayed')) return
    const { perm, op } = req.routeOptions.config
    await writeOperateLog(ctx, {
      accountName: auth.account.accountName,
      appCode: auth.appCode,
      menuId: auth.grant?.menuId ?? headerValue(req, 'menuid'),
      functionId: auth.grant?.functionId ?? null,
      // what the route did and the menu it belongs to, as the route declares them (not the grant's function)
      op: op ?? perm?.fn ?? null,
      menuPath: perm?.menu ?? null,
      uri: splitUrl(req.url).path,
      method: req.method,
      statusCode: req.answerCode ?? reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      content: logContent(req.body),
      organizationId: auth.account.organizationId,
      ip: req.ip,
      request: logContent({ query: req.query, body: req.body }, 8000),
      response: req.answerText ? logAnswer(req.answerText) : null,
    })
  })
}
