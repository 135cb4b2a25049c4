/**
 * The organisation module's queries that other modules use: the unit tree (paths, subtrees) and
 * small lookups of units. Other modules call these instead of selecting from `organization`.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { organization } from '../../db/schema'
import { defineTree } from '../../lib/tree'

/** The unit tree (one tree over all units): parent ids, materialised paths, no sort key of its own (units sort by `sort`). */
export const orgTree = defineTree({
  key: 'organization',
  table: organization,
  id: organization.organizationId,
  parentId: organization.parentId,
  path: organization.path,
  cycle: { zh: '上级单位不能是该单位自身或其下级单位', en: 'The parent may not be the unit itself or one of its child units' },
})

/** SQL: the ids of the unit and every unit under it (an indexed path range), for `in (…)`. */
export const orgSubtreeSql = (rootId: string) => orgTree.subtreeSql(rootId)

/** The ids of the unit and every unit under it (through `db`, which may be a transaction). */
export const orgSubtreeIds = (db: Db, rootId: string) => orgTree.subtreeIds(db, rootId)

/** A unit's id, name and type, or null. */
export async function findOrg(db: Db, organizationId: string) {
  const [row] = await db
    .select({ organizationId: organization.organizationId, organizationName: organization.organizationName, organizationTypeId: organization.organizationTypeId, status: organization.status })
    .from(organization)
    .where(eq(organization.organizationId, organizationId))
  return row ?? null
}

/** Whether the unit exists. */
export const orgExists = async (db: Db, organizationId: string): Promise<boolean> => (await findOrg(db, organizationId)) !== null

/** A unit's name, or null. */
export const orgName = async (db: Db, organizationId: string): Promise<string | null> => (await findOrg(db, organizationId))?.organizationName ?? null

/** The id of the unit of that exact name, or null. */
export async function orgIdByName(db: Db, organizationName: string): Promise<string | null> {
  const [row] = await db.select({ id: organization.organizationId }).from(organization).where(eq(organization.organizationName, organizationName))
  return row?.id ?? null
}
