/**
 * Units (SPEC §7 org/*): the resource calls with data scope, the lazy unit tree (types → units →
 * child units and roles), the keyword search, the organisation/department node calls and
 * getByUserId.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { and, asc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Code } from '../../../src/contract/codes'
import {
  byUserIdQuery,
  KEYWORD_LIMIT,
  ORG_API,
  ORG_NODE,
  orgAdd,
  orgIdsQuery,
  orgImportRow,
  orgKeywordQuery,
  orgListQuery,
  orgTreeQuery,
  orgUpdate,
  type OrgAddRules,
  type OrgDeptNode,
  type OrgKeywordResult,
  type OrgNode,
  type OrgTreeNode,
} from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { organization, organizationType } from '../../db/schema'
import { anyAccountIn } from './accountPort'
import { ApiError, ok, parse } from '../../lib/http'
import type { ExcelColumn } from '../../lib/excel'
import { fromResource, registerImportExport } from '../files'
import { defineResource, registerResource, stampsOf, type ResourceHandle, type WriteContext } from '../../lib/resource'
import { departmentNodes, personOrganization } from './links'
import { inScope, ORG_MENU, requireVisible, visibleOrgIds } from '../../lib/orgScope'
import { orgExists, orgIdByName, orgSubtreeIds, orgTree, orgVisible, unitKeywordMatch } from './queries'
import { anyRoleIn, rolesOfUnit, unitsWithRoles } from './rolePort'
import { contains } from '../../lib/sql'
import texts from './texts.json'

/** A top unit (no parent: in nobody's scope) takes the data scope "all"; org/addRules tells the console. */
const mayAddTopUnits = (req: FastifyRequest): boolean => req.auth?.grant?.scope === 'all'

async function checkUnitWrite(
  input: { organizationTypeId?: unknown; parentId?: unknown },
  current: Record<string, unknown> | null,
  w: WriteContext,
) {
  const typeId = String(input.organizationTypeId ?? '')
  const [ty] = await w.tx
    .select({ id: organizationType.organizationTypeId })
    .from(organizationType)
    .where(eq(organizationType.organizationTypeId, typeId))
  if (!ty)
    throw new ApiError(
      Code.INVALID,
      [{ field: 'organizationTypeId', key: 'v.invalid', message: texts.units.refuse.type.zh }],
      texts.units.refuse.type,
    )
  const parentId = typeof input.parentId === 'string' ? input.parentId : null
  // A new unit or a move changes the tree: under its lock (afterWrite then sets the paths).
  if (!current || parentId !== ((current.parentId as string | null) ?? null)) await orgTree.lock(w.tx)
  if (!parentId) return
  if (!(await orgExists(w.tx, parentId))) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
  if (current) await orgTree.checkMove(w.tx, String(current.organizationId), parentId)
}

export const orgResource = defineResource({
  name: 'org',
  table: organization,
  idField: 'organizationId',
  menu: ORG_MENU,
  scopeField: 'organizationId',
  // A new unit (or a moved one) goes under a parent the caller sees; a top unit needs the scope "all".
  scopeOwner: (input) => (typeof input.parentId === 'string' ? input.parentId : null),
  schemas: { add: orgAdd, update: orgUpdate, listQuery: orgListQuery },
  filters: (q) => [
    q.keyword ? unitKeywordMatch(q.keyword) : undefined,
    q.organizationId ? eq(organization.organizationId, q.organizationId) : undefined,
    q.organizationName ? contains(organization.organizationName, q.organizationName) : undefined,
    q.creditCode ? contains(organization.creditCode, q.creditCode.toUpperCase()) : undefined,
    q.organizationTypeId ? eq(organization.organizationTypeId, q.organizationTypeId) : undefined,
    q.parentId ? eq(organization.parentId, q.parentId) : undefined,
    q.status !== undefined ? eq(organization.status, q.status) : undefined,
  ],
  sortable: {
    sort: organization.sort,
    organizationName: organization.organizationName,
    creditCode: organization.creditCode,
    createTime: organization.createTime,
    updateTime: organization.updateTime,
  },
  unique: [
    { field: 'organizationName', message: { zh: '单位名称已存在', en: 'A unit of that name exists' } },
    { field: 'creditCode', message: { zh: '统一社会信用代码已被其他单位使用', en: 'Another unit has that unified social credit code' } },
  ],
  selection: {
    organizationId: organization.organizationId,
    organizationName: organization.organizationName,
    shortName: organization.shortName,
    creditCode: organization.creditCode,
    organizationTypeId: organization.organizationTypeId,
    organizationTypeName: organizationType.typeName,
    status: organization.status,
    legalPerson: organization.legalPerson,
    contactPerson: organization.contactPerson,
    contactPhone: organization.contactPhone,
    address: organization.address,
    email: organization.email,
    fax: organization.fax,
    website: organization.website,
    depositBank: organization.depositBank,
    bankAccount: organization.bankAccount,
    taxCode: organization.taxCode,
    parentId: organization.parentId,
    parentName: sql<
      string | null
    >`(select p.organization_name from organization p where p.organization_id = "organization"."parent_id")`.as('parent_name'),
    childCount: sql<number>`(select count(*)::int from organization c where c.parent_id = "organization"."organization_id")`.as(
      'child_count',
    ),
    accountLimit: organization.accountLimit,
    sort: organization.sort,
    ...stampsOf(organization),
  },
  join: (q) =>
    q.leftJoin(organizationType, eq(organizationType.organizationTypeId, organization.organizationTypeId)) as unknown as typeof q,
  // Adding a top unit (no parent: in nobody's scope) takes the data scope "all"; updates are checked by scopeOwner.
  check: async (input, req) => {
    if (!input.parentId && input.version === undefined && !mayAddTopUnits(req))
      throw new ApiError(Code.REFUSED, { field: 'parentId' }, texts.units.refuse.top)
  },
  beforeWrite: (input, current, w) => checkUnitWrite(input, current, w),
  afterWrite: (id, _input, w) => orgTree.repath(w.tx, id),
  beforeDelete: async (ids, _rows, w) => {
    if (await orgTree.hasChildOutside(w.tx, ids)) throw new ApiError(Code.REFUSED, null, texts.units.refuse.children)
    if (await anyAccountIn(w.tx, ids)) throw new ApiError(Code.REFUSED, null, texts.units.refuse.accounts)
    if (await anyRoleIn(w.tx, ids)) throw new ApiError(Code.REFUSED, null, texts.units.refuse.roles)
  },
})

// ---- the lazy tree ------------------------------------------------------------------------------

interface UnitRow {
  organizationId: string
  organizationName: string
  shortName: string | null
  organizationTypeId: string | null
  typeName: string | null
}

const unitColumns = {
  organizationId: organization.organizationId,
  organizationName: organization.organizationName,
  shortName: organization.shortName,
  organizationTypeId: organization.organizationTypeId,
  typeName: organizationType.typeName,
}

/** Units with their type's name, as the tree's unit nodes are made of; `extra` columns beside them (a window's count). */
const unitRows = <E extends Record<string, SQL>>(db: Db, extra = {} as E) =>
  db
    .select({ ...unitColumns, ...extra })
    .from(organization)
    .leftJoin(organizationType, eq(organizationType.organizationTypeId, organization.organizationTypeId))

/** A unit row as a node of the unit-and-department pickers (category 1). */
const unitPickNode = (r: {
  organizationId: string
  organizationName: string
  organizationTypeId: string | null
  typeName: string | null
}) => ({
  nodeId: r.organizationId,
  category: 1 as const,
  organizationId: r.organizationId,
  organizationName: r.organizationName,
  organizationTypeId: r.organizationTypeId,
  organizationTypeName: r.typeName,
})

/** Which of `values` occur in `column` of `table` (under `where`): for the tree's hasChild flags. */
async function present(db: Db, table: PgTable, column: AnyPgColumn, values: string[], where?: SQL): Promise<Set<unknown>> {
  const rows = await db
    .selectDistinct({ id: column })
    .from(table)
    .where(and(inArray(column, values), where))
  return new Set(rows.map((r) => r.id))
}

/** A node of the tree; `hasChild` 1 when one of `withChildren` (the ids having children of some kind) holds it. */
const treeNode = (nodeType: OrgTreeNode['nodeType'], nodeId: string, nodeName: string, withChildren: ReadonlySet<unknown>[]) => ({
  nodeId,
  nodeName,
  nodeType,
  hasChild: withChildren.some((ids) => ids.has(nodeId)) ? (1 as const) : (0 as const),
})

/** Unit nodes with hasChild: visible child units or roles. */
async function unitNodes(db: Db, rows: UnitRow[], ids: string[] | null): Promise<OrgTreeNode[]> {
  if (rows.length === 0) return []
  const unitIds = rows.map((r) => r.organizationId)
  const withChildren = await present(db, organization, organization.parentId, unitIds, orgVisible(ids))
  const withRoles = await unitsWithRoles(db, unitIds)
  return rows.map((r) => ({
    ...treeNode(ORG_NODE.unit, r.organizationId, r.organizationName, [withChildren, withRoles]),
    organizationId: r.organizationId,
    organizationTypeId: r.organizationTypeId ?? undefined,
    organizationTypeName: r.typeName ?? undefined,
    nodeNameExt: r.shortName,
  }))
}

/** Units shown directly under their type: visible, and their parent is not (or there is none). */
const topUnits = (ids: string[] | null): SQL | undefined =>
  ids === null
    ? isNull(organization.parentId)
    : and(orgVisible(ids), or(isNull(organization.parentId), ids.length ? notInArray(organization.parentId, ids) : undefined))

async function typeNodes(db: Db, parentTypeId: string | null, ids: string[] | null): Promise<OrgTreeNode[]> {
  const types = await db
    .select({ id: organizationType.organizationTypeId, name: organizationType.typeName })
    .from(organizationType)
    .where(parentTypeId ? eq(organizationType.parentId, parentTypeId) : isNull(organizationType.parentId))
    .orderBy(asc(organizationType.sort), asc(organizationType.typeName))
  if (types.length === 0) return []
  const typeIds = types.map((t) => t.id)
  const withUnits = await present(db, organization, organization.organizationTypeId, typeIds, topUnits(ids))
  const withSubtypes = await present(db, organizationType, organizationType.parentId, typeIds)
  return types.map((t) => ({
    ...treeNode(ORG_NODE.unitType, t.id, t.name, [withUnits, withSubtypes]),
    organizationTypeId: t.id,
    organizationTypeName: t.name,
  }))
}

const UNIT_ORDER = [asc(organization.sort), asc(organization.organizationName)]
const TREE_LIMIT = 5000

async function childrenOf(
  ctx: Ctx,
  ids: string[] | null,
  nodeId: string | undefined,
  nodeType: number | undefined,
): Promise<OrgTreeNode[]> {
  const db = ctx.db
  if (!nodeId) return typeNodes(db, null, ids)
  if (nodeType === ORG_NODE.unitType) {
    const [ty] = await db
      .select({ id: organizationType.organizationTypeId })
      .from(organizationType)
      .where(eq(organizationType.organizationTypeId, nodeId))
    if (!ty) throw new ApiError(Code.NOT_FOUND)
    const units = await unitRows(db)
      .where(and(eq(organization.organizationTypeId, nodeId), topUnits(ids)))
      .orderBy(...UNIT_ORDER)
      .limit(TREE_LIMIT)
    return [...(await typeNodes(db, nodeId, ids)), ...(await unitNodes(db, units, ids))]
  }
  if (nodeType === ORG_NODE.unit) {
    const [unit] = await db
      .select({ id: organization.organizationId })
      .from(organization)
      .where(and(eq(organization.organizationId, nodeId), orgVisible(ids)))
    if (!unit) throw new ApiError(Code.NOT_FOUND)
    const units = await unitRows(db)
      .where(and(eq(organization.parentId, nodeId), orgVisible(ids)))
      .orderBy(...UNIT_ORDER)
      .limit(TREE_LIMIT)
    const roles = await rolesOfUnit(db, nodeId)
    return [
      ...(await unitNodes(db, units, ids)),
      ...roles.map((r) => ({
        nodeId: r.roleId,
        nodeName: r.roleName,
        nodeType: ORG_NODE.role,
        hasChild: 0 as const,
        organizationId: nodeId,
        nodeNameExt: r.remark,
      })),
    ]
  }
  return [] // role nodes are leaves
}

async function keywordTree(ctx: Ctx, ids: string[] | null, keyword: string): Promise<OrgKeywordResult> {
  const db = ctx.db
  const where = and(unitKeywordMatch(keyword), orgVisible(ids))
  // the matches' count with the first of them: one pass over the units, not one to count and one to list
  const units = await unitRows(db, { matches: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(where)
    .orderBy(asc(organizationType.sort), ...UNIT_ORDER)
    .limit(KEYWORD_LIMIT)
  const nodes = await unitNodes(db, units, ids)
  const byType = new Map<string, OrgTreeNode>()
  for (const n of nodes) {
    const key = n.organizationTypeId ?? ''
    let typeNode = byType.get(key)
    if (!typeNode) {
      typeNode = {
        nodeId: key || 'untyped',
        nodeName: n.organizationTypeName ?? '',
        nodeType: ORG_NODE.unitType,
        hasChild: 1,
        organizationTypeId: n.organizationTypeId,
        organizationTypeName: n.organizationTypeName,
        children: [],
      }
      byType.set(key, typeNode)
    }
    typeNode.children!.push(n)
  }
  const n = units[0]?.matches ?? 0
  return { nodes: [...byType.values()], total: n, truncated: n > units.length }
}

// ---- organisation / department nodes ---------------------------------------------------------------

async function orgNodes(db: Db, orgIds: string[]): Promise<OrgNode[]> {
  const rows = await unitRows(db).where(inArray(organization.organizationId, orgIds))
  const byId = new Map(rows.map((r) => [r.organizationId, r]))
  const missing = orgIds.filter((id) => !byId.has(id))
  if (missing.length) throw new ApiError(Code.NOT_FOUND, missing)
  return orgIds.map((id) => unitPickNode(byId.get(id)!))
}

/** Each root unit with its visible child units and departments, recursively. */
async function orgDeptTrees(ctx: Ctx, ids: string[] | null, roots: string[]): Promise<OrgDeptNode[]> {
  const db = ctx.db
  const all = new Set<string>()
  for (const r of roots) for (const d of await orgSubtreeIds(db, r)) if (ids === null || ids.includes(d)) all.add(d)
  const rows = await db
    .select({ ...unitColumns, parentId: organization.parentId })
    .from(organization)
    .leftJoin(organizationType, eq(organizationType.organizationTypeId, organization.organizationTypeId))
    .where(inArray(organization.organizationId, [...all]))
    .orderBy(...UNIT_ORDER)
  const nodes = new Map<string, OrgDeptNode>()
  for (const r of rows) nodes.set(r.organizationId, { ...unitPickNode(r), children: [] })
  const depts = await departmentNodes(db, [...all])
  // departments before child units under each unit
  for (const d of depts) {
    const unit = nodes.get(d.organizationId)
    if (!unit) continue
    unit.children.push(d)
  }
  for (const r of rows)
    if (r.parentId && nodes.has(r.parentId) && !roots.includes(r.organizationId))
      nodes.get(r.parentId)!.children.push(nodes.get(r.organizationId)!)
  return roots.map((id) => nodes.get(id)!).filter(Boolean)
}

const title = (zh: string, en: string) => ({ zh, en })
export const ORG_COLUMNS: ExcelColumn[] = [
  {
    field: 'organizationName',
    title: title('单位名称', 'Unit name'),
    required: true,
    width: 34,
    hint: title(
      '最多 100 个字符，不能以特殊字符开头；平台内不能重名',
      'At most 100 characters, not starting with a special character; unique on the platform',
    ),
  },
  { field: 'shortName', title: title('单位简称', 'Short name'), width: 16 },
  {
    field: 'creditCode',
    title: title('统一社会信用代码', 'Unified social credit code'),
    width: 22,
    hint: title(
      '18 位，校验位须正确；项目经理部等非法人单位可不填',
      '18 characters with a correct check character; may be empty for units that are not legal entities',
    ),
  },
  {
    field: 'organizationTypeName',
    title: title('单位类型', 'Unit type'),
    required: true,
    width: 14,
    hint: title('填写单位类型名称，如：施工单位', 'The name of a unit type, e.g. 施工单位'),
  },
  {
    field: 'parentName',
    title: title('上级单位', 'Parent unit'),
    width: 30,
    hint: title('上级单位的全称，须为已有单位；不填为顶级单位', 'Full name of an existing unit; empty: a top unit'),
  },
  { field: 'legalPerson', title: title('法定代表人', 'Legal person'), width: 12 },
  { field: 'contactPerson', title: title('联系人', 'Contact'), width: 12 },
  { field: 'contactPhone', title: title('联系电话', 'Phone'), width: 16 },
  { field: 'address', title: title('注册地址', 'Registered address'), width: 34 },
  { field: 'email', title: title('邮箱', 'Email'), width: 24 },
  { field: 'fax', title: title('传真', 'Fax'), width: 16 },
  { field: 'website', title: title('网址', 'Website'), width: 24 },
  { field: 'depositBank', title: title('开户银行', 'Deposit bank'), width: 24 },
  { field: 'bankAccount', title: title('银行账号', 'Bank account'), width: 24 },
  { field: 'taxCode', title: title('纳税人识别号', 'Taxpayer number'), width: 22 },
  { field: 'sort', title: title('排序', 'Sort'), width: 8 },
]

/** Import: the type and the parent by name, then the add call's own write. */
async function importRow(
  handle: ResourceHandle<typeof orgAdd, typeof orgUpdate, typeof orgListQuery>,
  w: WriteContext,
  data: z.infer<typeof orgImportRow>,
) {
  const [ty] = await w.tx
    .select({ id: organizationType.organizationTypeId })
    .from(organizationType)
    .where(eq(organizationType.typeName, data.organizationTypeName))
  if (!ty)
    throw new ApiError(
      Code.INVALID,
      [{ field: 'organizationTypeName', key: 'v.invalid', message: texts.units.refuse.type.zh }],
      texts.units.refuse.type,
    )
  let parentId: string | undefined
  if (data.parentName) {
    const p = await orgIdByName(w.tx, data.parentName)
    if (!p)
      throw new ApiError(
        Code.INVALID,
        [{ field: 'parentName', key: 'v.invalid', message: texts.units.refuse.parent.zh }],
        texts.units.refuse.parent,
      )
    parentId = p
  }
  const { organizationTypeName: _t, parentName: _p, ...fields } = data
  return handle.insert(w, { ...fields, organizationTypeId: ty.id, parentId, status: 1 } as z.infer<typeof orgAdd>)
}

export function registerUnitRoutes(app: FastifyInstance, ctx: Ctx): void {
  const units = registerResource(app, ctx, orgResource)
  registerImportExport(app, ctx, {
    ...fromResource(units, {
      columns: ORG_COLUMNS,
      example: {
        organizationName: '中铁示例建设有限公司',
        shortName: '中铁示例',
        creditCode: '91320000MA1XK3T20J',
        organizationTypeName: '施工单位',
        contactPerson: '张工',
        contactPhone: '13800138000',
      },
      fileName: { zh: '单位', en: 'units' },
    }),
    import: { schema: orgImportRow, row: (w, data) => importRow(units, w, data) },
  })
  const read = { auth: 'signed' as const, perm: { menu: ORG_MENU } }

  app.get(ORG_API.listTree, { config: read }, async (req) => {
    const q = parse(orgTreeQuery, req.query, req)
    return ok(req, await childrenOf(ctx, await visibleOrgIds(ctx, req), q.nodeId, q.nodeType))
  })

  // The add call's rules, for the console to offer only adds that can succeed (the function itself is in the menus).
  app.get(ORG_API.addRules, { config: read }, async (req) => ok<OrgAddRules>(req, { topUnits: mayAddTopUnits(req) }))

  app.get(ORG_API.listByKeyword, { config: read }, async (req) => {
    const q = parse(orgKeywordQuery, req.query, req)
    return ok(req, await keywordTree(ctx, await visibleOrgIds(ctx, req), q.keyword))
  })

  app.get(ORG_API.listOrgNodeByOrgIds, { config: read }, async (req) => {
    const q = parse(orgIdsQuery, req.query, req)
    requireVisible(await visibleOrgIds(ctx, req), q.orgIds)
    return ok(req, await orgNodes(ctx.db, q.orgIds))
  })

  app.get(ORG_API.listOrgAndDeptTreeByOrgIds, { config: read }, async (req) => {
    const q = parse(orgIdsQuery, req.query, req)
    const ids = await visibleOrgIds(ctx, req)
    requireVisible(ids, q.orgIds)
    await orgNodes(ctx.db, q.orgIds) // 20002 for unknown ids
    return ok(req, await orgDeptTrees(ctx, ids, q.orgIds))
  })

  app.get(ORG_API.getOrgAndDeptTreeByOrgIds, { config: read }, async (req) => {
    const q = parse(orgIdsQuery, req.query, req)
    const ids = await visibleOrgIds(ctx, req)
    requireVisible(ids, q.orgIds)
    await orgNodes(ctx.db, q.orgIds)
    const [tree] = await orgDeptTrees(ctx, ids, q.orgIds.slice(0, 1))
    return ok(req, tree ?? null)
  })

  app.get(ORG_API.getByUserId, { config: read }, async (req) => {
    const q = parse(byUserIdQuery, req.query, req)
    const orgId = await personOrganization(ctx.db, q.userId)
    if (!orgId) throw new ApiError(Code.NOT_FOUND)
    const ids = await visibleOrgIds(ctx, req)
    requireVisible(ids, [orgId])
    const [row] = await ctx.db
      .select(orgResource.selection!)
      .from(organization)
      .leftJoin(organizationType, eq(organizationType.organizationTypeId, organization.organizationTypeId))
      .where(and(eq(organization.organizationId, orgId), inScope(organization.organizationId, ids)))
    if (!row) throw new ApiError(Code.NOT_FOUND)
    return ok(req, row)
  })
}
