/**
 * A list owned by a unit and saved as a whole (SPEC §7 orgCowork / orgListing / orgContact /
 * orgQualification): `list?organizationId`, `delete` (form ids), `addFullByOrgId` replacing the
 * unit's list in one transaction — the sub-list pattern (../subList.ts) with the unit as owner.
 */
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { sublistQuery, type OrgSublist } from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import { organization } from '../../db/schema'
import { ApiError } from '../../lib/http'
import { registerSubList, type SubListDef, type SubListOwner } from '../../lib/subList'
import { ORG_MENU, inScope, requireVisible } from '../../lib/orgScope'

/** The unit: visible (else 20002 naming it) and existing (else 20002); its lists follow the unit's scope. */
const UNIT: SubListOwner = {
  field: 'organizationId',
  savePath: 'addFullByOrgId',
  query: sublistQuery,
  requireVisible: async (db, organizationId, visible) => {
    requireVisible(visible, [organizationId])
    const [unit] = await db
      .select({ id: organization.organizationId })
      .from(organization)
      .where(eq(organization.organizationId, organizationId))
    if (!unit) throw new ApiError(Code.NOT_FOUND)
  },
  scope: (_db, ownerCol, visible) => inScope(ownerCol, visible),
}

export type FullListDef = Omit<SubListDef<typeof ORG_MENU>, 'owner' | 'menu' | 'name'> & {
  name: OrgSublist
}

export function registerFullList(app: FastifyInstance, ctx: Ctx, def: FullListDef): void {
  registerSubList(app, ctx, { ...def, owner: UNIT, menu: ORG_MENU })
}
