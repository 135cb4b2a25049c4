/**
 * Role authorisation (SPEC §6 "role-menu, role-organisation, role function authorisation, data
 * permission, resource authorisation"): see menus.ts, grants.ts (role members: the account module's
 * roleMembers.ts, which keeps to the same rules); the
 * rules every call keeps are in holdings.ts; the grants-version header in grantsVersion.ts.
 */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerGrantRoutes } from './grants'
import { registerMenuGrantRoutes } from './menus'

export function registerRoleAuthRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerMenuGrantRoutes(app, ctx)
  registerGrantRoutes(app, ctx)
}
