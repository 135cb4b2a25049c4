/** Roles (/admin/role-manage): the resource pattern plus member count and organisation name. */
import type { FastifyInstance } from 'fastify'
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import type { DataScope } from '../../../src/contract/enums'
import { excelColumns } from '../../../src/contract/fields'
import { ROLE_FIELDS } from '../../../src/contract/fields/role'
import { roleAdd, roleListQuery, roleUpdate } from '../../../src/contract/schemas/role'
import * as roles from '../../../src/lib/i18n/locales/roles'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { accountRole, role } from '../../db/schema'
import { ApiError } from '../../lib/http'
import { contains, qualified } from '../../lib/sql'
import { columnsBefore, statusColumn, type ExcelColumn } from '../../lib/excel'
import { localeTexts } from '../../lib/fields'
import { fromResource, registerImportExport } from '../files'
import { defineResource, registerResource, stampsOf, type WriteContext } from '../../lib/resource'
import { orgNameOf } from '../org'
import { checkScopeHeld, KEEP_ADMIN } from '../roleAuth'
import texts from './texts.json'

const text = localeTexts({ roles })

/** Nobody hands out a wider data scope than their own (20003 naming it); keeping a role's scope hands nothing out. */
function checkScope(dataScope: string | undefined, current: Record<string, unknown> | null, w: WriteContext) {
  if (!dataScope || dataScope === current?.dataScope) return
  const mine = w.auth.grant?.scope ?? 'own'
  checkScopeHeld({ root: false, scope: mine }, dataScope as DataScope)
}

/** A role the caller holds grants their own rights: deleting or stopping it would take them away (SPEC issue 10). */
const KEEP_OWN = texts.routes.keepOwn

/** The caller's roles among `ids`. */
async function heldAmong(tx: Db, accountId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await tx
    .select({ roleId: accountRole.roleId })
    .from(accountRole)
    .where(and(eq(accountRole.accountId, accountId), inArray(accountRole.roleId, ids)))
  return rows.map((r) => r.roleId)
}

/** Built-in roles among `ids` (read through the transaction handle). */
async function builtinAmong(tx: Db, ids: string[]): Promise<string[]> {
  const rows = await tx
    .select({ roleId: role.roleId })
    .from(role)
    .where(and(inArray(role.roleId, ids), isNotNull(role.builtin)))
  return rows.map((r) => r.roleId)
}

export const roleResource = defineResource({
  name: 'role',
  table: role,
  idField: 'roleId',
  menu: '/admin/role-manage',
  scopeField: 'organizationId',
  schemas: { add: roleAdd, update: roleUpdate, listQuery: roleListQuery },
  filters: (q) => [
    q.roleName ? contains(role.roleName, q.roleName) : undefined,
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
    organizationName: orgNameOf(role.organizationId).as('organization_name'),
    memberCount:
      sql<number>`(select count(*)::int from ${accountRole} where ${qualified(accountRole.roleId)} = ${qualified(role.roleId)})`.as(
        'member_count',
      ),
    /** A built-in role (the system administrator): never deleted or stopped. */
    builtin: sql<boolean>`(${role.builtin} is not null)`.as('builtin'),
    ...stampsOf(role),
  },
  /** `held`: the caller holds the role (the list offers neither stopping nor deleting it). */
  enrich: async (db, rows, auth) => {
    const held = new Set(
      await heldAmong(
        db,
        auth.account.accountId,
        rows.map((r) => String(r.roleId)),
      ),
    )
    return rows.map((r) => ({ ...r, held: held.has(String(r.roleId)) }))
  },
  beforeWrite: async (input, current, w) => {
    checkScope(input.dataScope, current, w)
    // The built-in role's own refusal comes first: it holds whoever holds it or not.
    if (current && input.status === 0 && (await builtinAmong(w.tx, [String(current.roleId)])).length)
      throw new ApiError(Code.REFUSED, null, texts.routes.keepSysadmin.stop)
    if (
      current &&
      input.status === 0 &&
      Number(current.status) !== 0 &&
      (await heldAmong(w.tx, w.auth.account.accountId, [String(current.roleId)])).length
    )
      throw new ApiError(Code.REFUSED, null, KEEP_OWN.stop)
  },
  afterWrite: async (id, input, w) => {
    if (input.status === 0 && (await builtinAmong(w.tx, [id])).length)
      throw new ApiError(Code.REFUSED, null, texts.routes.keepSysadmin.stop)
    if (input.dataScope && input.dataScope !== 'all' && (await builtinAmong(w.tx, [id])).length)
      throw new ApiError(Code.REFUSED, null, KEEP_ADMIN.scope)
  },
  beforeDelete: async (ids, _rows, w) => {
    if ((await builtinAmong(w.tx, ids)).length) throw new ApiError(Code.REFUSED, null, texts.routes.keepSysadmin.delete)
    if ((await heldAmong(w.tx, w.auth.account.accountId, ids)).length) throw new ApiError(Code.REFUSED, null, KEEP_OWN.delete)
  },
})

/** Excel columns of roles: the declared fields with the status before the sort (import: these; export: also the unit and member count). */
export const ROLE_COLUMNS: ExcelColumn[] = [
  ...columnsBefore(excelColumns(ROLE_FIELDS, text), 'sort', [
    {
      ...statusColumn(10, { on: { zh: '启用', en: 'Active' }, off: { zh: '停用', en: 'Stopped' } }),
      hint: { zh: '不填为“启用”', en: 'Empty: active' },
    },
  ]),
  { field: 'organizationName', title: text('roles.field.organizationName'), width: 30, exportOnly: true },
  { field: 'memberCount', title: text('roles.field.memberCount'), width: 8, exportOnly: true },
]

export function registerRoleRoutes(app: FastifyInstance, ctx: Ctx): void {
  const roles = registerResource(app, ctx, roleResource)
  registerImportExport(
    app,
    ctx,
    fromResource(roles, {
      columns: ROLE_COLUMNS,
      example: { roleName: '安全质量管理员', dataScope: 'own', status: 1, sort: 10, remark: '负责安全质量检查' },
      fileName: { zh: '角色', en: 'roles' },
    }),
  )
}
