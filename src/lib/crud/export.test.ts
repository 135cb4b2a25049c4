import { describe, expect, it } from 'vitest'
import { csvCell, csvFileName, toCsv } from './export'
import { loadVisibility, saveVisibility } from './columns'
import { pageWindow } from './pageWindow'

describe('csv', () => {
  it('quotes cells that need it and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvCell(-12.5)).toBe('-12.5')
    expect(csvCell(null)).toBe('')
  })

  it('writes a BOM, a header row and CRLF rows', () => {
    expect(
      toCsv(
        ['名称', '排序'],
        [
          ['管理员', 1],
          ['x\ny', 2],
        ],
      ),
    ).toBe('\uFEFF名称,排序\r\n管理员,1\r\n"x\ny",2\r\n')
  })

  it('names the file after the title and time', () => {
    expect(csvFileName('角色/管理', new Date(2025, 0, 2, 15, 4))).toBe('角色_管理-20250102-1504.csv')
  })
})

describe('column visibility', () => {
  const mem = () => {
    const m = new Map<string, string>()
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
  }

  it('keeps choices per resource, over the defaults', () => {
    const s = mem()
    const defaults = { roleName: true, remark: false, sort: true }
    expect(loadVisibility('role', defaults, s)).toEqual(defaults)
    saveVisibility('role', { roleName: true, remark: true, sort: false }, s)
    expect(loadVisibility('role', defaults, s)).toEqual({ roleName: true, remark: true, sort: false })
    expect(loadVisibility('application', defaults, s)).toEqual(defaults)
  })

  it('ignores corrupt data and columns that no longer exist', () => {
    const s = mem()
    s.setItem('trestle.columns.role', '{not json')
    expect(loadVisibility('role', { a: true }, s)).toEqual({ a: true })
    s.setItem('trestle.columns.role', JSON.stringify({ gone: false, a: 'no', b: false }))
    expect(loadVisibility('role', { a: true, b: true }, s)).toEqual({ a: true, b: false })
  })
})

describe('pageWindow', () => {
  it('shows first, last and neighbours with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10])
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
    expect(pageWindow(3, 100000)).toEqual([1, 2, 3, 4, '…', 100000])
  })
})
