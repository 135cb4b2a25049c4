/**
 * The bill of quantities (清单, /admin/su-boq; issue 13 part B): quantity items of a container node
 * or a design unit of a project (code, name, unit, quantity, unit price; the amount is derived by
 * the database), totals rolled up the container tree (a design unit counts towards its container),
 * Excel import (the node by its code) and export. Decimals are exact: numeric columns, strings on
 * the wire, sums in integer cents.
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { excelColumns } from '../../../src/contract/fields'
import { BOQ_ITEM_FIELDS } from '../../../src/contract/fields/attributes'
import {
  ATTR_API,
  amountToCents,
  boqImportRow,
  boqItemAdd,
  boqItemListQuery,
  boqItemUpdate,
  boqTotalsQuery,
  centsToAmount,
  type BoqNodes,
  type BoqQuantity,
  type BoqNodeTotal,
  type BoqTotals,
} from '../../../src/contract/schemas/attributes'
import * as attributes from '../../../src/lib/i18n/locales/attributes'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { boqItem, container, designUnit } from '../../db/schema'
import { columnsBefore } from '../../lib/excel'
import { localeTexts } from '../../lib/fields'
import { ApiError, ok, parse } from '../../lib/http'
import { requireInProject, requireProject } from '../../lib/projectScope'
import { anyLike } from '../../lib/sql'
import { dictNodeCodes, quantityEntries, quantityEntry } from '../dictionary'
import { registerImportExport } from '../files'
import { defineResource, registerResource, type WriteContext } from '../../lib/resource'
import texts from './texts.json'

type Row = Record<string, unknown>

export const BOQ_MENU = '/admin/su-boq' as const

const boqContainer = alias(container, 'boq_container')
const boqDesignUnit = alias(designUnit, 'boq_design_unit')

/** The item's name and unit: its quantity dictionary entry's (20002 on the field when it is not an enabled entry). */
async function fromEntry(db: Db, by: { nodeId: string } | { nodeCode: string }, field: string): Promise<Row> {
  const entry = await quantityEntry(db, by)
  if (!entry) throw new ApiError(Code.NOT_FOUND, { field }, texts.boq.noQuantity)
  return { quantityNodeId: entry.nodeId, itemName: entry.nodeName, unit: entry.unit ?? '' }
}

/** The node of an item must belong to the item's project (20002 on the node's field). */
async function checkNode(w: WriteContext, input: Row): Promise<void> {
  const projectId = String(input.projectId)
  if (input.containerId)
    await requireInProject(w.tx, 'containerId', container.containerId, container.projectId, String(input.containerId), projectId)
  else await requireInProject(w.tx, 'designUnitId', designUnit.designUnitId, designUnit.projectId, String(input.designUnitId), projectId)
}

/**
 * Totals of a project: the own amount of every node with items, rolled up the container tree by the
 * materialised path (a design unit's total adds to its container and that container's ancestors).
 */
export async function boqTotals(db: Db, projectId: string): Promise<BoqTotals> {
  const own = await db
    .select({
      containerId: boqItem.containerId,
      designUnitId: boqItem.designUnitId,
      amount: sql<string>`coalesce(sum(${boqItem.amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(boqItem)
    .where(eq(boqItem.projectId, projectId))
    .groupBy(boqItem.containerId, boqItem.designUnitId)
  const paths = new Map(
    (await db.select({ id: container.containerId, path: container.path }).from(container).where(eq(container.projectId, projectId))).map(
      (c) => [c.id, c.path ?? `/${c.id}/`],
    ),
  )
  const unitContainer = new Map(
    (
      await db
        .select({ id: designUnit.designUnitId, containerId: designUnit.containerId })
        .from(designUnit)
        .where(and(eq(designUnit.projectId, projectId), isNotNull(designUnit.containerId)))
    ).map((d) => [d.id, d.containerId!]),
  )
  return { projectId, ...rollUp(own, paths, unitContainer) }
}

/** Own amounts per node rolled up the container paths ('/a/b/c/'); a design unit adds to its container's path. */
export function rollUp(
  own: { containerId: string | null; designUnitId: string | null; amount: string; count: number }[],
  paths: Map<string, string>,
  unitContainer: Map<string, string>,
): Omit<BoqTotals, 'projectId'> {
  const nodes = new Map<string, { kind: BoqNodeTotal['kind']; own: bigint; total: bigint; count: number }>()
  const node = (id: string, kind: BoqNodeTotal['kind']) => {
    let n = nodes.get(id)
    if (!n) nodes.set(id, (n = { kind, own: 0n, total: 0n, count: 0 }))
    return n
  }
  let total = 0n
  let count = 0
  for (const r of own) {
    const cents = amountToCents(r.amount)
    total += cents
    count += r.count
    const kind = r.containerId ? 'container' : 'designUnit'
    const self = node((r.containerId ?? r.designUnitId)!, kind)
    self.own += cents
    self.total += cents
    self.count += r.count
    const containerId = r.containerId ?? unitContainer.get(r.designUnitId!)
    const path = containerId ? paths.get(containerId) : undefined
    if (!path) continue
    // every container on the path ('/a/b/c/'), except the item's own container (already counted)
    for (const id of path.split('/').filter(Boolean)) {
      if (id === r.containerId) continue
      const up = node(id, 'container')
      up.total += cents
      up.count += r.count
    }
  }
  return {
    total: centsToAmount(total),
    count,
    nodes: [...nodes].map(([nodeId, n]) => ({
      nodeId,
      kind: n.kind,
      own: centsToAmount(n.own),
      total: centsToAmount(n.total),
      count: n.count,
    })),
  }
}

const text = localeTexts({ attributes })

/** The node by its code, then the item's declared fields; the amount (exported only) before the remark. */
const BOQ_COLUMNS = columnsBefore(
  [
    {
      field: 'nodeCode',
      title: { zh: '节点编码', en: 'Node code' },
      required: true,
      width: 18,
      hint: { zh: '容器节点编码或设计单元编码', en: 'A container node code or a design unit code' },
    },
    {
      field: 'quantityCode',
      title: text('attributes.boq.field.quantityCode'),
      required: true,
      width: 18,
      hint: text('attributes.boq.quantityCodeHint'),
    },
    // the entry's name and unit are the item's: exported, not read
    ...excelColumns(BOQ_ITEM_FIELDS, text).map((c) => (c.field === 'itemName' || c.field === 'unit' ? { ...c, exportOnly: true } : c)),
  ],
  'remark',
  [{ field: 'amount', title: text('attributes.boq.field.amount'), width: 16, exportOnly: true }],
)

export function registerBoqRoutes(app: FastifyInstance, ctx: Ctx): void {
  const handle = registerResource(
    app,
    ctx,
    defineResource({
      name: 'boqItem',
      table: boqItem,
      idField: 'boqItemId',
      menu: BOQ_MENU,
      projectField: 'projectId',
      schemas: { add: boqItemAdd, update: boqItemUpdate, listQuery: boqItemListQuery },
      filters: (q) => [
        q.containerId ? eq(boqItem.containerId, q.containerId) : undefined,
        q.designUnitId ? eq(boqItem.designUnitId, q.designUnitId) : undefined,
        q.keyword ? anyLike(q.keyword, boqItem.itemName, boqItem.itemCode) : undefined,
      ],
      sortable: { sort: boqItem.sort, itemCode: boqItem.itemCode, itemName: boqItem.itemName, amount: boqItem.amount },
      unique: [{ field: 'itemCode', caseInsensitive: true, within: ['projectId'], message: texts.boq.dupCode }],
      selection: {
        ...getTableColumns(boqItem),
        nodeName: sql<string | null>`coalesce(${boqContainer.containerName}, ${boqDesignUnit.designUnitName})`.as('node_name'),
        nodeCode: sql<string | null>`coalesce(${boqContainer.containerCode}, ${boqDesignUnit.designUnitCode})`.as('node_code'),
      },
      join: (q) =>
        q
          .leftJoin(boqContainer, eq(boqContainer.containerId, boqItem.containerId))
          .leftJoin(boqDesignUnit, eq(boqDesignUnit.designUnitId, boqItem.designUnitId)) as unknown as typeof q,
      beforeWrite: (input, _current, w) => checkNode(w, input as Row),
      derive: (input, w) => fromEntry(w.tx, { nodeId: input.quantityNodeId }, 'quantityNodeId'),
    }),
  )

  app.get(ATTR_API.boqItem.totals, { config: { auth: 'signed', perm: perm(BOQ_MENU) } }, async (req) => {
    const q = parse(boqTotalsQuery, req.query, req)
    await requireProject(ctx, req.auth!, q.projectId)
    return ok(req, await boqTotals(ctx.db, q.projectId))
  })

  app.get(ATTR_API.boqItem.nodes, { config: { auth: 'signed', perm: perm(BOQ_MENU) } }, async (req) => {
    const q = parse(boqTotalsQuery, req.query, req)
    await requireProject(ctx, req.auth!, q.projectId)
    const containers = await ctx.db
      .select({
        containerId: container.containerId,
        parentId: container.parentId,
        containerCode: container.containerCode,
        containerName: container.containerName,
      })
      .from(container)
      .where(eq(container.projectId, q.projectId))
      .orderBy(asc(container.sortKey), asc(container.containerId))
    const designUnits = await ctx.db
      .select({
        designUnitId: designUnit.designUnitId,
        containerId: designUnit.containerId,
        designUnitCode: designUnit.designUnitCode,
        designUnitName: designUnit.designUnitName,
      })
      .from(designUnit)
      .where(eq(designUnit.projectId, q.projectId))
      .orderBy(asc(designUnit.startMetres), asc(designUnit.designUnitCode))
    return ok<BoqNodes>(req, { containers, designUnits })
  })

  // the entries an item may be of, for whoever keeps the bill (the dictionary's own screen is another menu)
  app.get(ATTR_API.boqItem.quantities, { config: { auth: 'signed', perm: perm(BOQ_MENU) } }, async (req) =>
    ok<BoqQuantity[]>(req, await quantityEntries(ctx.db)),
  )

  registerImportExport(app, ctx, {
    name: 'boqItem',
    menu: BOQ_MENU,
    columns: BOQ_COLUMNS,
    example: { nodeCode: 'DK-BR-01', quantityCode: 'QTY-HNT-C30', itemCode: 'QD-001', quantity: '1250.5', unitPrice: '468.00' },
    fileName: { zh: '工程量清单', en: 'bill of quantities' },
    import: {
      schema: boqImportRow,
      target: boqTotalsQuery,
      check: (auth, target) => requireProject(ctx, auth, target.projectId),
      row: async (w, data, _source, { projectId }) => {
        const { nodeCode, quantityCode, ...fields } = data
        const entry = await fromEntry(w.tx, { nodeCode: quantityCode }, 'quantityCode')
        const [c] = await w.tx
          .select({ id: container.containerId })
          .from(container)
          .where(and(eq(container.projectId, projectId), eq(container.containerCode, nodeCode)))
        const [d] = c
          ? []
          : await w.tx
              .select({ id: designUnit.designUnitId })
              .from(designUnit)
              .where(and(eq(designUnit.projectId, projectId), eq(designUnit.designUnitCode, nodeCode)))
        if (!c && !d) throw new ApiError(Code.NOT_FOUND, { field: 'nodeCode' }, texts.boq.noNode)
        const node = c ? { containerId: c.id } : { designUnitId: d!.id }
        return handle.insert(w, { ...fields, quantityNodeId: String(entry.quantityNodeId), sort: 1, projectId, ...node })
      },
    },
    export: {
      query: boqItemListQuery,
      sortable: Object.keys(handle.def.sortable),
      rows: async (auth, q, limit) => {
        if (q.projectId) await requireProject(ctx, auth, q.projectId)
        const rows = await handle.list(auth, q, limit)
        const codes = await dictNodeCodes(ctx.db, [...new Set(rows.flatMap((r) => (r.quantityNodeId ? [String(r.quantityNodeId)] : [])))])
        return rows.map((r) => ({ ...r, quantityCode: r.quantityNodeId ? (codes.get(String(r.quantityNodeId)) ?? '') : '' }))
      },
    },
  })
}
