import { describe, expect, it } from 'vitest'
import { allChecked, nextSorting, shownColumns, sortRows, withChecked } from './rows'

describe("a list table's rows", () => {
  it('shows every column the settings do not hide', () => {
    const cols = [
      { key: 'a', header: 'A' },
      { key: 'b', header: 'B' },
      { key: 'c', header: 'C' },
    ]
    expect(shownColumns(cols, { b: false, c: true }).map((c) => c.key)).toEqual(['a', 'c'])
    expect(shownColumns(cols).map((c) => c.key)).toEqual(['a', 'b', 'c'])
  })

  it('checks and unchecks rows by id; the header box is all, some or none of the rows', () => {
    let s = withChecked({}, ['1', '2'], true)
    expect(s).toEqual({ 1: true, 2: true })
    expect(allChecked(['1', '2'], s)).toBe(true)
    s = withChecked(s, ['2'], false)
    expect(s).toEqual({ 1: true })
    expect(allChecked(['1', '2'], s)).toBe('indeterminate')
    expect(allChecked(['3'], s)).toBe(false)
    expect(allChecked([], s)).toBe(false)
  })

  it('sorts by a header: text first ascending, numbers first descending, then the other way, then unsorted', () => {
    const rows = [{ name: '乙', n: 2 }]
    let s = nextSorting(null, 'name', rows)
    expect(s).toEqual({ key: 'name', desc: false })
    s = nextSorting(s, 'name', rows)
    expect(s).toEqual({ key: 'name', desc: true })
    expect(nextSorting(s, 'name', rows)).toBeNull()
    s = nextSorting(null, 'n', rows)
    expect(s).toEqual({ key: 'n', desc: true })
    s = nextSorting(s, 'n', rows)
    expect(s).toEqual({ key: 'n', desc: false })
    expect(nextSorting(s, 'n', rows)).toBeNull()
    expect(nextSorting({ key: 'n', desc: true }, 'name', rows)).toEqual({ key: 'name', desc: false })
  })

  it('keeps equal values in their order and empty values last when ascending, first when descending', () => {
    const rows = [
      { id: 'a', v: 2 },
      { id: 'b', v: undefined },
      { id: 'c', v: 1 },
      { id: 'd', v: 2 },
    ]
    const order = (desc: boolean) =>
      sortRows(
        rows,
        { key: 'v', desc },
        (r) => r.v,
        (x, y) => (x as number) - (y as number),
      ).map((r) => r.id)
    expect(order(false)).toEqual(['c', 'a', 'd', 'b'])
    expect(order(true)).toEqual(['b', 'a', 'd', 'c'])
    expect(
      sortRows(
        rows,
        null,
        (r) => r.v,
        () => 0,
      ),
    ).toBe(rows)
  })
})
