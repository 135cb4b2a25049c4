/**
 * Engineering dictionaries (issue 13 part A; src/contract/schemas/dictionary.ts): engineering majors
 * (`dictMajor`, managed on the EBS screen with its 专业管理 function), the EBS / WBS / quantity trees
 * (one tree resource each, ../treeResource.ts, over one table split by `kind`), the EBS standard of a
 * major (`ebs/listByMajor?marjorId=`), copying chosen standard nodes with their ancestors into any of
 * the three, and the WBS–EBS relations.
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { perm, type MenuPath } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { excelColumns } from '../../../src/contract/fields'
import { DICT_NODE_FIELDS } from '../../../src/contract/fields/dictionary'
import { newId } from '../../../src/contract/ids'
import {
  DICT_API,
  dictCopyFromStandard,
  dictImportRow,
  dictMajorAdd,
  dictMajorListQuery,
  dictMajorUpdate,
  dictNodeAdd,
  dictNodeCopy,
  dictNodeListQuery,
  dictNodeMove,
  dictNodeUpdate,
  dictStandardQuery,
  dictTreeQuery,
  relTreeQuery,
  wbsEbsRelQuery,
  wbsEbsRelSave,
  type DictCopyResult,
  type DictKind,
} from '../../../src/contract/schemas/dictionary'
import * as dictionary from '../../../src/lib/i18n/locales/dictionary'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { dictMajor, dictNode, wbsEbsRel } from '../../db/schema'
import { statusColumn, treeSheetColumns, type ExcelColumn } from '../../lib/excel'
import { localeTexts } from '../../lib/fields'
import { ApiError, ok, parse, type Text } from '../../lib/http'
import { anyLike } from '../../lib/sql'
import { defineTree, idsOnPath, keyBetween } from '../../lib/tree'
import { defineResource, isUniqueViolation, registerResource, stampsOf } from '../../lib/resource'
import { defineTreeResource, placeNode, registerTreeResource, type TreeResourceHandle } from '../../lib/treeResource'
import texts from './texts.json'

export const DICT_MENUS = {
  ebs: '/admin/ebs-management',
  wbs: '/admin/wbs-management',
  quantity: '/admin/account-quantity-management',
} as const satisfies Record<DictKind, MenuPath>
export const REL_MENU = '/admin/wbs-ebs-rel-configuration' as const

export const dictTree = defineTree({
  key: 'dict',
  table: dictNode,
  id: dictNode.nodeId,
  scope: dictNode.kind,
})

const FILE_NAMES: Record<DictKind, Text> = texts.routes.fileNames
const EXAMPLES: Record<DictKind, Record<string, unknown>> = {
  ebs: { nodeCode: 'QL-01', nodeName: '桥梁工程', parentCode: '', unit: '座', majorCode: 'BRIDGE', status: 1 },
  wbs: { nodeCode: 'W-01-01', nodeName: '基础施工', parentCode: 'W-01', unit: '项', status: 1 },
  quantity: { nodeCode: 'Q-C30', nodeName: 'C30 混凝土', parentCode: 'Q-01', unit: 'm³', status: 1 },
}

const COLUMNS: ExcelColumn[] = treeSheetColumns(
  excelColumns(DICT_NODE_FIELDS, localeTexts({ dictionary }), {
    majorId: {
      field: 'majorCode',
      title: { zh: '专业编码', en: 'Major code' },
      width: 14,
      hint: { zh: '工程专业的编码', en: 'The code of an engineering major' },
    },
    status: statusColumn(10),
  }),
  'nodeCode',
  'nodeName',
  { zh: '字典', en: 'dictionary' },
)

const nodeSelection = {
  nodeCode: dictNode.nodeCode,
  nodeName: dictNode.nodeName,
  unit: dictNode.unit,
  majorId: dictNode.majorId,
  description: dictNode.description,
  status: dictNode.status,
}
const recordSelection = {
  nodeId: dictNode.nodeId,
  kind: dictNode.kind,
  parentId: dictNode.parentId,
  ...nodeSelection,
  ...stampsOf(dictNode),
}

/** The major of a code (case-insensitive), else the row fails on majorCode. */
async function majorIdOf(db: Db, code: string): Promise<string> {
  const [m] = await db
    .select({ id: dictMajor.majorId })
    .from(dictMajor)
    .where(eq(sql`lower(${dictMajor.majorCode})`, code.toLowerCase()))
  if (!m) throw new ApiError(Code.NOT_FOUND, { field: 'majorCode' }, texts.routes.noMajor)
  return m.id
}

function dictionaryResource(kind: DictKind) {
  const menu = DICT_MENUS[kind]
  return defineTreeResource({
    tree: dictTree,
    resource: defineResource({
      name: kind,
      table: dictNode,
      idField: 'nodeId',
      menu,
      schemas: { add: dictNodeAdd, update: dictNodeUpdate, listQuery: dictNodeListQuery },
      selection: recordSelection,
      filters: (q) => [
        eq(dictNode.kind, kind),
        q.keyword ? anyLike(q.keyword, dictNode.nodeName, dictNode.nodeCode) : undefined,
        q.majorId ? eq(dictNode.majorId, q.majorId) : undefined,
      ],
      sortable: { path: dictNode.path, nodeCode: dictNode.nodeCode, nodeName: dictNode.nodeName },
      unique: [{ field: 'nodeCode', within: ['kind'], message: texts.routes.dupCode }],
      // the kind is the resource's, never the payload's (the unique rule compares within it)
      check: async (input) => {
        input.kind = kind
      },
      onAdd: async (values, input, w) => {
        values.kind = kind
        await placeNode(dictTree, 'nodeId', () => kind)(values, input, w)
      },
      // the generic calls answer only this kind's nodes: another kind's id is not found (20002)
      beforeWrite: async (_input, current) => {
        if (current && current.kind !== kind) throw new ApiError(Code.NOT_FOUND)
      },
      beforeDelete: async (_ids, rows) => {
        if (rows.some((r) => r.kind !== kind)) throw new ApiError(Code.NOT_FOUND)
      },
    }),
    code: { field: 'nodeCode', column: dictNode.nodeCode },
    name: dictNode.nodeName,
    nodeSelection,
    paths: { tree: DICT_API.tree(kind), move: DICT_API.move(kind), copy: DICT_API.copy(kind) },
    fns: { move: 'move', copy: 'copy' },
    treeQuery: dictTreeQuery,
    scopeOf: () => kind,
    fixedScope: kind,
    moveSchema: dictNodeMove,
    copySchema: dictNodeCopy,
    messages: { copyClash: texts.routes.copyClash, noParent: texts.routes.noParent },
    excel: {
      columns: COLUMNS,
      example: EXAMPLES[kind],
      fileName: FILE_NAMES[kind],
      row: dictImportRow,
      toInput: async (w, data) => {
        const { majorCode, ...rest } = data as { majorCode?: string }
        return majorCode ? { ...rest, majorId: await majorIdOf(w.tx, majorCode) } : rest
      },
      exportRows: async (db, rows) => {
        const majors = new Map(
          (await db.select({ id: dictMajor.majorId, code: dictMajor.majorCode }).from(dictMajor)).map((m) => [m.id, m.code]),
        )
        return rows.map((r) => ({ ...r, majorCode: r.majorId ? (majors.get(String(r.majorId)) ?? '') : '' }))
      },
    },
  })
}

/** The EBS standard of a major: its nodes with all their ancestors, in tree order. */
async function standardRows(db: Db, handle: TreeResourceHandle, majorId: string) {
  const hits = await db
    .select({ path: dictNode.path })
    .from(dictNode)
    .where(and(eq(dictNode.kind, 'ebs'), eq(dictNode.majorId, majorId)))
  if (hits.length === 0) return []
  const keep = new Set(hits.flatMap((h) => (h.path ? idsOnPath(h.path) : [])))
  if (keep.size > 2000) return handle.rows(db, 'ebs', undefined, keep)
  return handle.rows(db, 'ebs', sql`${dictNode.nodeId} in (select jsonb_array_elements_text(${JSON.stringify([...keep])}::jsonb))`)
}

export function registerDictionaryRoutes(app: FastifyInstance, ctx: Ctx): void {
  // ---- engineering majors (written under the EBS menu's 专业管理; read by every dictionary's form) ----
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'dictMajor',
      table: dictMajor,
      idField: 'majorId',
      menu: DICT_MENUS.ebs,
      fns: { add: 'major', update: 'major', delete: 'major' },
      schemas: { add: dictMajorAdd, update: dictMajorUpdate, listQuery: dictMajorListQuery },
      filters: (q) => [q.keyword ? anyLike(q.keyword, dictMajor.majorName, dictMajor.majorCode) : undefined],
      sortable: { sort: dictMajor.sort, majorCode: dictMajor.majorCode, majorName: dictMajor.majorName },
      unique: [{ field: 'majorCode', caseInsensitive: true, message: texts.routes.dupMajor }],
    }),
  )

  const handles = {} as Record<DictKind, TreeResourceHandle>
  for (const kind of ['ebs', 'wbs', 'quantity'] as const) {
    handles[kind] = registerTreeResource(app, ctx, dictionaryResource(kind))
    const menu = DICT_MENUS[kind]

    app.get(DICT_API.majors(kind), { config: { auth: 'signed', perm: perm(menu) } }, async (req) =>
      ok(req, await ctx.db.select().from(dictMajor).orderBy(asc(dictMajor.sort), asc(dictMajor.majorCode))),
    )

    app.post(DICT_API.copyFromStandard(kind), { config: { auth: 'signed', perm: perm(menu, 'copy') } }, async (req) => {
      const input = parse(dictCopyFromStandard, req.body, req)
      const auth = req.auth!
      if (kind === 'ebs' && !input.codeSuffix) throw new ApiError(Code.DUPLICATE, { field: 'codeSuffix' }, texts.routes.copyClash)
      const suffix = input.codeSuffix ?? ''
      const now = new Date()
      const result = await ctx.db
        .transaction(async (txRaw): Promise<DictCopyResult> => {
          const tx = txRaw as unknown as Db
          await dictTree.lock(tx, kind)
          const chosen = await tx
            .select({ id: dictNode.nodeId, path: dictNode.path })
            .from(dictNode)
            .where(and(eq(dictNode.kind, 'ebs'), inArray(dictNode.nodeId, [...new Set(input.nodeIds)])))
          if (chosen.length !== new Set(input.nodeIds).size) throw new ApiError(Code.NOT_FOUND, { field: 'nodeIds' }, texts.routes.notEbs)
          // the chosen nodes and all their ancestors (Procore's rule), in tree order
          const keep = [...new Set(chosen.flatMap((c) => idsOnPath(c.path ?? '')))]
          const source = await tx.select().from(dictNode).where(inArray(dictNode.nodeId, keep)).orderBy(asc(dictNode.path))
          let parentPath = '/'
          if (input.parentId) {
            const p = await dictTree.node(tx, input.parentId)
            if (!p || p.scope !== kind) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
            parentPath = p.path
          }
          const ids = new Map(source.map((s) => [s.nodeId, newId()]))
          const paths = new Map<string, string>()
          let lastKey = await dictTree.keyAt(tx, input.parentId, kind, 'last')
          let firstTop = true
          const rows = source.map((s) => {
            const isTop = !s.parentId || !ids.has(s.parentId)
            const id = ids.get(s.nodeId)!
            const path = `${isTop ? parentPath : paths.get(s.parentId!)!}${id}/`
            paths.set(s.nodeId, path)
            let sortKey = s.sortKey
            if (isTop) {
              if (!firstTop) lastKey = keyBetween(lastKey, null)
              firstTop = false
              sortKey = lastKey
            }
            return {
              nodeId: id,
              kind,
              parentId: isTop ? input.parentId : ids.get(s.parentId!)!,
              path,
              sortKey,
              nodeCode: `${s.nodeCode}${suffix}`,
              nodeName: s.nodeName,
              unit: s.unit,
              majorId: s.majorId,
              description: s.description,
              status: s.status,
              version: 0,
              createTime: now,
              updateTime: now,
              createBy: auth.account.accountId,
              updateBy: auth.account.accountId,
            }
          })
          for (let i = 0; i < rows.length; i += 1000) await tx.insert(dictNode).values(rows.slice(i, i + 1000))
          return { rootId: null, copied: rows.length }
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new ApiError(Code.DUPLICATE, { field: 'codeSuffix', value: suffix }, texts.routes.copyClash)
          throw err
        })
      return ok(req, result)
    })
  }

  app.get(DICT_API.standard, { config: { auth: 'signed', perm: perm(DICT_MENUS.ebs) } }, async (req) => {
    const q = parse(dictStandardQuery, req.query, req)
    return ok(req, await standardRows(ctx.db, handles.ebs, q.marjorId))
  })

  // ---- WBS–EBS relations ----
  const relRead = { auth: 'signed' as const, perm: perm(REL_MENU) }
  app.get(DICT_API.relTree, { config: relRead }, async (req) => {
    const q = parse(relTreeQuery, req.query, req)
    const h = handles[q.kind]
    return ok(req, q.keyword ? await h.search(ctx.db, q.kind, q.keyword) : await h.rows(ctx.db, q.kind))
  })
  app.get(DICT_API.relList, { config: relRead }, async (req) => {
    const q = parse(wbsEbsRelQuery, req.query, req)
    const rows = await ctx.db.select({ ebsId: wbsEbsRel.ebsId }).from(wbsEbsRel).where(eq(wbsEbsRel.wbsId, q.wbsId))
    return ok(
      req,
      rows.map((r) => r.ebsId),
    )
  })
  app.post(DICT_API.relSave, { config: { auth: 'signed', perm: perm(REL_MENU, 'edit') } }, async (req) => {
    const input = parse(wbsEbsRelSave, req.body, req)
    const auth = req.auth!
    const ebsIds = [...new Set(input.ebsIds)]
    const now = new Date()
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [wbs] = await tx
        .select({ id: dictNode.nodeId })
        .from(dictNode)
        .where(and(eq(dictNode.nodeId, input.wbsId), eq(dictNode.kind, 'wbs')))
        .for('update')
      if (!wbs) throw new ApiError(Code.NOT_FOUND, { field: 'wbsId' }, texts.routes.notWbs)
      if (ebsIds.length) {
        const found = await tx
          .select({ id: dictNode.nodeId })
          .from(dictNode)
          .where(and(eq(dictNode.kind, 'ebs'), inArray(dictNode.nodeId, ebsIds)))
        if (found.length !== ebsIds.length) throw new ApiError(Code.NOT_FOUND, { field: 'ebsIds' }, texts.routes.notEbs)
      }
      await tx.delete(wbsEbsRel).where(eq(wbsEbsRel.wbsId, input.wbsId))
      for (let i = 0; i < ebsIds.length; i += 1000)
        await tx
          .insert(wbsEbsRel)
          .values(
            ebsIds.slice(i, i + 1000).map((ebsId) => ({ wbsId: input.wbsId, ebsId, createTime: now, createBy: auth.account.accountId })),
          )
    })
    return ok(req, { wbsId: input.wbsId, linked: ebsIds.length })
  })
}
