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
import { count, eq, inArray } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { excelColumns } from '../../../src/contract/fields'
import { CONTAINER_FIELDS } from '../../../src/contract/fields/projectStructure'
import { newId } from '../../../src/contract/ids'
import {
  PROJECT_STRUCTURE_API,
  containerAdd,
  containerCopy,
  containerImportRow,
  containerListQuery,
  containerMove,
  containerTreeQuery,
  containerUpdate,
  type ContainerNode,
} from '../../../src/contract/schemas/projectStructure'
import * as projectStructure from '../../../src/lib/i18n/locales/projectStructure'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { container } from '../../db/schema'
import { dictionaryItems, dictionaryResolver, requireDictionaryItem, setDictionaryUse } from '../dataDictionary'
import { treeSheetColumns, type ExcelColumn } from '../../lib/excel'
import { localeTexts } from '../../lib/fields'
import { ApiError } from '../../lib/http'
import { requireProject, requireProjects, visibleProjectIds } from '../../lib/projectScope'
import { anyLike } from '../../lib/sql'
import { defineTree } from '../../lib/tree'
import { defineResource, stampsOf, type WriteContext } from '../../lib/resource'
import { defineTreeResource, placeNode, readTree, registerTreeResource } from '../../lib/treeResource'
import texts from './texts.json'

export const CONTAINER_MENU = '/admin/project-container' as const

export const containerTree = defineTree({
  table: container,
  id: container.containerId,
  scope: container.projectId,
})

/** A container's type is an item of this data dictionary key (its code is stored). */
const TYPE_KEY = 'container_type' as const

/** At start: the containers store codes of the container type key (its items in use are not deleted). */
export function setContainerTypeUse(): void {
  setDictionaryUse(TYPE_KEY, {
    what: { zh: '项目容器节点', en: 'container nodes' },
    count: async (db, codes) => {
      if (codes.length === 0) return new Map()
      const rows = await db
        .select({ code: container.containerType, n: count() })
        .from(container)
        .where(inArray(container.containerType, codes))
        .groupBy(container.containerType)
      return new Map(rows.map((r) => [r.code, r.n]))
    },
  })
}

/** Reads a type named by its code or its zh or en label as the code of an enabled container type; null: none. */
export const containerTypeResolver = (db: Db) => dictionaryResolver(db, TYPE_KEY)

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
  ...stampsOf(container),
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
    q.keyword ? anyLike(q.keyword, container.containerName, container.containerCode) : undefined,
    q.containerType ? eq(container.containerType, q.containerType) : undefined,
  ],
  sortable: { path: container.path, containerCode: container.containerCode, containerName: container.containerName },
  unique: [{ field: 'containerCode', within: ['projectId'], message: texts.containers.dupCode }],
  onAdd: placeNode(containerTree, 'containerId', (input) => String(input.projectId)),
  // an enabled item of the container type key; a node keeps a type disabled since it was chosen
  beforeWrite: async (input, current, w) => {
    if (current?.containerType !== input.containerType) await requireDictionaryItem(w.tx, TYPE_KEY, input.containerType, 'containerType')
  },
})

/** The type's cell of an exported row: its label in the request's language (exportRows adds them), else its code. */
const TYPE_LABEL = 'containerTypeLabel'

export const CONTAINER_COLUMNS: ExcelColumn[] = treeSheetColumns(
  excelColumns(CONTAINER_FIELDS, localeTexts({ projectStructure })),
  'containerCode',
  'containerName',
  { zh: '项目', en: 'project' },
).map((c) =>
  c.field === 'containerType'
    ? { ...c, format: (v, rec, lang) => (rec[TYPE_LABEL] as Record<string, string> | undefined)?.[lang] ?? v }
    : c,
)

/** What a node of the tree answers (besides id, parent, version, level and child count). */
const nodeSelection = {
  containerName: container.containerName,
  containerCode: container.containerCode,
  containerType: container.containerType,
  nature: container.nature,
  remark: container.remark,
}

/** A project's nodes in tree order (the initialisation wizard's template copy). */
export const treeRows = (db: Db, projectId: string) =>
  readTree({ tree: containerTree, idField: 'containerId', nodeSelection }, db, projectId) as unknown as Promise<ContainerNode[]>

export function registerContainerRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerTreeResource(
    app,
    ctx,
    defineTreeResource({
      tree: containerTree,
      resource: containerResource,
      code: { field: 'containerCode', column: container.containerCode },
      name: container.containerName,
      nodeSelection,
      paths: {
        tree: PROJECT_STRUCTURE_API.containerTree,
        move: PROJECT_STRUCTURE_API.containerMove,
        copy: PROJECT_STRUCTURE_API.containerCopy,
      },
      fns: { move: 'move', copy: 'copy' },
      treeQuery: containerTreeQuery,
      scopeOf: (q) => q.projectId,
      checkScope: async (auth, projectId, db) => {
        if (db) requireProjects(await visibleProjectIds(ctx, auth, db), [projectId])
        else await requireProject(ctx, auth, projectId)
      },
      moveSchema: containerMove,
      copySchema: containerCopy,
      messages: { copyClash: texts.containers.copyClash, noParent: texts.containers.noParent },
      excel: {
        columns: CONTAINER_COLUMNS,
        example: {
          containerCode: 'DK-BR-01',
          containerName: '汉江特大桥',
          parentCode: 'SEC-01',
          containerType: 'bridge',
          nature: 'entity',
        },
        fileName: { zh: '项目容器', en: 'containers' },
        exportRows: async (db, rows) => {
          const items = new Map(((await dictionaryItems(db, TYPE_KEY, true)) ?? []).map((i) => [i.code, { zh: i.label, en: i.labelEn }]))
          return rows.map((r) => ({ ...r, [TYPE_LABEL]: items.get(String(r.containerType)) }))
        },
        row: containerImportRow,
        target: containerTreeQuery.pick({ projectId: true }),
        // a type named by its label is stored as its code (unknown ones are refused by the add)
        toInput: async (w, data) => ({
          ...data,
          containerType: (await dictionaryResolver(w.tx, TYPE_KEY))(String(data.containerType)) ?? data.containerType,
        }),
      },
    }),
  )
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
  // the types as codes (a row may name a type by its label); 20001 on the first that is not an enabled item
  const typeOf = await dictionaryResolver(w.tx, TYPE_KEY)
  rows = rows.map((r) => ({ ...r, containerType: typeOf(r.containerType) ?? r.containerType }))
  const unknown = rows.find((r) => typeOf(r.containerType) === null)
  if (unknown) await requireDictionaryItem(w.tx, TYPE_KEY, unknown.containerType, 'containerType')
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
    if (parentCode && !parent) throw new ApiError(Code.NOT_FOUND, { field: 'parentCode', value: parentCode }, texts.containers.noParent)
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
