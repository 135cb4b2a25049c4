/**
 * Role authorisation (SPEC §6 "role-menu, role-organisation, role function authorisation, data
 * permission, resource authorisation" and role members): see members.ts, menus.ts, grants.ts; the
 * rules every call keeps are in holdings.ts; the grants-version header in grantsVersion.ts.
 */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerGrantRoutes } from './grants'
import { registerMemberRoutes } from './members'
import { registerMenuGrantRoutes } from './menus'

export function registerRoleAuthRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerMemberRoutes(app, ctx)
  registerMenuGrantRoutes(app, ctx)
  registerGrantRoutes(app, ctx)
}
