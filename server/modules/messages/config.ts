/**
 * Message configurations (SPEC §7 msgConfig): the resource pattern twice on one table — business
 * events (/admin/message-setting, kind `event`) and hand-sent messages
 * (/admin/message-custom-config, kind `custom`) — and the receivers' pickers: the account tree
 * (groups, nodeType 2 with the count of their people; people, nodeType 3) and the roles.
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm'
import {
  accountTreeQuery,
  MSG_API,
  msgConfigAdd,
  msgConfigListQuery,
  msgConfigUpdate,
  msgCustomAdd,
  msgCustomUpdate,
  type AccountTreeNode,
} from '../../../src/contract/schemas/message'
import { filterText } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import { account, accountRole, msgConfig, organization, orgGroup, orgGroupAccount, role } from '../../db/schema'
import { ok, parse } from '../../lib/http'
import { likeEscape } from '../../lib/sql'
import { defineResource, registerResource } from '../resource'

const NAME_TAKEN = { zh: '配置名称已存在', en: 'A configuration of that name exists' }

const selection = {
  msgConfigId: msgConfig.msgConfigId,
  kind: msgConfig.kind,
  eventCode: msgConfig.eventCode,
  configName: msgConfig.configName,
  status: msgConfig.status,
  channels: msgConfig.channels,
  receivers: msgConfig.receivers,
  titleZh: msgConfig.titleZh,
  titleEn: msgConfig.titleEn,
  contentZh: msgConfig.contentZh,
  contentEn: msgConfig.contentEn,
  webhookUrl: msgConfig.webhookUrl,
  remark: msgConfig.remark,
  organizationId: msgConfig.organizationId,
  version: msgConfig.version,
  createTime: msgConfig.createTime,
  updateTime: msgConfig.updateTime,
  createBy: msgConfig.createBy,
  updateBy: msgConfig.updateBy,
}

export const msgConfigResource = defineResource({
  name: 'msgConfig',
  table: msgConfig,
  idField: 'msgConfigId',
  menu: '/admin/message-setting',
  schemas: { add: msgConfigAdd, update: msgConfigUpdate, listQuery: msgConfigListQuery },
  filters: (q) => [
    eq(msgConfig.kind, 'event'),
    q.configName ? ilike(msgConfig.configName, likeEscape(q.configName)) : undefined,
    q.eventCode ? eq(msgConfig.eventCode, q.eventCode) : undefined,
    q.status !== undefined ? eq(msgConfig.status, q.status) : undefined,
  ],
  sortable: { createTime: msgConfig.createTime, configName: msgConfig.configName, updateTime: msgConfig.updateTime },
  defaultDesc: true,
  unique: [{ field: 'configName', message: NAME_TAKEN }],
  selection,
  onAdd: (values, _input, w) => {
    values.kind = 'event'
    values.organizationId = w.auth.account.organizationId
  },
})

export const msgCustomResource = defineResource({
  name: 'msgCustomConfig',
  table: msgConfig,
  idField: 'msgConfigId',
  menu: '/admin/message-custom-config',
  schemas: { add: msgCustomAdd, update: msgCustomUpdate, listQuery: msgConfigListQuery },
  filters: (q) => [
    eq(msgConfig.kind, 'custom'),
    q.configName ? ilike(msgConfig.configName, likeEscape(q.configName)) : undefined,
    q.status !== undefined ? eq(msgConfig.status, q.status) : undefined,
  ],
  sortable: { createTime: msgConfig.createTime, configName: msgConfig.configName, updateTime: msgConfig.updateTime },
  defaultDesc: true,
  unique: [{ field: 'configName', message: NAME_TAKEN }],
  selection,
  onAdd: (values, _input, w) => {
    values.kind = 'custom'
    values.eventCode = null
    values.organizationId = w.auth.account.organizationId
  },
})

const treeQuery = accountTreeQuery.extend({ keyword: filterText(50) })

/** Accounts that receive messages (the fan-out's rule). */
const receiving = sql`${account.status} not in ('pending', 'rejected', 'stopped')`

export function registerConfigRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(app, ctx, msgConfigResource)
  registerResource(app, ctx, msgCustomResource)

  // The pickers serve both configuration screens: reading either menu is enough.
  const read = { auth: 'signed' as const }

  app.get(MSG_API.accountTree, { config: read }, async (req) => {
    const q = parse(treeQuery, req.query, req)
    if (q.keyword || q.nodeId) {
      const rows = await ctx.db
        .select({
          nodeId: account.accountId,
          nodeName: sql<string>`coalesce(${account.userName}, ${account.accountName})`,
          nodeNameExt: account.accountName,
        })
        .from(account)
        .where(
          and(
            receiving,
            q.nodeId
              ? sql`${account.accountId} in (select ${orgGroupAccount.accountId} from ${orgGroupAccount} where ${orgGroupAccount.orgGroupId} = ${q.nodeId})`
              : undefined,
            q.keyword ? or(ilike(account.userName, likeEscape(q.keyword)), ilike(account.accountName, likeEscape(q.keyword))) : undefined,
          ),
        )
        .orderBy(asc(account.accountName))
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
        nodeNameExt: organization.organizationName,
        count: sql<number>`(select count(*)::int from ${orgGroupAccount} ga join ${account} on ${account.accountId} = ga.account_id
          where ga.org_group_id = ${orgGroup.orgGroupId} and ${receiving})`,
      })
      .from(orgGroup)
      .leftJoin(organization, eq(organization.organizationId, orgGroup.organizationId))
      .orderBy(asc(orgGroup.sort), asc(orgGroup.groupName))
      .limit(500)
    return ok<AccountTreeNode[]>(
      req,
      rows.map((r) => ({ ...r, count: Number(r.count), nodeType: 2 as const })),
    )
  })

  app.get(MSG_API.roles, { config: read }, async (req) => {
    const rows = await ctx.db
      .select({ roleId: role.roleId, roleName: role.roleName, memberCount: count(accountRole.accountId) })
      .from(role)
      .leftJoin(accountRole, eq(accountRole.roleId, role.roleId))
      .where(eq(role.status, 1))
      .groupBy(role.roleId, role.roleName)
      .orderBy(asc(role.roleName))
    return ok(
      req,
      rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) })),
    )
  })
}
