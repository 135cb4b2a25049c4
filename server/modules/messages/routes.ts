/** Messages (issue 15): configurations, the delivery services (issue 33), the message centre, channel sends, live streams, and the consumers of business events. */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerPushHandler } from './channels'
import { registerConfigRoutes } from './config'
import { registerMessageConsumers } from './fanout'
import { registerInboxRoutes } from './inbox'
import { LiveHub, registerLiveRoutes } from './live'
import { registerSupplierRoutes } from './suppliers'

export function registerMessageRoutes(app: FastifyInstance, ctx: Ctx): LiveHub {
  registerConfigRoutes(app, ctx)
  registerInboxRoutes(app, ctx)
  registerSupplierRoutes(app, ctx)
  const hub = new LiveHub(ctx)
  registerLiveRoutes(app, hub)
  registerMessageConsumers(ctx.jobs, ctx.db)
  registerPushHandler(ctx.jobs, ctx)
  return hub
}
