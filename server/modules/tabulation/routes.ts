/** The tabulation area (issue 30): groups, templates, versions and cell permissions; contents; Excel in and out. */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerContentRoutes } from './contents'
import { registerIoRoutes } from './io'
import { registerTemplateRoutes } from './templates'

export function registerTabulationRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerTemplateRoutes(app, ctx)
  registerContentRoutes(app, ctx)
  registerIoRoutes(app, ctx)
}
