/**
 * Prometheus metrics of this gateway process (issue 31), at GET /metrics in the text format, for the
 * scraper that holds `TRESTLE_METRICS_TOKEN` (`Authorization: Bearer <token>`); without the setting
 * the path does not exist (404). Every gateway answers for itself; the scraper adds them up.
 *
 *   trestle_http_requests_total{method,route,status,code}   requests by route template, HTTP status and answer code
 *   trestle_http_request_duration_seconds{method,route}     latency histogram
 *   trestle_idempotent_replays_total                        signed mutations answered from their Idempotency-Key (outbox replays)
 *   trestle_db_pool_connections{state}                      PostgreSQL pool: total, idle, waiting (absent on the embedded database)
 *   trestle_jobs{status}                                    the jobs table by status (read at scrape time)
 *   trestle_live_streams                                    live message streams open on this process
 * plus the process's default metrics (CPU, memory, event-loop lag, handles).
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Ctx } from '../context'
import type { PoolStats } from '../db/client'

export const METRICS_PATH = '/metrics'

/** What the metrics read when scraped; set once the parts exist (the live hub comes with the modules). */
export interface MetricSources {
  liveStreams?: () => number
  pool?: () => PoolStats | null
}

export function registerMetrics(app: FastifyInstance, ctx: Ctx, sources: MetricSources): void {
  const token = ctx.config.metricsToken
  if (!token) return
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'trestle_' })
  const requests = new Counter({
    name: 'trestle_http_requests_total',
    help: 'HTTP requests by route template, HTTP status and answer code',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'trestle_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const replays = new Counter({
    name: 'trestle_idempotent_replays_total',
    help: 'Signed mutations answered with the stored answer of their Idempotency-Key (outbox replays)',
    registers: [registry],
  })
  new Gauge({
    name: 'trestle_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.()
      if (!stats) return
      for (const [state, n] of Object.entries(stats)) this.set({ state }, n)
    },
  })
  new Gauge({
    name: 'trestle_jobs',
    help: 'Background jobs by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const result = (await ctx.db.execute(sql`select status, count(*)::int as n from job group by status`)) as unknown as {
        rows: { status: string; n: number }[]
      }
      this.reset()
      for (const r of result.rows) this.set({ status: r.status }, Number(r.n))
    },
  })
  new Gauge({
    name: 'trestle_live_streams',
    help: 'Live message streams open on this gateway',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams?.() ?? 0)
    },
  })

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched'
    if (route === METRICS_PATH) return
    requests.inc({ method: req.method, route, status: reply.statusCode, code: req.answerCode ?? '' })
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000)
    if (reply.getHeader('idempotent-replayed') === 'true') replays.inc()
  })

  const expected = Buffer.from(`Bearer ${token}`)
  app.get(METRICS_PATH, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorised' })
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics())
  })
}
