/**
 * The units' account limits as the organisation module keeps them (organization.account_limit): the
 * page of units with their limits and the change of one. How many accounts hold a place in a unit is
 * the account module's to say: it passes that count as SQL over "organization"."organization_id"
 * (server/modules/account/unitAccounts.ts serves orgAccount/* with these).
 */
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm'
import type { OrgAccountRow } from '../../../src/contract/schemas/org'
import type { Db } from '../../db/client'
import { organization, organizationType } from '../../db/schema'
import { anyLike } from '../../lib/sql'
import { orgVisible } from './queries'
import { sortedBy } from './search'

export interface UnitLimitQuery {
  keyword?: string
  parentId?: string
  unitId?: string
  sortBy?: string
  desc?: boolean
  pageIndex: number
  pageSize: number
}

/** A page of the units in `ids` (null: all) with their limits and `accountCount` (SQL per unit row). */
export async function unitLimitPage(
  db: Db,
  ids: string[] | null,
  q: UnitLimitQuery,
  accountCount: SQL<number>,
): Promise<{ records: OrgAccountRow[]; total: number }> {
  const where = and(
    orgVisible(ids),
    q.keyword ? anyLike(q.keyword, organization.organizationName, organization.shortName) : undefined,
    q.parentId ? eq(organization.parentId, q.parentId) : undefined,
    q.unitId ? or(eq(organization.organizationId, q.unitId), eq(organization.parentId, q.unitId)) : undefined,
  )
  const [total] = await db.select({ n: count() }).from(organization).where(where)
  const records: OrgAccountRow[] = await db
    .select({
      organizationId: organization.organizationId,
      organizationName: organization.organizationName,
      organizationTypeName: organizationType.typeName,
      accountLimit: organization.accountLimit,
      accountCount,
    })
    .from(organization)
    .leftJoin(organizationType, eq(organizationType.organizationTypeId, organization.organizationTypeId))
    .where(where)
    .orderBy(
      ...(q.unitId ? [sql`${organization.organizationId} <> ${q.unitId}`] : []),
      ...sortedBy(q, { organizationName: organization.organizationName, accountLimit: organization.accountLimit, accountCount }),
      asc(organization.sort),
      asc(organization.organizationName),
    )
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize)
  return { records, total: Number(total?.n ?? 0) }
}

/** A unit's `accountCount` (SQL per unit row), or null when there is no such unit. */
export async function unitAccountCount(tx: Db, organizationId: string, accountCount: SQL<number>): Promise<number | null> {
  const [row] = await tx.select({ n: accountCount }).from(organization).where(eq(organization.organizationId, organizationId))
  return row ? row.n : null
}

/** Sets a unit's account limit (null: none). */
export async function setUnitAccountLimit(tx: Db, organizationId: string, accountLimit: number | null, by: string): Promise<void> {
  await tx
    .update(organization)
    .set({ accountLimit, updateTime: new Date(), updateBy: by })
    .where(eq(organization.organizationId, organizationId))
}
