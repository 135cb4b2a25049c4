/**
 * The organisation module's queries that other modules use: the unit tree (paths, subtrees) and
 * small lookups of units. Other modules call these instead of selecting from `organization`.
 */
import { and, asc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { organization, organizationType } from '../../db/schema'
import { inScope } from '../../lib/orgScope'
import { anyLike, contains, likeEscape, qualified } from '../../lib/sql'
import { defineTree } from '../../lib/tree'
import { jsonSafe } from '../../lib/jsonRows'

/** A unit whose name, short name or credit code contains the keyword (LIKE wildcards in it are text). */
export const unitKeywordMatch = (keyword: string) =>
  or(
    contains(organization.organizationName, keyword),
    contains(organization.shortName, keyword),
    contains(organization.creditCode, keyword.toUpperCase()),
  )

/** organization.status of an active unit (0: disabled). */
const ACTIVE_UNIT = 1

/** The unit tree (one tree over all units): parent ids, materialised paths, no sort key of its own (units sort by `sort`). */
export const orgTree = defineTree({
  table: organization,
  id: organization.organizationId,
  cycle: { zh: '上级单位不能是该单位自身或其下级单位', en: 'The parent may not be the unit itself or one of its child units' },
})

/** SQL: the ids of the unit and every unit under it (an indexed path range), for `in (…)`. */
export const orgSubtreeSql = (rootId: string) => orgTree.subtreeSql(rootId)

/** Units within a data scope: `organization_id in ids` (ids null: no condition; none: nothing). */
export const orgVisible = (ids: string[] | null) => inScope(organization.organizationId, ids)

/**
 * The units' names as a table to join (`unitNames.organizationId`, `unitNames.organizationName`): the
 * unit column of another module's list, read in the same statement as the list.
 */
export const unitNames = new QueryBuilder()
  .select({ organizationId: organization.organizationId, organizationName: organization.organizationName })
  .from(organization)
  .as('unit_name')

/**
 * SQL: whether the unit `unitId` is the unit whose id is in `ancestorId` or lies under it (by the
 * unit's path; a unit without a path counts as a root).
 */
export const unitAtOrUnder = (unitId: string, ancestorId: SQL): SQL =>
  sql`exists (select 1 from ${organization} o where o.organization_id = ${unitId}
          and position('/' || ${ancestorId} || '/' in coalesce(o.path, '/' || o.organization_id || '/')) > 0)`

/** SQL: the name of the unit whose id is in `organizationId` (null when none), for a list's column or order. */
export const orgNameOf = (organizationId: AnyColumn): SQL<string | null> =>
  jsonSafe(
    sql<
      string | null
    >`(select ${qualified(organization.organizationName)} from ${organization} where ${qualified(organization.organizationId)} = ${qualified(organizationId)})`,
  )

/** SQL: the ids of these units and of every unit under them (organisation paths: '/root/…/self/'), for `in (…)`. */
export function unitsUnderSql(unitIds: string[]): SQL {
  if (unitIds.length === 0) return sql`(select null::text where false)`
  const ids = sql.join(
    unitIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return sql`(select ${qualified(organization.organizationId)} from ${organization} where exists (select 1 from "organization" "ws_unit" where "ws_unit"."organization_id" in (${ids}) and ${qualified(organization.path)} like "ws_unit"."path" || '%'))`
}

/** The ids of the unit and every unit under it (through `db`, which may be a transaction). */
export const orgSubtreeIds = (db: Db, rootId: string) => orgTree.subtreeIds(db, rootId)

/** A unit's id, name and type, or null. */
export async function findOrg(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      organizationId: organization.organizationId,
      organizationName: organization.organizationName,
      organizationTypeId: organization.organizationTypeId,
      status: organization.status,
    })
    .from(organization)
    .where(eq(organization.organizationId, organizationId))
  return row ?? null
}

/** Whether the unit exists. */
export const orgExists = async (db: Db, organizationId: string): Promise<boolean> => (await findOrg(db, organizationId)) !== null

/** A unit's name, or null. */
export const orgName = async (db: Db, organizationId: string): Promise<string | null> =>
  (await findOrg(db, organizationId))?.organizationName ?? null

/** The id of the unit of that exact name, or null. */
export async function orgIdByName(db: Db, organizationName: string): Promise<string | null> {
  const [row] = await db
    .select({ id: organization.organizationId })
    .from(organization)
    .where(eq(organization.organizationName, organizationName))
  return row?.id ?? null
}

/** The ids of the units of these exact names (the first by id when names repeat). */
export async function orgIdsByNames(db: Db, names: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(names)]
  if (!unique.length) return new Map()
  const rows = await db
    .select({ id: organization.organizationId, name: organization.organizationName })
    .from(organization)
    .where(inArray(organization.organizationName, unique))
    .orderBy(asc(organization.organizationId))
  const out = new Map<string, string>()
  for (const r of rows) if (!out.has(r.name)) out.set(r.name, r.id)
  return out
}

/** A unit and the units above it, root first, with their names (the signed-in account's place). */
export async function unitPath(db: Db, organizationId: string): Promise<{ id: string; name: string }[]> {
  const ids = [...(await orgTree.ancestorIds(db, organizationId)), organizationId]
  const name = new Map((await orgNames(db, ids)).map((r) => [r.id, r.name]))
  return ids.filter((id) => name.has(id)).map((id) => ({ id, name: name.get(id)! }))
}

/** Some units' ids and names (those that exist). */
export function orgNames(db: Db, organizationIds: string[]): Promise<{ id: string; name: string }[]> {
  if (organizationIds.length === 0) return Promise.resolve([])
  return db
    .select({ id: organization.organizationId, name: organization.organizationName })
    .from(organization)
    .where(inArray(organization.organizationId, organizationIds))
}

/**
 * The public unit search of registration: active units whose name or short name contains the
 * keyword, names starting with it first, then by name; id, name and type name.
 */
export function searchActiveUnits(db: Db, keyword: string, limit: number) {
  const pattern = likeEscape(keyword)
  const prefix = sql`case when ${organization.organizationName} ilike ${pattern.slice(1)} then 0 else 1 end`
  return db
    .select({
      organizationId: organization.organizationId,
      organizationName: organization.organizationName,
      organizationTypeName: organizationType.typeName,
    })
    .from(organization)
    .leftJoin(organizationType, eq(organizationType.organizationTypeId, organization.organizationTypeId))
    .where(and(eq(organization.status, ACTIVE_UNIT), anyLike(keyword, organization.organizationName, organization.shortName)))
    .orderBy(prefix, asc(organization.organizationName))
    .limit(limit)
}

/** Locks a unit's row until the transaction ends and answers its account limit (undefined: no such unit; null: no limit). */
export async function lockUnitAccountLimit(tx: Db, organizationId: string): Promise<number | null | undefined> {
  const [row] = await tx
    .select({ limit: organization.accountLimit })
    .from(organization)
    .where(eq(organization.organizationId, organizationId))
    .for('update')
  return row ? row.limit : undefined
}

/** Units of some ids as the department tree shows them (parent, name, status, sort, version, kind). */
export function unitsForTree(db: Db, organizationIds: string[]) {
  return db
    .select({
      id: organization.organizationId,
      parentId: organization.parentId,
      name: organization.organizationName,
      status: organization.status,
      sort: organization.sort,
      version: organization.version,
      unitKind: organization.unitKind,
    })
    .from(organization)
    .where(inArray(organization.organizationId, organizationIds))
}

/** Units (id, name, parent) by sort code and name: those of `organizationIds`, or all (null). */
export function unitOptions(db: Db, organizationIds: string[] | null, limit: number) {
  return db
    .select({
      organizationId: organization.organizationId,
      organizationName: organization.organizationName,
      parentId: organization.parentId,
    })
    .from(organization)
    .where(organizationIds === null ? undefined : inArray(organization.organizationId, organizationIds))
    .orderBy(asc(organization.sort), asc(organization.organizationName))
    .limit(limit)
}
