/**
 * Extension attributes (issue 13 part B; SPEC §7 "Attribute groups and items, with copy, node
 * relations and user-defined tables"): attrGroup (+ copy) and attrItem under 属性配置, attrRelation
 * and attrTableRow under 属性设置, and the values of a node (attrValue/get, attrValue/save) read with
 * the node's project in scope and saved with the edit function of the node's own form. Values are one
 * jsonb object per node keyed by item id, validated by the schema built from the node's items.
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, sql } from 'drizzle-orm'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import {
  ATTR_API,
  attrGroupAdd,
  attrGroupCopy,
  attrGroupListQuery,
  attrGroupUpdate,
  attrItemAdd,
  attrItemListQuery,
  attrItemUpdate,
  attrRelationAdd,
  attrRelationListQuery,
  attrRelationUpdate,
  attrTableRowAdd,
  attrTableRowListQuery,
  attrTableRowUpdate,
  attrValueQuery,
  attrValueSave,
  attrNodeOptionsQuery,
  type AttrNodeOption,
  type AttrForm,
  type AttrNodeType,
} from '../../../src/contract/schemas/attributes'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { attrGroup, attrItem, attrRelation, attrTableRow, attrValue, designUnit, line, project } from '../../db/schema'
import { ApiError, ok, parse } from '../../lib/http'
import { requireProject } from '../../lib/projectScope'
import { anyLike } from '../../lib/sql'
import { defineResource, isUniqueViolation, registerResource, stampsOf, type WriteContext } from '../../lib/resource'
import { checkNodeEdit, groupItems, nodeGroups, nodeNames, nodeProject, validateValues } from './nodes'
import { registerBoqRoutes } from './boq'
import { registerResourcePoolRoutes } from './resourcePool'
import texts from './texts.json'

type Row = Record<string, unknown>

const CONFIG_MENU = '/admin/extends-configuration' as const
const SETTING_MENU = '/admin/extends-setting' as const

/** The group of a relation or table row (20002 on groupId when missing). */
async function groupOf(tx: Db, groupId: string) {
  const [g] = await tx.select().from(attrGroup).where(eq(attrGroup.groupId, groupId))
  if (!g) throw new ApiError(Code.NOT_FOUND, { field: 'groupId' })
  return g
}

/** The node must exist, be of the group's type and lie in the caller's projects (20002 on nodeId). */
async function checkNode(ctx: Ctx, w: WriteContext, nodeType: AttrNodeType, nodeId: string): Promise<string> {
  const projectId = await nodeProject(w.tx, nodeType, nodeId)
  if (!projectId) throw new ApiError(Code.NOT_FOUND, { field: 'nodeId' })
  await requireProject(ctx, w.auth, projectId, w.tx, 'nodeId')
  return projectId
}

export function registerAttributeRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'attrGroup',
      table: attrGroup,
      idField: 'groupId',
      menu: CONFIG_MENU,
      schemas: { add: attrGroupAdd, update: attrGroupUpdate, listQuery: attrGroupListQuery },
      filters: (q) => [
        q.keyword ? anyLike(q.keyword, attrGroup.groupName, attrGroup.groupCode) : undefined,
        q.nodeType !== undefined ? eq(attrGroup.nodeType, q.nodeType) : undefined,
        q.status !== undefined ? eq(attrGroup.status, q.status) : undefined,
        q.groupKind ? eq(attrGroup.groupKind, q.groupKind) : undefined,
      ],
      sortable: { sort: attrGroup.sort, groupName: attrGroup.groupName, groupCode: attrGroup.groupCode, nodeType: attrGroup.nodeType },
      unique: [{ field: 'groupCode', caseInsensitive: true, message: texts.routes.dup.groupCode }],
      selection: {
        groupId: attrGroup.groupId,
        groupName: attrGroup.groupName,
        groupCode: attrGroup.groupCode,
        nodeType: attrGroup.nodeType,
        groupKind: attrGroup.groupKind,
        status: attrGroup.status,
        sort: attrGroup.sort,
        remark: attrGroup.remark,
        itemCount: sql<number>`(select count(*)::int from attr_item i where i.group_id = "attr_group"."group_id")`.as('item_count'),
        relationCount: sql<number>`(select count(*)::int from attr_relation r where r.group_id = "attr_group"."group_id")`.as(
          'relation_count',
        ),
        ...stampsOf(attrGroup),
      },
    }),
  )

  // Copy a group with its items (and not its relations): a new code, the same node type and kind.
  app.post(ATTR_API.attrGroup.copy, { config: { auth: 'signed', perm: perm(CONFIG_MENU, 'copy') } }, async (req) => {
    const input = parse(attrGroupCopy, req.body, req)
    const auth = req.auth!
    const now = new Date()
    const stamp = { version: 0, createTime: now, updateTime: now, createBy: auth.account.accountId, updateBy: auth.account.accountId }
    const groupId = await ctx.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db
        const source = await groupOf(tx, input.groupId)
        const [clash] = await tx
          .select({ id: attrGroup.groupId })
          .from(attrGroup)
          .where(eq(sql`lower(${attrGroup.groupCode})`, input.groupCode.toLowerCase()))
        if (clash) throw new ApiError(Code.DUPLICATE, { field: 'groupCode', value: input.groupCode }, texts.routes.dup.groupCode)
        const id = newId()
        await tx.insert(attrGroup).values({
          ...source,
          ...stamp,
          groupId: id,
          groupName: input.groupName,
          groupCode: input.groupCode,
        })
        const items = await tx.select().from(attrItem).where(eq(attrItem.groupId, source.groupId))
        if (items.length) await tx.insert(attrItem).values(items.map((i) => ({ ...i, ...stamp, itemId: newId(), groupId: id })))
        return id
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw new ApiError(Code.DUPLICATE, { field: 'groupCode', value: input.groupCode }, texts.routes.dup.groupCode)
        throw err
      })
    const [created] = await ctx.db.select().from(attrGroup).where(eq(attrGroup.groupId, groupId))
    return ok(req, created)
  })

  registerResource(
    app,
    ctx,
    defineResource({
      name: 'attrItem',
      table: attrItem,
      idField: 'itemId',
      menu: CONFIG_MENU,
      schemas: { add: attrItemAdd, update: attrItemUpdate, listQuery: attrItemListQuery },
      filters: (q) => [
        q.groupId ? eq(attrItem.groupId, q.groupId) : undefined,
        q.keyword ? anyLike(q.keyword, attrItem.itemName, attrItem.itemCode) : undefined,
      ],
      sortable: { sort: attrItem.sort, itemName: attrItem.itemName, itemCode: attrItem.itemCode },
      unique: [{ field: 'itemCode', caseInsensitive: true, within: ['groupId'], message: texts.routes.dup.itemCode }],
      beforeWrite: async (input, current, w) => {
        const groupId = String((input as Row).groupId)
        if (!current || current.groupId !== groupId) await groupOf(w.tx, groupId)
      },
    }),
  )

  registerResource(
    app,
    ctx,
    defineResource({
      name: 'attrRelation',
      table: attrRelation,
      idField: 'relationId',
      menu: SETTING_MENU,
      projectField: 'projectId',
      projectOf: {
        field: 'nodeId',
        get: async (input, w) =>
          nodeProject(w.tx, (await groupOf(w.tx, String(input.groupId))).nodeType as AttrNodeType, String(input.nodeId)),
      },
      schemas: { add: attrRelationAdd, update: attrRelationUpdate, listQuery: attrRelationListQuery },
      filters: (q) => [
        q.groupId ? eq(attrRelation.groupId, q.groupId) : undefined,
        q.nodeId ? eq(attrRelation.nodeId, q.nodeId) : undefined,
      ],
      sortable: { createTime: attrRelation.createTime },
      unique: [{ field: 'nodeId', within: ['groupId'], message: texts.routes.dup.relation }],
      beforeWrite: async (input, _current, w) => {
        const g = await groupOf(w.tx, String((input as Row).groupId))
        await checkNode(ctx, w, g.nodeType as AttrNodeType, String((input as Row).nodeId))
      },
      enrich: async (db, rows) => {
        const names = await nodeNames(
          db,
          rows.map((r) => String(r.nodeId)),
        )
        return rows.map((r) => ({ ...r, nodeName: names.get(String(r.nodeId)) ?? null }))
      },
    }),
  )

  // The nodes of a project a relation may name (projects, lines or design units).
  app.get(ATTR_API.attrRelation.nodeOptions, { config: { auth: 'signed', perm: perm(SETTING_MENU) } }, async (req) => {
    const q = parse(attrNodeOptionsQuery, req.query, req)
    await requireProject(ctx, req.auth!, q.projectId)
    const rows: AttrNodeOption[] =
      q.nodeType === 1
        ? await ctx.db
            .select({ nodeId: project.projectId, nodeName: project.projectName, nodeCode: project.projectCode })
            .from(project)
            .where(eq(project.projectId, q.projectId))
        : q.nodeType === 2
          ? await ctx.db
              .select({ nodeId: line.lineId, nodeName: line.lineName, nodeCode: line.lineCode })
              .from(line)
              .where(eq(line.projectId, q.projectId))
              .orderBy(asc(line.sort), asc(line.lineCode))
          : await ctx.db
              .select({ nodeId: designUnit.designUnitId, nodeName: designUnit.designUnitName, nodeCode: designUnit.designUnitCode })
              .from(designUnit)
              .where(eq(designUnit.projectId, q.projectId))
              .orderBy(asc(designUnit.designUnitCode))
              .limit(5000)
    return ok(req, rows)
  })

  // Rows of a user-defined table (a group of kind 'table') per node; the values are checked by the schema built from its items.
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'attrTableRow',
      table: attrTableRow,
      idField: 'rowId',
      menu: SETTING_MENU,
      projectField: 'projectId',
      projectOf: {
        field: 'nodeId',
        get: async (input, w) => nodeProject(w.tx, Number(input.nodeType) as AttrNodeType, String(input.nodeId)),
      },
      schemas: { add: attrTableRowAdd, update: attrTableRowUpdate, listQuery: attrTableRowListQuery },
      filters: (q) => [
        q.groupId ? eq(attrTableRow.groupId, q.groupId) : undefined,
        q.nodeId ? eq(attrTableRow.nodeId, q.nodeId) : undefined,
      ],
      sortable: { sort: attrTableRow.sort, createTime: attrTableRow.createTime },
      // the values by the schema built from the group's items (outside the transaction: it needs the request's language)
      check: async (input, req) => {
        const g = await groupOf(ctx.db, String(input.groupId))
        if (g.groupKind !== 'table' || g.nodeType !== input.nodeType) throw new ApiError(Code.NOT_FOUND, { field: 'groupId' })
        input.values = validateValues(await groupItems(ctx.db, g.groupId), (input.values ?? {}) as Row, req)
      },
      beforeWrite: async (input, _current, w) => {
        const row = input as Row
        row.projectId = await checkNode(ctx, w, row.nodeType as AttrNodeType, String(row.nodeId))
      },
      onAdd: (values, input) => {
        values.projectId = (input as Row).projectId
        values.values = (input as Row).values
      },
    }),
  )

  // ---- values of a node ----
  async function formOf(db: Db, nodeType: AttrNodeType, nodeId: string): Promise<AttrForm> {
    const groups = await nodeGroups(db, nodeType, nodeId)
    const [stored] = await db
      .select({ values: attrValue.values, version: attrValue.version })
      .from(attrValue)
      .where(and(eq(attrValue.nodeType, nodeType), eq(attrValue.nodeId, nodeId)))
    return { nodeType, nodeId, groups, values: stored?.values ?? {}, version: stored?.version ?? null }
  }

  app.get(ATTR_API.attrValue.get, { config: { auth: 'signed' } }, async (req) => {
    const q = parse(attrValueQuery, req.query, req)
    const projectId = await nodeProject(ctx.db, q.nodeType, q.nodeId)
    if (!projectId) throw new ApiError(Code.NOT_FOUND, { field: 'nodeId' })
    await requireProject(ctx, req.auth!, projectId, ctx.db, 'nodeId')
    return ok(req, await formOf(ctx.db, q.nodeType, q.nodeId))
  })

  app.post(ATTR_API.attrValue.save, { config: { auth: 'signed' } }, async (req) => {
    const input = parse(attrValueSave, req.body, req)
    const auth = req.auth!
    const projectId = await nodeProject(ctx.db, input.nodeType, input.nodeId)
    if (!projectId) throw new ApiError(Code.NOT_FOUND, { field: 'nodeId' })
    await requireProject(ctx, auth, projectId, ctx.db, 'nodeId')
    await checkNodeEdit(ctx, req, input.nodeType)
    const now = new Date()
    await ctx.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db
        const items = (await nodeGroups(tx, input.nodeType, input.nodeId)).flatMap((g) => g.items)
        const values = validateValues(items, input.values, req)
        const where = and(eq(attrValue.nodeType, input.nodeType), eq(attrValue.nodeId, input.nodeId))
        const [current] = await tx.select().from(attrValue).where(where)
        const conflict = async () => {
          throw new ApiError(Code.VERSION_CONFLICT, await formOf(tx, input.nodeType, input.nodeId))
        }
        if (!current) {
          if (input.version !== undefined && input.version !== 0) await conflict()
          await tx.insert(attrValue).values({
            nodeType: input.nodeType,
            nodeId: input.nodeId,
            projectId,
            values,
            version: 0,
            createTime: now,
            updateTime: now,
            createBy: auth.account.accountId,
            updateBy: auth.account.accountId,
          })
          return
        }
        if (input.version === undefined || current.version !== input.version) await conflict()
        // values of items no longer shown (a disabled group or item) are kept
        const shown = new Set(items.map((i) => i.itemId))
        const kept = Object.fromEntries(Object.entries(current.values).filter(([k]) => !shown.has(k)))
        await tx
          .update(attrValue)
          .set({ values: { ...kept, ...values }, projectId, updateTime: now, updateBy: auth.account.accountId })
          .where(and(where, eq(attrValue.version, current.version)))
      })
      .catch(async (err: unknown) => {
        if (isUniqueViolation(err)) throw new ApiError(Code.VERSION_CONFLICT, await formOf(ctx.db, input.nodeType, input.nodeId))
        throw err
      })
    return ok(req, await formOf(ctx.db, input.nodeType, input.nodeId))
  })

  registerBoqRoutes(app, ctx)
  registerResourcePoolRoutes(app, ctx)
}
