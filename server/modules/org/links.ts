/**
 * Where the organisation module meets people (server/db/schema/people.ts): departments under a
 * unit (organisation/department trees) and the unit of a person (getByUserId).
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { OrgDeptNode } from '../../../src/contract/schemas/org'
import type { Db } from '../../db/client'
import { department, organization } from '../../db/schema'
import { staffUnit } from './staffPort'
import { accountUnit } from './accountPort'

/** Department nodes (category 2) of the given units, nested by their parent department; the top ones are returned. */
export async function departmentNodes(db: Db, orgIds: string[]): Promise<OrgDeptNode[]> {
  if (orgIds.length === 0) return []
  const rows = await db
    .select({
      departmentId: department.departmentId,
      parentId: department.parentId,
      departmentName: department.departmentName,
      organizationId: department.organizationId,
      organizationName: organization.organizationName,
      organizationTypeId: organization.organizationTypeId,
    })
    .from(department)
    .innerJoin(organization, eq(organization.organizationId, department.organizationId))
    .where(inArray(department.organizationId, orgIds))
    .orderBy(asc(department.sort), asc(department.departmentName))
  const nodes = new Map<string, OrgDeptNode>(
    rows.map((d) => [
      d.departmentId,
      {
        nodeId: d.departmentId,
        category: 2,
        organizationId: d.organizationId,
        organizationName: d.organizationName,
        organizationTypeId: d.organizationTypeId,
        organizationTypeName: null,
        departmentId: d.departmentId,
        departmentName: d.departmentName,
        children: [],
      },
    ]),
  )
  const top: OrgDeptNode[] = []
  for (const d of rows) {
    const node = nodes.get(d.departmentId)!
    const parent = d.parentId ? nodes.get(d.parentId) : undefined
    if (parent) parent.children.push(node)
    else top.push(node)
  }
  return top
}

/** The unit of a person (staff record) or, failing that, of an account with that id. */
export async function personOrganization(db: Db, userId: string): Promise<string | null> {
  const unit = await staffUnit(db, userId)
  if (unit !== undefined) return unit
  return (await accountUnit(db, userId))?.organizationId ?? null
}
