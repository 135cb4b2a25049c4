/**
 * What a load balancer asks (issue 31), unsigned and outside /api:
 *   GET /healthz  200 {"status":"up"} while the process serves at all;
 *   GET /readyz   200 {"status":"ready"} when the database answers and has every migration of this
 *                 version; 503 {"status":"not ready","reason":…} otherwise. While the gateway shuts down
 *                 (SIGTERM) Fastify answers 503 to every request, these included, so the balancer
 *                 sends the next ones elsewhere.
 */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../context'
import { pendingMigrations } from '../db/client'

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const

export function registerHealth(app: FastifyInstance, ctx: Ctx): void {
  app.get(HEALTH_PATHS.live, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'up' }))
  app.get(HEALTH_PATHS.ready, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    let pending: number
    try {
      pending = await pendingMigrations(ctx.db)
    } catch (err) {
      ctx.log.warn({ err: (err as Error).message }, 'readiness: the database does not answer')
      return reply.code(503).send({ status: 'not ready', reason: 'database unreachable' })
    }
    if (pending > 0) return reply.code(503).send({ status: 'not ready', reason: `migrations not applied: ${pending}` })
    return reply.send({ status: 'ready' })
  })
}
