/**
 * Role members (roleAccount, paths of the role authorisation; served here, by the account module,
 * which owns an account's roles — the rules every grant keeps are the role authorisation's): list, candidates (accounts within the caller's scope, for the
 * picker), add, delete. Adding hands the role to accounts, so the caller must hold everything the
 * role grants (20003 naming the first thing missing); removing the last active member of the
 * built-in role is refused (20021). Members' permissions change on their next call (nothing is
 * cached: grants are read per request).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, inArray } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import {
  roleCandidatesQuery,
  roleMembersBody,
  roleMembersDeleteBody,
  roleMembersQuery,
  ROLE_AUTH_API,
  type RoleMember,
} from '../../../src/contract/schemas/role'
import type { Ctx } from '../../context'
import { accountRole } from '../../db/schema'
import { accountsWithHolder, accountUnits } from './queries'
import { ApiError, ok, parse } from '../../lib/http'
import { checkAdminKept, firstNotHeld, holdingsOf, onVisibleRole, read, refuse, visibleRole, write } from '../roleAuth'

export function registerRoleMemberRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(ROLE_AUTH_API.members, { config: read }, async (req) => {
    const q = parse(roleMembersQuery, req.query, req)
    const h = await holdingsOf(ctx, ctx.db, req.auth!)
    await visibleRole(ctx.db, h, q.roleId)
    const ids = ctx.db.select({ id: accountRole.accountId }).from(accountRole).where(eq(accountRole.roleId, q.roleId))
    return ok(req, (await accountsWithHolder(ctx.db, { in: ids, keyword: q.keyword, limit: 5000 })) as RoleMember[])
  })

  app.get(ROLE_AUTH_API.memberCandidates, { config: write('member') }, async (req) => {
    const q = parse(roleCandidatesQuery, req.query, req)
    const h = await holdingsOf(ctx, ctx.db, req.auth!)
    await visibleRole(ctx.db, h, q.roleId)
    const members = ctx.db.select({ id: accountRole.accountId }).from(accountRole).where(eq(accountRole.roleId, q.roleId))
    const rows = await accountsWithHolder(ctx.db, {
      notIn: members,
      statuses: ['normal', 'stopped', 'locked'],
      organizationIds: h.orgIds,
      keyword: q.keyword,
      limit: 50,
    })
    return ok(req, rows as RoleMember[])
  })

  app.post(ROLE_AUTH_API.addMembers, { config: write('member') }, async (req) => {
    const body = parse(roleMembersBody, req.body, req)
    const auth = req.auth!
    const added = await onVisibleRole(ctx, auth, body.roleId, async (tx, h, r) => {
      const found = await accountUnits(tx, body.accountIds)
      const visible = new Set(
        found.filter((a) => h.orgIds === null || (a.organizationId !== null && h.orgIds.includes(a.organizationId))).map((a) => a.id),
      )
      const missing = body.accountIds.filter((id) => !visible.has(id))
      if (missing.length) throw new ApiError(Code.NOT_FOUND, missing)
      const lacking = await firstNotHeld(tx, h, r)
      if (lacking)
        throw refuse({
          zh: `不能为角色「${r.roleName}」添加成员：它含有您自己没有的${lacking.zh}`,
          en: `You cannot add members to the role "${r.roleName}": it grants ${lacking.en}, which you do not hold yourself`,
        })
      const rows = await tx
        .insert(accountRole)
        .values(body.accountIds.map((accountId) => ({ accountId, roleId: r.roleId })))
        .onConflictDoNothing()
        .returning({ id: accountRole.accountId })
      return rows.length
    })
    return ok(req, { added })
  })

  const remove = async (req: FastifyRequest) => {
    const body = parse(roleMembersDeleteBody, req.body, req)
    const auth = req.auth!
    const removed = await onVisibleRole(ctx, auth, body.roleId, async (tx, _h, r) => {
      const rows = await tx
        .delete(accountRole)
        .where(and(eq(accountRole.roleId, r.roleId), inArray(accountRole.accountId, body.accountIds)))
        .returning({ id: accountRole.accountId })
      const gone = new Set(rows.map((x) => x.id))
      const notMembers = body.accountIds.filter((id) => !gone.has(id))
      if (notMembers.length) throw new ApiError(Code.NOT_FOUND, notMembers)
      if (r.builtin) await checkAdminKept(ctx, tx, r.roleId)
      return rows.length
    })
    return ok(req, { removed })
  }
  app.post(ROLE_AUTH_API.deleteMembers, { config: write('member') }, remove)
  app.delete(ROLE_AUTH_API.deleteMembers, { config: write('member') }, remove)
}
