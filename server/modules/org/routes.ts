/** The organisation area (SPEC §7 "Organisation"): units and their tree, unit types, sub-lists, groups, search (account limits: the account module). */
import type { FastifyInstance } from 'fastify'
import { asc } from 'drizzle-orm'
import { ORG_API, type OrgType, type OrgTypeNode } from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import { organizationType } from '../../db/schema'
import { ok } from '../../lib/http'
import { registerGroupRoutes } from './groups'
import { registerSearchRoutes } from './search'
import { registerSublistRoutes } from './sublists'
import { registerUnitRoutes } from './units'

async function orgTypes(ctx: Ctx): Promise<OrgType[]> {
  return ctx.db
    .select({
      organizationTypeId: organizationType.organizationTypeId,
      parentId: organizationType.parentId,
      typeName: organizationType.typeName,
      typeCode: organizationType.typeCode,
      sort: organizationType.sort,
    })
    .from(organizationType)
    .orderBy(asc(organizationType.sort), asc(organizationType.typeName))
}

export function typeTree(types: OrgType[]): OrgTypeNode[] {
  const nodes = new Map(types.map((t) => [t.organizationTypeId, { ...t, children: [] as OrgTypeNode[] }]))
  const roots: OrgTypeNode[] = []
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined
    if (parent) parent.children.push(n)
    else roots.push(n)
  }
  return roots
}

export function registerOrgRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerUnitRoutes(app, ctx)
  registerSublistRoutes(app, ctx)
  registerGroupRoutes(app, ctx)
  registerSearchRoutes(app, ctx)
  // Unit types are a dictionary every signed-in account reads (the session keeps them, SPEC §3).
  app.get(ORG_API.typeList, { config: { auth: 'signed' } }, async (req) => ok(req, await orgTypes(ctx)))
  app.get(ORG_API.typeListTree, { config: { auth: 'signed' } }, async (req) => ok(req, typeTree(await orgTypes(ctx))))
}
