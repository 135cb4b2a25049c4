/** Builds the gateway (used by main.ts and by tests): parsers, headers, the gate, modules, the console. */
import { existsSync } from 'node:fs'
import path from 'node:path'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { Code } from '../src/contract/codes'
import type { Config } from './config'
import type { Ctx } from './context'
import type { Db } from './db/client'
import { envelope, requestLang } from './lib/http'
import { registerAccountRoutes } from './modules/account/routes'
import { registerApplicationRoutes } from './modules/application/routes'
import { KeyStore } from './modules/auth/keys'
import { registerRegistrationRoutes } from './modules/auth/register'
import { registerAuthRoutes } from './modules/auth/routes'
import { registerFileRoutes } from './modules/files/routes'
import { registerInviteRoutes } from './modules/invite/routes'
import { registerDepartmentRoutes } from './modules/department/routes'
import { registerMenuRoutes } from './modules/menu/routes'
import { registerOrgRoutes } from './modules/org/routes'
import { registerPeopleRoutes } from './modules/people/routes'
import { registerPersonalRoutes } from './modules/personal/routes'
import { registerRoleRoutes } from './modules/role/routes'
import { registerRoleAuthRoutes } from './modules/roleAuth/routes'
import { registerShellRoutes } from './modules/shell/routes'
import { registerBodyParsers } from './plugins/body'
import { registerCompression, staticOptions } from './plugins/compression'
import { registerErrorHandling } from './plugins/errors'
import { registerGate } from './plugins/gate'
import { registerReadsByPost } from './plugins/read-by-post'
import { registerSecurityHeaders } from './plugins/security-headers'
import './types'

export interface BuildOptions {
  logger?: boolean | { level: string }
}

export async function buildApp(config: Config, db: Db, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    // "incoming request" / "request completed" for every call: only when asked for.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
  })
  const ctx: Ctx = { config, db, keys: new KeyStore(db, config.rsaKeyTtl), log: app.log }

  registerBodyParsers(app)
  // multipart/form-data for uploads: streamed by the handler after the gate (limits per call).
  await app.register(fastifyMultipart, { limits: { fields: 10, fieldSize: 1000, files: 1, parts: 12 } })
  registerSecurityHeaders(app)
  registerErrorHandling(app)
  registerGate(app, ctx)
  await registerCompression(app)
  registerReadsByPost(app)

  registerAuthRoutes(app, ctx)
  registerRegistrationRoutes(app, ctx)
  registerShellRoutes(app, ctx)
  registerRoleRoutes(app, ctx)
  registerRoleAuthRoutes(app, ctx)
  registerApplicationRoutes(app, ctx)
  registerMenuRoutes(app, ctx)
  registerDepartmentRoutes(app, ctx)
  registerPeopleRoutes(app, ctx)
  registerOrgRoutes(app, ctx)
  registerFileRoutes(app, ctx)
  registerInviteRoutes(app, ctx)
  registerPersonalRoutes(app, ctx)
  registerAccountRoutes(app, ctx)

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
