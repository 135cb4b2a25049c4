/**
 * The receivers of messages (groups of the account tree, people, roles) a caller may address: those
 * of the units within its data scope (a group's or a role's unit, a person's unit). The pickers answer
 * only these, and only to callers who may write a configuration or send a message; a configuration or
 * a send naming any other receiver is 20001 on `receivers`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, eq, sql } from 'drizzle-orm'
import { perm, type Permission } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { DATA_SCOPES } from '../../../src/contract/enums'
import { accountTreeQuery, MSG_API, type AccountTreeNode, type MsgReceiver } from '../../../src/contract/schemas/message'
import { filterText } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { orgGroup, orgGroupAccount } from '../../db/schema'
import { ApiError, ok, parse, requestLang } from '../../lib/http'
import { anyLike, qualified } from '../../lib/sql'
import { grantOf, refusePermission, scopeOrgIds } from '../../lib/permissions'
import { inScope } from '../../lib/orgScope'
import { accountIdsWithin, receivingAccounts } from '../account'
import { groupIdsWithin, unitNames } from '../org'
import { activeRolesWithMembers, roleIdsWithin } from '../role'
import texts from './texts.json'

/** Writing a configuration of either kind, or sending one: what opens the pickers. */
const PICKER_GRANTS: Permission[] = [
  perm('/admin/message-setting', 'add'),
  perm('/admin/message-setting', 'edit'),
  perm('/admin/message-custom-config', 'add'),
  perm('/admin/message-custom-config', 'edit'),
  perm('/admin/message-custom-config', 'send'),
]

/** The units the caller may address under the scope its route's grant resolved (null: all). */
export const grantedOrgIds = (ctx: Ctx, req: FastifyRequest, db: Db = ctx.db): Promise<string[] | null> =>
  scopeOrgIds(ctx, req.auth!.account, req.auth!.grant?.scope ?? 'own', db)

/** The units of the caller's widest picker grant; 20003 without any. */
async function pickerOrgIds(ctx: Ctx, req: FastifyRequest): Promise<string[] | null> {
  const auth = req.auth!
  const grants = (await Promise.all(PICKER_GRANTS.map((p) => grantOf(ctx, auth, p)))).filter((g) => g !== null)
  const widest = grants.sort((a, b) => DATA_SCOPES.indexOf(b.scope) - DATA_SCOPES.indexOf(a.scope))[0]
  if (!widest) return refusePermission(ctx, req, PICKER_GRANTS[0]!)
  auth.grant = widest
  return grantedOrgIds(ctx, req)
}

/** Every receiver exists and lies within `orgIds` (null: any unit); else 20001 on `receivers`. */
export async function checkReceivers(db: Db, req: FastifyRequest, receivers: MsgReceiver[], orgIds: string[] | null): Promise<void> {
  const ids = (type: MsgReceiver['type']) => [...new Set(receivers.filter((r) => r.type === type).map((r) => r.id))]
  const found = async (wanted: string[], query: (ids: string[]) => Promise<unknown[]>) =>
    wanted.length === 0 || (await query(wanted)).length === wanted.length
  const reachable = await Promise.all([
    found(ids('person'), (w) => accountIdsWithin(db, w, orgIds)),
    found(ids('group'), (w) => groupIdsWithin(db, w, orgIds)),
    found(ids('role'), (w) => roleIdsWithin(db, w, orgIds)),
  ])
  if (reachable.every(Boolean)) return
  throw new ApiError(
    Code.INVALID,
    [{ field: 'receivers', key: 'v.invalid', message: texts.receivers.outOfReach[requestLang(req)] }],
    texts.receivers.outOfReach,
  )
}

const treeQuery = accountTreeQuery.extend({ keyword: filterText(50) })

/** Accounts that receive messages (the fan-out's rule). */
const receiver = receivingAccounts('receiver')

export function registerReceiverRoutes(app: FastifyInstance, ctx: Ctx): void {
  const signed = { auth: 'signed' as const }

  /** Groups of the caller's units (nodeType 2, receiving people counted); a group's people or people by name (3). */
  app.get(MSG_API.accountTree, { config: signed }, async (req) => {
    const q = parse(treeQuery, req.query, req)
    const orgIds = await pickerOrgIds(ctx, req)
    if (q.nodeId && (await groupIdsWithin(ctx.db, [q.nodeId], orgIds)).length === 0) throw new ApiError(Code.NOT_FOUND, { field: 'nodeId' })
    if (q.keyword || q.nodeId) {
      const rows = await ctx.db
        .select({
          nodeId: receiver.accountId,
          nodeName: sql<string>`coalesce(${receiver.userName}, ${receiver.accountName})`,
          nodeNameExt: receiver.accountName,
        })
        .from(receiver)
        .where(
          and(
            q.nodeId
              ? sql`${receiver.accountId} in (select ${orgGroupAccount.accountId} from ${orgGroupAccount} where ${orgGroupAccount.orgGroupId} = ${q.nodeId})`
              : inScope(receiver.organizationId, orgIds),
            q.keyword ? anyLike(q.keyword, receiver.userName, receiver.accountName) : undefined,
          ),
        )
        .orderBy(asc(receiver.accountName))
        .limit(200)
      return ok<AccountTreeNode[]>(
        req,
        rows.map((r) => ({ ...r, nodeType: 3 as const })),
      )
    }
    const rows = await ctx.db
      .select({
        nodeId: orgGroup.orgGroupId,
        nodeName: orgGroup.groupName,
        nodeNameExt: unitNames.organizationName,
        count: sql<number>`(select count(*)::int from ${orgGroupAccount} ga join ${receiver} on ${qualified(receiver.accountId)} = ga.account_id
          where ga.org_group_id = ${qualified(orgGroup.orgGroupId)})`,
      })
      .from(orgGroup)
      .leftJoin(unitNames, eq(unitNames.organizationId, orgGroup.organizationId))
      .where(inScope(orgGroup.organizationId, orgIds))
      .orderBy(asc(orgGroup.sort), asc(orgGroup.groupName))
      .limit(500)
    return ok<AccountTreeNode[]>(
      req,
      rows.map((r) => ({ ...r, count: Number(r.count), nodeType: 2 as const })),
    )
  })

  /** Active roles of the caller's units with their member counts. */
  app.get(MSG_API.roles, { config: signed }, async (req) => {
    const orgIds = await pickerOrgIds(ctx, req)
    return ok(req, await activeRolesWithMembers(ctx.db, orgIds))
  })
}
