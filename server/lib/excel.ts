/**
 * Excel (xlsx) reading and writing for imports and exports, on exceljs.
 *
 *   const columns: ExcelColumn[] = [
 *     { field: 'roleName', title: { zh: '角色名称', en: 'Role name' }, required: true, width: 24 },
 *     { field: 'status', title: { zh: '状态', en: 'Status' }, values: [{ value: 1, label: { zh: '启用', en: 'Active' } }, …] },
 *   ]
 *   const { rows, missing } = await readSheet(buffer, columns, ctx.config.imports)   // header matched by zh OR en title ('*' marks ignored)
 *   const { valid, errors } = validateRows(rows, roleAdd, 'zh')    // errors: [{ row, field, message }]
 *   await buildWorkbook(columns, records, 'zh')                    // export
 *   await buildReport(columns, failedRows, errors, 'zh')           // failed rows + 错误原因 column, bad cells marked
 *   await buildTemplate(columns, exampleRow, 'zh')                 // header (required marked) + instructions sheet
 *
 * Cells of columns with `values` hold labels (zh or en, or the raw value); reading maps them back
 * to values, writing maps values to labels. Reading never throws on a bad cell: validation does.
 * A workbook beyond the import bounds (rows, cells, uncompressed size: TRESTLE_IMPORT_MAX_*) is
 * refused before exceljs parses it (./xlsxBounds.ts), with an ExcelError saying which bound.
 */
import ExcelJS from 'exceljs'
import type { z } from 'zod'
import type { Lang } from '../../src/contract/codes'
import { validationText } from '../../src/contract/rules'
import { formatBytes } from '../../src/contract/schemas/files'
import { fieldErrors, type Text } from './http'
import { readColumn, readInWorker, type ReadAnswer, type ReadColumn } from './excelThread'
import { checkWorkbookBounds, type BoundsRefusal, type ImportBounds } from './xlsxBounds'
import texts from './texts.json'

export type { ImportBounds } from './xlsxBounds'

type Row = Record<string, unknown>

export interface ExcelColumn {
  /** Payload field (and record field on export). */
  field: string
  title: Text
  required?: boolean
  /** Column width in characters. */
  width?: number
  /** Allowed values and their labels. */
  values?: readonly { value: string | number; label: Text }[]
  /** Shown in the instructions sheet. */
  hint?: Text
  /** Export: the cell of a record in the request's language (default: the field, mapped through `values`). */
  format?: (value: unknown, record: Row, lang: Lang) => unknown
  /** Export only (not in the template, not read). */
  exportOnly?: boolean
}

/** A column's values with their labels from the console's locale texts (`zh`, `en` by value; a value without one is its own label). */
export const localeValues = (values: readonly string[], zh: Record<string, string>, en: Record<string, string>) =>
  values.map((value) => ({ value, label: { zh: zh[value] ?? value, en: en[value] ?? value } }))

/** The labels of a 1/0 status column where the page says enabled / disabled. */
export const ENABLED_LABELS = texts.excel.enabledLabels

/** The column of a record's 1/0 status (状态), its cells labelled `labels.on` (1) and `labels.off` (0). */
export const statusColumn = (width: number, labels: { on: Text; off: Text } = ENABLED_LABELS): ExcelColumn => ({
  field: 'status',
  title: { zh: '状态', en: 'Status' },
  width,
  values: [
    { value: 1, label: labels.on },
    { value: 0, label: labels.off },
  ],
})

/** The columns with `own` put in before the column of `field` (a sheet's own columns among those of declared fields). */
export function columnsBefore(columns: readonly ExcelColumn[], field: string, own: ExcelColumn[]): ExcelColumn[] {
  const at = columns.findIndex((c) => c.field === field)
  if (at < 0) throw new Error(`columnsBefore: no column ${field}`)
  return [...columns.slice(0, at), ...own, ...columns.slice(at)]
}

/**
 * The columns of a tree's sheet, whose rows name their parents by code: the node's code (unique within
 * the `scope`, a project or a dictionary) and name first, then the parent's code, then the others.
 */
export function treeSheetColumns(columns: readonly ExcelColumn[], code: string, name: string, scope: Text): ExcelColumn[] {
  const of = (field: string) => {
    const column = columns.find((c) => c.field === field)
    if (!column) throw new Error(`treeSheetColumns: no column ${field}`)
    return column
  }
  return [
    {
      ...of(code),
      hint: { zh: `字母、数字、-、_ 或 .；本${scope.zh}内不能重复`, en: `Letters, digits, -, _ or .; unique within the ${scope.en}` },
    },
    of(name),
    {
      field: 'parentCode',
      title: { zh: '上级编码', en: 'Parent code' },
      width: 18,
      hint: {
        zh: `上级节点的编码（本文件中靠前的行或${scope.zh}中已有的节点）；不填为顶级节点`,
        en: 'The code of the parent (an earlier row of the file or an existing node); empty: a top node',
      },
    },
    ...columns.filter((c) => c.field !== code && c.field !== name),
  ]
}

export interface SheetRow {
  /** Row number in the sheet (1-based; the header is row 1 in our templates). */
  row: number
  /** Values by field: trimmed text or numbers, labels mapped to values, empty cells left out. */
  values: Row
  /** The cells as the user typed them, by field (for the report). */
  raw: Record<string, string>
}

export interface RowError {
  row: number
  /** Field, or '' for the whole row. */
  field: string
  message: string
}

export class ExcelError extends Error {
  constructor(public readonly text: Text) {
    super(text.en)
  }
}

const normTitle = (s: string) =>
  s
    .replace(/^[*＊\s]+/, '')
    .replace(/\s+/g, '')
    .toLowerCase()

/** The text of a cell, whatever exceljs made of it (rich text, formula results, hyperlinks, dates). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
    return ''
  }
  return String(value)
}

function labelToValue(col: ReadColumn, text: string): unknown {
  if (!col.values) return text
  const t = text.trim().toLowerCase()
  const hit = col.values.find(
    (v) => v.label.zh.toLowerCase() === t || v.label.en.toLowerCase() === t || String(v.value).toLowerCase() === t,
  )
  return hit ? hit.value : text
}

const valueToLabel = (col: ExcelColumn, value: unknown, lang: Lang): unknown => {
  if (!col.values || value === null || value === undefined) return value
  const hit = col.values.find((v) => String(v.value) === String(value))
  return hit ? hit.label[lang] : value
}

function boundsText(r: BoundsRefusal): Text {
  switch (r.reason) {
    case 'unreadable':
      return texts.excel.xlsxUnreadable
    case 'bytes':
      return {
        zh: `文件解压后超过 ${formatBytes(r.max)}，请拆分后分批导入`,
        en: `The file expands to more than ${formatBytes(r.max)}; split it and import the parts separately`,
      }
    case 'rows':
      return {
        zh: `一次最多导入 ${r.max} 行数据，请拆分后分批导入`,
        en: `At most ${r.max} rows per import; split the file and import the parts separately`,
      }
    case 'cells':
      return {
        zh: `一次最多导入 ${r.max} 个单元格，请删除多余的行列或拆分后分批导入`,
        en: `At most ${r.max} cells per import; remove unused rows and columns or split the file`,
      }
  }
}

async function load(buffer: Buffer, bounds: ImportBounds): Promise<ExcelJS.Workbook> {
  const refusal = await checkWorkbookBounds(buffer, bounds)
  if (refusal) throw new ExcelError(boundsText(refusal))
  const wb = new ExcelJS.Workbook()
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer)
  } catch {
    throw new ExcelError(texts.excel.xlsxUnreadable)
  }
  return wb
}

/**
 * Reads the first sheet: finds the header row (within the first 5 rows) by the columns' zh or en
 * titles, then one SheetRow per non-empty row. `missing` lists required columns absent from the header.
 * Unknown columns (e.g. a report's 错误原因) are ignored. exceljs parses in a worker thread
 * (./excelThread.ts), off the event loop that serves the other requests.
 */
export async function readSheet(
  buffer: Buffer,
  columns: ExcelColumn[],
  bounds: ImportBounds,
): Promise<{ rows: SheetRow[]; missing: ExcelColumn[] }> {
  const read = (await answerOf(readInWorker({ op: 'sheet', buffer, columns: columns.map(readColumn), bounds }))) as ParsedSheet
  return withColumns(read, columns)
}

/**
 * Reads a workbook of several sheets (e.g. the project initialisation workbook): each wanted sheet
 * found by its zh or en name (null when the workbook has no such sheet), read as `readSheet` reads one.
 */
export async function readWorkbook(
  buffer: Buffer,
  sheets: { key: string; name: Text; columns: ExcelColumn[] }[],
  bounds: ImportBounds,
): Promise<Map<string, { rows: SheetRow[]; missing: ExcelColumn[] } | null>> {
  const job = { op: 'workbook' as const, buffer, sheets: sheets.map((s) => ({ ...s, columns: s.columns.map(readColumn) })), bounds }
  const read = (await answerOf(readInWorker(job))) as Record<string, ParsedSheet | null>
  return new Map(sheets.map((s) => [s.key, read[s.key] ? withColumns(read[s.key]!, s.columns) : null]))
}

type ParsedSheet = { rows: SheetRow[]; missing: ReadColumn[] }

async function answerOf(answer: Promise<ReadAnswer>): Promise<unknown> {
  const a = await answer
  if ('excel' in a) throw new ExcelError(a.excel)
  if ('failed' in a) throw new Error(a.failed)
  return a.value
}

/** The worker's missing columns as the caller's own (with their functions). */
const withColumns = (read: ParsedSheet, columns: ExcelColumn[]) => ({
  rows: read.rows,
  missing: read.missing.map((m) => columns.find((c) => c.field === m.field)!),
})

/** readSheet's work, in the worker thread. */
export async function parseSheet(buffer: Buffer, columns: ReadColumn[], bounds: ImportBounds): Promise<ParsedSheet> {
  const wb = await load(buffer, bounds)
  const ws = wb.worksheets[0]
  if (!ws) throw new ExcelError(texts.excel.noHeader)
  return readWorksheet(ws, columns)
}

/** readWorkbook's work, in the worker thread. */
export async function parseWorkbook(
  buffer: Buffer,
  sheets: { key: string; name: Text; columns: ReadColumn[] }[],
  bounds: ImportBounds,
): Promise<Map<string, ParsedSheet | null>> {
  const wb = await load(buffer, bounds)
  const out = new Map<string, ParsedSheet | null>()
  for (const s of sheets) {
    const names = new Set([normTitle(s.name.zh), normTitle(s.name.en)])
    const ws = wb.worksheets.find((w) => names.has(normTitle(w.name)))
    out.set(s.key, ws ? readWorksheet(ws, s.columns, true) : null)
  }
  return out
}

function readWorksheet(ws: ExcelJS.Worksheet, columns: ReadColumn[], allowEmpty = false): ParsedSheet {
  const readable = columns.filter((c) => !c.exportOnly)
  const byTitle = new Map<string, ReadColumn>()
  for (const c of readable) {
    byTitle.set(normTitle(c.title.zh), c)
    byTitle.set(normTitle(c.title.en), c)
  }
  let headerRow = 0
  let map = new Map<number, ReadColumn>()
  for (let r = 1; r <= Math.min(5, ws.rowCount) && !headerRow; r++) {
    const found = new Map<number, ReadColumn>()
    ws.getRow(r).eachCell((cell, colNumber) => {
      const col = byTitle.get(normTitle(cellText(cell.value)))
      if (col && ![...found.values()].includes(col)) found.set(colNumber, col)
    })
    if (found.size > 0) {
      headerRow = r
      map = found
    }
  }
  if (!headerRow) {
    if (allowEmpty && ws.rowCount === 0) return { rows: [], missing: [] }
    throw new ExcelError(texts.excel.noHeader)
  }
  const present = new Set(map.values())
  const missing = readable.filter((c) => c.required && !present.has(c))
  const rows: SheetRow[] = []
  // the rows the sheet holds (not every number up to the last one: a lone cell at row 1,000,000)
  ws.eachRow((row, r) => {
    if (r <= headerRow) return
    const values: Row = {}
    const raw: Record<string, string> = {}
    let any = false
    for (const [colNumber, col] of map) {
      const cell = row.getCell(colNumber)
      const v = cell.value
      const text = cellText(v).trim()
      if (text === '') continue
      any = true
      raw[col.field] = text
      values[col.field] = typeof v === 'number' && !col.values ? v : labelToValue(col, text)
    }
    if (any) rows.push({ row: r, values, raw })
  })
  return { rows, missing }
}

/** Validates each row with a contract schema; errors name the column (`请输入角色名称`). */
export function validateRows<S extends z.ZodType>(
  rows: SheetRow[],
  schema: S,
  lang: Lang,
  columns: ExcelColumn[] = [],
): { valid: { row: number; data: z.infer<S>; source: SheetRow }[]; errors: RowError[] } {
  const titles = new Map(columns.map((c) => [c.field, c.title[lang]]))
  const valid: { row: number; data: z.infer<S>; source: SheetRow }[] = []
  const errors: RowError[] = []
  for (const r of rows) {
    const result = schema.safeParse(r.values)
    if (result.success) valid.push({ row: r.row, data: result.data, source: r })
    else
      for (const e of fieldErrors(result.error, lang)) {
        const field = e.field.split('.')[0] ?? ''
        errors.push({ row: r.row, field, message: validationText(e.key, lang, titles.get(field) ?? field) })
      }
  }
  return { valid, errors }
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } }
const BAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } }
const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FFD0D7E2' } },
  bottom: { style: 'thin', color: { argb: 'FFD0D7E2' } },
  left: { style: 'thin', color: { argb: 'FFD0D7E2' } },
  right: { style: 'thin', color: { argb: 'FFD0D7E2' } },
}

function sheetWithHeader(
  wb: ExcelJS.Workbook,
  name: string,
  titles: { text: string; required?: boolean; width?: number }[],
): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = titles.map((t) => ({ header: t.text, width: t.width ?? Math.max(12, t.text.length * 2 + 4) }))
  const header = ws.getRow(1)
  header.height = 22
  titles.forEach((t, i) => {
    const cell = header.getCell(i + 1)
    cell.font = { bold: true, color: { argb: t.required ? 'FFC0392B' : 'FF1F2937' } }
    cell.fill = HEADER_FILL
    cell.border = THIN
    cell.alignment = { vertical: 'middle' }
  })
  return ws
}

const titleOf = (c: ExcelColumn, lang: Lang, markRequired: boolean) => (markRequired && c.required ? `*${c.title[lang]}` : c.title[lang])

async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** An export: a header and one row per record. */
export async function buildWorkbook(
  columns: ExcelColumn[],
  records: Row[],
  lang: Lang,
  sheetName = texts.excel.sheetData[lang],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Trestle'
  const ws = sheetWithHeader(
    wb,
    sheetName,
    columns.map((c) => ({ text: c.title[lang], width: c.width })),
  )
  for (const rec of records) {
    ws.addRow(
      columns.map((c) => {
        const v = c.format ? c.format(rec[c.field], rec, lang) : valueToLabel(c, rec[c.field], lang)
        if (v === null || v === undefined) return null
        if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean') return v
        return String(v)
      }),
    )
  }
  return toBuffer(wb)
}

/**
 * The failure report: the failed rows as the user typed them (so it can be fixed and uploaded
 * again — it reads like the template), an extra 错误原因/Error column, and the bad cells marked.
 */
export async function buildReport(columns: ExcelColumn[], failed: SheetRow[], errors: RowError[], lang: Lang): Promise<Buffer> {
  const cols = columns.filter((c) => !c.exportOnly)
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Trestle'
  const ws = sheetWithHeader(wb, texts.excel.sheetReport[lang], [
    ...cols.map((c) => ({ text: titleOf(c, lang, true), required: c.required, width: c.width })),
    { text: texts.excel.errorTitle[lang], width: 48 },
  ])
  const byRow = new Map<number, RowError[]>()
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e])
  for (const r of failed) {
    const errs = byRow.get(r.row) ?? []
    const line = ws.addRow([...cols.map((c) => r.raw[c.field] ?? null), errs.map((e) => e.message).join('；')])
    const errorCell = line.getCell(cols.length + 1)
    errorCell.font = { color: { argb: 'FFC0392B' } }
    errorCell.alignment = { wrapText: true, vertical: 'top' }
    cols.forEach((c, i) => {
      const mine = errs.filter((e) => e.field === c.field)
      if (mine.length === 0) return
      const cell = line.getCell(i + 1)
      cell.fill = BAD_FILL
      cell.border = THIN
      cell.note = mine.map((e) => e.message).join('\n')
    })
  }
  return toBuffer(wb)
}

const HELP_HEAD: Text[] = [
  { zh: '列名', en: 'Column' },
  { zh: '是否必填', en: 'Required' },
  { zh: '可选值', en: 'Allowed values' },
  { zh: '说明', en: 'Notes' },
  { zh: '示例', en: 'Example' },
]

/** The import template: header row (required columns marked *, dropdowns for allowed values) and an instructions sheet with an example. */
export async function buildTemplate(columns: ExcelColumn[], example: Row, lang: Lang): Promise<Buffer> {
  const cols = columns.filter((c) => !c.exportOnly)
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Trestle'
  const ws = sheetWithHeader(
    wb,
    texts.excel.sheetTemplate[lang],
    cols.map((c) => ({ text: titleOf(c, lang, true), required: c.required, width: c.width })),
  )
  cols.forEach((c, i) => {
    if (!c.values?.length) return
    const letter = ws.getColumn(i + 1).letter
    const list = c.values.map((v) => v.label[lang]).join(',')
    if (list.length > 250) return // Excel's limit for an inline list
    for (let r = 2; r <= 501; r++)
      ws.getCell(`${letter}${r}`).dataValidation = {
        type: 'list',
        allowBlank: !c.required,
        formulae: [`"${list}"`],
        showErrorMessage: false,
      }
  })
  const help = sheetWithHeader(
    wb,
    texts.excel.sheetHelp[lang],
    HELP_HEAD.map((h, i) => ({ text: h[lang], width: [22, 10, 36, 48, 24][i] })),
  )
  for (const c of cols) {
    const ex = example[c.field]
    help.addRow([
      titleOf(c, lang, true),
      (c.required ? texts.excel.yes : texts.excel.no)[lang],
      c.values ? c.values.map((v) => v.label[lang]).join(' / ') : '',
      c.hint?.[lang] ?? '',
      ex === undefined || ex === null ? '' : String(valueToLabel(c, ex, lang)),
    ])
  }
  help.addRow([])
  const note = help.addRow([texts.excel.helpNote[lang]])
  help.mergeCells(note.number, 1, note.number, 5)
  note.getCell(1).alignment = { wrapText: true, vertical: 'top' }
  note.height = 48
  return toBuffer(wb)
}

/**
 * A template of several sheets (the project initialisation workbook): one sheet per entry named
 * in the request language (header with required columns marked *, dropdowns for allowed values,
 * the example as the first data row when `withExample`), then one instructions sheet for all.
 * `records` fills sheets with data instead (e.g. a template project's rows).
 */
export async function buildSheetsTemplate(
  sheets: { name: Text; columns: ExcelColumn[]; example?: Row; records?: Row[] }[],
  lang: Lang,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Trestle'
  for (const s of sheets) {
    const cols = s.columns.filter((c) => !c.exportOnly)
    const ws = sheetWithHeader(
      wb,
      s.name[lang],
      cols.map((c) => ({ text: titleOf(c, lang, true), required: c.required, width: c.width })),
    )
    for (const rec of s.records ?? [])
      ws.addRow(
        cols.map((c) => {
          const v = valueToLabel(c, rec[c.field], lang)
          return v === null || v === undefined ? null : typeof v === 'number' ? v : String(v)
        }),
      )
  }
  const help = sheetWithHeader(wb, texts.excel.sheetHelp[lang], [
    { text: { zh: '工作表', en: 'Sheet' }[lang], width: 16 },
    ...HELP_HEAD.map((h, i) => ({ text: h[lang], width: [22, 10, 36, 48, 24][i] })),
  ])
  for (const s of sheets)
    for (const c of s.columns.filter((x) => !x.exportOnly)) {
      const ex = s.example?.[c.field]
      help.addRow([
        s.name[lang],
        titleOf(c, lang, true),
        (c.required ? texts.excel.yes : texts.excel.no)[lang],
        c.values ? c.values.map((v) => v.label[lang]).join(' / ') : '',
        c.hint?.[lang] ?? '',
        ex === undefined || ex === null ? '' : String(valueToLabel(c, ex, lang)),
      ])
    }
  return toBuffer(wb)
}
