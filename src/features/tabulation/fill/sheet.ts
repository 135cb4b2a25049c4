/**
 * The sheet model as a light HTML table (no spreadsheet library): the grid with its merges, sizes in
 * pixels, a cell's style as CSS, number formats roughly, and the formulas a printed form uses —
 * arithmetic over cells of the same sheet (+ − × ÷, parentheses, SUM of ranges and cells) — evaluated
 * for display; a formula this does not understand shows blank.
 */
import { addressOf, parseRange, type TabCell, type TabCellValue, type TabSheet } from '@/contract/schemas/tabulation'

/** A slot of the grid: the cell drawn there with its spans, or covered by a merge (not drawn). */
export interface Slot {
  address: string
  rowSpan: number
  colSpan: number
}

/** Rows of slots: covered cells of a merge are left out, its top-left cell spans it. */
export function layout(sheet: Pick<TabSheet, 'rows' | 'cols' | 'merges'>): Slot[][] {
  const covered = new Set<string>()
  const spans = new Map<string, { rowSpan: number; colSpan: number }>()
  for (const m of sheet.merges) {
    const r = parseRange(m)
    if (!r) continue
    spans.set(addressOf(r.top, r.left), { rowSpan: r.bottom - r.top + 1, colSpan: r.right - r.left + 1 })
    for (let row = r.top; row <= r.bottom; row++)
      for (let col = r.left; col <= r.right; col++) if (row !== r.top || col !== r.left) covered.add(addressOf(row, col))
  }
  const rows: Slot[][] = []
  for (let row = 1; row <= sheet.rows; row++) {
    const slots: Slot[] = []
    for (let col = 1; col <= sheet.cols; col++) {
      const address = addressOf(row, col)
      if (covered.has(address)) continue
      slots.push({ address, ...(spans.get(address) ?? { rowSpan: 1, colSpan: 1 }) })
    }
    rows.push(slots)
  }
  return rows
}

/** A number written as an Excel format roughly: decimals of "0.00", grouping of "#,##0", a percent. */
const formats = new Map<string, Intl.NumberFormat>()
/** One formatter per decimals and grouping (making one costs far more than using it: a sheet formats thousands of cells). */
function numberFormat(decimals: number, grouping: boolean): Intl.NumberFormat {
  const key = `${decimals}:${grouping}`
  let f = formats.get(key)
  if (!f)
    formats.set(
      key,
      (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouping })),
    )
  return f
}

export function formatNumber(n: number, numFmt: string | undefined): string {
  if (!numFmt || numFmt === 'General' || numFmt === '@') return String(Math.round(n * 1e10) / 1e10)
  const section = numFmt.split(';')[0]!.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '')
  if (!/[0#]/.test(section)) return String(n)
  const percent = section.includes('%')
  const dot = /\.([0#]+)/.exec(section)
  const decimals = dot ? dot[1]!.length : 0
  const value = percent ? n * 100 : n
  const text = numberFormat(decimals, section.includes(',')).format(value)
  return percent ? `${text}%` : text
}

// ---- formulas ---------------------------------------------------------------------------------

type Token = { t: 'num'; v: number } | { t: 'ref'; v: string } | { t: 'op'; v: string } | { t: 'fn'; v: string }

function tokens(f: string): Token[] | null {
  const out: Token[] = []
  const re = /\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(\$?[A-Z]{1,3}\$?[1-9]\d*(?::\$?[A-Z]{1,3}\$?[1-9]\d*)?)|([A-Z]+)\s*\(|([-+*/(),]))/gy
  let m: RegExpExecArray | null
  let at = 0
  const text = f.trim().toUpperCase()
  while (at < text.length) {
    re.lastIndex = at
    m = re.exec(text)
    if (!m) return null
    at = re.lastIndex
    if (m[1] !== undefined) out.push({ t: 'num', v: Number(m[1]) })
    else if (m[2] !== undefined) out.push({ t: 'ref', v: m[2].replace(/\$/g, '') })
    else if (m[3] !== undefined) {
      out.push({ t: 'fn', v: m[3] })
      out.push({ t: 'op', v: '(' })
    } else out.push({ t: 'op', v: m[4]! })
    while (at < text.length && text[at] === ' ') at++
  }
  return out
}

const FNS: Record<string, (xs: number[]) => number> = {
  SUM: (xs) => xs.reduce((a, b) => a + b, 0),
  AVERAGE: (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN),
  MIN: (xs) => (xs.length ? Math.min(...xs) : 0),
  MAX: (xs) => (xs.length ? Math.max(...xs) : 0),
  ABS: (xs) => (xs.length === 1 ? Math.abs(xs[0]!) : NaN),
}

/**
 * The value of a formula over the sheet: `numberAt` reads a cell as a number (NaN when it is not one,
 * null when empty). NaN when the formula is not understood or a cell it needs is not a number.
 */
export function evaluate(formula: string, numberAt: (address: string) => number | null): number {
  const read = tokens(formula)
  if (!read) return NaN
  const ts: Token[] = read
  let i = 0
  const peek = () => ts[i]
  const isOp = (v: string) => peek()?.t === 'op' && peek()!.v === v
  const cell = (a: string) => numberAt(a) ?? 0
  const rangeValues = (r: string): number[] => {
    const range = parseRange(r)
    if (!range) return [NaN]
    const xs: number[] = []
    for (let row = range.top; row <= range.bottom; row++)
      for (let col = range.left; col <= range.right; col++) {
        const v = numberAt(addressOf(row, col))
        if (v !== null && !Number.isNaN(v)) xs.push(v)
      }
    return xs
  }
  function expr(): number {
    let v = term()
    while (isOp('+') || isOp('-')) {
      const op = ts[i++]!.v
      const r = term()
      v = op === '+' ? v + r : v - r
    }
    return v
  }
  function term(): number {
    let v = unary()
    while (isOp('*') || isOp('/')) {
      const op = ts[i++]!.v
      const r = unary()
      v = op === '*' ? v * r : r === 0 ? NaN : v / r
    }
    return v
  }
  function unary(): number {
    if (isOp('-')) return (i++, -unary())
    if (isOp('+')) return (i++, unary())
    return primary()
  }
  function primary(): number {
    const tk = ts[i++]
    if (!tk) return NaN
    if (tk.t === 'num') return tk.v
    if (tk.t === 'ref') return tk.v.includes(':') ? NaN : cell(tk.v)
    if (tk.t === 'op' && tk.v === '(') {
      const v = expr()
      return isOp(')') ? (i++, v) : NaN
    }
    if (tk.t === 'fn') {
      const fn = FNS[tk.v]
      i++ // (
      const xs: number[] = []
      if (!isOp(')'))
        for (;;) {
          const a = peek()
          const next = ts[i + 1]
          if (a?.t === 'ref' && (!next || (next.t === 'op' && (next.v === ',' || next.v === ')')))) {
            i++
            xs.push(...(a.v.includes(':') ? rangeValues(a.v) : [cell(a.v)]))
          } else xs.push(expr())
          if (isOp(',')) i++
          else break
        }
      if (!isOp(')') || !fn) return NaN
      i++
      return fn(xs)
    }
    return NaN
  }
  const v = expr()
  return i === ts.length ? v : NaN
}

/** What a cell shows: a fill-in's value, a fixed value, or its formula's result (blank when it cannot be worked out). */
export function sheetValues(sheet: TabSheet, values: Record<string, TabCellValue | string | undefined>): (address: string) => string {
  const memo = new Map<string, number | null>()
  const visiting = new Set<string>()
  const rawOf = (a: string): unknown => (Object.hasOwn(sheet.fillIns, a) ? values[a] : sheet.cells[a]?.v)
  const numberAt = (a: string): number | null => {
    if (memo.has(a)) return memo.get(a)!
    const c: TabCell | undefined = sheet.cells[a]
    let n: number | null
    if (c?.f && !Object.hasOwn(sheet.fillIns, a)) {
      if (visiting.has(a)) return NaN
      visiting.add(a)
      n = evaluate(c.f, numberAt)
      visiting.delete(a)
    } else {
      const raw = rawOf(a)
      if (raw === undefined || raw === null || raw === '') n = null
      else if (typeof raw === 'number') n = raw
      else if (typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) n = Number(raw)
      else n = NaN
    }
    memo.set(a, n)
    return n
  }
  return (a: string) => {
    const c = sheet.cells[a]
    if (c?.f && !Object.hasOwn(sheet.fillIns, a)) {
      const n = numberAt(a)
      return n === null || Number.isNaN(n) || !Number.isFinite(n) ? '' : formatNumber(n, c.s?.numFmt)
    }
    const raw = rawOf(a)
    if (raw === undefined || raw === null) return ''
    if (typeof raw === 'number') return formatNumber(raw, c?.s?.numFmt)
    // a number cell's value as its control holds it (text): shown in the cell's format once it is a number
    if (sheet.fillIns[a]?.kind === 'number' && typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw))
      return formatNumber(Number(raw), c?.s?.numFmt)
    if (typeof raw === 'boolean') return raw ? 'TRUE' : 'FALSE'
    return Array.isArray(raw) ? '' : String(raw)
  }
}
