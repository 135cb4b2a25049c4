/**
 * Our sheet model (src/contract/schemas/tabulation.ts) to and from what the spreadsheet editor
 * holds: a grid of raw values ("=C4-B4" for a formula), merges by anchor, inline CSS per cell,
 * column widths and row heights in pixels. Pure: the editor (./SheetEditor) reads its cells'
 * style longhands and hands them here as `CellStyleRead`, so nothing depends on how a browser
 * serialises CSS.
 */
import {
  addressOf,
  parseAddress,
  parseRange,
  type TabCell,
  type TabFillIn,
  type TabSheet,
  type TabStyle,
} from '@/contract/schemas/tabulation'
import { charsOf, colPx, DEFAULT_COL_PX, ptOf, rowPx, SIDES, styleCss } from '../sheetStyle'

/** A cell's style as the editor's element reports it (CSSStyleDeclaration longhands). */
export interface CellStyleRead {
  fontWeight: string
  fontStyle: string
  fontSize: string
  color: string
  backgroundColor: string
  textAlign: string
  verticalAlign: string
  whiteSpace: string
  border: Record<'top' | 'right' | 'bottom' | 'left', { width: string; style: string }>
  numFmt: string
}

const hex = (c: string): string | undefined => {
  const v = c.trim()
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toUpperCase()
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(v)
  if (!m || m[4] === '0') return undefined
  return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`.toUpperCase()
}

type Border = NonNullable<NonNullable<TabStyle['border']>['t']>

function borderOf(b: { width: string; style: string }): Border | undefined {
  const w = parseFloat(b.width) || 0
  if (!b.style || b.style === 'none' || b.style === 'hidden' || w === 0) return undefined
  if (b.style === 'double') return 'double'
  if (b.style === 'dashed') return 'dashed'
  if (b.style === 'dotted') return 'dotted'
  return w >= 3 ? 'thick' : w >= 2 ? 'medium' : 'thin'
}

/** Our style of what the editor's element reports (undefined: no style). */
export function styleOf(r: CellStyleRead): TabStyle | undefined {
  const s: TabStyle = {}
  if (r.fontWeight === 'bold' || Number(r.fontWeight) >= 600) s.b = true
  if (r.fontStyle === 'italic') s.i = true
  const pt = r.fontSize.endsWith('pt') ? parseFloat(r.fontSize) : r.fontSize.endsWith('px') ? parseFloat(r.fontSize) * 0.75 : NaN
  if (Number.isFinite(pt)) s.sz = Math.min(72, Math.max(6, Math.round(pt * 2) / 2))
  const color = hex(r.color)
  if (color) s.color = color
  const fill = hex(r.backgroundColor)
  if (fill) s.fill = fill
  if (r.textAlign === 'left' || r.textAlign === 'center' || r.textAlign === 'right') s.h = r.textAlign
  if (r.verticalAlign === 'top' || r.verticalAlign === 'middle' || r.verticalAlign === 'bottom') s.v = r.verticalAlign
  if (r.whiteSpace === 'pre-wrap' || r.whiteSpace === 'normal') s.wrap = true
  const border: NonNullable<TabStyle['border']> = {}
  for (const [k, side] of Object.entries(SIDES)) {
    const b = borderOf(r.border[side.toLowerCase() as Lowercase<typeof side>])
    if (b) border[k as keyof typeof SIDES] = b
  }
  if (Object.keys(border).length) s.border = border
  const fmt = r.numFmt.trim()
  if (fmt) {
    try {
      const parsed: unknown = JSON.parse(fmt)
      if (typeof parsed === 'string' && parsed) s.numFmt = parsed
    } catch {
      // not ours: dropped
    }
  }
  return Object.keys(s).length ? s : undefined
}

/** What the editor is created with: rows of raw values, merges, styles, sizes (0-based rows and columns). */
export interface GridInit {
  data: string[][]
  mergeCells: Record<string, [number, number]>
  style: Record<string, string>
  colWidths: number[]
  rowHeights: Record<number, number>
}

export function toGrid(sheet: TabSheet): GridInit {
  const data = Array.from({ length: sheet.rows }, () => Array.from({ length: sheet.cols }, () => ''))
  const style: Record<string, string> = {}
  for (const [a, cell] of Object.entries(sheet.cells)) {
    const p = parseAddress(a)
    if (!p || p.row > sheet.rows || p.col > sheet.cols) continue
    data[p.row - 1]![p.col - 1] = cell.f !== undefined ? `=${cell.f}` : cell.v === undefined || cell.v === null ? '' : String(cell.v)
    const css = styleCss(cell.s)
    if (css) style[a] = css
  }
  const mergeCells: Record<string, [number, number]> = {}
  for (const m of sheet.merges) {
    const r = parseRange(m)
    if (r) mergeCells[addressOf(r.top, r.left)] = [r.right - r.left + 1, r.bottom - r.top + 1]
  }
  const colWidths = Array.from({ length: sheet.cols }, (_, i) => {
    return colPx(sheet.colWidths[addressOf(1, i + 1).replace(/\d+$/, '')])
  })
  const rowHeights: Record<number, number> = {}
  for (const [row, pt] of Object.entries(sheet.rowHeights)) rowHeights[Number(row) - 1] = rowPx(pt)
  return { data, mergeCells, style, colWidths, rowHeights }
}

/** What the editor holds when it is saved. */
export interface GridRead {
  /** Raw values by row, column (0-based). */
  data: string[][]
  mergeCells: Record<string, [number, number]>
  /** Style of a cell (0-based row, column). */
  styleAt: (row: number, col: number) => CellStyleRead | null
  colWidths: number[]
  /** Heights set (px) by 0-based row. */
  rowHeights: Record<number, number>
}

const NUMBER = /^-?(?:\d+|\d*\.\d+)$/

/** The sheet the editor holds, with the fill-in cells kept beside it (those outside the sheet now are dropped). */
export function fromGrid(g: GridRead, fillIns: Record<string, TabFillIn>): TabSheet {
  const rows = Math.max(1, g.data.length)
  const cols = Math.max(1, ...g.data.map((r) => r.length))
  const cells: Record<string, TabCell> = {}
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const raw = String(g.data[r]?.[c] ?? '')
      const read = g.styleAt(r, c)
      const s = read ? styleOf(read) : undefined
      const cell: TabCell = {}
      if (raw.startsWith('=') && raw.length > 1) cell.f = raw.slice(1)
      else if (NUMBER.test(raw.trim())) cell.v = Number(raw)
      else if (raw !== '') cell.v = raw
      if (s) cell.s = s
      if (Object.keys(cell).length) cells[addressOf(r + 1, c + 1)] = cell
    }
  }
  const merges = Object.entries(g.mergeCells)
    .filter(([, [w, h]]) => w > 1 || h > 1)
    .map(([a, [w, h]]) => {
      const p = parseAddress(a)!
      return `${a}:${addressOf(p.row + h - 1, p.col + w - 1)}`
    })
  const colWidths: Record<string, number> = {}
  g.colWidths.slice(0, cols).forEach((px, i) => {
    if (Math.round(px) !== DEFAULT_COL_PX) colWidths[addressOf(1, i + 1).replace(/\d+$/, '')] = charsOf(px)
  })
  const rowHeights: Record<string, number> = {}
  for (const [row, px] of Object.entries(g.rowHeights)) if (Number(row) < rows && px > 0) rowHeights[String(Number(row) + 1)] = ptOf(px)
  const kept = Object.fromEntries(
    Object.entries(fillIns)
      .filter(([a]) => {
        const p = parseAddress(a)
        return p && p.row <= rows && p.col <= cols
      })
      // a choice's options as typed: trimmed, blank lines dropped
      .map(([a, f]) => [a, f.kind === 'choice' && f.options ? { ...f, options: f.options.map((o) => o.trim()).filter(Boolean) } : f]),
  )
  return { rows, cols, cells, merges, colWidths, rowHeights, fillIns: kept }
}

/**
 * Addresses moved by a structural edit: `count` rows (or columns) inserted before 1-based `at`
 * (count > 0) or deleted from `at` on (count < 0; entries in the deleted ones are dropped).
 */
export function shiftAddresses<T>(map: Record<string, T>, axis: 'row' | 'col', at: number, count: number): Record<string, T> {
  const out: Record<string, T> = {}
  for (const [a, v] of Object.entries(map)) {
    const p = parseAddress(a)
    if (!p) continue
    const i = p[axis]
    if (count < 0 && i >= at && i < at - count) continue
    const moved = i >= at ? i + count : i
    out[axis === 'row' ? addressOf(moved, p.col) : addressOf(p.row, moved)] = v
  }
  return out
}
