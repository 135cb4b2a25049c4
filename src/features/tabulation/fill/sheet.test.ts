import { describe, expect, it } from 'vitest'
import type { TabSheet } from '@/contract/schemas/tabulation'
import { colPx, rowPx } from '../sheetStyle'
import { evaluate, formatNumber, layout, sheetValues } from './sheet'

const at = (cells: Record<string, number | null>) => (a: string) => (a in cells ? cells[a]! : null)

describe('the fill-in sheet', () => {
  it('evaluates arithmetic and SUM over cells; blank (NaN) when not understood', () => {
    expect(evaluate('C4-B4', at({ C4: 201.5, B4: 200 }))).toBeCloseTo(1.5)
    expect(evaluate('(A1+A2)*2/4', at({ A1: 1, A2: 3 }))).toBe(2)
    expect(evaluate('-A1+3', at({ A1: 1 }))).toBe(2)
    expect(evaluate('SUM(A1:A3)+1', at({ A1: 1, A2: 2, A3: 3 }))).toBe(7)
    expect(evaluate('SUM(A1,B1,2)', at({ A1: 1, B1: 2 }))).toBe(5)
    expect(evaluate('$A$1*2', at({ A1: 4 }))).toBe(8)
    expect(evaluate('VLOOKUP(A1,B1:C3,2)', at({}))).toBeNaN()
    expect(evaluate('A1/0', at({ A1: 1 }))).toBeNaN()
    expect(evaluate('A1+', at({ A1: 1 }))).toBeNaN()
  })

  it('formats numbers roughly as Excel does', () => {
    expect(formatNumber(1.25, '0.0')).toBe('1.3')
    expect(formatNumber(1234.5, '#,##0.00')).toBe('1,234.50')
    expect(formatNumber(0.125, '0.0%')).toBe('12.5%')
    expect(formatNumber(3, undefined)).toBe('3')
  })

  it('lays out merges and sizes', () => {
    const rows = layout({ rows: 2, cols: 3, merges: ['A1:C1', 'B2:C2'] })
    expect(rows[0]).toEqual([{ address: 'A1', rowSpan: 1, colSpan: 3 }])
    expect(rows[1]!.map((s) => s.address)).toEqual(['A2', 'B2'])
    expect(colPx(10)).toBe(75)
    expect(rowPx(30)).toBe(40)
  })

  it('shows formulas over the values filled in, blank while a cell is not a number', () => {
    const sheet: TabSheet = {
      rows: 5,
      cols: 4,
      cells: { B4: { v: 200 }, D4: { f: 'C4-B4', s: { numFmt: '0.0' } }, D5: { f: 'D4*2' } },
      merges: [],
      colWidths: {},
      rowHeights: {},
      fillIns: { C4: { kind: 'number', precision: 1, required: true, label: 'x' } },
    }
    expect(sheetValues(sheet, { C4: '201.5' })('D4')).toBe('1.5')
    expect(sheetValues(sheet, { C4: '201.5' })('D5')).toBe('3')
    expect(sheetValues(sheet, { C4: 'abc' })('D4')).toBe('')
    expect(sheetValues(sheet, {})('B4')).toBe('200')
    expect(sheetValues({ ...sheet, cells: { ...sheet.cells, C4: { s: { numFmt: '0.0' } } } }, { C4: '201' })('C4')).toBe('201.0')
  })
})
