/**
 * A sheet ↔ an .xlsx workbook (exceljs): values, formulas within the sheet, merges, column widths, row
 * heights, fonts (bold, italic, size, colour), solid fills, borders, alignment, number formats. The
 * fill-in cells travel in a hidden worksheet 填写单元格 (address | the cell's settings as JSON), so an
 * exported template imports back as it was.
 *
 * The import reads the first visible worksheet (other than 填写单元格); the others are not read. Bad
 * input is a refusal (20001 text), never a fault: not an .xlsx, too large (TAB_IMPORT_MAX_BYTES, and
 * the import bounds of the zip's parts — checked before parsing, so a zip bomb is never inflated), too
 * many rows / columns / cells, a formula that refers to another sheet or workbook, settings of a
 * fill-in cell that are not valid.
 */
import ExcelJS from 'exceljs'
import {
  TAB_BORDERS,
  TAB_IMPORT_MAX_BYTES,
  TAB_MAX_CELLS,
  TAB_MAX_COLS,
  TAB_MAX_ROWS,
  addressOf,
  colName,
  formulaWithinSheet,
  parseAddress,
  tabFillIn,
  tabSheet,
  type TabCell,
  type TabCellValue,
  type TabFillIn,
  type TabSheet,
  type TabStyle,
} from '../../../src/contract/schemas/tabulation'
import { checkWorkbookBounds } from '../../lib/xlsxBounds'
import { fill, type Text } from '../../lib/http'
import { FILL_IN_SHEET, TAB_TEXT } from './texts'

type Border = (typeof TAB_BORDERS)[number]

const BORDER_IN: Record<string, Border> = {
  thin: 'thin',
  hair: 'thin',
  medium: 'medium',
  thick: 'thick',
  dashed: 'dashed',
  mediumDashed: 'dashed',
  dashDot: 'dashed',
  mediumDashDot: 'dashed',
  dashDotDot: 'dashed',
  mediumDashDotDot: 'dashed',
  slantDashDot: 'dashed',
  dotted: 'dotted',
  double: 'double',
}

const hex = (argb: string | undefined): string | undefined =>
  argb && /^[0-9A-Fa-f]{8}$/.test(argb)
    ? `#${argb.slice(2).toUpperCase()}`
    : argb && /^[0-9A-Fa-f]{6}$/.test(argb)
      ? `#${argb.toUpperCase()}`
      : undefined
const argb = (h: string) => `FF${h.slice(1).toUpperCase()}`

function styleIn(cell: ExcelJS.Cell): TabStyle | undefined {
  const s: TabStyle = {}
  const font = cell.font
  if (font?.bold) s.b = true
  if (font?.italic) s.i = true
  if (font?.size && font.size !== 11) s.sz = Math.min(72, Math.max(6, font.size))
  const color = hex(font?.color?.argb)
  if (color && color !== '#000000') s.color = color
  const f = cell.fill
  if (f?.type === 'pattern' && f.pattern === 'solid') {
    const c = hex(f.fgColor?.argb)
    if (c) s.fill = c
  }
  const a = cell.alignment
  if (a?.horizontal === 'left' || a?.horizontal === 'right') s.h = a.horizontal
  else if (a?.horizontal === 'center' || a?.horizontal === 'centerContinuous') s.h = 'center'
  if (a?.vertical === 'top' || a?.vertical === 'middle' || a?.vertical === 'bottom') s.v = a.vertical
  if (a?.wrapText) s.wrap = true
  if (cell.numFmt && cell.numFmt !== 'General' && cell.numFmt.length <= 64) s.numFmt = cell.numFmt
  const b = cell.border
  if (b) {
    const side = (x: Partial<ExcelJS.Border> | undefined) => (x?.style ? BORDER_IN[x.style] : undefined)
    const border = { t: side(b.top), r: side(b.right), b: side(b.bottom), l: side(b.left) }
    const set = Object.fromEntries(Object.entries(border).filter(([, v]) => v !== undefined))
    if (Object.keys(set).length) s.border = set
  }
  return Object.keys(s).length ? s : undefined
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** A cell's value and formula; a formula to another sheet or workbook is a refusal. */
function valueIn(cell: ExcelJS.Cell): { v?: TabCell['v']; f?: string } | Text {
  const raw = cell.value
  if (raw === null || raw === undefined) return {}
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return { v: raw }
  if (raw instanceof Date) return { v: isoDay(raw) }
  if (typeof raw === 'object') {
    if ('formula' in raw || 'sharedFormula' in raw) {
      const f = String(cell.formula ?? ('formula' in raw ? raw.formula : '') ?? '').replace(/^=/, '')
      if (!formulaWithinSheet(f)) return fill(TAB_TEXT.outsideFormula, cell.address)
      const result = (raw as { result?: unknown }).result
      const v = typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean' ? result : undefined
      return f ? { f, ...(v === undefined ? {} : { v }) } : {}
    }
    if ('richText' in raw) return { v: raw.richText.map((t) => t.text).join('') }
    if ('text' in raw && typeof raw.text === 'string') return { v: raw.text }
    if ('error' in raw) return { v: String(raw.error) }
  }
  return {}
}

const isText = (x: unknown): x is Text => typeof x === 'object' && x !== null && 'zh' in x && 'en' in x

/** The first worksheet of an .xlsx as a sheet, or why not. */
export async function sheetFromXlsx(bytes: Buffer, maxBytes: number): Promise<TabSheet | Text> {
  if (bytes.length > TAB_IMPORT_MAX_BYTES) return fill(TAB_TEXT.tooLarge, TAB_IMPORT_MAX_BYTES)
  const bounds = await checkWorkbookBounds(bytes, { maxRows: TAB_MAX_ROWS + 1, maxCells: TAB_MAX_CELLS, maxBytes })
  if (bounds) {
    if (bounds.reason === 'unreadable') return TAB_TEXT.notXlsx
    if (bounds.reason === 'bytes') return fill(TAB_TEXT.unpacksTooLarge, bounds.max)
    if (bounds.reason === 'rows') return fill(TAB_TEXT.tooManyRows, TAB_MAX_ROWS)
    return fill(TAB_TEXT.tooManyCells, TAB_MAX_CELLS)
  }
  const wb = new ExcelJS.Workbook()
  try {
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer)
  } catch {
    return TAB_TEXT.notXlsx
  }
  const sheets = wb.worksheets.filter((w) => w.name !== FILL_IN_SHEET)
  const ws = sheets.find((w) => w.state === 'visible') ?? sheets[0]
  if (!ws) return TAB_TEXT.noSheet

  const merges: string[] = ((ws.model as { merges?: string[] }).merges ?? []).filter((m) => typeof m === 'string')
  let rows = 1
  let cols = 1
  for (const m of merges) {
    const [, b] = m.split(':')
    const p = b ? parseAddress(b) : null
    if (p) {
      rows = Math.max(rows, p.row)
      cols = Math.max(cols, p.col)
    }
  }
  if (ws.columnCount > TAB_MAX_COLS || cols > TAB_MAX_COLS) return fill(TAB_TEXT.tooManyCols, TAB_MAX_COLS)
  if (ws.rowCount > TAB_MAX_ROWS || rows > TAB_MAX_ROWS) return fill(TAB_TEXT.tooManyRows, TAB_MAX_ROWS)

  const cells: Record<string, TabCell> = {}
  const rowHeights: Record<string, number> = {}
  let refusal: Text | null = null
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    if (refusal) return
    if (row.height) rowHeights[String(r)] = Math.min(409, Math.max(0, row.height))
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      if (refusal) return
      if (c > TAB_MAX_COLS) {
        refusal = fill(TAB_TEXT.tooManyCols, TAB_MAX_COLS)
        return
      }
      // a merged range's other cells repeat its first cell's value: only their style counts
      const value = cell.type === ExcelJS.ValueType.Merge ? {} : valueIn(cell)
      if (isText(value)) {
        refusal = value
        return
      }
      const s = styleIn(cell)
      if (value.v === undefined && value.f === undefined && !s) return
      cells[addressOf(r, c)] = { ...value, ...(s ? { s } : {}) }
      rows = Math.max(rows, r)
      cols = Math.max(cols, c)
    })
  })
  if (refusal) return refusal
  if (cols > TAB_MAX_COLS) return fill(TAB_TEXT.tooManyCols, TAB_MAX_COLS)
  if (rows > TAB_MAX_ROWS) return fill(TAB_TEXT.tooManyRows, TAB_MAX_ROWS)

  const colWidths: Record<string, number> = {}
  for (let c = 1; c <= Math.min(ws.columnCount, TAB_MAX_COLS); c++) {
    const w = ws.getColumn(c).width
    if (w) colWidths[colName(c)] = Math.min(255, Math.max(0, w))
  }

  const fillIns: Record<string, TabFillIn> = {}
  const defs = wb.getWorksheet(FILL_IN_SHEET)
  if (defs) {
    for (let r = 2; r <= Math.min(defs.rowCount, 20_001); r++) {
      const row = defs.getRow(r)
      const address = String(row.getCell(1).text ?? '').trim()
      const json = String(row.getCell(2).text ?? '').trim()
      if (!address && !json) continue
      let parsed: unknown
      try {
        parsed = JSON.parse(json)
      } catch {
        return fill(TAB_TEXT.badFillInSheet, r)
      }
      const def = tabFillIn.safeParse(parsed)
      const p = parseAddress(address)
      if (!def.success || !p) return fill(TAB_TEXT.badFillInSheet, r)
      fillIns[address] = def.data
      rows = Math.max(rows, p.row)
      cols = Math.max(cols, p.col)
    }
  }

  const checked = tabSheet.safeParse({ rows, cols, cells, merges, colWidths, rowHeights, fillIns })
  if (!checked.success) {
    const issue = checked.error.issues[0]!
    return fill(TAB_TEXT.badSheet, issue.path.join('.'))
  }
  return checked.data
}

/** A worksheet name Excel accepts. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1'

function excelValue(v: TabCellValue): ExcelJS.CellValue {
  if (Array.isArray(v)) return v.join(',')
  return v
}

/** A sheet (and, for a content, its cell values) as an .xlsx workbook. */
export async function xlsxFromSheet(sheet: TabSheet, name: string, values: Record<string, TabCellValue> = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet(sheetName(name))
  for (const [col, w] of Object.entries(sheet.colWidths)) ws.getColumn(col).width = w
  for (const [row, h] of Object.entries(sheet.rowHeights)) ws.getRow(Number(row)).height = h
  for (const [address, cell] of Object.entries(sheet.cells)) {
    const c = ws.getCell(address)
    if (cell.f)
      c.value = { formula: cell.f, ...(cell.v !== undefined && cell.v !== null ? { result: cell.v } : {}) } as ExcelJS.CellFormulaValue
    else if (cell.v !== undefined) c.value = cell.v
    const s = cell.s
    if (!s) continue
    if (s.b || s.i || s.sz || s.color)
      c.font = {
        ...(s.b ? { bold: true } : {}),
        ...(s.i ? { italic: true } : {}),
        ...(s.sz ? { size: s.sz } : {}),
        ...(s.color ? { color: { argb: argb(s.color) } } : {}),
      }
    if (s.fill) c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(s.fill) } }
    if (s.h || s.v || s.wrap)
      c.alignment = { ...(s.h ? { horizontal: s.h } : {}), ...(s.v ? { vertical: s.v } : {}), ...(s.wrap ? { wrapText: true } : {}) }
    if (s.numFmt) c.numFmt = s.numFmt
    if (s.border) {
      const side = (b: Border | undefined) => (b ? { style: b } : undefined)
      c.border = {
        ...(s.border.t ? { top: side(s.border.t) } : {}),
        ...(s.border.r ? { right: side(s.border.r) } : {}),
        ...(s.border.b ? { bottom: side(s.border.b) } : {}),
        ...(s.border.l ? { left: side(s.border.l) } : {}),
      }
    }
  }
  for (const [address, v] of Object.entries(values)) if (Object.hasOwn(sheet.fillIns, address)) ws.getCell(address).value = excelValue(v)
  for (const m of sheet.merges) ws.mergeCells(m)
  const defs = Object.entries(sheet.fillIns)
  if (defs.length) {
    const d = wb.addWorksheet(FILL_IN_SHEET, { state: 'hidden' })
    d.addRow(['单元格 / cell', '设置 / settings'])
    for (const [address, f] of defs) d.addRow([address, JSON.stringify(f)])
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}
