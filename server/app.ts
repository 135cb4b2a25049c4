/** Builds the gateway (used by main.ts and by tests): parsers, headers, the gate, modules, the console. */
import { existsSync } from 'node:fs'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import path from 'node:path'
import Fastify, {
  LogController,
  type ConnectionError,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { Code } from '../src/contract/codes'
import type { Config } from './config'
import type { Ctx } from './context'
import type { Database, Db } from './db/client'
import { defaultBackoff, JOB_CHANNEL, JobRunner, workOfJob } from './lib/jobs'
import { writeWorkLog } from './lib/logPort'
import { langFrom } from '../src/contract/codes'
import { envelope, requestLang } from './lib/http'
import { KeyStore } from './modules/auth'
import { registerModules } from './modules'
import { registerBodyDrain, registerBodyParsers, registerInputGuard } from './plugins/body'
import { registerCompression, staticOptions } from './plugins/compression'
import { registerErrorHandling } from './plugins/errors'
import { registerGate } from './plugins/gate'
import { scopedDb } from './db/requestScope'
import { registerHealth } from './plugins/health'
import { registerMetrics, type MetricSources } from './plugins/metrics'
import { registerReadsByPost } from './plugins/read-by-post'
import { registerSecurityHeaders } from './plugins/security-headers'
import './types'
import texts from './texts.json'

export interface BuildOptions {
  logger?: boolean | { level: string }
  /** The database's LISTEN (server/db/client.ts): with it the gateway runs background jobs and live message streams. */
  listen?: Database['listen']
  /** Where reads that may lag go (Ctx.readDb); default: `db`. */
  readDb?: Db
  /** The PostgreSQL pool's connections, for the metrics (absent: the embedded database). */
  poolStats?: Database['poolStats']
}

/** Largest request line + headers (Node's default); beyond it the answer is an enveloped 431. */
export const MAX_HEADER_BYTES = 16 * 1024

/** A 20001 envelope for a request refused before it reached a route. */
const refusal = (lang: 'zh' | 'en', field: string, text: { zh: string; en: string }) =>
  envelope(Code.INVALID, [{ field, key: 'v.invalid', message: text[lang] }], lang, text)

/**
 * Requests Node's HTTP parser refuses (request line or headers over MAX_HEADER_BYTES, a malformed
 * request line or header, a timeout) never reach Fastify: answered here on the socket with the
 * envelope (DESIGN §2: a malformed request gets a 4xx with the envelope), in the language the
 * request asked for when its head can still be read.
 */
function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  // At run time rawPacket is the Buffer Node's parser was reading (the types describe its JSON form).
  const raw: unknown = err.rawPacket
  const head = Buffer.isBuffer(raw) ? raw.subarray(0, MAX_HEADER_BYTES).toString('latin1') : ''
  const lang = langFrom(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1])
  const body = JSON.stringify(
    refusal(lang, status === 431 ? 'headers' : '', status === 431 ? texts.app.headersTooLarge : texts.app.badRequest),
  )
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

/** Errors of the router (a URL that does not decode, a path parameter over maxParamLength): enveloped 4xx. */
function onFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.code === 'FST_ERR_BAD_URL' ? 400 : 500
  const lang = requestLang(req)
  if (status === 500) {
    req.log.error({ code: err.code }, 'router error')
    void reply.code(500).send(envelope(Code.SERVER_FAULT, null, lang))
    return
  }
  void reply.code(status).send(refusal(lang, 'url', texts.app.badUrl))
}

export async function buildApp(config: Config, db: Db, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    // "incoming request" / "request completed" for every call: only when asked for.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    frameworkErrors: (err, req, reply) => onFrameworkError(err, req, reply),
  })
  const jobs = new JobRunner(db, {
    leaseSeconds: config.jobs.leaseSeconds,
    pollMs: config.jobs.pollMs,
    backoffMs: defaultBackoff(config.jobs.retryMs),
    onError: (job, err, dead) =>
      app.log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, dead, err: (err as Error).message }, 'job failed'),
    // every job run in the system log, by the gateway that ran it (ctx: set below, before any job runs)
    onRun: (job, outcome) => writeWorkLog(ctx, workOfJob(job, outcome)),
  })
  // The modules' database: inside a signed mutation with an Idempotency-Key, that request's one
  // transaction (db/requestScope.ts, plugins/idempotency.ts); a replica is never in it.
  const scoped = scopedDb(db)
  const readDb = opts.readDb && opts.readDb !== db ? opts.readDb : scoped
  const ctx: Ctx = { config, db: scoped, readDb, keys: new KeyStore(db, config.rsaKeyTtl), log: app.log, jobs }

  registerBodyParsers(app)
  registerBodyDrain(app)
  // multipart/form-data for uploads: streamed by the handler after the gate (limits per call).
  await app.register(fastifyMultipart, { limits: { fields: 10, fieldSize: 1000, files: 1, parts: 12 } })
  registerSecurityHeaders(app)
  registerErrorHandling(app)
  registerGate(app, ctx)
  // After the gate (an unsigned probe is refused as such first), before every handler and read-by-post.
  registerInputGuard(app)
  await registerCompression(app)
  registerReadsByPost(app)

  registerHealth(app, ctx)
  const metricSources: MetricSources = { pool: opts.poolStats }
  registerMetrics(app, ctx, metricSources)
  // Every module's ports, then its routes, in the order of server/modules/index.ts.
  const { live } = registerModules(app, ctx)
  metricSources.liveStreams = () => live?.size ?? 0

  // Background jobs and live streams: any instance claims due jobs; NOTIFY wakes it at once.
  const listen = opts.listen
  if (listen) {
    const stops: (() => Promise<void>)[] = []
    app.addHook('onReady', async () => {
      stops.push(await listen(JOB_CHANNEL, () => jobs.wake()))
      await live?.start(listen)
      await jobs.start()
    })
    app.addHook('preClose', async () => {
      await live?.stop()
      await jobs.stop()
      for (const stop of stops) await stop()
    })
  }

  const dist = config.serveDist
  const hasConsole = existsSync(path.join(dist, 'index.html'))
  if (hasConsole) {
    await app.register(fastifyStatic, staticOptions(dist))
  }

  app.setNotFoundHandler((req, reply) => {
    const accept = req.headers.accept ?? ''
    if (hasConsole && (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api') && accept.includes('text/html')) {
      return reply.sendFile('index.html')
    }
    return reply.code(404).send(envelope(Code.NOT_FOUND, null, requestLang(req)))
  })

  return app
}
