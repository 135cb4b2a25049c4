/**
 * Departments (SPEC §7 Department): listTreeByOrgId, listByOrgId, addByOrgId, update, delete.
 * addByOrgId with type company / subsidiary adds a child organisation (an `organization` row with
 * parentId, category 1 in the tree); with type department a department (category 2).
 * update and delete are the resource pattern's and concern departments only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { deptAdd, deptOrgQuery, deptUpdate, PEOPLE_API, PEOPLE_FNS, type Department } from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { department } from '../../db/schema'
import { anyStaffInDepartments } from './staffPort'
import { ApiError, ok, parse } from '../../lib/http'
import { findOrg, orgTree } from '../org'
import { ORG_MENU, requireVisible, visibleOrgIds } from '../../lib/orgScope'
import { defineResource, isUniqueViolation, registerResource, type WriteContext } from '../../lib/resource'
import { buildDeptTree, deptHeadCounts, deptTree } from './tree'
import texts from './texts.json'

type Row = Record<string, unknown>

/** The organisation of the query (default: the caller's own), visible to the caller (else 20002). */
async function queriedOrg(ctx: Ctx, req: FastifyRequest): Promise<{ orgId: string; visible: string[] | null }> {
  const q = parse(deptOrgQuery, req.query, req)
  const orgId = q.organizationId ?? req.auth!.account.organizationId
  if (!orgId) throw new ApiError(Code.INVALID, [{ field: 'organizationId', key: 'v.required', message: 'organizationId' }])
  const visible = await visibleOrgIds(ctx, req)
  requireVisible(visible, [orgId])
  return { orgId, visible }
}

/** A department of `orgId` (read through `tx`), or 20002. */
async function deptOf(tx: Db, orgId: string, departmentId: string) {
  const [d] = await tx
    .select()
    .from(department)
    .where(and(eq(department.departmentId, departmentId), eq(department.organizationId, orgId)))
  if (!d) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
  return d
}

/** The parent must be a department of the same organisation, and not the department itself or below it (under the tree's lock). */
async function checkParent(tx: Db, self: { departmentId: string; organizationId: string }, parentId: string | null | undefined) {
  if (!parentId) return
  await deptOf(tx, self.organizationId, parentId)
  await deptTree.checkMove(tx, self.departmentId, parentId)
}

async function withHeadCounts(db: Db, rows: Row[]): Promise<Row[]> {
  const counts = await deptHeadCounts(db, rows as (typeof department.$inferSelect)[])
  // the path is the tree's bookkeeping, not part of the answer
  return rows.map(({ path: _path, ...r }) => ({ ...r, type: 'department', headCount: counts.get(r.departmentId as string) ?? 0 }))
}

export const departmentResource = defineResource({
  name: 'department',
  table: department,
  idField: 'departmentId',
  menu: ORG_MENU,
  fns: { add: PEOPLE_FNS.addDept, update: PEOPLE_FNS.edit, delete: PEOPLE_FNS.delete },
  scopeField: 'organizationId',
  schemas: { add: deptAdd, update: deptUpdate, listQuery: deptOrgQuery },
  without: ['listPage', 'list', 'add'],
  sortable: { sort: department.sort, departmentName: department.departmentName },
  unique: [{ field: 'departmentName', within: ['organizationId', 'parentId'], message: texts.routes.dupDept }],
  enrich: withHeadCounts,
  beforeWrite: async (input, current, w: WriteContext) => {
    if (!current) return
    const self = current as { departmentId: string; organizationId: string }
    const fields = input as { parentId?: string | null }
    // the tree shows a top-level department under its organisation: that parent means "none"
    if (fields.parentId === self.organizationId) fields.parentId = null
    if ((fields.parentId ?? null) !== ((current.parentId as string | null) ?? null)) await deptTree.lock(w.tx, self.organizationId)
    await checkParent(w.tx, self, fields.parentId)
  },
  afterWrite: (id, _input, w) => deptTree.repath(w.tx, id),
  beforeDelete: async (ids, _rows, w) => {
    const [child] = await w.tx
      .select({ id: department.departmentId })
      .from(department)
      .where(inArray(department.parentId, ids))
      .limit(ids.length + 1)
      .then((rows) => rows.filter((r) => !ids.includes(r.id)))
    if (child) throw new ApiError(Code.REFUSED, null, texts.routes.hasChildren)
    if (await anyStaffInDepartments(w.tx, ids)) throw new ApiError(Code.REFUSED, null, texts.routes.hasStaff)
  },
})

export function registerDepartmentRoutes(app: FastifyInstance, ctx: Ctx): void {
  const read = { auth: 'signed' as const, perm: { menu: ORG_MENU } }

  app.get(PEOPLE_API.department.listTreeByOrgId, { config: read }, async (req) => {
    const { orgId, visible } = await queriedOrg(ctx, req)
    const root = await buildDeptTree(ctx.db, orgId, visible)
    if (!root) throw new ApiError(Code.NOT_FOUND)
    return ok(req, [root])
  })

  app.get(PEOPLE_API.department.listByOrgId, { config: read }, async (req) => {
    const { orgId } = await queriedOrg(ctx, req)
    const rows = await ctx.db
      .select()
      .from(department)
      .where(eq(department.organizationId, orgId))
      .orderBy(asc(department.sort), asc(department.departmentName))
    return ok(req, (await withHeadCounts(ctx.db, rows)) as unknown as Department[])
  })

  app.post(
    PEOPLE_API.department.addByOrgId,
    { config: { auth: 'signed', perm: { menu: ORG_MENU, fn: PEOPLE_FNS.addDept } } },
    async (req) => {
      const input = parse(deptAdd, req.body, req)
      const auth = req.auth!
      const visible = await visibleOrgIds(ctx, req)
      requireVisible(visible, [input.organizationId])
      const id = input.departmentId ?? newId()
      const now = new Date()
      const stamp = { version: 0, createTime: now, updateTime: now, createBy: auth.account.accountId, updateBy: auth.account.accountId }
      await ctx.db
        .transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db
          const parentOrg = await findOrg(tx, input.organizationId)
          if (!parentOrg) throw new ApiError(Code.NOT_FOUND, { field: 'organizationId' })
          if (input.type === 'department') {
            if (input.parentId) await deptOf(tx, input.organizationId, input.parentId)
            await deptTree.insert(
              tx,
              {
                departmentId: id,
                organizationId: input.organizationId,
                departmentName: input.departmentName,
                status: input.status,
                sort: input.sort,
                ...stamp,
              },
              { parentId: input.parentId ?? null },
            )
          } else {
            await orgTree.insert(
              tx,
              {
                organizationId: id,
                organizationTypeId: parentOrg.organizationTypeId,
                organizationName: input.departmentName,
                status: input.status,
                sort: input.sort,
                unitKind: input.type,
                ...stamp,
              },
              { parentId: input.organizationId },
            )
          }
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err))
            throw new ApiError(
              Code.DUPLICATE,
              { field: 'departmentName', value: input.departmentName },
              input.type === 'department' ? texts.routes.dupDept : texts.routes.dupOrg,
            )
          throw err
        })
      // The new node as the tree shows it (a new child organisation is visible to whoever may add under its parent).
      const tree = await buildDeptTree(ctx.db, input.type === 'department' ? input.organizationId : id, null)
      const node = input.type === 'department' ? findNode(tree, id) : tree && { ...tree, parentId: input.organizationId }
      return ok(req, node)
    },
  )

  registerResource(app, ctx, departmentResource)
}

function findNode<T extends { id: string; children?: T[] }>(node: T | null, id: string): T | null {
  if (!node) return null
  if (node.id === id) return node
  for (const c of node.children ?? []) {
    const found = findNode(c, id)
    if (found) return found
  }
  return null
}
