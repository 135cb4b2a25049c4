/**
 * Container nodes (/admin/project-container): one ordered tree per project (server/lib/tree.ts,
 * scope = project). The resource calls (listPage, list, add as last child, update of the fields,
 * delete with the subtree) plus
 *   GET  container/listTree?projectId=&keyword=   the whole tree, flat, siblings in order
 *   POST container/move   { containerId, parentId, index, version? }   (20021 under itself or below)
 *   POST container/copy   { containerId, parentId, codeSuffix }        (the subtree, codes + suffix)
 *   Excel: importTemplate, import?projectId= (parents by code, earlier rows or existing), export?projectId=
 */
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import {
  CONTAINER_NATURES,
  CONTAINER_TYPES,
  PROJECT_STRUCTURE_API,
  containerAdd,
  containerCopy,
  containerImportRow,
  containerListQuery,
  containerMove,
  containerTreeQuery,
  containerUpdate,
  type ContainerCopyResult,
  type ContainerNode,
} from '../../../src/contract/schemas/projectStructure'
import { en as structureEn, zh as structureZh } from '../../../src/lib/i18n/locales/projectStructure'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { container } from '../../db/schema'
import type { ExcelColumn } from '../../lib/excel'
import { ApiError, ok, parse } from '../../lib/http'
import { requireProject, requireProjects, visibleProjectIds } from '../../lib/projectScope'
import { likeEscape } from '../../lib/sql'
import { defineTree, idsOnPath, type Position } from '../../lib/tree'
import type { AuthContext } from '../../types'
import { registerImportExport } from '../files/import-export'
import { defineResource, isUniqueViolation, registerResource, type WriteContext } from '../resource'

export const CONTAINER_MENU = '/admin/project-container' as const

export const containerTree = defineTree({
  key: 'container',
  table: container,
  id: container.containerId,
  parentId: container.parentId,
  path: container.path,
  sortKey: container.sortKey,
  scope: container.projectId,
  cycle: { zh: '不能移动到自身或其下级节点之下', en: 'A node cannot be placed under itself or one of its descendants' },
})

const DUP_CODE = { zh: '本项目中已有该编码的节点', en: 'A node with this code exists in the project' }
const NO_PARENT = { zh: '上级编码在本项目中不存在', en: 'No node of the project has this parent code' }
const COPY_CLASH = {
  zh: '复制后的编码与已有节点重复，请换一个编码后缀',
  en: 'The copied codes clash with existing ones; choose another code suffix',
}

/** The answered columns (the path and the sort key are the tree's bookkeeping). */
const selection = {
  containerId: container.containerId,
  projectId: container.projectId,
  parentId: container.parentId,
  containerName: container.containerName,
  containerCode: container.containerCode,
  containerType: container.containerType,
  nature: container.nature,
  remark: container.remark,
  version: container.version,
  createTime: container.createTime,
  updateTime: container.updateTime,
  createBy: container.createBy,
  updateBy: container.updateBy,
}

/** Places a new node: under the tree's lock, the parent in the same project (else 20002 on parentId), last among its siblings. */
async function place(values: Record<string, unknown>, projectId: string, parentId: string | null, w: WriteContext) {
  await containerTree.lock(w.tx, projectId)
  let parentPath = '/'
  if (parentId) {
    const p = await containerTree.node(w.tx, parentId)
    if (!p || p.scope !== projectId) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
    parentPath = p.path
  }
  values.parentId = parentId
  values.path = `${parentPath}${String(values.containerId)}/`
  values.sortKey = await containerTree.keyAt(w.tx, parentId, projectId, 'last')
}

export const containerResource = defineResource({
  name: 'container',
  table: container,
  idField: 'containerId',
  menu: CONTAINER_MENU,
  projectField: 'projectId',
  schemas: { add: containerAdd, update: containerUpdate, listQuery: containerListQuery },
  selection,
  filters: (q) => [
    eq(container.projectId, q.projectId),
    q.keyword
      ? or(ilike(container.containerName, likeEscape(q.keyword)), ilike(container.containerCode, likeEscape(q.keyword)))
      : undefined,
    q.containerType ? eq(container.containerType, q.containerType) : undefined,
  ],
  sortable: { path: container.path, containerCode: container.containerCode, containerName: container.containerName },
  unique: [{ field: 'containerCode', within: ['projectId'], message: DUP_CODE }],
  onAdd: (values, input, w) => place(values, input.projectId, input.parentId ?? null, w),
})

type Row = Record<string, unknown>

/** The nodes of a project in tree order (depth first, siblings by sort key), each with its child count. */
export async function treeRows(db: Db, projectId: string, where?: SQL): Promise<ContainerNode[]> {
  const rows = (await db
    .select({
      containerId: container.containerId,
      parentId: container.parentId,
      containerName: container.containerName,
      containerCode: container.containerCode,
      containerType: container.containerType,
      nature: container.nature,
      remark: container.remark,
      version: container.version,
      sortKey: container.sortKey,
    })
    .from(container)
    .where(and(eq(container.projectId, projectId), where))
    .orderBy(asc(container.sortKey), asc(container.containerId))) as unknown as (ContainerNode & { sortKey: string | null })[]
  const children = new Map<string | null, (ContainerNode & { sortKey: string | null })[]>()
  const ids = new Set(rows.map((r) => r.containerId))
  for (const r of rows) {
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : null
    const list = children.get(key)
    if (list) list.push(r)
    else children.set(key, [r])
  }
  const out: ContainerNode[] = []
  const stack = [...(children.get(null) ?? [])].reverse()
  while (stack.length) {
    const { sortKey: _k, remark, ...n } = stack.pop()!
    const kids = children.get(n.containerId) ?? []
    out.push({ ...n, ...(remark ? { remark } : {}), childCount: kids.length })
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
  return out
}

/** The nodes whose name or code contains the keyword, with their ancestors (the tree around the matches). */
async function searchRows(db: Db, projectId: string, keyword: string): Promise<ContainerNode[]> {
  const hits = await db
    .select({ path: container.path })
    .from(container)
    .where(
      and(
        eq(container.projectId, projectId),
        or(ilike(container.containerName, likeEscape(keyword)), ilike(container.containerCode, likeEscape(keyword))),
      ),
    )
  if (hits.length === 0) return []
  const keep = new Set(hits.flatMap((h) => (h.path ? idsOnPath(h.path) : [])))
  const ids = [...keep]
  // a long id list goes as one json array parameter
  return treeRows(db, projectId, sql`${container.containerId} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`)
}

/** A node the caller may see (else 20002), read through `db`. */
async function visibleNode(ctx: Ctx, auth: AuthContext, db: Db, containerId: string, field?: string) {
  const node = await containerTree.node(db, containerId)
  if (!node) throw new ApiError(Code.NOT_FOUND, field ? { field } : null)
  requireProjects(await visibleProjectIds(ctx, auth, db), [node.scope], field)
  return node
}

/** The place among the new parent's children that `index` means (the moving node left out). */
async function positionAt(db: Db, projectId: string, parentId: string | null, index: number, moving: string): Promise<Position> {
  const siblings = await db
    .select({ id: container.containerId })
    .from(container)
    .where(
      and(
        parentId ? eq(container.parentId, parentId) : and(sql`${container.parentId} is null`, eq(container.projectId, projectId)),
        sql`${container.containerId} <> ${moving}`,
      ),
    )
    .orderBy(asc(container.sortKey))
    .limit(index + 1)
  return index >= siblings.length ? 'last' : { before: siblings[index]!.id }
}

const label = (zh: Record<string, string>, en: Record<string, string>) => (value: string) => ({
  value,
  label: { zh: zh[value] ?? value, en: en[value] ?? value },
})

export const CONTAINER_COLUMNS: ExcelColumn[] = [
  {
    field: 'containerCode',
    title: { zh: '节点编码', en: 'Code' },
    required: true,
    width: 18,
    hint: {
      zh: '字母、数字、-、_ 或 .；本项目内不能重复',
      en: 'Letters, digits, -, _ or .; unique within the project',
    },
  },
  { field: 'containerName', title: { zh: '节点名称', en: 'Name' }, required: true, width: 28 },
  {
    field: 'parentCode',
    title: { zh: '上级编码', en: 'Parent code' },
    width: 18,
    hint: {
      zh: '上级节点的编码（本文件中靠前的行或项目中已有的节点）；不填为顶级节点',
      en: 'The code of the parent (an earlier row of the file or an existing node); empty: a top node',
    },
  },
  {
    field: 'containerType',
    title: { zh: '节点类型', en: 'Type' },
    required: true,
    width: 12,
    values: CONTAINER_TYPES.map(label(structureZh.containerType, structureEn.containerType)),
  },
  {
    field: 'nature',
    title: { zh: '性质', en: 'Nature' },
    width: 10,
    values: CONTAINER_NATURES.map(label(structureZh.nature, structureEn.nature)),
  },
  { field: 'remark', title: { zh: '备注', en: 'Remark' }, width: 30 },
]

export function registerContainerRoutes(app: FastifyInstance, ctx: Ctx): void {
  const handle = registerResource(app, ctx, containerResource)
  const read = { auth: 'signed' as const, perm: perm(CONTAINER_MENU) }

  app.get(PROJECT_STRUCTURE_API.containerTree, { config: read }, async (req) => {
    const q = parse(containerTreeQuery, req.query, req)
    await requireProject(ctx, req.auth!, q.projectId)
    return ok(req, q.keyword ? await searchRows(ctx.db, q.projectId, q.keyword) : await treeRows(ctx.db, q.projectId))
  })

  app.post(PROJECT_STRUCTURE_API.containerMove, { config: { auth: 'signed', perm: perm(CONTAINER_MENU, 'move') } }, async (req) => {
    const input = parse(containerMove, req.body, req)
    const auth = req.auth!
    const moved = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const node = await visibleNode(ctx, auth, tx, input.containerId)
      await containerTree.lock(tx, node.scope)
      if (input.version !== undefined) {
        const [current] = await tx.select(selection).from(container).where(eq(container.containerId, input.containerId))
        if (current && current.version !== input.version) throw new ApiError(Code.VERSION_CONFLICT, current)
      }
      await containerTree.checkMove(tx, input.containerId, input.parentId)
      const position = await positionAt(tx, node.scope!, input.parentId, input.index, input.containerId)
      // the parent and sort key change in one statement: the version moves once (trigger)
      await containerTree.move(tx, input.containerId, { parentId: input.parentId, position })
      const [row] = await tx.select(selection).from(container).where(eq(container.containerId, input.containerId))
      return row
    })
    return ok(req, moved)
  })

  app.post(PROJECT_STRUCTURE_API.containerCopy, { config: { auth: 'signed', perm: perm(CONTAINER_MENU, 'copy') } }, async (req) => {
    const input = parse(containerCopy, req.body, req)
    const auth = req.auth!
    const now = new Date()
    const result = await ctx.db
      .transaction(async (txRaw): Promise<ContainerCopyResult> => {
        const tx = txRaw as unknown as Db
        await visibleNode(ctx, auth, tx, input.containerId)
        const ids = await containerTree.copy(
          tx,
          input.containerId,
          { parentId: input.parentId },
          {
            container_code: sql`s.container_code || ${input.codeSuffix}::text`,
            version: sql`0`,
            create_time: sql`${now.toISOString()}::timestamptz`,
            update_time: sql`${now.toISOString()}::timestamptz`,
            create_by: sql`${auth.account.accountId}::text`,
            update_by: sql`${auth.account.accountId}::text`,
          },
        )
        return { rootId: ids.get(input.containerId)!, copied: ids.size }
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new ApiError(Code.DUPLICATE, { field: 'codeSuffix', value: input.codeSuffix }, COPY_CLASH)
        throw err
      })
    return ok(req, result)
  })

  registerImportExport(app, ctx, {
    name: 'container',
    menu: CONTAINER_MENU,
    columns: CONTAINER_COLUMNS,
    example: { containerCode: 'DK-BR-01', containerName: '汉江特大桥', parentCode: 'SEC-01', containerType: 'bridge', nature: 'entity' },
    fileName: { zh: '项目容器', en: 'containers' },
    import: {
      schema: containerImportRow,
      target: containerTreeQuery.pick({ projectId: true }),
      check: (auth, target) => requireProject(ctx, auth, target.projectId),
      row: async (w, data, _source, { projectId }) => {
        const { parentCode, ...fields } = data
        let parentId: string | null = null
        if (parentCode) {
          const [p] = await w.tx
            .select({ id: container.containerId })
            .from(container)
            .where(and(eq(container.projectId, projectId), eq(container.containerCode, parentCode)))
          if (!p) throw new ApiError(Code.NOT_FOUND, { field: 'parentCode' }, NO_PARENT)
          parentId = p.id
        }
        return handle.insert(w, { ...fields, projectId, parentId })
      },
    },
    export: {
      query: containerTreeQuery,
      rows: async (auth, q, limit) => {
        await requireProject(ctx, auth, q.projectId)
        const rows = q.keyword ? await searchRows(ctx.db, q.projectId, q.keyword) : await treeRows(ctx.db, q.projectId)
        const codeOf = new Map(rows.map((r) => [r.containerId, r.containerCode]))
        return rows.slice(0, limit).map((r): Row => ({ ...r, parentCode: r.parentId ? (codeOf.get(r.parentId) ?? '') : '' }))
      },
    },
  })
}

/** Rows per INSERT of `insertContainerRows`. */
const BULK_ROWS = 500
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * Inserts many nodes of a project at once (the initialisation wizard), inside the caller's
 * transaction and under the tree's lock: each row's parent by its code — an earlier row or a node
 * already in the project (the caller has checked both, and that codes do not repeat). Paths and
 * sort keys are computed here (new siblings after the existing ones, in row order), then written
 * BULK_ROWS rows per statement. Answers code → id of the new nodes; `done(n)` reports progress.
 */
export async function insertContainerRows(
  w: WriteContext,
  projectId: string,
  rows: (z.infer<typeof containerImportRow> & { containerId?: string })[],
  done: (n: number) => void = () => undefined,
): Promise<Map<string, string>> {
  await containerTree.lock(w.tx, projectId)
  const existing = await w.tx
    .select({ id: container.containerId, code: container.containerCode, path: container.path })
    .from(container)
    .where(eq(container.projectId, projectId))
  const nodes = new Map(existing.map((e) => [e.code, { id: e.id, path: e.path ?? `/${e.id}/` }]))
  const created = new Map<string, string>()
  // new children per parent (null: roots), then one key prefix per parent after its existing children
  const children = new Map<string | null, number>()
  const planned = rows.map((r) => {
    const { parentCode, ...fields } = r
    const parent = parentCode ? nodes.get(parentCode) : undefined
    if (parentCode && !parent) throw new ApiError(Code.NOT_FOUND, { field: 'parentCode', value: parentCode }, NO_PARENT)
    const id = r.containerId ?? newId()
    const path = `${parent?.path ?? '/'}${id}/`
    nodes.set(fields.containerCode, { id, path })
    created.set(fields.containerCode, id)
    const parentId = parent?.id ?? null
    const index = children.get(parentId) ?? 0
    children.set(parentId, index + 1)
    return { fields, id, path, parentId, index }
  })
  const newIds = new Set(planned.map((p) => p.id))
  const prefix = new Map<string | null, { first: string; width: number }>()
  for (const [parentId, count] of children) {
    // a new parent has no children yet: no need to ask the database
    const first = parentId !== null && newIds.has(parentId) ? 'V' : await containerTree.keyAt(w.tx, parentId, projectId, 'last')
    prefix.set(parentId, { first, width: Math.max(1, Math.ceil(Math.log(count + 1) / Math.log(62))) })
  }
  /** Same-width base-62 digits after the parent's next key, ending in 'V' (keys never end in '0'). */
  const keyOf = (parentId: string | null, index: number) => {
    const p = prefix.get(parentId)!
    let digits = ''
    for (let n = index, i = 0; i < p.width; i++, n = Math.floor(n / 62)) digits = B62[n % 62]! + digits
    return `${p.first}${digits}V`
  }
  const by = w.auth.account.accountId
  for (let i = 0; i < planned.length; i += BULK_ROWS) {
    const chunk = planned.slice(i, i + BULK_ROWS)
    await w.tx.insert(container).values(
      chunk.map((p) => ({
        ...p.fields,
        containerId: p.id,
        projectId,
        parentId: p.parentId,
        path: p.path,
        sortKey: keyOf(p.parentId, p.index),
        version: 0,
        createTime: w.now,
        updateTime: w.now,
        createBy: by,
        updateBy: by,
      })),
    )
    done(chunk.length)
  }
  return created
}
