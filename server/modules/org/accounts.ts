/**
 * Account limits per unit (orgAccount/listPage, setAccountLimit), the check other modules call
 * before adding an account (`checkAccountLimit`), and the platform unit search (orgSearch/listPage).
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import {
  ORG_API,
  orgAccountListQuery,
  orgSearchQuery,
  setAccountLimitBody,
  sublistQuery,
  type OrgAccountOption,
  type OrgAccountRow,
  type OrgSearchRow,
} from '../../../src/contract/schemas/org'
import { validationText } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { organization, organizationType } from '../../db/schema'
import { ApiError, ok, parse, requestLang } from '../../lib/http'
import { ensureSeats } from '../account/state'
import { likeEscape } from '../../lib/sql'
import { ORG_MENU, orgVisible, requireVisible, visibleOrgIds } from '../../lib/orgScope'
import { orgSubtreeIds } from './queries'
import { accountOptionsIn } from '../account/queries'

/**
 * Accounts holding a place in the unit: those in SEAT_STATUSES (accounts pending review or rejected hold
 * none; server/modules/account/state.ts ensureSeats). Outer table named explicitly: drizzle leaves
 * columns unqualified in single-table selects.
 */
const accountCount = sql<number>`(select count(*)::int from account a where a.organization_id = "organization"."organization_id" and a.status in ('normal', 'stopped', 'locked'))`

/**
 * For modules that add accounts to a unit: refuses (20021) when the unit has reached its account
 * limit. Call it inside the adding transaction with its `tx`. (The account module's ensureSeats.)
 */
export const checkAccountLimit = (tx: Db, organizationId: string | null | undefined): Promise<void> => ensureSeats(tx, organizationId, 1)

/** A list page's sortBy/desc over the columns it offers (an unknown sortBy: the default order). */
function sortedBy(q: { sortBy?: string; desc?: boolean }, columns: Record<string, SQL | Parameters<typeof asc>[0]>): SQL[] {
  const column = q.sortBy ? columns[q.sortBy] : undefined
  return column ? [q.desc ? desc(column) : asc(column)] : []
}

const OWN_LIMIT = {
  zh: '不能修改本单位的账号限额，请联系上级单位或平台管理员',
  en: "You cannot change your own unit's account limit; ask the parent unit or the platform administrator",
}

export function registerAccountRoutes(app: FastifyInstance, ctx: Ctx): void {
  const read = { auth: 'signed' as const, perm: { menu: ORG_MENU } }

  app.get(ORG_API.accountListPage, { config: read }, async (req) => {
    const q = parse(orgAccountListQuery, req.query, req)
    const ids = await visibleOrgIds(ctx, req)
    const where = and(
      orgVisible(ids),
      q.keyword
        ? or(ilike(organization.organizationName, likeEscape(q.keyword)), ilike(organization.shortName, likeEscape(q.keyword)))
        : undefined,
      q.parentId ? eq(organization.parentId, q.parentId) : undefined,
      q.unitId ? or(eq(organization.organizationId, q.unitId), eq(organization.parentId, q.unitId)) : undefined,
    )
    const [total] = await ctx.db.select({ n: count() }).from(organization).where(where)
    const records: OrgAccountRow[] = await ctx.db
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
    return ok<Page<OrgAccountRow>>(req, { records, total: Number(total?.n ?? 0), pageIndex: q.pageIndex, pageSize: q.pageSize })
  })

  app.post(ORG_API.setAccountLimit, { config: { auth: 'signed', perm: { menu: ORG_MENU, fn: 'accountLimit' } } }, async (req) => {
    const input = parse(setAccountLimitBody, req.body, req)
    const auth = req.auth!
    const ids = await visibleOrgIds(ctx, req)
    requireVisible(ids, [input.organizationId])
    if (ids !== null && input.organizationId === auth.account.organizationId) throw new ApiError(Code.REFUSED, null, OWN_LIMIT)
    const updated = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [row] = await tx
        .select({ id: organization.organizationId, n: accountCount })
        .from(organization)
        .where(eq(organization.organizationId, input.organizationId))
      if (!row) throw new ApiError(Code.NOT_FOUND)
      if (input.accountLimit !== null && input.accountLimit < row.n) {
        const lang = requestLang(req)
        const text = {
          zh: `限额不能小于现有账号数（${row.n}个）`,
          en: `The limit may not be below the current number of accounts (${row.n})`,
        }
        throw new ApiError(
          Code.INVALID,
          [{ field: 'accountLimit', key: 'v.invalid', message: text[lang] ?? validationText('v.invalid', lang) }],
          text,
        )
      }
      await tx
        .update(organization)
        .set({ accountLimit: input.accountLimit, updateTime: new Date(), updateBy: auth.account.accountId })
        .where(eq(organization.organizationId, input.organizationId))
      return { organizationId: input.organizationId, accountLimit: input.accountLimit, accountCount: row.n }
    })
    return ok(req, updated)
  })

  app.get(ORG_API.listAccounts, { config: read }, async (req) => {
    const q = parse(sublistQuery, req.query, req)
    const ids = await visibleOrgIds(ctx, req)
    requireVisible(ids, [q.organizationId])
    const units = (await orgSubtreeIds(ctx.db, q.organizationId)).filter((id) => ids === null || ids.includes(id))
    if (units.length === 0) throw new ApiError(Code.NOT_FOUND)
    const rows: OrgAccountOption[] = await accountOptionsIn(ctx.db, units, 5000)
    return ok(req, rows)
  })

  app.get(ORG_API.searchListPage, { config: read }, async (req) => {
    const q = parse(orgSearchQuery, req.query, req)
    const ids = await visibleOrgIds(ctx, req)
    const where = and(
      orgVisible(ids),
      q.keyword
        ? or(
            ilike(organization.organizationName, likeEscape(q.keyword)),
            ilike(organization.shortName, likeEscape(q.keyword)),
            ilike(organization.creditCode, likeEscape(q.keyword.toUpperCase())),
          )
        : undefined,
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
