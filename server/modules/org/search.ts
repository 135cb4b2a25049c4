/** The platform unit search (orgSearch/listPage): units in the caller's scope by name, short name or credit code. */
import type { FastifyInstance } from 'fastify'
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type { Page } from '../../../src/contract/envelope'
import { ORG_API, orgSearchQuery, type OrgSearchRow } from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import { organization, organizationType } from '../../db/schema'
import { ok, parse } from '../../lib/http'
import { ORG_MENU, visibleOrgIds } from '../../lib/orgScope'
import { orgVisible, unitKeywordMatch } from './queries'

/** A list page's sortBy/desc over the columns it offers (an unknown sortBy: the default order). */
export function sortedBy(q: { sortBy?: string; desc?: boolean }, columns: Record<string, SQL | Parameters<typeof asc>[0]>): SQL[] {
  const column = q.sortBy ? columns[q.sortBy] : undefined
  return column ? [q.desc ? desc(column) : asc(column)] : []
}

export function registerSearchRoutes(app: FastifyInstance, ctx: Ctx): void {
  const read = { auth: 'signed' as const, perm: { menu: ORG_MENU } }

  app.get(ORG_API.searchListPage, { config: read }, async (req) => {
    const q = parse(orgSearchQuery, req.query, req)
    const ids = await visibleOrgIds(ctx, req)
    const where = and(
      orgVisible(ids),
      q.keyword ? unitKeywordMatch(q.keyword) : undefined,
      q.organizationTypeId ? eq(organization.organizationTypeId, q.organizationTypeId) : undefined,
    )
    const [total] = await ctx.db.select({ n: count() }).from(organization).where(where)
    const records: OrgSearchRow[] = await ctx.db
      .select({
        organizationId: organization.organizationId,
        organizationName: organization.organizationName,
        shortName: organization.shortName,
        creditCode: organization.creditCode,
        organizationTypeName: organizationType.typeName,
        status: organization.status,
      })
      .from(organization)
      .leftJoin(organizationType, eq(organizationType.organizationTypeId, organization.organizationTypeId))
      .where(where)
      .orderBy(
        ...sortedBy(q, {
          organizationName: organization.organizationName,
          shortName: organization.shortName,
          creditCode: organization.creditCode,
        }),
        asc(organization.organizationName),
      )
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize)
    return ok<Page<OrgSearchRow>>(req, { records, total: Number(total?.n ?? 0), pageIndex: q.pageIndex, pageSize: q.pageSize })
  })
}
