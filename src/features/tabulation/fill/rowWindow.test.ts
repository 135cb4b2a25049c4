import { describe, expect, it } from 'vitest'
import { mergeBounds, rowsIn } from './rowWindow'
import { layout } from './sheet'

describe('the rows a long sheet draws', () => {
  const rows = layout({ rows: 10, cols: 2, merges: ['A4:A6', 'B6:B8'] })
  const bounds = mergeBounds(rows)
  const heights = Array.from({ length: 10 }, () => 20)

  it('knows the merges each row takes part in, chained ones included only through the window', () => {
    expect(bounds.up).toEqual([0, 1, 2, 3, 3, 3, 5, 5, 8, 9])
    expect(bounds.down).toEqual([0, 1, 2, 5, 5, 7, 7, 7, 8, 9])
  })

  it('takes the rows a band of pixels shows', () => {
    expect(rowsIn(heights, 0, 40, bounds)).toEqual({ first: 0, last: 2 })
    expect(rowsIn(heights, 10, 50, bounds)).toEqual({ first: 0, last: 3 })
    expect(rowsIn(heights, 180, 400, bounds)).toEqual({ first: 9, last: 10 })
    // past the end: the last row, never an empty window
    expect(rowsIn(heights, 500, 600, bounds)).toEqual({ first: 9, last: 10 })
  })

  it('widens to whole merges, also a merge the widening reached', () => {
    // row 5 (0-based 4) is inside A4:A6 → rows 3..5; row 5 starts B6:B8 → down to 7
    expect(rowsIn(heights, 80, 100, bounds)).toEqual({ first: 3, last: 8 })
    // row 8 (0-based 7) is the end of B6:B8 → from row 5, which is in A4:A6 → from 3
    expect(rowsIn(heights, 140, 160, bounds)).toEqual({ first: 3, last: 8 })
  })

  it('follows rows of other heights', () => {
    const tall = heights.map((h, r) => (r === 0 ? 200 : h))
    expect(rowsIn(tall, 0, 100, bounds)).toEqual({ first: 0, last: 1 })
    expect(rowsIn(tall, 210, 230, bounds)).toEqual({ first: 1, last: 3 })
  })
})
