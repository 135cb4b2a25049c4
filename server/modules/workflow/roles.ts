/**
 * Workflow roles (流程角色, /admin/process-role-management) and their accounts:
 *
 *   GET  wfRole/listPage | list       by keyword (name or code) and status; each with its account count
 *   POST wfRole/add, PUT wfRole/update, POST wfRole/delete   the resource pattern (name unique: 20006)
 *   GET  wfRoleAccount/list           { wfRoleId, keyword, paging }: the role's accounts
 *   POST wfRoleAccount/add | delete   { wfRoleId, accountIds } (function member); an account must exist
 *                                     and lie within the caller's data scope (20002 on accountIds)
 *
 * The runtime's `wfRole` executor (executors.ts) resolves through these rows when a node is reached; a
 * role named by a version in use is not deleted (20021: stop the version first).
 */
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import {
  WORKFLOW_API,
  wfRole as wfRoleSchemas,
  wfRoleAccountBody,
  wfRoleAccountQuery,
  wfRoleCandidatesQuery,
  wfRoleListQuery,
  type WfRoleAccountRow,
} from '../../../src/contract/schemas/workflow'
import type { Ctx } from '../../context'
import { wfModelHistory, wfRole, wfRoleAccount } from '../../db/schema'
import { ApiError, ok, parse, fill } from '../../lib/http'
import { scopeOrgIds } from '../../lib/permissions'
import { defineResource, registerResource } from '../../lib/resource'
import { anyLike } from '../../lib/sql'
import { accountIdsWithin, accountRefs, accountsWithHolder } from '../account'
import { pageOf } from '../../lib/paging'
import texts from './texts.json'

/** Accounts the member picker offers at once (a keyword narrows them). */
const CANDIDATES_MAX = 50

const MENU = '/admin/process-role-management'

/** The in-use versions whose executor or cc configs name the workflow role. */
const inUseNaming = (wfRoleId: string) => {
  const wanted = JSON.stringify([{ settingMode: 'wfRole', ids: [wfRoleId] }])
  return and(
    eq(wfModelHistory.status, 1),
    or(sql`${wfModelHistory.configs}->'executorList' @> ${wanted}::jsonb`, sql`${wfModelHistory.configs}->'ccList' @> ${wanted}::jsonb`),
  )
}

export const wfRoleResource = defineResource({
  name: 'wfRole',
  table: wfRole,
  idField: 'wfRoleId',
  menu: MENU,
  schemas: { add: wfRoleSchemas.add, update: wfRoleSchemas.update, listQuery: wfRoleListQuery },
  filters: (q) => [
    q.keyword ? anyLike(q.keyword, wfRole.roleName, wfRole.roleCode) : undefined,
    q.status === undefined ? undefined : eq(wfRole.status, q.status),
  ],
  sortable: { createTime: wfRole.createTime, roleName: wfRole.roleName },
  // a version in use that names the role would find nobody at its node: stop it first (20021)
  beforeDelete: async (ids, rows, w) => {
    for (const id of ids) {
      const [used] = await w.tx.select({ id: wfModelHistory.modelHistoryId }).from(wfModelHistory).where(inUseNaming(id)).limit(1)
      if (used) {
        const name = String(rows.find((r) => r.wfRoleId === id)?.roleName ?? id)
        throw new ApiError(Code.REFUSED, { field: 'ids', ids: [id] }, fill(texts.roles.roleInUse, name))
      }
    }
  },
  defaultDesc: true,
  unique: [{ field: 'roleName', message: texts.roles.nameTaken }],
  selection: {
    wfRoleId: wfRole.wfRoleId,
    roleName: wfRole.roleName,
    roleCode: wfRole.roleCode,
    remark: wfRole.remark,
    status: wfRole.status,
    organizationId: wfRole.organizationId,
    accountCount: sql<number>`(select count(*)::int from wf_role_account ra where ra.wf_role_id = "wf_role"."wf_role_id")`.as(
      'account_count',
    ),
    version: wfRole.version,
    createTime: wfRole.createTime,
    updateTime: wfRole.updateTime,
    createBy: wfRole.createBy,
    updateBy: wfRole.updateBy,
  },
})

export function registerRoleRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(app, ctx, wfRoleResource)
  const API = WORKFLOW_API.roleAccount
  const member = accountRefs('member_account')

  async function mustExist(wfRoleId: string): Promise<void> {
    const [row] = await ctx.db.select({ id: wfRole.wfRoleId }).from(wfRole).where(eq(wfRole.wfRoleId, wfRoleId))
    if (!row) throw new ApiError(Code.NOT_FOUND, { field: 'wfRoleId' }, texts.roles.roleGone)
  }

  /** Every account exists and lies within the caller's data scope, else 20002 naming the others. */
  async function checkAccounts(req: FastifyRequest, accountIds: string[]): Promise<void> {
    const orgIds = await scopeOrgIds(ctx, req.auth!.account, req.auth!.grant?.scope ?? 'own')
    const found = new Set((await accountIdsWithin(ctx.db, accountIds, orgIds)).map((r) => r.id))
    const missing = accountIds.filter((id) => !found.has(id))
    if (missing.length) throw new ApiError(Code.NOT_FOUND, { field: 'accountIds', ids: missing })
  }

  app.get(API.list, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
    const q = parse(wfRoleAccountQuery, req.query, req)
    await mustExist(q.wfRoleId)
    const where = and(
      eq(wfRoleAccount.wfRoleId, q.wfRoleId),
      q.keyword ? anyLike(q.keyword, member.accountName, member.userName) : undefined,
    )
    const rows = ctx.db
      .select({ accountId: wfRoleAccount.accountId, accountName: member.accountName, userName: member.userName })
      .from(wfRoleAccount)
      .innerJoin(member, eq(member.accountId, wfRoleAccount.accountId))
      .where(where)
      .orderBy(asc(member.accountName), asc(wfRoleAccount.accountId))
    const counted = ctx.db
      .select({ n: count() })
      .from(wfRoleAccount)
      .innerJoin(member, eq(member.accountId, wfRoleAccount.accountId))
      .where(where)
    return ok<Page<WfRoleAccountRow>>(req, await pageOf(q, rows, counted))
  })

  app.get(API.candidates, { config: { auth: 'signed', perm: perm(MENU, 'member') } }, async (req) => {
    const q = parse(wfRoleCandidatesQuery, req.query, req)
    await mustExist(q.wfRoleId)
    const members = ctx.db.select({ id: wfRoleAccount.accountId }).from(wfRoleAccount).where(eq(wfRoleAccount.wfRoleId, q.wfRoleId))
    const rows = await accountsWithHolder(ctx.db, {
      notIn: members,
      statuses: ['normal', 'stopped', 'locked'],
      organizationIds: await scopeOrgIds(ctx, req.auth!.account, req.auth!.grant?.scope ?? 'own'),
      keyword: q.keyword,
      limit: CANDIDATES_MAX,
    })
    return ok(req, rows)
  })

  app.post(API.add, { config: { auth: 'signed', perm: perm(MENU, 'member') } }, async (req) => {
    const { wfRoleId, accountIds } = parse(wfRoleAccountBody, req.body, req)
    const ids = [...new Set(accountIds)]
    await mustExist(wfRoleId)
    await checkAccounts(req, ids)
    const added = await ctx.db
      .insert(wfRoleAccount)
      .values(ids.map((accountId) => ({ wfRoleId, accountId })))
      .onConflictDoNothing()
      .returning({ accountId: wfRoleAccount.accountId })
    return ok(req, { added: added.length })
  })

  app.post(API.delete, { config: { auth: 'signed', perm: perm(MENU, 'member') } }, async (req) => {
    const { wfRoleId, accountIds } = parse(wfRoleAccountBody, req.body, req)
    await mustExist(wfRoleId)
    const removed = await ctx.db
      .delete(wfRoleAccount)
      .where(and(eq(wfRoleAccount.wfRoleId, wfRoleId), inArray(wfRoleAccount.accountId, [...new Set(accountIds)])))
      .returning({ accountId: wfRoleAccount.accountId })
    return ok(req, { removed: removed.length })
  })
}
