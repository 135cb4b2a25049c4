/**
 * Tabulation (SPEC §7 "Tabulation (v2)"; issue 30; shared/research/02-tabulation.md): sheet templates
 * in a tree of groups, published as immutable versions, cell permission rules, and contents — the
 * sheets filled in on a version.
 *
 *   GET  tabGroup/listTree                   every group (parentId, sortKey: the console builds the tree)
 *   POST tabGroup/add | PUT update | POST delete
 *   GET  tabulation/listPage | list           templates (keyword, group subtree, status), without sheets
 *   GET  tabulation/detail?tabTemplateId      the draft with its sheet (the designer)
 *   POST tabulation/add | PUT update          a draft (code unique: 20006; update with the version read: 20008)
 *   POST tabulation/copy                      { tabTemplateId, name, code }: the draft and its rules
 *   POST tabulation/delete                    { ids }; a template with contents is refused (20021)
 *   POST tabulation/publish                   { tabTemplateId, version }: the draft becomes version n
 *   GET  tabulation/versionList               a template's versions, newest first
 *   POST tabulation/import (multipart)        an .xlsx as a new template; bad workbooks 20001
 *   GET  tabulation/export                    the draft or a version as .xlsx
 *   GET  cellPermission/list | POST save      a template's rules; save replaces the set
 *   GET  tabulationApi/listPage | open        contents (only the cells the caller may view)
 *   POST tabulationApi/add | save | submit    a content on the current version; a patch; submit
 *   GET  tabulationApi/export                 a content as .xlsx (only the cells the caller may view)
 *
 * The sheet model is ours (not a spreadsheet library's): rows × cols, cells by "A1" address (value or
 * formula within the sheet, simple style), merges "A1:C2", column widths and row heights, and the
 * fill-in cells: address → kind (the field kinds of ../fields.ts), required, label.
 *
 * Cell permission rules are subject × range × view / edit (optionally at a workflow node: a submitted
 * content whose template names a workflow model starts it, and an edit rule at a node lets its subjects
 * write those cells while the instance waits there; other rules give no edit once submitted). A cell
 * some rule names is seen only by the subjects of a rule naming it; a cell no rule names is seen by
 * everyone holding the page; a fill-in cell is written only through an edit rule naming it — the
 * gateway checks every saved cell (20003 naming the cells), whatever the browser did.
 */
import { z } from 'zod'
import { OPTION_SOURCES } from '../fields'
import { V, filterText, int, isoDate, name, optionalText, str, text } from '../rules'
import { id, idList, listQuery, version } from './common'
import { modelKey } from './workflow'

export { TABULATION_API } from '../tabulationApi'

// ---- addresses --------------------------------------------------------------------------------

/** Bounds of a sheet (template or import). */
export const TAB_MAX_COLS = 200
export const TAB_MAX_ROWS = 5000
export const TAB_MAX_FILL_INS = 20_000
/** Cells with a value, formula or style. */
export const TAB_MAX_CELLS = 200_000
export const TAB_MAX_MERGES = 10_000
/** Largest request body of a template's add and update (a sheet's JSON; other calls keep the gateway's TRESTLE_BODY_LIMIT). */
export const TAB_SHEET_BODY_MAX = 8 * 1024 * 1024
/** Largest .xlsx accepted by the import (bytes of the file). */
export const TAB_IMPORT_MAX_BYTES = 5 * 1024 * 1024

/** Column letters of a 1-based column number (1 → A, 27 → AA). */
export function colName(n: number): string {
  let s = ''
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s
  return s
}
/** 1-based column number of column letters (A → 1). */
export function colNumber(letters: string): number {
  let n = 0
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64)
  return n
}

const ADDRESS = /^([A-Z]{1,3})([1-9]\d{0,6})$/
export interface CellPos {
  row: number
  col: number
}
/** Row and column of an "A1" address, or null. */
export function parseAddress(a: string): CellPos | null {
  const m = ADDRESS.exec(a)
  return m ? { col: colNumber(m[1]!), row: Number(m[2]) } : null
}
export const addressOf = (row: number, col: number): string => `${colName(col)}${row}`

export interface CellRange {
  top: number
  left: number
  bottom: number
  right: number
}
/** "B3:D5" (or one address "B3") as a range, corners in order; null when malformed. */
export function parseRange(r: string): CellRange | null {
  const [a, b, more] = r.split(':')
  if (more !== undefined || !a) return null
  const p = parseAddress(a)
  const q = b === undefined ? p : parseAddress(b)
  if (!p || !q) return null
  return { top: Math.min(p.row, q.row), left: Math.min(p.col, q.col), bottom: Math.max(p.row, q.row), right: Math.max(p.col, q.col) }
}
export const inRange = (r: CellRange, p: CellPos): boolean => p.row >= r.top && p.row <= r.bottom && p.col >= r.left && p.col <= r.right
export const rangeText = (r: CellRange): string => `${addressOf(r.top, r.left)}:${addressOf(r.bottom, r.right)}`

/** Formulas may refer to cells of the same sheet only: no sheet (`Sheet2!A1`) or workbook (`[1]`) references. */
export function formulaWithinSheet(f: string): boolean {
  const outsideStrings = f.replace(/"(?:[^"]|"")*"/g, '""')
  return !/[![\]]/.test(outsideStrings)
}

const address = () => z.string({ error: V.required }).regex(ADDRESS, { error: V.invalid })
const range = () =>
  z
    .string({ error: V.required })
    .max(20)
    .refine(
      (r) => {
        const x = parseRange(r)
        return x !== null && x.bottom <= TAB_MAX_ROWS && x.right <= TAB_MAX_COLS
      },
      { error: V.invalid },
    )

// ---- the sheet model --------------------------------------------------------------------------

export const TAB_BORDERS = ['thin', 'medium', 'thick', 'dashed', 'dotted', 'double'] as const
export const TAB_H_ALIGNS = ['left', 'center', 'right'] as const
export const TAB_V_ALIGNS = ['top', 'middle', 'bottom'] as const
const colour = () => z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: V.invalid })
const border = z.enum(TAB_BORDERS, { error: V.invalid }).optional()

export const tabStyle = z.strictObject({
  /** bold, italic */
  b: z.boolean().optional(),
  i: z.boolean().optional(),
  /** font size (pt) */
  sz: z.number().min(6).max(72).optional(),
  /** font colour, fill colour (#RRGGBB) */
  color: colour().optional(),
  fill: colour().optional(),
  h: z.enum(TAB_H_ALIGNS, { error: V.invalid }).optional(),
  v: z.enum(TAB_V_ALIGNS, { error: V.invalid }).optional(),
  wrap: z.boolean().optional(),
  /** An Excel number format ("0.00", "yyyy-mm-dd"). */
  numFmt: str().max(64).optional(),
  border: z.strictObject({ t: border, r: border, b: border, l: border }).optional(),
})
export type TabStyle = z.infer<typeof tabStyle>

export const tabCell = z.strictObject({
  /** The value shown (a fixed text of the form, a number). */
  v: z.union([str({ multiline: true }).max(2000, { error: `${V.tooLong}:2000` }), z.number().finite(), z.boolean(), z.null()]).optional(),
  /** A formula without its "=", over cells of this sheet. */
  f: str()
    .max(1000, { error: `${V.tooLong}:1000` })
    .refine(formulaWithinSheet, { error: V.invalid })
    .optional(),
  s: tabStyle.optional(),
})
export type TabCell = z.infer<typeof tabCell>

/** Where a choice's options come from: the engineering dictionaries, the project's work sites. */
export const TAB_CHOICE_SOURCES = ['ebs', 'wbs', 'quantity', 'workSite'] as const satisfies readonly (typeof OPTION_SOURCES)[number][]
export type TabChoiceSource = (typeof TAB_CHOICE_SOURCES)[number]

const fillInBase = { required: z.boolean().default(false), label: text(60) }
/** A fill-in cell: its kind is a field kind of ../fields.ts (text, number, date, choice, person, signature, photos). */
export const tabFillIn = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('text'),
      max: int({ min: 1, max: 2000 }).default(200),
      multiline: z.boolean().optional(),
      ...fillInBase,
    }),
    z.strictObject({
      kind: z.literal('number'),
      /** Decimals allowed (a value with more is refused). */
      precision: int({ min: 0, max: 6 }),
      min: z.number().finite().optional(),
      max: z.number().finite().optional(),
      ...fillInBase,
    }),
    z.strictObject({ kind: z.literal('date'), ...fillInBase }),
    z
      .strictObject({
        kind: z.literal('choice'),
        /** An id of this source (EBS / WBS / quantity node, a work site of the content's project)… */
        source: z.enum(TAB_CHOICE_SOURCES, { error: V.invalid }).optional(),
        /** …or one of these fixed options. */
        options: z.array(text(100)).min(1).max(200).optional(),
        ...fillInBase,
      })
      .refine((c) => (c.source === undefined) !== (c.options === undefined), { error: V.invalid, path: ['source'] }),
    z.strictObject({ kind: z.literal('person'), ...fillInBase }),
    z.strictObject({ kind: z.literal('signature'), ...fillInBase }),
    z.strictObject({ kind: z.literal('photos'), max: int({ min: 1, max: 20 }).default(9), ...fillInBase }),
  ],
  { error: V.invalid },
)
export type TabFillIn = z.infer<typeof tabFillIn>
export type TabFillInKind = TabFillIn['kind']

const sizeKey = (max: number) => (k: string) => /^[1-9]\d*$/.test(k) && Number(k) <= max
const colKey = (k: string) => /^[A-Z]{1,3}$/.test(k) && colNumber(k) <= TAB_MAX_COLS

export const tabSheet = z
  .strictObject({
    rows: int({ min: 1, max: TAB_MAX_ROWS }),
    cols: int({ min: 1, max: TAB_MAX_COLS }),
    cells: z.record(address(), tabCell).default({}),
    merges: z.array(range()).max(TAB_MAX_MERGES).default([]),
    /** Column letters → width (Excel characters). */
    colWidths: z.record(z.string().refine(colKey, { error: V.invalid }), z.number().min(0).max(255)).default({}),
    /** Row number → height (points). */
    rowHeights: z.record(z.string().refine(sizeKey(TAB_MAX_ROWS), { error: V.invalid }), z.number().min(0).max(409)).default({}),
    fillIns: z.record(address(), tabFillIn).default({}),
  })
  .superRefine((s, ctx) => {
    const outside = (a: string) => {
      const p = parseAddress(a)
      return !p || p.row > s.rows || p.col > s.cols
    }
    const cells = Object.keys(s.cells)
    if (cells.length > TAB_MAX_CELLS) ctx.addIssue({ code: 'custom', path: ['cells'], message: `${V.tooLarge}:${TAB_MAX_CELLS}` })
    for (const a of cells) if (outside(a)) ctx.addIssue({ code: 'custom', path: ['cells', a], message: V.invalid })
    const fills = Object.keys(s.fillIns)
    if (fills.length > TAB_MAX_FILL_INS) ctx.addIssue({ code: 'custom', path: ['fillIns'], message: `${V.tooLarge}:${TAB_MAX_FILL_INS}` })
    for (const a of fills) if (outside(a)) ctx.addIssue({ code: 'custom', path: ['fillIns', a], message: V.invalid })
    const taken: CellRange[] = []
    s.merges.forEach((m, i) => {
      const r = parseRange(m)!
      const overlaps = taken.some((t) => t.left <= r.right && r.left <= t.right && t.top <= r.bottom && r.top <= t.bottom)
      if (r.bottom > s.rows || r.right > s.cols || overlaps || (r.top === r.bottom && r.left === r.right))
        ctx.addIssue({ code: 'custom', path: ['merges', i], message: V.invalid })
      taken.push(r)
    })
  })
export type TabSheet = z.infer<typeof tabSheet>

/** An empty sheet of a new template. */
export const emptySheet = (): TabSheet => ({ rows: 20, cols: 10, cells: {}, merges: [], colWidths: {}, rowHeights: {}, fillIns: {} })

// ---- groups -----------------------------------------------------------------------------------

export const tabGroupAdd = z.object({ tabGroupId: id().optional(), parentId: id().nullish(), groupName: name(50) })
export const tabGroupUpdate = z.object({ tabGroupId: id(), version: version(), parentId: id().nullish(), groupName: name(50) })
export const tabDeleteBody = z.object({ ids: idList(200) })

export interface TabGroupRow {
  tabGroupId: string
  parentId: string | null
  groupName: string
  sortKey: string | null
  version: number
}

// ---- templates --------------------------------------------------------------------------------

export const TAB_TEMPLATE_STATUSES = ['draft', 'published'] as const
export type TabTemplateStatus = (typeof TAB_TEMPLATE_STATUSES)[number]

const templateCode = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` })
    .regex(/^[A-Za-z0-9][\w.-]*$/, { error: V.code })

const templateFields = {
  tabGroupId: id(),
  name: name(100),
  code: templateCode(),
  description: optionalText(500),
  applicationId: id().nullish(),
  applicationMenuId: id().nullish(),
  /** The workflow model (by key, a published one) a filled sheet starts when submitted. */
  wfModelKey: modelKey().nullish(),
}
export const tabTemplateAdd = z.object({ ...templateFields, tabTemplateId: id().optional(), sheet: tabSheet.optional() })
export const tabTemplateUpdate = z.object({ ...templateFields, tabTemplateId: id(), version: version(), sheet: tabSheet })
export const tabTemplateCopy = z.object({ tabTemplateId: id(), name: name(100), code: templateCode(), tabGroupId: id().optional() })
export const tabTemplateIdQuery = z.object({ tabTemplateId: id() })
export const tabPublishBody = z.object({ tabTemplateId: id(), version: version() })
export const tabExportQuery = z.object({ tabTemplateId: id(), versionNo: int({ min: 1 }).optional() })
export const tabImportQuery = z.object({ tabGroupId: id(), name: name(100), code: templateCode(), description: optionalText(500) })
export const tabTemplateListQuery = listQuery.extend({
  keyword: filterText(100),
  /** The group and its sub-groups. */
  tabGroupId: id().optional(),
  status: z.enum(TAB_TEMPLATE_STATUSES, { error: V.invalid }).optional(),
  /** Only templates with a published version (what can be filled). */
  published: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
})

export interface TabTemplateRow {
  tabTemplateId: string
  tabGroupId: string
  name: string
  code: string
  description: string | null
  applicationId: string | null
  applicationMenuId: string | null
  wfModelKey: string | null
  /** draft: the draft differs from the current version (or none was published); published: it does not. */
  status: TabTemplateStatus
  currentVersionId: string | null
  /** The newest version's number (0: never published). */
  currentVersionNo: number
  version: number
  createTime: string
  updateTime: string
}
export interface TabTemplateDetail extends TabTemplateRow {
  sheet: TabSheet
}
export interface TabVersionRow {
  tabVersionId: string
  tabTemplateId: string
  versionNo: number
  publishBy: string | null
  publishTime: string
  fillInCount: number
}

// ---- cell permissions -------------------------------------------------------------------------

export const TAB_SUBJECT_KINDS = ['role', 'organization', 'department', 'workflowRole', 'account'] as const
export type TabSubjectKind = (typeof TAB_SUBJECT_KINDS)[number]
export const TAB_ACCESS = ['view', 'edit'] as const
export type TabAccess = (typeof TAB_ACCESS)[number]

export const tabCellRule = z.strictObject({
  subjectKind: z.enum(TAB_SUBJECT_KINDS, { error: V.required }),
  subjectId: id(),
  range: range(),
  /** edit includes view. */
  access: z.enum(TAB_ACCESS, { error: V.required }),
  /** Only while the content's workflow is at this node (null: always). */
  nodeId: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z_][\w.-]*$/, { error: V.invalid })
    .nullish(),
})
export type TabCellRule = z.infer<typeof tabCellRule>
export const TAB_MAX_RULES = 1000
export const tabCellRuleSave = z.object({ tabTemplateId: id(), rules: z.array(tabCellRule).max(TAB_MAX_RULES) })
export interface TabCellRuleRow extends TabCellRule {
  tabCellPermissionId: string
  nodeId: string | null
}

// ---- contents ---------------------------------------------------------------------------------

export const TAB_CONTENT_STATUSES = ['draft', 'submitted'] as const
export type TabContentStatus = (typeof TAB_CONTENT_STATUSES)[number]

/** A fill-in cell's value: text, number, an id, ids (photos); null clears it. Checked against the cell's kind by the gateway. */
export const tabCellValue = z.union([
  str({ multiline: true }).max(2000, { error: `${V.tooLong}:2000` }),
  z.number().finite(),
  z.array(id()).max(20),
  z.null(),
])
export type TabCellValue = z.infer<typeof tabCellValue>
/** Cells of one patch (a save): at most this many. */
export const TAB_MAX_PATCH = TAB_MAX_FILL_INS
const cellPatch = z
  .record(z.string().max(10), tabCellValue)
  .refine((c) => Object.keys(c).length <= TAB_MAX_PATCH, { error: `${V.tooLarge}:${TAB_MAX_PATCH}` })

export const tabContentAdd = z.object({
  tabContentId: id().optional(),
  tabTemplateId: id(),
  projectId: id(),
  workSiteId: id().nullish(),
  contentDate: isoDate(),
})
/**
 * A save: the changed cells with the version read. `base` (optional) holds the values those cells had
 * when read (absent: empty): a save on an older version is still applied when none of its cells changed
 * since — the per-cell merge of an offline edit replayed after someone else saved other cells.
 */
export const tabContentSave = z.object({ tabContentId: id(), version: version(), cells: cellPatch, base: cellPatch.optional() })
export const tabContentSubmit = z.object({ tabContentId: id(), version: version() })
export const tabContentIdQuery = z.object({ tabContentId: id() })
export const tabContentListQuery = listQuery.extend({
  tabTemplateId: id().optional(),
  projectId: id().optional(),
  workSiteId: id().optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  status: z.enum(TAB_CONTENT_STATUSES, { error: V.invalid }).optional(),
})

export interface TabContentRow {
  tabContentId: string
  tabTemplateId: string
  tabVersionId: string
  versionNo: number
  templateName: string
  projectId: string
  workSiteId: string | null
  contentDate: string
  status: TabContentStatus
  /** The workflow instance its submit started (its template names a model), or null. */
  workflowInstanceId: string | null
  /** Only the cells the caller may view. */
  cells: Record<string, TabCellValue>
  version: number
  createBy: string | null
  createTime: string
  updateTime: string
  submitTime: string | null
}
/** A content opened: the version's layout (only what the caller may view) and the cells it may edit. */
export interface TabContentOpen {
  content: TabContentRow
  sheet: TabSheet
  /** Fill-in addresses the caller may write now (none once submitted). */
  editable: string[]
}
