/**
 * Accounts per unit on the organisation screen: the units' account limits (orgAccount/listPage,
 * setAccountLimit) and the accounts of a unit and its sub-units (listAccounts). The limit is the
 * organisation module's column (org/limits.ts); the places taken are counted here.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import {
  ORG_API,
  orgAccountListQuery,
  setAccountLimitBody,
  sublistQuery,
  type OrgAccountOption,
  type OrgAccountRow,
} from '../../../src/contract/schemas/org'
import { validationText } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { ApiError, ok, parse, requestLang } from '../../lib/http'
import { ORG_MENU, requireVisible, visibleOrgIds } from '../../lib/orgScope'
import { orgSubtreeIds, setUnitAccountLimit, unitAccountCount, unitLimitPage } from '../org'
import { accountOptionsIn } from './queries'
import texts from './texts.json'

/**
 * Accounts holding a place in the unit: those in SEAT_STATUSES (accounts pending review or rejected hold
 * none; state.ts ensureSeats). Outer table named explicitly: drizzle leaves columns unqualified in
 * single-table selects.
 */
const accountCount = sql<number>`(select count(*)::int from account a where a.organization_id = "organization"."organization_id" and a.status in ('normal', 'stopped', 'locked'))`

export function registerUnitAccountRoutes(app: FastifyInstance, ctx: Ctx): void {
  const read = { auth: 'signed' as const, perm: { menu: ORG_MENU } }

  app.get(ORG_API.accountListPage, { config: read }, async (req) => {
    const q = parse(orgAccountListQuery, req.query, req)
    const ids = await visibleOrgIds(ctx, req)
    const { records, total } = await unitLimitPage(ctx.db, ids, q, accountCount)
    return ok<Page<OrgAccountRow>>(req, { records, total, pageIndex: q.pageIndex, pageSize: q.pageSize })
  })

  app.post(ORG_API.setAccountLimit, { config: { auth: 'signed', perm: { menu: ORG_MENU, fn: 'accountLimit' } } }, async (req) => {
    const input = parse(setAccountLimitBody, req.body, req)
    const auth = req.auth!
    const ids = await visibleOrgIds(ctx, req)
    requireVisible(ids, [input.organizationId])
    if (ids !== null && input.organizationId === auth.account.organizationId)
      throw new ApiError(Code.REFUSED, null, texts.unitAccounts.ownLimit)
    const updated = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const n = await unitAccountCount(tx, input.organizationId, accountCount)
      if (n === null) throw new ApiError(Code.NOT_FOUND)
      if (input.accountLimit !== null && input.accountLimit < n) {
        const lang = requestLang(req)
        const text = {
          zh: `限额不能小于现有账号数（${n}个）`,
          en: `The limit may not be below the current number of accounts (${n})`,
        }
        throw new ApiError(
          Code.INVALID,
          [{ field: 'accountLimit', key: 'v.invalid', message: text[lang] ?? validationText('v.invalid', lang) }],
          text,
        )
      }
      await setUnitAccountLimit(tx, input.organizationId, input.accountLimit, auth.account.accountId)
      return { organizationId: input.organizationId, accountLimit: input.accountLimit, accountCount: n }
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
}
