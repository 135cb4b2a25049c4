/** A project's structure (issue 11 part B): containers, design units, unit engineering. */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerContainerRoutes } from './containers'
import { registerDesignUnitRoutes } from './designUnits'

export function registerProjectStructureRoutes(app: FastifyInstance, ctx: Ctx): ReturnType<typeof registerDesignUnitRoutes> {
  registerContainerRoutes(app, ctx)
  return registerDesignUnitRoutes(app, ctx)
}
