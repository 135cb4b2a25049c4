import { describe, expect, it } from 'vitest'
import { tabSheet, type TabSheet } from '@/contract/schemas/tabulation'
import { fromGrid, shiftAddresses, styleOf, toGrid, type CellStyleRead } from './grid'

const thin = { t: 'thin', r: 'thin', b: 'thin', l: 'thin' } as const
const SHEET: TabSheet = tabSheet.parse({
  rows: 6,
  cols: 4,
  cells: {
    A1: { v: '检验批质量验收记录', s: { b: true, sz: 16, h: 'center', v: 'middle' } },
    A3: { v: '钢筋间距(mm)', s: { border: thin, fill: '#DDEBF7' } },
    B3: { v: 200, s: { border: thin } },
    C3: { s: { border: { t: 'medium', b: 'double' }, numFmt: '0.0' } },
    D3: { f: 'C3-B3', s: { i: true, color: '#C00000', wrap: true } },
  },
  merges: ['A1:D1', 'B5:D5'],
  colWidths: { A: 18, C: 12 },
  rowHeights: { '1': 32 },
  fillIns: { C3: { kind: 'number', precision: 1, required: true, label: '实测值' }, B5: { kind: 'date', label: '日期' } },
})

const NONE = { width: '', style: '' }
const blank = (): CellStyleRead => ({
  fontWeight: '',
  fontStyle: '',
  fontSize: '',
  color: '',
  backgroundColor: '',
  textAlign: '',
  verticalAlign: '',
  whiteSpace: '',
  border: { top: NONE, right: NONE, bottom: NONE, left: NONE },
  numFmt: '',
})

/** What a browser's CSSStyleDeclaration reports for the inline CSS toGrid wrote (colours as rgb(), sizes as written). */
function browserRead(css: string | undefined): CellStyleRead | null {
  if (!css) return null
  const r = blank()
  const rgb = (h: string) => `rgb(${[1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)).join(', ')})`
  for (const decl of css.split(';')) {
    const [k, ...rest] = decl.split(':')
    const key = k!.trim()
    const v = rest.join(':').trim()
    if (key === 'font-weight') r.fontWeight = v
    else if (key === 'font-style') r.fontStyle = v
    else if (key === 'font-size') r.fontSize = v
    else if (key === 'color') r.color = rgb(v)
    else if (key === 'background-color') r.backgroundColor = rgb(v)
    else if (key === 'text-align') r.textAlign = v
    else if (key === 'vertical-align') r.verticalAlign = v
    else if (key === 'white-space') r.whiteSpace = v
    else if (key === '--tab-numfmt') r.numFmt = ` ${v}`
    else if (key.startsWith('border-')) {
      const [width, style] = v.split(' ')
      r.border = { ...r.border, [key.slice(7)]: { width: width!, style: style! } }
    }
  }
  return r
}

describe('the designer grid', () => {
  it('round-trips a sheet through the editor: values, formulas, styles, merges, sizes, fill-in cells', () => {
    const g = toGrid(SHEET)
    expect(g.data[2]).toEqual(['钢筋间距(mm)', '200', '', '=C3-B3'])
    expect(g.mergeCells).toEqual({ A1: [4, 1], B5: [3, 1] })
    expect(g.colWidths).toEqual([131, 64, 89, 64])
    expect(g.rowHeights).toEqual({ 0: 43 })
    const back = fromGrid(
      {
        data: g.data,
        mergeCells: g.mergeCells,
        styleAt: (r, c) => browserRead(g.style[`${String.fromCharCode(65 + c)}${r + 1}`]),
        colWidths: g.colWidths,
        rowHeights: g.rowHeights,
      },
      SHEET.fillIns,
    )
    expect(back).toEqual({ ...SHEET, rowHeights: { '1': 32.3 } })
    expect(tabSheet.safeParse(back).success).toBe(true)
  })

  it('reads browser styles: weights, px font sizes, transparent fills, border widths', () => {
    const r = blank()
    r.fontWeight = '700'
    r.fontSize = '16px'
    r.backgroundColor = 'rgba(0, 0, 0, 0)'
    r.border.top = { width: '3px', style: 'solid' }
    r.border.left = { width: '0px', style: 'solid' }
    r.numFmt = 'not json'
    expect(styleOf(r)).toEqual({ b: true, sz: 12, border: { t: 'thick' } })
    expect(styleOf(blank())).toBeUndefined()
  })

  it('grows and shrinks the sheet to what the editor holds, dropping fill-in cells that fell outside', () => {
    const back = fromGrid(
      {
        data: [
          ['a', ''],
          ['', '1.5'],
        ],
        mergeCells: { A1: [1, 1] },
        styleAt: () => null,
        colWidths: [64, 64],
        rowHeights: {},
      },
      SHEET.fillIns,
    )
    expect(back).toMatchObject({ rows: 2, cols: 2, cells: { A1: { v: 'a' }, B2: { v: 1.5 } }, merges: [], fillIns: {} })
  })

  it('moves addresses with inserted and deleted rows and columns', () => {
    const map = { A1: 1, C3: 2, B5: 3 }
    expect(shiftAddresses(map, 'row', 3, 2)).toEqual({ A1: 1, C5: 2, B7: 3 })
    expect(shiftAddresses(map, 'row', 3, -1)).toEqual({ A1: 1, B4: 3 })
    expect(shiftAddresses(map, 'col', 2, -1)).toEqual({ A1: 1, B3: 2 })
    expect(shiftAddresses(map, 'col', 1, 1)).toEqual({ B1: 1, D3: 2, C5: 3 })
  })
})
