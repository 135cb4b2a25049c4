/** Groups of accounts within a unit (orgGroup) and their members (orgGroupAccount): the resource pattern, scoped by the group's unit. */
import type { FastifyInstance } from 'fastify'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { Code } from '../../../src/contract/codes'
import {
  orgGroupAccountAdd,
  orgGroupAccountListQuery,
  orgGroupAccountUpdate,
  orgGroupAdd,
  orgGroupListQuery,
  orgGroupUpdate,
} from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { organization, orgGroup, orgGroupAccount } from '../../db/schema'
import { accountRefs, accountUnit } from './accountPort'
import { ApiError } from '../../lib/http'
import { scopeOrgIds } from '../../lib/permissions'
import { defineResource, registerResource, stampsOf, type WriteContext } from '../../lib/resource'
import { contains } from '../../lib/sql'
import { inScope, ORG_MENU } from '../../lib/orgScope'

const FNS = { add: 'group', update: 'group', delete: 'group' } as const

/** Of the wanted group ids, those of groups in the units (null: any unit). */
export function groupIdsWithin(db: Db, groupIds: string[], organizationIds: string[] | null): Promise<{ id: string }[]> {
  return db
    .select({ id: orgGroup.orgGroupId })
    .from(orgGroup)
    .where(and(inArray(orgGroup.orgGroupId, groupIds), inScope(orgGroup.organizationId, organizationIds)))
}

export const orgGroupResource = defineResource({
  name: 'orgGroup',
  table: orgGroup,
  idField: 'orgGroupId',
  menu: ORG_MENU,
  fns: FNS,
  scopeField: 'organizationId',
  scopeOwner: (input) => (typeof input.organizationId === 'string' ? input.organizationId : null),
  schemas: { add: orgGroupAdd, update: orgGroupUpdate, listQuery: orgGroupListQuery },
  filters: (q) => [
    q.organizationId ? eq(orgGroup.organizationId, q.organizationId) : undefined,
    q.groupName ? contains(orgGroup.groupName, q.groupName) : undefined,
  ],
  sortable: { sort: orgGroup.sort, groupName: orgGroup.groupName, createTime: orgGroup.createTime },
  unique: [
    {
      field: 'groupName',
      within: ['organizationId'],
      message: { zh: '该单位已有同名分组', en: 'The unit already has a group of that name' },
    },
  ],
  selection: {
    orgGroupId: orgGroup.orgGroupId,
    organizationId: orgGroup.organizationId,
    groupName: orgGroup.groupName,
    remark: orgGroup.remark,
    sort: orgGroup.sort,
    accountCount: sql<number>`(select count(*)::int from org_group_account ga where ga.org_group_id = "org_group"."org_group_id")`.as(
      'account_count',
    ),
    ...stampsOf(orgGroup),
  },
})

async function groupOrg(tx: Db, orgGroupId: unknown): Promise<string | null> {
  if (typeof orgGroupId !== 'string') return null
  const [g] = await tx.select({ org: orgGroup.organizationId }).from(orgGroup).where(eq(orgGroup.orgGroupId, orgGroupId))
  return g?.org ?? null
}

/** The member account must exist and belong to a unit the caller sees (20002 otherwise). */
async function checkMember(ctx: Ctx, accountId: unknown, w: WriteContext) {
  const acc = await accountUnit(w.tx, String(accountId))
  if (!acc) throw new ApiError(Code.NOT_FOUND, { field: 'accountId' })
  const ids = await scopeOrgIds(ctx, w.auth.account, w.auth.grant?.scope ?? 'own', w.tx)
  if (ids !== null && (!acc.organizationId || !ids.includes(acc.organizationId))) throw new ApiError(Code.NOT_FOUND, { field: 'accountId' })
}

const memberOrg = alias(organization, 'member_org')

export function orgGroupAccountResource(ctx: Ctx) {
  /** The member's account: its names and unit. */
  const member = accountRefs('member_account')
  return defineResource({
    name: 'orgGroupAccount',
    table: orgGroupAccount,
    idField: 'orgGroupAccountId',
    menu: ORG_MENU,
    fns: FNS,
    scopeField: 'organizationId',
    scopeOwner: (input, w) => groupOrg(w.tx, input.orgGroupId),
    schemas: { add: orgGroupAccountAdd, update: orgGroupAccountUpdate, listQuery: orgGroupAccountListQuery },
    filters: (q) => [
      q.orgGroupId ? eq(orgGroupAccount.orgGroupId, q.orgGroupId) : undefined,
      q.organizationId ? eq(orgGroupAccount.organizationId, q.organizationId) : undefined,
    ],
    sortable: { sort: orgGroupAccount.sort, accountName: member.accountName, createTime: orgGroupAccount.createTime },
    unique: [
      { field: 'accountId', within: ['orgGroupId'], message: { zh: '该账号已在分组中', en: 'The account is already in the group' } },
    ],
    selection: {
      orgGroupAccountId: orgGroupAccount.orgGroupAccountId,
      orgGroupId: orgGroupAccount.orgGroupId,
      accountId: orgGroupAccount.accountId,
      organizationId: orgGroupAccount.organizationId,
      accountName: member.accountName,
      userName: member.userName,
      accountOrganizationName: memberOrg.organizationName,
      remark: orgGroupAccount.remark,
      sort: orgGroupAccount.sort,
      ...stampsOf(orgGroupAccount),
    },
    join: (q) =>
      q
        .innerJoin(member, eq(member.accountId, orgGroupAccount.accountId))
        .leftJoin(memberOrg, eq(memberOrg.organizationId, member.organizationId)) as unknown as typeof q,
    onAdd: async (values, input, w) => {
      values.organizationId = await groupOrg(w.tx, input.orgGroupId)
    },
    beforeWrite: async (input, _current, w) => {
      if (!(await groupOrg(w.tx, input.orgGroupId))) throw new ApiError(Code.NOT_FOUND, { field: 'orgGroupId' })
      await checkMember(ctx, input.accountId, w)
    },
    afterWrite: async (id, input, w) => {
      const org = await groupOrg(w.tx, input.orgGroupId)
      if (org) await w.tx.update(orgGroupAccount).set({ organizationId: org }).where(eq(orgGroupAccount.orgGroupAccountId, id))
    },
  })
}

export function registerGroupRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(app, ctx, orgGroupResource)
  registerResource(app, ctx, orgGroupAccountResource(ctx))
}
