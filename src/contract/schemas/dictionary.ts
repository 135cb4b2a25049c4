/**
 * Engineering dictionaries (issue 13 part A, SPEC §7 "Dictionaries and attributes"): engineering
 * majors (a small flat dictionary), the EBS (engineering breakdown), WBS (work breakdown) and
 * quantity dictionaries — one ordered tree each — and the many-to-many relations of WBS nodes to
 * EBS nodes. A node's level is its depth in the tree (1 = a root), answered, never stored.
 *
 * Calls, per kind (`ebs`, `wbs`, `quantity`), besides the generic resource calls:
 *   GET  <kind>/listTree?keyword=        → DictNode[] (parents before children, siblings in order;
 *                                           keyword: the matches and their ancestors)
 *   POST <kind>/move   (dictNodeMove)    → the node (20021 under itself or a descendant)
 *   POST <kind>/copy   (dictNodeCopy)    → { rootId, copied } (codes get `codeSuffix`)
 *   POST <kind>/copyFromStandard (dictCopyFromStandard) → { rootId: null, copied }: chosen EBS
 *        standard nodes with their ancestors, shape kept, under `parentId`
 *   GET  <kind>/majors                   → DictMajor[] (the form's choices, under the kind's menu)
 *   <kind>/importTemplate, import, importStatus, export (Excel; parents and majors by code)
 *   GET  ebs/listByMajor?marjorId=       → the EBS standard of a major: its nodes with their ancestors
 * Majors: the generic calls of `dictMajor`. Relations: GET wbsEbsRel/list?wbsId= → string[] (EBS ids),
 * POST wbsEbsRel/save { wbsId, ebsIds } (replaces the set), GET wbsEbsRel/tree?kind=wbs|ebs.
 */
import { z } from 'zod'
import { maxima } from '../fields'
import { DICT_MAJOR_FIELDS, DICT_NODE_FIELDS } from '../fields/dictionary'
import { V, code, filterText, int, name, optional, optionalText, sortCode, str, text } from '../rules'
import { id, listQuery, version, type Stamped, recordSchemas } from './common'
import { structureCode } from './projectStructure'
import type { DictKind } from '../dictionaryApi'

// the kinds and paths: ../dictionaryApi (no zod: the dictionary screens start without the schemas)
export { DICT_KINDS, DICT_API, type DictKind } from '../dictionaryApi'

/** Bounds as declared (../fields/dictionary.ts). */
const MAJOR = maxima(DICT_MAJOR_FIELDS)
const NODE = maxima(DICT_NODE_FIELDS)

const status = () =>
  z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }))
    .default(1)

// ---- engineering majors ------------------------------------------------------------------------

export const {
  fields: dictMajorFields,
  add: dictMajorAdd,
  update: dictMajorUpdate,
} = recordSchemas(
  {
    majorCode: code(MAJOR.majorCode),
    majorName: name(MAJOR.majorName),
    sort: sortCode().default(1),
    status: status(),
    remark: optionalText(200),
  },
  'majorId',
)
export const dictMajorListQuery = listQuery.extend({ keyword: filterText(50) })
export type DictMajorFields = z.input<typeof dictMajorFields>
export interface DictMajor extends Stamped {
  majorId: string
  majorCode: string
  majorName: string
  sort: number
  status: 0 | 1
  remark?: string | null
}

// ---- dictionary nodes --------------------------------------------------------------------------

export const dictNodeFields = z.object({
  nodeCode: structureCode(NODE.nodeCode),
  nodeName: name(NODE.nodeName),
  unit: optionalText(NODE.unit),
  majorId: optional(id()),
  description: optionalText(NODE.description),
  status: status(),
})
export const dictNodeAdd = dictNodeFields.extend({
  nodeId: id().optional(),
  /** Null or absent: a root of the dictionary. */
  parentId: id().nullish(),
})
/** Editing a node changes its fields; its place changes by `move`. */
export const dictNodeUpdate = dictNodeFields.extend({ nodeId: id(), version: version() })
export const dictNodeListQuery = listQuery.extend({ keyword: filterText(60), majorId: optional(id()) })
export const dictTreeQuery = z.object({ keyword: filterText(60) })

/**
 * A move: the new parent (null or absent: a root — the console's client leaves nulls out of a body) and
 * the place among its children (0 = first; beyond the end = last).
 */
export const dictNodeMove = z.object({
  nodeId: id(),
  parentId: id().nullable().default(null),
  index: int({ min: 0 }).default(Number.MAX_SAFE_INTEGER),
  /** The version the move was based on (20008 when the node changed meanwhile). */
  version: version().optional(),
})

const codeSuffix = () =>
  str()
    .trim()
    .min(1, { error: V.required })
    .max(20, { error: `${V.tooLong}:20` })
    .regex(/^[A-Za-z0-9._-]+$/, { error: V.code })

export const dictNodeCopy = z.object({
  nodeId: id(),
  /** Where the copy goes (null or absent: a root). */
  parentId: id().nullable().default(null),
  /** Appended to every copied code (codes are unique within a dictionary). */
  codeSuffix: codeSuffix().default('-1'),
})

/** Copies chosen nodes of an EBS standard, with all their ancestors (the standard's shape kept). */
export const dictCopyFromStandard = z.object({
  nodeIds: z.array(id()).min(1, { error: V.required }).max(20000, { error: V.invalid }),
  /** Where the copied tops go (null: roots). */
  parentId: id().nullable().default(null),
  /** Appended to every copied code; needed when the copies go into the EBS dictionary itself. */
  codeSuffix: optional(codeSuffix()),
})

/** GET ebs/listByMajor: SPEC's spelling of the parameter. */
export const dictStandardQuery = z.object({ marjorId: id() })

/** One row of an import: the parent by its code (earlier in the file, or already in the dictionary), the major by its code. */
export const dictImportRow = dictNodeFields.omit({ majorId: true }).extend({
  parentCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), structureCode(NODE.nodeCode).optional()),
  majorCode: optional(text(MAJOR.majorCode)),
})

export type DictNodeFields = z.input<typeof dictNodeFields>
export interface DictNodeRecord extends Stamped {
  nodeId: string
  kind: DictKind
  parentId: string | null
  nodeCode: string
  nodeName: string
  unit: string | null
  majorId: string | null
  description: string | null
  status: 0 | 1
}
/** A node of `listTree`: flat, parents before children; empty optional fields are left out. */
export interface DictNode {
  nodeId: string
  parentId: string | null
  nodeCode: string
  nodeName: string
  unit?: string
  majorId?: string
  description?: string
  status: 0 | 1
  version: number
  /** Depth: 1 = a root. */
  level: number
  /** Number of direct children. */
  childCount: number
}
export interface DictCopyResult {
  rootId: string | null
  copied: number
}

// ---- WBS–EBS relations -------------------------------------------------------------------------

export const wbsEbsRelQuery = z.object({ wbsId: id() })
export const wbsEbsRelSave = z.object({
  wbsId: id(),
  ebsIds: z.array(id()).max(20000, { error: V.invalid }),
})
export const relTreeQuery = z.object({ kind: z.enum(['wbs', 'ebs'], { error: V.invalid }), keyword: filterText(60) })
export interface WbsEbsRelSaved {
  wbsId: string
  linked: number
}
