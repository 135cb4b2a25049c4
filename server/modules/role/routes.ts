/** Roles (/admin/role-manage): the resource pattern plus member count and organisation name. */
import type { FastifyInstance } from 'fastify'
import { eq, ilike, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { DATA_SCOPES } from '../../../src/contract/enums'
import { roleAdd, roleListQuery, roleUpdate } from '../../../src/contract/schemas/role'
import type { Ctx } from '../../context'
import { accountRole, organization, role } from '../../db/schema'
import { ApiError } from '../../lib/http'
import { defineResource, registerResource, type WriteContext } from '../resource'

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Nobody hands out a wider data scope than their own. */
function checkScope(dataScope: string | undefined, w: WriteContext) {
  const mine = DATA_SCOPES.indexOf(w.auth.grant?.scope ?? 'own')
  if (dataScope && DATA_SCOPES.indexOf(dataScope as (typeof DATA_SCOPES)[number]) > mine) throw new ApiError(Code.FORBIDDEN)
}

export const roleResource = defineResource({
  name: 'role',
  table: role,
  idField: 'roleId',
  menu: '/admin/role-manage',
  scopeField: 'organizationId',
  schemas: { add: roleAdd, update: roleUpdate, listQuery: roleListQuery },
  filters: (q) => [
    q.roleName ? ilike(role.roleName, likeEscape(q.roleName)) : undefined,
    q.status !== undefined ? eq(role.status, q.status) : undefined,
  ],
  sortable: { sort: role.sort, roleName: role.roleName, createTime: role.createTime, updateTime: role.updateTime },
  unique: [{ field: 'roleName', within: ['organizationId'], message: { zh: '角色名称已存在', en: 'A role of that name exists' } }],
  selection: {
    roleId: role.roleId,
    roleName: role.roleName,
    remark: role.remark,
    status: role.status,
    sort: role.sort,
    dataScope: role.dataScope,
    organizationId: role.organizationId,
    organizationName: organization.organizationName,
    memberCount: sql<number>`(select count(*)::int from ${accountRole} where ${accountRole.roleId} = ${role.roleId})`.as('member_count'),
    version: role.version,
    createTime: role.createTime,
    updateTime: role.updateTime,
    createBy: role.createBy,
    updateBy: role.updateBy,
  },
  join: (q) => q.leftJoin(organization, eq(organization.organizationId, role.organizationId)) as unknown as typeof q,
  afterWrite: async (_id, input, w) => checkScope(input.dataScope, w),
})

export function registerRoleRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(app, ctx, roleResource)
}
